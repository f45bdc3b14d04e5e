"""Actions a seat can take and the frozen events the game records (R8-R27, R38-R40).

Actions are what a seat asks for; events are what happened.  The game's log
is a tuple of events and replaying the actions in it rebuilds the same state.

The auction takes :class:`BidAction` (recorded as :class:`Bid`) under the classic
``auction = "bid"``, and :class:`RobAction` (recorded as :class:`RobBid`) under
``auction = "rob"``; the card play takes :class:`PlayAction` and :class:`PassAction`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .auction import RobMove
from .cards import Card, Rank, format_cards
from .combos import Play
from .scoring import Settlement
from .seats import Role, Seat

__all__ = [
    "Action",
    "Bid",
    "BidAction",
    "Dealt",
    "Event",
    "KittyShown",
    "LandlordChosen",
    "PassAction",
    "Passed",
    "PlayAction",
    "Played",
    "RobAction",
    "RobBid",
    "Settled",
    "ThrownIn",
    "WildRankShown",
    "is_pass",
]


@dataclass(frozen=True, slots=True)
class BidAction:
    """Bid 1, 2 or 3 in the auction, or pass with 0."""

    amount: int

    def __str__(self) -> str:
        return "pass" if self.amount == 0 else f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class PlayAction:
    """Play cards under one reading; ``cards`` names the exact cards (any of the ranks if None)."""

    play: Play
    cards: tuple[Card, ...] | None = None

    def __str__(self) -> str:
        return f"play {self.play.describe()}"


@dataclass(frozen=True, slots=True)
class PassAction:
    """Pass during the card play."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class RobAction:
    """Speak in a rob auction (``auction = "rob"``, R38-R39): ``"call"`` claims the
    landlord's seat while nobody has; ``"rob"`` takes it from the caller or a robber
    (doubling the stake), and is the caller's rob back; ``"pass"`` passes.

    Which of them the seat to act may say is ``Game.legal_actions()`` (or the
    observation's ``legal_rob_moves``); ``Game.why_not(action)`` gives the reason
    for any other, e.g. ``"robbing is over"``.
    """

    move: RobMove

    def __str__(self) -> str:
        return self.move


Action = BidAction | PlayAction | PassAction | RobAction


def is_pass(action: Action) -> bool:
    """Whether ``action`` passes: on a play, a bid of nothing, or a pass at a rob table."""
    return (
        isinstance(action, PassAction)
        or (isinstance(action, BidAction) and action.amount == 0)
        or (isinstance(action, RobAction) and action.move == "pass")
    )


@dataclass(frozen=True, slots=True)
class Dealt:
    """The cards were dealt from ``code``; ``first_bidder`` opens the auction."""

    code: str
    first_bidder: Seat


@dataclass(frozen=True, slots=True)
class Bid:
    """A seat spoke in the auction: 0 is a pass."""

    seat: Seat
    amount: int


@dataclass(frozen=True, slots=True)
class RobBid:
    """A seat spoke in a rob auction: ``move`` is call, rob or pass; ``robs`` is the
    number of robs so far, this one included (the stake stands at ``2 ** robs``)."""

    seat: Seat
    move: RobMove
    robs: int

    def __str__(self) -> str:
        return f"{self.seat.label}: {self.move}"


@dataclass(frozen=True, slots=True)
class LandlordChosen:
    """The auction ended: ``seat`` is landlord at ``bid``.  After a rob auction the
    bid is 1 (the call) and ``robs`` says how often the seat was robbed, each rob
    doubling the stake (R40)."""

    seat: Seat
    bid: int
    robs: int = 0


@dataclass(frozen=True, slots=True)
class KittyShown:
    """The landlord took the kitty; ``public`` is False when only the landlord saw it."""

    seat: Seat
    cards: tuple[Card, ...]
    public: bool


@dataclass(frozen=True, slots=True)
class WildRankShown:
    """A wild rank was drawn from the deal code and shown to all (R44): under
    ``wildcards = 1`` after the kitty; under ``wildcards = 2`` the first (``number``
    1) before the auction and the second after the kitty.  From then on the four
    cards of ``rank`` are wild."""

    rank: Rank
    number: int

    def __str__(self) -> str:
        return f"wild rank {self.rank.symbol}"


@dataclass(frozen=True, slots=True)
class Played:
    """A seat played cards; ``lead`` is True when it opened a new round."""

    seat: Seat
    play: Play
    cards: tuple[Card, ...]
    lead: bool
    cards_left: int

    def __str__(self) -> str:
        return f"{self.seat.label}: {self.play.describe()}"


@dataclass(frozen=True, slots=True)
class Passed:
    """A seat passed in the card play; ``clears`` is True when the table is cleared after it."""

    seat: Seat
    clears: bool

    def __str__(self) -> str:
        return f"{self.seat.label}: pass"


@dataclass(frozen=True, slots=True)
class ThrownIn:
    """Everyone passed in the auction; the deal is void and ``next_code`` follows."""

    next_code: str


@dataclass(frozen=True, slots=True)
class Settled:
    """The deal ended with ``winner`` emptying their hand."""

    winner: Seat
    winning_role: Role
    settlement: Settlement
    hands_left: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        return f"{self.winner.label} went out; " + ", ".join(
            format_cards(h) or "-" for h in self.hands_left
        )


Event = (
    Dealt
    | Bid
    | RobBid
    | LandlordChosen
    | KittyShown
    | WildRankShown
    | Played
    | Passed
    | ThrownIn
    | Settled
)
