"""Bidding from simulated outcomes: how often this hand wins as the landlord.

During the auction a seat knows its own hand only.  :func:`landlord_odds` deals
the cards it cannot see at random (the kitty, and the other hands by how many
cards each holds), gives this seat the kitty as landlord, draws any wild rank
not shown yet, and plays each such deal out with the Normal policy in every seat
(:func:`~.simulate.rollout`); the share of deals the landlord wins is the hand's
odds.  The Hard level bids, calls and robs on those odds (:func:`odds_action`)
rather than on the hand's point count.  The samples come from the decision's own
generator, so the same hand in the same auction always gets the same odds.
"""

from __future__ import annotations

import random

from ..core import (
    WILDABLE_RANKS,
    Action,
    BidAction,
    Observation,
    RobAction,
)
from .base import high_bid, wilds_of
from .policy import NEXT
from .simulate import rollout
from .wilds import quick_virtual

__all__ = ["BidLines", "landlord_odds", "odds_action"]


def landlord_odds(obs: Observation, rng: random.Random, samples: int) -> float:
    """The share of ``samples`` random completions of the deal that this seat, as the
    landlord with the kitty, wins with the Normal policy in every seat."""
    me = int(obs.seat)
    rules = obs.rules
    hand = obs.hand_counts()
    unseen = obs.unseen_counts()
    pool = [r for r in range(3, 18) for _ in range(unseen[r])]
    kitty = obs.kitty_size
    left = list(obs.cards_left)
    players = len(left)
    shown = wilds_of(obs)
    missing = rules.wildcards - len(shown)
    after = [NEXT[players][me]]
    while len(after) < players - 1:
        after.append(NEXT[players][after[-1]])
    wins = 0
    for _ in range(samples):
        rng.shuffle(pool)
        hands = [[0] * 18 for _ in range(players)]
        mine = hands[me]
        for r in range(3, 18):
            mine[r] = hand[r]
        for r in pool[:kitty]:
            mine[r] += 1
        pos = kitty
        for seat in after:
            h = hands[seat]
            for r in pool[pos : pos + left[seat]]:
                h[r] += 1
            pos += left[seat]
        wilds = shown
        if missing > 0:
            choices = [int(r) for r in WILDABLE_RANKS if int(r) not in shown]
            wilds = tuple(sorted((*shown, *rng.sample(choices, missing))))
        if wilds:
            hands = [quick_virtual(h, wilds) for h in hands]
        if rollout(hands, me, me, None, -1, rules, wilds=wilds):
            wins += 1
    return wins / samples


class BidLines:
    """The odds at which a hand bids 1, 2 and 3 (a rob table: calls, robs, robs back)."""

    __slots__ = ("one", "three", "two")

    def __init__(self, one: float, two: float, three: float) -> None:
        self.one, self.two, self.three = one, two, three

    def bid(self, odds: float) -> int:
        """The bid these odds are worth (0: pass)."""
        return 3 if odds >= self.three else 2 if odds >= self.two else 1 if odds >= self.one else 0


def odds_action(obs: Observation, odds: float, lines: BidLines) -> Action:
    """The auction action for a hand of these ``odds``: at a bidding table the bid the
    odds are worth if it outbids the table (else a pass); at a rob table a call at
    the first line, a rob at the second, a rob back at the third."""
    legal = obs.legal_rob_moves
    if legal:
        if "call" in legal and odds >= lines.one:
            return RobAction("call")
        if "rob" in legal:
            spoke = any(seat == obs.seat and move != "pass" for seat, move in obs.rob_moves)
            if odds >= (lines.three if spoke else lines.two):
                return RobAction("rob")
        return RobAction("pass")
    want = lines.bid(odds)
    if want > high_bid(obs) and BidAction(want) in obs.legal_actions:
        return BidAction(want)
    return BidAction(0)
