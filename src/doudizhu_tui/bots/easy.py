"""The Easy level: legal but weak play, with mistakes, and little teamwork.

- Leads its lowest card alone half the time (breaking pairs and chains), else
  any play of its hand's split.
- Follows with the lowest answer, whatever it breaks; now and then passes
  when it could play, and plays on its partner more often than not.
- Bids from the advice, give or take one.
"""

from __future__ import annotations

import random

from ..core import Action, Kind, Observation, Phase, Play, Seat
from .analysis import is_bomb
from .base import advised_bid, decision_rng, to_action, view_of
from .policy import View

__all__ = ["EasyBot", "choose_weakly"]

#: How often Easy passes although it could play.
MISSED_PLAY = 0.3
#: How often Easy lets its partner's play stand.
TEAMS_UP = 0.35


class EasyBot:
    """A weak controller driven by its own random generator."""

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        self.seat = seat
        self.seed = rng.getrandbits(48)

    def decide(self, observation: Observation) -> Action:
        """A bid near the advice, or a weak play."""
        rng = decision_rng(self.seed, observation)
        if observation.phase is Phase.AUCTION:
            roll = rng.random()
            adjust = -1 if roll < 0.2 else 1 if roll > 0.8 else 0
            return advised_bid(observation, adjust)
        return to_action(choose_weakly(view_of(observation), rng))


def choose_weakly(v: View, rng: random.Random) -> Play | None:
    """The weak policy (None: pass)."""
    trick = v.trick
    for m in v.whole():
        if trick is None or v.beats(m, trick):
            return m
    if trick is None:
        if rng.random() < 0.5:
            singles = v.groups(Kind.SINGLE)
            if singles:
                return singles[0]
        split = v.hand_split()
        moves = [m for m in split.moves if not is_bomb(m)]
        if not moves:
            moves = list(split.moves)
        return rng.choice(moves)
    cands = v.answers(trick)
    if not cands:
        return None
    if v.owner in v.partners and rng.random() < TEAMS_UP:
        return None
    if rng.random() < MISSED_PLAY:
        return None
    plain = [m for m in cands if not is_bomb(m)]
    if plain:
        return plain[0]
    return cands[0] if rng.random() < 0.5 else None
