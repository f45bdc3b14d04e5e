"""Rule profiles: the named sets of house rules a player can choose.

The core holds the profile as a frozen value and can parse a profile's TOML
text; finding the text on disk is the job of :mod:`doudizhu_tui.rulebook`.

>>> parse_profile('name = "quick"\\nbase = 5').base
5
>>> parse_profile('kitty = "open"')
Traceback (most recent call last):
...
doudizhu_tui.core.rules.ProfileError: kitty must be one of 'shown', 'hidden', not 'open'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields, replace
from typing import Literal

__all__ = ["CLASSIC", "ProfileError", "RuleProfile", "parse_profile"]

FirstBidder = Literal["marked-card", "rotate"]
KittyMode = Literal["shown", "hidden"]


class ProfileError(ValueError):
    """A rule profile that names an unknown option or gives an option a bad value."""


@dataclass(frozen=True, slots=True)
class RuleProfile:
    """The house-rule options of ``rulings.md``, with the classic defaults."""

    name: str = "classic"
    #: Who opens the auction: the holder of the marked card, or one seat further each deal.
    first_bidder: FirstBidder = "marked-card"
    #: Whether the kitty is turned face up for everyone or seen by the landlord alone.
    kitty: KittyMode = "shown"
    #: Whether four+two may carry two single kickers of the same rank (9999+3+3).
    four_two_same_rank_singles: bool = False
    #: The base stake of a deal.
    base: int = 10


#: The default profile.
CLASSIC = RuleProfile()

_CHOICES: dict[str, tuple[str, ...]] = {
    "first_bidder": ("marked-card", "rotate"),
    "kitty": ("shown", "hidden"),
}


def parse_profile(text: str) -> RuleProfile:
    """Read a profile from TOML text; options not given keep their classic default.

    Raises :class:`ProfileError` naming the first unknown key or bad value.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"the profile is not valid TOML: {exc}") from None
    known = {f.name: f for f in fields(RuleProfile)}
    values: dict[str, object] = {}
    for key, value in data.items():
        if key not in known:
            raise ProfileError(f"unknown option '{key}' (known: {', '.join(sorted(known))})")
        if key in _CHOICES:
            if value not in _CHOICES[key]:
                allowed = ", ".join(repr(c) for c in _CHOICES[key])
                raise ProfileError(f"{key} must be one of {allowed}, not {value!r}")
        elif key == "four_two_same_rank_singles":
            if not isinstance(value, bool):
                raise ProfileError(f"{key} must be true or false, not {value!r}")
        elif key == "base":
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ProfileError(f"base must be a whole number above 0, not {value!r}")
        elif key == "name" and (not isinstance(value, str) or not value):
            raise ProfileError(f"name must be a non-empty string, not {value!r}")
        values[key] = value
    return replace(CLASSIC, **values)  # type: ignore[arg-type]
