"""What the table shows, worked out from the game: plain strings and small records.

Nothing here touches Textual: the screens turn a :class:`~doudizhu_tui.core.Game`
(and the person's selection) into these values and hand them down to the
widgets, which only draw.  Everything is computed from the point of view of the
person in seat ``YOU``: other hands, and a hidden kitty, never appear before the
result card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..bots.advice import advice_line
from ..core import (
    Bid,
    Card,
    Dealt,
    Event,
    Game,
    Kind,
    KittyShown,
    LandlordChosen,
    Passed,
    Phase,
    Play,
    Played,
    Rank,
    Role,
    Seat,
    Settled,
    ThrownIn,
    counts_of,
    format_cards,
    observe,
)
from .glyphs import Glyphs

__all__ = [
    "PanelInfo",
    "advice_text",
    "describe_play",
    "hint_order",
    "kitty_caption",
    "kitty_visible",
    "last_actions",
    "log_lines",
    "pick_cards",
    "recent_plays",
    "round_cell",
    "tracker_counts",
    "trick_display",
]

HUMAN = Seat.YOU


@dataclass(frozen=True, slots=True)
class PanelInfo:
    """What a seat's panel shows."""

    seat: Seat
    level: str
    role: Role | None
    cards_left: int
    last: str | None
    turn: bool
    thinking: bool
    #: The seat's plays and passes in the card play so far, the latest first.
    recent: tuple[str, ...] = ()


def describe_play(play: Play) -> str:
    """A play as players say it: ``pair 9-9``, ``BOMB 7-7-7-7``, ``ROCKET``."""
    if play.kind is Kind.ROCKET:
        return "ROCKET BJ-RJ"
    if play.kind is Kind.BOMB:
        return f"BOMB {play.label()}"
    return play.describe()


def round_cell(game: Game, glyphs: Glyphs) -> str:
    """``base x bid x multiplier = round value`` as it stands now (bids count live)."""
    x = glyphs.times
    bid = game.bid or game.auction.high
    mult = game.multiplier
    if not bid:
        return f"{game.rules.base} {x} - {x} {mult} = -"
    return f"{game.rules.base} {x} {bid} {x} {mult} = {game.rules.base * bid * mult}"


def kitty_visible(game: Game) -> bool:
    """True when the person may see the kitty's faces (shown to all, or they are landlord)."""
    if game.landlord is None:
        return False
    return game.rules.kitty == "shown" or game.landlord == HUMAN


def kitty_caption(game: Game) -> str:
    """The kitty's caption: face down in the auction, then whose it is (or that it is hidden)."""
    if game.landlord is None:
        return "Kitty (face down)"
    shown = next((e for e in game.log if isinstance(e, KittyShown)), None)
    whose = "yours" if game.landlord == HUMAN else f"to {game.landlord.label}"
    if shown is not None and not shown.public and game.landlord != HUMAN:
        return "Kitty (hidden)"
    return f"Kitty ({whose})"


def last_actions(game: Game) -> dict[Seat, str]:
    """Each seat's last bid (in the auction) or last play or pass of the current round."""
    out: dict[Seat, str] = {}
    if game.phase is Phase.AUCTION or (game.phase is Phase.THROWN_IN):
        for event in game.log:
            if isinstance(event, Bid):
                out[event.seat] = "pass" if event.amount == 0 else f"bid {event.amount}"
        return out
    for event in game.log:
        if isinstance(event, Played):
            if event.lead:
                out = {}
            out[event.seat] = describe_play(event.play)
        elif isinstance(event, Passed):
            out[event.seat] = "pass"
    return out


def recent_plays(game: Game, seat: Seat) -> tuple[str, ...]:
    """A seat's plays and passes in the card play so far, the latest first."""
    out: list[str] = []
    for event in game.log:
        if isinstance(event, Played) and event.seat == seat:
            out.append(describe_play(event.play))
        elif isinstance(event, Passed) and event.seat == seat:
            out.append("pass")
    return tuple(reversed(out))


def log_lines(events: Iterable[Event], glyphs: Glyphs) -> list[str]:
    """The deal so far, one line per event, as the person may know it."""
    lines: list[str] = []
    for event in events:
        if isinstance(event, Dealt):
            who = "You bid" if event.first_bidder == HUMAN else f"{event.first_bidder.label} bids"
            lines.append(f"Deal {event.code}: {who} first")
        elif isinstance(event, Bid):
            what = "pass" if event.amount == 0 else f"bid {event.amount}"
            lines.append(f"{event.seat.label}: {what}")
        elif isinstance(event, LandlordChosen):
            who = "You are" if event.seat == HUMAN else f"{event.seat.label} is"
            lines.append(f"{who} landlord at {event.bid}")
        elif isinstance(event, KittyShown):
            if event.public or event.seat == HUMAN:
                lines.append(f"Kitty to {event.seat.label}: {format_cards(event.cards)}")
            else:
                lines.append(f"{event.seat.label} took the hidden kitty")
        elif isinstance(event, Played):
            text = f"{event.seat.label}: {describe_play(event.play)}"
            if event.play.kind in (Kind.BOMB, Kind.ROCKET):
                text += f" ({glyphs.times}2)"
            if 0 < event.cards_left <= 2:
                text += f", {event.cards_left} left!"
            lines.append(text)
        elif isinstance(event, Passed):
            lines.append(f"{event.seat.label}: pass")
            if event.clears:
                lines.append("  -- table cleared --")
        elif isinstance(event, ThrownIn):
            lines.append(f"Everyone passed: thrown in (next deal {event.next_code})")
        elif isinstance(event, Settled):
            side = "landlord wins" if event.winning_role is Role.LANDLORD else "peasants win"
            lines.append(f"{event.winner.label} went out: {side}")
    return lines


def trick_display(game: Game) -> tuple[str, tuple[Card, ...], str]:
    """The caption, the cards and a text version of the play on the table."""
    if game.phase in (Phase.AUCTION, Phase.THROWN_IN):
        return "", (), ""
    played = next((e for e in reversed(game.log) if isinstance(e, Played)), None)
    if played is None:
        who = "You" if game.turn == HUMAN else game.turn.label if game.turn else "-"
        return f"{who} to lead", (), ""
    who = "You" if played.seat == HUMAN else played.seat.label
    kind = played.play.kind
    what = kind.label.upper() + "!" if kind in (Kind.BOMB, Kind.ROCKET) else kind.label
    if game.over:
        caption = f"{who} went out: {what}"
    elif game.trick is not None:
        caption = f"{who} played: {what}"
    else:
        turn = (
            "you lead" if game.turn == HUMAN else f"{game.turn.label if game.turn else '-'} leads"
        )
        caption = f"{who}'s {what} held; {turn}"
    return caption, tuple(sorted(played.cards)), describe_play(played.play)


def tracker_counts(game: Game) -> list[int]:
    """How many cards of each rank the person has not seen (index = rank value)."""
    return observe(game, HUMAN).unseen_counts()


def _hint_key(play: Play) -> tuple[int, int, int, int]:
    tier = 2 if play.kind is Kind.ROCKET else 1 if play.kind is Kind.BOMB else 0
    return (tier, int(play.rank), play.size, list(Kind).index(play.kind))


def hint_order(plays: Iterable[Play]) -> list[Play]:
    """Legal plays from small to large: by main rank, bombs after, the rocket last."""
    return sorted(plays, key=_hint_key)


def pick_cards(hand: Sequence[Card], ranks: Iterable[Rank]) -> tuple[Card, ...] | None:
    """Cards of the hand with the given ranks (the first of each rank), or None."""
    need = counts_of(ranks)
    out: list[Card] = []
    for card in hand:
        if need[card.rank]:
            need[card.rank] -= 1
            out.append(card)
    return None if any(need) else tuple(out)


def advice_text(hand: Sequence[Card]) -> str:
    """The bid advice for the person's hand ("3 big cards, 0 bombs, about 7 plays -> bid 1")."""
    return advice_line(hand)
