"""The plays the bots consider, taken from the core's legal-move generator.

The core's :func:`~doudizhu_tui.core.legal_plays_counts` lists every legal play
under the deal's rule profile, kicker choices included (a trio with a single
kicker comes in a dozen versions).  The bots only ever want a few kickers: the
weakest cards they can spare.  :func:`answers` and :func:`leads` are the core's
plays with the kickers cut down to those (:func:`kicker_sets`); every main
part the core offers keeps at least one of its plays, and nothing is added, so
whatever the profile allows or forbids reaches the bots unchanged.
:func:`whole_hand` gives the core's readings of the whole hand as one play.

>>> from doudizhu_tui.core import CLASSIC, parse_cards, counts_of
>>> hand = counts_of(parse_cards("3 5 5 8 8 8 Q Q Q 2"))
>>> last = Play(Kind.TRIO_SINGLE, Rank.SEVEN, 1, (Rank.FOUR, *[Rank.SEVEN] * 3))
>>> [m.describe() for m in answers(hand, last, CLASSIC)]
['trio+single 8-8-8+3', 'trio+single 8-8-8+5', 'trio+single 8-8-8+Q', \
'trio+single Q-Q-Q+3', 'trio+single Q-Q-Q+5', 'trio+single Q-Q-Q+8']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement

from ..core import (
    Kind,
    Play,
    Rank,
    RuleProfile,
    classify_counts,
    legal_plays_counts,
    plays_of_kind,
)
from .analysis import (  # the kinds under short local names, defined once there
    _AIRPLANE,
    _AIRPLANE_PAIRS,
    _AIRPLANE_SINGLES,
    _BOMB,
    _FOUR_TWO_PAIRS,
    _FOUR_TWO_SINGLES,
    _PAIR,
    _PAIR_CHAIN,
    _ROCKET,
    _SINGLE,
    _STRAIGHT,
    _TRIO,
    _TRIO_PAIR,
    _TRIO_SINGLE,
    ACE,
    BJ,
    RJ,
    best_split,
    hand_key,
)
from .shapes import shapes_of, width_of

__all__ = [
    "answers",
    "groups_of",
    "kicker_sets",
    "leads",
    "sensible",
    "whole_hand",
]

#: The kinds with single kickers, and those with pair kickers (tuples: a kind is found
#: in them by identity, which is faster than hashing an enum member).
_SINGLE_KICKERS = (
    _TRIO_SINGLE,
    _AIRPLANE_SINGLES,
    _FOUR_TWO_SINGLES,
    Kind.SPACE_SHUTTLE_SINGLES,
)
_PAIR_KICKERS = (_TRIO_PAIR, _AIRPLANE_PAIRS, _FOUR_TWO_PAIRS, Kind.SPACE_SHUTTLE_PAIRS)
_KICKERS = _SINGLE_KICKERS + _PAIR_KICKERS


def kicker_sets(
    counts: Sequence[int], k: int, pairs: bool, lo: int, hi: int, spare: int = 2
) -> list[tuple[int, ...]]:
    """Sensible kicker choices: ``k`` singles (or pairs) outside ``lo..hi``, drawn from
    the ``k + spare`` cheapest ranks (loose cards first, low ranks first, 2s and
    jokers last), each choice as its ranks lowest first.

    Choices of ``k`` different ranks come first; then, for singles, the choices that
    take a rank more than once (the core decides which of them are plays).
    """
    need = 2 if pairs else 1
    cands: list[tuple[int, int]] = []
    top = BJ if pairs else 18
    for r in range(3, top):
        n = counts[r]
        if n >= need and not lo <= r <= hi:
            waste = n - need  # cards of the rank left over: 0 is a clean fit
            big = 1 if r > ACE else 0
            cands.append((big * 10 + (waste if n < 4 else 5), r))
    cands.sort()
    ranks = [r for _, r in cands[: k + spare]]
    out: list[tuple[int, ...]] = []
    for combo in combinations(ranks, k):
        if BJ in combo and RJ in combo:
            continue
        out.append(tuple(sorted(combo)))
    if not pairs and k > 1:
        for combo in combinations_with_replacement(ranks, k):
            if len(set(combo)) < k and all(combo.count(r) <= counts[r] for r in combo):
                out.append(tuple(sorted(combo)))
    return out


def _main_ranks(play: Play) -> list[int]:
    """The ranks of a play's main part (``width`` cards of each rank of the chain)."""
    width = width_of(play.kind)
    top = int(play.rank)
    return [r for r in range(top - play.length + 1, top + 1) for _ in range(width)]


def _trimmed(counts: Sequence[int], group: list[Play]) -> list[Play]:
    """Of the plays of one main part with kickers, those with sensible kickers, in the
    order of :func:`kicker_sets` (the first play of the group if none is sensible)."""
    first = group[0]
    main = _main_ranks(first)
    rest = list(counts)
    for r in main:
        rest[r] -= 1
    pairs = first.kind in _PAIR_KICKERS
    k = (len(first.ranks) - len(main)) // (2 if pairs else 1)
    top = int(first.rank)
    by_ranks: dict[tuple[int, ...], Play] = {p.ranks: p for p in group}
    out: list[Play] = []
    for kick in kicker_sets(rest, k, pairs, top - first.length + 1, top):
        extra = [r for r in kick for _ in range(2)] if pairs else list(kick)
        play = by_ranks.get(tuple(sorted(main + extra)))
        if play is not None:
            out.append(play)
    return out or [first]


def sensible(counts: Sequence[int], plays: Iterable[Play]) -> list[Play]:
    """``plays`` (from the hand ``counts``) with each main part's kickers cut down to the
    sensible ones; the order is kept, each main part's plays in kicker order."""
    out: list[Play] = []
    groups: dict[tuple[Kind, Rank, int], list[Play]] = {}
    for play in plays:
        if play.kind in _KICKERS:
            key = (play.kind, play.rank, play.length)
            group = groups.get(key)
            if group is None:
                group = groups[key] = []
                out.append(play)  # a place holder for the group
            group.append(play)
        else:
            out.append(play)
    if not groups:
        return out
    final: list[Play] = []
    for play in out:
        if play.kind in _KICKERS:
            final.extend(_trimmed(counts, groups[play.kind, play.rank, play.length]))
        else:
            final.append(play)
    return final


def answers(counts: Sequence[int], last: Play, rules: RuleProfile) -> list[Play]:
    """The plays that beat ``last`` under ``rules`` (sensible kickers only), weakest
    first, then the bombs and the rocket."""
    plays = legal_plays_counts(counts, last, rules)
    kind = last.kind
    if kind not in _KICKERS:
        return plays
    # Following, the plays of the table's kind all have its chain length: their main
    # parts differ by rank alone (bombs and the rocket come after them).
    groups: dict[int, list[Play]] = {}
    rest: list[Play] = []
    for play in plays:
        if play.kind is kind:
            group = groups.get(play.rank)
            if group is None:
                groups[play.rank] = [play]
            else:
                group.append(play)
        else:
            rest.append(play)
    out: list[Play] = []
    for group in groups.values():
        out.extend(_trimmed(counts, group))
    out.extend(rest)
    return out


def whole_hand(counts: Sequence[int], rules: RuleProfile) -> list[Play]:
    """The readings of the whole hand as one play under ``rules`` (empty if it is not
    one play, or if its best split has more than three plays: then it is not worth
    asking)."""
    key = shapes_of(rules).tag + hand_key(counts)
    hit = _WHOLE.get(key)
    if hit is None:
        n = sum(counts)
        if n > 20 or (n > 5 and best_split(counts, rules).plays > 3):
            hit = ()
        else:
            hit = tuple(classify_counts(counts, rules))
        if len(_WHOLE) >= _WHOLE_LIMIT:
            _WHOLE.clear()
        _WHOLE[key] = hit
    return list(hit)


#: whole_hand's answers, by profile and hand (tuples: most are the empty one, which
#: the garbage collector never visits).
_WHOLE: dict[bytes, tuple[Play, ...]] = {}
_WHOLE_LIMIT = 100_000


def groups_of(counts: Sequence[int], kind: Kind, rules: RuleProfile) -> list[Play]:
    """The plays of ``kind`` in a hand under ``rules``, lowest main rank first (meant
    for the kinds of one rank: singles, pairs, trios, bombs)."""
    if rules.packs > 1:
        return _groups_of_two_packs(counts, kind, rules)
    return sorted(plays_of_kind(counts, kind, rules=rules), key=lambda p: p.rank)


def _groups_of_two_packs(counts: Sequence[int], kind: Kind, rules: RuleProfile) -> list[Play]:
    """:func:`groups_of` with two packs, from the shapes' tables: each rank's single,
    pair and trio, and its bombs of four cards up to as many as it holds (smallest
    first); the other kinds from the core's leads."""
    shapes = shapes_of(rules)
    plays = shapes.group_plays
    if kind is _BOMB:
        bombs = [
            p
            for r in range(3, BJ)
            for n in range(4, counts[r] + 1)
            if (p := plays[n - 1][r]) is not None
        ]
        return sorted(bombs, key=lambda p: (len(p.ranks), p.rank))  # weakest first
    width = {_SINGLE: 1, _PAIR: 2, _TRIO: 3}.get(kind)
    if width is None:
        found = [p for p in legal_plays_counts(counts, None, rules) if p.kind is kind]
        return sorted(found, key=lambda p: p.rank)
    row = plays[width - 1]
    return [p for r in range(3, 18) if counts[r] >= width and (p := row[r]) is not None]


#: Where each kind stands in :func:`leads`: (group, is a chain, place within the group).
_LEAD_PLACE: dict[Kind, tuple[int, bool, int]] = {
    _SINGLE: (0, False, 0),
    _PAIR: (0, False, 1),
    _TRIO: (0, False, 2),
    _TRIO_SINGLE: (0, False, 3),
    _TRIO_PAIR: (0, False, 4),
    _STRAIGHT: (1, True, 0),
    _PAIR_CHAIN: (2, True, 0),
    _AIRPLANE: (3, True, 0),
    _AIRPLANE_SINGLES: (3, True, 1),
    _AIRPLANE_PAIRS: (3, True, 2),
    _FOUR_TWO_SINGLES: (4, False, 0),
    _FOUR_TWO_PAIRS: (4, False, 1),
    _BOMB: (5, False, 0),
    _ROCKET: (6, False, 0),
    Kind.SPACE_SHUTTLE: (7, True, 0),
    Kind.SPACE_SHUTTLE_SINGLES: (7, True, 1),
    Kind.SPACE_SHUTTLE_PAIRS: (7, True, 2),
}


def _lead_order(play: Play, index: int) -> tuple[int, int, int, int, int]:
    """The order of :func:`leads`: by rank the groups (single, pair, trio, trio with a
    kicker), then the straights, the pair chains, the airplanes (each with its
    kickers), four with two, the bombs, the rocket and the space shuttles (each with
    its kickers); a chain is placed by its lowest rank, then its top."""
    top = int(play.rank)
    lo = top - play.length + 1
    place = _LEAD_PLACE.get(play.kind)
    if place is None:
        return (8, lo, top, 0, index)  # a kind these bots do not know yet
    group, chain, sub = place
    if chain:
        return (group, lo, top, sub, index)
    return (group, top, sub, 0, index)


def leads(counts: Sequence[int], rules: RuleProfile) -> list[Play]:
    """Every lead of a hand under ``rules``, with sensible kickers only: by rank the
    singles, pairs, trios (bare and with a kicker), then chains, airplanes, four with
    two, bombs and the rocket."""
    plays = sensible(counts, legal_plays_counts(counts, None, rules))
    order = sorted(range(len(plays)), key=lambda i: _lead_order(plays[i], i))
    return [plays[i] for i in order]
