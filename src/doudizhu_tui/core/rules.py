"""Rule profiles: the named sets of house rules a player can choose.

The core holds the profile as a frozen value and can parse a profile's TOML
text; finding the text on disk is the job of :mod:`doudizhu_tui.rulebook`.
Every option is bounded: a :class:`RuleProfile` with an unknown choice, a
base outside 1..:data:`MAX_BASE` or a name that could not be written into a
table code cannot be made, and every refusal is a one-line
:class:`ProfileError` that names the option.

>>> parse_profile('name = "quick"\\nbase = 5').base
5
>>> parse_profile('kitty = "open"')
Traceback (most recent call last):
...
doudizhu_tui.core.rules.ProfileError: kitty must be one of 'shown', 'hidden', not 'open'
>>> parse_profile("base = 1e9")
Traceback (most recent call last):
...
doudizhu_tui.core.rules.ProfileError: base must be a whole number from 1 to 100000, not 1000000000.0
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, fields, replace
from typing import Literal

from .seats import DEALT, Seat, next_seat, seats_of

__all__ = [
    "CLASSIC",
    "MAX_BASE",
    "MAX_NAME_LENGTH",
    "NAME_PATTERN",
    "ProfileError",
    "RuleProfile",
    "parse_profile",
]

FirstBidder = Literal["marked-card", "rotate", "heart-three", "random"]
KittyMode = Literal["shown", "hidden"]
AuctionKind = Literal["bid", "rob"]

#: The largest base stake.  A deal's value is base x bid x multiplier, and with
#: every bomb of a deck and a spring the multiplier stays below 2**16, so every
#: score stays far inside the 64-bit integers the history keeps.
MAX_BASE = 100_000
#: The longest profile name (names are written into table codes, read aloud).
MAX_NAME_LENGTH = 40
#: What a profile name may be: lowercase letters, digits, ``-``, ``_`` and ``.``,
#: starting with a letter or digit.  Table codes carry the name and are read back
#: case-blind, so the name must already be lowercase to come back the same.
NAME_PATTERN = re.compile(r"[a-z0-9][a-z0-9_.\-]*")
#: The longest value quoted back in a message.
_SHOWN = 40


class ProfileError(ValueError):
    """A rule profile that names an unknown option or gives an option a bad value.

    The message is one line and names the option.
    """


def _shown(value: object) -> str:
    """``repr(value)`` on one line and at most a few dozen characters, for messages."""
    if isinstance(value, int) and value.bit_length() > 64:
        return "a number far too large"  # repr() itself fails past 4300 digits
    text = repr(value)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


_CHOICES: dict[str, tuple[str, ...]] = {
    "first_bidder": ("marked-card", "rotate", "heart-three", "random"),
    "kitty": ("shown", "hidden"),
    "auction": ("bid", "rob"),
}
#: The options that are true or false.
_SWITCHES = frozenset({"four_two_same_rank_singles", "airplanes", "space_shuttle"})


def _check(key: str, value: object) -> None:
    """Raise :class:`ProfileError` if ``value`` is not a valid value of option ``key``."""
    if key in _CHOICES:
        if not isinstance(value, str) or value not in _CHOICES[key]:
            allowed = ", ".join(repr(c) for c in _CHOICES[key])
            raise ProfileError(f"{key} must be one of {allowed}, not {_shown(value)}")
    elif key in _SWITCHES:
        if not isinstance(value, bool):
            raise ProfileError(f"{key} must be true or false, not {_shown(value)}")
    elif key == "wildcards":
        if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 1, 2):
            raise ProfileError(f"wildcards must be 0, 1 or 2, not {_shown(value)}")
    elif key == "players":
        if isinstance(value, bool) or not isinstance(value, int) or value not in (3, 4):
            raise ProfileError(f"players must be 3 or 4, not {_shown(value)}")
    elif key == "base":
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_BASE:
            raise ProfileError(
                f"base must be a whole number from 1 to {MAX_BASE}, not {_shown(value)}"
            )
    elif key == "name" and (
        not isinstance(value, str)
        or len(value) > MAX_NAME_LENGTH
        or not NAME_PATTERN.fullmatch(value)
    ):
        raise ProfileError(
            f"name must be 1 to {MAX_NAME_LENGTH} lowercase letters, digits, '-', '_' or '.', "
            f"starting with a letter or digit, not {_shown(value)}"
        )


@dataclass(frozen=True, slots=True)
class RuleProfile:
    """The house-rule options of ``rulings.md``, with the classic defaults.

    Raises :class:`ProfileError` when an option is out of its bounds.
    """

    #: The profile's name: see :data:`NAME_PATTERN` and :data:`MAX_NAME_LENGTH`.
    name: str = "classic"
    #: Who opens the auction: the holder of the marked card, one seat further each deal,
    #: the holder of the lowest heart outside the kitty (3 of hearts first), or a seat
    #: drawn from the deal code (see :func:`~doudizhu_tui.core.deal.opening_seat`).
    first_bidder: FirstBidder = "marked-card"
    #: Whether the kitty is turned face up for everyone or seen by the landlord alone.
    kitty: KittyMode = "shown"
    #: Whether four+two may carry two single kickers of the same rank (9999+3+3).
    four_two_same_rank_singles: bool = False
    #: The base stake of a deal, 1 to :data:`MAX_BASE`.
    base: int = 10
    #: Whether airplanes (with or without wings) are plays; False at the beginners'
    #: table, where consecutive trios go one at a time.
    airplanes: bool = True
    #: Whether two or more fours in a run (bare, or one single or one pair per four)
    #: are a play, the space shuttle; it is not a bomb.
    space_shuttle: bool = False
    #: The auction: one circuit of bids 1-3 (R8), or calling and robbing the
    #: landlord's seat, each rob doubling the stake (R38-R40).
    auction: AuctionKind = "bid"
    #: How many wild ranks (癞子) a deal has: 0; 1, drawn after the landlord takes the
    #: kitty (``laizi``); or 2, one drawn before the auction and one after (``tiandi``).
    #: The cards of a wild rank may stand for any rank from 3 to 2 (R44-R47).
    wildcards: int = 0
    #: How many play: 3 with one pack (17 cards each, a kitty of 3), or 4 with two packs
    #: (108 cards, 25 each, a kitty of 8), the landlord alone against three (R48-R52).
    players: int = 3

    def __post_init__(self) -> None:
        for option in fields(self):
            _check(option.name, getattr(self, option.name))
        if self.players == 4:
            for key, plain in _NOT_FOR_FOUR:
                value = getattr(self, key)
                if value != plain:
                    shown = str(value).lower() if isinstance(value, bool) else _shown(value)
                    raise ProfileError(
                        f"{key} = {shown} is not played with four players "
                        f"(leave it out, or set players = 3)"
                    )
            if self.first_bidder == "heart-three":
                raise ProfileError(
                    "first_bidder = 'heart-three' is not played with four players "
                    "(two packs hold two 3s of hearts)"
                )

    @property
    def packs(self) -> int:
        """How many packs are dealt: 1 for three players, 2 for four."""
        return self.players - 2

    @property
    def hand_size(self) -> int:
        """The cards each seat is dealt: 17 for three players, 25 for four."""
        return DEALT[self.players][0]

    @property
    def kitty_size(self) -> int:
        """The cards left face down for the landlord: 3 for three players, 8 for four."""
        return DEALT[self.players][1]

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The table's seats in the order of play from You (R4, R48)."""
        return seats_of(self.players)

    def next_seat(self, seat: Seat) -> Seat:
        """The seat that acts after ``seat`` at this table."""
        return next_seat(seat, self.players)

    @property
    def landlord_share(self) -> int:
        """How many times the round value the landlord wins or loses (R26, R52): one
        share for each partner, 2 for three players and 3 for four."""
        return self.players - 1


#: The options that the four-player game does not play, with their classic values: two
#: packs are bid for (no robbing), have no wilds and no shuttles, hold two hearts of
#: each rank (so no heart-three opener) and have no four+two at all (R48).
_NOT_FOR_FOUR: tuple[tuple[str, object], ...] = (
    ("auction", "bid"),
    ("wildcards", 0),
    ("space_shuttle", False),
    ("four_two_same_rank_singles", False),
)

#: The default profile.
CLASSIC = RuleProfile()


def parse_profile(text: str) -> RuleProfile:
    """Read a profile from TOML text; options not given keep their classic default.

    Raises :class:`ProfileError`, with a one-line message, naming the first unknown
    key or bad value, or saying why the text is not TOML.  Nothing else is raised,
    whatever the text.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"the profile is not valid TOML: {exc}") from None
    except RecursionError:
        raise ProfileError("the profile is not valid TOML: it is nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of thousands of digits
        reason = " ".join(str(exc).split()[:8])
        raise ProfileError(f"the profile is not valid TOML: {reason}") from None
    known = [f.name for f in fields(RuleProfile)]
    values: dict[str, object] = {}
    for key, value in data.items():
        if key not in known:
            raise ProfileError(f"unknown option {_shown(key)} (known: {', '.join(sorted(known))})")
        _check(key, value)
        values[key] = value
    return replace(CLASSIC, **values)  # type: ignore[arg-type]
