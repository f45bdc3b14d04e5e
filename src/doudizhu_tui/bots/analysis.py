"""Hand analysis on rank-count vectors: moves as small tuples and hand splitting.

The bots think in *moves*: plain tuples ``(kind, top, length, ranks)`` where
``kind`` is the index of a :class:`~doudizhu_tui.core.Kind` in its enum order,
``top`` the main rank as an int (3..17), ``length`` the chain length (1 when the
kind is not a chain) and ``ranks`` every card of the move as ints, lowest first.
They convert to and from the core's :class:`~doudizhu_tui.core.Play` losslessly.

A *split* is a way of playing a whole hand out as separate plays (chains,
airplanes and trios with their kickers, pairs, singles, bombs, the rocket).
:func:`best_split` finds the split the bots like best (the lowest total
:func:`move_cost`: few plays, and weak plays count more than strong ones);
:func:`fewest_split` finds the split with the fewest plays (used for the bid
advice).  Both search over the chain choices with the kickers attached
greedily, and remember what they found (the answer depends only on the hand).

>>> from doudizhu_tui.core import parse_cards, counts_of
>>> s = fewest_split(counts_of(parse_cards("3 4 5 6 7 9 9 9 J J Q")))
>>> s.plays, [describe(m) for m in s.moves]
(3, ['straight 3-4-5-6-7', 'trio+single 9-9-9+Q', 'pair J-J'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core import Kind, Play, Rank

__all__ = [
    "AIRPLANE",
    "AIRPLANE_PAIRS",
    "AIRPLANE_SINGLES",
    "BOMB",
    "FOUR_TWO_PAIRS",
    "FOUR_TWO_SINGLES",
    "KINDS",
    "PAIR",
    "PAIR_CHAIN",
    "ROCKET",
    "SINGLE",
    "STRAIGHT",
    "TRIO",
    "TRIO_PAIR",
    "TRIO_SINGLE",
    "Move",
    "Split",
    "best_split",
    "describe",
    "fewest_split",
    "hand_key",
    "is_bomb",
    "move_cost",
    "move_of_play",
    "play_of_move",
    "remove",
]

#: The kinds in the core's enum order; a move's ``kind`` indexes this tuple.
KINDS: tuple[Kind, ...] = tuple(Kind)
KIND_INDEX: dict[Kind, int] = {k: i for i, k in enumerate(KINDS)}
(
    SINGLE,
    PAIR,
    TRIO,
    TRIO_SINGLE,
    TRIO_PAIR,
    STRAIGHT,
    PAIR_CHAIN,
    AIRPLANE,
    AIRPLANE_SINGLES,
    AIRPLANE_PAIRS,
    FOUR_TWO_SINGLES,
    FOUR_TWO_PAIRS,
    BOMB,
    ROCKET,
) = range(14)

#: A move: (kind index, main rank, chain length, every rank of the move lowest first).
Move = tuple[int, int, int, tuple[int, ...]]

ACE, TWO, BJ, RJ = 14, 15, 16, 17
_RANKS: tuple[Rank | None, ...] = (None, None, None, *Rank)
#: How many cards of each rank the main part of a kind holds.
WIDTH: tuple[int, ...] = (1, 2, 3, 3, 3, 1, 2, 3, 3, 3, 4, 4, 4, 1)


def play_of_move(move: Move) -> Play:
    """The core play of a move."""
    kind, top, length, ranks = move
    return Play(KINDS[kind], Rank(top), length, tuple(Rank(r) for r in ranks))


def move_of_play(play: Play) -> Move:
    """The move of a core play."""
    return (KIND_INDEX[play.kind], int(play.rank), play.length, tuple(int(r) for r in play.ranks))


def describe(move: Move) -> str:
    """A move in words, as :meth:`Play.describe` writes it."""
    return play_of_move(move).describe()


def is_bomb(move: Move) -> bool:
    """True for a bomb or the rocket."""
    return move[0] >= BOMB


def hand_key(counts: Sequence[int]) -> bytes:
    """A compact key naming a rank-count vector (for memo tables)."""
    return bytes(counts)


def remove(counts: Sequence[int], move: Move) -> list[int]:
    """A copy of ``counts`` without the cards of ``move``."""
    out = list(counts)
    for r in move[3]:
        out[r] -= 1
    return out


# ----- how weak a play is ---------------------------------------------------------------


def _single_strength(r: int) -> float:
    if r <= ACE:
        return (r - 3) * 0.04  # 3: 0.0 .. A: 0.44
    return (0.70, 0.85, 1.0)[r - TWO]


def _pair_strength(r: int) -> float:
    if r <= ACE:
        return 0.05 + (r - 3) * 0.05  # 3: 0.05 .. A: 0.60
    return 0.92


def _trio_strength(r: int) -> float:
    if r <= ACE:
        return 0.30 + (r - 3) * 0.04
    return 0.95


def move_cost(move: Move) -> float:
    """How much a play costs its holder: about 1 for a play that will be beaten, about 0
    for one that wins its trick, below 0 for a bomb or the rocket (they take the lead
    back).  Kickers cost nothing: they ride along."""
    kind, top, length = move[0], move[1], move[2]
    if kind == SINGLE:
        return 1.0 - _single_strength(top)
    if kind == PAIR:
        return 1.0 - _pair_strength(top)
    if kind <= TRIO_PAIR:
        return 1.0 - _trio_strength(top)
    if kind == STRAIGHT:
        return max(0.05, 0.55 - (top - 7) * 0.05 - (length - 5) * 0.05)
    if kind == PAIR_CHAIN:
        return max(0.05, 0.45 - (top - 5) * 0.04 - (length - 3) * 0.08)
    if kind <= AIRPLANE_PAIRS:
        return max(0.05, 0.30 - (top - 4) * 0.02)
    if kind <= FOUR_TWO_PAIRS:
        return 0.45 - (top - 3) * 0.02
    if kind == BOMB:
        return -0.6
    return -0.8


# ----- splitting a hand -----------------------------------------------------------------


class Split(NamedTuple):
    """A way of playing out a hand: the moves (kickers attached), their total cost and
    how many plays they are."""

    moves: tuple[Move, ...]
    cost: float
    plays: int


# Main parts found by the search: (kind, top, length); kickers are attached at the leaves.
_Main = tuple[int, int, int]
_BEST_CACHE: dict[bytes, Split] = {}
_FEWEST_CACHE: dict[bytes, Split] = {}
_CACHE_LIMIT = 100_000


def best_split(counts: Sequence[int]) -> Split:
    """The split of lowest total cost (see :func:`move_cost`)."""
    return _remembered(counts, fewest=False, cache=_BEST_CACHE)


def fewest_split(counts: Sequence[int]) -> Split:
    """The split with the fewest plays (ties: the lower cost)."""
    return _remembered(counts, fewest=True, cache=_FEWEST_CACHE)


def _remembered(counts: Sequence[int], fewest: bool, cache: dict[bytes, Split]) -> Split:
    """The searched split, kept in ``cache`` (emptied whenever it reaches its limit)."""
    key = hand_key(counts)
    hit = cache.get(key)
    if hit is None:
        hit = _search_split(counts, fewest=fewest)
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[key] = hit
    return hit


def _search_split(counts: Sequence[int], fewest: bool) -> Split:
    c = list(counts)
    best_mains: list[_Main] = []
    best_score = [1e9, 1e9]
    mains: list[_Main] = []
    limit = RJ if fewest else ACE
    single_cost = _SINGLE_COST
    pair_cost = _PAIR_COST

    def leaf(cost: float) -> None:
        # Price the kickers: each trio takes the weakest single or pair left, each
        # airplane as many singles (or pairs) as it has trios.
        singles: list[float] = []
        pairs: list[float] = []
        slots: list[int] = []
        for kind, top, length in mains:
            if kind == SINGLE:
                if top <= limit:
                    singles.append(single_cost[top])
            elif kind == PAIR:
                if top <= limit:
                    pairs.append(pair_cost[top])
            elif kind == TRIO:
                slots.append(1)
            elif kind == AIRPLANE:
                slots.append(length)
        plays = len(mains)
        if slots:
            slots.sort(reverse=True)
            si = pi = 0
            ns, np_ = len(singles), len(pairs)
            for k in slots:
                if k == 1:
                    if si < ns and (pi >= np_ or singles[si] >= pairs[pi]):
                        cost -= singles[si]
                        si += 1
                    elif pi < np_:
                        cost -= pairs[pi]
                        pi += 1
                    else:
                        continue
                    plays -= 1
                elif ns - si >= k:
                    cost -= sum(singles[si : si + k])
                    si += k
                    plays -= k
                elif np_ - pi >= k:
                    cost -= sum(pairs[pi : pi + k])
                    pi += k
                    plays -= k
        if fewest:
            if plays < best_score[0] or (plays == best_score[0] and cost < best_score[1]):
                best_score[0], best_score[1] = plays, cost
                best_mains[:] = mains
        elif cost < best_score[0] or (cost == best_score[0] and plays < best_score[1]):
            best_score[0], best_score[1] = cost, plays
            best_mains[:] = mains

    main_cost = _MAIN_COST
    groups = (SINGLE, PAIR, TRIO, BOMB)
    chain_kinds = ((STRAIGHT, 1, 5), (PAIR_CHAIN, 2, 3), (AIRPLANE, 3, 2))

    def search(r: int, first_option: int, cost: float) -> None:
        # Chains branch by recursion; the rest of a rank is grouped in the loop.
        grouped: list[tuple[int, int, bool]] = []  # (rank, count, a main part to pop)
        while True:
            while r < 18 and c[r] == 0:
                r += 1
                first_option = 0
            if r >= 18:
                leaf(cost)
                break
            n = c[r]
            if r <= 13 and c[r + 1]:
                for kind, width, min_len in chain_kinds:
                    if n < width:
                        break
                    t = r + min_len - 1  # quick test: is the shortest chain there?
                    if t > ACE or any(c[x] < width for x in range(r + 1, t + 1)):
                        continue
                    t = r
                    while t <= ACE and c[t] >= width:
                        t += 1
                    base = kind * 16
                    for length in range(min_len, t - r + 1):
                        code = base + length
                        if code < first_option:
                            continue  # each multiset of chains once: in (kind, length) order
                        end = r + length
                        for x in range(r, end):
                            c[x] -= width
                        main = (kind, end - 1, length)
                        mains.append(main)
                        search(r, code, cost + main_cost[main])
                        mains.pop()
                        for x in range(r, end):
                            c[x] += width
            if r == BJ and c[RJ]:
                main = (ROCKET, RJ, 1)
                grouped.append((BJ, 1, True))
                grouped.append((RJ, 1, False))
                c[BJ] = c[RJ] = 0
                mains.append(main)
                cost += _ROCKET_COST
                r = 18
                continue
            main = (groups[n - 1], r, 1)
            grouped.append((r, n, True))
            c[r] = 0
            mains.append(main)
            cost += main_cost[main]
            r += 1
            first_option = 0
        for x, n, pop in reversed(grouped):
            c[x] = n
            if pop:
                mains.pop()

    search(3, 0, 0.0)
    return Split(*_attach(best_mains, fewest))


_MAIN_COST: dict[_Main, float] = {
    (kind, top, length): move_cost((kind, top, length, ()))
    for kind in range(14)
    for top in range(3, 18)
    for length in range(1, 13)
}


_SINGLE_COST: tuple[float, ...] = (0.0,) * 3 + tuple(
    move_cost((SINGLE, r, 1, ())) for r in range(3, 18)
)
_PAIR_COST: tuple[float, ...] = (0.0,) * 3 + tuple(
    move_cost((PAIR, r, 1, ())) for r in range(3, 18)
)
_ROCKET_COST = move_cost((ROCKET, RJ, 1, ()))


def _attach(mains: list[_Main], fewest: bool) -> tuple[tuple[Move, ...], float, int]:
    """Attach kickers to the trios and airplanes of a list of main parts (greedily,
    lowest and weakest first) and price the result."""
    singles: list[int] = []
    pairs: list[int] = []
    trios: list[int] = []
    planes: list[tuple[int, int]] = []
    out: list[Move] = []
    limit = RJ if fewest else ACE  # the bots keep 2s and jokers out of kickers
    for kind, top, length in mains:
        if kind == SINGLE and top <= limit:
            singles.append(top)
        elif kind == PAIR and top <= limit:
            pairs.append(top)
        elif kind == TRIO:
            trios.append(top)
        elif kind == AIRPLANE:
            planes.append((top, length))
        else:
            w = WIDTH[kind]
            ranks = (
                (BJ, RJ)
                if kind == ROCKET
                else tuple(x for x in range(top - length + 1, top + 1) for _ in range(w))
            )
            out.append((kind, top, length, ranks))
    s_used = [False] * len(singles)
    p_used = [False] * len(pairs)
    for top, length in sorted(planes, key=lambda p: -p[1]):
        lo = top - length + 1
        main = tuple(x for x in range(lo, top + 1) for _ in range(3))
        pick = [i for i, x in enumerate(singles) if not s_used[i] and not lo <= x <= top]
        if len(pick) >= length:
            for i in pick[:length]:
                s_used[i] = True
            kick = tuple(singles[i] for i in pick[:length])
            out.append((AIRPLANE_SINGLES, top, length, tuple(sorted(main + kick))))
            continue
        pick = [i for i, x in enumerate(pairs) if not p_used[i] and not lo <= x <= top]
        if len(pick) >= length:
            for i in pick[:length]:
                p_used[i] = True
            kick = tuple(pairs[i] for i in pick[:length] for _ in range(2))
            out.append((AIRPLANE_PAIRS, top, length, tuple(sorted(main + kick))))
            continue
        out.append((AIRPLANE, top, length, main))
    for top in trios:
        main = (top, top, top)
        si = next((i for i, u in enumerate(s_used) if not u), -1)
        pi = next((i for i, u in enumerate(p_used) if not u), -1)
        if si >= 0 and (
            pi < 0 or 1.0 - _single_strength(singles[si]) >= 1.0 - _pair_strength(pairs[pi])
        ):
            s_used[si] = True
            out.append((TRIO_SINGLE, top, 1, tuple(sorted((*main, singles[si])))))
        elif pi >= 0:
            p_used[pi] = True
            out.append((TRIO_PAIR, top, 1, tuple(sorted((*main, pairs[pi], pairs[pi])))))
        else:
            out.append((TRIO, top, 1, main))
    for i, x in enumerate(singles):
        if not s_used[i]:
            out.append((SINGLE, x, 1, (x,)))
    for i, x in enumerate(pairs):
        if not p_used[i]:
            out.append((PAIR, x, 1, (x, x)))
    cost = 0.0
    for m in out:
        cost += move_cost(m)
    return tuple(out), cost, len(out)
