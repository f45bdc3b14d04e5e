"""The legal-move generator (R21-R23).

Everything works on rank-count vectors, kind by kind; when following, only the
kind on the table (with a higher main rank and the same chain length), the
bombs and the rocket are generated.

>>> hand = parse_cards("3 3 4 4 5 5 BJ RJ")
>>> len(legal_plays(hand))
10
>>> [p.label() for p in legal_plays(hand, classify(parse_cards("4 4"))[0])]
['5-5', 'BJ-RJ']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations

from .cards import RANK_BY_VALUE, Card, Rank, counts_of, parse_cards
from .combos import Kind, Play, classify
from .rules import CLASSIC, RuleProfile

__all__ = ["legal_plays", "legal_plays_counts", "plays_of_kind"]

_ = (parse_cards, classify)  # used by the doctests above

_R = RANK_BY_VALUE
_ACE = int(Rank.ACE)
_BJ = int(Rank.BLACK_JOKER)
_RJ = int(Rank.RED_JOKER)
_ALL = range(3, 18)


def _mk(kind: Kind, top: int, length: int, ranks: list[int]) -> Play:
    ranks.sort()
    return Play(kind, _R[top], length, tuple([_R[r] for r in ranks]))  # type: ignore[arg-type, misc]


def _singles_multisets(avail: list[tuple[int, int]], k: int, start: int = 0) -> Iterator[list[int]]:
    """Every multiset of ``k`` ranks drawn from (rank, count) pairs, in order."""
    if k == 0:
        yield []
        return
    for i in range(start, len(avail)):
        rank, count = avail[i]
        for take in range(min(count, k), 0, -1):
            for rest in _singles_multisets(avail, k - take, i + 1):
                yield [rank] * take + rest


def _groups(counts: Sequence[int], width: int, kind: Kind, above: int) -> list[Play]:
    return [
        _mk(kind, r, 1, [r] * width) for r in range(max(3, above + 1), 18) if counts[r] >= width
    ]


def _chains(
    counts: Sequence[int], width: int, kind: Kind, min_len: int, above: int, length: int
) -> list[Play]:
    """Chains of ``width`` cards a rank; ``length`` 0 means every length >= min_len."""
    out: list[Play] = []
    for lo in range(3, _ACE + 1):
        run = 0
        for top in range(lo, _ACE + 1):
            if counts[top] < width:
                break
            run += 1
            if run < min_len or top <= above:
                continue
            if length and run != length:
                if run > length:
                    break
                continue
            out.append(_mk(kind, top, run, [r for r in range(lo, top + 1) for _ in range(width)]))
    return out


def _airplanes_with(
    counts: Sequence[int], pairs: bool, above: int, length: int, rules: RuleProfile
) -> list[Play]:
    kind = Kind.AIRPLANE_PAIRS if pairs else Kind.AIRPLANE_SINGLES
    per = 5 if pairs else 4
    total = sum(counts)
    out: list[Play] = []
    for chain in _chains(counts, 3, Kind.AIRPLANE, 2, above, length):
        k = chain.length
        if k * per > total:
            continue
        top = int(chain.rank)
        lo = top - k + 1
        main = [int(r) for r in chain.ranks]
        if pairs:
            avail = [r for r in range(3, _BJ) if counts[r] >= 2 and not lo <= r <= top]
            for combo in combinations(avail, k):
                out.append(_mk(kind, top, k, main + [r for r in combo for _ in (0, 1)]))
        else:
            avail_pairs = [(r, counts[r]) for r in _ALL if counts[r] and not lo <= r <= top]
            for kick in _singles_multisets(avail_pairs, k):
                if _BJ in kick and _RJ in kick:
                    continue
                out.append(_mk(kind, top, k, main + kick))
    return out


def _trio_with(counts: Sequence[int], pairs: bool, above: int) -> list[Play]:
    kind = Kind.TRIO_PAIR if pairs else Kind.TRIO_SINGLE
    need = 2 if pairs else 1
    limit = _BJ if pairs else 18
    out: list[Play] = []
    for t in range(max(3, above + 1), 18):
        if counts[t] < 3:
            continue
        for k in range(3, limit):
            if k != t and counts[k] >= need:
                out.append(_mk(kind, t, 1, [t, t, t] + [k] * need))
    return out


def _four_with(counts: Sequence[int], pairs: bool, above: int, rules: RuleProfile) -> list[Play]:
    kind = Kind.FOUR_TWO_PAIRS if pairs else Kind.FOUR_TWO_SINGLES
    out: list[Play] = []
    for f in range(max(3, above + 1), _BJ):
        if counts[f] != 4:
            continue
        if pairs:
            avail = [r for r in range(3, _BJ) if r != f and counts[r] >= 2]
            for a, b in combinations(avail, 2):
                out.append(_mk(kind, f, 1, [f] * 4 + [a, a, b, b]))
        else:
            avail = [r for r in _ALL if r != f and counts[r]]
            for a, b in combinations(avail, 2):
                if a == _BJ and b == _RJ:
                    continue
                out.append(_mk(kind, f, 1, [f] * 4 + [a, b]))
            if rules.four_two_same_rank_singles:
                for a in avail:
                    if counts[a] >= 2:
                        out.append(_mk(kind, f, 1, [f] * 4 + [a, a]))
    return out


def plays_of_kind(
    counts: Sequence[int],
    kind: Kind,
    above: int = 0,
    length: int = 0,
    rules: RuleProfile = CLASSIC,
) -> list[Play]:
    """The plays of one kind in a hand, with main rank above ``above`` and, for
    chains, exactly ``length`` ranks (0: any length)."""
    if kind is Kind.SINGLE:
        return _groups(counts, 1, kind, above)
    if kind is Kind.PAIR:
        return _groups(counts, 2, kind, above)
    if kind is Kind.TRIO:
        return _groups(counts, 3, kind, above)
    if kind is Kind.BOMB:
        return [_mk(kind, r, 1, [r] * 4) for r in range(max(3, above + 1), _BJ) if counts[r] == 4]
    if kind is Kind.ROCKET:
        if counts[_BJ] and counts[_RJ]:
            return [_mk(kind, _RJ, 1, [_BJ, _RJ])]
        return []
    if kind is Kind.TRIO_SINGLE or kind is Kind.TRIO_PAIR:
        return _trio_with(counts, kind is Kind.TRIO_PAIR, above)
    if kind is Kind.STRAIGHT:
        return _chains(counts, 1, kind, 5, above, length)
    if kind is Kind.PAIR_CHAIN:
        return _chains(counts, 2, kind, 3, above, length)
    if kind is Kind.AIRPLANE:
        return _chains(counts, 3, kind, 2, above, length)
    if kind is Kind.AIRPLANE_SINGLES or kind is Kind.AIRPLANE_PAIRS:
        return _airplanes_with(counts, kind is Kind.AIRPLANE_PAIRS, above, length, rules)
    return _four_with(counts, kind is Kind.FOUR_TWO_PAIRS, above, rules)


_LEAD_ORDER: tuple[Kind, ...] = tuple(Kind)


def legal_plays_counts(
    counts: Sequence[int], last: Play | None = None, rules: RuleProfile = CLASSIC
) -> list[Play]:
    """:func:`legal_plays` for a rank-count vector."""
    if last is None:
        out: list[Play] = []
        for kind in _LEAD_ORDER:
            out.extend(plays_of_kind(counts, kind, rules=rules))
        return out
    if last.kind is Kind.ROCKET:
        return []
    if last.kind is Kind.BOMB:
        out = plays_of_kind(counts, Kind.BOMB, int(last.rank), rules=rules)
    else:
        out = plays_of_kind(counts, last.kind, int(last.rank), last.length, rules)
        out.extend(plays_of_kind(counts, Kind.BOMB, rules=rules))
    out.extend(plays_of_kind(counts, Kind.ROCKET, rules=rules))
    return out


def legal_plays(
    hand: Iterable[Card | Rank], last: Play | None = None, rules: RuleProfile = CLASSIC
) -> list[Play]:
    """Every distinct legal play from ``hand``: leading when ``last`` is None,
    otherwise every play that beats ``last``.  Each rank multiset appears once
    per reading; passing is not a play.  Plays come grouped by kind, lowest
    main rank first within a kind, bombs and the rocket last.
    """
    return legal_plays_counts(counts_of(hand), last, rules)
