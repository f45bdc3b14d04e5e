"""The command line's skeleton: --version, rules, and unknown commands."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from doudizhu_tui import __version__
from doudizhu_tui.cli import main


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
