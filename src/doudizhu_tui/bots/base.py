"""What the three levels share: reading an Observation, answering with an Action.

A controller sees only its :class:`~doudizhu_tui.core.Observation`.  These helpers
turn it into the count-vector :class:`~.policy.View` the policies work on (with
the deal's rule profile), turn a chosen play into an action, and bid from the
hand rating (:mod:`.advice`).  A chosen action is returned as chosen: if it is
not legal, the table's gate refuses it and says which seat chose it and why.
"""

from __future__ import annotations

import random

from ..core import (
    Action,
    BidAction,
    Observation,
    PassAction,
    Play,
    PlayAction,
    RobAction,
    RobMove,
    claimed,
)
from .advice import rate_counts
from .policy import View

__all__ = [
    "advised_bid",
    "advised_rob",
    "bid_by_strength",
    "decision_rng",
    "high_bid",
    "known_counts",
    "rob_by_strength",
    "to_action",
    "view_of",
    "wilds_of",
]


def decision_rng(seed: int, obs: Observation) -> random.Random:
    """A generator for one decision, from the controller's seed and how far the deal
    has gone: asking twice about the same position gives the same answer."""
    return random.Random(seed * 1009 + len(obs.bids) * 101 + len(obs.history))


def known_counts(obs: Observation) -> list[int] | None:
    """The ranks this seat knows the landlord still holds (a shown kitty's unplayed
    cards), or None when there are none."""
    if obs.landlord is None or obs.landlord == obs.seat:
        return None
    known = obs.known_in_hand(obs.landlord)
    if not known:
        return None
    counts = [0] * 18
    for c in known:
        counts[c.rank] += 1
    return counts


def view_of(obs: Observation, tracking: bool = False) -> View:
    """The policy's view of an observation (card tracking on or off)."""
    assert obs.landlord is not None, "the card play has not started"
    trick = obs.trick
    return View(
        me=int(obs.seat),
        landlord=int(obs.landlord),
        hand=obs.hand_counts(),
        left=obs.cards_left,
        rules=obs.rules,
        trick=trick[1] if trick else None,
        owner=int(trick[0]) if trick else -1,
        unseen=_tracked(obs) if tracking else None,
        wilds=wilds_of(obs),
    )


def wilds_of(obs: Observation) -> tuple[int, ...]:
    """The wild ranks shown so far, as ints, lowest first (empty at other tables)."""
    return tuple(sorted(int(r) for r in obs.wild_ranks))


def to_action(move: Play | None) -> Action:
    """The action for a chosen play (None: pass), exactly as chosen."""
    return PassAction() if move is None else PlayAction(move)


def advised_rob(obs: Observation, adjust: int = 0) -> Action:
    """Call or rob by hand strength (``auction = "rob"``): call with a hand the advice
    would bid on, rob with one it would bid 2 on, rob back with one it would bid 3 on."""
    strength = rate_counts(obs.hand_counts(), obs.rules, wilds_of(obs)).bid + adjust
    legal = obs.legal_rob_moves
    spoke = claimed(obs.rob_moves, obs.seat)
    return RobAction(rob_by_strength(strength, "call" in legal, spoke))


def rob_by_strength(strength: int, calling: bool, spoke: bool) -> RobMove:
    """The rob move of a hand the advice bids ``strength`` on: while nobody has called
    (``calling``) a call from 1; after the call a rob from 2, or from 3 for a seat
    that called or robbed already (``spoke``: the rob back)."""
    if calling:
        return "call" if strength >= 1 else "pass"
    return "rob" if strength >= (3 if spoke else 2) else "pass"


def bid_by_strength(strength: int, high: int) -> int:
    """The bid of a hand the advice bids ``strength`` on, with ``high`` bid already:
    that bid (at most 3) if it outbids the table, else 0 (a pass)."""
    want = min(3, max(0, strength))
    return want if want > high else 0


def high_bid(obs: Observation) -> int:
    """The highest bid so far in the auction."""
    return max((amount for _, amount in obs.bids), default=0)


def advised_bid(obs: Observation, adjust: int = 0) -> Action:
    """Bid what the advice recommends (plus ``adjust``) if that outbids the table; at a
    rob table, call and rob by the same strength (:func:`advised_rob`)."""
    if obs.legal_rob_moves:
        return advised_rob(obs, adjust)
    strength = rate_counts(obs.hand_counts(), obs.rules, wilds_of(obs)).bid + adjust
    want = bid_by_strength(strength, high_bid(obs))
    return BidAction(want) if BidAction(want) in obs.legal_actions else BidAction(0)


def _tracked(obs: Observation) -> list[int]:
    """The ranks still out in the other hands, as far as this seat knows (the kitty
    cards the landlord holds count as out: they can still beat a play)."""
    counts = obs.unseen_counts()
    known = known_counts(obs)
    if known is not None:
        for r in range(3, 18):
            counts[r] += known[r]
    return counts
