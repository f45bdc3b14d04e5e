"""Normal's card play in another style, for the arena: how the play-outs' style was found.

Each ``STYLE_<FIELD>`` environment variable sets one field of the policy's
:class:`~doudizhu_tui.bots.policy.Style` (``STYLE_PEASANT_FOLLOW=0.4``), starting
from Normal's style, or from the bold style of Hard's play-outs with
``STYLE_FROM=bold``; an unknown field is refused.  The player bids
from the advice, as Normal does.  With ``benchmarks`` on the import path the arena
takes it as ``style_options:bot``, and ``style_options:bold`` is a player in the
bold style as it ships (an opponent to tune against)::

    env PYTHONPATH=benchmarks STYLE_LANDLORD_FOLLOW=0.4 \\
        .venv/bin/doudizhu arena --a style_options:bot --b normal --deals 3000 --no-auction --jobs 2

The decisions depend only on the observation (no random choice).
"""

from __future__ import annotations

import dataclasses
import os
import random

from doudizhu_tui.bots import policy
from doudizhu_tui.bots.base import advised_bid, to_action, view_of
from doudizhu_tui.core import Action, Observation, Phase, Seat

__all__ = ["StyledBot", "bold", "bot", "restyle", "style_from"]

_PREFIX = "STYLE_"


def style_from(environ: dict[str, str] | os._Environ[str] = os.environ) -> policy.Style:
    """The style the ``STYLE_*`` variables describe."""
    base = policy.BOLD if environ.get(_PREFIX + "FROM") == "bold" else policy.NORMAL
    changes = {
        key[len(_PREFIX) :]: text
        for key, text in environ.items()
        if key.startswith(_PREFIX) and key != _PREFIX + "FROM"
    }
    return restyle(base, changes, _PREFIX)


def restyle(base: policy.Style, changes: dict[str, str], prefix: str) -> policy.Style:
    """``base`` with the fields named (upper case) in ``changes`` set to its numbers;
    a name that is no field is refused, quoting it after ``prefix``."""
    names = {f.name for f in dataclasses.fields(policy.Style)}
    values: dict[str, float] = {}
    for name, text in changes.items():
        if name.lower() not in names:
            raise SystemExit(f"a Style has no field {name.lower()!r} ({prefix}{name})")
        values[name.lower()] = float(text)
    return dataclasses.replace(base, **values)


class StyledBot:
    """Normal's bids, and its card play in a given style."""

    def __init__(self, seat: Seat, style: policy.Style) -> None:
        self.seat = seat
        self.style = style

    def decide(self, observation: Observation) -> Action:
        """A bid from the advice, or the policy's play in this player's style."""
        if observation.phase is Phase.AUCTION:
            return advised_bid(observation)
        view = view_of(observation)
        view.style = self.style
        return to_action(policy.choose(view))


_STYLE = style_from()


def bot(seat: Seat, rng: random.Random) -> StyledBot:
    """A player in the environment's style."""
    return StyledBot(seat, _STYLE)


def bold(seat: Seat, rng: random.Random) -> StyledBot:
    """A player in the bold style of Hard's play-outs."""
    return StyledBot(seat, policy.BOLD)
