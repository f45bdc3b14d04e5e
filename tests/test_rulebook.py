"""The rule documents in rules/, as read through doudizhu_tui.rulebook."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doudizhu_tui import rulebook
from doudizhu_tui.core.rules import (
    CLASSIC,
    MAX_BASE,
    NAME_PATTERN,
    ProfileError,
    RuleProfile,
    parse_profile,
)
from doudizhu_tui.rulebook import (
    MAX_PROFILE_BYTES,
    UnknownProfileError,
    case_files,
    profile_from_path,
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


# ----- profiles from files (issue 9) ---------------------------------------------------


def one_line_error(path: str | os.PathLike[str]) -> str:
    """The ProfileError message of ``profile_from_path(path)``, checked to be one line."""
    with pytest.raises(ProfileError) as info:
        profile_from_path(path)
    message = str(info.value)
    assert "\n" not in message and "\r" not in message and len(message) < 300
    return message


def test_a_profile_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "quick.toml"
    path.write_text('name = "quick"\nbase = 5\n', encoding="utf-8")
    assert profile_from_path(path) == RuleProfile(name="quick", base=5)
    assert profile_from_path(str(path)) == RuleProfile(name="quick", base=5)


def test_a_profile_file_without_a_name_is_named_after_the_file(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('kitty = "hidden"\n', encoding="utf-8")
    assert profile_from_path(path) == RuleProfile(name="house", kitty="hidden")
    bad = tmp_path / "My Rules.toml"
    bad.write_text("base = 5\n", encoding="utf-8")
    message = one_line_error(bad)
    assert "My Rules" in message and "name" in message


def test_a_byte_order_mark_is_allowed(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbfbase = 7\n")
    assert profile_from_path(path).base == 7


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b'base = 10\nname = "caf\xe9"\n', "not UTF-8"),
        (b"\xff\xfeb\x00a\x00s\x00e\x00", "not UTF-8"),
        (b"base = = 10", "not valid TOML"),
        (b"jokers = 4", "unknown option 'jokers'"),
        (b'base = "ten"', "base"),
        (b"base = 0", "base"),
        (f"base = {MAX_BASE + 1}".encode(), "base"),
        (b"base = 99999999999999999999999999", "base"),
        (b'kitty = "open"', "kitty"),
        (b"four_two_same_rank_singles = 1", "four_two_same_rank_singles"),
        (b'name = "Two Words"', "name"),
        (b'name = "' + b"n" * 41 + b'"', "name"),
        (b"x" * (MAX_PROFILE_BYTES + 1), "too large"),
    ],
    ids=[
        "latin-1",
        "utf-16",
        "not-toml",
        "unknown-key",
        "wrong-type",
        "zero",
        "above-max",
        "huge",
        "bad-choice",
        "not-bool",
        "bad-name",
        "long-name",
        "too-large",
    ],
)
def test_a_bad_profile_file_is_one_line_naming_the_file(
    tmp_path: Path, content: bytes, expected: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(content)
    message = one_line_error(path)
    assert expected in message
    assert path.name in message


def test_a_missing_file_and_a_folder_are_named(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.toml"
    assert one_line_error(missing) == f"rule profile file {missing} does not exist"
    assert one_line_error(tmp_path) == f"{tmp_path} is a folder, not a rule profile file"
    inside_a_file = tmp_path / "plain"
    inside_a_file.write_text("x")
    assert "does not exist" in one_line_error(inside_a_file / "rules.toml")


def test_an_unreadable_file_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "locked.toml"
    path.write_text("base = 5")

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(Path, "open", refuse)
    assert one_line_error(path) == f"rule profile file {path} cannot be read (Permission denied)"


def test_odd_paths_give_a_profile_error(tmp_path: Path) -> None:
    assert "bad?name.toml" in one_line_error("bad\x00name.toml")
    newline = tmp_path / "two\nlines.toml"
    one_line_error(newline)  # missing; the message stays on one line
    long = one_line_error(tmp_path / ("d" * 300) / "x.toml")  # too long for the system
    assert "...ddd" in long and "/x.toml" in long
    if Path("/dev/null").exists():
        assert "not a regular file" in one_line_error("/dev/null")


def test_a_shipped_profile_that_is_not_utf8_is_a_profile_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "README.md").write_text("# rules")
    (tmp_path / "latin.toml").write_bytes(b'name = "caf\xe9"')
    monkeypatch.setattr(rulebook, "_rules_dir", lambda: tmp_path)
    with pytest.raises(ProfileError) as info:
        profile_text("latin")
    assert str(info.value).startswith("rules/latin.toml is not UTF-8 text (byte 0xe9")


def test_an_unknown_profile_name_is_shown_on_one_line() -> None:
    with pytest.raises(UnknownProfileError) as info:
        profile_text("a\nb" + "c" * 500)
    assert "\n" not in str(info.value) and len(str(info.value)) < 200


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.binary(max_size=400))
def test_any_bytes_give_a_profile_or_a_profile_error(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "fuzz.toml"
    path.write_bytes(content)
    try:
        profile = profile_from_path(path)
    except ProfileError as exc:
        assert "\n" not in str(exc) and path.name in str(exc)
    else:
        assert 1 <= profile.base <= MAX_BASE and NAME_PATTERN.fullmatch(profile.name)
