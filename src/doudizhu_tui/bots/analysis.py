"""Hand analysis on rank-count vectors: what a play costs, and splitting a hand.

The bots think in the core's own :class:`~doudizhu_tui.core.Play` values and
hold hands as rank-count vectors (``counts[r]`` cards of rank ``r``, 3..17).

A *split* is a way of playing a whole hand out as separate plays (chains,
airplanes and trios with their kickers, pairs, singles, bombs, the rocket).
:func:`best_split` finds the split the bots like best (the lowest total
:func:`move_cost`: few plays, and weak plays count more than strong ones);
:func:`fewest_split` finds the split with the fewest plays (used for the bid
advice).  Both search over the chain choices with the kickers attached
greedily, and remember what they found (the answer depends only on the hand
and the rule profile).  Which chains and groups there are comes from the
profile through :mod:`.shapes`, and every play of a split is a reading the core
gave, so a split holds only plays the profile allows.

With two packs (four players) a rank holds up to eight cards: four to eight of a
rank are a bomb (more cards cost less: they beat more), the rocket is all four
jokers, no single rides as a kicker, and the search stops branching after
:data:`LEAVES` complete splits (a 33-card hand has too many to go through).

>>> from doudizhu_tui.core import CLASSIC, parse_cards, counts_of
>>> s = fewest_split(counts_of(parse_cards("3 4 5 6 7 9 9 9 J J Q")), CLASSIC)
>>> s.plays, [m.describe() for m in s.moves]
(3, ['straight 3-4-5-6-7', 'trio+single 9-9-9+Q', 'pair J-J'])
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Generic, NamedTuple, TypeVar

from ..core import Kind, Play, Rank, RuleProfile, cards_of
from ..core.combos import main_width
from .shapes import Shapes, shapes_of

__all__ = [
    "SOFT_EXTRA",
    "WILD_EXTRA",
    "PlayNumbers",
    "Split",
    "SplitMemo",
    "best_split",
    "bomb_cost",
    "cost_of",
    "fewest_split",
    "hand_key",
    "is_bomb",
    "move_cost",
    "remove",
]

ACE, TWO, BJ, RJ = int(Rank.ACE), int(Rank.TWO), int(Rank.BLACK_JOKER), int(Rank.RED_JOKER)

# The core's kinds under short local names (attribute look-ups on an enum are slow).
_SINGLE = Kind.SINGLE
_PAIR = Kind.PAIR
_TRIO = Kind.TRIO
_TRIO_SINGLE = Kind.TRIO_SINGLE
_TRIO_PAIR = Kind.TRIO_PAIR
_STRAIGHT = Kind.STRAIGHT
_PAIR_CHAIN = Kind.PAIR_CHAIN
_AIRPLANE = Kind.AIRPLANE
_AIRPLANE_SINGLES = Kind.AIRPLANE_SINGLES
_AIRPLANE_PAIRS = Kind.AIRPLANE_PAIRS
_FOUR_TWO_SINGLES = Kind.FOUR_TWO_SINGLES
_FOUR_TWO_PAIRS = Kind.FOUR_TWO_PAIRS
_BOMB = Kind.BOMB
_ROCKET = Kind.ROCKET


def is_bomb(move: Play) -> bool:
    """True for a bomb or the rocket."""
    kind = move.kind
    return kind is _BOMB or kind is _ROCKET


def hand_key(counts: Sequence[int]) -> bytes:
    """A compact key naming a rank-count vector (for memo tables)."""
    return bytes(counts)


def remove(counts: Sequence[int], move: Play) -> list[int]:
    """A copy of ``counts`` without the cards of ``move`` (a wild card under its own
    rank, whatever it stood for)."""
    out = list(counts)
    for r in cards_of(move):
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


def cost_of(kind: Kind, top: int, length: int) -> float:
    """:func:`move_cost` of a play of ``kind`` with main rank ``top`` and ``length``
    ranks (what a play costs depends on nothing else)."""
    if kind is _SINGLE:
        return 1.0 - _single_strength(top)
    if kind is _PAIR:
        return 1.0 - _pair_strength(top)
    if kind is _TRIO or kind is _TRIO_SINGLE or kind is _TRIO_PAIR:
        return 1.0 - _trio_strength(top)
    if kind is _STRAIGHT:
        return max(0.05, 0.55 - (top - 7) * 0.05 - (length - 5) * 0.05)
    if kind is _PAIR_CHAIN:
        return max(0.05, 0.45 - (top - 5) * 0.04 - (length - 3) * 0.08)
    if kind is _AIRPLANE or kind is _AIRPLANE_SINGLES or kind is _AIRPLANE_PAIRS:
        return max(0.05, 0.30 - (top - 4) * 0.02)
    if kind is _FOUR_TWO_SINGLES or kind is _FOUR_TWO_PAIRS:
        return 0.45 - (top - 3) * 0.02
    if kind is _BOMB:
        return -0.6
    if kind is _ROCKET:
        return -0.8
    return 0.5  # a kind these bots do not know yet: an average play


def bomb_cost(size: int) -> float:
    """:func:`cost_of` a bomb of ``size`` cards (two packs: more cards beat fewer, so
    each card beyond four makes it stronger) or of the rocket of ``size`` jokers."""
    if size <= 2:
        return -0.8  # the rocket of one pack
    if size == 4:
        return -0.6
    if size > 4:
        return -0.6 - 0.1 * (size - 4)
    return -1.1  # unreachable: a bomb has at least four cards


#: What the rocket of four jokers costs (two packs: it beats every bomb of eight).
ROCKET_OF_FOUR = -1.1

#: What a bomb with wild cards costs beyond a natural one (R46): a soft bomb (1-3 wild
#: cards) is beaten by every natural bomb, a wild bomb (four wild cards) by the rocket only.
SOFT_EXTRA, WILD_EXTRA = 0.25, -0.15


def move_cost(move: Play) -> float:
    """How much a play costs its holder: about 1 for a play that will be beaten, about 0
    for one that wins its trick, below 0 for a bomb or the rocket (they take the lead
    back; a soft bomb less, a wild bomb more).  Kickers cost nothing: they ride along."""
    kind = move.kind
    if kind is _BOMB or kind is _ROCKET:
        size = len(move.ranks)
        cost = bomb_cost(size) if kind is _BOMB or size <= 2 else ROCKET_OF_FOUR
    else:
        cost = cost_of(kind, move.rank, move.length)
    if move.wilds and move.kind is _BOMB:
        cost += WILD_EXTRA if len(move.wilds) == 4 else SOFT_EXTRA
    return cost


# ----- splitting a hand -----------------------------------------------------------------


class Split(NamedTuple):
    """A way of playing out a hand: the plays (kickers attached), their total cost and
    how many plays they are."""

    moves: tuple[Play, ...]
    cost: float
    plays: int


_Key = TypeVar("_Key", bound=Hashable)
#: A split packed as numbers (see :class:`SplitMemo`): cost, count, play numbers.
_Packed = tuple[float, int, tuple[int, ...]]
#: The most plays a :class:`SplitMemo` numbers before it is emptied.
PLAYS_LIMIT = 50_000
_new = tuple.__new__


class PlayNumbers:
    """Plays numbered in the order they are first seen, so that a memo can keep a play
    as a number (see :class:`SplitMemo`); a memo that forgets its entries takes a new
    table rather than emptying this one, so that what is under way keeps its plays."""

    __slots__ = ("numbers", "plays")

    def __init__(self) -> None:
        #: The plays by number, and the number of each.
        self.plays: list[Play] = []
        self.numbers: dict[Play, int] = {}

    def __len__(self) -> int:
        return len(self.plays)

    def number(self, play: Play) -> int:
        """The number of ``play`` (given one the first time)."""
        number = self.numbers.get(play)
        if number is None:
            number = self.numbers[play] = len(self.plays)
            self.plays.append(play)
        return number


class SplitMemo(Generic[_Key]):
    """Splits remembered by key, up to ``limit`` of them (then all are forgotten).

    Each split is kept packed as numbers: its cost, its count of plays and the
    numbers of its plays in the memo's table of plays.  The bots remember hundreds
    of thousands of splits; tuples of numbers are objects that the garbage collector
    stops visiting after a collection or two, where a split of plays is objects that
    it visits at every full collection (with the splits kept whole, a full
    collection paused a long arena run for up to 1.5 s).
    """

    __slots__ = ("limit", "splits", "table")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        #: The packed splits by key.
        self.splits: dict[_Key, _Packed] = {}
        #: The plays of the packed splits, numbered.
        self.table = PlayNumbers()

    def __len__(self) -> int:
        return len(self.splits)

    def get(self, key: _Key) -> Split | None:
        """The split remembered for ``key``, or None."""
        packed = self.splits.get(key)
        if packed is None:
            return None
        # tuple.__new__: a named tuple's own constructor is a slower Python call.
        plays = self.table.plays
        return _new(Split, (tuple(map(plays.__getitem__, packed[2])), packed[0], packed[1]))

    def put(self, key: _Key, split: Split) -> None:
        """Remember ``split`` for ``key`` (forgetting everything first when the memo
        holds ``limit`` splits or PLAYS_LIMIT plays)."""
        if len(self.splits) >= self.limit or len(self.table) >= PLAYS_LIMIT:
            self.clear()
        numbers = tuple(map(self.table.number, split.moves))
        self.splits[key] = (split.cost, split.plays, numbers)

    def clear(self) -> None:
        """Forget every split and play."""
        self.splits.clear()
        self.table = PlayNumbers()


# Main parts found by the search: (kind, top, length, the core's play); kickers are
# attached at the leaves.
_Main = tuple[Kind, int, int, Play | None]
_CACHE_LIMIT = 100_000
#: With two packs, the complete splits one search looks at before it stops branching.
LEAVES = 1000

_SINGLE_COST: tuple[float, ...] = (0.0,) * 3 + tuple(cost_of(_SINGLE, r, 1) for r in range(3, 18))
_PAIR_COST: tuple[float, ...] = (0.0,) * 3 + tuple(cost_of(_PAIR, r, 1) for r in range(3, 18))


class _Searcher:
    """The search's tables for one profile, and the splits it has found."""

    __slots__ = (
        "best",
        "chains",
        "fewest",
        "group_cost",
        "group_mains",
        "groups",
        "kicked",
        "leaves",
        "shapes",
        "single_kickers",
    )

    def __init__(self, shapes: Shapes) -> None:
        self.shapes = shapes
        #: groups[n - 1]: the kind of n cards of one rank; group_cost[n - 1][r]: its cost.
        self.groups = shapes.groups
        self.group_cost: tuple[tuple[float, ...], ...] = tuple(
            tuple(bomb_cost(n) if kind is _BOMB else cost_of(kind, r, 1) for r in range(18))
            for n, kind in enumerate(shapes.groups, start=1)
        )
        #: group_mains[n - 1][r]: the main part of n cards of rank r, as the search keeps it.
        self.group_mains: tuple[tuple[_Main, ...], ...] = tuple(
            tuple((kind, r, 1, shapes.group_plays[n][r]) for r in range(18))
            for n, kind in enumerate(shapes.groups)
        )
        #: Whether singles may ride as kickers (not at four players).
        self.single_kickers = shapes.single_kickers
        #: How many complete splits a search may look at (no limit with one pack).
        self.leaves = LEAVES if shapes.rules.packs > 1 else 1 << 62
        #: Per chain kind, narrowest first: (kind, width, shortest, highest,
        #: cost[top][length], play[top][length]).
        self.chains = tuple(
            (
                c.kind,
                c.width,
                c.shortest,
                c.highest,
                tuple(
                    tuple(cost_of(c.kind, top, n) for n in range(len(plays[top])))
                    for top in range(len(plays))
                ),
                plays,
            )
            for c, plays in zip(shapes.chains, shapes.chain_plays, strict=True)
        )
        #: The splits found, by hand.
        self.best: SplitMemo[bytes] = SplitMemo(_CACHE_LIMIT)
        #: A trio with one kicker by (trio rank, kicker rank, whether the kicker is a
        #: pair): the core's reading, or None without one (filled as asked).
        self.kicked: dict[tuple[int, int, bool], Play | None] = {}
        self.fewest: SplitMemo[bytes] = SplitMemo(_CACHE_LIMIT)

    def forget(self) -> None:
        """Empty the remembered splits."""
        self.best.clear()
        self.fewest.clear()


_SEARCHERS: dict[bytes, _Searcher] = {}
_LAST: list[_Searcher] = []


def _searcher(rules: RuleProfile) -> _Searcher:
    shapes = shapes_of(rules)
    if _LAST and _LAST[0].shapes is shapes:
        return _LAST[0]
    searcher = _SEARCHERS.get(shapes.tag)
    if searcher is None:
        searcher = _SEARCHERS[shapes.tag] = _Searcher(shapes)
    _LAST[:] = [searcher]
    return searcher


def best_split(counts: Sequence[int], rules: RuleProfile) -> Split:
    """The split of lowest total cost (see :func:`move_cost`) under ``rules``."""
    searcher = _searcher(rules)
    return _remembered(counts, searcher, fewest=False, cache=searcher.best)


def fewest_split(counts: Sequence[int], rules: RuleProfile) -> Split:
    """The split with the fewest plays (ties: the lower cost) under ``rules``."""
    searcher = _searcher(rules)
    return _remembered(counts, searcher, fewest=True, cache=searcher.fewest)


def _remembered(
    counts: Sequence[int], searcher: _Searcher, fewest: bool, cache: SplitMemo[bytes]
) -> Split:
    """The searched split, kept in ``cache``."""
    key = hand_key(counts)
    hit = cache.get(key)
    if hit is None:
        hit = _search_split(counts, searcher, fewest=fewest)
        cache.put(key, hit)
    return hit


def _chain_starts(c: list[int], searcher: _Searcher) -> list[bool] | None:
    """Where a chain of the profile could start in the hand ``c`` (by rank), or None
    where none can: the search only branches at these ranks (it only ever takes
    cards away, so no chain starts anywhere else)."""
    starts: list[bool] | None = None
    for _, width, shortest, highest, _, _ in searcher.chains:
        run = 0  # how many ranks in a row, up to r, hold at least ``width`` cards
        for r in range(3, highest + 2):
            if r <= highest and c[r] >= width:
                run += 1
                continue
            if run >= shortest:
                if starts is None:
                    starts = [False] * 18
                for x in range(r - run, r - shortest + 1):
                    starts[x] = True
            run = 0
    return starts


def _grouped(c: list[int], searcher: _Searcher) -> list[_Main]:
    """The main parts of a hand split without chains: each rank as one group, the
    jokers as the rocket where they make one (as the search groups them)."""
    group_mains = searcher.group_mains
    shapes = searcher.shapes
    need = shapes.rules.packs
    mains: list[_Main] = []
    for r in range(3, 18):
        n = c[r]
        if not n:
            continue
        if r == BJ and shapes.rocket is not None and n == need and c[RJ] == need:
            mains.append((shapes.rocket, RJ, 1, shapes.rocket_play))
            break
        mains.append(group_mains[n - 1][r])
    return mains


def _search_split(counts: Sequence[int], searcher: _Searcher, fewest: bool) -> Split:
    c = list(counts)
    starts = _chain_starts(c, searcher)
    if starts is None:
        # No chain anywhere: the hand splits one way only.
        return Split(*_attach(_grouped(c, searcher), fewest, searcher))
    best_mains: list[_Main] = []
    best_score = [1e9, 1e9]
    mains: list[_Main] = []
    limit = RJ if fewest else ACE
    # Without single kickers (four players) no single rides along.
    single_limit = limit if searcher.single_kickers else 0
    single_cost = _SINGLE_COST
    # Two packs: stop trying new chains after this many complete splits (hands of up
    # to 33 cards with up to 8 of a rank have too many ways to be searched through).
    budget = [searcher.leaves]
    # How many trios and airplanes the split being built holds (parts that carry kickers).
    carriers = [0]
    pair_cost = _PAIR_COST
    single, pair, trio, airplane = _SINGLE, _PAIR, _TRIO, _AIRPLANE

    def leaf(cost: float) -> None:
        budget[0] -= 1
        plays = len(mains)
        if carriers[0]:
            cost, plays = priced(cost, plays)
        if fewest:
            if plays < best_score[0] or (plays == best_score[0] and cost < best_score[1]):
                best_score[0], best_score[1] = plays, cost
                best_mains[:] = mains
        elif cost < best_score[0] or (cost == best_score[0] and plays < best_score[1]):
            best_score[0], best_score[1] = cost, plays
            best_mains[:] = mains

    def priced(cost: float, plays: int) -> tuple[float, int]:
        # Price the kickers: each trio takes the weakest single or pair left, each
        # airplane as many singles (or pairs) as it has trios.
        singles: list[float] = []
        pairs: list[float] = []
        slots: list[int] = []
        spans: list[tuple[int, int]] = []
        for kind, top, length, _ in mains:
            if kind is single:
                if top <= single_limit:
                    singles.append(single_cost[top])
            elif kind is pair:
                if top <= limit:
                    pairs.append(pair_cost[top])
            elif kind is trio:
                slots.append(1)
            elif kind is airplane:
                slots.append(length)
                spans.append((top - length + 1, top))
        if spans and any(
            lo <= top <= hi
            for kind, top, _, _ in mains
            if kind is single or kind is pair
            for lo, hi in spans
        ):
            # A loose card of a rank in an airplane cannot ride on it: price the
            # split as it will be made.
            _, cost, plays = _attach(mains, fewest, searcher)
            return cost, plays
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
        return cost, plays

    group_cost = searcher.group_cost
    group_mains = searcher.group_mains
    chains = searcher.chains
    rocket = searcher.shapes.rocket
    rocket_play = searcher.shapes.rocket_play
    rocket_need = searcher.shapes.rules.packs  # jokers of each colour in the rocket
    rocket_cost = move_cost(rocket_play) if rocket_play is not None else 0.0

    def search(r: int, first_option: int, cost: float) -> None:
        # Chains branch by recursion; the rest of a rank is grouped in the loop (and
        # put back, with the main parts it added, when the loop is done).
        grouped: list[tuple[int, int]] = []  # (rank, count)
        start = len(mains)
        carried = 0  # trios grouped here
        while True:
            while r < 18 and c[r] == 0:
                r += 1
                first_option = 0
            if r >= 18:
                leaf(cost)
                break
            n = c[r]
            if starts[r] and c[r + 1] and budget[0] > 0:
                for index, (kind, width, min_len, highest, chain_cost, chain_play) in enumerate(
                    chains
                ):
                    if n < width:
                        break
                    t = r + min_len - 1  # quick test: is the shortest chain there?
                    if t > highest or min(c[r + 1 : t + 1]) < width:
                        continue
                    t = r
                    while t <= highest and c[t] >= width:
                        t += 1
                    base = index * 16
                    for length in range(min_len, t - r + 1):
                        code = base + length
                        if code < first_option:
                            continue  # each multiset of chains once: in (kind, length) order
                        end = r + length
                        for x in range(r, end):
                            c[x] -= width
                        mains.append((kind, end - 1, length, chain_play[end - 1][length]))
                        lifts = kind is airplane  # an airplane carries kickers
                        carriers[0] += lifts
                        search(r, code, cost + chain_cost[end - 1][length])
                        carriers[0] -= lifts
                        mains.pop()
                        for x in range(r, end):
                            c[x] += width
            if r == BJ and rocket is not None and c[BJ] == rocket_need and c[RJ] == rocket_need:
                grouped.append((BJ, rocket_need))
                grouped.append((RJ, rocket_need))
                c[BJ] = c[RJ] = 0
                mains.append((rocket, RJ, 1, rocket_play))
                cost += rocket_cost
                r = 18
                continue
            grouped.append((r, n))
            c[r] = 0
            main = group_mains[n - 1][r]
            if main[0] is trio:
                carriers[0] += 1
                carried += 1
            mains.append(main)
            cost += group_cost[n - 1][r]
            r += 1
            first_option = 0
        for x, n in grouped:
            c[x] = n
        del mains[start:]
        carriers[0] -= carried

    search(3, 0, 0.0)
    return Split(*_attach(best_mains, fewest, searcher))


def _known(play: Play | None) -> Play:
    """A play from the shapes' tables that the search relies on being there."""
    if play is None:  # pragma: no cover - the search builds only shapes the core reads
        raise AssertionError("the search built a play the core does not read")
    return play


#: Not looked up yet in :attr:`_Searcher.kicked` (None is an answer: the profile has
#: no such reading).
_UNREAD = Play(Kind.SINGLE, Rank.THREE, 0, ())


def _attach(
    mains: list[_Main], fewest: bool, searcher: _Searcher
) -> tuple[tuple[Play, ...], float, int]:
    """Attach kickers to the trios and airplanes of a list of main parts (greedily,
    lowest and weakest first, where the profile reads the result as one play) and
    price the result."""
    singles: list[int] = []
    pairs: list[int] = []
    trios: list[int] = []
    planes: list[tuple[int, int, Play | None]] = []
    out: list[Play] = []
    limit = RJ if fewest else ACE  # the bots keep 2s and jokers out of kickers
    for kind, top, length, play in mains:
        if kind is _SINGLE and top <= limit:
            singles.append(top)
        elif kind is _PAIR and top <= limit:
            pairs.append(top)
        elif kind is _TRIO:
            trios.append(top)
        elif kind is _AIRPLANE:
            planes.append((top, length, play))
        else:
            out.append(_known(play))
    shapes = searcher.shapes
    group_plays = shapes.group_plays
    reading = shapes.reading
    kicked = searcher.kicked
    s_used = [False] * len(singles)
    p_used = [False] * len(pairs)
    width = main_width(_AIRPLANE) if planes else 0
    for top, length, bare in sorted(planes, key=lambda p: -p[1]):
        lo = top - length + 1
        main = [x for x in range(lo, top + 1) for _ in range(width)]
        pick = [i for i, x in enumerate(singles) if not s_used[i] and not lo <= x <= top]
        if len(pick) >= length:
            kick = [singles[i] for i in pick[:length]]
            play = reading(_AIRPLANE_SINGLES, top, tuple(sorted(main + kick)))
            if play is not None:
                for i in pick[:length]:
                    s_used[i] = True
                out.append(play)
                continue
        pick = [i for i, x in enumerate(pairs) if not p_used[i] and not lo <= x <= top]
        if len(pick) >= length:
            kick = [pairs[i] for i in pick[:length] for _ in range(2)]
            play = reading(_AIRPLANE_PAIRS, top, tuple(sorted(main + kick)))
            if play is not None:
                for i in pick[:length]:
                    p_used[i] = True
                out.append(play)
                continue
        out.append(_known(bare))
    trio_width = main_width(_TRIO) if trios else 0
    for top in trios:
        main = [top] * trio_width
        si = next((i for i, u in enumerate(s_used) if not u), -1)
        pi = next((i for i, u in enumerate(p_used) if not u), -1)
        with_single = with_pair = None
        if si >= 0:
            key = (top, singles[si], False)
            with_single = kicked.get(key, _UNREAD)
            if with_single is _UNREAD:
                ranks = tuple(sorted([*main, singles[si]]))
                with_single = kicked[key] = reading(_TRIO_SINGLE, top, ranks)
        if pi >= 0:
            key = (top, pairs[pi], True)
            with_pair = kicked.get(key, _UNREAD)
            if with_pair is _UNREAD:
                ranks = tuple(sorted([*main, pairs[pi], pairs[pi]]))
                with_pair = kicked[key] = reading(_TRIO_PAIR, top, ranks)
        if with_single is not None and (
            with_pair is None
            or 1.0 - _single_strength(singles[si]) >= 1.0 - _pair_strength(pairs[pi])
        ):
            s_used[si] = True
            out.append(with_single)
        elif with_pair is not None:
            p_used[pi] = True
            out.append(with_pair)
        else:
            out.append(_known(group_plays[2][top]))
    for i, x in enumerate(singles):
        if not s_used[i]:
            out.append(_known(group_plays[0][x]))
    for i, x in enumerate(pairs):
        if not p_used[i]:
            out.append(_known(group_plays[1][x]))
    cost = 0.0
    for m in out:
        cost += move_cost(m)
    return tuple(out), cost, len(out)
