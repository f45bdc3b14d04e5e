"""``doudizhu stats``, ``doudizhu history`` and ``doudizhu history show`` through click's runner."""

from __future__ import annotations

import io
import json
import random
import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from doudizhu_tui.cli import main
from doudizhu_tui.cli.watch import frames, split_keys, step_through
from doudizhu_tui.core import Seat, format_cards
from doudizhu_tui.store import HISTORY_NAME, DealRow, HistoryDB, attach_history

from .helpers import new_match, play_to_end


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.fixture
def deals() -> list[DealRow]:
    """Two sessions recorded as the app records them: levels random and (by name) hard."""
    db = HistoryDB()
    for number, level in ((11, "random"), (12, "hard")):
        match = new_match(3, code=number)
        recorder = attach_history(match, db, f"session-{number}")
        play_to_end(match, random.Random(number))
        assert recorder.recorded == 3
        if level == "hard":  # the level name is all that the figures use
            with sqlite3.connect(db.path) as conn:
                conn.execute("UPDATE deals SET level = 'hard' WHERE session_id = 'session-12'")
    return db.recent(10)


def test_stats_with_no_history() -> None:
    result = run("stats")
    assert result.exit_code == 0, result.output
    assert "no deals recorded yet" in result.output
    result = run("stats", "--json")
    assert result.exit_code == 0
    assert json.loads(result.output) == {"deals": 0, "rows": []}


def test_stats_table(deals: list[DealRow]) -> None:
    result = run("stats")
    assert result.exit_code == 0, result.output
    for word in ("Level", "Role", "Win %", "Avg pts", "Best", "Worst", "Bombs", "Springs"):
        assert word in result.output
    assert "random" in result.output and "hard" in result.output
    assert "landlord" in result.output or "peasant" in result.output
    assert len(re.findall(r"\ball\b", result.output)) == 2


def test_stats_json_matches_the_database(deals: list[DealRow]) -> None:
    result = run("stats", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["deals"] == 6
    assert data["rows"] == [r.to_dict() for r in HistoryDB().stats()]
    by_level = {r["level"]: r for r in data["rows"] if r["role"] == "all"}
    for level in ("random", "hard"):
        mine = [d for d in deals if d.level == level]
        assert by_level[level]["deals"] == 3
        assert by_level[level]["total_points"] == sum(d.your_points for d in mine)
        assert by_level[level]["wins"] == sum(d.won for d in mine)


def test_stats_on_a_damaged_history_says_so(home: Path) -> None:
    home.mkdir()
    (home / HISTORY_NAME).write_bytes(b"junk" * 500)
    result = run("stats")
    assert result.exit_code == 1
    assert result.stderr.startswith("doudizhu: error: history cannot be read")
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


def test_history_with_no_deals() -> None:
    result = run("history")
    assert result.exit_code == 0
    assert "no deals recorded yet" in result.output
    assert json.loads(run("history", "--json").output) == []


def test_history_lists_recent_deals_with_codes_and_results(deals: list[DealRow]) -> None:
    result = run("history")
    assert result.exit_code == 0, result.output
    for deal in deals:
        assert deal.code in result.output
        assert f"{deal.your_points:+d}" in result.output
    assert "won" in result.output or "lost" in result.output
    result = run("history", "--limit", "2")
    shown = {d.code for d in deals[:2]}
    assert all(code in result.output for code in shown)
    assert not any(d.code in result.output for d in deals[2:] if d.code not in shown)


def test_history_json(deals: list[DealRow]) -> None:
    result = run("history", "--json", "--limit", "4")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [d["code"] for d in data] == [str(d.table_code) for d in deals[:4]]
    assert [d["deal_code"] for d in data] == [d.code for d in deals[:4]]
    assert data[0]["points"] == deals[0].your_points
    assert set(data[0]) >= {"code", "played_at", "level", "role", "won", "points"}


def test_history_limit_must_be_positive() -> None:
    assert run("history", "--limit", "0").exit_code == 2


def test_show_all_prints_every_step_with_every_hand(deals: list[DealRow]) -> None:
    deal = deals[0]
    game = deal.rebuild()
    result = run("history", "show", deal.code, "--all")
    assert result.exit_code == 0, result.output
    steps = len(game.actions)
    for n in range(steps + 1):
        assert f"step {n} of {steps}" in result.output
    for hand in game.deal.hands:  # the hands as dealt, on step 0
        assert format_cards(hand) in result.output
    assert "Settlement:" in result.output
    assert f"You {deal.your_points:+d}" in result.output


def test_show_accepts_a_typed_code_and_a_number(deals: list[DealRow]) -> None:
    deal = deals[1]
    typed = deal.code.replace("-", "").lower()
    by_code = run("history", "show", typed, "--all")
    by_number = run("history", "show", str(deal.id), "--all")
    assert by_code.exit_code == by_number.exit_code == 0
    assert by_code.output == by_number.output
    assert f"Deal {deal.code}" in by_code.output


def test_show_json(deals: list[DealRow]) -> None:
    result = run("history", "show", deals[0].code, "--json")
    data = json.loads(result.output)
    assert data["code"] == str(deals[0].table_code)
    assert data["deal_code"] == deals[0].code
    assert data["plays"] == list(deals[0].plays)
    assert len(data["actions"]) == len(deals[0].actions_data)


def steps_shown(output: str) -> list[int]:
    return [int(n) for n in re.findall(r"step (\d+) of \d+", output)]


def test_the_stepper_goes_forward_back_to_the_end_and_quits(deals: list[DealRow]) -> None:
    deal = deals[0]
    last = len(deal.actions_data)
    result = run("history", "show", deal.code, stdin="nnbebs q")
    assert result.exit_code == 0, result.output
    assert steps_shown(result.output) == [0, 1, 2, 1, last, last - 1, 0, 1]
    assert "q quit" in result.output


def test_the_stepper_stops_at_both_ends(deals: list[DealRow]) -> None:
    deal = deals[0]
    last = len(deal.actions_data)
    result = run("history", "show", deal.code, stdin="bbeeq")
    assert steps_shown(result.output) == [0, 0, 0, last, last]


def test_the_stepper_ends_with_its_input(deals: list[DealRow]) -> None:
    result = run("history", "show", deals[0].code, stdin="n")
    assert result.exit_code == 0
    assert steps_shown(result.output) == [0, 1]


def test_show_an_unknown_or_mistyped_code(deals: list[DealRow]) -> None:
    unknown = run("history", "show", "32222-2227H")
    if any(d.code == "32222-2227H" for d in deals):
        pytest.skip("the code happens to be recorded")
    assert unknown.exit_code == 1
    assert (
        unknown.stderr == "doudizhu: error: no recorded deal '32222-2227H' (see doudizhu history)\n"
    )
    mistyped = run("history", "show", "ABCDE-FGHJK")
    assert mistyped.exit_code == 2
    assert "mistyped" in mistyped.output or "deal code" in mistyped.output
    assert run("history", "show", "999").exit_code == 1


def test_the_commands_are_listed_in_help() -> None:
    result = run("--help")
    assert "stats" in result.output and "history" in result.output
    assert "show" in run("history", "--help").output


def test_the_seat_shown_is_yours(deals: list[DealRow]) -> None:
    assert all(d.seat is Seat.YOU for d in deals)


def test_keys_typed_fast_arrive_together_and_all_count(deals: list[DealRow]) -> None:
    deal = deals[0]
    shown = frames(deal.deal_code, deal.actions(), deal.rule_profile(), deal.first_bidder)
    reads = iter(["n\x1b[C", "\x1b[C\x1b[D", "x", "\x1b[F", "q"])
    screen = io.StringIO()
    console = Console(file=screen, width=80)
    assert step_through(shown, console, lambda: next(reads)) == len(shown) - 1
    assert split_keys("n\x1b[Cq\x1bOD\x1b[4~") == ["n", "\x1b[C", "q", "\x1bOD", "\x1b[4~"]
    assert steps_shown(screen.getvalue()) == [0, 2, 2, 2, len(shown) - 1]
