"""Guessing the hidden hands and playing deals out fast, for the Hard level's search.

Everything here starts from one seat's :class:`~.policy.View` and what that seat
knows (the unseen ranks, the kitty cards the landlord still holds): no game,
no other hand.  :func:`sample_hands` deals the unseen cards into the other hands
(two, or three at four players) at random, consistent with how many cards each
holds; :func:`rollout` plays the rest of the deal with the Normal policy in every
seat, in the table's order of play, on count vectors, and says which side went
out first.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ..core import Kind, Play, RuleProfile, cards_of
from ..core.combos import main_width
from .analysis import ACE, Split, best_split, move_cost
from .endgame import Solver
from .policy import NEXT, NORMAL, Style, View, choose, follow_options, lead_options
from .shapes import ChainShape, shapes_of

__all__ = ["Clue", "fits_clues", "pass_clues", "rollout", "sample_hands"]

#: The plays whose passes say something: a single or a pair.
_CLUE_KINDS = (Kind.SINGLE, Kind.PAIR)


def sample_hands(
    me: int,
    hand: Sequence[int],
    left: Sequence[int],
    unseen: Sequence[int],
    known: Mapping[int, Sequence[int]],
    rng: random.Random,
) -> list[list[int]]:
    """A hand per seat (indexed by seat value): this seat's own, and the unseen ranks
    dealt at random to the others (in the order they act after this seat).

    ``known`` gives, per seat, ranks certainly in that hand (the unplayed part of a
    shown kitty); ``unseen`` must not include them.
    """
    pool = [r for r in range(3, 18) for _ in range(unseen[r])]
    rng.shuffle(pool)
    players = len(left)
    hands: list[list[int]] = [[0] * 18 for _ in range(players)]
    hands[me] = list(hand)
    pos = 0
    nxt = NEXT[players]
    others = [nxt[me]]
    while len(others) < players - 1:
        others.append(nxt[others[-1]])
    for seat in others:
        h = hands[seat]
        fixed = known.get(seat)
        have = 0
        if fixed is not None:
            for r in range(3, 18):
                h[r] += fixed[r]
                have += fixed[r]
        take = max(0, min(left[seat] - have, len(pool) - pos))
        for r in pool[pos : pos + take]:
            h[r] += 1
        pos += take
    return hands


def rollout(
    hands: list[list[int]],
    landlord: int,
    turn: int,
    trick: Play | None,
    owner: int,
    rules: RuleProfile,
    limit: int = 200,
    wilds: tuple[int, ...] = (),
    solver: Solver | None = None,
    finish: int = 0,
    styles: Sequence[Style] = (),
    tracked: Sequence[bool] = (),
    noise: float = 0.0,
    noisy: Sequence[bool] = (),
    rng: random.Random | None = None,
    hope: bool | None = None,
) -> bool:
    """Play on from a position (``hands`` are changed) with the policy in every seat
    (in the Normal level's style, or in ``styles[seat]``), under ``rules`` (and the
    wild ranks ``wilds``); True if the landlord goes out first.  The seats marked in
    ``tracked`` play with card tracking: they know which cards are still out in the
    other hands, as a player who counts the cards does (not who holds them).

    With a ``solver``, once at most ``finish`` cards are left in all the hands the
    rest is searched exactly (every hand known: :mod:`.endgame`); if that search
    runs out of its budget the play-out goes on and tries again four cards later.
    With ``hope`` (True for the landlord's side, False for the peasants'), a search
    that proves that side lost is not the end: the play-out goes on with the policy,
    which may not find the win that the search gave the other side.

    With ``noise`` (and ``rng``), each seat marked in ``noisy`` plays the policy's
    second option instead of its first with that chance (never when the first goes
    out): a player who searches strays from the policy that way.
    """
    left = [sum(h) for h in hands]
    players = len(hands)
    nxt = NEXT[players]
    in_play = sum(left)
    # Each seat keeps playing by the split it had: a play taken from it leaves the
    # rest of that split (no new search); any other play calls for a new split.
    splits: list[Split | None] = [None] * players
    if not styles:
        styles = (NORMAL,) * players
    for _ in range(limit):
        if trick is not None and turn == owner:
            trick = None  # the others all passed: the table is cleared
        if solver is not None and in_play <= finish:
            exact = solver.landlord_wins(hands, turn, trick, owner)
            if exact is not None:
                if hope is None or exact == hope:
                    return exact
                solver = None  # proven lost with best play: play on with the policy
            finish = in_play - 4
        split = splits[turn]
        if split is None:
            split = splits[turn] = best_split(hands[turn], rules)
        unseen = None
        if tracked and tracked[turn]:
            own = hands[turn]
            unseen = [sum(h[r] for h in hands) - own[r] for r in range(18)]
        v = View(
            turn,
            landlord,
            hands[turn],
            left,
            rules,
            trick,
            owner if trick else -1,
            unseen,
            split,
            wilds,
            fast=True,
            style=styles[turn],
        )
        move = choose(v)
        if (
            noise
            and rng is not None
            and noisy[turn]
            and rng.random() < noise
            and (move is None or len(move.ranks) < left[turn])
        ):
            options = lead_options(v) if trick is None else follow_options(v)
            move = next((o for o in options if o != move), move)
        if move is not None:
            h = hands[turn]
            for r in cards_of(move):
                h[r] -= 1
            left[turn] -= len(move.ranks)
            in_play -= len(move.ranks)
            if left[turn] == 0:
                return turn == landlord
            splits[turn] = _without(split, move)
            trick = move
            owner = turn
        turn = nxt[turn]
    # Unfinished (should not happen): call it for the side with fewer cards.
    return left[landlord] <= min(left[s] for s in range(players) if s != landlord)


def _without(split: Split, move: Play) -> Split | None:
    """The split less one of its plays, or None if the play is not one of them."""
    moves = split.moves
    for i, m in enumerate(moves):
        if m == move:
            rest = moves[:i] + moves[i + 1 :]
            return Split(rest, split.cost - move_cost(move), split.plays - 1)
    return None


# ----- what the other seats' passes say about their hands ----------------------------

#: A pass that says something: (seat, the play passed on, the cards that seat has
#: played since, as a count vector).
Clue = tuple[int, Play, list[int]]


def pass_clues(
    history: Sequence[tuple[int, Play | None]],
    me: int,
    landlord: int,
    recent: int = 8,
    players: int = 3,
) -> list[Clue]:
    """The most recent passes of the other seats on a single or a pair of the other
    side: a player who passes there most likely had no loose card to answer with."""
    clues: list[Clue] = []
    trick: Play | None = None
    owner = -1
    passes = 0
    events: list[tuple[int, int, Play]] = []  # (index, seat, trick passed on)
    for i, (seat, move) in enumerate(history):
        if move is not None:
            trick, owner, passes = move, seat, 0
            continue
        if trick is not None and seat != me and trick.kind in _CLUE_KINDS:
            same_side = seat != landlord and owner != landlord
            if not same_side:
                events.append((i, seat, trick))
        passes += 1
        if passes == players - 1:
            trick, passes = None, 0
    for i, seat, passed_on in events[-recent:]:
        later = [0] * 18
        for s, move in history[i + 1 :]:
            if s == seat and move is not None:
                for r in cards_of(move):
                    later[r] += 1
        clues.append((seat, passed_on, later))
    return clues


def fits_clues(hands: list[list[int]], clues: Sequence[Clue], rules: RuleProfile) -> bool:
    """Whether sampled hands agree with the clues: no seat passed on a single (pair)
    while holding a loose single (pair) up to the ace above it, outside any straight
    of ``rules``."""
    straight = next((c for c in shapes_of(rules).chains if c.kind is Kind.STRAIGHT), None)
    for seat, trick, later in clues:
        hand = hands[seat]
        width = main_width(trick.kind)
        for r in range(trick.rank + 1, ACE + 1):
            if hand[r] + later[r] == width and not (
                straight is not None and _in_straight(hand, later, r, straight)
            ):
                return False
    return True


def _in_straight(hand: Sequence[int], later: Sequence[int], r: int, straight: ChainShape) -> bool:
    """Whether rank ``r`` lies in a run of ranks held that is long enough for a straight."""
    if r > straight.highest:
        return False
    lo = r
    while lo > 3 and hand[lo - 1] + later[lo - 1]:
        lo -= 1
    hi = r
    while hi < straight.highest and hand[hi + 1] + later[hi + 1]:
        hi += 1
    return hi - lo + 1 >= straight.shortest
