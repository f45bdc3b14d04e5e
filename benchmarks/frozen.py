"""Frozen earlier computer players, as benchmark opponents (issue 12's ``hard-v1``).

A frozen level is the whole ``bots`` package of one commit of this repository, taken
out of git (``git show``) into ``benchmarks/.frozen/<package>/`` and imported as a
package of its own, so that it plays exactly as it did then, whatever the bots of
the working tree have become since.  Its only change: ``from ..core`` becomes
``from doudizhu_tui.core`` (the rules core is shared, and must still answer the
same questions).  Nothing of it is committed: it is rebuilt from history on use.

    >>> FROZEN["hard-v1"].commit[:7]
    '7337a9c'

``level("hard-v1")`` gives the import path the arena takes
(``hard_v1.hard:HardBot``), after putting the package on ``sys.path``;
``benchmarks/strength.py --b hard-v1`` and ``--a hard-v1`` use it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

__all__ = ["FROZEN", "Frozen", "level"]

_HERE = Path(__file__).resolve().parent
_ROOT = _HERE.parent
_CACHE = _HERE / ".frozen"
_BOTS = "src/doudizhu_tui/bots"


class Frozen(NamedTuple):
    """A frozen level: the commit its bots come from, and its factory in them."""

    commit: str
    factory: str
    package: str


#: The frozen levels by name.  ``hard-v1`` is Hard as issue 12 found it (the last
#: commit of issue 11: a sampling search with Normal play-outs).
FROZEN: dict[str, Frozen] = {
    "hard-v1": Frozen("7337a9c26eb9c5a90ce002d2d14d7425ebba878c", "hard:HardBot", "hard_v1"),
    "normal-v1": Frozen("7337a9c26eb9c5a90ce002d2d14d7425ebba878c", "normal:NormalBot", "hard_v1"),
}


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(_ROOT), *args], check=True, capture_output=True, text=True
    ).stdout


def _materialise(frozen: Frozen) -> None:
    """Write the frozen bots package under ``.frozen`` (once per commit)."""
    target = _CACHE / frozen.package
    stamp = target / ".commit"
    if stamp.exists() and stamp.read_text().strip() == frozen.commit:
        return
    names = _git("ls-tree", "--name-only", f"{frozen.commit}:{_BOTS}").split()
    target.mkdir(parents=True, exist_ok=True)
    for name in names:
        if not name.endswith(".py"):
            continue
        text = _git("show", f"{frozen.commit}:{_BOTS}/{name}")
        text = text.replace("from ..core", "from doudizhu_tui.core")
        (target / name).write_text(text)
    stamp.write_text(frozen.commit + "\n")


def level(name: str) -> str:
    """The arena's import path for ``name``: a frozen level (materialised and put on
    ``sys.path``), or ``name`` itself for any other level."""
    frozen = FROZEN.get(name)
    if frozen is None:
        return name
    _materialise(frozen)
    if str(_CACHE) not in sys.path:
        sys.path.insert(0, str(_CACHE))
    return f"{frozen.package}.{frozen.factory}"
