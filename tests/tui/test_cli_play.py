"""`doudizhu`, `doudizhu play` and `doudizhu replay CODE`: options checked before any screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from doudizhu_tui import cli
from doudizhu_tui.tui.app import DEFAULT_PACE, DouDizhuApp

from .helpers import BOMB_CODE


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test here has its own data folder (no saved session of anyone else's)."""
    monkeypatch.setenv("DOUDIZHU_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--deals", "5"], "'5' is not one of '3', '6', '12'"),
        (["play", "--level", "expert"], "unknown level 'expert'"),
        (["play", "--rules", "nope"], "unknown rule profile 'nope'"),
        (["play", "--code", "ABC"], "a deal code has 10 characters"),
        (["play", "--code", "32222-222CZ"], "is mistyped"),
        (["play", "--pace", "-1"], "--pace is seconds per computer move, 0 to 10, not '-1'"),
        (["play", "--pace", "nan"], "--pace is seconds per computer move, 0 to 10, not 'nan'"),
        (["play", "--pace", "inf"], "not 'inf'"),
        (["play", "--pace", "1e400"], "not '1e400'"),
        (["play", "--pace", "10.5"], "not '10.5'"),
        (["play", "--pace", ""], "not ''"),
        (["replay", "3226B-Q524C", "--pace", "-inf"], "not '-inf'"),
        (["play", "--rules", ""], "--rules is empty"),
        (["play", "--rules", " "], "--rules is empty"),
        (["play", "--level", ""], "--level is empty"),
        (["replay", "3226B-Q524C", "--level", "  "], "--level is empty"),
        (["play", "--rules", "x" * 5000], "unknown rule profile 'xxx"),
        (["play", "--level", "x\n" * 2000], "unknown level 'x x x"),
        (["play", "--colour"], "No such option"),
        (["replay"], "Missing argument 'CODE'"),
        (["replay", "3O222-222CY"], "'O' does not appear in deal codes"),
    ],
)
def test_bad_options_exit_2_with_one_line(
    started: list[DouDizhuApp], args: list[str], message: str
) -> None:
    result = CliRunner().invoke(cli.main, args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("doudizhu: error: ")
    assert len(result.stderr) < 200
    assert not started


def test_play_starts_a_session_with_the_options(started: list[DouDizhuApp]) -> None:
    args = ["play", "--deals", "3", "--level", "random", "--code", BOMB_CODE, "--pace", "0"]
    result = CliRunner().invoke(cli.main, args)
    assert result.exit_code == 0, result.output
    (app,) = started
    config = app.match.config
    assert (str(config.first_code), config.deals, config.level) == (BOMB_CODE, 3, "random")
    assert config.scored and config.rules.name == "classic"
    assert app.pace == 0


def test_no_command_plays_the_default_session(started: list[DouDizhuApp]) -> None:
    result = CliRunner().invoke(cli.main, [])
    assert result.exit_code == 0, result.output
    (app,) = started
    config = app.match.config
    assert (config.deals, config.level, config.scored) == (6, "normal", True)
    assert app.pace == DEFAULT_PACE


def test_replay_is_one_unscored_deal(started: list[DouDizhuApp]) -> None:
    result = CliRunner().invoke(cli.main, ["replay", BOMB_CODE.lower(), "--ascii"])
    assert result.exit_code == 0, result.output
    (app,) = started
    assert str(app.match.config.first_code) == BOMB_CODE
    assert not app.match.config.scored and app.match.session is None
    assert app.glyphs.ascii
