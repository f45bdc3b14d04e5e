"""The command line's skeleton: --version, rules, unknown commands, commands loaded on demand."""

from __future__ import annotations

import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from doudizhu_tui import __version__
from doudizhu_tui.cli import COMMANDS, main


def test_version_option_prints_the_version() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert __version__ in result.output


def test_rules_prints_the_rule_book() -> None:
    result = CliRunner().invoke(main, ["rules"])
    assert result.exit_code == 0, result.output
    assert "R1" in result.output
    assert "rocket" in result.output
    assert "Dou Dizhu" in result.output


def test_unknown_command_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["no-such-command"])
    assert result.exit_code == 2
    assert "No such command" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["--bogus"],
        ["nosuch"],
        ["stats", "--bogus"],
        ["history", "show"],
        ["arena", "--deals", "abc"],
        ["play", "--deals", "5"],
        ["replay", "3226B-Q524D"],
    ],
)
def test_every_usage_error_is_one_line_with_status_2(args: list[str]) -> None:
    """Bad input anywhere: exit status 2 and a single line that says what is wrong."""
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1
    assert lines[0].startswith("doudizhu: error: ")


def test_every_command_loads_from_its_module() -> None:
    ctx = click.Context(main)
    assert main.list_commands(ctx) == sorted(COMMANDS)
    for name in COMMANDS:
        command = main.get_command(ctx, name)
        assert isinstance(command, click.Command) and command.name == name
    assert main.get_command(ctx, "no-such-command") is None


def test_starting_a_game_loads_neither_the_arena_nor_the_history() -> None:
    code = (
        "import sys, click\n"
        "from doudizhu_tui.cli import main\n"
        "main.get_command(click.Context(main), 'play')\n"
        "print(sorted(m for m in sys.modules if m.startswith(('doudizhu_tui.arena',"
        " 'doudizhu_tui.cli.history', 'doudizhu_tui.store', 'textual'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"


def test_python_dash_m_runs_the_command_line() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "doudizhu_tui", "--version"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert out.stdout.strip() == f"doudizhu, version {__version__}"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["x" * 500], "No such command 'xxx"),
        (["play", "--" + "x" * 500], "No such option '--xxx"),
        (["stats", "x" * 5000], "Got unexpected extra argument (xxx"),
        (["play", "--deals", "x" * 5000], "is not one of '3', '6', '12'"),
        (["play", "--deals", "a\nb\x1b[2J"], "'a\\nb\\x1b[2J' is not one of"),
    ],
)
def test_click_usage_errors_show_what_was_typed_short_and_on_one_line(
    args: list[str], words: str
) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert words in line and line.startswith("doudizhu: error: ")
    assert len(line) < 150 and line.isprintable()


def test_rules_lines_carry_no_trailing_spaces() -> None:
    from click.testing import CliRunner

    from doudizhu_tui.cli import main

    result = CliRunner().invoke(main, ["rules", "--rules", "older"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) > 100
    assert not [line for line in lines if line.endswith(" ")]


@pytest.mark.parametrize(("name", "count"), [("laizi", 1), ("tiandi", 2)])
def test_rules_of_a_wild_table_fit_80_columns_and_name_the_wild_ranks(
    name: str, count: int
) -> None:
    """`doudizhu rules --rules laizi|tiandi`: the wild rules (R44-R47) and the profile
    in force, which names the wildcards option; every line fits 80 terminal columns
    (癞子 takes two each) and none ends in a space."""
    from rich.cells import cell_len

    result = CliRunner().invoke(main, ["rules", "--rules", name], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert not [line for line in lines if cell_len(line) > 80 or line.endswith(" ")]
    text = "\n".join(lines)
    assert "R44. The wild ranks." in text and "R47. Playing with wilds." in text
    in_force = text.split(f"The rules in force: {name}", 1)[1]
    assert "1 option differs from the classic rules: wildcards." in in_force
    assert f"(R44-R47): wildcards = {count} (classic: 0)" in in_force
