"""The auction: one circuit of bids (R8-R9).

>>> a = Auction(Seat.RIGHT)
>>> a.legal_bids()
(0, 1, 2, 3)
>>> a.bid(2); a.legal_bids()
(0, 3)
>>> a.bid(0); a.bid(0); a.done, a.landlord, a.high
(True, Seat.RIGHT, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .seats import Seat

__all__ = ["Auction", "AuctionError"]


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

    @property
    def turn(self) -> Seat:
        """The seat to speak next."""
        seat = self.first
        for _ in self.bids:
            seat = seat.next
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
        if amount == 3 or len(self.bids) == 3:
            self.done = True

    @property
    def thrown_in(self) -> bool:
        """True when the auction ended with everybody passing."""
        return self.done and self.landlord is None
