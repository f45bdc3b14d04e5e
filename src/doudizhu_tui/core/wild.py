"""Wildcards, 癞子: the wild ranks, readings with wilds, bomb classes and beating.

With ``wildcards = 1`` (profile ``laizi``) one rank from 3 to 2 is drawn from the deal
code after the landlord takes the kitty; with ``wildcards = 2`` (``tiandi``) a first
rank is drawn before the auction and a second, different one after.  The four cards of
a wild rank are wild: each may stand for any rank from 3 to 2 (never a joker; in a
chain never a 2), chosen by whoever plays it.  A wild played as its own rank is an
ordinary card.

A reading with wilds is a :class:`~.combos.Play` whose ``ranks`` are the ranks the
cards stand for, ``wilds`` the ranks the wild cards stood for and ``wild_cards`` the
wild cards' own ranks (see :func:`cards_of`).  Readings that differ only in what a
*kicker* wild stood for are one play: the recorded one has the fewest wilds, then the
lowest.  Bombs come in three classes (:class:`BombClass`): soft (1-3 wilds) < natural
< wild (four wild cards) < rocket; within a class by rank.

>>> from .cards import parse_ranks
>>> nine = (Rank.NINE,)
>>> [f"{p.kind.name} {show(p)}" for p in classify_wild(parse_ranks("7 7 7 9"), nine)]
['TRIO_SINGLE 7 7 7 9', 'BOMB 7 7 7 [7]']
>>> soft = default_wild_reading(classify_wild(parse_ranks("7 7 7 9"), nine))
>>> bomb_class(soft).name, beats_wild(soft, classify(parse_ranks("3 3 3 3"))[0])
('SOFT', False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum
from itertools import combinations_with_replacement, product

from .cards import RANK_BY_VALUE, Card, Rank, counts_of
from .combos import Kind, Play, classify, classify_counts, main_width
from .deal import DealCode
from .moves import legal_plays_counts, plays_of_kind
from .rules import CLASSIC, RuleProfile
from .wild_moves import _readings, legal_plays_wild

__all__ = [
    "WILDABLE_RANKS",
    "WILD_PURPOSES",
    "BombClass",
    "beats_wild",
    "bomb_class",
    "cards_of",
    "classify_wild",
    "default_wild_reading",
    "draw_wild_ranks",
    "legal_plays_wild",
    "show",
    "why_not_wild",
]

_TWO = 15
#: The ranks a wild rank is drawn from, and the ranks a wild card may stand for.
WILDABLE_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r <= Rank.TWO)
#: The purposes of the deal code's random streams that draw the first and second rank.
WILD_PURPOSES = ("wild-1", "wild-2")


def draw_wild_ranks(code: DealCode, count: int) -> tuple[Rank, ...]:
    """The ``count`` (0, 1 or 2) wild ranks of a deal, drawn from its code, in the
    order they are shown (under ``tiandi`` the first before the auction).

    >>> from .deal import code_from_number
    >>> a, b = draw_wild_ranks(code_from_number(7), 2)
    >>> a != b and draw_wild_ranks(code_from_number(7), 1) == (a,)
    True
    """
    if not 0 <= count <= 2:
        raise ValueError(f"wildcards must be 0, 1 or 2, not {count}")
    out: list[Rank] = []
    for purpose in WILD_PURPOSES[:count]:
        choices = [r for r in WILDABLE_RANKS if r not in out]
        out.append(code.rng(purpose).choice(choices))
    return tuple(out)


class BombClass(IntEnum):
    """The class of a bomb, low to high: every soft bomb < natural < wild (< rocket)."""

    SOFT = 1
    NATURAL = 2
    WILD = 3


def bomb_class(play: Play) -> BombClass | None:
    """The class of a bomb (None for every other play): soft with 1-3 wilds, natural
    with none, wild when all four cards are wild."""
    if play.kind is not Kind.BOMB:
        return None
    n = len(play.wilds)
    if n == 0:
        return BombClass.NATURAL
    return BombClass.WILD if n == 4 else BombClass.SOFT


def beats_wild(play: Play, last: Play) -> bool:
    """Whether ``play`` beats ``last`` with bomb classes: the rocket beats all; a bomb
    beats every play but the rocket and a bomb of a higher class, or of the same class
    and a rank not below its own; otherwise kind and length match and the rank is higher.
    For plays without wilds it is :func:`~.combos.beats`.
    """
    kind, last_kind = play.kind, last.kind
    if kind is Kind.ROCKET:
        return last_kind is not Kind.ROCKET
    if last_kind is Kind.ROCKET:
        return False
    if kind is Kind.BOMB:
        if last_kind is not Kind.BOMB:
            return True
        mine, theirs = bomb_class(play), bomb_class(last)
        assert mine is not None and theirs is not None
        # Every bomb with wilds has four cards; two-pack bombs (R51) are natural.
        return (mine, play.size, play.rank) > (theirs, last.size, last.rank)
    if last_kind is Kind.BOMB:
        return False
    return kind is last_kind and play.length == last.length and play.rank > last.rank


def why_not_wild(play: Play, last: Play) -> str | None:
    """Why ``play`` does not beat ``last`` when a bomb class decides it; None when it
    beats, or when the classic reasons (:func:`~.reasons.explain`) apply.

    >>> from .cards import parse_ranks
    >>> soft = default_wild_reading(classify_wild(parse_ranks("A A A 9"), (Rank.NINE,)))
    >>> why_not_wild(soft, classify(parse_ranks("3 3 3 3"))[0])
    'a soft bomb cannot beat a natural bomb'
    """
    if beats_wild(play, last):
        return None
    mine, theirs = bomb_class(play), bomb_class(last)
    if mine is None or theirs is None:
        return None
    if mine < theirs:
        return f"a {mine.name.lower()} bomb cannot beat a {theirs.name.lower()} bomb"
    return f"a {mine.name.lower()} bomb beats a {theirs.name.lower()} bomb only with a higher rank"


def cards_of(play: Play) -> tuple[Rank, ...]:
    """The cards a play takes from the hand, lowest first: its ranks with each wild's
    stood-for rank replaced by the wild card's own rank."""
    if not play.wilds:
        return play.ranks
    rest = list(play.ranks)
    for r in play.wilds:
        rest.remove(r)
    return tuple(sorted(rest + list(play.wild_cards)))


def show(play: Play) -> str:
    """The play as the table shows it, each wild in brackets as the rank it stood for:
    ``7 8 9 [10] J``; main part first."""
    main, kickers = play.marked()
    return " ".join(main + kickers)


def _sorted_ranks(counts: dict[int, int]) -> tuple[Rank, ...]:
    return tuple(RANK_BY_VALUE[r] for r in sorted(counts) for _ in range(counts[r]))  # type: ignore[misc]


def _record(
    reading: Play, stood: dict[int, int], own: dict[int, int]
) -> tuple[tuple[Rank, ...], tuple[Rank, ...]]:
    """(wilds, wild_cards) of a reading whose wild cards of ranks ``own`` stood for the
    ranks ``stood``: a wild standing for its own rank is ordinary, except in a bomb."""
    stood, own = dict(stood), dict(own)
    if reading.kind is not Kind.BOMB:
        for a in list(own):
            c = min(own[a], stood.get(a, 0))
            if c:
                own[a] -= c
                stood[a] -= c
    stood = {r: c for r, c in stood.items() if c}
    own = {r: c for r, c in own.items() if c}
    return _sorted_ranks(stood), _sorted_ranks(own)


def _best(plays: Iterable[Play]) -> list[Play]:
    """One play per (kind, rank, length, cards taken): the one with the fewest, then
    the lowest, recorded wilds; first-met order."""
    best: dict[tuple[Kind, Rank, int, tuple[Rank, ...]], Play] = {}
    for p in plays:
        key = (p.kind, p.rank, p.length, cards_of(p))
        old = best.get(key)
        if old is None or (len(p.wilds), p.wilds, p.wild_cards) < (
            len(old.wilds),
            old.wilds,
            old.wild_cards,
        ):
            best[key] = p
    return list(best.values())


def _split(counts: Sequence[int], wild_ranks: Sequence[int]) -> tuple[list[int], dict[int, int]]:
    """The natural counts (wild ranks emptied) and the wild cards held, by rank."""
    natural = list(counts)
    pool: dict[int, int] = {}
    for a in wild_ranks:
        pool[int(a)] = natural[a]
        natural[a] = 0
    return natural, pool


def classify_wild(
    cards: Iterable[Card | Rank], wild_ranks: Sequence[Rank], rules: RuleProfile = CLASSIC
) -> list[Play]:
    """Every reading of a selection whose cards of ``wild_ranks`` are wild, one per
    (kind, rank, length); ``[]`` if no assignment of the wilds makes it a play.

    These are the leads of the selection, taken as a hand, that use all of its cards
    (:func:`legal_plays_wild`), built only for the kinds and lengths that many cards
    can make, so a selection of eight wild cards is read in a fraction of a
    millisecond, not by trying every assignment (:func:`_classify_wild_slow`).
    """
    items = list(cards)
    natural, pool = _split(counts_of(items), wild_ranks)
    if not sum(pool.values()):
        return classify_counts(natural, rules)
    return _readings(items, wild_ranks, rules)


def _classify_wild_slow(
    cards: Iterable[Card | Rank], wild_ranks: Sequence[Rank], rules: RuleProfile = CLASSIC
) -> list[Play]:
    """:func:`classify_wild` by trying every assignment of the wilds, kept as the
    reference it is tested against."""
    natural, pool = _split(counts_of(cards), wild_ranks)
    w = sum(pool.values())
    if not w:
        return classify_counts(natural, rules)
    out: list[Play] = []
    for stood_for in combinations_with_replacement(range(3, _TWO + 1), w):
        virtual = list(natural)
        for r in stood_for:
            virtual[r] += 1
        if any(virtual[r] > 4 for r in stood_for):
            continue
        stood: dict[int, int] = {}
        for r in stood_for:
            stood[r] = stood.get(r, 0) + 1
        for reading in classify_counts(virtual, rules):
            wilds, own = _record(reading, stood, pool)
            out.append(reading._replace(wilds=wilds, wild_cards=own))
    return _best(out)


def default_wild_reading(readings: Sequence[Play]) -> Play:
    """The reading a leader plays without choosing: the most cards in the main part,
    then the higher rank; a bomb of four wild cards stands for the highest own rank
    among its cards."""
    if not readings:
        raise ValueError("no readings to choose from")

    def key(p: Play) -> tuple[int, bool, Rank]:
        named = bomb_class(p) is not BombClass.WILD or p.rank == max(p.wild_cards)
        return (main_width(p.kind) * p.length, named, p.rank)

    return max(readings, key=key)


def _realize(reading: Play, natural: Sequence[int], pool: dict[int, int], w: int) -> list[Play]:
    """Every way of playing a classic ``reading`` from the hand with natural cards
    ``natural`` and wild cards ``pool``: how many wilds stand for each rank, and which."""
    need: dict[int, int] = {}
    for card in reading.ranks:
        need[card] = need.get(card, 0) + 1
    ranges: list[range] = []
    ranks = list(need)
    low = 0
    for r in ranks:
        lo = max(0, need[r] - natural[r])
        hi = need[r] if r <= _TWO else 0
        if lo > hi:
            return []
        low += lo
        ranges.append(range(lo, min(hi, w) + 1))
    if low > w:
        return []
    out: list[Play] = []
    wild_list = sorted(pool)
    for xs in product(*ranges):
        k = sum(xs)
        if k > w:
            continue
        stood = {r: x for r, x in zip(ranks, xs, strict=True) if x}
        if not k:
            owns: list[dict[int, int]] = [{}]
        elif len(wild_list) == 1:
            owns = [{wild_list[0]: k}]
        else:
            a, b = wild_list
            owns = [{a: i, b: k - i} for i in range(max(0, k - pool[b]), min(k, pool[a]) + 1)]
        for own in owns:
            wilds, cards = _record(reading, stood, own)
            out.append(reading._replace(wilds=wilds, wild_cards=cards) if wilds else reading)
    return out


def _legal_plays_wild_slow(
    hand: Iterable[Card | Rank],
    wild_ranks: Sequence[Rank],
    last: Play | None = None,
    rules: RuleProfile = CLASSIC,
) -> list[Play]:
    """:func:`legal_plays_wild` the slow way, kept as the reference the fast one is
    tested against: every classic play of the hand with every rank 3..2 topped up by
    all the wilds, realized every way the wilds allow, then filtered."""
    counts = counts_of(hand)
    natural, pool = _split(counts, wild_ranks)
    w = sum(pool.values())
    size = sum(counts)
    # The widest hand the wilds could make: every rank 3..2 topped up by all of them.
    wide = [c if r > _TWO or r < 3 else min(4, c + w) for r, c in enumerate(natural)]
    if last is not None and last.kind is Kind.BOMB:
        base = plays_of_kind(wide, Kind.BOMB, 0, 0, rules)
        base += plays_of_kind(wide, Kind.ROCKET, 0, 0, rules)
    else:
        base = legal_plays_counts(wide, last, rules)
    out: list[Play] = []
    for reading in base:
        if len(reading.ranks) > size:
            continue
        for p in _realize(reading, natural, pool, w):
            if last is None or beats_wild(p, last):
                out.append(p)
    return _best(out)


_ = classify  # re-exported for the doctest above
