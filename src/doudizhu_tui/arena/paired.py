"""Two arena runs on the same deals compared game for game (a paired comparison).

Changing a level and playing the same deals again (the same seed, the same B) gives
two records of each game.  Most games come out the same, so the difference in WP is
known far more precisely from the games that changed than from two separate
intervals: the standard error below is that of the mean difference per deal (the
deal is the unit, as in :mod:`.stats`, since its games share their cards).

A game's score is 1 when A won it, 0 when A lost it and 1/2 when it was thrown in,
so a deal thrown in by one run and not by the other still counts.  Only the games
present in both runs (same deal index and game number) are compared.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from .stats import ScoredGame

__all__ = ["PairedDifference", "PairedGame", "game_score", "paired_difference"]


class PairedGame(ScoredGame, Protocol):
    """A game's record with its number within the deal, as a
    :class:`~doudizhu_tui.arena.GameRecord` has it."""

    @property
    def game(self) -> int:
        """1: A alone in the solo seat; 2: B alone in it."""
        ...


def game_score(game: ScoredGame) -> float:
    """A's result in one game: 1 won, 0 lost, 1/2 thrown in."""
    if game.landlord is None:
        return 0.5
    return 1.0 if game.a_points > 0 else 0.0


@dataclass(frozen=True, slots=True)
class PairedDifference:
    """How a new run of A did against a base run on the same games."""

    #: Deals with at least one game in both runs, and the games compared.
    deals: int
    games: int
    #: Games the new run scored better (worse) than the base run.
    better: int
    worse: int
    #: The mean difference in games won per 100 games, and its standard error.
    points: float
    standard_error: float

    def describe(self) -> str:
        """One line: ``+1.2 ±1.6 (games +54 / -47, 600 games in 300 deals)``."""
        return (
            f"{self.points:+.1f} ±{self.standard_error:.1f} (games +{self.better} / "
            f"-{self.worse}, {self.games} games in {self.deals} deals)"
        )


def paired_difference(base: Iterable[PairedGame], new: Iterable[PairedGame]) -> PairedDifference:
    """The new run's games scored against the base run's, game for game.

    The difference is summed per deal and averaged over the deals; ``points`` is
    that mean per game in percentage points and ``standard_error`` one standard
    error of it (0 with fewer than two deals).
    """
    before = {(g.deal, g.game): game_score(g) for g in base}
    per_deal: dict[int, float] = {}
    games = better = worse = 0
    for g in new:
        old = before.get((g.deal, g.game))
        if old is None:
            continue
        change = game_score(g) - old
        per_deal[g.deal] = per_deal.get(g.deal, 0.0) + change
        games += 1
        better += change > 0
        worse += change < 0
    deals = len(per_deal)
    if not deals:
        return PairedDifference(0, 0, 0, 0, 0.0, 0.0)
    per_game = games / deals
    values = list(per_deal.values())
    mean = sum(values) / deals
    error = 0.0
    if deals > 1:
        variance = sum((x - mean) ** 2 for x in values) / (deals - 1)
        error = math.sqrt(variance / deals)
    return PairedDifference(
        deals, games, better, worse, 100 * mean / per_game, 100 * error / per_game
    )
