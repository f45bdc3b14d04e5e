"""A controller that picks uniformly among the legal actions (a baseline for tests)."""

from __future__ import annotations

import random

from ..core import Action, Observation, Seat


class RandomBot:
    """Chooses any legal action at random, from its own generator."""

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def decide(self, observation: Observation) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(observation.legal_actions)
