"""House-rule files (issue 10): ``--rules path/to/file.toml`` and the player's rules folder.

A house-rule file is a rule profile like the shipped ones: given by its path to
``play``, ``replay``, ``arena`` and ``rules``, or found by its name in ``rules/`` of the
data folder.  Every bad file is one error line naming the file (and the key), exit
status 2, nothing started.  A code played under a house profile replays where the
profile is present and says plainly where it is not; a saved session and a recorded
deal keep the whole profile, so they come back after the file is gone.

The app is never started (its ``run`` is replaced); each test has its own data folder.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from doudizhu_tui import cli
from doudizhu_tui.core import RuleProfile, code_from_number, parse_profile
from doudizhu_tui.match import Match, MatchConfig
from doudizhu_tui.rulebook import MAX_PROFILE_BYTES, profile_names, profile_text
from doudizhu_tui.store import HistoryDB, SaveSlot, attach_history
from doudizhu_tui.tui.app import DouDizhuApp

from .store.helpers import play, play_to_end

DEAL = "3226B-Q524C"
HOUSE = RuleProfile(name="myhouse", kitty="hidden", base=20)
HOUSE_TOML = 'name = "myhouse"\nkitty = "hidden"\nbase = 20\n'
ERROR = "doudizhu: error: "


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test has its own data folder; ``home / "rules"`` is the player's rules folder."""
    folder = tmp_path / "home"
    monkeypatch.setenv("DOUDIZHU_HOME", str(folder))
    return folder


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli.main, list(args))


def house_file(folder: Path, text: str = HOUSE_TOML, name: str = "myhouse.toml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def error_line(result: Result) -> str:
    """The one error line of a refused command (exit status 2, nothing else said)."""
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(ERROR) and line.isprintable() and len(line) < 320
    return line.removeprefix(ERROR)


# ----- every kind of bad file ----------------------------------------------------------

BAD_FILES: list[tuple[str, bytes, str]] = [
    ("unknown-key", b"jokers = 4\n", "unknown option 'jokers'"),
    ("wrong-type", b'base = "ten"\n', "base must be a whole number"),
    ("out-of-range", b"base = 0\n", "base must be a whole number from 1 to"),
    ("too-big", b"base = 99999999999999999999999999\n", "base must be a whole number"),
    ("float", b"base = 1.5\n", "base must be a whole number"),
    ("bad-choice", b'kitty = "open"\n', "kitty must be one of 'shown', 'hidden'"),
    ("not-bool", b"four_two_same_rank_singles = 1\n", "four_two_same_rank_singles must be"),
    ("bad-name", b'name = "My House"\n', "name must be 1 to 40 lowercase letters"),
    ("long-name", b'name = "' + b"n" * 41 + b'"\n', "name must be 1 to 40"),
    ("name-not-text", b"name = 5\n", "name must be"),
    ("not-utf8", b'name = "caf\xe9"\n', "is not UTF-8 text (byte 0xe9"),
    ("utf16", "base = 5\n".encode("utf-16"), "is not UTF-8 text"),
    ("not-toml", b"base = = 10\n", "is not valid TOML"),
    ("table", b"[kitty]\nmode = 1\n", "kitty must be one of"),
    ("too-large", b"#" * (MAX_PROFILE_BYTES + 1), "is too large to be a rule profile"),
    ("shipped-name", b'name = "older"\nbase = 5\n', "named 'older' like the one that comes"),
]


def _commands(path: str) -> dict[str, list[str]]:
    """A command line per command that takes ``--rules``, with the file's path."""
    return {
        "play": ["play", "--rules", path],
        "replay": ["replay", f"{DEAL}:myhouse:easy", "--rules", path],
        "arena": ["arena", "--a", "random", "--b", "random", "--deals", "1", "--rules", path],
        "rules": ["rules", "--rules", path],
    }


@pytest.mark.parametrize("command", ["play", "replay", "arena", "rules"])
@pytest.mark.parametrize(
    ("content", "expected"), [(c, e) for _, c, e in BAD_FILES], ids=[i for i, _, _ in BAD_FILES]
)
def test_r31_a_bad_house_profile_file_is_one_line_naming_the_file_and_key(
    tmp_path: Path, started: list[DouDizhuApp], command: str, content: bytes, expected: str
) -> None:
    path = tmp_path / "myhouse.toml"
    path.write_bytes(content)
    line = error_line(invoke(*_commands(str(path))[command]))
    assert str(path) in line and expected in line
    assert not started


@pytest.mark.parametrize("command", ["play", "replay", "arena", "rules"])
def test_r31_a_missing_or_odd_profile_path_is_one_line(
    tmp_path: Path, started: list[DouDizhuApp], command: str
) -> None:
    missing = tmp_path / "nothere.toml"
    assert f"rule profile file {missing} does not exist" in error_line(
        invoke(*_commands(str(missing))[command])
    )
    folder = tmp_path / "adir.toml"
    folder.mkdir()
    assert "is a folder, not a rule profile file" in error_line(
        invoke(*_commands(str(folder))[command])
    )
    nameless = house_file(tmp_path, "base = 5\n", "My House.toml")
    line = error_line(invoke(*_commands(str(nameless))[command]))
    assert "the profile has no name" in line and "'My House'" in line
    assert not started


@pytest.mark.parametrize("command", ["play", "arena", "rules"])
def test_r31_a_bad_file_in_the_rules_folder_is_named_with_its_key(
    home: Path, started: list[DouDizhuApp], command: str
) -> None:
    path = house_file(home / "rules", "base = -5\n", "broken.toml")
    line = error_line(invoke(*_commands("broken")[command]))
    assert str(path) in line and "base must be a whole number" in line and "not -5" in line
    assert not started


def test_r31_a_file_in_the_rules_folder_must_carry_its_own_name(
    home: Path, started: list[DouDizhuApp]
) -> None:
    """A profile found by its file's name must have that name, or its codes could not
    find it again."""
    path = house_file(home / "rules", 'name = "other"\n', "mine.toml")
    line = error_line(invoke("play", "--rules", "mine"))
    assert str(path) in line and "named 'other', not 'mine'" in line
    assert not started


def test_r31_a_house_profile_may_take_a_shipped_name_only_with_the_same_options(
    tmp_path: Path, started: list[DouDizhuApp]
) -> None:
    same = house_file(tmp_path, profile_text("older"), "copy.toml")
    result = invoke("play", "--rules", str(same), "--new")
    assert result.exit_code == 0, result.output
    assert started[0].match.config.rules == parse_profile(profile_text("older"))
    other = house_file(tmp_path, 'name = "classic"\nkitty = "hidden"\n', "fake.toml")
    line = error_line(invoke("play", "--rules", str(other)))
    assert "named 'classic' like the one that comes with the game, but its kitty differs" in line


def test_r31_an_unknown_profile_name_lists_the_players_profiles_too(home: Path) -> None:
    house_file(home / "rules")
    line = error_line(invoke("play", "--rules", "nope"))
    known = ", ".join([*profile_names(), "myhouse"])  # the game's, then the player's
    assert f"unknown rule profile 'nope' (known profiles: {known})" in line
    assert "house-rule file's path" in line


@pytest.mark.parametrize("name", ["../myhouse", "..", "MYHOUSE", "my house", "rules/../x"])
def test_r31_profile_names_do_not_reach_outside_the_rules_folder(
    home: Path, tmp_path: Path, name: str
) -> None:
    house_file(home / "rules")
    house_file(tmp_path, "base = 7\n", "x.toml")
    result = invoke("rules", "--rules", name)
    assert result.exit_code == 2
    assert result.stderr.startswith(ERROR) and result.stderr.count("\n") == 1


# ----- a good house file plays, and its codes replay -------------------------------------


def test_r31_a_house_profile_file_plays(tmp_path: Path, started: list[DouDizhuApp]) -> None:
    path = house_file(tmp_path / "elsewhere")
    result = invoke("play", "--rules", str(path), "--deals", "3", "--level", "easy")
    assert result.exit_code == 0, result.output
    (app,) = started
    config = app.match.config
    assert config.rules == HOUSE and config.deals == 3 and config.scored
    app.match.start_deal()
    assert str(app.match.code) == f"{config.first_code}:myhouse:easy"


def test_r31_a_house_profile_in_the_rules_folder_plays_by_name(
    home: Path, started: list[DouDizhuApp]
) -> None:
    house_file(home / "rules", HOUSE_TOML.replace('name = "myhouse"\n', ""))  # named by its file
    result = invoke("play", "--rules", "myhouse")
    assert result.exit_code == 0, result.output
    assert started[0].match.config.rules == HOUSE


def test_r30_a_house_code_replays_with_the_file_in_the_rules_folder(
    home: Path, started: list[DouDizhuApp]
) -> None:
    house_file(home / "rules")
    result = invoke("replay", f"{DEAL}:myhouse:easy", "--pace", "0")
    assert result.exit_code == 0, result.output
    (app,) = started
    assert app.match.config.rules == HOUSE and app.match.config.level == "easy"
    app.match.start_deal()
    assert str(app.match.code) == f"{DEAL}:myhouse:easy"
    result = invoke("play", "--code", f"{DEAL}:myhouse:easy", "--new")
    assert result.exit_code == 0, result.output
    assert started[1].match.config.rules == HOUSE


@pytest.mark.parametrize("command", ["replay", "play"])
def test_r30_a_house_code_replay_without_the_file_says_so_plainly(
    home: Path, started: list[DouDizhuApp], command: str
) -> None:
    code = f"{DEAL}:myhouse:easy"
    args = ["replay", code] if command == "replay" else ["play", "--code", code]
    line = error_line(invoke(*args))
    folder = home / "rules"
    assert line == (
        f"code {code} was played under the 'myhouse' rules, which this installation does "
        f"not have; put myhouse.toml in {folder} or give --rules path/to/myhouse.toml"
    )
    assert not started


def test_r30_a_house_code_replays_with_its_file_given(
    tmp_path: Path, started: list[DouDizhuApp]
) -> None:
    path = house_file(tmp_path / "elsewhere")
    result = invoke("replay", f"{DEAL}:myhouse:easy", "--rules", str(path))
    assert result.exit_code == 0, result.output
    assert started[0].match.config.rules == HOUSE


def test_r30_a_replay_refuses_a_file_of_other_rules_than_the_codes(
    tmp_path: Path, started: list[DouDizhuApp]
) -> None:
    path = house_file(tmp_path, 'name = "another"\nbase = 5\n', "another.toml")
    line = error_line(invoke("replay", f"{DEAL}:myhouse:easy", "--rules", str(path)))
    assert line == (
        f"code {DEAL}:myhouse:easy was played under the 'myhouse' rules, but {path} holds "
        "the 'another' rules; give the file of the 'myhouse' rules, or leave out --rules"
    )
    line = error_line(invoke("replay", DEAL, "--rules", str(path)))
    assert "played under the 'classic' rules, but" in line
    assert not started


def test_r31_a_file_given_by_path_beats_a_namesake_in_the_rules_folder_and_says_so(
    home: Path, tmp_path: Path, started: list[DouDizhuApp]
) -> None:
    """A profile given by path wins over the rules folder's file of the same name; when
    they differ, the person is told that its codes need the file given again."""
    house_file(home / "rules", "base = 50\n")
    path = house_file(tmp_path)
    result = invoke("play", "--rules", str(path), "--new")
    assert result.exit_code == 0, result.output
    assert started[0].match.config.rules == HOUSE
    (notice,) = [line for line in result.stderr.splitlines() if "also called" in line]
    assert "differs in kitty, base" in notice and str(path) in notice
    house_file(home / "rules")  # the same profile: nothing to say
    result = invoke("play", "--rules", str(path), "--new")
    assert result.exit_code == 0 and "also called" not in result.stderr


# ----- the arena ------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["path", "rules folder"])
def test_r31_the_arena_plays_a_deal_under_a_house_profile(
    home: Path, tmp_path: Path, where: str
) -> None:
    if where == "path":
        rules = str(house_file(tmp_path / "elsewhere"))
    else:
        house_file(home / "rules")
        rules = "myhouse"
    args = ["arena", "--a", "random", "--b", "random", "--deals", "1", "--no-auction"]
    result = invoke(*args, "--rules", rules, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["rules"] == "myhouse" and data["games"] == 2
    text = invoke(*args, "--rules", rules)
    assert text.exit_code == 0 and "myhouse rules" in text.stdout and "base 20" in text.stdout


# ----- saved sessions and recorded deals keep the whole profile ---------------------------


def _house_match(deals: int = 3) -> Match:
    return Match(
        MatchConfig(first_code=code_from_number(4242), deals=deals, level="random", rules=HOUSE)
    )


def test_r31_a_saved_house_session_resumes_after_the_file_is_gone(
    home: Path, started: list[DouDizhuApp]
) -> None:
    """The save keeps every option of the profile, not just its name."""
    path = house_file(home / "rules")
    match = play(_house_match(), random.Random(3), 12)
    assert SaveSlot().save(match, "s1")
    path.unlink()
    loaded = SaveSlot().load()
    assert loaded.ok and loaded.match is not None
    assert loaded.match.config.rules == HOUSE
    assert loaded.match.game.actions == match.game.actions
    result = invoke("play", "--resume")
    assert result.exit_code == 0, result.output
    (app,) = started
    assert app.match.config.rules == HOUSE and app.match.game.actions == match.game.actions


def test_r31_a_recorded_house_deal_is_shown_after_the_file_is_gone(
    home: Path, started: list[DouDizhuApp]
) -> None:
    """The history keeps every option of the profile: the deal is watched as played;
    a replay of its code needs the profile, and says so plainly."""
    path = house_file(home / "rules")
    match = _house_match()
    db = HistoryDB()
    attach_history(match, db, "s1")
    play_to_end(match, random.Random(5))
    path.unlink()
    rows = HistoryDB().recent(10)
    assert rows and all(row.rule_profile() == HOUSE for row in rows)
    code = str(rows[0].table_code)
    assert ":myhouse:random" in code
    shown = invoke("history", "show", code, "--all")
    assert shown.exit_code == 0, shown.output
    listed = json.loads(invoke("history", "--json").stdout)
    assert [deal["code"] for deal in listed][-1].endswith(":myhouse:random")
    line = error_line(invoke("replay", code))
    assert "which this installation does not have; put myhouse.toml in" in line
    house_file(home / "rules")
    assert invoke("replay", code).exit_code == 0


# ----- doudizhu rules --------------------------------------------------------------------


def test_r31_rules_with_a_profile_prints_the_book_then_the_profile_in_force(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "300")  # the file's path on one line
    house_file(home / "rules")
    result = invoke("rules", "--rules", "myhouse")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.index("R1") < out.index("The rules in force: myhouse")
    after = out[out.index("The rules in force: myhouse") :]
    assert "2 options differ from the classic rules: kitty, base" in " ".join(after.split())
    assert 'kitty = "hidden" (classic: "shown")' in after
    assert "base = 20 (classic: 10)" in after
    assert 'first_bidder = "marked-card", as classic' in after
    assert str(home / "rules" / "myhouse.toml") in " ".join(after.split())


def test_r31_rules_with_a_shipped_profile_or_a_path(tmp_path: Path) -> None:
    older = invoke("rules", "--rules", "older").stdout
    assert "The rules in force: older" in older and 'kitty = "hidden"' in older
    classic = invoke("rules", "--rules", "classic").stdout
    assert "Every option is as in the classic rules." in classic
    path = house_file(tmp_path / "x")
    assert "The rules in force: myhouse" in invoke("rules", "--rules", str(path)).stdout
    assert "The rules in force" not in invoke("rules").stdout


def test_r31_rules_list_shows_the_games_profiles_and_the_players(home: Path) -> None:
    house_file(home / "rules")
    house_file(home / "rules", "base = 0\n", "broken.toml")
    house_file(home / "rules", "base = 3\n", "My Rules.toml")
    house_file(home / "rules", "base = 3\n", "classic.toml")
    result = invoke("rules", "--list")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Rule profiles (play one with --rules NAME):"
    rows = [line for line in lines[1:] if line.startswith("  ")]
    table = {line.split()[0]: line for line in reversed(rows)}  # the game's classic wins
    assert "the game's" in table["classic"] and "every option as classic" in table["classic"]
    assert "differs from classic in first_bidder, kitty" in table["older"]
    assert "yours" in table["myhouse"] and "differs from classic in kitty, base" in table["myhouse"]
    assert "cannot be used" in table["broken"] and "base must be" in table["broken"]
    assert "cannot be a profile's name" in table["My"]
    mine = [line for line in lines if line.startswith("  classic") and "yours" in line]
    assert mine and "a profile that comes with the game has this name" in mine[0]
    assert f"Yours are the NAME.toml files in {home / 'rules'}." in lines


def test_r31_rules_list_with_no_profiles_of_ones_own(home: Path) -> None:
    out = invoke("rules", "--list").stdout
    assert f"You have none yet: put NAME.toml files in {home / 'rules'}." in out
    assert "Traceback" not in out


def test_rules_list_and_rules_together_are_refused() -> None:
    assert error_line(invoke("rules", "--list", "--rules", "older")) == (
        "give --list or --rules, not both"
    )


def test_r31_a_missing_file_named_like_a_profile_hints_at_the_name(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--rules older.toml`` with no such file: the profile is meant, and that is said."""
    monkeypatch.chdir(tmp_path)
    line = error_line(invoke("rules", "--rules", "older.toml"))
    assert line == (
        "rule profile file older.toml does not exist; for the 'older' profile, write --rules older"
    )
    house_file(home / "rules")
    assert error_line(invoke("rules", "--rules", "myhouse.toml")).endswith("--rules myhouse")
    assert error_line(invoke("rules", "--rules", "other.toml")) == (
        "rule profile file other.toml does not exist"
    )
