"""What one seat may know, and the protocol of a seat controller (R28).

An :class:`Observation` is built from one seat's point of view: its own hand,
how many cards each seat holds, the bids, every play and pass so far, the kitty
when it is public (or when this seat is the landlord), the trick to beat, the
stake and the legal actions, and the deal's events as that seat may know them.
It holds no reference to the game, the pack order, the deal code or any random
generator; every field is immutable.

:func:`observe` is the one place that decides what a seat may see (the kitty
rule included): the computer players and the person's screen both read an
observation, never the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from .auction import RobMove
from .cards import Card, Rank, counts_of
from .combos import Play
from .events import (
    Action,
    BidAction,
    Event,
    KittyShown,
    PlayAction,
    RobAction,
    Settled,
    ThrownIn,
)
from .game import Game, Phase
from .rules import RuleProfile
from .seats import Role, Seat
from .wild import cards_of

__all__ = ["ControllerFactory", "Observation", "SeatController", "observe"]


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of the deal at the moment it must act (or at any moment)."""

    seat: Seat
    phase: Phase
    rules: RuleProfile
    #: The seat to act, or None once the deal is over.
    turn: Seat | None
    hand: tuple[Card, ...]
    #: Cards held by each seat, indexed by Seat (three, or four at a four-player table).
    cards_left: tuple[int, ...]
    first_bidder: Seat
    #: The auction so far: (seat, amount), 0 for a pass.
    bids: tuple[tuple[Seat, int], ...]
    landlord: Seat | None
    bid: int
    #: The kitty, when this seat may see it (shown to all, or this seat is the landlord).
    kitty: tuple[Card, ...] | None
    #: The card play so far, in order: (seat, play) or (seat, None) for a pass.
    history: tuple[tuple[Seat, Play | None], ...]
    #: The play to beat and who made it; None when the seat to act leads.
    trick: tuple[Seat, Play] | None
    #: Every card played so far (by anyone).
    played: tuple[Card, ...]
    bombs: int
    rockets: int
    #: The legal actions of this seat if it is to act, else empty.
    legal_actions: tuple[Action, ...]
    #: The deal's events as this seat may know them, in order.  The ``Dealt`` event
    #: is left out (its deal code decides every hand); a hidden kitty's
    #: ``KittyShown`` has no cards for the other seats; a ``ThrownIn`` has an empty
    #: ``next_code`` (derived from the deal code); a ``Settled`` event holds only
    #: this seat's own cards left (the result card reveals the rest from the game).
    log: tuple[Event, ...] = ()
    #: The multiplier so far, as the game computes it (robs, bombs and rockets).
    multiplier: int = 1
    #: base x bid x multiplier as the game computes it: live during the auction (on the
    #: highest bid so far), 0 before any bid.
    round_value: int = 0
    #: The bid the stake stands on: the landlord's, or the highest so far in the auction.
    stake_bid: int = 0
    #: How many cards the kitty holds (its faces are in ``kitty`` when seen).
    kitty_size: int = 3
    #: A rob auction so far (``auction = "rob"``): (seat, "call" | "rob" | "pass").
    rob_moves: tuple[tuple[Seat, RobMove], ...] = ()
    #: How many robs so far (each doubles the stake; already in ``multiplier``).
    robs: int = 0
    #: The wild ranks shown so far (R44): their cards stand for any rank 3 to 2; in
    #: ``history`` a play's ``wilds`` say what they stood for.
    wild_ranks: tuple[Rank, ...] = ()

    @property
    def over(self) -> bool:
        """True once the deal is settled or thrown in."""
        return self.phase is Phase.FINISHED or self.phase is Phase.THROWN_IN

    @property
    def settled(self) -> Settled | None:
        """The deal's final event once it is settled (other hands censored, see ``log``)."""
        last = self.log[-1] if self.log else None
        return last if isinstance(last, Settled) else None

    @property
    def legal_bids(self) -> tuple[int, ...]:
        """The amounts this seat may bid now (0 passes); empty outside its auction turn."""
        return tuple(a.amount for a in self.legal_actions if isinstance(a, BidAction))

    @property
    def legal_rob_moves(self) -> tuple[RobMove, ...]:
        """What this seat may say in a rob auction now: ``("call", "pass")`` or
        ``("rob", "pass")``; empty outside its turn (and at a bidding table)."""
        return tuple(a.move for a in self.legal_actions if isinstance(a, RobAction))

    @property
    def legal_plays(self) -> tuple[Play, ...]:
        """The plays this seat may make now, in the core's order; empty if not its turn."""
        return tuple(a.play for a in self.legal_actions if isinstance(a, PlayAction))

    def role(self, seat: Seat | None = None) -> Role | None:
        """The role of ``seat`` (this seat by default), None during the auction."""
        if self.landlord is None:
            return None
        return (
            Role.LANDLORD
            if (self.seat if seat is None else seat) == self.landlord
            else (Role.PEASANT)
        )

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The table's seats in the order of play from You."""
        return self.rules.seats

    @property
    def partner(self) -> Seat | None:
        """The other peasant, when this seat is a peasant at a three-player table (at
        four, see :attr:`partners`)."""
        if self.landlord is None or self.seat == self.landlord or self.rules.players != 3:
            return None
        return next(s for s in self.rules.seats if s not in (self.seat, self.landlord))

    @property
    def partners(self) -> tuple[Seat, ...]:
        """The other peasants, when this seat is a peasant (one, or two at four players)."""
        if self.landlord is None or self.seat == self.landlord:
            return ()
        return tuple(s for s in self.rules.seats if s not in (self.seat, self.landlord))

    def hand_counts(self) -> list[int]:
        """This seat's hand as a rank-count vector."""
        return counts_of(self.hand)

    def unseen_counts(self) -> list[int]:
        """How many cards of each rank this seat has not seen (other hands and hidden kitty)."""
        counts = [0] * 18
        packs = self.rules.packs
        for r in Rank:
            counts[r] = packs if r.is_joker else 4 * packs
        for c in self.hand:
            counts[c.rank] -= 1
        for c in self.played:
            counts[c.rank] -= 1
        if self.landlord is not None and self.landlord != self.seat:
            # The unplayed part of a public kitty is known to be in the landlord's hand.
            for c in self.known_in_hand(self.landlord):
                counts[c.rank] -= 1
        return counts

    def known_in_hand(self, seat: Seat) -> tuple[Card, ...]:
        """Cards this seat knows another seat still holds (the unplayed part of a shown kitty)."""
        if seat == self.seat or self.kitty is None or seat != self.landlord:
            return ()
        remaining = list(self.kitty)
        for s, play in self.history:
            if s == seat and play is not None:
                for r in cards_of(play):
                    for c in remaining:
                        if c.rank == r:
                            remaining.remove(c)
                            break
        return tuple(remaining)


class SeatController(Protocol):
    """A computer (or scripted) player: given an observation, choose a legal action."""

    def decide(self, observation: Observation) -> Action:
        """Choose one of ``observation.legal_actions``."""
        ...


#: Builds a controller for one seat of one deal, with its own random generator.
ControllerFactory = Callable[[Seat, random.Random], SeatController]


def observe(game: Game, seat: Seat) -> Observation:
    """The observation of ``seat``: only what that seat may know.

    The kitty is seen once a landlord is chosen, by everyone when the profile
    shows it and by the landlord alone when it is hidden (R9, R28).
    """
    landlord = game.landlord
    rules = game.rules
    sees_kitty = landlord is not None and (rules.kitty == "shown" or seat == landlord)
    hands = game.hands
    turn = game.turn
    return Observation(
        seat=seat,
        phase=game.phase,
        rules=rules,
        turn=turn,
        hand=tuple(hands[seat]),
        cards_left=tuple([len(h) for h in hands]),
        first_bidder=game.first_bidder,
        bids=tuple(game.bids),
        landlord=landlord,
        bid=game.bid,
        kitty=game.kitty if sees_kitty else None,
        history=tuple(game.history),
        trick=game.trick,
        played=tuple(game.played_cards),
        bombs=game.bombs,
        rockets=game.rockets,
        legal_actions=game.legal_actions_tuple() if turn == seat else (),
        log=_seat_log(game, seat, sees_kitty),
        multiplier=game.multiplier,
        round_value=game.round_value,
        stake_bid=game.stake_bid,
        kitty_size=len(game.kitty),
        rob_moves=tuple(game.rob_moves),
        robs=game.robs,
        wild_ranks=game.wild_ranks,
    )


def _seat_log(game: Game, seat: Seat, sees_kitty: bool) -> tuple[Event, ...]:
    """The game's events as ``seat`` may know them (see :attr:`Observation.log`).

    Cheap enough for every decision of every bot: one copy of the log, and at
    most two events rebuilt (the kitty near the start, the end of the deal).
    """
    events = game.log[1:]  # without Dealt: its code decides every hand
    if not events:
        return ()
    if game.landlord is not None and not sees_kitty:
        # KittyShown follows the bids and LandlordChosen, near the start.
        for i, event in enumerate(events):
            if type(event) is KittyShown:
                events[i] = KittyShown(event.seat, (), event.public)
                break
    last = events[-1]
    if type(last) is Settled:
        left = last.hands_left
        events[-1] = Settled(
            last.winner,
            last.winning_role,
            last.settlement,
            tuple([hand if s == seat else () for s, hand in enumerate(left)]),
        )
    elif type(last) is ThrownIn:
        events[-1] = ThrownIn("")
    return tuple(events)
