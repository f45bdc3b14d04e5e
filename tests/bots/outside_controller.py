"""An outside controller for the registry test (``tests.bots.outside_controller:make``)."""

from __future__ import annotations

import random

from doudizhu_tui.core import Action, Observation, Seat


class FirstLegal:
    """Always takes the first legal action."""

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        self.seat = seat

    def decide(self, observation: Observation) -> Action:
        return observation.legal_actions[0]


def make(seat: Seat, rng: random.Random) -> FirstLegal:
    return FirstLegal(seat, rng)


NOT_CALLABLE = 42
