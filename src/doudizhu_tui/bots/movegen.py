"""Move generation for the bots, on rank-count vectors.

The core's :func:`~doudizhu_tui.core.legal_plays_counts` lists every legal play,
kicker choices included (a trio with a single kicker comes in a dozen
versions).  The bots only ever want a few kickers: the weakest cards they can
spare.  :func:`answers` lists the plays that beat a move with those sensible
kickers only; :func:`whole_hand` tells whether the hand goes out in one play.
Every move made here is legal for the core (kickers never share a rank with
their trio, never both jokers, pair kickers of different ranks).

>>> from doudizhu_tui.core import parse_cards, counts_of
>>> from doudizhu_tui.bots.analysis import describe
>>> hand = counts_of(parse_cards("3 5 5 8 8 8 Q Q Q 2"))
>>> [describe(m) for m in answers(hand, (3, 7, 1, (4, 7, 7, 7)))]
['trio+single 8-8-8+3', 'trio+single 8-8-8+5', 'trio+single 8-8-8+Q', \
'trio+single Q-Q-Q+3', 'trio+single Q-Q-Q+5', 'trio+single Q-Q-Q+8']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..core import classify_counts
from .analysis import (
    ACE,
    AIRPLANE,
    AIRPLANE_PAIRS,
    AIRPLANE_SINGLES,
    BJ,
    BOMB,
    FOUR_TWO_PAIRS,
    FOUR_TWO_SINGLES,
    PAIR,
    PAIR_CHAIN,
    RJ,
    ROCKET,
    SINGLE,
    STRAIGHT,
    TRIO,
    TRIO_PAIR,
    TRIO_SINGLE,
    WIDTH,
    Move,
    best_split,
    move_of_play,
)

__all__ = [
    "answers",
    "beats",
    "bombs_of",
    "chains_from",
    "kicker_sets",
    "leads",
    "whole_hand",
]

_MIN_LEN = {STRAIGHT: 5, PAIR_CHAIN: 3, AIRPLANE: 2}


def beats(move: Move, last: Move) -> bool:
    """Whether ``move`` may be played on ``last`` (the core's rule, on moves)."""
    kind, last_kind = move[0], last[0]
    if kind == ROCKET:
        return last_kind != ROCKET
    if last_kind == ROCKET:
        return False
    if kind == BOMB:
        return last_kind != BOMB or move[1] > last[1]
    if last_kind == BOMB:
        return False
    return kind == last_kind and move[2] == last[2] and move[1] > last[1]


def bombs_of(counts: Sequence[int], above: int = 0) -> list[Move]:
    """The bombs above rank ``above`` and the rocket, lowest first."""
    out: list[Move] = [(BOMB, r, 1, (r, r, r, r)) for r in range(above + 1, 16) if counts[r] == 4]
    if counts[BJ] and counts[RJ]:
        out.append((ROCKET, RJ, 1, (BJ, RJ)))
    return out


def kicker_sets(
    counts: Sequence[int], k: int, pairs: bool, lo: int, hi: int, spare: int = 2
) -> list[tuple[int, ...]]:
    """Sensible kicker choices: ``k`` singles (or pairs) of different ranks outside
    ``lo..hi``, drawn from the ``k + spare`` cheapest ranks (loose cards first, low
    ranks first, 2s and jokers last)."""
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
    return out


def _with_kickers(
    counts: Sequence[int], kind: int, top: int, length: int, main: tuple[int, ...]
) -> list[Move]:
    lo = top - length + 1
    rest = list(counts)
    for r in main:
        rest[r] -= 1
    pairs = kind in (TRIO_PAIR, AIRPLANE_PAIRS, FOUR_TWO_PAIRS)
    k = 2 if kind in (FOUR_TWO_SINGLES, FOUR_TWO_PAIRS) else length
    out: list[Move] = []
    for kick in kicker_sets(rest, k, pairs, lo, top):
        extra = tuple(r for r in kick for _ in range(2)) if pairs else kick
        out.append((kind, top, length, tuple(sorted(main + extra))))
    return out


def answers(counts: Sequence[int], last: Move) -> list[Move]:
    """The plays that beat ``last`` (sensible kickers only), weakest first, then the
    bombs and the rocket."""
    kind, above, length = last[0], last[1], last[2]
    out: list[Move] = []
    if kind == ROCKET:
        return out
    if kind == BOMB:
        return bombs_of(counts, above)
    if kind <= TRIO:
        w = WIDTH[kind]
        out = [(kind, r, 1, (r,) * w) for r in range(above + 1, 18) if counts[r] >= w]
    elif kind in (TRIO_SINGLE, TRIO_PAIR):
        for r in range(above + 1, 16):
            if counts[r] >= 3:
                out.extend(_with_kickers(counts, kind, r, 1, (r, r, r)))
    elif kind in (STRAIGHT, PAIR_CHAIN, AIRPLANE, AIRPLANE_SINGLES, AIRPLANE_PAIRS):
        w = WIDTH[kind]
        for top in range(above + 1, ACE + 1):
            lo = top - length + 1
            if lo < 3 or any(counts[r] < w for r in range(lo, top + 1)):
                continue
            main = tuple(r for r in range(lo, top + 1) for _ in range(w))
            if kind in (AIRPLANE_SINGLES, AIRPLANE_PAIRS):
                out.extend(_with_kickers(counts, kind, top, length, main))
            else:
                out.append((kind, top, length, main))
    else:  # four with two
        for r in range(above + 1, 16):
            if counts[r] == 4:
                out.extend(_with_kickers(counts, kind, r, 1, (r, r, r, r)))
    out.extend(bombs_of(counts))
    return out


def chains_from(counts: Sequence[int], kind: int) -> list[Move]:
    """Every chain of one kind (straight, pair chain or airplane) in a hand."""
    w = WIDTH[kind]
    min_len = _MIN_LEN[kind]
    out: list[Move] = []
    for lo in range(3, ACE + 1):
        top = lo
        while top <= ACE and counts[top] >= w:
            length = top - lo + 1
            if length >= min_len:
                main = tuple(r for r in range(lo, top + 1) for _ in range(w))
                out.append((kind, top, length, main))
            top += 1
    return out


def whole_hand(counts: Sequence[int]) -> list[Move]:
    """The readings of the whole hand as one play (empty if it is not one play)."""
    n = sum(counts)
    if n > 20 or (n > 5 and best_split(counts).plays > 3):
        return []
    return [move_of_play(p) for p in classify_counts(counts)]


def leads(counts: Sequence[int]) -> list[Move]:
    """Every lead of a hand, with sensible kickers only: singles, pairs, trios (bare
    and with a kicker), chains, airplanes, bombs and the rocket."""
    out: list[Move] = []
    for r in range(3, 18):
        n = counts[r]
        if n >= 1:
            out.append((SINGLE, r, 1, (r,)))
        if n >= 2:
            out.append((PAIR, r, 1, (r, r)))
        if n >= 3:
            out.append((TRIO, r, 1, (r, r, r)))
            out.extend(_with_kickers(counts, TRIO_SINGLE, r, 1, (r, r, r)))
            out.extend(_with_kickers(counts, TRIO_PAIR, r, 1, (r, r, r)))
    out.extend(chains_from(counts, STRAIGHT))
    out.extend(chains_from(counts, PAIR_CHAIN))
    for plane in chains_from(counts, AIRPLANE):
        out.append(plane)
        out.extend(_with_kickers(counts, AIRPLANE_SINGLES, plane[1], plane[2], plane[3]))
        out.extend(_with_kickers(counts, AIRPLANE_PAIRS, plane[1], plane[2], plane[3]))
    for r in range(3, 16):
        if counts[r] == 4:
            out.extend(_with_kickers(counts, FOUR_TWO_SINGLES, r, 1, (r, r, r, r)))
            out.extend(_with_kickers(counts, FOUR_TWO_PAIRS, r, 1, (r, r, r, r)))
    out.extend(bombs_of(counts))
    return out
