"""A damaged history (issue 9): damaged rows are passed over with their reason, a
damaged file is kept aside and a new history starts, and no read ever raises."""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doudizhu_tui.store import HISTORY_NAME, MAX_RECENT, DamagedRow, HistoryDB
from doudizhu_tui.store import history as history_module

from .test_history import finished_games

#: The deals' columns and how to make each one unreadable: (column, SQL value, reason).
DAMAGE = [
    ("your_points", "'abc'", "your_points is 'abc', not a whole number"),
    ("your_points", "1.5", "your_points is 1.5, not a whole number"),
    ("your_points", "x'00ff'", "your_points is a blob of 2 bytes, not a whole number"),
    ("your_points", "NULL", "your_points is NULL, not a whole number"),
    ("won", "NULL", "won is NULL, not 0 or 1"),
    ("won", "2", "won is 2, not 0 or 1"),
    ("won", "'yes'", "won is 'yes', not 0 or 1"),
    ("spring", "-1", "spring is -1, not 0 or 1"),
    ("reverse_spring", "NULL", "reverse_spring is NULL, not 0 or 1"),
    ("bombs", "-1", "bombs is -1, below 0"),
    ("rockets", "'many'", "rockets is 'many', not a whole number"),
    ("level", "NULL", "level is NULL, not a text"),
    ("level", "''", "level is '', not a text"),
    ("role", "'king'", "role is 'king', not landlord or peasant"),
    ("code", "'not a code'", "code is 'not a code', not a deal code"),
    ("code", "NULL", "code is NULL, not a text"),
]
#: Damage to the columns that only a whole deal (history, history show) reads.
ROW_DAMAGE = [
    ("scores", "'not json'", "scores is not valid JSON"),
    ("scores", "'[1, 2]'", "scores does not hold what it should"),
    ("scores", "'[1e999, 0, 0]'", "scores does not hold what it should"),
    ("scores", "NULL", "scores is NULL, not JSON text"),
    ("items", "'[[1, 2]]'", "items does not hold what it should"),
    ("bids", "'[[7, 1]]'", "bids does not hold what it should"),
    ("plays", "'[1]'", "plays does not hold what it should"),
    ("hands", "'[]'", "hands does not hold what it should"),
    ("actions", "'{}'", "actions does not hold what it should"),
    ("actions", "'" + "[" * 100_000 + "'", "actions is not valid JSON"),
    ("profile", """'{"base": 0}'""", "profile is not a valid rule profile"),
    ("profile", "'[]'", "profile does not hold what it should"),
    ("played_at", "'yesterday'", "played_at is 'yesterday', not a date and time"),
    ("played_at", "'0001-01-01T00:00:00+14:00'", "not a date and time"),
    ("seat", "7", "seat is 7, not a seat (0, 1 or 2)"),
    ("landlord", "NULL", "landlord is NULL, not a seat (0, 1 or 2)"),
    ("first_bidder", "'left'", "first_bidder is 'left', not a seat (0, 1 or 2)"),
    ("bid", "0", "bid is 0, below 1"),
    ("multiplier", "'x'", "multiplier is 'x', not a whole number"),
    ("value", "NULL", "value is NULL, not a whole number"),
    ("game_index", "-1", "game_index is -1, below 0"),
    ("rules", "'Not A Name'", "cannot be written in a code"),
    ("rules", "NULL", "rules is NULL, not a text"),
]


def loosen(path: Path) -> None:
    """Rebuild ``deals`` without its NOT NULL and UNIQUE constraints (types kept), so
    that a test can store what a damaged or hand-edited file might hold."""
    with sqlite3.connect(path) as conn:
        info = list(conn.execute("PRAGMA table_info(deals)"))
        columns = ", ".join(
            f"{name} {kind}" + (" PRIMARY KEY" if pk else "") for _, name, kind, _, _, pk in info
        )
        conn.execute("ALTER TABLE deals RENAME TO deals_old")
        conn.execute(f"CREATE TABLE deals ({columns})")
        conn.execute("INSERT INTO deals SELECT * FROM deals_old")
        conn.execute("DROP TABLE deals_old")


def damage(path: Path, deal_id: int, column: str, sql_value: str) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(f"UPDATE deals SET {column} = {sql_value} WHERE id = ?", (deal_id,))


@cache
def template() -> bytes:
    """A history file of three deals with loosened constraints (made once)."""
    folder = Path(tempfile.mkdtemp())
    try:
        db = HistoryDB(folder / HISTORY_NAME)
        for i, game in enumerate(finished_games(3)):
            assert db.record_deal(game, "easy" if i < 2 else "hard")
        loosen(db.path)
        return db.path.read_bytes()
    finally:
        shutil.rmtree(folder)


@pytest.fixture
def db(home: Path) -> Iterator[HistoryDB]:
    home.mkdir()
    (home / HISTORY_NAME).write_bytes(template())
    yield HistoryDB()


def assert_one_line(text: str | None) -> None:
    assert text is not None and "\n" not in text and "\r" not in text


# ----- damaged rows --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("column", "value", "reason"), DAMAGE, ids=[f"{c}={v}" for c, v, _ in DAMAGE]
)
def test_stats_pass_over_each_kind_of_damaged_row(
    db: HistoryDB, column: str, value: str, reason: str
) -> None:
    whole = {(r.level, r.role): r for r in db.stats()}
    damage(db.path, 2, column, value)
    rows = db.stats()  # never raises
    assert db.available
    assert [str(d) for d in db.skipped] == [f"deal #2: {reason}"]
    assert db.skipped[0].deal_id == 2 and db.skipped[0].reason == reason
    assert db.skipped_message == f"1 damaged deal was passed over: deal #2: {reason}"
    assert db.notices() == [db.skipped_message]
    easy = {(r.level, r.role): r for r in rows}[("easy", "all")]
    assert easy.deals == whole[("easy", "all")].deals - 1
    assert {(r.level, r.role): r for r in rows}[("hard", "all")] == whole[("hard", "all")]


@pytest.mark.parametrize(
    ("column", "value", "reason"),
    DAMAGE + ROW_DAMAGE,
    ids=[f"{c}={v[:20]}" for c, v, _ in DAMAGE + ROW_DAMAGE],
)
def test_reads_of_whole_deals_pass_over_each_kind_of_damaged_row(
    db: HistoryDB, column: str, value: str, reason: str
) -> None:
    damage(db.path, 2, column, value)
    recent = db.recent()
    assert [r.id for r in recent] == [3, 1]
    assert len(db.skipped) == 1 and db.skipped[0].deal_id == 2
    assert reason in str(db.skipped[0])
    assert_one_line(db.skipped_message)
    assert db.available
    assert db.get_id(2) is None
    assert db.skipped and db.skipped[0].deal_id == 2  # says why #2 is not there
    assert db.get_id(1) is not None and db.skipped == ()
    for row in recent:  # what the history view uses works for every row given
        row.to_dict(full=True)
        str(row.table_code)
        row.played_at.astimezone()
    db.stats()  # never raises


def test_get_passes_over_a_damaged_newer_deal_with_the_same_code(db: HistoryDB) -> None:
    with sqlite3.connect(db.path) as conn:
        code = conn.execute("SELECT code FROM deals WHERE id = 1").fetchone()[0]
        conn.execute("UPDATE deals SET code = ? WHERE id = 3", (code,))
    newest = db.get(code)
    assert newest is not None and newest.id == 3
    damage(db.path, 3, "won", "NULL")
    row = db.get(code)
    assert row is not None and row.id == 1
    assert [d.deal_id for d in db.skipped] == [3]
    damage(db.path, 1, "scores", "'x'")
    assert db.get(code) is None
    assert [d.deal_id for d in db.skipped] == [1, 3]


def test_many_damaged_rows_are_summed_up_on_one_line(db: HistoryDB) -> None:
    with sqlite3.connect(db.path) as conn:
        conn.execute("INSERT INTO deals SELECT * FROM deals WHERE 0")
        for i in range(4, 10):
            conn.execute(
                "INSERT INTO deals (id, level, role, won, your_points, code) "
                "VALUES (?, 'easy', 'peasant', NULL, 5, 'x')",
                (i,),
            )
    db.stats()
    assert len(db.skipped) == 6
    message = db.skipped_message
    assert_one_line(message)
    assert message is not None and message.startswith("6 damaged deals were passed over: deal #4")
    assert message.endswith("; and 3 more")
    db.recent()
    assert len(db.skipped) == 6
    assert [r.id for r in db.recent(3)] == []  # the newest three are all damaged


COLUMNS = sorted({c for c, _, _ in DAMAGE + ROW_DAMAGE})
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False),
    st.text(max_size=40),
    st.binary(max_size=20),
    st.sampled_from(["[]", "{}", "[1, 2, 3]", '{"name": "x"}', "null", "[[0, 3]]", "1e999"]),
)


@given(damaged=st.lists(st.tuples(st.sampled_from(COLUMNS), VALUES), min_size=1, max_size=4))
def test_no_damage_makes_a_read_raise(damaged: list[tuple[str, Any]]) -> None:
    folder = Path(tempfile.mkdtemp())
    try:
        path = folder / HISTORY_NAME
        path.write_bytes(template())
        with sqlite3.connect(path) as conn:
            for column, value in damaged:
                conn.execute(f"UPDATE deals SET {column} = ? WHERE id = 2", (value,))
        db = HistoryDB(path)
        for rows in (db.stats(), db.recent(), [db.get_id(2)], [db.get_id(1)]):
            assert isinstance(rows, list)
            assert db.available
            assert all(isinstance(d, DamagedRow) and "\n" not in str(d) for d in db.skipped)
        for row in db.recent():
            row.to_dict(full=True)
            str(row.table_code)
    finally:
        shutil.rmtree(folder)


# ----- damaged files -------------------------------------------------------------------


def kept_files(home: Path) -> list[Path]:
    return sorted(home.glob("history.damaged-*"))


@pytest.mark.parametrize("read", ["stats", "recent", "count", "get_id", "record"])
def test_a_file_that_is_not_a_database_is_kept_aside_by_any_operation(
    home: Path, read: str
) -> None:
    home.mkdir()
    (home / HISTORY_NAME).write_bytes(b"junk" * 500)
    db = HistoryDB()
    if read == "record":
        assert db.record_deal(finished_games(1)[0], "easy")
    else:
        assert getattr(db, read)(*([1] if read == "get_id" else [])) in ([], 0, None)
        assert not (home / HISTORY_NAME).exists()  # a read does not make a new file
    assert db.available
    (kept,) = kept_files(home)
    assert kept.read_bytes() == b"junk" * 500
    assert db.kept_aside == kept
    assert db.notice == (
        "The history could not be read: file is not a database. "
        f"It has been kept as {kept}; a new history starts."
    )
    assert db.notices() == [db.notice]
    assert db.record_deal(finished_games(2)[1], "easy")
    assert db.count() == (2 if read == "record" else 1)


def test_a_malformed_database_is_kept_aside(db: HistoryDB, home: Path) -> None:
    data = bytearray(db.path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[page:] = b"\xab" * (len(data) - page)  # every page but the schema's
    db.path.write_bytes(bytes(data))
    assert db.stats() == []
    assert db.available
    assert db.notice is not None and "malformed" in db.notice
    (kept,) = kept_files(home)
    assert kept.read_bytes() == bytes(data)


def test_another_programs_database_is_kept_aside(home: Path) -> None:
    home.mkdir()
    with sqlite3.connect(home / HISTORY_NAME) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT)")
        conn.execute("INSERT INTO contacts VALUES ('Ada')")
    db = HistoryDB()
    assert db.record_deal(finished_games(1)[0], "easy")
    assert db.notice is not None
    assert "it is another program's database (tables: contacts)" in db.notice
    (kept,) = kept_files(home)
    with sqlite3.connect(kept) as conn:
        assert conn.execute("SELECT name FROM contacts").fetchall() == [("Ada",)]


@pytest.mark.parametrize(
    "change",
    ["DROP TABLE deals", "ALTER TABLE deals DROP COLUMN won"],
    ids=["no-table", "no-column"],
)
def test_a_history_without_its_tables_is_kept_aside(db: HistoryDB, home: Path, change: str) -> None:
    with sqlite3.connect(db.path) as conn:
        conn.execute(change)
    assert db.stats() == [] and db.available
    assert db.notice is not None and "no such" in db.notice
    assert len(kept_files(home)) == 1
    assert db.record_deal(finished_games(1)[0], "easy") and db.count() == 1


def test_two_damaged_files_in_the_same_second_are_both_kept(home: Path) -> None:
    home.mkdir()
    for content in (b"first" * 300, b"second" * 300):
        (home / HISTORY_NAME).write_bytes(content)
        HistoryDB().stats()
    kept = kept_files(home)
    assert {k.read_bytes() for k in kept} == {b"first" * 300, b"second" * 300}


def test_a_damaged_file_that_cannot_be_moved_is_reported_and_left(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home.mkdir()
    (home / HISTORY_NAME).write_bytes(b"junk" * 500)

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied", str(src))

    monkeypatch.setattr(history_module.os, "replace", refuse)
    db = HistoryDB()
    assert not db.record_deal(finished_games(1)[0], "easy")
    assert db.stats() == []
    assert db.unavailable is not None
    assert db.unavailable.reason == (
        f"{home / HISTORY_NAME} is damaged (file is not a database) and could not be moved "
        "aside (Permission denied); move it away to start anew"
    )
    assert (home / HISTORY_NAME).read_bytes() == b"junk" * 500
    assert db.notice is None and kept_files(home) == []


def test_a_newer_or_locked_file_is_not_kept_aside(home: Path) -> None:
    db = HistoryDB(timeout=0.05)
    db.migrate()
    with sqlite3.connect(db.path) as conn:
        conn.execute("UPDATE meta SET version = 9")
    assert HistoryDB().stats() == [] and kept_files(home) == []
    with sqlite3.connect(db.path) as conn:
        conn.execute("UPDATE meta SET version = 1")
    conn = sqlite3.connect(db.path, isolation_level=None)
    conn.execute("BEGIN EXCLUSIVE")
    try:
        assert not HistoryDB(timeout=0.05).record_deal(finished_games(1)[0], "easy")
    finally:
        conn.execute("ROLLBACK")
        conn.close()
    assert kept_files(home) == []


# ----- how many deals ------------------------------------------------------------------


@pytest.mark.parametrize("n", [0, -1, MAX_RECENT + 1, 2**63, 2**64, 10**40])
def test_recent_takes_1_to_max_recent(db: HistoryDB, n: int) -> None:
    with pytest.raises(ValueError) as info:
        db.recent(n)
    message = str(info.value)
    assert message.startswith(f"the number of deals to list must be 1 to {MAX_RECENT}, not ")
    assert_one_line(message)
    assert len(message) < 100


def test_recent_at_the_bounds(db: HistoryDB) -> None:
    assert len(db.recent(1)) == 1
    assert len(db.recent(MAX_RECENT)) == 3


@pytest.mark.parametrize("deal_id", [0, -1, 2**63, 2**64, 10**40])
def test_get_id_out_of_range_is_none(db: HistoryDB, deal_id: int) -> None:
    assert db.get_id(deal_id) is None
    assert db.available


def test_the_largest_row_number_sqlite_can_hold_is_looked_up(db: HistoryDB) -> None:
    assert db.get_id(2**63 - 1) is None and db.available
    assert os.fspath(db.path).endswith(HISTORY_NAME)
