"""One game of the arena: a deal played with A and B in given seats, recorded from A's side.

Every decision goes through the table's gate (:meth:`doudizhu_tui.table.Table.step`).
A controller's illegal choice does not stop the run: the gate refuses it (a
:class:`~doudizhu_tui.table.ControllerError`), the choice is counted against the
level that made it, and the seat is made to act instead with :func:`substitute`:

* a pass when passing is legal (no bid in the auction, a pass when following);
* otherwise (the seat must lead) the first of its legal actions, the core's
  lowest lead.

The game then goes on, and is scored like any other.  The counts are in
:attr:`GameRecord.illegal`; the first illegal choice of a game is described in
:attr:`GameRecord.first_illegal`.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from time import perf_counter

from ..core import (
    CLASSIC,
    Action,
    BidAction,
    ControllerFactory,
    DealCode,
    Game,
    Kind,
    Observation,
    Phase,
    Played,
    RobAction,
    RuleProfile,
    Seat,
    SeatController,
    is_pass,
)
from ..table import ControllerError, Table
from .stats import SIDES, Side

__all__ = ["ArenaPlayError", "GameRecord", "no_auction_opening", "play_game", "substitute", "timed"]


class ArenaPlayError(RuntimeError):
    """A game that could not be played to its end; the message says where."""


# ----- timing --------------------------------------------------------------------------


class _TimedController:
    """A controller whose decisions are timed into a shared list (seconds)."""

    __slots__ = ("_inner", "_times")

    def __init__(self, inner: SeatController, times: array[float]) -> None:
        self._inner = inner
        self._times = times

    def decide(self, observation: Observation) -> Action:
        start = perf_counter()
        action = self._inner.decide(observation)
        self._times.append(perf_counter() - start)
        return action


def timed(factory: ControllerFactory, times: array[float]) -> ControllerFactory:
    """``factory`` with every ``decide()`` call of its controllers timed into ``times``."""

    def build(seat: Seat, rng: random.Random) -> SeatController:
        return _TimedController(factory(seat, rng), times)

    return build


# ----- one game ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The outcome of one game of the arena, from A's side."""

    #: The deal's index in the run (0 for the seed code).
    deal: int
    code: str
    #: 1: A alone in the solo seat; 2: B alone in it.
    game: int
    #: The level that played the landlord's seat; None when the deal was thrown in.
    landlord: Side | None
    bid: int = 0
    multiplier: int = 0
    #: The sum of the scores of A's seats (0 when thrown in).
    a_points: int = 0
    #: Bombs and rockets played by the seats of A and of B.
    bombs: tuple[int, int] = (0, 0)
    rockets: tuple[int, int] = (0, 0)
    spring: bool = False
    reverse_spring: bool = False
    #: Illegal choices made by the seats of A and of B (each replaced by :func:`substitute`).
    illegal: tuple[int, int] = (0, 0)
    #: The first illegal choice of the game, described in one line (None if there was none).
    first_illegal: str | None = None

    @property
    def thrown_in(self) -> bool:
        """True when everyone passed in the auction."""
        return self.landlord is None

    @property
    def a_won(self) -> bool:
        """True when A gained points."""
        return self.a_points > 0

    def to_dict(self) -> dict[str, object]:
        """The record as plain JSON-ready values."""
        return asdict(self)


def substitute(game: Game) -> Action:
    """The action taken for a seat whose choice was illegal (see the module).

    A pass when passing is legal (no bid in the auction, pass when following),
    else the first legal action.
    """
    legal = game.legal_actions()
    for action in legal:
        if is_pass(action):
            return action
    return legal[0]


def no_auction_opening(rules: RuleProfile) -> tuple[Action, ...]:
    """The auction of a game played without one (``--no-auction``): the first bidder
    takes the seat at the lowest stake, a bid of 1 or a call that nobody robs, and
    every other seat passes."""
    others = rules.players - 1
    if rules.auction == "rob":
        return (RobAction("call"), *[RobAction("pass")] * others)
    return (BidAction(1), *[BidAction(0)] * others)


def play_game(
    code: DealCode,
    game_no: int,
    factories: Mapping[Side, ControllerFactory],
    *,
    no_auction: bool,
    rules: RuleProfile = CLASSIC,
    deal: int = 0,
    levels: Mapping[Side, str] | None = None,
) -> GameRecord:
    """Play game ``game_no`` (1: A solo, 2: B solo) of the deal ``code``.

    Illegal choices are counted and replaced (see the module); ``levels`` names
    the levels in the description of the first one.
    """
    game = Game(code, rules)
    solo: Side = "A" if game_no == 1 else "B"
    other: Side = "B" if game_no == 1 else "A"
    seats = rules.seats
    sides = {seat: solo if seat == game.first_bidder else other for seat in seats}
    if no_auction:
        for action in no_auction_opening(rules):
            game.apply(action)
    table = Table(game, {seat: factories[side] for seat, side in sides.items()})
    illegal = [0, 0]
    first_illegal: str | None = None
    while table.waiting_for_controller:
        try:
            table.step()
        except ControllerError as exc:
            side = sides[exc.seat]
            illegal[SIDES.index(side)] += 1
            if first_illegal is None:
                level = f" ({levels[side]})" if levels else ""
                first_illegal = (
                    f"deal {deal + 1} ({code}), game {game_no}: {side}{level} in the "
                    f"{exc.seat.label} seat chose an illegal action ({exc.action}): {exc.reason}"
                )
            table.submit(exc.seat, substitute(game))
    counts = (illegal[0], illegal[1])
    if game.phase is Phase.THROWN_IN:
        return GameRecord(
            deal, str(code), game_no, None, illegal=counts, first_illegal=first_illegal
        )
    settled = game.settlement
    if settled is None:  # pragma: no cover - every seat has a controller
        raise ArenaPlayError(f"deal {deal + 1} ({code}), game {game_no} did not end")
    result = settled.settlement
    bombs = [0, 0]
    rockets = [0, 0]
    for event in game.log:
        if isinstance(event, Played):
            i = SIDES.index(sides[event.seat])
            if event.play.kind is Kind.BOMB:
                bombs[i] += 1
            elif event.play.kind is Kind.ROCKET:
                rockets[i] += 1
    return GameRecord(
        deal=deal,
        code=str(code),
        game=game_no,
        landlord=sides[result.landlord],
        bid=result.bid,
        multiplier=result.multiplier,
        a_points=sum(result.scores[s] for s in seats if sides[s] == "A"),
        bombs=(bombs[0], bombs[1]),
        rockets=(rockets[0], rockets[1]),
        spring=result.spring,
        reverse_spring=result.reverse_spring,
        illegal=counts,
        first_illegal=first_illegal,
    )
