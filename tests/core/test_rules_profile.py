"""Rule profiles: the house-rule options and their TOML form (rule book R30)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from doudizhu_tui.core import CLASSIC, ProfileError, RuleProfile, parse_profile

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"


def test_r30_classic_defaults() -> None:
    """The classic profile: marked card, shown kitty, four+two singles of different ranks,
    base 10."""
    assert RuleProfile() == CLASSIC
    assert CLASSIC.name == "classic"
    assert CLASSIC.first_bidder == "marked-card"
    assert CLASSIC.kitty == "shown"
    assert CLASSIC.four_two_same_rank_singles is False
    assert CLASSIC.base == 10


def test_r30_an_empty_profile_is_classic() -> None:
    """Every option left out keeps its classic default."""
    assert parse_profile("") == CLASSIC


def test_r30_rules_classic_toml_is_the_classic_profile() -> None:
    """The shipped rules/classic.toml parses to exactly CLASSIC."""
    path = RULES_DIR / "classic.toml"
    if not path.exists():
        pytest.skip("rules/classic.toml is not written yet")
    assert parse_profile(path.read_text(encoding="utf-8")) == CLASSIC


@pytest.mark.parametrize("path", sorted(RULES_DIR.glob("*.toml")), ids=lambda p: p.name)
def test_r30_every_shipped_profile_parses_and_is_named_after_its_file(path: Path) -> None:
    """Each rules/NAME.toml is a valid profile whose name is NAME (it is chosen by it)."""
    profile = parse_profile(path.read_text(encoding="utf-8"))
    assert profile.name == path.stem


def test_r30_a_partial_profile_keeps_the_other_defaults() -> None:
    """Only the options given change."""
    profile = parse_profile('name = "quick"\nkitty = "hidden"\nbase = 5')
    assert profile == dataclasses.replace(CLASSIC, name="quick", kitty="hidden", base=5)


def test_r30_every_option_can_be_set() -> None:
    """All four options and the name, at their non-default values."""
    text = """
        name = "house"
        first_bidder = "rotate"
        kitty = "hidden"
        four_two_same_rank_singles = true
        base = 1
    """
    assert parse_profile(text) == RuleProfile(
        name="house",
        first_bidder="rotate",
        kitty="hidden",
        four_two_same_rank_singles=True,
        base=1,
    )


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("space_shuttle = true", "space_shuttle"),
        ("Base = 10", "Base"),
        ('kitty = "open"', "kitty"),
        ('kitty = "Shown"', "kitty"),
        ('first_bidder = "loser"', "first_bidder"),
        ("first_bidder = 1", "first_bidder"),
        ('four_two_same_rank_singles = "yes"', "four_two_same_rank_singles"),
        ("four_two_same_rank_singles = 1", "four_two_same_rank_singles"),
        ("base = 0", "base"),
        ("base = -10", "base"),
        ("base = 2.5", "base"),
        ('base = "10"', "base"),
        ("base = true", "base"),
        ('name = ""', "name"),
        ("name = 3", "name"),
    ],
)
def test_r30_unknown_options_and_bad_values_are_named(text: str, named: str) -> None:
    """ProfileError (a ValueError) names the option that is unknown or badly set."""
    with pytest.raises(ProfileError) as info:
        parse_profile(text)
    assert named in str(info.value)
    assert isinstance(info.value, ValueError)


def test_r30_unknown_option_message_lists_the_known_ones() -> None:
    """The message for an unknown key helps by listing the options there are."""
    with pytest.raises(ProfileError) as info:
        parse_profile("jokers = 4")
    for option in ("base", "kitty", "first_bidder", "four_two_same_rank_singles"):
        assert option in str(info.value)


def test_r30_a_bad_value_message_names_the_allowed_values() -> None:
    """For a choice, the allowed values are named."""
    with pytest.raises(ProfileError) as info:
        parse_profile('kitty = "open"')
    assert "'shown'" in str(info.value) and "'hidden'" in str(info.value)
    assert "'open'" in str(info.value)


def test_r30_text_that_is_not_toml_is_a_profile_error() -> None:
    """A broken file is reported as a ProfileError, not a TOML library exception."""
    with pytest.raises(ProfileError, match="TOML"):
        parse_profile("base = = 10")


def test_profiles_are_frozen_values() -> None:
    """A profile cannot be changed in place (the core shares it freely)."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        CLASSIC.base = 20  # type: ignore[misc]
    assert hash(CLASSIC) == hash(RuleProfile())
