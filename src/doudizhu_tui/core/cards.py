"""Cards, ranks and the text notation (rule book R1-R3).

Suits never matter in Dou Dizhu, so almost everything in the core works on
*rank counts*: a list of 18 integers where ``counts[rank]`` is how many cards of
that rank a hand holds (indices 0-2 are unused).  Cards keep a suit only so that
the interface can draw them.

>>> format_cards(parse_cards("3 3 t J bj RJ"))
'3 3 10 J BJ RJ'
>>> format_cards(parse_cards("33TTJ,br"))
'3 3 10 10 J BJ RJ'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum, IntEnum

__all__ = [
    "ALL_RANKS",
    "CHAIN_RANKS",
    "Card",
    "CardError",
    "Rank",
    "Suit",
    "counts_of",
    "format_cards",
    "format_ranks",
    "full_pack",
    "parse_cards",
    "parse_ranks",
    "ranks_of_counts",
    "sort_cards",
]


class CardError(ValueError):
    """A piece of card notation that cannot be read, or an impossible set of cards."""


class Rank(IntEnum):
    """A card rank, valued in game order: 3 is lowest, the red joker highest."""

    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    TWO = 15
    BLACK_JOKER = 16
    RED_JOKER = 17

    @property
    def symbol(self) -> str:
        """The rank in the text notation: ``3``..``10``, ``J`` .. ``A``, ``2``, ``BJ``, ``RJ``."""
        return _SYMBOLS[self]

    @property
    def is_joker(self) -> bool:
        """True for the two jokers."""
        return self >= Rank.BLACK_JOKER

    def __str__(self) -> str:
        return _SYMBOLS[self]

    def __repr__(self) -> str:
        """``Rank.TEN``: pastes back given ``from doudizhu_tui.core import *``."""
        return f"Rank.{self.name}"


#: Every rank, lowest first.
ALL_RANKS: tuple[Rank, ...] = tuple(Rank)
#: The ranks a chain may use: 3 up to the ace (no 2, no joker).
CHAIN_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r <= Rank.ACE)

_SYMBOLS: dict[Rank, str] = {
    **{Rank(v): str(v) for v in range(3, 11)},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.TWO: "2",
    Rank.BLACK_JOKER: "BJ",
    Rank.RED_JOKER: "RJ",
}

# Rank lookup by integer value, faster than calling Rank(v).
RANK_BY_VALUE: tuple[Rank | None, ...] = (None, None, None, *ALL_RANKS)


class Suit(Enum):
    """A suit.  Suits are drawn on the cards and never affect the game."""

    SPADES = "S"
    HEARTS = "H"
    CLUBS = "C"
    DIAMONDS = "D"

    @property
    def symbol(self) -> str:
        """The suit's Unicode symbol."""
        return {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}[self.value]

    def __repr__(self) -> str:
        """``Suit.HEARTS``: pastes back given ``from doudizhu_tui.core import *``."""
        return f"Suit.{self.name}"


_SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card.  Jokers have no suit (``suit is None``).

    Cards order by rank first, then by suit, so ``sorted(hand)`` is the hand
    in game order.  ``pack`` tells the two packs of the four-player game apart
    (0 or 1): two cards of the same rank and suit are different cards for the deal
    record and the display, and never differ in play.
    """

    rank: Rank
    suit_index: int = 0
    pack: int = 0

    @property
    def suit(self) -> Suit | None:
        """The card's suit, or None for a joker."""
        if self.rank.is_joker:
            return None
        return _SUIT_ORDER[self.suit_index]

    @property
    def id(self) -> int:
        """A number naming this card: 0..53 in the first pack, 54..107 in the second."""
        if self.rank.is_joker:
            return 52 + (self.rank - Rank.BLACK_JOKER) + 54 * self.pack
        return (self.rank - 3) * 4 + self.suit_index + 54 * self.pack

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        """The card with the given number (inverse of :attr:`id`)."""
        if not 0 <= card_id < 108:
            raise CardError(f"there is no card number {card_id} (0..107)")
        pack, card_id = divmod(card_id, 54)
        if card_id >= 52:
            return cls(Rank(16 + card_id - 52), 0, pack)
        return cls(Rank(3 + card_id // 4), card_id % 4, pack)

    def __str__(self) -> str:
        return self.rank.symbol

    def __repr__(self) -> str:
        """``Card(Rank.TEN, 1)`` (the ten of hearts), ``Card(Rank.RED_JOKER)``, and
        ``Card(Rank.TEN, 1, 1)`` for the second pack's: the constructor call, which
        pastes back given ``from doudizhu_tui.core import *``."""
        if self.pack:
            return f"Card({self.rank!r}, {self.suit_index}, {self.pack})"
        if self.rank.is_joker and self.suit_index == 0:
            return f"Card({self.rank!r})"
        return f"Card({self.rank!r}, {self.suit_index})"


def full_pack(packs: int = 1) -> list[Card]:
    """The 54 cards (108 with ``packs=2``) in card-number order."""
    return list(_PACK[: 54 * packs])


_PACK: tuple[Card, ...] = tuple(Card.from_id(i) for i in range(108))

_TOKEN_MAP: dict[str, Rank] = {
    **{str(v): Rank(v) for v in range(3, 11)},
    "T": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "A": Rank.ACE,
    "2": Rank.TWO,
    "BJ": Rank.BLACK_JOKER,
    "RJ": Rank.RED_JOKER,
    "B": Rank.BLACK_JOKER,
    "R": Rank.RED_JOKER,
}
# Compact form: the longest tokens first so that "10" and "BJ" win over "1"/"B".
_COMPACT = re.compile(r"10|BJ|RJ|[3-9TJQKA2BR]")


def parse_ranks(text: str, packs: int = 1) -> tuple[Rank, ...]:
    """Read card notation into ranks (sorted, lowest first).

    Tokens may be separated by spaces or commas or written compact; case does
    not matter; ``T`` and ``10`` are both ten; ``BJ``/``B`` and ``RJ``/``R`` are
    the jokers.  ``packs=2`` (the four-player game) allows 8 cards of a rank and two
    of each joker.

    >>> [r.symbol for r in parse_ranks("k,k 10 t bj")]
    ['10', '10', 'K', 'K', 'BJ']
    >>> parse_ranks("3 3 3 3 3")
    Traceback (most recent call last):
    ...
    doudizhu_tui.core.cards.CardError: there are only 4 cards of rank 3, not 5
    """
    ranks: list[Rank] = []
    for chunk in re.split(r"[\s,]+", text.strip().upper()):
        if not chunk:
            continue
        if chunk in _TOKEN_MAP:
            ranks.append(_TOKEN_MAP[chunk])
            continue
        pos = 0
        while pos < len(chunk):
            m = _COMPACT.match(chunk, pos)
            if m is None:
                bad = chunk[pos:]
                raise CardError(f"'{bad}' is not a card (use 3-10, T, J, Q, K, A, 2, BJ, RJ)")
            ranks.append(_TOKEN_MAP[m.group()])
            pos = m.end()
    counts = counts_of(ranks)
    for r in ALL_RANKS:
        limit = packs if r.is_joker else 4 * packs
        if counts[r] > limit:
            if r.is_joker:
                name = "black" if r == Rank.BLACK_JOKER else "red"
                if packs == 1:
                    raise CardError(f"there is only one {name} joker, not {counts[r]}")
                raise CardError(f"there are only {packs} {name} jokers, not {counts[r]}")
            raise CardError(f"there are only {limit} cards of rank {r.symbol}, not {counts[r]}")
    ranks.sort()
    return tuple(ranks)


def parse_cards(text: str, packs: int = 1) -> tuple[Card, ...]:
    """Read card notation into cards, giving each rank's cards the suits in a fixed order
    (and, with ``packs=2``, the first pack's four before the second's).

    >>> parse_cards("5 3 5 rj")
    (Card(Rank.THREE, 0), Card(Rank.FIVE, 0), Card(Rank.FIVE, 1), Card(Rank.RED_JOKER))
    >>> parse_cards("3 X")
    Traceback (most recent call last):
    ...
    doudizhu_tui.core.cards.CardError: 'X' is not a card (use 3-10, T, J, Q, K, A, 2, BJ, RJ)
    """
    cards: list[Card] = []
    seen: dict[Rank, int] = {}
    for r in parse_ranks(text, packs):
        n = seen.get(r, 0)
        seen[r] = n + 1
        if r.is_joker:
            cards.append(Card(r, 0, n))
        else:
            cards.append(Card(r, n % 4, n // 4))
    return tuple(cards)


def format_ranks(ranks: Iterable[int]) -> str:
    """Write ranks in the text notation, in the order given.

    >>> format_ranks([Rank.TEN, Rank.RED_JOKER])
    '10 RJ'
    """
    return " ".join(_SYMBOLS[Rank(r)] for r in ranks)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in the text notation, lowest first (the inverse of :func:`parse_cards`)."""
    return format_ranks(sorted(c.rank for c in cards))


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in game order, lowest first."""
    return sorted(cards)


def counts_of(ranks: Iterable[int | Card]) -> list[int]:
    """The rank-count vector (length 18, index = rank value) of some ranks or cards."""
    counts = [0] * 18
    items = ranks if type(ranks) is tuple or type(ranks) is list else list(ranks)
    if items and type(items[0]) is Card:
        # Indexing by the plain int (not the IntEnum) takes the interpreter's fast path.
        for card in items:
            counts[card.rank._value_] += 1  # type: ignore[union-attr]
    else:
        for item in items:
            counts[item.rank if isinstance(item, Card) else item] += 1
    return counts


def ranks_of_counts(counts: list[int]) -> tuple[Rank, ...]:
    """The ranks (lowest first) held in a rank-count vector."""
    out: list[Rank] = []
    for r in ALL_RANKS:
        out.extend([r] * counts[r])
    return tuple(out)
