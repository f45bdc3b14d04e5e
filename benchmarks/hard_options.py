"""Hard with some of its options changed, for the arena: how issue 12's figures were found.

Each ``HARD_<NAME>`` environment variable sets the constant ``NAME`` of
:mod:`doudizhu_tui.bots.hard` (a number, ``1``/``0`` for a yes/no option, or
comma-separated numbers for a tuple such as ``BID_LINES``) before the level plays,
and ``HARD_PLAYOUT_<FIELD>``, ``HARD_OPPONENT_<FIELD>`` or ``HARD_BID_STYLE_<FIELD>``
one field of a play-out or bidding style (``HARD_PLAYOUT_PEASANT_FOLLOW=0.4``: see
:class:`~doudizhu_tui.bots.policy.Style`); an unknown name is refused.  With
``benchmarks`` on the import path the arena takes it as ``hard_options:bot``::

    env PYTHONPATH=benchmarks HARD_POOL=1 HARD_BID_SAMPLES=0 \\
        .venv/bin/doudizhu arena --a hard_options:bot --b normal --deals 200 --no-auction --jobs 2

The options are read in each process that plays (``--jobs`` workers included), and
the decisions still depend only on the observation and the deal code.
"""

from __future__ import annotations

import os
import random

from doudizhu_tui.bots import hard
from doudizhu_tui.core import Seat
from style_options import restyle

__all__ = ["apply", "bot"]

_PREFIX = "HARD_"
#: Hard's options that are a :class:`~doudizhu_tui.bots.policy.Style`.
_STYLES = ("PLAYOUT", "OPPONENT", "BID_STYLE")


def apply(environ: dict[str, str] | os._Environ[str] = os.environ) -> dict[str, object]:
    """Set Hard's constants from ``HARD_*`` variables; the values set, by name."""
    done: dict[str, object] = {}
    for key, text in environ.items():
        if not key.startswith(_PREFIX):
            continue
        name = key[len(_PREFIX) :]
        style = next((s for s in _STYLES if name.startswith(s + "_")), None)
        if style is not None:
            field = name[len(style) + 1 :]
            prefix = f"{_PREFIX}{style}_"
            setattr(hard, style, restyle(getattr(hard, style), {field: text}, prefix))
            done[name] = float(text)
            continue
        if not name.isupper() or not hasattr(hard, name):
            raise SystemExit(f"hard_options: Hard has no option {name!r} ({key})")
        current = getattr(hard, name)
        value: object
        if isinstance(current, tuple):
            value = tuple(float(part) for part in text.split(","))
        elif isinstance(current, bool):
            value = text == "1"
        else:
            value = type(current)(float(text))
        setattr(hard, name, value)
        done[name] = value
    return done


def bot(seat: Seat, rng: random.Random) -> hard.HardBot:
    """A Hard player with the environment's options."""
    return hard.HardBot(seat, rng)


apply()
