"""The 14 kinds of play, reading a set of cards as plays, and beating (R10-R20).

A set of cards can have several *readings* (``333444555666`` is a four-trio
airplane, or a three-trio airplane with three single kickers, two ways).
:func:`classify` returns every reading; :func:`beats` compares two readings.

>>> [p.describe() for p in classify(parse_cards("3 3 3 4 4 4 5 5 5 6 6 6"))]
['airplane 3-3-3-4-4-4-5-5-5-6-6-6', 'airplane+singles 3-3-3-4-4-4-5-5-5+6-6-6', \
'airplane+singles 4-4-4-5-5-5-6-6-6+3-3-3']
>>> beats(classify(parse_cards("2 2"))[0], classify(parse_cards("A A"))[0])
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from typing import NamedTuple

from .cards import RANK_BY_VALUE, Card, Rank, counts_of, parse_cards
from .rules import CLASSIC, RuleProfile

__all__ = [
    "CLASSIC_KINDS",
    "NO_AIRPLANES",
    "NO_FOUR_TWO",
    "NO_SHUTTLES",
    "NO_SINGLE_KICKERS",
    "SHUTTLE_KINDS",
    "Kind",
    "Play",
    "beats",
    "classify",
    "classify_counts",
    "default_reading",
    "kind_refused",
    "main_width",
    "play_of",
]

_ = parse_cards  # used by the doctests above


class Kind(Enum):
    """The 14 kinds of play, then the kinds that only variant profiles play (R42)."""

    SINGLE = "single"
    PAIR = "pair"
    TRIO = "trio"
    TRIO_SINGLE = "trio+single"
    TRIO_PAIR = "trio+pair"
    STRAIGHT = "straight"
    PAIR_CHAIN = "pair chain"
    AIRPLANE = "airplane"
    AIRPLANE_SINGLES = "airplane+singles"
    AIRPLANE_PAIRS = "airplane+pairs"
    FOUR_TWO_SINGLES = "four+two singles"
    FOUR_TWO_PAIRS = "four+two pairs"
    BOMB = "bomb"
    ROCKET = "rocket"
    # The variants' kinds, after the fourteen so that their order stays as it was.
    #: Two or more fours in a run (R42), only with ``space_shuttle = true``.
    SPACE_SHUTTLE = "space shuttle"
    SPACE_SHUTTLE_SINGLES = "space shuttle+singles"
    SPACE_SHUTTLE_PAIRS = "space shuttle+pairs"

    @property
    def label(self) -> str:
        """The kind's name as players say it."""
        return self.value

    @property
    def is_chain(self) -> bool:
        """True for straights, pair chains, the three airplanes and the space shuttles."""
        return self in _CHAIN_KINDS

    def __repr__(self) -> str:
        """``Kind.PAIR``: pastes back given ``from doudizhu_tui.core import *``."""
        return f"Kind.{self.name}"


_CHAIN_KINDS = frozenset(
    {
        Kind.STRAIGHT,
        Kind.PAIR_CHAIN,
        Kind.AIRPLANE,
        Kind.AIRPLANE_SINGLES,
        Kind.AIRPLANE_PAIRS,
        Kind.SPACE_SHUTTLE,
        Kind.SPACE_SHUTTLE_SINGLES,
        Kind.SPACE_SHUTTLE_PAIRS,
    }
)
#: The fourteen kinds of the classic rules (R10), in their order.
CLASSIC_KINDS: tuple[Kind, ...] = tuple(Kind)[:14]

# How many cards of each rank the main part of a kind holds.
_WIDTH: dict[Kind, int] = {
    Kind.SINGLE: 1,
    Kind.PAIR: 2,
    Kind.TRIO: 3,
    Kind.TRIO_SINGLE: 3,
    Kind.TRIO_PAIR: 3,
    Kind.STRAIGHT: 1,
    Kind.PAIR_CHAIN: 2,
    Kind.AIRPLANE: 3,
    Kind.AIRPLANE_SINGLES: 3,
    Kind.AIRPLANE_PAIRS: 3,
    Kind.FOUR_TWO_SINGLES: 4,
    Kind.FOUR_TWO_PAIRS: 4,
    Kind.BOMB: 4,
    Kind.ROCKET: 1,
    Kind.SPACE_SHUTTLE: 4,
    Kind.SPACE_SHUTTLE_SINGLES: 4,
    Kind.SPACE_SHUTTLE_PAIRS: 4,
}


#: The airplanes: trios in a run, bare or with wings.
_AIRPLANE_KINDS = frozenset({Kind.AIRPLANE, Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS})

#: The space shuttles: fours in a run, bare or with wings.
SHUTTLE_KINDS = frozenset(
    {Kind.SPACE_SHUTTLE, Kind.SPACE_SHUTTLE_SINGLES, Kind.SPACE_SHUTTLE_PAIRS}
)

#: The reason an airplane is refused when the profile has ``airplanes = false``.
NO_AIRPLANES = "airplanes are not played at this table (one trio at a time)"
#: The reason a space shuttle is refused when the profile has no ``space_shuttle``.
NO_SHUTTLES = "space shuttles are not played at this table (play the fours as bombs)"
#: The reason a trio or airplane with single kickers is refused at four players (R50).
NO_SINGLE_KICKERS = (
    "single kickers are not played with four players (a trio takes a pair or nothing)"
)
#: The reason four+two is refused at four players (R50).
NO_FOUR_TWO = "four+two is not played with four players (four of a kind is a bomb)"

#: The kinds with single kickers, which the four-player game does not play (R50).
_SINGLE_KICKER_KINDS = frozenset({Kind.TRIO_SINGLE, Kind.AIRPLANE_SINGLES})
_FOUR_TWO_KINDS = frozenset({Kind.FOUR_TWO_SINGLES, Kind.FOUR_TWO_PAIRS})


def kind_refused(kind: Kind, rules: RuleProfile) -> str | None:
    """Why no play of ``kind`` is played under ``rules``; None when the kind is played.

    >>> kind_refused(Kind.AIRPLANE, RuleProfile(airplanes=False))
    'airplanes are not played at this table (one trio at a time)'
    >>> kind_refused(Kind.AIRPLANE, CLASSIC) is None
    True
    """
    if kind in _AIRPLANE_KINDS and not rules.airplanes:
        return NO_AIRPLANES
    if kind in SHUTTLE_KINDS and not rules.space_shuttle:
        return NO_SHUTTLES
    if rules.players == 4:
        if kind in _SINGLE_KICKER_KINDS:
            return NO_SINGLE_KICKERS
        if kind in _FOUR_TWO_KINDS:
            return NO_FOUR_TWO
    return None


def main_width(kind: Kind) -> int:
    """How many cards of each of its ranks the main part of ``kind`` holds."""
    return _WIDTH[kind]


class Play(NamedTuple):
    """One reading of a set of cards as a play.

    ``rank`` is the main rank (the group's rank, or the top of a chain; kickers
    never count), ``length`` the chain length (1 for kinds that are not
    chains) and ``ranks`` every card of the play, lowest first.  Two plays are
    equal when they are the same reading of the same ranks.

    With wildcards (:mod:`.wild`), ``ranks`` are the ranks the cards stand for,
    ``wilds`` the ranks the wild cards stood for and ``wild_cards`` the wild cards'
    own ranks (both lowest first; a wild played as its own rank is an ordinary card
    and is in neither, except in a bomb of four wild cards).  Both are empty for
    every play without wilds, so such plays compare and print as before.
    """

    kind: Kind
    rank: Rank
    length: int
    ranks: tuple[Rank, ...]
    wilds: tuple[Rank, ...] = ()
    wild_cards: tuple[Rank, ...] = ()

    @property
    def size(self) -> int:
        """How many cards the play holds."""
        return len(self.ranks)

    @property
    def main(self) -> tuple[Rank, ...]:
        """The cards of the main part (trio, four, chain or group), lowest first."""
        if self.kind is Kind.ROCKET or self.kind is Kind.BOMB:
            return self.ranks
        width = _WIDTH[self.kind]
        out: list[Rank] = []
        for value in range(self.rank - self.length + 1, self.rank + 1):
            rank = RANK_BY_VALUE[value]
            assert rank is not None
            out.extend([rank] * width)
        return tuple(out)

    @property
    def kickers(self) -> tuple[Rank, ...]:
        """The attached cards (wings), lowest first; empty for kinds without any."""
        rest = list(self.ranks)
        for r in self.main:
            rest.remove(r)
        return tuple(rest)

    def describe(self) -> str:
        """The kind and the cards, e.g. ``trio+single 9-9-9+3``."""
        return f"{self.kind.label} {self.label()}"

    def marked(self) -> tuple[list[str], list[str]]:
        """The symbols of the main part and of the kickers, lowest first, each wild in
        brackets as the rank it stood for: ``(['9', '9', '[9]'], ['3'])``."""
        if not self.wilds:
            return [r.symbol for r in self.main], [r.symbol for r in self.kickers]
        marked = list(self.wilds)

        def symbols(ranks: tuple[Rank, ...]) -> list[str]:
            out: list[str] = []
            for r in reversed(ranks):  # the wilds are the highest cards of a rank
                if r in marked:
                    marked.remove(r)
                    out.append(f"[{r.symbol}]")
                else:
                    out.append(r.symbol)
            return out[::-1]

        kickers = symbols(self.kickers)  # the kickers take the wilds first
        return symbols(self.main), kickers

    def label(self) -> str:
        """The cards joined for reading, main part first: ``9-9-9+3``, ``Q-Q``; a wild
        shows in brackets as the rank it stood for: ``9-9-[9]+3``."""
        main, kickers = self.marked()
        if kickers:
            return "-".join(main) + "+" + "-".join(kickers)
        return "-".join(main)

    def __str__(self) -> str:
        """The cards in the text notation, main part first (parse_cards reads it back)."""
        return " ".join(r.symbol for r in (*self.main, *self.kickers))

    def __repr__(self) -> str:
        """The constructor call, e.g. ``Play(Kind.PAIR, Rank.NINE, 1, parse_ranks('9 9'))``;
        it pastes back given ``from doudizhu_tui.core import *``."""
        ranks = " ".join(r.symbol for r in self.ranks)
        head = f"Play({self.kind!r}, {self.rank!r}, {self.length}, parse_ranks('{ranks}')"
        if not self.wilds:
            return head + ")"
        wilds = " ".join(r.symbol for r in self.wilds)
        cards = " ".join(r.symbol for r in self.wild_cards)
        return f"{head}, parse_ranks('{wilds}'), parse_ranks('{cards}'))"


def play_of(kind: Kind, rank: int, length: int, ranks: Iterable[int]) -> Play:
    """The reading ``kind`` with main rank ``rank`` (a rank value), chain length
    ``length`` and the cards ``ranks`` (rank values, in any order)."""
    top = RANK_BY_VALUE[rank]
    assert top is not None
    return Play(kind, top, length, tuple(sorted(RANK_BY_VALUE[r] for r in ranks)))  # type: ignore[misc]


def classify(cards: Iterable[Card | Rank], rules: RuleProfile = CLASSIC) -> list[Play]:
    """Every reading of a set of cards as a play; ``[]`` if it is not a play.

    >>> [p.kind.name for p in classify(parse_cards("3 3 3 3 4 5"))]
    ['FOUR_TWO_SINGLES']
    >>> classify(parse_cards("3 3 3 4 4 4 BJ RJ"))
    []
    """
    return classify_counts(counts_of(cards), rules)


def _run_top(counts: Sequence[int], need: int, lo: int, hi: int) -> bool:
    return all(counts[r] == need for r in range(lo, hi + 1))


def classify_counts(counts: Sequence[int], rules: RuleProfile = CLASSIC) -> list[Play]:
    """Every reading of the cards in a rank-count vector (see :func:`classify`)."""
    present = [r for r in range(3, 18) if counts[r]]
    if not present:
        return []
    if rules.players == 4:
        return _classify_four(counts, present, rules)
    n = sum(counts)
    ranks = [r for r in present for _ in range(counts[r])]
    out: list[Play] = []
    lo, hi = present[0], present[-1]
    nd = len(present)
    if n == 1:
        return [play_of(Kind.SINGLE, lo, 1, ranks)]
    if n == 2:
        if nd == 1:
            return [play_of(Kind.PAIR, lo, 1, ranks)]
        if lo == Rank.BLACK_JOKER:
            return [play_of(Kind.ROCKET, Rank.RED_JOKER, 1, ranks)]
        return []
    if nd == 1:
        if n == 3:
            return [play_of(Kind.TRIO, lo, 1, ranks)]
        return [play_of(Kind.BOMB, lo, 1, ranks)]
    if nd == 2 and n in (4, 5):
        trio = lo if counts[lo] == 3 else hi if counts[hi] == 3 else 0
        other = hi if trio == lo else lo
        if trio and counts[other] == n - 3:
            return [play_of(Kind.TRIO_SINGLE if n == 4 else Kind.TRIO_PAIR, trio, 1, ranks)]
        return []
    _bare_chain(counts, present, n, ranks, rules, out)
    rocket_inside = counts[Rank.BLACK_JOKER] and counts[Rank.RED_JOKER]
    if rules.airplanes:
        _winged(counts, present, n, ranks, 3, rocket_inside, out)
    if rules.space_shuttle and n >= 10:
        _winged(counts, present, n, ranks, 4, rocket_inside, out)
    if n in (6, 8):
        for f in present:
            if counts[f] != 4:
                continue
            rest = [r for r in present if r != f]
            if n == 6:
                if (len(rest) == 2 and not rocket_inside) or (
                    len(rest) == 1 and rules.four_two_same_rank_singles
                ):
                    out.append(play_of(Kind.FOUR_TWO_SINGLES, f, 1, ranks))
            elif len(rest) == 2 and all(counts[r] == 2 for r in rest):
                out.append(play_of(Kind.FOUR_TWO_PAIRS, f, 1, ranks))
    return out


def _classify_four(counts: Sequence[int], present: list[int], rules: RuleProfile) -> list[Play]:
    """The readings of two-pack cards at a four-player table (R50, R51): no single
    kickers, no four+two; a joker pair is two of one colour; a bomb is 4-8 cards of a
    rank; the rocket is all four jokers, which never ride together as kickers."""
    n = sum(counts)
    ranks = [r for r in present for _ in range(counts[r])]
    lo, hi = present[0], present[-1]
    nd = len(present)
    if nd == 1:
        if n <= 3:
            return [play_of((Kind.SINGLE, Kind.PAIR, Kind.TRIO)[n - 1], lo, 1, ranks)]
        return [play_of(Kind.BOMB, lo, 1, ranks)]
    if n == 4 and counts[Rank.BLACK_JOKER] == 2 and counts[Rank.RED_JOKER] == 2:
        return [play_of(Kind.ROCKET, Rank.RED_JOKER, 1, ranks)]
    if n == 5 and nd == 2:
        trio = lo if counts[lo] == 3 else hi if counts[hi] == 3 else 0
        if trio:
            return [play_of(Kind.TRIO_PAIR, trio, 1, ranks)]
        return []
    out: list[Play] = []
    _bare_chain(counts, present, n, ranks, rules, out)
    if rules.airplanes:
        _winged(counts, present, n, ranks, 3, 0, out, singles=False)
    return out


def _bare_chain(
    counts: Sequence[int],
    present: Sequence[int],
    n: int,
    ranks: Sequence[int],
    rules: RuleProfile,
    out: list[Play],
) -> None:
    """The reading of the cards as a chain without wings: a straight, a pair chain, an
    airplane or (with ``space_shuttle``) a space shuttle (R12, R42)."""
    lo, hi, nd = present[0], present[-1], len(present)
    if hi > Rank.ACE or hi - lo + 1 != nd:
        return
    width = n // nd
    if width * nd != n or any(counts[r] != width for r in present):
        return
    if width == 1 and nd >= 5:
        out.append(play_of(Kind.STRAIGHT, hi, nd, ranks))
    elif width == 2 and nd >= 3:
        out.append(play_of(Kind.PAIR_CHAIN, hi, nd, ranks))
    elif width == 3 and nd >= 2 and rules.airplanes:
        out.append(play_of(Kind.AIRPLANE, hi, nd, ranks))
    elif width == 4 and rules.space_shuttle:
        out.append(play_of(Kind.SPACE_SHUTTLE, hi, nd, ranks))


#: The kinds of a run of ``width`` cards a rank with wings: (with singles, with pairs).
_WINGED: dict[int, tuple[Kind, Kind]] = {
    3: (Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS),
    4: (Kind.SPACE_SHUTTLE_SINGLES, Kind.SPACE_SHUTTLE_PAIRS),
}


def _winged(
    counts: Sequence[int],
    present: Sequence[int],
    n: int,
    ranks: Sequence[int],
    width: int,
    rocket_inside: int,
    out: list[Play],
    singles: bool = True,
) -> None:
    """The readings of the cards as a run of two or more groups of ``width`` (trios or
    fours) carrying one single, or one pair, per group (R13, R14, R42); without
    ``singles`` (four players, R50) only the pairs.  Pair kickers never hold all four
    jokers of two packs: those are the rocket (R50)."""
    with_singles, with_pairs = _WINGED[width]
    if singles and n % (width + 1) == 0 and n >= 2 * (width + 1) and not rocket_inside:
        k = n // (width + 1)
        for top in range(3 + k - 1, Rank.ACE + 1):
            if _run_top(counts, width, top - k + 1, top):
                out.append(play_of(with_singles, top, k, ranks))
    all_jokers = counts[Rank.BLACK_JOKER] == 2 and counts[Rank.RED_JOKER] == 2
    if n % (width + 2) == 0 and n >= 2 * (width + 2) and not all_jokers:
        k = n // (width + 2)
        for top in range(3 + k - 1, Rank.ACE + 1):
            if _run_top(counts, width, top - k + 1, top):
                rest = [r for r in present if not top - k + 1 <= r <= top]
                if len(rest) == k and all(counts[r] == 2 for r in rest):
                    out.append(play_of(with_pairs, top, k, ranks))


def default_reading(readings: Sequence[Play]) -> Play:
    """The reading used when a leader does not choose: the most cards in the main part,
    then the higher main rank.

    >>> default_reading(classify(parse_cards("3 3 3 4 4 4 5 5 5 6 6 6"))).kind.name
    'AIRPLANE'
    """
    if not readings:
        raise ValueError("no readings to choose from")
    return max(readings, key=lambda p: (_WIDTH[p.kind] * p.length, p.rank))


def beats(play: Play, last: Play) -> bool:
    """Whether ``play`` may be played on top of ``last`` (R16-R19).

    The rocket beats everything; a bomb beats every play that is not a higher
    bomb or the rocket; otherwise the kind and chain length must match and the
    main rank must be higher.
    """
    kind, last_kind = play.kind, last.kind
    if kind is Kind.ROCKET:
        return last_kind is not Kind.ROCKET
    if last_kind is Kind.ROCKET:
        return False
    if kind is Kind.BOMB:
        # More cards beat fewer (R51; every classic bomb has four), then the rank.
        return last_kind is not Kind.BOMB or (play.size, play.rank) > (last.size, last.rank)
    if last_kind is Kind.BOMB:
        return False
    return kind is last_kind and play.length == last.length and play.rank > last.rank
