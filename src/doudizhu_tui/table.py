"""The table: runs one deal with a controller per computer seat.

The table is the single gate through which actions reach the game.  Each
computer seat gets an :class:`~doudizhu_tui.core.Observation` (never the game)
and its own ``random.Random`` derived from the deal code and its seat; a
decision the core refuses is reported as :class:`ControllerError` naming the
seat and the reason, and the game is left untouched.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from .core import (
    CLASSIC,
    Action,
    ControllerFactory,
    DealCode,
    Event,
    Game,
    IllegalAction,
    RuleProfile,
    Seat,
    SeatController,
    observe,
)

__all__ = ["ControllerError", "Table", "controller_rng", "play_deal"]


class ControllerError(RuntimeError):
    """A controller chose an action the core refused."""

    def __init__(self, seat: Seat, action: Action, reason: str) -> None:
        super().__init__(f"{seat.label} seat chose an illegal action ({action}): {reason}")
        self.seat = seat
        self.action = action
        self.reason = reason


def controller_rng(code: DealCode, seat: Seat) -> random.Random:
    """The random generator of the controller in ``seat`` for the deal ``code``."""
    return code.rng(f"seat-{int(seat)}")


class Table:
    """A deal in progress: the game plus the controllers of the computer seats.

    Seats without a controller are played by a person through :meth:`submit`.
    """

    def __init__(
        self,
        game: Game,
        factories: Mapping[Seat, ControllerFactory],
    ) -> None:
        self.game = game
        seats = game.rules.seats  # a factory for a seat the table lacks is not used
        self._rngs = {seat: controller_rng(game.code, seat) for seat in factories if seat in seats}
        self.controllers: dict[Seat, SeatController] = {
            seat: factory(seat, self._rngs[seat])
            for seat, factory in factories.items()
            if seat in seats
        }

    @property
    def waiting_for_controller(self) -> bool:
        """True when the seat to act is a computer seat."""
        turn = self.game.turn
        return turn is not None and turn in self.controllers

    def decide(self) -> Action:
        """Ask the computer seat to act for its decision (does not apply it)."""
        seat = self.game.turn
        if seat is None or seat not in self.controllers:
            raise RuntimeError("no computer seat is to act")
        # Reseed the seat's own generator from the code, the seat and the number of
        # actions so far: a decision then depends on the deal and its public history
        # only, so a resumed or replayed deal gets the very same decisions.
        self._rngs[seat].seed(self.game.code.seed_for(f"seat-{int(seat)}/{len(self.game.actions)}"))
        return self.controllers[seat].decide(observe(self.game, seat))

    def submit(self, seat: Seat, action: Action) -> tuple[Event, ...]:
        """Apply ``seat``'s action if it is that seat's turn and the action is legal.

        Raises :class:`~doudizhu_tui.core.IllegalAction` with the reason otherwise.
        """
        if self.game.turn != seat:
            turn = self.game.turn
            raise IllegalAction(
                f"it is {turn.label if turn else 'nobody'}'s turn, not {seat.label}'s"
            )
        return self.game.apply(action)

    def step(self) -> tuple[Event, ...]:
        """Let the computer seat to act decide and apply its action."""
        seat = self.game.turn
        assert seat is not None
        action = self.decide()
        try:
            return self.game.apply(action)
        except IllegalAction as exc:
            raise ControllerError(seat, action, str(exc)) from None

    def run(self) -> list[Event]:
        """Step the computer seats until the deal ends or a person must act."""
        events: list[Event] = []
        while self.waiting_for_controller:
            events.extend(self.step())
        return events


def play_deal(
    code: DealCode,
    factories: Mapping[Seat, ControllerFactory],
    rules: RuleProfile = CLASSIC,
    first_bidder: Seat | None = None,
) -> Game:
    """Play a whole deal with a controller in every seat and return the ended game."""
    if not set(rules.seats) <= set(factories):
        raise ValueError("play_deal needs a controller for every seat")
    table = Table(Game(code, rules, first_bidder), factories)
    table.run()
    return table.game
