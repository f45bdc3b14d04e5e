"""Space shuttles in a hand: the move generator's part for ``space_shuttle = true`` (R42).

A space shuttle is a run of two or more fours from 3 up to the ace, bare or with one
single, or one pair, per four (kickers as an airplane's, R14).  It is not a bomb
(R43): :func:`~doudizhu_tui.core.combos.beats` compares it like any chain, by kind,
length and top four.  :mod:`.moves` calls :func:`shuttles` when the profile plays
them, and only then, so the classic generator never pays for them.

>>> from .cards import counts_of, parse_ranks
>>> hand = counts_of(parse_ranks("3 3 3 3 4 4 4 4 5 5 5 5 9 K"))
>>> [p.describe() for p in shuttles(hand, Kind.SPACE_SHUTTLE)]
['space shuttle 3-3-3-3-4-4-4-4', 'space shuttle 4-4-4-4-5-5-5-5', \
'space shuttle 3-3-3-3-4-4-4-4-5-5-5-5']
>>> [p.label() for p in shuttles(hand, Kind.SPACE_SHUTTLE_SINGLES, above=4, length=2)]
['4-4-4-4-5-5-5-5+3-3', '4-4-4-4-5-5-5-5+3-9', '4-4-4-4-5-5-5-5+3-K', \
'4-4-4-4-5-5-5-5+9-K']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .cards import RANK_BY_VALUE
from .combos import Kind, Play

__all__ = ["SHUTTLE_KINDS_IN_ORDER", "shuttles"]

_BJ = 16
_RJ = 17
_ACE = 14

#: The three kinds of shuttle, in the order a lead lists them.
SHUTTLE_KINDS_IN_ORDER = (Kind.SPACE_SHUTTLE, Kind.SPACE_SHUTTLE_SINGLES, Kind.SPACE_SHUTTLE_PAIRS)


def _mk(kind: Kind, top: int, length: int, ranks: list[int]) -> Play:
    top_rank = RANK_BY_VALUE[top]
    assert top_rank is not None
    return Play(kind, top_rank, length, tuple([RANK_BY_VALUE[r] for r in sorted(ranks)]))  # type: ignore[misc]


#: _BARE[lo][top]: the bare shuttle from lo up to top (built once).
_BARE: list[list[Play | None]] = [[None] * 18 for _ in range(18)]
for _lo in range(3, _ACE):
    for _top in range(_lo + 1, _ACE + 1):
        _BARE[_lo][_top] = _mk(
            Kind.SPACE_SHUTTLE, _top, _top - _lo + 1, [*range(_lo, _top + 1)] * 4
        )
# Shuttles with wings, built when first met: [lo, top][kicker ranks] -> play.
_WITH_SINGLES: dict[tuple[int, int], dict[tuple[int, ...], Play]] = {}
_WITH_PAIRS: dict[tuple[int, int], dict[tuple[int, ...], Play]] = {}


def _spans(counts: Sequence[int], above: int, length: int) -> list[tuple[int, int]]:
    """(lo, top) of every run of fours in the hand with its top above ``above`` and
    ``length`` fours (0: every length from 2), by top, then length."""
    out: list[tuple[int, int]] = []
    run = 0
    for top in range(3, _ACE + 1):
        run = run + 1 if counts[top] == 4 else 0
        if run < 2 or top <= above:
            continue
        if length:
            if run >= length:
                out.append((top - length + 1, top))
        else:
            out.extend((top - k + 1, top) for k in range(2, run + 1))
    return out


def _with_singles(counts: Sequence[int], lo: int, top: int, out: list[Play]) -> None:
    k = top - lo + 1
    # The cards outside the run (at most k of a rank); their k-combinations, without
    # repeats, are the kicker multisets in lexicographic order.
    spare = [r for r in range(3, 18) if not lo <= r <= top for _ in range(min(counts[r], k))]
    if len(spare) < k:
        return
    known = _WITH_SINGLES.setdefault((lo, top), {})
    for kick in dict.fromkeys(combinations(spare, k)):
        if kick[-1] == _RJ and kick[-2] == _BJ:
            continue  # the rocket is never a pair of kickers (R14 c)
        play = known.get(kick)
        if play is None:
            play = known[kick] = _mk(
                Kind.SPACE_SHUTTLE_SINGLES, top, k, [*range(lo, top + 1)] * 4 + [*kick]
            )
        out.append(play)


def _with_pairs(counts: Sequence[int], lo: int, top: int, out: list[Play]) -> None:
    k = top - lo + 1
    avail = [r for r in range(3, _BJ) if counts[r] >= 2 and not lo <= r <= top]
    known = _WITH_PAIRS.setdefault((lo, top), {})
    for combo in combinations(avail, k):
        play = known.get(combo)
        if play is None:
            play = known[combo] = _mk(
                Kind.SPACE_SHUTTLE_PAIRS, top, k, [*range(lo, top + 1)] * 4 + [*combo] * 2
            )
        out.append(play)


def shuttles(
    counts: Sequence[int], kind: Kind | None = None, above: int = 0, length: int = 0
) -> list[Play]:
    """The space shuttles in a rank-count vector: of ``kind`` (None: all three kinds,
    bare ones first), topping above ``above``, of ``length`` fours (0: any length)."""
    spans = _spans(counts, above, length)
    out: list[Play] = []
    if not spans:
        return out
    if kind is None or kind is Kind.SPACE_SHUTTLE:
        out += [_BARE[lo][top] for lo, top in spans]  # type: ignore[misc]
    if kind is None or kind is Kind.SPACE_SHUTTLE_SINGLES:
        for lo, top in spans:
            _with_singles(counts, lo, top, out)
    if kind is None or kind is Kind.SPACE_SHUTTLE_PAIRS:
        for lo, top in spans:
            _with_pairs(counts, lo, top, out)
    return out
