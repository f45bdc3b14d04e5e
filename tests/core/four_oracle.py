"""An independent brute-force oracle for the four-player, two-pack table (R48-R52).

Written from /work/shared/spec/rulings.md ("Four players, two packs" and the classic
sections it leaves standing), never from the engine: nothing here calls the core's
``classify``, ``legal_plays`` or ``beats``; only :class:`Kind` and :class:`Rank` are
shared, for the names.  A hand is a rank-count vector (length 18, index = rank value,
3 .. 17), up to eight of each rank 3..2 and two of each joker.

A play is an :data:`OPlay`, ``(kind, main rank, chain length, ranks lowest first)``
with plain ints, so that it compares with the engine's ``Play`` through
:func:`as_oplay`.

The rules as read here:

- single: any one card; pair: two cards of one rank, jokers too (two black, or two
  red; a black and a red joker are two ranks, so never a pair); trio: three of a rank.
- trio+pair: a trio and a pair of another rank (a joker pair of one colour may ride).
- straight: five or more single ranks in a run; pair chain: three or more pairs in a
  run; airplane: two or more trios in a run; every run within 3 .. A.
- airplane+pairs: k >= 2 trios in a run and k pairs, all of different ranks, none of a
  trio's rank; never both joker pairs (all four jokers are the rocket).
- bomb: four to eight cards of one rank 3..2; rocket: the four jokers.
- no trio+single, no airplane+singles, no four+two.
- beating: the rocket beats everything; a bomb beats every other play and a smaller
  bomb (more cards, then the higher rank); otherwise the same kind and chain length
  with a higher main rank.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement, product
from math import prod

from hypothesis import strategies as st

from doudizhu_tui.core import Kind, Play, Rank

THREE, ACE, TWO, BJ, RJ = 3, 14, 15, 16, 17
#: Every rank value, lowest first.
RANKS = range(THREE, RJ + 1)
#: The ranks a run may use.
RUN_RANKS = range(THREE, ACE + 1)

#: (kind, main rank, chain length, every card's rank lowest first).
OPlay = tuple[Kind, int, int, tuple[int, ...]]

#: At most this many sub-multisets per drawn hand (the product of count+1 over ranks).
MAX_SUBSETS = 2500


def limit(rank: int) -> int:
    """How many cards of a rank the two packs hold."""
    return 2 if rank >= BJ else 8


def cards_in(counts: Sequence[int]) -> tuple[int, ...]:
    """The ranks of a rank-count vector, lowest first."""
    return tuple(r for r in RANKS for _ in range(counts[r]))


def counts_in(ranks: Sequence[int]) -> list[int]:
    """The rank-count vector of some ranks."""
    counts = [0] * 18
    for r in ranks:
        counts[r] += 1
    return counts


def as_oplay(play: Play) -> OPlay:
    """The engine's play as an oracle play (plain ints)."""
    return (play.kind, int(play.rank), play.length, tuple(int(r) for r in play.ranks))


def to_play(play: OPlay) -> Play:
    """An oracle play as the engine's :class:`Play`."""
    kind, rank, length, ranks = play
    return Play(kind, Rank(rank), length, tuple(Rank(r) for r in ranks))


def _run(counts: Sequence[int], ranks: Sequence[int], width: int, shortest: int) -> int | None:
    """The top of the run when the ranks held are a run of ``shortest`` or more ranks
    within 3 .. A, each held exactly ``width`` times; else None."""
    if len(ranks) < shortest or ranks[-1] > ACE:
        return None
    if ranks[-1] - ranks[0] != len(ranks) - 1:
        return None
    if any(counts[r] != width for r in ranks):
        return None
    return ranks[-1]


def readings(counts: Sequence[int]) -> set[OPlay]:
    """Every reading of the cards under the four-player rules, kind by kind."""
    held = [r for r in RANKS if counts[r]]
    n = sum(counts[r] for r in RANKS)
    cards = cards_in(counts)
    out: set[OPlay] = set()
    if n == 0:
        return out

    def add(kind: Kind, rank: int, length: int = 1) -> None:
        out.add((kind, rank, length, cards))

    # One rank alone: single, pair, trio, bomb.
    if len(held) == 1:
        r = held[0]
        if n == 1:
            add(Kind.SINGLE, r)
        elif n == 2:
            add(Kind.PAIR, r)
        elif n == 3:
            add(Kind.TRIO, r)
        elif 4 <= n <= 8 and r <= TWO:
            add(Kind.BOMB, r)
    # The rocket: both black jokers and both red ones, nothing else.
    if n == 4 and counts[BJ] == 2 and counts[RJ] == 2:
        add(Kind.ROCKET, RJ)
    # Bare runs.
    for width, kind, shortest in (
        (1, Kind.STRAIGHT, 5),
        (2, Kind.PAIR_CHAIN, 3),
        (3, Kind.AIRPLANE, 2),
    ):
        top = _run(counts, held, width, shortest)
        if top is not None:
            add(kind, top, len(held))
    # A trio and a pair of another rank.
    if n == 5 and len(held) == 2:
        a, b = held
        for trio, pair in ((a, b), (b, a)):
            if counts[trio] == 3 and counts[pair] == 2:
                add(Kind.TRIO_PAIR, trio)
    # k trios in a run with k pairs: the trios are exactly the ranks held three times.
    if n % 5 == 0 and n >= 10:
        k = n // 5
        trios = [r for r in held if counts[r] == 3]
        pairs = [r for r in held if counts[r] == 2]
        top = _run(counts, trios, 3, 2)
        if (
            top is not None
            and len(trios) == k
            and len(pairs) == k
            and len(trios) + len(pairs) == len(held)
            and not (BJ in pairs and RJ in pairs)
        ):
            add(Kind.AIRPLANE_PAIRS, top, k)
    return out


def subset_count(counts: Sequence[int]) -> int:
    """How many sub-multisets (with the empty one) a rank-count vector has."""
    return prod(counts[r] + 1 for r in RANKS)


def sub_multisets(counts: Sequence[int]) -> Iterator[list[int]]:
    """Every non-empty sub-multiset of a rank-count vector."""
    held = [r for r in RANKS if counts[r]]
    for takes in product(*(range(counts[r] + 1) for r in held)):
        if any(takes):
            sub = [0] * 18
            for r, t in zip(held, takes, strict=True):
                sub[r] = t
            yield sub


def _bomb_key(play: OPlay) -> tuple[int, int]:
    return (len(play[3]), play[1])


def beats(play: OPlay, last: OPlay) -> bool:
    """Whether ``play`` may go on top of ``last`` under the four-player rules."""
    kind, last_kind = play[0], last[0]
    if last_kind is Kind.ROCKET:
        return False
    if kind is Kind.ROCKET:
        return True
    if kind is Kind.BOMB:
        return last_kind is not Kind.BOMB or _bomb_key(play) > _bomb_key(last)
    if last_kind is Kind.BOMB:
        return False
    return kind is last_kind and play[2] == last[2] and play[1] > last[1]


def all_plays(counts: Sequence[int]) -> set[OPlay]:
    """Every play a hand may lead: every reading of every sub-multiset."""
    out: set[OPlay] = set()
    for sub in sub_multisets(counts):
        out |= readings(sub)
    return out


def follows(counts: Sequence[int], last: OPlay) -> set[OPlay]:
    """Every play from the hand that beats ``last``."""
    return {p for p in all_plays(counts) if beats(p, last)}


# --- plays built from their definitions (a second path to the same rules) -------------------


def built(kind: Kind, rank: int, length: int, main: Sequence[int], kickers: Sequence[int]) -> OPlay:
    """A play from its parts."""
    return (kind, rank, length, tuple(sorted([*main, *kickers])))


def every_play() -> Iterator[OPlay]:
    """Every play of the four-player rules built from its definition (airplanes with at
    most four trios, so the list stays small)."""
    for r in RANKS:
        yield built(Kind.SINGLE, r, 1, [r], [])
        yield built(Kind.PAIR, r, 1, [r, r], [])
    for r in range(THREE, TWO + 1):
        yield built(Kind.TRIO, r, 1, [r] * 3, [])
        for k in RANKS:
            if k != r:
                yield built(Kind.TRIO_PAIR, r, 1, [r] * 3, [k, k])
        for size in range(4, 9):
            yield built(Kind.BOMB, r, 1, [r] * size, [])
    yield built(Kind.ROCKET, RJ, 1, [BJ, BJ, RJ, RJ], [])
    for width, kind, shortest, longest in (
        (1, Kind.STRAIGHT, 5, 12),
        (2, Kind.PAIR_CHAIN, 3, 10),
        (3, Kind.AIRPLANE, 2, 4),
    ):
        for length in range(shortest, longest + 1):
            for top in range(THREE + length - 1, ACE + 1):
                run = range(top - length + 1, top + 1)
                yield built(kind, top, length, [r for r in run for _ in range(width)], [])
    for length in (2, 3):
        for top in range(THREE + length - 1, ACE + 1):
            run = range(top - length + 1, top + 1)
            others = [r for r in RANKS if r not in run]
            for wings in combinations(others, length):
                if BJ in wings and RJ in wings:
                    continue
                main = [r for r in run for _ in range(3)]
                yield built(
                    Kind.AIRPLANE_PAIRS, top, length, main, [w for w in wings for _ in "ab"]
                )


def near_misses() -> Iterator[list[int]]:
    """Card sets one step from a play with kickers: a trio, a four or a two-trio airplane
    (each low, middle and high) with every one to four further cards of any ranks, so
    every kicker question (same rank, jokers, four of a rank, both joker pairs) comes up."""
    bases = [[r] * 3 for r in (3, 9, TWO)] + [[r] * 4 for r in (3, 9, TWO)]
    bases += [[r] * 3 + [r + 1] * 3 for r in (3, 9, 13)]
    for base in bases:
        for size in range(1, 5):
            for extra in combinations_with_replacement(RANKS, size):
                counts = counts_in([*base, *extra])
                if all(counts[r] <= limit(r) for r in RANKS):
                    yield counts


@st.composite
def table_plays(draw: st.DrawFn) -> OPlay:
    """A play that may lie on the table, built from its definition, low ranks favoured
    so that small hands can often answer it."""
    kind = draw(
        st.sampled_from(
            [
                Kind.SINGLE,
                Kind.PAIR,
                Kind.TRIO,
                Kind.TRIO_PAIR,
                Kind.STRAIGHT,
                Kind.PAIR_CHAIN,
                Kind.AIRPLANE,
                Kind.AIRPLANE_PAIRS,
                Kind.BOMB,
                Kind.BOMB,
                Kind.ROCKET,
            ]
        )
    )
    if kind is Kind.ROCKET:
        return built(kind, RJ, 1, [BJ, BJ, RJ, RJ], [])
    if kind in (Kind.SINGLE, Kind.PAIR):
        r = draw(st.integers(THREE, RJ))
        return built(kind, r, 1, [r] * (1 if kind is Kind.SINGLE else 2), [])
    if kind in (Kind.TRIO, Kind.TRIO_PAIR, Kind.BOMB):
        r = draw(st.integers(THREE, TWO))
        if kind is Kind.TRIO:
            return built(kind, r, 1, [r] * 3, [])
        if kind is Kind.BOMB:
            return built(kind, r, 1, [r] * draw(st.integers(4, 8)), [])
        k = draw(st.sampled_from([x for x in RANKS if x != r]))
        return built(kind, r, 1, [r] * 3, [k, k])
    width, shortest, longest = {
        Kind.STRAIGHT: (1, 5, 8),
        Kind.PAIR_CHAIN: (2, 3, 5),
        Kind.AIRPLANE: (3, 2, 3),
        Kind.AIRPLANE_PAIRS: (3, 2, 2),
    }[kind]
    length = draw(st.integers(shortest, longest))
    top = draw(st.integers(THREE + length - 1, ACE))
    run = range(top - length + 1, top + 1)
    main = [r for r in run for _ in range(width)]
    if kind is not Kind.AIRPLANE_PAIRS:
        return built(kind, top, length, main, [])
    others = [r for r in RANKS if r not in run]
    wings = draw(
        st.lists(st.sampled_from(others), min_size=length, max_size=length, unique=True).filter(
            lambda w: not (BJ in w and RJ in w)
        )
    )
    return built(kind, top, length, main, [w for w in wings for _ in "ab"])


@st.composite
def two_pack_hands(draw: st.DrawFn, max_cards: int = 13) -> list[int]:
    """A small two-pack hand as a rank-count vector, often holding runs of equal groups,
    five to eight of a rank, and joker pairs (the shapes random hands rarely hold)."""
    counts = [0] * 18
    for _ in range(draw(st.integers(1, 2))):
        width = draw(st.sampled_from([1, 2, 2, 3, 3]))
        length = draw(st.integers(1, max(1, 10 // width)))
        lo = draw(st.integers(THREE, ACE))  # runs may reach the 2 (no chain through it)
        for r in range(lo, min(lo + length, TWO + 1)):
            counts[r] = max(counts[r], width)
    if draw(st.integers(0, 2)) == 0:  # a big group: a bomb of four to eight
        r = draw(st.integers(THREE, TWO))
        counts[r] = max(counts[r], draw(st.integers(4, 8)))
    if draw(st.integers(0, 2)) == 0:  # jokers, often in pairs
        counts[BJ] = draw(st.sampled_from([0, 1, 2, 2]))
        counts[RJ] = draw(st.sampled_from([0, 1, 2, 2]))
    for r in draw(st.lists(st.sampled_from(list(RANKS)), max_size=5)):
        if counts[r] < limit(r):
            counts[r] += 1
    # Drop random cards until the hand is small enough to enumerate.
    cards = list(cards_in(counts))
    while cards and (len(cards) > max_cards or subset_count(counts) > MAX_SUBSETS):
        r = cards.pop(draw(st.integers(0, len(cards) - 1)))
        counts[r] -= 1
    if not cards:
        counts[draw(st.integers(THREE, RJ))] = 1
    return counts
