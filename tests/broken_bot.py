"""A controller that is broken on purpose, loaded by import path in the arena tests.

``tests.broken_bot:Repeater`` makes an illegal choice at every turn of the card
play: it passes when it must lead, and otherwise repeats the play on the table
(which never beats itself).  In the auction it passes, which is legal.
"""

from __future__ import annotations

import random

from doudizhu_tui.core import Action, BidAction, Observation, PassAction, Phase, PlayAction, Seat


class Repeater:
    """Illegal at every turn of the card play (see the module)."""

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        self.seat = seat

    def decide(self, observation: Observation) -> Action:
        if observation.phase is Phase.AUCTION:
            return BidAction(0)
        if observation.trick is None:
            return PassAction()
        return PlayAction(observation.trick[1])
