"""The Normal level: the shared policy without card tracking, bids from the advice."""

from __future__ import annotations

import random

from ..core import Action, Observation, Phase, Seat
from .base import advised_bid, to_action, view_of
from .policy import choose

__all__ = ["NormalBot"]


class NormalBot:
    """Plays a sensible order, keeps combinations whole, never beats its partner."""

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng  # unused: Normal decides from the observation alone

    def decide(self, observation: Observation) -> Action:
        """A bid from the advice, or the policy's play."""
        if observation.phase is Phase.AUCTION:
            return advised_bid(observation)
        return to_action(choose(view_of(observation)))
