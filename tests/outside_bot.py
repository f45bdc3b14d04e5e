"""Controllers from outside the package, loaded by import path in the arena tests.

``tests.outside_bot:FirstLegal`` plays the first legal action; the other names are
broken on purpose.
"""

from __future__ import annotations

import random

from doudizhu_tui.core import Action, Observation, PassAction, Seat


class FirstLegal:
    """Always the first of the legal actions (the lowest bid or play)."""

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        self.seat = seat

    def decide(self, observation: Observation) -> Action:
        return observation.legal_actions[0]


class AlwaysPass:
    """Passes even when it must lead: the table refuses that."""

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        self.seat = seat

    def decide(self, observation: Observation) -> Action:
        return PassAction()


def not_a_controller(seat: Seat, rng: random.Random) -> object:
    """A callable that builds something without a decide() method."""
    return object()


NOT_CALLABLE = 42
