"""Seats and roles at the table (R4, R48).

Three players sit You, Right, Left; four sit You, Right, Across, Left.  Play goes
anti-clockwise in that order.  A seat's number (its value) never changes with the
number of players, so per-seat tuples are indexed by it: ``Seat.ACROSS`` is 3 and
only exists at a four-player table.

>>> next_seat(Seat.YOU, 3), next_seat(Seat.LEFT, 3)
(Seat.RIGHT, Seat.YOU)
>>> next_seat(Seat.RIGHT, 4), next_seat(Seat.ACROSS, 4)
(Seat.ACROSS, Seat.LEFT)
"""

from __future__ import annotations

from enum import Enum, IntEnum

__all__ = ["DEALT", "Role", "Seat", "next_seat", "seats_of"]


class Seat(IntEnum):
    """The seats.  Play goes anti-clockwise: You -> Right -> (Across ->) Left -> You."""

    YOU = 0
    RIGHT = 1
    LEFT = 2
    #: The fourth seat, opposite You; only at a four-player table (R48).
    ACROSS = 3

    @property
    def label(self) -> str:
        """The seat's name as shown: ``You``, ``Right``, ``Across`` or ``Left``."""
        return self.name.capitalize()

    def __repr__(self) -> str:
        """``Seat.LEFT``: pastes back given ``from doudizhu_tui.core import *``."""
        return f"Seat.{self.name}"


_ORDER: dict[int, tuple[Seat, ...]] = {
    3: (Seat.YOU, Seat.RIGHT, Seat.LEFT),
    4: (Seat.YOU, Seat.RIGHT, Seat.ACROSS, Seat.LEFT),
}
_NEXT: dict[int, tuple[Seat, ...]] = {
    n: tuple(order[(order.index(Seat(v)) + 1) % n] for v in range(n)) for n, order in _ORDER.items()
}


#: DEALT[players]: the cards each seat is dealt and the cards left for the kitty, 17 and
#: 3 with one pack for three players, 25 and 8 with two packs for four (R5, R48).
DEALT: dict[int, tuple[int, int]] = {3: (17, 3), 4: (25, 8)}


def seats_of(players: int) -> tuple[Seat, ...]:
    """The seats of a table of ``players`` (3 or 4), in the order of play from You."""
    return _ORDER[players]


def next_seat(seat: Seat, players: int) -> Seat:
    """The seat that acts after ``seat`` at a table of ``players``."""
    return _NEXT[players][seat]


class Role(Enum):
    """A seat's side once the auction is over."""

    LANDLORD = "landlord"
    PEASANT = "peasant"

    def __repr__(self) -> str:
        """``Role.PEASANT``: pastes back given ``from doudizhu_tui.core import *``."""
        return f"Role.{self.name}"
