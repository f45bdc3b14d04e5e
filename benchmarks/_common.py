"""Helpers shared by the benchmark scripts: loading DouZero, rank mapping, figures.

DouZero (PyPI ``douzero`` 1.1.0, installed with ``pip install --no-deps``) is
only a yardstick here: nothing in ``src/`` imports it.  Its card-play modules
(``douzero.env.game``, ``move_generator``, ``move_detector``, ``move_selector``,
``utils``) need only the standard library, but the package's
``douzero/env/__init__.py`` imports ``douzero.env.env``, which needs numpy.
When numpy is missing we put a bare package object in ``sys.modules`` for
``douzero.env`` (inside this process only) so that the pure-Python modules can
be imported on their own.  torch is never imported.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import platform
import statistics
import sys
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Our Rank values (3..14 = 3..A, 15 = 2, 16 = black joker, 17 = red joker) to
# DouZero's card integers (3..14, then 17 for 2, 20 black joker, 30 red joker).
OURS_TO_DZ: dict[int, int] = {**{v: v for v in range(3, 15)}, 15: 17, 16: 20, 17: 30}
DZ_TO_OURS: dict[int, int] = {v: k for k, v in OURS_TO_DZ.items()}
DZ_SYMBOL: dict[int, str] = {
    **{v: str(v) for v in range(3, 11)},
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
    17: "2",
    20: "BJ",
    30: "RJ",
}


def dz_text(move: tuple[int, ...] | list[int]) -> str:
    """A DouZero move (sorted ints) in our text notation, e.g. ``3 3 3 4 BJ RJ``."""
    return " ".join(DZ_SYMBOL[c] for c in move) or "pass"


@dataclass
class DouZero:
    """The DouZero modules the benchmarks use."""

    GameEnv: Any
    MovesGener: Any
    md: Any  # douzero.env.move_detector
    how: str
    version: str


def load_douzero() -> tuple[DouZero | None, str]:
    """Import DouZero's card-play engine without torch; (None, reason) if impossible."""
    how = "import douzero.env.game"
    try:
        game = importlib.import_module("douzero.env.game")
    except ImportError as exc:
        spec = importlib.util.find_spec("douzero")
        if spec is None or not spec.submodule_search_locations:
            return None, f"douzero is not installed ({exc})"
        env_dir = Path(next(iter(spec.submodule_search_locations))) / "env"
        if not (env_dir / "game.py").is_file():
            return None, f"douzero has no env/game.py ({exc})"
        stub = types.ModuleType("douzero.env")
        stub.__path__ = [str(env_dir)]
        sys.modules["douzero.env"] = stub
        try:
            game = importlib.import_module("douzero.env.game")
        except ImportError as exc2:
            return None, f"douzero.env.game cannot be imported: {exc2}"
        how = f"douzero.env.game with a bare douzero.env package (the real __init__ needs: {exc})"
    try:
        from importlib.metadata import version

        ver = version("douzero")
    except Exception:  # pragma: no cover - metadata missing
        ver = "?"
    if "torch" in sys.modules:  # pragma: no cover - would be a surprise
        how += " (torch got imported!)"
    return DouZero(game.GameEnv, game.MovesGener, game.md, how, ver), ""


def machine_info() -> list[tuple[str, str]]:
    """Python and machine lines for the report."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return [
        ("Python", f"{platform.python_implementation()} {platform.python_version()}"),
        ("Machine", f"{platform.system()} {platform.release()} {platform.machine()}"),
        ("CPU", f"{cpu}, {os.cpu_count()} logical CPUs"),
    ]


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of values, nearest-rank on the sorted list."""
    s = sorted(values)
    idx = min(len(s) - 1, max(0, round(q * (len(s) - 1))))
    return s[idx]


def summary(values: list[float]) -> tuple[float, float, float]:
    """(median, p90, mean)."""
    return statistics.median(values), pct(values, 0.9), statistics.fmean(values)


def table(rows: list[list[str]], header: list[str]) -> str:
    """A plain text table, first column left-aligned, the rest right-aligned."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]

    def line(r: list[str]) -> str:
        cells = [
            str(c).ljust(widths[i]) if i == 0 else str(c).rjust(widths[i]) for i, c in enumerate(r)
        ]
        return "  ".join(cells).rstrip()

    sep = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), sep, *(line(r) for r in rows)])
