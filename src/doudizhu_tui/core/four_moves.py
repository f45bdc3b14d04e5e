"""The legal-move generator of the four-player game with two packs (R48-R51).

A hand holds up to eight cards of a rank and two of each joker.  The plays are
singles, pairs (a joker pair is two of one colour), trios, trio+pair, straights,
pair chains, airplanes, airplane+pairs, bombs of four to eight cards and the
rocket of all four jokers; there are no single kickers and no four+two.  Every
play is built once, the first time it is met, and kept; a hand is summed up as
bit masks of the ranks it holds at least once, twice, three times and four times.

>>> from .rules import RuleProfile
>>> four = RuleProfile(players=4)
>>> hand = parse_ranks("3 3 3 3 3 BJ BJ RJ RJ", packs=2)
>>> [p.label() for p in legal_plays_four(counts_of(hand), None, four)]
['3', 'BJ', 'RJ', '3-3', 'BJ-BJ', 'RJ-RJ', '3-3-3', '3-3-3+BJ-BJ', '3-3-3+RJ-RJ', \
'3-3-3-3', '3-3-3-3-3', 'BJ-BJ-RJ-RJ']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .cards import counts_of, parse_ranks
from .combos import Kind, Play, play_of
from .rules import RuleProfile

__all__ = ["legal_plays_four"]

_ = (parse_ranks, counts_of)  # used by the doctest above

_BJ = 16
_RJ = 17
_ACE = 14
_JOKERS = (1 << _BJ) | (1 << _RJ)
_CHAIN_BITS = sum(1 << r for r in range(3, _ACE + 1))
#: The ranks of each bit mask, lowest first (masks of bits 3..17).
_RANK_BITS = tuple(range(3, 18))


def _ranks_of(mask: int) -> list[int]:
    return [r for r in _RANK_BITS if mask >> r & 1]


_mk = play_of  # a reading from rank values


_SINGLE: list[Play | None] = [None] * 18
_PAIR: list[Play | None] = [None] * 18
_TRIO: list[Play | None] = [None] * 18
#: _BOMB[r][n]: the bomb of n cards of rank r (4..8).
_BOMB: list[list[Play | None]] = [[None] * 9 for _ in range(18)]
#: _TRIO_PAIR[t][p]: the trio of t with the pair of p.
_TRIO_PAIR: list[list[Play | None]] = [[None] * 18 for _ in range(18)]
for _r in range(3, 18):
    _SINGLE[_r] = _mk(Kind.SINGLE, _r, 1, [_r])
    _PAIR[_r] = _mk(Kind.PAIR, _r, 1, [_r] * 2)
for _r in range(3, _BJ):
    _TRIO[_r] = _mk(Kind.TRIO, _r, 1, [_r] * 3)
    for _n in range(4, 9):
        _BOMB[_r][_n] = _mk(Kind.BOMB, _r, 1, [_r] * _n)
    for _p in range(3, 18):
        if _p != _r:
            _TRIO_PAIR[_r][_p] = _mk(Kind.TRIO_PAIR, _r, 1, [_r] * 3 + [_p] * 2)
_ROCKET = _mk(Kind.ROCKET, _RJ, 1, [_BJ, _BJ, _RJ, _RJ])

#: Chains by (width, top, length), built when first met.
_CHAINS: dict[tuple[int, int, int], Play] = {}
_CHAIN_KIND = {1: Kind.STRAIGHT, 2: Kind.PAIR_CHAIN, 3: Kind.AIRPLANE}
_MIN_LENGTH = {1: 5, 2: 3, 3: 2}
#: Airplanes with pairs by (top, length, pair ranks), built when first met.
_WINGED: dict[tuple[int, int, tuple[int, ...]], Play] = {}


def _chain(width: int, top: int, length: int) -> Play:
    key = (width, top, length)
    play = _CHAINS.get(key)
    if play is None:
        ranks = [r for r in range(top - length + 1, top + 1) for _ in range(width)]
        play = _CHAINS[key] = _mk(_CHAIN_KIND[width], top, length, ranks)
    return play


def _winged(top: int, length: int, pairs: tuple[int, ...]) -> Play:
    key = (top, length, pairs)
    play = _WINGED.get(key)
    if play is None:
        ranks = [r for r in range(top - length + 1, top + 1) for _ in range(3)]
        ranks += [p for p in pairs for _ in range(2)]
        play = _WINGED[key] = _mk(Kind.AIRPLANE_PAIRS, top, length, ranks)
    return play


def _masks(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """Bit masks of the ranks held at least once, twice, three times, four times."""
    m1 = m2 = m3 = m4 = 0
    for r in _RANK_BITS:
        c = counts[r]
        if c:
            bit = 1 << r
            m1 |= bit
            if c >= 2:
                m2 |= bit
                if c >= 3:
                    m3 |= bit
                    if c >= 4:
                        m4 |= bit
    return m1, m2, m3, m4


def _spans(mask: int, shortest: int, above: int, length: int) -> list[tuple[int, int]]:
    """(top, length) of every run of ranks 3..A in ``mask`` with top above ``above``, of
    exactly ``length`` ranks (0: every length from ``shortest``)."""
    mask &= _CHAIN_BITS
    out: list[tuple[int, int]] = []
    r = 3
    while r <= _ACE:
        if not mask >> r & 1:
            r += 1
            continue
        end = r
        while end + 1 <= _ACE and mask >> (end + 1) & 1:
            end += 1
        run = end - r + 1
        lengths = range(shortest, run + 1) if length == 0 else (length,) if length <= run else ()
        for n in lengths:
            for top in range(r + n - 1, end + 1):
                if top > above:
                    out.append((top, n))
        r = end + 1
    return out


#: The chains of a lead by (width, mask of ranks 3..A), built when first met.
_LEAD_CHAINS: dict[tuple[int, int], list[Play]] = {}


def _chains(mask: int, width: int, above: int, length: int, out: list[Play]) -> None:
    """Every chain of ``width`` cards a rank in ``mask`` (ranks 3..A) with top above
    ``above``, of exactly ``length`` ranks (0: every length from the shortest)."""
    if above == 0 and length == 0:
        key = (width, mask & _CHAIN_BITS)
        found = _LEAD_CHAINS.get(key)
        if found is None:
            spans = _spans(key[1], _MIN_LENGTH[width], 0, 0)
            found = _LEAD_CHAINS[key] = [_chain(width, top, n) for top, n in spans]
        out += found
        return
    out += [_chain(width, top, n) for top, n in _spans(mask, _MIN_LENGTH[width], above, length)]


def _airplanes_with_pairs(
    counts: Sequence[int], m2: int, m3: int, above: int, length: int, out: list[Play]
) -> None:
    """Every airplane with one pair per trio: pairs of different ranks, none of a trio's
    rank, and never both joker pairs (together they are the rocket, R50)."""
    spans = _spans(m3, 2, above, length)
    if not spans:
        return
    total = sum(counts)
    for top, n in spans:
        if 5 * n > total:
            continue
        run_bits = ((1 << n) - 1) << (top - n + 1)
        candidates = _ranks_of(m2 & ~run_bits)
        if len(candidates) < n:
            continue
        both_jokers = m2 & _JOKERS == _JOKERS
        for pairs in combinations(candidates, n):
            if both_jokers and pairs[-1] == _RJ and n >= 2 and pairs[-2] == _BJ:
                continue
            out.append(_winged(top, n, pairs))


def _bombs(counts: Sequence[int], m4: int, size: int, rank: int, out: list[Play]) -> None:
    """Every bomb that beats a bomb of ``size`` cards of ``rank`` (size 0: every bomb)."""
    for r in _ranks_of(m4):
        table = _BOMB[r]
        for n in range(4, counts[r] + 1):
            if (n, r) > (size, rank):
                out.append(table[n])  # type: ignore[arg-type]


def legal_plays_four(counts: Sequence[int], last: Play | None, rules: RuleProfile) -> list[Play]:
    """Every distinct legal play of a two-pack hand (a rank-count vector) at a
    four-player table: leading when ``last`` is None, otherwise every play that beats
    ``last``.  Plays come grouped by kind, lowest main rank first within a kind, bombs
    (fewest cards first) and the rocket last."""
    m1, m2, m3, m4 = _masks(counts)
    out: list[Play] = []
    rocket = m2 & _JOKERS == _JOKERS
    if last is None:
        out += [_SINGLE[r] for r in _ranks_of(m1)]  # type: ignore[misc]
        out += [_PAIR[r] for r in _ranks_of(m2)]  # type: ignore[misc]
        trios = _ranks_of(m3)
        out += [_TRIO[r] for r in trios]  # type: ignore[misc]
        if trios:
            pairs = _ranks_of(m2)
            for t in trios:
                row = _TRIO_PAIR[t]
                out += [row[p] for p in pairs if p != t]  # type: ignore[misc]
        _chains(m1, 1, 0, 0, out)
        _chains(m2, 2, 0, 0, out)
        if rules.airplanes:
            _chains(m3, 3, 0, 0, out)
            _airplanes_with_pairs(counts, m2, m3, 0, 0, out)
        _bombs(counts, m4, 0, 0, out)
        if rocket:
            out.append(_ROCKET)
        return out
    kind = last.kind
    if kind is Kind.ROCKET:
        return out
    above = int(last.rank)
    if kind is Kind.BOMB:
        _bombs(counts, m4, last.size, above, out)
        if rocket:
            out.append(_ROCKET)
        return out
    high = ~((1 << (above + 1)) - 1)
    if kind is Kind.SINGLE:
        out += [_SINGLE[r] for r in _ranks_of(m1 & high)]  # type: ignore[misc]
    elif kind is Kind.PAIR:
        out += [_PAIR[r] for r in _ranks_of(m2 & high)]  # type: ignore[misc]
    elif kind is Kind.TRIO:
        out += [_TRIO[r] for r in _ranks_of(m3 & high)]  # type: ignore[misc]
    elif kind is Kind.TRIO_PAIR:
        pairs = _ranks_of(m2)
        for t in _ranks_of(m3 & high):
            row = _TRIO_PAIR[t]
            out += [row[p] for p in pairs if p != t]  # type: ignore[misc]
    elif kind is Kind.STRAIGHT:
        _chains(m1, 1, above, last.length, out)
    elif kind is Kind.PAIR_CHAIN:
        _chains(m2, 2, above, last.length, out)
    elif kind is Kind.AIRPLANE:
        _chains(m3, 3, above, last.length, out)
    elif kind is Kind.AIRPLANE_PAIRS:
        _airplanes_with_pairs(counts, m2, m3, above, last.length, out)
    _bombs(counts, m4, 0, 0, out)
    if rocket:
        out.append(_ROCKET)
    return out
