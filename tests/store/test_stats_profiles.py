"""``doudizhu stats`` split by rule profile (issue 10): scores under different profiles
are not comparable, so each profile has figures of its own, classic first."""

from __future__ import annotations

import io
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from doudizhu_tui.cli import main
from doudizhu_tui.cli.history import stats_tables
from doudizhu_tui.core import RuleProfile, code_from_number
from doudizhu_tui.match import Match, MatchConfig
from doudizhu_tui.rulebook import house_profile, shipped_profile
from doudizhu_tui.store import DealRow, HistoryDB, StatsRow, attach_history
from doudizhu_tui.store.history import ProfileStatsRow

from .helpers import play_to_end

HOUSE = 'name = "my-house"\nbase = 5\n'


def run(*args: str, columns: int = 80) -> Result:
    return CliRunner().invoke(main, list(args), env={"COLUMNS": str(columns)})


def record(db: HistoryDB, profile: RuleProfile, number: int, level: str = "random") -> None:
    """A session of three deals under ``profile``, recorded as the app records it."""
    config = MatchConfig(
        first_code=code_from_number(number), deals=3, level="random", rules=profile
    )
    match = Match(config)
    recorder = attach_history(match, db, f"session-{number}")
    play_to_end(match, random.Random(number))
    assert recorder.recorded == 3
    if level != "random":  # the level's name is all that the figures use
        with sqlite3.connect(db.path) as conn:
            conn.execute(
                "UPDATE deals SET level = ? WHERE session_id = ?", (level, f"session-{number}")
            )


@pytest.fixture
def house_file(tmp_path: Path) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(HOUSE, encoding="utf-8")
    return path


@pytest.fixture
def deals(house_file: Path) -> list[DealRow]:
    """Deals under older, classic (two levels), a house-rule file and laizi, in that
    order, so that the order of the figures is not the order of recording."""
    db = HistoryDB()
    record(db, shipped_profile("older"), 21)
    record(db, shipped_profile("classic"), 22)
    record(db, house_profile(house_file), 23)
    record(db, shipped_profile("classic"), 24, level="easy")
    record(db, shipped_profile("laizi"), 25)
    rows = db.recent(100)
    assert len(rows) == 15
    return rows


def expected(deals: list[DealRow], rules: str, level: str, role: str) -> list[DealRow]:
    return [d for d in deals if d.rules == rules and d.level == level and role in ("all", d.role)]


# ----- the store -----------------------------------------------------------------------


def test_stats_group_by_profile_then_level_and_role(deals: list[DealRow]) -> None:
    rows = HistoryDB().stats()
    names = [r.rules for r in rows]
    assert list(dict.fromkeys(names)) == ["classic", "laizi", "my-house", "older"]
    assert names == sorted(names, key=lambda n: (n != "classic", n))  # each profile in a block
    keys = [(r.rules, r.level, r.role) for r in rows]
    assert len(keys) == len(set(keys))
    classic = [(r.level, r.role) for r in rows if r.rules == "classic"]
    assert [level for level, _ in classic] == sorted(level for level, _ in classic)
    assert [role for level, role in classic if level == "easy"][-1] == "all"
    for row in rows:
        mine = expected(deals, row.rules, row.level, row.role)
        assert row.deals == len(mine) > 0
        assert row.wins == sum(d.won for d in mine)
        assert row.total_points == sum(d.your_points for d in mine)
        assert row.best == max(d.your_points for d in mine)
        assert row.worst == min(d.your_points for d in mine)
        assert row.bombs == sum(d.bombs for d in mine)
        assert row.springs == sum(d.spring for d in mine)
    totals = {r.rules: 0 for r in rows}
    for row in rows:
        if row.role == "all":
            totals[row.rules] += row.deals
    assert totals == {"classic": 6, "laizi": 3, "my-house": 3, "older": 3}


def test_stats_of_one_profile(deals: list[DealRow]) -> None:
    db = HistoryDB()
    every = db.stats()
    for name in ("classic", "laizi", "my-house", "older"):
        assert db.stats(name) == [r for r in every if r.rules == name]
    assert db.stats("nope") == [] and db.available and db.skipped == ()


def test_the_profile_leads_each_json_row(deals: list[DealRow]) -> None:
    row = HistoryDB().stats("older")[0]
    data = row.to_dict()
    assert next(iter(data)) == "rules" and data["rules"] == "older"
    assert {k: v for k, v in data.items() if k != "rules"} == StatsRow.to_dict(row)


def test_a_rules_value_that_is_no_profile_name_is_a_damaged_row(deals: list[DealRow]) -> None:
    with sqlite3.connect(HistoryDB().path) as conn:
        conn.execute("UPDATE deals SET rules = 'Not A Name' WHERE id = 1")
        conn.execute("UPDATE deals SET rules = '' WHERE id = 2")
    db = HistoryDB()
    rows = db.stats()
    assert [str(d) for d in db.skipped] == [
        "deal #1: rules is 'Not A Name', not a rule profile's name",
        "deal #2: rules is '', not a rule profile's name",
    ]
    older = [r for r in rows if r.rules == "older" and r.role == "all"]
    assert sum(r.deals for r in older) == 1


def test_a_history_of_classic_deals_reads_as_before() -> None:
    """Recorded before profiles were told apart: every deal classic, one table, the
    same as the one before apart from naming the profile in its title."""
    db = HistoryDB()
    record(db, shipped_profile("classic"), 31)
    record(db, shipped_profile("classic"), 32, level="hard")
    rows = db.stats()
    assert {r.rules for r in rows} == {"classic"}
    assert [(r.level, r.role) for r in rows][-1] == ("random", "all")
    assert [r.role for r in rows].count("all") == 2


# ----- the command ---------------------------------------------------------------------

#: The table of two levels, as ``stats`` printed it before profiles were told apart but
#: for the title (which said "Your deals by level and role").
BEFORE = """\
Your deals under the classic rules, by level and role
Level    Role       Deals   Win %   Avg pts   Best   Worst   Bombs   Springs
────────────────────────────────────────────────────────────────────────────
hard     landlord       2     50%      +0.0    +60     -60       0         0
hard     peasant        1    100%     +30.0    +30     +30       0         0
hard     all            3     67%     +10.0    +60     -60       0         0

random   peasant        3    100%     +66.7    +80     +60       2         0
random   all            3    100%     +66.7    +80     +60       2         0
"""


def _row(level: str, role: str, deals: int, wins: int, points: list[int], bombs: int) -> Any:
    return ProfileStatsRow(
        level=level,
        role=role,
        deals=deals,
        wins=wins,
        total_points=sum(points),
        best=max(points),
        best_code="3226B-Q524C",
        worst=min(points),
        worst_code="3226B-Q524C",
        bombs=bombs,
        rockets=0,
        springs=0,
        reverse_springs=0,
        rules="classic",
    )


def test_the_classic_table_is_the_one_before_with_its_profile_named() -> None:
    rows = [
        _row("hard", "landlord", 2, 1, [60, -60], 0),
        _row("hard", "peasant", 1, 1, [30], 0),
        _row("hard", "all", 3, 2, [60, -60, 30], 0),
        _row("random", "peasant", 3, 3, [60, 60, 80], 2),
        _row("random", "all", 3, 3, [60, 60, 80], 2),
    ]
    screen = io.StringIO()
    console = Console(file=screen, width=80)
    (table,) = stats_tables(rows, 80)
    console.print(table)
    printed = "\n".join(line.rstrip() for line in screen.getvalue().splitlines()) + "\n"
    assert printed == BEFORE


HEADINGS = ["Level", "Role", "Deals", "Win", "%", "Avg", "pts", "Best", "Worst", "Bombs", "Springs"]


def test_stats_prints_a_table_per_profile_classic_first(deals: list[DealRow]) -> None:
    result = run("stats")
    assert result.exit_code == 0, result.output
    titles = [line.rstrip() for line in result.stdout.splitlines() if "Your deals" in line]
    assert titles == [
        f"Your deals under the {name} rules, by level and role"
        for name in ("classic", "laizi", "my-house", "older")
    ]
    # the tables' columns line up: every heading line is the same
    headings = {line.rstrip() for line in result.stdout.splitlines() if line.startswith("Level")}
    assert len(headings) == 1


@pytest.mark.parametrize("columns", [80, 60])
def test_stats_fits_the_terminal(deals: list[DealRow], columns: int) -> None:
    long_name = "a-rather-long-house-rule-name-of-40-char"
    assert len(long_name) == 40  # the longest a name can be
    with sqlite3.connect(HistoryDB().path) as conn:
        conn.execute("UPDATE deals SET rules = ? WHERE rules = 'my-house'", (long_name,))
        conn.execute("UPDATE deals SET level = 'tests.outside_bot:FirstLegal' WHERE id = 1")
    result = run("stats", columns=columns)
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.stdout.splitlines()) <= columns
    assert "older" in result.stdout
    if columns == 80:  # every heading whole (the level name is the one cut short)
        headings = [line for line in result.stdout.splitlines() if line.startswith("Level")]
        assert len(headings) == 4
        assert all(line.split() == HEADINGS for line in headings)


def test_stats_rules_keeps_one_profile(deals: list[DealRow], house_file: Path) -> None:
    result = run("stats", "--rules", "older")
    assert result.exit_code == 0, result.output
    titles = [line.rstrip() for line in result.stdout.splitlines() if "Your deals" in line]
    assert titles == ["Your deals under the older rules, by level and role"]
    by_file = run("stats", "--rules", str(house_file))
    assert by_file.exit_code == 0, by_file.output
    assert "Your deals under the my-house rules" in by_file.stdout
    assert "classic" not in by_file.stdout


def test_stats_rules_json_rows_carry_the_profile(deals: list[DealRow]) -> None:
    data = json.loads(run("stats", "--json").stdout)
    assert data["deals"] == 15
    assert data["rows"] == [r.to_dict() for r in HistoryDB().stats()]
    assert all(isinstance(row["rules"], str) for row in data["rows"])
    assert data["rows"][0]["rules"] == "classic"
    one = json.loads(run("stats", "--rules", "laizi", "--json").stdout)
    assert one["deals"] == 3 and {row["rules"] for row in one["rows"]} == {"laizi"}


@pytest.mark.parametrize("as_json", [False, True])
def test_stats_rules_with_nothing_recorded(deals: list[DealRow], as_json: bool) -> None:
    for name in ("rob", "nope"):  # a profile of the game's, and a name that is none
        result = run("stats", "--rules", name, *(["--json"] if as_json else []))
        assert (result.exit_code, result.stderr) == (0, "")
        if as_json:
            assert json.loads(result.stdout) == {"deals": 0, "rows": []}
        else:
            assert result.stdout == f"no deals recorded under the '{name}' rules\n"


def test_stats_of_an_empty_history_under_a_profile() -> None:
    result = run("stats", "--rules", "classic")
    assert (result.exit_code, result.stdout) == (0, "no deals recorded under the 'classic' rules\n")


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("", "--rules is empty"),
        (" ", "--rules is empty"),
        ("Bad Name", "--rules: 'Bad Name' cannot be a rule profile's name"),
        ("CLASSIC", "--rules: 'CLASSIC' cannot be a rule profile's name"),
        ("x" * 5000, "cannot be a rule profile's name"),
        ("a\nb", "--rules: 'a b' cannot be a rule profile's name"),
        ("missing.toml", "missing.toml does not exist"),
    ],
)
def test_a_malformed_rules_value_is_one_usage_error(
    deals: list[DealRow], value: str, says: str
) -> None:
    result = run("stats", "--rules", value)
    assert result.exit_code == 2
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("doudizhu: error: ") and says in line


def test_a_house_rule_file_that_is_not_a_good_profile(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("jokers = 4\n", encoding="utf-8")
    result = run("stats", "--rules", str(bad))
    assert result.exit_code == 2 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("doudizhu: error: ") and "jokers" in line
