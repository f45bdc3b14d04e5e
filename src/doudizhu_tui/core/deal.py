"""Deal codes and dealing (R5-R7).

A deal code is ten characters from an alphabet without 0, 1, I, L or O:
one version character, eight payload characters and one check character.
It is written in two groups of five (``3K7QM-4XPA9``); case, spaces and
hyphens do not matter when it is typed back.  The code alone decides the pack
order, the marked card (and so the first bidder) and the random stream of
every computer seat.

>>> code = code_from_number(123456789)
>>> str(code)
'3226B-Q524C'
>>> parse_code("3226bq524c") == code
True
>>> parse_code("3226B-Q524D")
Traceback (most recent call last):
...
doudizhu_tui.core.deal.DealCodeError: deal code 3226B-Q524D is mistyped (its check ...)
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field

from .cards import CHAIN_RANKS, Card, Rank, Suit, full_pack
from .seats import DEALT, Seat, seats_of

__all__ = [
    "ALPHABET",
    "CODE_VERSION",
    "Deal",
    "DealCode",
    "DealCodeError",
    "code_from_number",
    "deal_cards",
    "new_code",
    "opening_seat",
    "parse_code",
]

#: The 31 characters of a deal code: digits 2-9 and the letters without I, L and O.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
_BASE = len(ALPHABET)  # 31, a prime: the check catches any one wrong character or swap
_PAYLOAD_CHARS = 8
_PAYLOAD_SPACE = _BASE**_PAYLOAD_CHARS
#: The version of the dealing algorithm this core writes; it is the code's first character.
CODE_VERSION = 1
_VERSIONS = {1}


class DealCodeError(ValueError):
    """A deal code that cannot be read: wrong length, a foreign character, a bad check."""


def _check_char(values: list[int]) -> int:
    return sum((i + 1) * v for i, v in enumerate(values)) % _BASE


@dataclass(frozen=True, slots=True)
class DealCode:
    """A parsed deal code: a dealing-algorithm version and a payload number."""

    payload: int
    version: int = CODE_VERSION
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 0 <= self.payload < _PAYLOAD_SPACE:
            raise DealCodeError(f"a deal code payload must be below {_PAYLOAD_SPACE}")
        if self.version not in _VERSIONS:
            raise DealCodeError(f"deal code version {self.version} is not known")
        object.__setattr__(self, "_text", self._spell())

    @property
    def text(self) -> str:
        """The ten characters without the hyphen."""
        return self._text

    def _spell(self) -> str:
        values = [self.version]
        n = self.payload
        digits = []
        for _ in range(_PAYLOAD_CHARS):
            n, d = divmod(n, _BASE)
            digits.append(d)
        values.extend(reversed(digits))
        values.append(_check_char(values))
        return "".join(ALPHABET[v] for v in values)

    def __str__(self) -> str:
        t = self.text
        return f"{t[:5]}-{t[5:]}"

    def __repr__(self) -> str:
        return f"parse_code({str(self)!r})"

    def _digest(self, purpose: str) -> bytes:
        return hashlib.sha256(f"doudizhu/{self.text}/{purpose}".encode()).digest()

    def seed_for(self, purpose: str) -> bytes:
        """The seed of the random stream for one purpose (see :meth:`rng`)."""
        return self._digest(purpose)

    def rng(self, purpose: str) -> random.Random:
        """A random generator for one purpose of this deal (``pack``, ``seat-0``, ...).

        Streams for different purposes are independent: knowing one tells
        nothing about another.
        """
        return random.Random(self._digest(purpose))

    def successor(self) -> DealCode:
        """The code of the deal that follows this one (after a throw-in or in a session)."""
        n = int.from_bytes(self._digest("next")[:8], "big") % _PAYLOAD_SPACE
        return DealCode(n, self.version)


def code_from_number(n: int) -> DealCode:
    """The deal code with payload ``n`` (taken modulo the payload space)."""
    return DealCode(n % _PAYLOAD_SPACE)


def new_code(rng: random.Random) -> DealCode:
    """A fresh deal code drawn from the caller's generator."""
    return DealCode(rng.randrange(_PAYLOAD_SPACE))


def shorten(text: str, limit: int = 40) -> str:
    """``text`` on one line and at most ``limit`` characters, for error messages.

    >>> shorten("3226B" + "x" * 60)
    '3226Bxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'
    """
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def parse_code(text: str) -> DealCode:
    """Read a typed deal code; raises :class:`DealCodeError` with the reason."""
    cleaned = "".join(ch for ch in text.upper() if ch not in " -_\t\n\r")
    if len(cleaned) != 1 + _PAYLOAD_CHARS + 1:
        raise DealCodeError(f"a deal code has 10 characters, '{shorten(text)}' has {len(cleaned)}")
    values = []
    for ch in cleaned:
        idx = ALPHABET.find(ch)
        if idx < 0:
            raise DealCodeError(
                f"'{ch}' does not appear in deal codes (they use 2-9 and letters without I, L, O)"
            )
        values.append(idx)
    if _check_char(values[:-1]) != values[-1]:
        shown = f"{cleaned[:5]}-{cleaned[5:]}"
        raise DealCodeError(f"deal code {shown} is mistyped (its check character does not match)")
    if values[0] not in _VERSIONS:
        raise DealCodeError(f"deal code version {values[0]} is not known to this program")
    payload = 0
    for v in values[1:-1]:
        payload = payload * _BASE + v
    return DealCode(payload, values[0])


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one deal: a hand (sorted) for each seat, indexed by the seat's number,
    the kitty and the first bidder.  Three players hold 17 each with a kitty of 3; four
    hold 25 each of two packs with a kitty of 8."""

    code: DealCode
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    marked: Card
    first_bidder: Seat


def deal_cards(code: DealCode, players: int = 3) -> Deal:
    """Shuffle the pack (two packs for four players) from the code and draw it (R6, R48).

    The players draw one card at a time from the top in the order of play, You
    first, until each holds 17 (25 for four players); the cards left are the kitty.
    One card of the shuffled pack is marked; its holder opens the auction, and if it
    lies in the kitty, the holder of the next card (counting on from the top again)
    opens.

    >>> d = deal_cards(code_from_number(7))
    >>> [len(h) for h in d.hands], len(d.kitty)
    ([17, 17, 17], 3)
    >>> d = deal_cards(code_from_number(7), players=4)
    >>> [len(h) for h in d.hands], len(d.kitty)
    ([25, 25, 25, 25], 8)
    """
    rng = code.rng("pack")
    pack = full_pack(players - 2)
    rng.shuffle(pack)
    marked_at = rng.randrange(len(pack))
    order = seats_of(players)
    dealt = len(pack) - DEALT[players][1]
    hands: list[tuple[Card, ...]] = [()] * players
    for i, seat in enumerate(order):
        hands[seat] = tuple(sorted(pack[i:dealt:players]))
    opener_at = marked_at if marked_at < dealt else 0
    return Deal(
        code=code,
        hands=tuple(hands),
        kitty=tuple(sorted(pack[dealt:])),
        marked=pack[marked_at],
        first_bidder=order[opener_at % players],
    )


#: The suit index of hearts (cards of a rank take suit indices 0-3: spades, hearts, ...).
_HEARTS = next(i for i in range(4) if Card(Rank.THREE, i).suit is Suit.HEARTS)
#: The hearts from the 3 up to the 2, in the order ``heart-three`` looks for them.
_HEARTS_UP: tuple[Card, ...] = tuple(Card(r, _HEARTS) for r in (*CHAIN_RANKS, Rank.TWO))


def opening_seat(deal: Deal, method: str) -> Seat:
    """The seat that opens the auction of ``deal`` under a profile's ``first_bidder``.

    ``marked-card`` and ``rotate`` give the deal's own first bidder, the holder of the
    marked card (R6; a session moves the opening bid on itself under ``rotate``).
    ``heart-three`` gives whoever holds the 3 of hearts or, if it lies in the kitty,
    the 4 of hearts, then the 5 of hearts and so on upwards.  ``random`` draws a seat
    from the deal code's own random stream for this purpose.

    >>> d = deal_cards(code_from_number(7))
    >>> opening_seat(d, "marked-card") == d.first_bidder
    True
    >>> three = Card(Rank.THREE, _HEARTS)
    >>> three in d.hands[opening_seat(d, "heart-three")] or three in d.kitty
    True
    """
    if method == "heart-three":
        for card in _HEARTS_UP:
            for seat, hand in enumerate(deal.hands):
                if card in hand:
                    return Seat(seat)
        raise AssertionError("three cards of a kitty cannot hide every heart")  # pragma: no cover
    if method == "random":
        order = seats_of(len(deal.hands))
        return order[deal.code.rng("first-bidder").randrange(len(order))]
    return deal.first_bidder
