"""The legal-move generator (R21-R23).

Everything works on rank-count vectors.  Every play that does not depend on
more than a few ranks (groups, trios with a kicker, chains, four+two, bombs)
is built once when the module loads and then only looked up; airplanes with
kickers are built the first time they are met and kept.  When following, only
the kind on the table (with a higher main rank and the same chain length), the
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

_BJ = 16
_RJ = 17
_TWO = 15
_ACE = 14


def _mk(kind: Kind, top: int, length: int, ranks: Iterable[int]) -> Play:
    top_rank = RANK_BY_VALUE[top]
    assert top_rank is not None
    return Play(kind, top_rank, length, tuple([RANK_BY_VALUE[r] for r in sorted(ranks)]))  # type: ignore[misc]


# ----- plays built once -----------------------------------------------------------------

_SINGLE: list[Play | None] = [None] * 18
_PAIR: list[Play | None] = [None] * 18
_TRIO: list[Play | None] = [None] * 18
_BOMB: list[Play | None] = [None] * 18
for _r in range(3, 18):
    _SINGLE[_r] = _mk(Kind.SINGLE, _r, 1, [_r])
for _r in range(3, _BJ):
    _PAIR[_r] = _mk(Kind.PAIR, _r, 1, [_r] * 2)
    _TRIO[_r] = _mk(Kind.TRIO, _r, 1, [_r] * 3)
    _BOMB[_r] = _mk(Kind.BOMB, _r, 1, [_r] * 4)
_ROCKET = _mk(Kind.ROCKET, _RJ, 1, [_BJ, _RJ])

# _TRIO_SINGLE[t][k], _TRIO_PAIR[t][k]: trio of t with kicker k.
_TRIO_SINGLE: list[list[Play | None]] = [[None] * 18 for _ in range(18)]
_TRIO_PAIR: list[list[Play | None]] = [[None] * 18 for _ in range(18)]
for _t in range(3, _BJ):
    for _k in range(3, 18):
        if _k != _t:
            _TRIO_SINGLE[_t][_k] = _mk(Kind.TRIO_SINGLE, _t, 1, [_t] * 3 + [_k])
            if _k < _BJ:
                _TRIO_PAIR[_t][_k] = _mk(Kind.TRIO_PAIR, _t, 1, [_t] * 3 + [_k] * 2)

# Four+two, keyed by (four, kicker a, kicker b) with a <= b.
_FOUR_SINGLES: dict[tuple[int, int, int], Play] = {}
_FOUR_PAIRS: dict[tuple[int, int, int], Play] = {}
for _f in range(3, _BJ):
    _others = [r for r in range(3, 18) if r != _f]
    for _a, _b in combinations(_others, 2):
        if (_a, _b) != (_BJ, _RJ):
            _FOUR_SINGLES[_f, _a, _b] = _mk(Kind.FOUR_TWO_SINGLES, _f, 1, [_f] * 4 + [_a, _b])
        if _b < _BJ:
            _FOUR_PAIRS[_f, _a, _b] = _mk(Kind.FOUR_TWO_PAIRS, _f, 1, [_f] * 4 + [_a, _a, _b, _b])
    for _a in _others:
        if _a < _BJ:
            _FOUR_SINGLES[_f, _a, _a] = _mk(Kind.FOUR_TWO_SINGLES, _f, 1, [_f] * 4 + [_a, _a])

_CHAIN_KIND = {1: Kind.STRAIGHT, 2: Kind.PAIR_CHAIN, 3: Kind.AIRPLANE}
_MIN_LEN = {1: 5, 2: 3, 3: 2}
# _CHAIN[w][(lo, top)]: the chain of width w from lo to top.
_CHAIN: dict[int, dict[tuple[int, int], Play]] = {1: {}, 2: {}, 3: {}}
# _INSIDE[w][(a, b)]: every chain of width w inside the run a..b, lo ascending then top.
_INSIDE: dict[int, dict[tuple[int, int], list[Play]]] = {1: {}, 2: {}, 3: {}}
for _w in (1, 2, 3):
    for _lo in range(3, _ACE + 1):
        for _top in range(_lo + _MIN_LEN[_w] - 1, _ACE + 1):
            _CHAIN[_w][_lo, _top] = _mk(
                _CHAIN_KIND[_w], _top, _top - _lo + 1, [r for r in range(_lo, _top + 1)] * _w
            )
    for _a in range(3, _ACE + 1):
        for _b in range(_a, _ACE + 1):
            _INSIDE[_w][_a, _b] = [
                _CHAIN[_w][lo, top]
                for lo in range(_a, _b + 1)
                for top in range(lo + _MIN_LEN[_w] - 1, _b + 1)
            ]


def _mask_runs(mask: int) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    start = 0
    for r in range(3, _ACE + 2):
        if r <= _ACE and mask >> (r - 3) & 1:
            if not start:
                start = r
        elif start:
            runs.append((start, r - 1))
            start = 0
    return runs


# For leading, by the bit mask of ranks 3..A holding at least w cards (bit 0 = rank 3):
# every chain of width w (_LEAD_CHAINS[w][mask]) and every airplane span (_LEAD_SPANS[mask]).
_LEAD_CHAINS: dict[int, list[list[Play]]] = {1: [], 2: [], 3: []}
_LEAD_SPANS: list[list[tuple[int, int]]] = []
for _mask in range(1 << 12):
    _mask_run_list = _mask_runs(_mask)
    for _w in (1, 2, 3):
        _LEAD_CHAINS[_w].append(
            [p for a, b in _mask_run_list if b - a + 1 >= _MIN_LEN[_w] for p in _INSIDE[_w][a, b]]
        )
    _LEAD_SPANS.append(
        [
            (lo, top)
            for a, b in _mask_run_list
            for lo in range(a, b + 1)
            for top in range(lo + 1, b + 1)
        ]
    )

# Airplanes with kickers, built when first met: key (lo, top, *kicker ranks).
_AIR_SINGLES: dict[tuple[int, ...], Play] = {}
_AIR_PAIRS: dict[tuple[int, ...], Play] = {}


# ----- generation -----------------------------------------------------------------------


def _runs(counts: Sequence[int], width: int) -> list[tuple[int, int]]:
    """The maximal runs of ranks (3..A) holding at least ``width`` cards each."""
    out: list[tuple[int, int]] = []
    start = 0
    for r in range(3, _ACE + 1):
        if counts[r] >= width:
            if not start:
                start = r
        elif start:
            out.append((start, r - 1))
            start = 0
    if start:
        out.append((start, _ACE))
    return out


def _chains(counts: Sequence[int], width: int, above: int, length: int, out: list[Play]) -> None:
    table = _CHAIN[width]
    for a, b in _runs(counts, width):
        if b - a + 1 < _MIN_LEN[width]:
            continue
        if length:
            for top in range(max(a + length - 1, above + 1), b + 1):
                out.append(table[top - length + 1, top])
        elif above < 3:
            out.extend(_INSIDE[width][a, b])
        else:
            out.extend(p for p in _INSIDE[width][a, b] if p.rank > above)


def _airplane_spans(counts: Sequence[int], above: int, length: int) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for a, b in _runs(counts, 3):
        if b == a:
            continue
        if length:
            spans.extend(
                (top - length + 1, top) for top in range(max(a + length - 1, above + 1), b + 1)
            )
        else:
            spans.extend(
                (lo, top) for lo in range(a, b + 1) for top in range(lo + 1, b + 1) if top > above
            )
    return spans


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


def _air_singles(counts: Sequence[int], lo: int, top: int, total: int, out: list[Play]) -> None:
    k = top - lo + 1
    if 4 * k > total:
        return
    avail = [(r, counts[r]) for r in range(3, 18) if counts[r] and not lo <= r <= top]
    for kick in _singles_multisets(avail, k):
        if kick[-1] == _RJ and _BJ in kick:
            continue
        key = (lo, top, *kick)
        play = _AIR_SINGLES.get(key)
        if play is None:
            play = _AIR_SINGLES[key] = _mk(
                Kind.AIRPLANE_SINGLES, top, k, [*range(lo, top + 1)] * 3 + kick
            )
        out.append(play)


def _air_pairs(counts: Sequence[int], lo: int, top: int, total: int, out: list[Play]) -> None:
    k = top - lo + 1
    if 5 * k > total:
        return
    avail = [r for r in range(3, _BJ) if counts[r] >= 2 and not lo <= r <= top]
    for combo in combinations(avail, k):
        key = (lo, top, *combo)
        play = _AIR_PAIRS.get(key)
        if play is None:
            play = _AIR_PAIRS[key] = _mk(
                Kind.AIRPLANE_PAIRS, top, k, [*range(lo, top + 1)] * 3 + [*combo] * 2
            )
        out.append(play)


def _four_two(
    counts: Sequence[int], pairs: bool, above: int, rules: RuleProfile, out: list[Play]
) -> None:
    for f in range(max(3, above + 1), _BJ):
        if counts[f] != 4:
            continue
        if pairs:
            avail = [r for r in range(3, _BJ) if r != f and counts[r] >= 2]
            out.extend(_FOUR_PAIRS[f, a, b] for a, b in combinations(avail, 2))
        else:
            avail = [r for r in range(3, 18) if r != f and counts[r]]
            out.extend(
                _FOUR_SINGLES[f, a, b] for a, b in combinations(avail, 2) if a != _BJ or b != _RJ
            )
            if rules.four_two_same_rank_singles:
                out.extend(_FOUR_SINGLES[f, a, a] for a in avail if counts[a] >= 2)


def _trio_with(counts: Sequence[int], pairs: bool, above: int, out: list[Play]) -> None:
    if pairs:
        kick = [r for r in range(3, _BJ) if counts[r] >= 2]
        table = _TRIO_PAIR
    else:
        kick = [r for r in range(3, 18) if counts[r]]
        table = _TRIO_SINGLE
    for t in range(max(3, above + 1), _BJ):
        if counts[t] >= 3:
            row = table[t]
            out.extend(row[k] for k in kick if k != t)  # type: ignore[misc]


def _bombs_and_rocket(counts: Sequence[int], above: int, out: list[Play]) -> None:
    out.extend(_BOMB[r] for r in range(max(3, above + 1), _BJ) if counts[r] == 4)  # type: ignore[misc]
    if counts[_BJ] and counts[_RJ]:
        out.append(_ROCKET)


def plays_of_kind(
    counts: Sequence[int],
    kind: Kind,
    above: int = 0,
    length: int = 0,
    rules: RuleProfile = CLASSIC,
) -> list[Play]:
    """The plays of one kind in a hand, with main rank above ``above`` and, for
    chains, exactly ``length`` ranks (0: any length)."""
    out: list[Play] = []
    lowest = max(3, above + 1)
    if kind is Kind.SINGLE:
        out.extend(_SINGLE[r] for r in range(lowest, 18) if counts[r])  # type: ignore[misc]
    elif kind is Kind.PAIR:
        out.extend(_PAIR[r] for r in range(lowest, _BJ) if counts[r] >= 2)  # type: ignore[misc]
    elif kind is Kind.TRIO:
        out.extend(_TRIO[r] for r in range(lowest, _BJ) if counts[r] >= 3)  # type: ignore[misc]
    elif kind is Kind.BOMB:
        out.extend(_BOMB[r] for r in range(lowest, _BJ) if counts[r] == 4)  # type: ignore[misc]
    elif kind is Kind.ROCKET:
        if counts[_BJ] and counts[_RJ]:
            out.append(_ROCKET)
    elif kind is Kind.TRIO_SINGLE or kind is Kind.TRIO_PAIR:
        _trio_with(counts, kind is Kind.TRIO_PAIR, above, out)
    elif kind is Kind.STRAIGHT:
        _chains(counts, 1, above, length, out)
    elif kind is Kind.PAIR_CHAIN:
        _chains(counts, 2, above, length, out)
    elif kind is Kind.AIRPLANE:
        _chains(counts, 3, above, length, out)
    elif kind is Kind.AIRPLANE_SINGLES or kind is Kind.AIRPLANE_PAIRS:
        total = sum(counts)
        fill = _air_pairs if kind is Kind.AIRPLANE_PAIRS else _air_singles
        for lo, top in _airplane_spans(counts, above, length):
            fill(counts, lo, top, total, out)
    else:
        _four_two(counts, kind is Kind.FOUR_TWO_PAIRS, above, rules, out)
    return out


def _leads(counts: Sequence[int], rules: RuleProfile) -> list[Play]:
    present = [r for r in range(3, 18) if counts[r]]
    twos = [r for r in present if counts[r] >= 2 and r < _BJ]
    threes = [r for r in twos if counts[r] >= 3]
    out: list[Play] = [_SINGLE[r] for r in present]  # type: ignore[misc]
    out.extend(_PAIR[r] for r in twos)  # type: ignore[misc]
    out.extend(_TRIO[r] for r in threes)  # type: ignore[misc]
    for t in threes:
        row = _TRIO_SINGLE[t]
        out.extend(row[k] for k in present if k != t)  # type: ignore[misc]
    for t in threes:
        row = _TRIO_PAIR[t]
        out.extend(row[k] for k in twos if k != t)  # type: ignore[misc]
    m1 = m2 = m3 = 0
    for r in present:
        if r > _ACE:
            break
        bit = 1 << (r - 3)
        m1 |= bit
        if counts[r] >= 2:
            m2 |= bit
            if counts[r] >= 3:
                m3 |= bit
    out.extend(_LEAD_CHAINS[1][m1])
    out.extend(_LEAD_CHAINS[2][m2])
    out.extend(_LEAD_CHAINS[3][m3])
    if len(threes) >= 2:
        total = sum(counts)
        spans = _LEAD_SPANS[m3]
        for lo, top in spans:
            _air_singles(counts, lo, top, total, out)
        for lo, top in spans:
            _air_pairs(counts, lo, top, total, out)
    if any(counts[r] == 4 for r in threes):
        _four_two(counts, False, 0, rules, out)
        _four_two(counts, True, 0, rules, out)
    _bombs_and_rocket(counts, 0, out)
    return out


def legal_plays_counts(
    counts: Sequence[int], last: Play | None = None, rules: RuleProfile = CLASSIC
) -> list[Play]:
    """:func:`legal_plays` for a rank-count vector."""
    if last is None:
        return _leads(counts, rules)
    kind = last.kind
    if kind is Kind.ROCKET:
        return []
    out: list[Play] = []
    if kind is Kind.BOMB:
        _bombs_and_rocket(counts, int(last.rank), out)
        return out
    out = plays_of_kind(counts, kind, int(last.rank), last.length, rules)
    _bombs_and_rocket(counts, 0, out)
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
