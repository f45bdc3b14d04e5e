"""Shared test helpers: hypothesis strategies for small hands, and brute-force oracles.

The strategies are biased towards the shapes that random hands rarely hold (runs of
trios and fours, consecutive ranks) so that airplanes, pair chains and four+two turn
up often.  The oracles enumerate every sub-multiset of a hand, which is only
affordable for small hands; :data:`MAX_SUBSETS` keeps the work per example bounded.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product
from math import prod

from hypothesis import strategies as st

from doudizhu_tui.core import Kind, Rank, RuleProfile

BJ = int(Rank.BLACK_JOKER)
RJ = int(Rank.RED_JOKER)
ACE = int(Rank.ACE)
ALL = range(3, 18)

#: At most this many sub-multisets per hand (the product of count+1 over the ranks).
MAX_SUBSETS = 1500


def limit(rank: int) -> int:
    """How many cards of a rank the pack holds."""
    return 1 if rank >= BJ else 4


def subset_count(counts: Sequence[int]) -> int:
    """How many sub-multisets (including the empty one) a rank-count vector has."""
    return prod(c + 1 for c in counts[3:18])


@st.composite
def biased_counts(draw: st.DrawFn, max_cards: int = 14) -> list[int]:
    """A rank-count vector of a small hand, often holding runs of equal-sized groups."""
    counts = [0] * 18
    for _ in range(draw(st.integers(1, 2))):
        width = draw(st.sampled_from([1, 1, 2, 3, 3, 4]))
        length = draw(st.integers(1, max(1, 12 // width - 1)))
        # A run may start as high as the ace so that runs through the 2 are tried too.
        lo = draw(st.integers(3, 14))
        for r in range(lo, min(lo + length, 16)):
            counts[r] = max(counts[r], width)
    if draw(st.integers(0, 3)) == 0:
        counts[BJ] = counts[RJ] = 1
    extras = draw(st.lists(st.sampled_from(list(ALL)), max_size=6))
    for r in extras:
        if counts[r] < limit(r):
            counts[r] += 1
    # Trim from the top end until the hand is small enough to enumerate.
    ranks = [r for r in ALL for _ in range(counts[r])]
    while ranks and (len(ranks) > max_cards or subset_count(counts) > MAX_SUBSETS):
        r = ranks.pop(draw(st.integers(0, len(ranks) - 1)))
        counts[r] -= 1
    return counts


def sub_multisets(counts: Sequence[int]) -> Iterator[list[int]]:
    """Every non-empty sub-multiset of a rank-count vector, as rank-count vectors."""
    present = [r for r in ALL if counts[r]]
    for takes in product(*(range(counts[r] + 1) for r in present)):
        if not any(takes):
            continue
        sub = [0] * 18
        for r, t in zip(present, takes, strict=True):
            sub[r] = t
        yield sub


def is_sub_multiset(part: Sequence[int], whole: Sequence[int]) -> bool:
    """True when every rank count of ``part`` fits in ``whole``."""
    return all(part[r] <= whole[r] for r in ALL)


#: A reading as the rules describe it: (kind, main rank, chain length).
Reading = tuple[Kind, int, int]


def reference_readings(counts: Sequence[int], rules: RuleProfile) -> set[Reading]:
    """Every reading of a set of cards, written straight from the rule book (R10-R15).

    Deliberately simple and independent of the engine's classifier: it looks at
    each kind in turn and asks whether the cards fit it.
    """
    present = [r for r in ALL if counts[r]]
    n = sum(counts[r] for r in ALL)
    out: set[Reading] = set()
    if n == 0:
        return out
    both_jokers = counts[BJ] == 1 and counts[RJ] == 1
    # R11: one rank alone; the rocket.
    if len(present) == 1:
        r = present[0]
        kind = {1: Kind.SINGLE, 2: Kind.PAIR, 3: Kind.TRIO, 4: Kind.BOMB}[counts[r]]
        out.add((kind, r, 1))
    if n == 2 and both_jokers:
        out.add((Kind.ROCKET, RJ, 1))
    # R12: chains use every card, one width, consecutive ranks, 3 up to the ace.
    for width, kind, min_len in (
        (1, Kind.STRAIGHT, 5),
        (2, Kind.PAIR_CHAIN, 3),
        (3, Kind.AIRPLANE, 2),
    ):
        if kind is Kind.AIRPLANE and not rules.airplanes:
            continue  # the beginners' table (R41)
        if (
            len(present) >= min_len
            and all(counts[r] == width for r in present)
            and present[-1] <= ACE
            and present[-1] - present[0] + 1 == len(present)
        ):
            out.add((kind, present[-1], len(present)))
    # R11 + R14: a trio with one single or one pair (kickers never of the trio's rank;
    # the jokers are not a pair).
    for t in present:
        if counts[t] != 3:
            continue
        rest = [r for r in present if r != t]
        if n == 4 and len(rest) == 1:
            out.add((Kind.TRIO_SINGLE, t, 1))
        if n == 5 and len(rest) == 1 and counts[rest[0]] == 2:
            out.add((Kind.TRIO_PAIR, t, 1))
    # R13 + R14: airplanes with one kicker per trio (none at the beginners' table).
    for lo in range(3, ACE if rules.airplanes else 3):
        for hi in range(lo + 1, ACE + 1):
            run = range(lo, hi + 1)
            if not all(counts[r] == 3 for r in run):
                break
            k = len(run)
            rest = [r for r in present if r not in run]
            rest_cards = n - 3 * k
            if rest_cards == k and not both_jokers:
                out.add((Kind.AIRPLANE_SINGLES, hi, k))
            if rest_cards == 2 * k and len(rest) == k and all(counts[r] == 2 for r in rest):
                out.add((Kind.AIRPLANE_PAIRS, hi, k))
    # R42: space shuttles, runs of two or more fours, bare or one kicker per four (as an
    # airplane's kickers), when the profile plays them.
    for lo in range(3, ACE if rules.space_shuttle else 3):
        for hi in range(lo + 1, ACE + 1):
            run = range(lo, hi + 1)
            if not all(counts[r] == 4 for r in run):
                break
            k = len(run)
            rest = [r for r in present if r not in run]
            rest_cards = n - 4 * k
            if rest_cards == 0:
                out.add((Kind.SPACE_SHUTTLE, hi, k))
            if rest_cards == k and not both_jokers:
                out.add((Kind.SPACE_SHUTTLE_SINGLES, hi, k))
            if rest_cards == 2 * k and len(rest) == k and all(counts[r] == 2 for r in rest):
                out.add((Kind.SPACE_SHUTTLE_PAIRS, hi, k))
    # R13 + R14 (g)(h): four with two singles of different ranks, or two different pairs.
    for f in present:
        if counts[f] != 4:
            continue
        rest = [r for r in present if r != f]
        if n == 6:
            if len(rest) == 2 and not both_jokers:
                out.add((Kind.FOUR_TWO_SINGLES, f, 1))
            if len(rest) == 1 and rules.four_two_same_rank_singles:
                out.add((Kind.FOUR_TWO_SINGLES, f, 1))
        if n == 8 and len(rest) == 2 and all(counts[r] == 2 for r in rest):
            out.add((Kind.FOUR_TWO_PAIRS, f, 1))
    return out
