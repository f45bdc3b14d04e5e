"""`doudizhu`, `doudizhu play` and `doudizhu replay CODE`: options checked before any screen."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

from doudizhu_tui import cli
from doudizhu_tui.tui.app import DEFAULT_PACE, DouDizhuApp

from .helpers import BOMB_CODE


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[DouDizhuApp]:
    """The apps the command would have run (the app itself is not started)."""
    apps: list[DouDizhuApp] = []

    def run(self: DouDizhuApp, *args: Any, **kwargs: Any) -> None:
        apps.append(self)

    monkeypatch.setattr(DouDizhuApp, "run", run)
    return apps


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--deals", "5"], "'5' is not one of '3', '6', '12'"),
        (["play", "--level", "expert"], "unknown level 'expert'"),
        (["play", "--rules", "nope"], "unknown rule profile 'nope'"),
        (["play", "--code", "ABC"], "a deal code has 10 characters"),
        (["play", "--code", "32222-222CZ"], "is mistyped"),
        (["play", "--pace", "-1"], "--pace"),
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
