"""The arena's statistics: summary figures and confidence intervals of its games.

The runner (:mod:`doudizhu_tui.arena.run`) plays the games and records each one from
A's side; this module turns those records into the figures it reports.

* WP: the share of scored games that A won, A having won when its points are
  positive (well defined even when an A and a B are partners).
* ADP: A's average points per scored game.
* 95% confidence intervals.  The two games of a deal share their cards, so they are
  not independent samples; the variances are estimated with the deal as the unit
  (a cluster-robust estimate).  ADP: normal approximation.  WP: Wilson score
  interval on the effective number of games (games x iid variance / clustered
  variance), which is the plain Wilson interval when the games are independent.
  A level against itself gives WP 50% and ADP 0 exactly, with a zero-width interval.
* Bombs (rockets counted apart) by the seats each level played; springs and reverse
  springs credited to the level that gained the points.
* Decision times: the mean, the 50th, 90th and 99th percentiles and the maximum, in
  milliseconds.

Nothing here plays a game: the records are read through the :class:`ScoredGame`
protocol, which :class:`~doudizhu_tui.arena.GameRecord` follows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Literal, Protocol

__all__ = [
    "SIDES",
    "RowStats",
    "ScoredGame",
    "Side",
    "SideStats",
    "TimingStats",
    "percentile",
    "wilson_interval",
]

#: The two levels of a run: A, and its opponent B.
Side = Literal["A", "B"]
SIDES: tuple[Side, Side] = ("A", "B")

#: z for a two-sided 95% interval.
_Z95 = 1.959963984540054


class ScoredGame(Protocol):
    """What the figures read of one game's record, from A's side."""

    @property
    def deal(self) -> int:
        """The deal's index in the run: the games of one deal form a cluster."""
        ...

    @property
    def a_points(self) -> int:
        """The sum of the scores of A's seats."""
        ...

    @property
    def a_won(self) -> bool:
        """True when A gained points."""
        ...

    @property
    def landlord(self) -> Side | None:
        """The level that played the landlord's seat (None when thrown in)."""
        ...

    @property
    def bombs(self) -> tuple[int, int]:
        """Bombs played by the seats of A and of B."""
        ...

    @property
    def rockets(self) -> tuple[int, int]:
        """Rockets played by the seats of A and of B."""
        ...

    @property
    def spring(self) -> bool:
        """True when the landlord won with the peasants never playing."""
        ...

    @property
    def reverse_spring(self) -> bool:
        """True when the peasants won with the landlord playing at most once."""
        ...


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of non-empty ``values``, linearly interpolated.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 50)
    2.5
    """
    data = sorted(values)
    if not data:
        raise ValueError("no values")
    pos = (len(data) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (pos - lo)


def wilson_interval(wins: float, n: float, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (``n`` may be fractional).

    >>> lo, hi = wilson_interval(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    """
    if n <= 0:
        raise ValueError("no games")
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def _variances(values: Sequence[float], clusters: Sequence[int]) -> tuple[float, float] | None:
    """The variance of the mean of ``values``: assuming independence, and by cluster."""
    n = len(values)
    mean = sum(values) / n
    sums: dict[int, float] = {}
    for y, c in zip(values, clusters, strict=True):
        sums[c] = sums.get(c, 0.0) + (y - mean)
    k = len(sums)
    if n < 2 or k < 2:
        return None
    iid = sum((y - mean) ** 2 for y in values) / (n * (n - 1))
    clustered = k / (k - 1) * sum(r * r for r in sums.values()) / (n * n)
    return iid, clustered


@dataclass(frozen=True, slots=True)
class RowStats:
    """WP and ADP of A over a set of scored games, with 95% intervals."""

    games: int
    wins: int
    wp: float | None
    wp_ci: tuple[float, float] | None
    adp: float | None
    adp_ci: tuple[float, float] | None

    @classmethod
    def of(cls, games: Sequence[ScoredGame]) -> RowStats:
        """The figures of ``games`` (scored games only)."""
        n = len(games)
        wins = sum(1 for g in games if g.a_won)
        if n == 0:
            return cls(0, 0, None, None, None, None)
        wp = wins / n
        adp = sum(g.a_points for g in games) / n
        deals = [g.deal for g in games]
        wp_ci: tuple[float, float] | None = None
        adp_ci: tuple[float, float] | None = None
        win_var = _variances([1.0 if g.a_won else 0.0 for g in games], deals)
        if win_var is None or win_var[0] == 0.0:
            wp_ci = wilson_interval(wins, n)
        elif win_var[1] <= 1e-15:
            wp_ci = (wp, wp)
        else:
            n_eff = n * win_var[0] / win_var[1]
            wp_ci = wilson_interval(wp * n_eff, n_eff)
        point_var = _variances([float(g.a_points) for g in games], deals)
        if point_var is not None:
            half = _Z95 * math.sqrt(max(point_var[1], 0.0))
            adp_ci = (adp - half, adp + half)
        return cls(n, wins, wp, wp_ci, adp, adp_ci)

    def to_dict(self) -> dict[str, object]:
        """The figures as plain JSON-ready values."""
        return asdict(self)


@dataclass(frozen=True, slots=True)
class SideStats:
    """What one level did over the scored games."""

    level: str
    landlord_games: int
    wins: int
    bombs: int
    rockets: int
    springs: int
    reverse_springs: int

    @classmethod
    def of(cls, level: str, side: Side, games: Sequence[ScoredGame]) -> SideStats:
        """The figures of ``side`` (played by ``level``) over ``games`` (scored only)."""
        i = SIDES.index(side)
        mine = [g for g in games if g.a_won == (side == "A")]
        return cls(
            level=level,
            landlord_games=sum(1 for g in games if g.landlord == side),
            wins=len(mine),
            bombs=sum(g.bombs[i] for g in games),
            rockets=sum(g.rockets[i] for g in games),
            springs=sum(1 for g in mine if g.spring),
            reverse_springs=sum(1 for g in mine if g.reverse_spring),
        )

    def to_dict(self) -> dict[str, object]:
        """The figures as plain JSON-ready values."""
        return asdict(self)


@dataclass(frozen=True, slots=True)
class TimingStats:
    """Decision times of one level, in milliseconds (None when it made no decision)."""

    level: str
    decisions: int
    mean_ms: float | None
    p50_ms: float | None
    p90_ms: float | None
    p99_ms: float | None
    max_ms: float | None

    @classmethod
    def of(cls, level: str, seconds: Sequence[float]) -> TimingStats:
        """The figures of ``seconds``, one entry per decision."""
        if not seconds:
            return cls(level, 0, None, None, None, None, None)
        ms = [t * 1000 for t in seconds]
        return cls(
            level,
            len(ms),
            sum(ms) / len(ms),
            percentile(ms, 50),
            percentile(ms, 90),
            percentile(ms, 99),
            max(ms),
        )

    def to_dict(self) -> dict[str, object]:
        """The figures as plain JSON-ready values."""
        return asdict(self)
