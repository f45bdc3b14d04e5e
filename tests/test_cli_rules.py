"""The command line's skeleton: --version, rules, and unknown commands."""

from __future__ import annotations

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
