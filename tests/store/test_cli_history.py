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
from doudizhu_tui.core import BidAction, Game, Seat, code_from_number, format_cards
from doudizhu_tui.store import HISTORY_NAME, MAX_RECENT, DealRow, HistoryDB, attach_history

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
    # every deal is classic: one table, the profile named in its title
    assert result.output.startswith("Your deals under the classic rules, by level and role")
    assert result.output.count("Your deals") == 1


def test_stats_json_matches_the_database(deals: list[DealRow]) -> None:
    result = run("stats", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["deals"] == 6
    assert data["rows"] == [r.to_dict() for r in HistoryDB().stats()]
    assert {r["rules"] for r in data["rows"]} == {"classic"}
    by_level = {r["level"]: r for r in data["rows"] if r["role"] == "all"}
    for level in ("random", "hard"):
        mine = [d for d in deals if d.level == level]
        assert by_level[level]["deals"] == 3
        assert by_level[level]["total_points"] == sum(d.your_points for d in mine)
        assert by_level[level]["wins"] == sum(d.won for d in mine)


def test_stats_on_a_damaged_history_keeps_it_aside_and_says_so(home: Path) -> None:
    home.mkdir()
    (home / HISTORY_NAME).write_bytes(b"junk" * 500)
    result = run("stats")
    assert result.exit_code == 0, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith("doudizhu: The history could not be read: ")
    assert "kept as" in line and "a new history starts" in line
    assert "no deals recorded yet" in result.stdout
    assert "Traceback" not in result.output
    assert list(home.glob("history.damaged-*.sqlite3"))
    again = run("stats")  # the new history is empty and well
    assert (again.exit_code, again.stderr) == (0, "")


@pytest.mark.parametrize(
    "args",
    [
        ["stats"],
        ["stats", "--json"],
        ["history"],
        ["history", "--json"],
        ["history", "show", "1"],
        ["history", "show", "3226B-Q524C"],
    ],
)
def test_a_data_folder_that_is_a_file_is_named_not_an_empty_history(
    home: Path, args: list[str]
) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("not a folder", encoding="utf-8")
    result = run(*args)
    assert result.exit_code == 1
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("doudizhu: error: history cannot be read: DOUDIZHU_HOME (")
    assert line.endswith("is a file, not a folder")


def _damage(deal_id: int, column: str, sql_value: str) -> None:
    """Give a recorded deal a value of the wrong type, as a hand-edited file might."""
    with sqlite3.connect(HistoryDB().path) as conn:
        conn.execute(f"UPDATE deals SET {column} = {sql_value} WHERE id = ?", (deal_id,))


@pytest.mark.parametrize(
    "args", [["stats"], ["stats", "--json"], ["history"], ["history", "--json"]]
)
def test_a_damaged_deal_is_passed_over_and_named_on_stderr(
    deals: list[DealRow], args: list[str]
) -> None:
    _damage(2, "bombs", "'many'")
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        "doudizhu: 1 damaged deal was passed over: deal #2: bombs is 'many', not a whole number\n"
    )
    if "--json" in args:
        json.loads(result.stdout)  # stdout stays one JSON document


def test_showing_a_damaged_deal_says_what_is_wrong_with_it(deals: list[DealRow]) -> None:
    _damage(2, "scores", "'not json'")
    for ref in ("2", "#2"):
        result = run("history", "show", ref, "--all")
        assert result.exit_code == 1
        assert result.stderr == (
            f"doudizhu: error: deal '{ref}' is recorded but cannot be read: "
            "deal #2: scores is not valid JSON\n"
        )


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


@pytest.mark.parametrize(
    ("limit", "shown"),
    [
        ("0", "0"),
        ("-1", "-1"),
        ("10001", "10001"),
        (str(2**63), str(2**63)),
        ("9" * 40, "a number of 40 digits"),
        ("1e3", "'1e3'"),
        ("", "''"),
    ],
)
def test_history_limit_is_1_to_the_most_the_history_lists(limit: str, shown: str) -> None:
    result = run("history", "--limit", limit)
    assert result.exit_code == 2
    assert result.stderr == (
        f"doudizhu: error: --limit must be a whole number from 1 to {MAX_RECENT}, not {shown}\n"
    )


def test_history_limit_at_its_bounds(deals: list[DealRow]) -> None:
    assert run("history", "--limit", "1", "--json").exit_code == 0
    result = run("history", "--limit", str(MAX_RECENT), "--json")
    assert result.exit_code == 0
    assert len(json.loads(result.stdout)) == len(deals)


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


def test_show_says_pass_for_a_bid_of_nothing_as_the_table_does(deals: list[DealRow]) -> None:
    passed = next(d for d in deals if any(amount == 0 for _, amount in d.bids))
    result = run("history", "show", passed.code, "--all")
    assert result.exit_code == 0, result.output
    assert "no bid" not in result.output
    assert ": pass" in result.output


def test_history_shows_every_code_whole_at_80_columns() -> None:
    from doudizhu_tui.core import RuleProfile

    db = HistoryDB()
    long_name = "a-rather-long-house-rule-name"
    rules = RuleProfile(name=long_name)
    game = Game(code_from_number(31), rules)
    game.apply(BidAction(3))
    while not game.over:
        game.apply(game.legal_actions()[-1 if game.trick is None else 0])
    assert db.record_deal(game, "hard")
    row = db.recent(1)[0]
    result = CliRunner().invoke(main, ["history"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert str(row.table_code) in result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
