"""Seats and roles at the table (R4).

>>> Seat.YOU.next, Seat.LEFT.next
(Seat.RIGHT, Seat.YOU)
"""

from __future__ import annotations

from enum import Enum, IntEnum

__all__ = ["Role", "Seat"]


class Seat(IntEnum):
    """The three seats.  Play goes anti-clockwise: You -> Right -> Left -> You."""

    YOU = 0
    RIGHT = 1
    LEFT = 2

    @property
    def next(self) -> Seat:
        """The seat that acts after this one."""
        return _SEATS[(self + 1) % 3]

    @property
    def label(self) -> str:
        """The seat's name as shown: ``You``, ``Right`` or ``Left``."""
        return self.name.capitalize()

    def __repr__(self) -> str:
        """``Seat.LEFT``: pastes back given ``from doudizhu_tui.core import *``."""
        return f"Seat.{self.name}"


_SEATS: tuple[Seat, ...] = tuple(Seat)


class Role(Enum):
    """A seat's side once the auction is over."""

    LANDLORD = "landlord"
    PEASANT = "peasant"

    def __repr__(self) -> str:
        """``Role.PEASANT``: pastes back given ``from doudizhu_tui.core import *``."""
        return f"Role.{self.name}"
