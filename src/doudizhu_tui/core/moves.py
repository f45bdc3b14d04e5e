"""The legal-move generator (R21-R23).

Everything works on rank-count vectors, summed up as four bit masks of ranks
(held at least once, twice, three times, four times).  Every play that does
not depend on more than a few ranks (groups, trios with a kicker, chains,
four+two, bombs) is built once when the module loads and then only looked up,
mostly by mask; airplanes with kickers are built the first time they are met
and kept.  When following, only the kind on the table (with a higher main rank
and the same chain length), the bombs and the rocket are generated.

>>> hand = parse_cards("3 3 4 4 5 5 BJ RJ")
>>> len(legal_plays(hand))
10
>>> [p.label() for p in legal_plays(hand, classify(parse_cards("4 4"))[0])]
['5-5', 'BJ-RJ']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, product

from .cards import Card, Rank, counts_of, parse_cards
from .combos import SHUTTLE_KINDS, Kind, Play, classify, play_of
from .four_moves import legal_plays_four
from .rules import CLASSIC, RuleProfile
from .shuttle import shuttles

__all__ = ["legal_plays", "legal_plays_counts", "plays_of_kind"]

_ = (parse_cards, classify)  # used by the doctests above

_BJ = 16
_RJ = 17
_ACE = 14


_mk = play_of  # a reading from rank values


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

# Airplanes with kickers, built when first met: [lo, top][kicker ranks] -> play.
_AIR_SINGLES: dict[tuple[int, int], dict[tuple[int, ...], Play]] = {}
_AIR_PAIRS: dict[tuple[int, int], dict[tuple[int, ...], Play]] = {}


# ----- rank masks ------------------------------------------------------------------------
#
# A hand is summed up by four bit masks of ranks: m1 holds the ranks with at least one
# card, m2 at least two, m3 at least three, m4 all four (bit 0 = rank 3 ... bit 12 = 2,
# bit 13 = black joker, bit 14 = red joker).  The four are packed into one integer
# (m_k at bits 15(k-1)..15k-1): _ENC[rank][count] holds the bits that ``count`` cards
# of ``rank`` set, and _PACKED sums them five ranks at a time.  Every group, chain and
# trio+kicker play of a hand is then a table lookup by mask, split into a low half
# (ranks 3..10, 8 bits) and a high half (ranks J..red joker, 7 bits) to keep the
# tables small.

_ENC: list[list[int]] = [[0] * 5 for _ in range(18)]
for _r in range(3, 18):
    for _c in range(1, 5):
        _ENC[_r][_c] = _ENC[_r][_c - 1] | 1 << (15 * (_c - 1) + _r - 3)
_M15 = (1 << 15) - 1
_LO_BITS = 8
_LO = (1 << _LO_BITS) - 1
_CHAIN_BITS = (1 << 12) - 1  # ranks 3..A
_JOKER_BITS = 3 << 13

#: The ranks (3..2) of a 13-bit mask, lowest first.
_RANKS: list[tuple[int, ...]] = [
    tuple(r for r in range(3, _BJ) if _m >> (r - 3) & 1) for _m in range(1 << 13)
]


# _PACKED[i][bytes of the counts of five ranks from 3 + 5i]: their share of the packed masks.
_PACKED: list[dict[bytes, int]] = [{}, {}, {}]
for _i, _table in enumerate(_PACKED):
    for _five in product(range(5), repeat=5):
        _table[bytes(_five)] = sum(_ENC[3 + 5 * _i + _j][_c] for _j, _c in enumerate(_five))
_PACKED_0, _PACKED_1, _PACKED_2 = _PACKED


def _packed(counts: Sequence[int]) -> int:
    """The four masks of a rank-count vector, packed (three lookups of five ranks each)."""
    b = bytes(counts)
    return _PACKED_0[b[3:8]] + _PACKED_1[b[8:13]] + _PACKED_2[b[13:18]]


#: _HIGHER[r]: the mask bits of the ranks above r (every rank for r < 3).
_HIGHER: list[int] = [_M15 if r < 3 else _M15 >> (r - 2) << (r - 2) for r in range(18)]


def _above(mask: int, above: int) -> int:
    """The bits of ``mask`` for ranks higher than ``above``."""
    if above < 3:
        return mask
    return mask & _HIGHER[above] if above < 18 else 0


def _split(plays: Sequence[Play | None], ranks: Iterable[int]) -> tuple[list[list[Play]], ...]:
    """Tables by the low and the high half of a mask: the plays of the ranks it holds."""
    chosen = set(ranks)
    lo = [
        [p for r in range(3, 11) if m >> (r - 3) & 1 and r in chosen and (p := plays[r])]
        for m in range(1 << _LO_BITS)
    ]
    hi = [
        [p for r in range(11, 18) if m >> (r - 11) & 1 and r in chosen and (p := plays[r])]
        for m in range(1 << 7)
    ]
    return lo, hi


_SINGLES_LO, _SINGLES_HI = _split(_SINGLE, range(3, 18))
_PAIRS_LO, _PAIRS_HI = _split(_PAIR, range(3, _BJ))
_TRIOS_LO, _TRIOS_HI = _split(_TRIO, range(3, _BJ))
_BOMBS_LO, _BOMBS_HI = _split(_BOMB, range(3, _BJ))
# _TS_LO[t][low half], ...: the trios of t with a single (pair) kicker of each rank held.
_TS_LO: list[list[list[Play]]] = [[] for _ in range(18)]
_TS_HI: list[list[list[Play]]] = [[] for _ in range(18)]
_TP_LO: list[list[list[Play]]] = [[] for _ in range(18)]
_TP_HI: list[list[list[Play]]] = [[] for _ in range(18)]
for _t in range(3, _BJ):
    _TS_LO[_t], _TS_HI[_t] = _split(_TRIO_SINGLE[_t], range(3, 18))
    _TP_LO[_t], _TP_HI[_t] = _split(_TRIO_PAIR[_t], range(3, _BJ))
# _FS[f][a][b], _FP[f][a][b] (a <= b): four+two singles / pairs as nested lists.
_FS: list[list[list[Play | None]]] = [[[None] * 18 for _ in range(18)] for _ in range(18)]
_FP: list[list[list[Play | None]]] = [[[None] * 18 for _ in range(18)] for _ in range(18)]
for (_f, _a, _b), _p in _FOUR_SINGLES.items():
    _FS[_f][_a][_b] = _p
for (_f, _a, _b), _p in _FOUR_PAIRS.items():
    _FP[_f][_a][_b] = _p
# _CHAIN_AT[w][lo][top]: the chain of width w from lo to top (None if too short).
_CHAIN_AT: dict[int, list[list[Play | None]]] = {
    w: [[table.get((lo, top)) for top in range(18)] for lo in range(18)]
    for w, table in _CHAIN.items()
}


# ----- generation -----------------------------------------------------------------------


def _group(lo_table: list[list[Play]], hi_table: list[list[Play]], mask: int) -> list[Play]:
    return lo_table[mask & _LO] + hi_table[mask >> _LO_BITS]


def _starts(mask: int, length: int) -> int:
    """The bits of ``mask`` at which a run of ``length`` set bits begins."""
    starts = mask
    for i in range(1, length):
        starts &= mask >> i
    return starts


def _chains(mask: int, width: int, above: int, length: int) -> list[Play]:
    """Chains of ``width`` within the ranks of ``mask``, topping above ``above``,
    of ``length`` ranks (0: any)."""
    mask &= _CHAIN_BITS
    if not length:
        every = _LEAD_CHAINS[width][mask]
        return every if above < 3 else [p for p in every if p.rank > above]
    if length < _MIN_LEN[width]:
        return []
    starts = _above(_starts(mask, length), above - length + 1)
    table = _CHAIN_AT[width]
    return [table[lo][lo + length - 1] for lo in _RANKS[starts]]  # type: ignore[misc]


def _airplane_spans(m3: int, above: int, length: int) -> list[tuple[int, int]]:
    mask = m3 & _CHAIN_BITS
    if not length:
        return [s for s in _LEAD_SPANS[mask] if s[1] > above]
    if length < 2:
        return []
    starts = _above(_starts(mask, length), above - length + 1)
    return [(lo, lo + length - 1) for lo in _RANKS[starts]]


def _air_singles(counts: Sequence[int], lo: int, top: int, total: int, out: list[Play]) -> None:
    k = top - lo + 1
    if 4 * k > total:
        return
    # The cards outside the chain (at most k of a rank); their k-combinations, without
    # repeats, are the kicker multisets in lexicographic order.
    spare = [r for r in range(3, 18) if not lo <= r <= top for _ in range(min(counts[r], k))]
    known = _AIR_SINGLES.get((lo, top))
    if known is None:
        known = _AIR_SINGLES[lo, top] = {}
    for kick in dict.fromkeys(combinations(spare, k)):
        if kick[-1] == _RJ and kick[-2] == _BJ:
            continue
        play = known.get(kick)
        if play is None:
            play = known[kick] = _mk(
                Kind.AIRPLANE_SINGLES, top, k, [*range(lo, top + 1)] * 3 + [*kick]
            )
        out.append(play)


def _air_pairs(counts: Sequence[int], lo: int, top: int, total: int, out: list[Play]) -> None:
    k = top - lo + 1
    if 5 * k > total:
        return
    avail = [r for r in range(3, _BJ) if counts[r] >= 2 and not lo <= r <= top]
    known = _AIR_PAIRS.get((lo, top))
    if known is None:
        known = _AIR_PAIRS[lo, top] = {}
    for combo in combinations(avail, k):
        play = known.get(combo)
        if play is None:
            play = known[combo] = _mk(
                Kind.AIRPLANE_PAIRS, top, k, [*range(lo, top + 1)] * 3 + [*combo] * 2
            )
        out.append(play)


def _four_two(
    counts: Sequence[int], packed: int, pairs: bool, above: int, rules: RuleProfile
) -> list[Play]:
    out: list[Play] = []
    fours = _RANKS[_above(packed >> 45, above)]
    if not fours:
        return out
    if pairs:
        kickers = _RANKS[packed >> 15 & _M15]
    else:
        m1 = packed & _M15
        kickers = _RANKS[m1 & 0x1FFF] + tuple(r for r in (_BJ, _RJ) if m1 >> (r - 3) & 1)
    for f in fours:
        avail = [r for r in kickers if r != f]
        table = (_FP if pairs else _FS)[f]
        for i, a in enumerate(avail):
            row = table[a]
            out += [row[b] for b in avail[i + 1 :] if row[b] is not None]  # type: ignore[misc]
        if not pairs and rules.four_two_same_rank_singles:
            out += [table[a][a] for a in avail if counts[a] >= 2]  # type: ignore[misc]
    return out


def _trio_with(packed: int, pairs: bool, above: int) -> list[Play]:
    out: list[Play] = []
    trios = _RANKS[_above(packed >> 30 & _M15, above)]
    if pairs:
        kick = packed >> 15 & _M15
        lo_tables, hi_tables = _TP_LO, _TP_HI
    else:
        kick = packed & _M15
        lo_tables, hi_tables = _TS_LO, _TS_HI
    lo, hi = kick & _LO, kick >> _LO_BITS
    for t in trios:
        out += lo_tables[t][lo]
        out += hi_tables[t][hi]
    return out


def _bombs_and_rocket(packed: int, above: int) -> list[Play]:
    out = _group(_BOMBS_LO, _BOMBS_HI, _above(packed >> 45, above))
    if packed & _JOKER_BITS == _JOKER_BITS:
        out.append(_ROCKET)
    return out


def _of_kind(
    counts: Sequence[int],
    packed: int,
    kind: Kind,
    above: int,
    length: int,
    rules: RuleProfile,
) -> list[Play]:
    if kind is Kind.SINGLE:
        return _group(_SINGLES_LO, _SINGLES_HI, _above(packed & _M15, above))
    if kind is Kind.PAIR:
        return _group(_PAIRS_LO, _PAIRS_HI, _above(packed >> 15 & _M15, above))
    if kind is Kind.TRIO_SINGLE:
        return _trio_with(packed, False, above)
    if kind is Kind.STRAIGHT:
        return _chains(packed, 1, above, length)
    if kind is Kind.TRIO_PAIR:
        return _trio_with(packed, True, above)
    if kind is Kind.TRIO:
        return _group(_TRIOS_LO, _TRIOS_HI, _above(packed >> 30 & _M15, above))
    if kind is Kind.PAIR_CHAIN:
        return _chains(packed >> 15, 2, above, length)
    if kind is Kind.AIRPLANE or kind is Kind.AIRPLANE_SINGLES or kind is Kind.AIRPLANE_PAIRS:
        if not rules.airplanes:
            return []
        if kind is Kind.AIRPLANE:
            return _chains(packed >> 30, 3, above, length)
        out: list[Play] = []
        total = sum(counts)
        fill = _air_pairs if kind is Kind.AIRPLANE_PAIRS else _air_singles
        for lo, top in _airplane_spans(packed >> 30, above, length):
            fill(counts, lo, top, total, out)
        return out
    if kind is Kind.FOUR_TWO_SINGLES or kind is Kind.FOUR_TWO_PAIRS:
        return _four_two(counts, packed, kind is Kind.FOUR_TWO_PAIRS, above, rules)
    if kind is Kind.BOMB:
        return _group(_BOMBS_LO, _BOMBS_HI, _above(packed >> 45, above))
    if kind in SHUTTLE_KINDS:
        return shuttles(counts, kind, above, length) if rules.space_shuttle else []
    return [_ROCKET] if packed & _JOKER_BITS == _JOKER_BITS else []


def plays_of_kind(
    counts: Sequence[int],
    kind: Kind,
    above: int = 0,
    length: int = 0,
    rules: RuleProfile = CLASSIC,
) -> list[Play]:
    """The plays of one kind in a hand, with main rank above ``above`` and, for
    chains, exactly ``length`` ranks (0: any length)."""
    return _of_kind(counts, _packed(counts), kind, int(above), length, rules)


def _leads(counts: Sequence[int], rules: RuleProfile) -> list[Play]:
    packed = _packed(counts)
    m1 = packed & _M15
    m2 = packed >> 15 & _M15
    m3 = packed >> 30 & _M15
    lo1, hi1 = m1 & _LO, m1 >> _LO_BITS
    out = _SINGLES_LO[lo1] + _SINGLES_HI[hi1]
    if m2:
        lo2, hi2 = m2 & _LO, m2 >> _LO_BITS
        out += _PAIRS_LO[lo2]
        out += _PAIRS_HI[hi2]
        if m3:
            out += _TRIOS_LO[m3 & _LO]
            out += _TRIOS_HI[m3 >> _LO_BITS]
            trios = _RANKS[m3]
            for t in trios:
                out += _TS_LO[t][lo1]
                out += _TS_HI[t][hi1]
            for t in trios:
                out += _TP_LO[t][lo2]
                out += _TP_HI[t][hi2]
    out += _LEAD_CHAINS[1][m1 & _CHAIN_BITS]
    if m2:
        out += _LEAD_CHAINS[2][m2 & _CHAIN_BITS]
        if m3:
            chain3 = m3 & _CHAIN_BITS
            if not rules.airplanes:
                chain3 = 0  # trios one at a time (beginners' table)
            out += _LEAD_CHAINS[3][chain3]
            if chain3 & (chain3 >> 1):
                total = sum(counts)
                spans = _LEAD_SPANS[chain3]
                for lo, top in spans:
                    _air_singles(counts, lo, top, total, out)
                for lo, top in spans:
                    _air_pairs(counts, lo, top, total, out)
            if packed >> 45:
                out += _four_two(counts, packed, False, 0, rules)
                out += _four_two(counts, packed, True, 0, rules)
                if rules.space_shuttle:
                    out += shuttles(counts)
                out += _group(_BOMBS_LO, _BOMBS_HI, packed >> 45)
    if packed & _JOKER_BITS == _JOKER_BITS:
        out.append(_ROCKET)
    return out


def legal_plays_counts(
    counts: Sequence[int], last: Play | None = None, rules: RuleProfile = CLASSIC
) -> list[Play]:
    """:func:`legal_plays` for a rank-count vector (18 counts, index = rank value)."""
    if rules.players == 4:
        return legal_plays_four(counts, last, rules)
    if last is None:
        return _leads(counts, rules)
    kind = last.kind
    if kind is Kind.ROCKET:
        return []
    b = bytes(counts)
    packed = _PACKED_0[b[3:8]] + _PACKED_1[b[8:13]] + _PACKED_2[b[13:18]]
    higher = _HIGHER[last.rank]
    # The common kinds inline; the others through _of_kind.
    if kind is Kind.SINGLE:
        mask = packed & higher
        out = _SINGLES_LO[mask & _LO] + _SINGLES_HI[mask >> _LO_BITS]
    elif kind is Kind.PAIR:
        mask = packed >> 15 & higher
        out = _PAIRS_LO[mask & _LO] + _PAIRS_HI[mask >> _LO_BITS]
    elif kind is Kind.TRIO_SINGLE or kind is Kind.TRIO_PAIR:
        out = []
        trios = packed >> 30 & higher
        if trios:
            if kind is Kind.TRIO_PAIR:
                kick = packed >> 15 & _M15
                lo_tables, hi_tables = _TP_LO, _TP_HI
            else:
                kick = packed & _M15
                lo_tables, hi_tables = _TS_LO, _TS_HI
            lo, hi = kick & _LO, kick >> _LO_BITS
            for t in _RANKS[trios]:
                out += lo_tables[t][lo]
                out += hi_tables[t][hi]
    elif kind is Kind.BOMB:
        return _bombs_and_rocket(packed, last.rank)
    else:
        out = _of_kind(counts, packed, kind, last.rank, last.length, rules)
    if packed >> 45 or packed & _JOKER_BITS == _JOKER_BITS:
        out += _bombs_and_rocket(packed, 0)
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
