"""The rule documents in rules/, as read through doudizhu_tui.rulebook."""

from __future__ import annotations

import re
import tomllib

import pytest

from doudizhu_tui.core.rules import CLASSIC, parse_profile
from doudizhu_tui.rulebook import (
    UnknownProfileError,
    case_files,
    profile_names,
    profile_text,
    rule_book_text,
)

KINDS = [
    "single",
    "pair",
    "trio",
    "trio + single",
    "trio + pair",
    "straight",
    "pair chain",
    "airplane",
    "airplane + singles",
    "airplane + pairs",
    "four + two singles",
    "four + two pairs",
    "bomb",
    "rocket",
]


def rule_numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"^\*\*R(\d+)\.", text, flags=re.MULTILINE)]


def test_rules_are_numbered_from_r1_without_gaps() -> None:
    numbers = rule_numbers(rule_book_text())
    assert numbers, "the rule book has no numbered rules"
    assert numbers == list(range(1, len(numbers) + 1))


def test_every_rule_reference_points_at_a_rule() -> None:
    text = rule_book_text()
    last = max(rule_numbers(text))
    referenced = {int(n) for n in re.findall(r"\bR(\d+)\b", text)}
    assert referenced <= set(range(1, last + 1))


@pytest.mark.parametrize("kind", KINDS)
def test_rule_book_names_every_kind_of_play(kind: str) -> None:
    assert f"| {kind} |" in rule_book_text(), f"{kind} is missing from the table of kinds"


@pytest.mark.parametrize(
    "example",
    ["333444` + `3` + `5", "777888` + `3` + `3", "9999` + `3` + `3", "9999` + `33` + `33"],
)
def test_rule_book_gives_the_kicker_edge_cases(example: str) -> None:
    assert example in rule_book_text()


def test_classic_profile_is_listed() -> None:
    assert "classic" in profile_names()


def test_classic_profile_has_every_option() -> None:
    data = tomllib.loads(profile_text("classic"))
    assert data == {
        "name": "classic",
        "first_bidder": "marked-card",
        "kitty": "shown",
        "four_two_same_rank_singles": False,
        "base": 10,
    }


def test_classic_profile_file_matches_the_core_default() -> None:
    assert parse_profile(profile_text("classic")) == CLASSIC


def test_unknown_profile_names_the_known_ones() -> None:
    with pytest.raises(UnknownProfileError, match="classic") as info:
        profile_text("no-such-rules")
    assert isinstance(info.value, ValueError)
    assert "no-such-rules" in str(info.value)


def test_profile_names_cannot_reach_outside_the_rules_folder() -> None:
    with pytest.raises(UnknownProfileError):
        profile_text("../pyproject")


def test_case_files_are_text_files() -> None:
    for case in case_files():
        assert case.name.endswith(".txt")
        assert isinstance(case.read_text(encoding="utf-8"), str)
