"""The rule documents in rules/, as read through doudizhu_tui.rulebook."""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import fields, replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doudizhu_tui import rulebook
from doudizhu_tui.core.cards import Rank, parse_ranks
from doudizhu_tui.core.combos import Kind, Play, classify
from doudizhu_tui.core.rules import (
    CLASSIC,
    MAX_BASE,
    NAME_PATTERN,
    ProfileError,
    RuleProfile,
    parse_profile,
)
from doudizhu_tui.core.wild import (
    BombClass,
    beats_wild,
    bomb_class,
    classify_wild,
    default_wild_reading,
    show,
    why_not_wild,
)
from doudizhu_tui.rulebook import (
    MAX_PROFILE_BYTES,
    UnknownProfileError,
    case_files,
    differences,
    find_profile,
    house_profile,
    is_profile_name,
    is_profile_path,
    list_profiles,
    profile_from_path,
    profile_names,
    profile_summary,
    profile_text,
    rule_book_text,
    shipped_profile,
    user_profile_names,
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
    """rules/classic.toml lists every option of the profile with its default (the
    profile summary takes what each option is from its comments)."""
    data = tomllib.loads(profile_text("classic"))
    assert data == {f.name: getattr(CLASSIC, f.name) for f in fields(RuleProfile)}


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


# ----- house-rule files and the player's rules folder (issue 10) ----------------------


@pytest.mark.parametrize(
    ("value", "path"),
    [
        ("classic", False),
        ("myhouse", False),
        ("my.house", False),
        ("NOPE", False),
        ("", False),
        ("house.toml", True),
        ("house.TOML", True),
        ("rules/house", True),
        ("./house", True),
        ("/etc/passwd", True),
        ("C:\\rules\\house", True),
        ("..", False),
    ],
)
def test_a_rules_value_is_a_path_when_it_has_a_separator_or_ends_in_toml(
    value: str, path: bool
) -> None:
    assert is_profile_path(value) is path


def test_profile_names_are_the_names_a_code_can_carry() -> None:
    assert is_profile_name("myhouse") and is_profile_name("a.b-c_1")
    for bad in ("", "My", "-x", ".x", "a/b", "a b", "x" * 41, "..", "é"):
        assert not is_profile_name(bad), bad
    assert is_profile_name("x" * 40)


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_find_profile_takes_the_games_profile_first_then_the_players(tmp_path: Path) -> None:
    write(tmp_path, "classic.toml", "base = 3\n")  # shadowed: the game's classic wins
    write(tmp_path, "myhouse.toml", "base = 3\n")
    assert find_profile("classic", tmp_path) == CLASSIC
    assert find_profile("older", tmp_path) == shipped_profile("older")
    assert find_profile("myhouse", tmp_path) == RuleProfile(name="myhouse", base=3)
    with pytest.raises(UnknownProfileError, match="myhouse"):
        find_profile("myhouse")  # no rules folder given
    with pytest.raises(UnknownProfileError) as info:
        find_profile("nope", tmp_path)
    assert str(info.value).endswith(f"(known profiles: {', '.join(profile_names())}, myhouse)")
    assert user_profile_names(tmp_path) == ["classic", "myhouse"]
    assert user_profile_names(tmp_path / "missing") == [] == user_profile_names(None)


def test_find_profile_refuses_a_file_that_names_another_profile(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.toml", 'name = "other"\n')
    with pytest.raises(ProfileError) as info:
        find_profile("mine", tmp_path)
    message = str(info.value)
    assert message.startswith(f"{path}: the profile is named 'other', not 'mine'")
    assert "\n" not in message


@pytest.mark.parametrize("name", ["../x", "..", "x/../x", "X", "x.toml", "/tmp/x", ""])
def test_find_profile_looks_only_inside_the_rules_folder(tmp_path: Path, name: str) -> None:
    write(tmp_path, "x.toml", "base = 3\n")
    folder = tmp_path / "rules"
    write(folder, "y.toml", "base = 4\n")
    with pytest.raises(UnknownProfileError):
        find_profile(name, folder)


def test_find_profile_in_a_rules_folder_that_is_a_file(tmp_path: Path) -> None:
    afile = write(tmp_path, "afile", "x")
    with pytest.raises(UnknownProfileError):
        find_profile("myhouse", afile)
    assert user_profile_names(afile) == [] and len(list_profiles(afile)) == len(profile_names())


def test_a_house_profile_may_take_a_shipped_name_only_with_its_options(tmp_path: Path) -> None:
    same = write(tmp_path, "copy.toml", profile_text("older"))
    assert house_profile(same) == shipped_profile("older")
    other = write(tmp_path, "other.toml", 'name = "older"\nbase = 5\n')
    with pytest.raises(ProfileError) as info:
        house_profile(other)
    assert str(info.value) == (
        f"{other}: the profile is named 'older' like the one that comes with the game, but its "
        'first_bidder, kitty, base differ; give it a name of its own (name = "...")'
    )
    named_by_file = write(tmp_path, "classic.toml", "base = 11\n")
    with pytest.raises(ProfileError, match="its base differs"):
        house_profile(named_by_file)
    assert house_profile(write(tmp_path, "mine.toml", "base = 11\n")).name == "mine"


def test_differences_are_the_options_that_differ_in_declared_order() -> None:
    assert differences(CLASSIC) == []
    assert differences(replace(CLASSIC, name="x")) == []
    assert differences(shipped_profile("older")) == ["first_bidder", "kitty"]
    assert differences(RuleProfile(base=5), RuleProfile(base=6)) == ["base"]


def test_list_profiles_says_why_a_file_cannot_be_used(tmp_path: Path) -> None:
    write(tmp_path, "good.toml", "base = 3\n")
    write(tmp_path, "bad.toml", "base = 0\n")
    write(tmp_path, "Bad Name.toml", "base = 3\n")
    write(tmp_path, "older.toml", "base = 3\n")
    write(tmp_path, "notes.txt", "not a profile")
    (tmp_path / "folder.toml").mkdir()
    entries = list_profiles(tmp_path)
    shipped = [e for e in entries if e.shipped]
    assert [e.name for e in shipped] == profile_names()
    assert all(e.profile is not None and e.problem is None for e in shipped)
    mine = {e.name: e for e in entries if not e.shipped}
    assert sorted(mine) == ["Bad Name", "bad", "good", "older"]
    assert mine["good"].profile == RuleProfile(name="good", base=3)
    assert mine["good"].path == tmp_path / "good.toml"
    problems = {name: e.problem or "" for name, e in mine.items() if e.profile is None}
    assert "base must be a whole number" in problems["bad"]
    assert "cannot be a profile's name" in problems["Bad Name"]
    assert "comes with the game" in problems["older"]


def test_profile_summary_lists_every_option_and_marks_the_differences() -> None:
    """Generated from the profile's fields: every option but the name is listed with its
    value as TOML writes it; those that differ from classic say the classic value."""
    profile = RuleProfile(name="my_house", kitty="hidden", base=20)
    text = profile_summary(profile, "/x/my`house.toml")
    assert text.startswith("## The rules in force: `my_house`\n")
    assert "Read from `/x/my'house.toml`." in text
    assert "2 options differ from the classic rules: kitty, base." in text
    items = [line for line in text.splitlines() if line.startswith("- ")]
    options = [f.name for f in fields(RuleProfile) if f.name != "name"]
    assert len(items) == len(options)
    for option, item in zip(options, items, strict=True):
        assert f"`{option} = " in item
    assert '**The kitty (R9): `kitty = "hidden"`** (classic: `"shown"`)' in text
    assert "`base = 20`** (classic: `10`)" in text
    assert '`first_bidder = "marked-card"`, as classic' in text


def test_profile_summary_of_classic_and_of_one_difference() -> None:
    text = profile_summary(CLASSIC)
    assert "Every option is as in the classic rules." in text and "Read from" not in text
    assert "as classic" not in text and "**" not in text
    one = profile_summary(RuleProfile(name="x", base=11))
    assert "1 option differs from the classic rules: base." in one


def test_profile_summary_without_notes_still_lists_the_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "README.md").write_text("# rules")
    (tmp_path / "classic.toml").write_text("base = 10\n")  # no comments
    monkeypatch.setattr(rulebook, "_rules_dir", lambda: tmp_path)
    assert "- `base = 20` (classic: `10`)" not in profile_summary(RuleProfile(base=20))
    assert "- **`base = 20`** (classic: `10`)" in profile_summary(RuleProfile(base=20))


# ----- the wildcard tables, 癞子 (issue 10) ---------------------------------------------


def rule_text(number: int) -> str:
    """The text of rule ``number`` of the rule book, heading included, up to the next."""
    text = rule_book_text()
    start = text.index(f"**R{number}. ")
    end = text.find(f"**R{number + 1}. ", start)
    return text[start : end if end != -1 else len(text)]


def test_r44_to_r47_the_wild_rules_close_the_variants_part() -> None:
    """R44-R47 follow the variants' R36, with these headings."""
    text = rule_book_text()
    headings = re.findall(r"^\*\*R(4[4-7])\. ([^*]+)\*\*", text, flags=re.MULTILINE)
    assert headings == [
        ("44", "The wild ranks."),
        ("45", "What a wild may stand for."),
        ("46", "Bombs with wilds."),
        ("47", "Playing with wilds."),
    ]
    assert text.index("## Variants") < text.index("**R44. ")


def test_r48_to_r52_the_four_player_rules_close_the_book() -> None:
    """R48-R52, the four-player table, are the last rules, in a part of their own."""
    text = rule_book_text()
    headings = re.findall(r"^\*\*R(4[89]|5[0-2])\. ([^*]+)\*\*", text, flags=re.MULTILINE)
    assert headings == [
        ("48", "The four-player table."),
        ("49", "The auction at four."),
        ("50", "The plays at four."),
        ("51", "Bombs at four."),
        ("52", "Settlement at four."),
    ]
    assert max(rule_numbers(text)) == 52
    assert text.index("**R47. ") < text.index("## Four players") < text.index("**R48. ")


@pytest.mark.parametrize(
    ("profile", "cited"),
    [
        ("rob", "R38-R40"),
        ("beginner", "R41"),
        ("shuttle", "R42, R43"),
        ("laizi", "R44-R47"),
        ("tiandi", "R44-R47"),
        ("four", "R48-R52"),
    ],
)
def test_r36_the_table_of_variant_profiles_lists_each_with_its_rules(
    profile: str, cited: str
) -> None:
    assert profile in profile_names()
    rows = [line for line in rule_text(36).splitlines() if line.startswith(f"| `{profile}` |")]
    assert len(rows) == 1 and rows[0].endswith(f"| {cited} |")


def test_r31_the_table_of_options_lists_every_option() -> None:
    """Every option of RuleProfile has its row in R31's table, wildcards included."""
    table = rule_text(31)
    for option in fields(RuleProfile):
        if option.name != "name":
            assert f"| `{option.name}` | `" in table, option.name
    assert "| `wildcards` | `0` | `1`, `2` | R44-R47 |" in table


def test_r44_the_wild_rank_profiles_draw_one_or_two_ranks() -> None:
    """laizi has one wild rank (R44: after the kitty), tiandi two (one before the
    auction); the rule book says so and the summary of each names the option."""
    assert differences(shipped_profile("laizi")) == ["wildcards"]
    assert shipped_profile("laizi").wildcards == 1
    assert shipped_profile("tiandi").wildcards == 2
    r44 = rule_text(44)
    assert "`wildcards = 1` (the profile `laizi`" in r44
    assert "`wildcards = 2` (the profile `tiandi`" in r44
    assert "before the auction" in r44 and "deal code" in r44
    for name, count in (("laizi", 1), ("tiandi", 2)):
        summary = profile_summary(shipped_profile(name))
        assert f"(R44-R47): `wildcards = {count}`** (classic: `0`)" in summary


#: The wild rank of the rule book's examples (R45-R47): the 5s.
FIVES = (Rank.FIVE,)


def readings(cards: str, wild: tuple[Rank, ...] = FIVES) -> list[str]:
    """How the table shows each reading of ``cards`` (compact notation, R3)."""
    return [show(p) for p in classify_wild(parse_ranks(cards), wild)]


def test_r45_the_examples_of_what_a_wild_may_stand_for_read_as_the_book_says() -> None:
    """With the 5s wild: a straight with a wild 10, a trio of kings, no 2 in a chain,
    a pair of 5s or of aces, and never a joker."""
    r45 = rule_text(45)
    for example in ("`7895J`", "`KK5`", "`JQKA5`", "`55`", "`5` + `BJ`"):
        assert example in r45, example
    assert readings("7895J") == ["7 8 9 [10] J"]
    assert readings("KK5") == ["K K [K]"]
    assert readings("JQKA5") == ["[10] J Q K A"]
    assert "5 5" in readings("55") and "[A] [A]" in readings("55")
    assert readings("5B") == [] and readings("5R") == []


def test_r46_bombs_with_wilds_rank_by_class_as_the_book_says() -> None:
    """Soft < natural < wild: 2225 loses to 3333, which loses to 5555; 55QQ (5s and
    queens wild) is a wild bomb of queens; the reasons quoted are the game's own."""

    def bomb(cards: str, wild: tuple[Rank, ...] = FIVES) -> Play:
        (found,) = [p for p in classify_wild(parse_ranks(cards), wild) if p.kind is Kind.BOMB]
        return found

    soft, natural = bomb("8885"), classify(parse_ranks("3333"))[0]
    wild = default_wild_reading(classify_wild(parse_ranks("5555"), FIVES))
    assert [bomb_class(p) for p in (soft, natural, wild)] == list(BombClass)
    low_soft = bomb("2225")
    assert not beats_wild(low_soft, natural) and not beats_wild(natural, wild)
    assert beats_wild(natural, low_soft) and beats_wild(wild, natural)
    mixed = default_wild_reading(classify_wild(parse_ranks("55QQ"), (Rank.FIVE, Rank.QUEEN)))
    assert bomb_class(mixed) is BombClass.WILD and mixed.rank is Rank.QUEEN
    r46 = " ".join(rule_text(46).split())  # a quotation may run over a line break
    for reason in (
        why_not_wild(soft, natural),
        why_not_wild(natural, wild),
        why_not_wild(bomb("3335"), soft),
    ):
        assert reason is not None and f'"{reason}"' in r46, reason
    for example in ("`8885`", "`5555`", "`55QQ`", "`2225`", "`3333`"):
        assert example in r46, example


def test_r47_playing_with_wilds_shows_and_leads_as_the_book_says() -> None:
    """The brackets of the table, the wild bomb all in brackets, and the default
    lead of 55 (the 5s wild): a pair of 2s."""
    r47 = rule_text(47)
    for shown in ("`7 8 9 [10] J`", "`8 8 8 [8]`", "`[5] [5] [5] [5]`"):
        assert shown in r47, shown
    assert "8 8 8 [8]" in readings("8885")

    def lead(cards: str) -> str:
        return show(default_wild_reading(classify_wild(parse_ranks(cards), FIVES)))

    assert lead("55") == "[2] [2]" and "goes down as a pair of 2s" in r47
    assert lead("5555") == "[5] [5] [5] [5]"
    assert "Tab" in r47 and "card tracker" in r47
