"""A code alone replays the whole table: `doudizhu replay CODE` and `play --code CODE`.

The code carries the rules and the computers' level (and a rotated opener);
explicit options that disagree are refused (rules) or announced (level).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from doudizhu_tui import cli
from doudizhu_tui.core import Game, Seat, parse_code, parse_table_code
from doudizhu_tui.core.seats import next_seat
from doudizhu_tui.tui.app import DouDizhuApp

DEAL = "3226B-Q524C"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DOUDIZHU_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _invoke(args: list[str]) -> Any:
    return CliRunner().invoke(cli.main, args)


def test_r7_a_replay_code_brings_its_rules_and_level(started: list[DouDizhuApp]) -> None:
    result = _invoke(["replay", f"{DEAL}:older:easy", "--pace", "0"])
    assert result.exit_code == 0, result.output
    (app,) = started
    config = app.match.config
    assert config.rules.name == "older" and config.rules.kitty == "hidden"
    assert config.level == "easy" and not config.scored
    app.match.start_deal()
    assert str(app.match.code) == f"{DEAL}:older:easy"


def test_r7_a_bare_code_is_classic_against_normal(started: list[DouDizhuApp]) -> None:
    result = _invoke(["replay", DEAL.lower().replace("-", ""), "--pace", "0"])
    assert result.exit_code == 0, result.output
    config = started[0].match.config
    assert (config.rules.name, config.level) == ("classic", "normal")
    started[0].match.start_deal()
    assert str(started[0].match.code) == DEAL


def test_r7_play_with_a_code_starts_a_session_under_the_codes_table(
    started: list[DouDizhuApp],
) -> None:
    result = _invoke(["play", "--code", f"{DEAL}:older:hard", "--deals", "3", "--new"])
    assert result.exit_code == 0, result.output
    config = started[0].match.config
    assert (config.rules.name, config.level, config.scored) == ("older", "hard", True)


def test_r7_a_rotated_opener_comes_back(started: list[DouDizhuApp]) -> None:
    natural = Game(parse_code(DEAL)).first_bidder
    other = next_seat(natural, 3)
    code = f"{DEAL}:older:easy:{other.label.lower()}"
    result = _invoke(["replay", code, "--pace", "0"])
    assert result.exit_code == 0, result.output
    match = started[0].match
    assert match.start_deal().first_bidder == other
    assert parse_table_code(str(match.code)).opener == other
    assert isinstance(other, Seat)


def test_r7_other_rules_than_the_codes_are_refused(started: list[DouDizhuApp]) -> None:
    result = _invoke(["replay", f"{DEAL}:older:easy", "--rules", "classic"])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert "played under the 'older' rules" in result.stderr
    assert not started


def test_r7_the_same_rules_as_the_codes_are_accepted(started: list[DouDizhuApp]) -> None:
    result = _invoke(["replay", f"{DEAL}:older:easy", "--rules", "older", "--pace", "0"])
    assert result.exit_code == 0, result.output


def test_r7_another_level_than_the_codes_is_announced_and_taken(
    started: list[DouDizhuApp],
) -> None:
    result = _invoke(["replay", f"{DEAL}:older:easy", "--level", "HARD", "--pace", "0"])
    assert result.exit_code == 0, result.output
    assert started[0].match.config.level == "hard"
    line = result.stderr.strip()
    assert line.count("\n") == 0 and "played against easy computers" in line
    assert "hard" in line


def test_r7_a_code_under_rules_this_installation_lacks_says_so(
    started: list[DouDizhuApp],
) -> None:
    result = _invoke(["replay", f"{DEAL}:grandmas-house:easy"])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert "'grandmas-house' rules, which this installation does not have" in result.stderr
    assert not started


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "--code", ""], "the deal code is empty"),
        (["play", "--code", "   "], "the deal code is empty"),
        (["replay", ""], "the deal code is empty"),
        (["replay", f"{DEAL}:older"], "no level"),
        (["replay", f"{DEAL}:older:expert"], "unknown level 'expert'"),
        (["replay", f"{DEAL}:older:easy:north"], "not a seat"),
        (["replay", DEAL + "\n" * 3 + "x" * 5000], "deal code"),
    ],
)
def test_r7_bad_codes_exit_2_with_one_short_line(
    started: list[DouDizhuApp], args: list[str], words: str
) -> None:
    result = _invoke(args)
    assert result.exit_code == 2, result.output
    assert words in result.stderr
    assert result.stderr.count("\n") == 1 and len(result.stderr) < 200
    assert not started


# ----- four players (issue #11) ----------------------------------------------------------


def _four_session_games(level: str) -> tuple[Any, list[Game]]:
    """A four-player session against ``level`` with seeded moves of the person, played
    until two deals have ended."""
    import random

    from doudizhu_tui.core import parse_profile
    from doudizhu_tui.match import Match, MatchConfig
    from doudizhu_tui.rulebook import profile_text

    four = parse_profile(profile_text("four"))
    match = Match(MatchConfig(first_code=parse_code(DEAL), deals=3, level=level, rules=four))
    rng = random.Random(4)
    ended: list[Game] = []
    match.start_deal()
    while len(ended) < 2:
        if match.game.over:
            ended.append(match.game)
            if match.after_deal() == "result" and len(ended) < 2:
                match.next_deal()
            continue
        if match.human_to_act:
            match.submit(rng.choice(match.game.legal_actions()))
        else:
            match.apply_decision(match.decide())
    return match, ended


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_r7_a_four_code_replays_the_same_deal_and_decisions(
    started: list[DouDizhuApp], level: str
) -> None:
    match, ended = _four_session_games(level)
    for game in ended:
        code = match.code_of(game)
        assert code.profile == "four" and code.level == level
        started.clear()
        result = _invoke(["replay", str(code), "--pace", "0"])
        assert result.exit_code == 0, result.output
        again = started[0].match
        assert again.config.rules.players == 4 and not again.config.scored
        replayed = again.start_deal()
        assert [list(h) for h in replayed.hands] == [list(h) for h in game.deal.hands]
        assert replayed.first_bidder == game.first_bidder
        for action in game.actions:
            if again.human_to_act:
                again.submit(action)
            else:
                assert again.decide() == action  # the computers decide as they did
                again.apply_decision(action)
        assert replayed.log == game.log
        assert str(again.code) == str(code)


@pytest.mark.parametrize("args", [["replay"], ["play", "--new", "--code"]])
@pytest.mark.parametrize("profile", ["classic", "older"])
def test_r7_an_across_opener_under_a_three_player_profile_exits_2(
    started: list[DouDizhuApp], args: list[str], profile: str
) -> None:
    result = _invoke([*args, f"{DEAL}:{profile}:easy:across"])
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output
    assert "across" in result.stderr and f"'{profile}' table has only you, right, left" in (
        result.stderr
    )
    assert not started


def test_r7_an_across_opener_under_four_is_taken(started: list[DouDizhuApp]) -> None:
    result = _invoke(["replay", f"{DEAL}:four:easy:across", "--pace", "0"])
    assert result.exit_code == 0, result.output
    match = started[0].match
    assert match.start_deal().first_bidder == Seat.ACROSS
    assert len(match.game.hands) == 4
