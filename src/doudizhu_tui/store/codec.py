"""Plain-data forms shared by the save file and the history database.

Rule profiles are stored in full (not just by name) so that a saved session or a
recorded deal is rebuilt under exactly the rules it was played with, even if the
profile's TOML file has changed or gone since.  Events are stored as text for
reading; the actions (see :func:`doudizhu_tui.match.action_to_dict`) are what
rebuilds a deal.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from ..core import (
    CLASSIC,
    Bid,
    BidAction,
    Dealt,
    Event,
    KittyShown,
    LandlordChosen,
    Passed,
    Played,
    RobBid,
    RuleProfile,
    Seat,
    Settled,
    ThrownIn,
    WildRankShown,
    format_cards,
    parse_profile,
    seats_of,
)
from ..rulebook import profile_text

__all__ = [
    "describe_event",
    "profile_from_dict",
    "profile_to_dict",
    "resolve_profile",
]


def profile_to_dict(profile: RuleProfile) -> dict[str, Any]:
    """Every option of a rule profile, JSON-ready."""
    return {f.name: getattr(profile, f.name) for f in fields(RuleProfile)}


def profile_from_dict(data: Mapping[str, Any]) -> RuleProfile:
    """The profile written by :func:`profile_to_dict`, validated like a TOML profile.

    Raises :class:`~doudizhu_tui.core.ProfileError` (a ValueError) if it is not valid.
    """
    lines = []
    for key, value in data.items():
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, int | str):
            text = json.dumps(value)  # a JSON string or integer is a TOML one too
        else:
            raise ValueError(f"rule option {key!r} has an unreadable value {value!r}")
        lines.append(f"{json.dumps(str(key))} = {text}")
    return parse_profile("\n".join(lines))


def resolve_profile(name: str, saved: Mapping[str, Any] | None = None) -> RuleProfile:
    """The rule profile called ``name``: the saved copy if it has that name, else the rule book's.

    Raises ValueError if neither gives a valid profile.
    """
    if saved is not None and saved.get("name") == name:
        return profile_from_dict(saved)
    if name == CLASSIC.name:
        return CLASSIC
    return parse_profile(profile_text(name))


def describe_event(event: Event) -> str:
    """One line of text for an event, as the play log and the history show it."""
    if isinstance(event, Dealt):
        return f"dealt {event.code}; {event.first_bidder.label} opens the auction"
    if isinstance(event, Bid):
        return f"{event.seat.label}: {BidAction(event.amount)}"
    if isinstance(event, RobBid):
        return f"{event.seat.label}: {event.move}"
    if isinstance(event, LandlordChosen):
        verb = "are" if event.seat is Seat.YOU else "is"
        if event.robs:
            robs = "1 rob" if event.robs == 1 else f"{event.robs} robs"
            return f"{event.seat.label} {verb} landlord after {robs}"
        return f"{event.seat.label} {verb} landlord at bid {event.bid}"
    if isinstance(event, KittyShown):
        seen = "" if event.public else " (seen by the landlord only)"
        return f"kitty to {event.seat.label}: {format_cards(event.cards)}{seen}"
    if isinstance(event, Played | Passed):
        return str(event)
    if isinstance(event, WildRankShown):
        return f"wild rank: {event.rank.symbol} (its cards are wild)"
    if isinstance(event, ThrownIn):
        return f"everyone passed: thrown in, next deal {event.next_code}"
    assert isinstance(event, Settled)
    s = event.settlement
    side = "the landlord wins" if s.landlord_won else "the peasants win"
    extra = " (spring)" if s.spring else " (reverse spring)" if s.reverse_spring else ""
    points = ", ".join(f"{seat.label} {s.scores[seat]:+d}" for seat in seats_of(len(s.scores)))
    return f"{event.winner.label} went out: {side}{extra}; {points}"
