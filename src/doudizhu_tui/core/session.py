"""A session: a fixed run of 3, 6 or 12 scored deals with running totals (R29-R30).

Deal codes follow one another: each new deal (after a scored deal or a
throw-in) takes the successor of the previous code, so a whole session is
fixed by its first code.  Thrown-in deals do not count towards the length.

>>> s = Session(code_from_number(5), deals=3)
>>> g = s.new_game()
>>> s.deal_number, s.finished
(1, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from .deal import DealCode, code_from_number
from .game import Game, Phase
from .rules import CLASSIC, RuleProfile
from .scoring import Settlement
from .seats import Seat

__all__ = ["SESSION_LENGTHS", "DealRecord", "Session", "SessionError", "Standing"]

_ = code_from_number  # used by the doctests above

#: The session lengths a player may choose.
SESSION_LENGTHS = (3, 6, 12)


class SessionError(ValueError):
    """A session used out of order (a new deal before the last ended, a bad length)."""


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One scored deal of a session."""

    number: int
    code: DealCode
    settlement: Settlement


@dataclass(frozen=True, slots=True)
class Standing:
    """A seat's place at the end (or so far): ``place`` 1 is best; tied seats share a place."""

    seat: Seat
    total: int
    place: int
    tied: bool


class Session:
    """A run of scored deals from one starting code."""

    def __init__(
        self,
        code: DealCode,
        deals: int = 6,
        rules: RuleProfile = CLASSIC,
        opener: Seat | None = None,
    ) -> None:
        """A session of ``deals`` scored deals from ``code``; ``opener`` (if given)
        opens the first deal's auction instead of the holder of the marked card."""
        if deals not in SESSION_LENGTHS:
            raise SessionError(f"a session is 3, 6 or 12 deals, not {deals}")
        self.first_code = code
        self.length = deals
        self.rules = rules
        self.records: list[DealRecord] = []
        self.totals = [0] * rules.players
        self.games_started = 0
        self._next_code = code
        self._current: Game | None = None
        self._rotate_from: Seat | None = None
        self.opener = opener

    @property
    def deal_number(self) -> int:
        """The number (1-based) of the deal in play or about to be played."""
        return min(len(self.records) + 1, self.length)

    @property
    def finished(self) -> bool:
        """True once all the scored deals have been played."""
        return len(self.records) >= self.length

    @property
    def current(self) -> Game | None:
        """The game dealt and not yet recorded, if any."""
        return self._current

    @property
    def next_code(self) -> DealCode:
        """The code of the next deal to be dealt."""
        return self._next_code

    def new_game(self) -> Game:
        """Deal the next game of the session."""
        if self._current is not None and not self._current.over:
            raise SessionError("the current deal has not ended")
        if self._current is not None:
            self.record(self._current)
        if self.finished:
            raise SessionError("the session is over")
        first: Seat | None = self.opener if self.games_started == 0 else None
        if self.rules.first_bidder == "rotate" and self._rotate_from is not None:
            order = self.rules.seats
            at = order.index(self._rotate_from) + self.games_started
            first = order[at % len(order)]
        game = Game(self._next_code, self.rules, first)
        if self._rotate_from is None:
            self._rotate_from = game.first_bidder
        self.games_started += 1
        self._current = game
        return game

    def record(self, game: Game) -> DealRecord | None:
        """Take a finished or thrown-in game into the session (done once per game)."""
        if game is not self._current:
            raise SessionError("that game does not belong to this session's current deal")
        if not game.over:
            raise SessionError("the deal has not ended")
        self._current = None
        self._next_code = game.code.successor()
        if game.phase is Phase.THROWN_IN:
            return None
        settled = game.settlement
        assert settled is not None
        record = DealRecord(len(self.records) + 1, game.code, settled.settlement)
        self.records.append(record)
        for seat, score in enumerate(settled.settlement.scores):
            self.totals[seat] += score
        return record

    def standings(self) -> list[Standing]:
        """The seats from the highest total down; equal totals share a place."""
        seats = self.rules.seats
        order = sorted(seats, key=lambda s: (-self.totals[s], s))
        out: list[Standing] = []
        for seat in order:
            total = self.totals[seat]
            place = 1 + sum(1 for s in seats if self.totals[s] > total)
            tied = sum(1 for s in seats if self.totals[s] == total) > 1
            out.append(Standing(seat, total, place, tied))
        return out
