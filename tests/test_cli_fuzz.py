"""Every command and option of ``doudizhu`` driven with odd values (issue #9).

Hypothesis builds command lines from the commands' own option lists (so a new option
is fuzzed as soon as it exists) with values that are empty, huge, negative, NaN,
unicode, multi-line, very long, bad codes, bad controller specs, bad rule names and
paths.  Whatever comes in, the command must answer without a traceback, exit with 0,
1 or 2, and print at most one error line (exactly one, alone, for a usage error).

The app is never started (its ``run`` is replaced), the arena plays one quick deal
whatever it is asked, and the data folder is a temporary one holding a few deals.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doudizhu_tui.arena import run_arena
from doudizhu_tui.cli import COMMANDS, main
from doudizhu_tui.cli.errors import MAX_MESSAGE
from doudizhu_tui.store import HistoryDB, attach_history
from doudizhu_tui.tui.app import DouDizhuApp

from .store.helpers import new_match, play_to_end

ERROR = "doudizhu: error: "

#: Values that have broken command lines before, or might.
ODD_VALUES = [
    # empty and blank
    "",
    " ",
    "\t",
    "\n",
    "\r\n",
    # numbers: in range, at the edges, out of range, past SQLite and past any machine
    "0",
    "1",
    "2",
    "3",
    "6",
    "12",
    "+5",
    "-1",
    "10",
    "64",
    "65",
    "10000",
    "10001",
    "100000",
    "100001",
    "1_000",
    "0x10",
    str(2**63 - 1),
    str(2**63),
    str(-(2**63) - 1),
    "1" + "0" * 30,
    "9" * 5000,
    "-" + "9" * 5000,
    "٣",
    # floats that are not numbers of seconds
    "0.5",
    "1e-9",
    "10.0001",
    "nan",
    "NaN",
    "inf",
    "-inf",
    "1e400",
    "-0.0",
    # text that is not text one line can show
    "a\nb",
    "\x00",
    "\x1b[2J\x1b[H",
    "\u2028",
    "\u202e3226B-Q524C",
    "é",
    "ünïcødé ✓",
    "🂡🂢",
    "x" * 5000,
    "x\n" * 2000,
    # deal and table codes, good and bad
    "3226B-Q524C",
    "3226b q524c",
    "3226BQ524C",
    "3226B-Q524D",
    "3O222-222CY",
    "3226B-Q524C:older:easy",
    "3226B-Q524C:older:easy:left",
    "3226B-Q524C:older:easy:north",
    "3226B-Q524C:older",
    "3226B-Q524C::",
    "3226B-Q524C:nope:easy",
    "3226B-Q524C:classic:expert",
    "3226B-Q524C:classic:tests.outside_bot/FirstLegal",
    "3226B-Q524C:classic:tests.outside_bot/not_a_controller",
    "3226B-Q524C:classic:/x",
    "3226B-Q524C:" * 50,
    "3226B-Q524C\n" + "x" * 3000,
    "#1",
    "#0",
    "#-1",
    "#99999999999999999999",
    "1",
    # levels and controller specs
    "easy",
    "HARD",
    " normal ",
    "random",
    "expert",
    ":x",
    ":",
    ".x:y",
    "..tests.outside_bot:FirstLegal",
    "tests.outside_bot:",
    "tests.outside_bot:FirstLegal",
    "tests.outside_bot/FirstLegal",
    "tests.outside_bot:AlwaysPass",
    "tests.outside_bot:not_a_controller",
    "tests.outside_bot:NOT_CALLABLE",
    "tests.outside_bot:missing",
    "tests.broken_bot:Repeater",
    "no_such_module_ddz:f",
    "no_such_module_ddz:f:g",
    # rule profile names and paths
    "classic",
    "older",
    "CLASSIC",
    "nope",
    "classic.toml",
    "rules/classic.toml",
    "../classic",
    "/etc/passwd",
    "/",
    "/tmp",
    ".",
    "..",
    "~",
    "C:\\Windows",
    # house-rule files (issue 10): in the data folder's rules/ and elsewhere, good and bad
    # (HOME_MARK stands for the data folder of the test)
    "myhouse",
    "broken",
    "named-wrong",
    "3226B-Q524C:myhouse:easy",
    "3226B-Q524C:mine:easy",
    "3226B-Q524C:gone:easy",
    "3226B-Q524C:broken:easy",
    "HOME/rules/myhouse.toml",
    "HOME/house/good.toml",
    "HOME/house/myhouse.toml",
    "HOME/house/bad-key.toml",
    "HOME/house/latin1.toml",
    "HOME/house/older.toml",
    "HOME/house/Bad Name.toml",
    "HOME/house/huge.toml",
    "HOME/house/missing.toml",
    "HOME/house",
    "HOME/house/good.toml/x.toml",
    "nothere/x.toml",
    "x.toml",
    # things that look like options
    "-",
    "--",
    "--help",
    "--json",
    "-x",
]


def _without_imports(text: str) -> str:
    """Random text never names a module to import (only the listed specs do)."""
    return text.replace(":", "_").replace("/", "_")


VALUES = st.one_of(
    st.sampled_from(ODD_VALUES),
    st.text(max_size=30).map(_without_imports),
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)


def _commands() -> dict[tuple[str, ...], click.Command]:
    """Every command by its path (``("history", "show")`` included)."""
    ctx = click.Context(main)
    found: dict[tuple[str, ...], click.Command] = {(): main}
    for name in COMMANDS:
        command = main.get_command(ctx, name)
        assert command is not None
        found[(name,)] = command
        if isinstance(command, click.Group):
            for sub in command.commands.values():
                assert sub.name is not None
                found[(name, sub.name)] = sub
    return found


COMMAND_PATHS = _commands()


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A command, some of its options (each with an odd value) and its arguments."""
    path = draw(st.sampled_from(sorted(COMMAND_PATHS)))
    command = COMMAND_PATHS[path]
    args = list(path)
    options = [p for p in command.params if isinstance(p, click.Option)]
    chosen = draw(st.lists(st.sampled_from(options), max_size=4)) if options else []
    for option in chosen:
        args.append(draw(st.sampled_from(option.opts + option.secondary_opts)))
        if not option.is_flag:
            args.append(draw(VALUES))
    for param in command.params:
        if isinstance(param, click.Argument) and draw(st.integers(0, 9)) > 0:
            args.append(draw(VALUES))
    if draw(st.integers(0, 9)) == 0:  # something extra: a stray word or option
        args.insert(draw(st.integers(0, len(args))), draw(VALUES))
    return args


#: A command line that works for each command, to which one odd value is then given.
GOOD = {
    (): [],
    ("arena",): ["--a", "random", "--b", "random", "--deals", "1"],
    ("history",): [],
    ("history", "show"): ["1"],
    ("play",): ["--pace", "0"],
    ("replay",): ["3226B-Q524C"],
    ("rules",): [],
    ("stats",): [],
}


@st.composite
def one_odd_value(draw: st.DrawFn) -> list[str]:
    """A command line that works but for one option or argument, given an odd value."""
    path = draw(st.sampled_from(sorted(COMMAND_PATHS)))
    command = COMMAND_PATHS[path]
    good = list(GOOD[path])
    params = [p for p in command.params if not (isinstance(p, click.Option) and p.is_flag)]
    if not params:
        return [*path, *good, draw(VALUES)]
    param = draw(st.sampled_from(params))
    value = draw(VALUES)
    if isinstance(param, click.Argument):  # the commands have one argument at most
        return [*path, value, *good[1:]]
    opt = draw(st.sampled_from(param.opts))
    return [*path, *good, opt, value]  # the last of a repeated option counts


#: Where the values above write ``HOME``: the data folder of the test (set by ``home``).
HOME_MARK = "HOME/"
_HOME: list[Path] = []


def check(args: list[str]) -> None:
    """Run ``doudizhu args``: no traceback, exit 0/1/2, at most one error line."""
    if _HOME:
        args = [a.replace(HOME_MARK, f"{_HOME[-1]}/") for a in args]
    result = CliRunner().invoke(main, args, input="q")
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args,
        result.exc_info,
    )
    assert result.exit_code in (0, 1, 2), (args, result.output)
    assert "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith(ERROR)]
    assert len(errors) <= 1, (args, result.stderr)
    for line in errors:
        assert len(line) <= len(ERROR) + MAX_MESSAGE
    if result.exit_code == 2:  # a usage error: its line, alone
        assert len(errors) == 1 and result.stderr == errors[0] + "\n", (args, result.stderr)
    if result.exit_code != 0:
        assert errors, (args, result.stderr)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A data folder with a few deals in it, a quick arena, and an app that never runs."""
    folder = tmp_path_factory.mktemp("fuzz") / "home"
    started: list[DouDizhuApp] = []

    def run(self: DouDizhuApp, *args: Any, **kwargs: Any) -> None:
        started.append(self)

    def quick_arena(
        a: str,
        b: str,
        deals: int,
        seed: Any,
        no_auction: bool,
        jobs: int,
        progress_callback: Any = None,
        *,
        rules: Any,
    ) -> Any:
        quick = {"hard": "normal"}  # the hard level takes a second a deal
        a, b = quick.get(a, a), quick.get(b, b)
        return run_arena(a, b, 1, seed, no_auction, 1, progress_callback, rules=rules)

    rules, house = folder / "rules", folder / "house"
    for name, content in {
        rules / "myhouse.toml": b'kitty = "hidden"\nbase = 20\n',
        rules / "broken.toml": b"base = 0\n",
        rules / "named-wrong.toml": b'name = "other"\n',
        house / "good.toml": b'name = "mine"\nbase = 5\n',
        house / "myhouse.toml": b"base = 30\n",  # differs from rules/myhouse.toml
        house / "bad-key.toml": b"jokers = 4\n",
        house / "latin1.toml": b'name = "caf\xe9"\n',
        house / "older.toml": b"base = 7\n",  # a shipped name, other options
        house / "Bad Name.toml": b"base = 7\n",
        house / "huge.toml": b"#" * 100_000,
    }.items():
        name.parent.mkdir(parents=True, exist_ok=True)
        name.write_bytes(content)
    _HOME.append(folder)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DOUDIZHU_HOME", str(folder))
        mp.setattr(DouDizhuApp, "run", run)
        mp.setattr("doudizhu_tui.cli.arena.run_arena", quick_arena)
        match = new_match(3, code=7)
        attach_history(match, HistoryDB(), "fuzz")
        play_to_end(match, random.Random(7))
        yield folder
    _HOME.remove(folder)


@settings(
    max_examples=300,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(args=command_lines())
def test_any_command_line_gets_an_answer_not_a_traceback(home: Path, args: list[str]) -> None:
    check(args)


@settings(
    max_examples=300,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(args=one_odd_value())
def test_one_odd_value_in_a_good_command_line(home: Path, args: list[str]) -> None:
    check(args)


def test_every_command_is_fuzzed(home: Path) -> None:
    assert set(COMMAND_PATHS) == {(), *((name,) for name in COMMANDS), ("history", "show")}
    assert set(GOOD) == set(COMMAND_PATHS)
    for path, args in GOOD.items():
        result = CliRunner().invoke(main, [*path, *args], input="q")
        assert result.exit_code == 0, (path, result.output)


@pytest.mark.parametrize("path", sorted(COMMAND_PATHS), ids=lambda p: " ".join(p) or "doudizhu")
def test_help_of_every_command(path: tuple[str, ...]) -> None:
    result = CliRunner().invoke(main, [*path, "--help"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Usage: ")
    assert result.stderr == ""


@pytest.mark.parametrize("where", ["a file", "inside a file", "empty"])
@pytest.mark.parametrize("path", sorted(GOOD), ids=lambda p: " ".join(p) or "doudizhu")
def test_every_command_with_an_odd_data_folder(
    home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    path: tuple[str, ...],
    where: str,
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("not a folder", encoding="utf-8")
    folder = {"a file": str(afile), "inside a file": str(afile / "home"), "empty": ""}[where]
    monkeypatch.setenv("DOUDIZHU_HOME", folder)
    if where == "empty":  # the platform's folder: keep it out of the test
        monkeypatch.setattr(
            "doudizhu_tui.store.paths.platformdirs.user_data_dir", lambda *a, **k: str(afile)
        )
    check([*path, *GOOD[path]])


HOUSE_VALUES = [v for v in ODD_VALUES if HOME_MARK in v or v.endswith(".toml")]
HOUSE_VALUES += ["myhouse", "broken", "named-wrong", "mine", "gone"]
RULES_COMMANDS = {
    "play": ["play", "--pace", "0", "--rules"],
    "replay": ["replay", "3226B-Q524C:myhouse:easy", "--rules"],
    "arena": ["arena", "--a", "random", "--b", "random", "--deals", "1", "--rules"],
    "rules": ["rules", "--rules"],
    "stats": ["stats", "--rules"],
}


@pytest.mark.parametrize("command", sorted(RULES_COMMANDS))
@pytest.mark.parametrize("value", HOUSE_VALUES)
def test_every_house_rules_value_in_every_command_that_takes_rules(
    home: Path, command: str, value: str
) -> None:
    """Each house-rule file and name of the list, with every command that takes --rules
    (issue 10): an answer, never a traceback; the good ones are played."""
    check([*RULES_COMMANDS[command], value])
    good = value in ("myhouse", "HOME/rules/myhouse.toml")
    if command in ("play", "arena", "rules", "stats") and (good or value == "HOME/house/good.toml"):
        args = [a.replace(HOME_MARK, f"{home}/") for a in [*RULES_COMMANDS[command], value]]
        result = CliRunner().invoke(main, args, input="q")
        assert result.exit_code == 0, (args, result.output)
