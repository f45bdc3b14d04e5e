"""The history database: recording, statistics, schema versions, and never failing a game."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest

from doudizhu_tui.bots.random_bot import RandomBot
from doudizhu_tui.core import (
    BidAction,
    DealCodeError,
    Game,
    PassAction,
    Phase,
    PlayAction,
    Role,
    Seat,
    code_from_number,
    replay,
)
from doudizhu_tui.core.seats import seats_of
from doudizhu_tui.match import Match, MatchConfig
from doudizhu_tui.store import (
    HISTORY_NAME,
    MIGRATIONS,
    SCHEMA_VERSION,
    HistoryDB,
    SaveSlot,
    attach_history,
    keep,
)
from doudizhu_tui.table import play_deal

from .helpers import new_match, play, play_to_end, step


def finished_games(n: int, start: int = 0) -> list[Game]:
    """``n`` settled deals played by random seats (thrown-in deals skipped)."""
    games: list[Game] = []
    number = start
    while len(games) < n:
        game = play_deal(code_from_number(number), dict.fromkeys(Seat, RandomBot))
        number += 1
        if game.phase is Phase.FINISHED:
            games.append(game)
    return games


def table_rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return list(conn.execute(sql).fetchall())


@contextmanager
def locked(path: Path) -> Iterator[None]:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        conn.execute("ROLLBACK")
        conn.close()


def test_a_new_database_has_the_schema_and_its_version(home: Path) -> None:
    db = HistoryDB()
    assert db.path == home / HISTORY_NAME
    assert db.stats() == [] and db.recent() == [] and db.count() == 0
    assert not db.path.exists()  # reading an absent history creates nothing
    assert db.migrate()
    assert table_rows(db.path, "SELECT version FROM meta") == [(SCHEMA_VERSION,)]
    assert SCHEMA_VERSION == len(MIGRATIONS) == 1


def test_a_recorded_deal_keeps_everything(home: Path) -> None:
    game = finished_games(1)[0]
    db = HistoryDB()
    when = datetime(2024, 5, 1, 12, 30, tzinfo=UTC)
    assert db.record_deal(game, "normal", Seat.YOU, played_at=when)
    assert db.available and db.count() == 1
    row = db.get(str(game.code))
    assert row is not None
    settled = game.settlement
    assert settled is not None
    s = settled.settlement
    assert row.played_at == when
    assert row.code == str(game.code)
    assert row.rules == "classic" and row.level == "normal"
    assert row.seat is Seat.YOU
    assert row.role == ("landlord" if game.landlord == Seat.YOU else "peasant")
    assert row.landlord == game.landlord and row.first_bidder == game.first_bidder
    assert (row.bid, row.multiplier, row.value) == (s.bid, s.multiplier, s.value)
    assert row.your_points == s.scores[Seat.YOU]
    assert row.won == (s.scores[Seat.YOU] > 0)
    assert (row.bombs, row.rockets) == (s.bombs, s.rockets)
    assert (row.spring, row.reverse_spring) == (s.spring, s.reverse_spring)
    assert row.scores == s.scores
    assert row.items == tuple((i.label, i.factor) for i in s.items)
    assert len(row.plays) == len(game.log) and row.plays[0].startswith("dealt ")
    assert row.hands["dealt"] == [[c.id for c in h] for h in game.deal.hands]
    assert row.hands["kitty"] == [c.id for c in game.kitty]
    assert row.hands["left"] == [[c.id for c in h] for h in settled.hands_left]
    assert row.actions() == game.actions
    rebuilt = row.rebuild()
    assert rebuilt.log == game.log
    assert replay(game.code, row.actions()).settlement == settled


def test_the_bids_are_kept_in_order() -> None:
    game = finished_games(1, start=40)[0]
    db = HistoryDB()
    db.record_deal(game, "easy")
    row = db.recent(1)[0]
    amounts = [a.amount for a in game.actions if isinstance(a, BidAction)]
    assert [amount for _, amount in row.bids] == amounts
    assert row.bids[0][0] == game.first_bidder


def test_recording_from_another_seat_uses_that_seats_role_and_points() -> None:
    game = finished_games(1)[0]
    db = HistoryDB()
    for seat in seats_of(3):
        db.record_deal(game, "hard", seat)
    settled = game.settlement
    assert settled is not None
    rows = sorted(db.recent(3), key=lambda r: r.seat)
    assert [r.your_points for r in rows] == list(settled.settlement.scores)
    assert [r.role for r in rows] == [game.role(s).value for s in seats_of(3)]  # type: ignore[union-attr]


def test_stats_per_level_and_role_match_the_games() -> None:
    games = finished_games(60)
    db = HistoryDB()
    levels = ["easy", "hard"]
    for i, game in enumerate(games):
        db.record_deal(game, levels[i % 2])
    rows = {(r.level, r.role): r for r in db.stats()}
    assert list(rows) == [
        ("easy", "landlord"),
        ("easy", "peasant"),
        ("easy", "all"),
        ("hard", "landlord"),
        ("hard", "peasant"),
        ("hard", "all"),
    ]
    for (level, role), row in rows.items():
        mine = [
            g.settlement.settlement  # type: ignore[union-attr]
            for i, g in enumerate(games)
            if levels[i % 2] == level and (role == "all" or g.role(Seat.YOU) == Role(role))
        ]
        points = [s.scores[Seat.YOU] for s in mine]
        assert row.deals == len(mine) > 0
        assert row.wins == sum(p > 0 for p in points)
        assert row.win_rate == pytest.approx(row.wins / len(mine))
        assert row.total_points == sum(points)
        assert row.average_points == pytest.approx(sum(points) / len(points))
        assert row.best == max(points) and row.worst == min(points)
        assert row.bombs == sum(s.bombs for s in mine)
        assert row.rockets == sum(s.rockets for s in mine)
        assert row.springs == sum(s.spring for s in mine)
        assert row.reverse_springs == sum(s.reverse_spring for s in mine)
        best = db.get(row.best_code)
        assert best is not None
    total = sum(r.deals for (_, role), r in rows.items() if role == "all")
    assert total == 60


def test_stats_numbers_on_a_small_known_history() -> None:
    """Three deals written by hand-checked figures."""
    db = HistoryDB()
    games = finished_games(3, start=100)
    for game in games:
        db.record_deal(game, "normal")
    points = [g.settlement.settlement.scores[Seat.YOU] for g in games]  # type: ignore[union-attr]
    (all_row,) = [r for r in db.stats() if r.role == "all"]
    assert all_row.to_dict()["deals"] == 3
    assert all_row.to_dict()["average_points"] == round(sum(points) / 3, 2)
    assert all_row.to_dict()["win_rate"] == round(sum(p > 0 for p in points) / 3, 4)
    assert json.dumps(all_row.to_dict())  # JSON-ready


def test_recent_is_newest_first_and_limited() -> None:
    games = finished_games(5)
    db = HistoryDB()
    for game in games:
        db.record_deal(game, "normal")
    recent = db.recent(3)
    assert [r.code for r in recent] == [str(g.code) for g in reversed(games)][:3]
    assert [r.id for r in recent] == [5, 4, 3]
    assert db.get_id(2) is not None and db.get_id(99) is None


def test_get_accepts_any_typed_form_and_returns_the_latest() -> None:
    game = finished_games(1)[0]
    db = HistoryDB()
    db.record_deal(game, "easy")
    db.record_deal(game, "hard")
    typed = str(game.code).replace("-", "").lower()
    row = db.get(typed)
    assert row is not None and row.level == "hard"
    assert db.get(code_from_number(999_999)) is None
    with pytest.raises(DealCodeError):
        db.get("nonsense")


def test_only_a_settled_deal_can_be_recorded() -> None:
    db = HistoryDB()
    with pytest.raises(ValueError, match="settled"):
        db.record_deal(Game(code_from_number(1)), "easy")
    thrown = Game(code_from_number(1))
    for _ in range(3):
        thrown.apply(BidAction(0))
    assert thrown.phase is Phase.THROWN_IN
    with pytest.raises(ValueError, match="settled"):
        db.record_deal(thrown, "easy")


def test_a_deal_of_a_session_is_recorded_once() -> None:
    game = finished_games(1)[0]
    db = HistoryDB()
    assert db.record_deal(game, "easy", session_id="s1", game_index=0)
    assert db.record_deal(game, "easy", session_id="s1", game_index=0)
    assert db.record_deal(game, "easy", session_id="s2", game_index=0)
    assert db.count() == 2


# ----- schema versions -----------------------------------------------------------------


def test_an_empty_file_is_migrated(home: Path) -> None:
    home.mkdir()
    (home / HISTORY_NAME).write_bytes(b"")
    db = HistoryDB()
    assert db.record_deal(finished_games(1)[0], "easy")
    assert table_rows(db.path, "SELECT version FROM meta") == [(1,)]


def test_a_future_migration_step_upgrades_an_old_file_and_keeps_its_rows() -> None:
    games = finished_games(2)
    HistoryDB().record_deal(games[0], "easy")

    def v2(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE deals ADD COLUMN note TEXT NOT NULL DEFAULT ''")

    db = HistoryDB(migrations=(*MIGRATIONS, v2))
    assert db.version == 2
    assert db.record_deal(games[1], "easy")
    assert table_rows(db.path, "SELECT version FROM meta") == [(2,)]
    assert table_rows(db.path, "SELECT note FROM deals") == [("",), ("",)]
    assert len(db.recent()) == 2


def test_a_failing_migration_changes_nothing() -> None:
    HistoryDB().record_deal(finished_games(1)[0], "easy")

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE deals ADD COLUMN extra TEXT")
        conn.execute("THIS IS NOT SQL")

    db = HistoryDB(migrations=(*MIGRATIONS, broken))
    assert not db.record_deal(finished_games(1)[0], "easy")
    assert db.unavailable is not None
    path = db.path
    assert table_rows(path, "SELECT version FROM meta") == [(1,)]
    columns = [r[1] for r in table_rows(path, "PRAGMA table_info(deals)")]
    assert "extra" not in columns
    assert HistoryDB().count() == 1


def test_a_file_from_a_newer_program_is_left_alone() -> None:
    db = HistoryDB()
    db.migrate()
    with sqlite3.connect(db.path) as conn:
        conn.execute("UPDATE meta SET version = 9")
    before = db.path.read_bytes()
    fresh = HistoryDB()
    assert not fresh.record_deal(finished_games(1)[0], "easy")
    assert fresh.unavailable is not None
    assert "schema version 9" in fresh.unavailable.message
    assert fresh.unavailable.message.startswith("history is not being saved: ")
    assert fresh.stats() == []
    assert db.path.read_bytes() == before


# ----- never in the way of a game ------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [b"this is not a database at all" * 100, b"SQLite format 3\x00" + b"\xff" * 5000],
    ids=["garbage", "bad-header"],
)
def test_a_damaged_file_is_kept_aside_and_a_new_history_starts(home: Path, content: bytes) -> None:
    home.mkdir()
    (home / HISTORY_NAME).write_bytes(content)
    db = HistoryDB()
    assert db.record_deal(finished_games(1)[0], "easy")
    assert db.available
    assert db.kept_aside is not None and db.kept_aside.parent == home
    assert db.kept_aside.name.startswith("history.damaged-")
    assert db.kept_aside.name.endswith(".sqlite3")
    assert db.kept_aside.read_bytes() == content  # kept whole, never overwritten
    assert db.notice is not None and "\n" not in db.notice
    assert db.notice.startswith("The history could not be read: ")
    assert f"It has been kept as {db.kept_aside}; a new history starts." in db.notice
    assert db.notices() == [db.notice]
    assert db.count() == 1


def test_a_damaged_row_does_not_raise() -> None:
    db = HistoryDB()
    db.record_deal(finished_games(1)[0], "easy")
    with sqlite3.connect(db.path) as conn:
        conn.execute("UPDATE deals SET items = 'not json'")
    assert db.recent() == []
    assert db.available
    assert [str(d) for d in db.skipped] == ["deal #1: items is not valid JSON"]


def test_a_locked_database_does_not_stop_recording_for_good() -> None:
    games = finished_games(2)
    db = HistoryDB(timeout=0.05)
    db.migrate()
    with locked(db.path):
        assert not db.record_deal(games[0], "easy")
        assert db.unavailable is not None
        assert "locked" in db.unavailable.message
        assert db.unavailable.message.startswith("history is not being saved: ")
    assert db.record_deal(games[1], "easy")
    assert db.available
    assert db.count() == 1


def test_a_database_folder_that_cannot_exist_does_not_raise(home: Path) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("a file, not a folder")
    db = HistoryDB()
    assert not db.record_deal(finished_games(1)[0], "easy")
    assert db.unavailable is not None
    assert db.unavailable.reason == f"DOUDIZHU_HOME ({home}) is a file, not a folder"


# ----- the match listener --------------------------------------------------------------


def test_each_settled_deal_of_a_session_is_recorded_once() -> None:
    match = new_match(3)
    db = HistoryDB()
    recorder = attach_history(match, db, "sid")
    play_to_end(match, random.Random(1))
    assert match.session is not None
    assert recorder.recorded == len(match.session.records) == 3
    rows = sorted(db.recent(), key=lambda r: r.id)
    assert [r.code for r in rows] == [str(r.code) for r in match.session.records]
    assert [r.your_points for r in rows] == [
        r.settlement.scores[Seat.YOU] for r in match.session.records
    ]
    assert {r.session_id for r in rows} == {"sid"}
    assert all(r.level == "random" for r in rows)


def test_a_replay_of_a_deal_and_an_unscored_match_are_not_recorded() -> None:
    match = new_match(3)
    db = HistoryDB()
    attach_history(match, db)
    rng = random.Random(2)
    while not (match.table is not None and match.game.over):
        step(match, rng)
    assert db.count() == 1
    match.replay_current()
    while match.game.turn is not None:
        step(match, rng)
    assert match.replaying and db.count() == 1

    single = Match(MatchConfig(code_from_number(5), level="random", scored=False))
    other = HistoryDB(db.path)
    attach_history(single, other)
    single.start_deal()
    while single.game.turn is not None:
        step(single, rng)
    assert db.count() == 1


def test_a_resumed_session_does_not_record_a_deal_twice() -> None:
    match = new_match()
    slot = SaveSlot()
    db = HistoryDB()
    keeper = keep(match, slot=slot, db=db)
    rng = random.Random(3)
    while not (match.table is not None and match.game.over):
        step(match, rng)
    assert db.count() == 1
    # the process dies here; the deal's end was saved and recorded
    result = slot.load()
    assert result.match is not None and result.session_id == keeper.session_id
    keep(result.match, slot=slot, db=db, session_id=result.session_id)
    play(result.match, rng, 5)
    assert db.count() == 1


def test_a_deal_that_could_not_be_recorded_is_recorded_when_the_lock_goes() -> None:
    match = new_match()
    db = HistoryDB(timeout=0.05)
    db.migrate()
    recorder = attach_history(match, db)
    rng = random.Random(4)
    with locked(db.path):
        while not (match.table is not None and match.game.over):
            step(match, rng)
        assert recorder.recorded == 0
        assert recorder.last_error is not None and "locked" in recorder.last_error
    play(match, rng, 1)  # the next change tries again
    assert recorder.recorded == 1 and recorder.last_error is None
    assert db.count() == 1


def test_a_game_goes_on_with_a_damaged_history(home: Path) -> None:
    home.mkdir()
    (home / HISTORY_NAME).write_bytes(b"garbage" * 1000)
    match = new_match(3)
    db = HistoryDB()
    keeper = keep(match, slot=SaveSlot(), db=db)
    play_to_end(match, random.Random(5))
    assert match.finished
    assert db.count() == 3  # recorded in the new history
    problems = keeper.problems()
    assert len(problems) == 1 and problems[0].startswith("The history could not be read: ")


def test_a_game_goes_on_with_a_history_that_cannot_be_written(home: Path) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("a file, not a folder")
    match = new_match(3)
    keeper = keep(match, slot=SaveSlot(), db=HistoryDB())
    rng = random.Random(5)
    while not (match.table is not None and match.game.over):
        step(match, rng)
    play(match, rng, 3)
    reason = f"DOUDIZHU_HOME ({home}) is a file, not a folder"
    assert keeper.problems() == [
        f"the session is not being saved: {reason}",
        f"history is not being saved: {reason}",
    ]


def scripted(number: int, spring: bool) -> Game:
    """A deal forced into a spring (the peasants always pass) or a reverse spring
    (the landlord plays one single, then always passes, and the peasants never pass)."""
    game = Game(code_from_number(number))
    game.apply(BidAction(3))
    landlord = game.landlord
    while game.turn is not None:
        actions = game.legal_actions()
        passing = [a for a in actions if isinstance(a, PassAction)]
        plays = [a for a in actions if isinstance(a, PlayAction)]
        choice: PassAction | PlayAction
        if game.turn == landlord:
            if spring or not game.plays_made[landlord]:
                choice = min(plays, key=lambda a: (a.play.size, a.play.rank))
            else:
                choice = passing[0] if passing else plays[0]
        elif spring:
            choice = passing[0]
        else:
            choice = plays[0] if plays else passing[0]
        game.apply(choice)
    return game


def test_springs_and_reverse_springs_are_counted() -> None:
    db = HistoryDB()
    springs = [scripted(n, spring=True) for n in range(3)]
    reverse = [scripted(n, spring=False) for n in range(10, 12)]
    assert all(g.settlement and g.settlement.settlement.spring for g in springs)
    assert all(g.settlement and g.settlement.settlement.reverse_spring for g in reverse)
    for game in [*springs, *reverse]:
        db.record_deal(game, "normal", game.landlord)  # type: ignore[arg-type]
    rows = {r.role: r for r in db.stats()}
    assert rows["landlord"].springs == 3 and rows["landlord"].reverse_springs == 2
    assert rows["landlord"].wins == 3
    assert "spring" in db.recent(1)[0].result


# ----- numbers SQLite can keep (issue 9) ------------------------------------------------


def test_a_deal_at_the_largest_base_is_recorded_and_read_back() -> None:
    from doudizhu_tui.core.rules import MAX_BASE, RuleProfile

    rules = RuleProfile(name="huge", base=MAX_BASE)
    game = scripted(0, spring=True)
    big = replay(game.code, list(game.actions), rules, game.first_bidder)
    assert big.settlement is not None
    db = HistoryDB()
    assert db.record_deal(big, "easy")
    (row,) = db.recent()
    assert row.value == big.settlement.settlement.value >= MAX_BASE
    assert row.rule_profile() == rules and row.rebuild().settlement == big.settlement


def test_a_number_sqlite_cannot_keep_does_not_stop_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from doudizhu_tui.store import history as history_module

    real = history_module.row_values

    def too_big(*args: object) -> tuple[object, ...]:
        values = real(*args)  # type: ignore[arg-type]
        return (*values[:14], 2**70, *values[15:])

    monkeypatch.setattr(history_module, "row_values", too_big)
    db = HistoryDB()
    assert not db.record_deal(finished_games(1)[0], "easy")
    assert db.unavailable is not None
    assert db.unavailable.message.startswith("history is not being saved: history.sqlite3: ")
