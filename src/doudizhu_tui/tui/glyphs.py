"""The characters the table is drawn with: Unicode, or plain ASCII for other terminals.

A wild card (R44) carries ``*`` after its suit (``W`` in ASCII, where ``*`` marks
the selected cards).

ASCII mode (``--ascii``, or automatically when the terminal's encoding is not
UTF-8) draws cards with ``+-|`` and writes suits as letters; the jokers are
always written ``BJ`` / ``RJ`` so that they never depend on colour.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TextIO

from ..core import Card, Rank, Suit

__all__ = ["ASCII", "UNICODE", "Glyphs", "encoding_is_utf8", "is_red"]


@dataclass(frozen=True, slots=True)
class Glyphs:
    """One set of drawing characters."""

    ascii: bool
    top_left: str
    top_right: str
    bottom_left: str
    bottom_right: str
    horizontal: str
    vertical: str
    back: str
    selected: str
    cursor: str
    turn: str
    times: str
    arrow: str
    dot: str
    ok: str
    bad: str
    spinner: tuple[str, ...]
    suits: dict[Suit, str]
    joker_mark: str
    #: The mark a wild card carries after its suit (R44), so that it reads without
    #: colour: ``*``, and ``W`` in ASCII, where ``*`` marks the selected cards.
    wild: str = "*"

    def suit(self, card: Card) -> str:
        """The mark on a card's second line: its suit, or the joker mark."""
        suit = card.suit
        return self.joker_mark if suit is None else self.suits[suit]

    def card_text(self, card: Card) -> str:
        """A card in running text: ``10♠`` or ``10s``; jokers ``BJ`` / ``RJ``."""
        if card.rank.is_joker:
            return card.rank.symbol
        return card.rank.symbol + self.suit(card)

    def card_mark(self, card: Card, wild_ranks: tuple[Rank, ...] = ()) -> str:
        """:meth:`card_text` with the wild mark when the card is wild: ``7♠*``."""
        text = self.card_text(card)
        return text + self.wild if card.rank in wild_ranks else text


UNICODE = Glyphs(
    ascii=False,
    top_left="┌",
    top_right="┐",
    bottom_left="└",
    bottom_right="┘",
    horizontal="─",
    vertical="│",
    back="▒",
    selected="▲",
    cursor="^",
    turn="▶",
    times="×",
    arrow="→",
    dot="·",
    ok="✓",
    bad="✗",
    spinner=("⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"),
    suits={Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦"},
    joker_mark="★",
)

ASCII = Glyphs(
    ascii=True,
    top_left="+",
    top_right="+",
    bottom_left="+",
    bottom_right="+",
    horizontal="-",
    vertical="|",
    back="#",
    selected="*",
    cursor="^",
    turn=">",
    times="x",
    arrow="->",
    dot="|",
    ok="OK",
    bad="NO",
    spinner=("|", "/", "-", "\\"),
    suits={Suit.SPADES: "s", Suit.HEARTS: "h", Suit.CLUBS: "c", Suit.DIAMONDS: "d"},
    joker_mark=" ",
    wild="W",
)


def encoding_is_utf8(stream: TextIO | None = None) -> bool:
    """True when the terminal's output encoding can show the Unicode glyphs."""
    stream = sys.__stdout__ if stream is None else stream
    encoding = getattr(stream, "encoding", None) or ""
    return encoding.lower().replace("-", "").replace("_", "") in ("utf8", "utf8sig")


def is_red(card: Card) -> bool:
    """Hearts, diamonds and the red joker are drawn red."""
    return card.suit in (Suit.HEARTS, Suit.DIAMONDS) or card.rank is Rank.RED_JOKER
