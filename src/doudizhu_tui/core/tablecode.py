"""Table codes: a deal code plus everything else that decides the table (R7).

A deal code (:mod:`.deal`) decides the cards and every random choice of a
deal.  Replaying a deal exactly also needs the rule profile it was played
under, the computers' level and, when the profile rotates the first bid, who
opened.  A :class:`TableCode` carries all of it, written after the deal code
with colons::

    3226B-Q524C                     classic rules, normal computers
    3226B-Q524C:older:easy          the older table, easy computers
    3226B-Q524C:older:easy:left     ... and Left opened the auction

A bare deal code, as written by earlier versions, reads as classic/normal.
Case and spaces do not matter when a code is typed back; the profile and the
level are names (letters, digits, ``-``, ``_``, ``.``), and a controller
given as ``package.module:factory`` is written with ``/`` for its colon.

>>> code = parse_table_code("3226b-q524c:Older:EASY")
>>> code.profile, code.level, code.opener
('older', 'easy', None)
>>> str(code)
'3226B-Q524C:older:easy'
>>> str(parse_table_code("3226B-Q524C"))
'3226B-Q524C'
>>> parse_table_code("3226B-Q524C:older")
Traceback (most recent call last):
...
doudizhu_tui.core.deal.DealCodeError: code 3226B-Q524C:older names rules but no level \
(write CODE:RULES:LEVEL)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .deal import Deal, DealCode, DealCodeError, deal_cards, opening_seat, parse_code, shorten
from .game import Game
from .rules import MAX_NAME_LENGTH, NAME_PATTERN
from .seats import Seat

__all__ = [
    "DEFAULT_LEVEL",
    "DEFAULT_PROFILE",
    "TableCode",
    "parse_table_code",
    "table_code",
]

#: The profile a bare deal code is played under.
DEFAULT_PROFILE = "classic"
#: The computers' level a bare deal code is played at.
DEFAULT_LEVEL = "normal"

_LEVEL = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-/]*")
_OPENERS = {seat.label.lower(): seat for seat in Seat}


@dataclass(frozen=True, slots=True)
class TableCode:
    """A deal code with the rule profile, the computers' level and, if it does not
    follow from the deal, the seat that opened the auction."""

    deal: DealCode
    profile: str = DEFAULT_PROFILE
    level: str = DEFAULT_LEVEL
    #: The seat that opened the auction when the profile rotates the first bid;
    #: None when the deal's own marked card decided it.
    opener: Seat | None = None

    def __post_init__(self) -> None:
        if not NAME_PATTERN.fullmatch(self.profile) or len(self.profile) > MAX_NAME_LENGTH:
            raise DealCodeError(f"'{shorten(self.profile)}' cannot be a rule profile's name")
        level = self.level.replace(":", "/")
        if not _LEVEL.fullmatch(level) or len(level) > 2 * MAX_NAME_LENGTH:
            raise DealCodeError(f"'{shorten(self.level)}' cannot be a computer level")

    @property
    def is_plain(self) -> bool:
        """True when the bare deal code says it all (classic, normal, no opener)."""
        return (
            self.profile == DEFAULT_PROFILE and self.level == DEFAULT_LEVEL and self.opener is None
        )

    def __str__(self) -> str:
        if self.is_plain:
            return str(self.deal)
        parts = [str(self.deal), self.profile, self.level.replace(":", "/")]
        if self.opener is not None:
            parts.append(self.opener.label.lower())
        return ":".join(parts)

    def __repr__(self) -> str:
        return f"parse_table_code({str(self)!r})"

    @classmethod
    def for_deal(
        cls,
        deal: DealCode,
        profile: str,
        level: str,
        first_bidder: Seat,
        method: str = "marked-card",
        dealt: Deal | None = None,
    ) -> TableCode:
        """The code of a deal whose auction ``first_bidder`` opened: the opener is
        written only when the deal itself, under the profile's ``first_bidder``
        ``method``, does not name that seat (as after a rotation).  ``dealt`` is the
        deal's cards when the caller has them (else they are dealt from the code)."""
        natural = opening_seat(dealt if dealt is not None else deal_cards(deal), method)
        return cls(deal, profile, level, None if first_bidder == natural else first_bidder)


def parse_table_code(text: str) -> TableCode:
    """Read a typed table code (or a bare deal code).

    Raises :class:`~doudizhu_tui.core.DealCodeError` with a one-line reason.
    """
    flat = "".join(text.split())
    if not flat:
        raise DealCodeError("the deal code is empty")
    parts = flat.split(":")
    deal = parse_code(parts[0])
    if len(parts) == 1:
        return TableCode(deal)
    shown = shorten(flat)
    if len(parts) == 2:
        raise DealCodeError(f"code {shown} names rules but no level (write CODE:RULES:LEVEL)")
    if len(parts) > 4:
        raise DealCodeError(f"code {shown} has too many parts (CODE:RULES:LEVEL[:OPENER])")
    profile = parts[1].lower()
    # A level name is case-blind; a controller's import path (with "/") keeps its case.
    level = parts[2] if "/" in parts[2] else parts[2].lower()
    opener: Seat | None = None
    if len(parts) == 4:
        key = parts[3].lower()
        if key not in _OPENERS:
            raise DealCodeError(
                f"code {shown} ends in '{shorten(parts[3], 12)}', not a seat (you, right, left)"
            )
        opener = _OPENERS[key]
    if not profile:
        raise DealCodeError(f"code {shown} has an empty rule profile")
    if not level:
        raise DealCodeError(f"code {shown} has an empty level")
    return TableCode(deal, profile, level.replace("/", ":"), opener)


def table_code(game: Game, level: str) -> TableCode:
    """The code that replays ``game`` with computers of ``level``.

    The opener is written only when it is not the one the deal itself names under
    the profile (under ``first_bidder = "rotate"`` after a session's first deal).
    """
    return TableCode.for_deal(
        game.code, game.rules.name, level, game.first_bidder, game.rules.first_bidder, game.deal
    )
