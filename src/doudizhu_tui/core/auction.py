"""The auctions: one circuit of bids (R8-R9), or calling and robbing (R38-R39).

>>> a = Auction(Seat.RIGHT)
>>> a.legal_bids()
(0, 1, 2, 3)
>>> a.bid(2); a.legal_bids()
(0, 3)
>>> a.bid(0); a.bid(0); a.done, a.landlord, a.high
(True, Seat.RIGHT, 2)

Under ``auction = "rob"`` a :class:`RobAuction` takes the place of :class:`Auction`:

>>> r = RobAuction(Seat.YOU)
>>> r.stage, r.turn, r.legal_moves()
('call', Seat.YOU, ('call', 'pass'))
>>> r.speak("call"); r.stage, r.turn, r.legal_moves()
('rob', Seat.RIGHT, ('rob', 'pass'))
>>> r.speak("rob"); r.speak("pass"); r.stage, r.turn
('rob back', Seat.YOU)
>>> r.speak("rob"); r.done, r.landlord, r.robs, r.factor
(True, Seat.YOU, 2, 4)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal, cast

from .seats import Seat, next_seat

__all__ = [
    "ROB_MOVES",
    "Auction",
    "AuctionError",
    "RobAuction",
    "RobMove",
    "RobStage",
    "claimed",
]

#: What a seat says in a rob auction: claim the seat first, take it away, or pass.
RobMove = Literal["call", "rob", "pass"]
#: Every rob move, in the order the legal moves list them.
ROB_MOVES: tuple[RobMove, ...] = ("call", "rob", "pass")
#: Where a rob auction stands: waiting for a call, the robbing round, the caller's
#: one chance to rob back, or over.
RobStage = Literal["call", "rob", "rob back", "over"]


def claimed(moves: Iterable[tuple[Seat, RobMove]], seat: Seat) -> bool:
    """Whether ``seat`` has called or robbed among the rob auction's ``moves`` (its next
    rob is then a rob back)."""
    return any(s == seat and m != "pass" for s, m in moves)


class AuctionError(ValueError):
    """A bid that is not allowed now."""


@dataclass(slots=True)
class Auction:
    """One circuit from the first bidder: each seat passes (0) or bids above the current bid;
    a bid of 3 ends it at once; if all pass, the deal is thrown in."""

    first: Seat
    bids: list[tuple[Seat, int]] = field(default_factory=list)
    high: int = 0
    landlord: Seat | None = None
    done: bool = False
    #: How many seats bid: one circuit is 3 bids, or 4 at a four-player table (R49).
    players: int = 3

    @property
    def turn(self) -> Seat:
        """The seat to speak next."""
        seat = self.first
        for _ in self.bids:
            seat = next_seat(seat, self.players)
        return seat

    def legal_bids(self) -> tuple[int, ...]:
        """0 (pass) and every bid above the current one; empty once the auction is over."""
        if self.done:
            return ()
        return (0, *range(self.high + 1, 4))

    def why_not(self, amount: int) -> str | None:
        """The reason a bid is refused, or None if it is allowed."""
        if self.done:
            return "the auction is over"
        if amount not in (0, 1, 2, 3):
            return f"a bid is 1, 2 or 3 (or 0 to pass), not {amount}"
        if amount and amount <= self.high:
            return f"a bid must be higher than the current bid of {self.high}"
        return None

    def bid(self, amount: int) -> None:
        """Record the current seat's bid (0 passes)."""
        reason = self.why_not(amount)
        if reason:
            raise AuctionError(reason)
        seat = self.turn
        self.bids.append((seat, amount))
        if amount:
            self.high, self.landlord = amount, seat
        if amount == 3 or len(self.bids) == self.players:
            self.done = True

    @property
    def thrown_in(self) -> bool:
        """True when the auction ended with everybody passing."""
        return self.done and self.landlord is None


@dataclass(slots=True)
class RobAuction:
    """Rob the landlord (R38-R39), as a state machine.

    From the first bidder each seat in turn calls or passes until one calls; three
    passes throw the deal in.  After the call, each later seat that has not passed
    already speaks once, in turn: rob (doubling the stake) or pass; a seat that passed
    before the call is skipped.  If anybody robbed, the caller then speaks once more:
    rob back or pass.  The last seat to call or rob is the landlord.

    ``speak(move)`` records the move of the seat whose turn it is; ``legal_moves()``
    and ``why_not(move, seat)`` say what is allowed now and why not.
    """

    first: Seat
    #: Every move so far, in order: (seat, move).
    moves: list[tuple[Seat, RobMove]] = field(default_factory=list)
    #: The seat that called, once one has.
    caller: Seat | None = None
    #: The last seat to call or rob: the landlord once the auction is over.
    landlord: Seat | None = None
    #: How many robs so far (the caller's rob back included); each doubles the stake.
    robs: int = 0
    #: True once the auction is over: a landlord is chosen, or the deal is thrown in.
    done: bool = False
    #: The seats still to speak after the call, in turn (the caller last, to rob back).
    waiting: list[Seat] = field(default_factory=list)
    #: True once the caller has been offered the rob back.
    rob_back: bool = False
    #: How many seats speak (the rob auction is played by three, R48).
    players: int = 3

    @property
    def stage(self) -> RobStage:
        """``call`` until somebody calls, then ``rob``, then ``rob back`` while the
        caller may rob back, and ``over``."""
        if self.done:
            return "over"
        if self.caller is None:
            return "call"
        return "rob back" if self.rob_back else "rob"

    @property
    def turn(self) -> Seat:
        """The seat to speak next (while the auction is not over)."""
        if self.caller is None:
            seat = self.first
            for _ in self.moves:
                seat = next_seat(seat, self.players)
            return seat
        return self.waiting[0] if self.waiting else self.caller

    @property
    def high(self) -> int:
        """The bid the stake stands on, as :attr:`Auction.high` says it: 1 once somebody
        called (a call stakes the deal once, R38), 0 before."""
        return 0 if self.caller is None else 1

    @property
    def factor(self) -> int:
        """What the robs so far multiply the stake by: 2 for each rob."""
        return 1 << self.robs

    @property
    def thrown_in(self) -> bool:
        """True when the auction ended with nobody calling."""
        return self.done and self.landlord is None

    def passed_before_the_call(self, seat: Seat) -> bool:
        """True for a seat that passed while nobody had called (it may not rob)."""
        if self.caller is None:
            return any(s == seat for s, _ in self.moves)
        return any(s == seat and m == "pass" for s, m in self.moves[: self._call_index()])

    def _call_index(self) -> int:
        return next(i for i, (_, m) in enumerate(self.moves) if m == "call")

    def legal_moves(self) -> tuple[RobMove, ...]:
        """What the seat to speak may say: call or pass before the call, rob or pass
        after it; empty once the auction is over."""
        if self.done:
            return ()
        return ("call", "pass") if self.caller is None else ("rob", "pass")

    def why_not(self, move: str, seat: Seat | None = None) -> str | None:
        """The reason ``move`` is refused now (for ``seat``, by default the seat whose
        turn it is), or None if it is allowed."""
        if move not in ROB_MOVES:
            return f"say call, rob or pass, not {move!r}"
        if self.done:
            return "the auction is over" if self.caller is None else "robbing is over"
        if seat is not None and seat != self.turn:
            if move == "rob" and self.caller is not None and self.passed_before_the_call(seat):
                return "you passed before the call, so you cannot rob"
            if move == "rob" and seat == self.caller:
                return "the caller may rob back only when the turn comes back after a rob"
            return f"it is {self.turn.label}'s turn"
        if self.caller is None and move == "rob":
            return "nobody has called yet: call or pass"
        if self.caller is not None and move == "call":
            return f"{self.caller.label} called already: rob or pass"
        return None

    def speak(self, move: str) -> None:
        """Record the move of the seat whose turn it is; raises :class:`AuctionError`
        with the reason if it is not allowed."""
        reason = self.why_not(move)
        if reason:
            raise AuctionError(reason)
        seat = self.turn
        self.moves.append((seat, cast(RobMove, move)))
        if self.caller is None:
            if move == "call":
                self.caller = self.landlord = seat
                # Every later seat that has not spoken yet gets one chance to rob.
                later = next_seat(seat, self.players)
                while later != self.first:
                    self.waiting.append(later)
                    later = next_seat(later, self.players)
                self.done = not self.waiting
            elif len(self.moves) == self.players:
                self.done = True
            return
        self.waiting.pop(0)
        if move == "rob":
            self.robs += 1
            self.landlord = seat
        if self.waiting:
            return
        if self.robs and not self.rob_back:
            self.rob_back = True
            self.waiting.append(self.caller)
            return
        self.done = True
