"""Four players in the store and the history (issue #11, R48-R52).

A four-player session round-trips through the save slot, a finished four deal goes
into the history with its four hands, 108 card ids and four scores, `history show`
prints the four seats in the order of play, `stats` gives the four profile rows of
its own, and sessions of 3, 6 and 12 deals run to their end.
"""

from __future__ import annotations

import json
import random
import sqlite3

import pytest
from click.testing import CliRunner

from doudizhu_tui.cli import main
from doudizhu_tui.core import Game, Seat, parse_table_code
from doudizhu_tui.match import Match
from doudizhu_tui.store import HistoryDB, SaveSlot, attach

from .helpers import game_state, match_state, new_match, play, play_to_end, step

ORDER = ("You", "Right", "Across", "Left")


def _finished(
    match: Match, db: HistoryDB, wanted: int, seed: int = 3, session: str = "s"
) -> list[Game]:
    """Play ``match`` on until ``wanted`` deals have ended, recording each in ``db``."""
    rng = random.Random(seed)
    finished: list[Game] = []
    while len(finished) < wanted:
        assert step(match, rng)
        game = match.game
        if game.over and game.settlement is not None and game not in finished:
            finished.append(game)
            index = len(finished)
            assert db.record_deal(game, "random", session_id=session, game_index=index)
    return finished


def test_a_four_session_saved_mid_deal_restores_every_hand() -> None:
    match = new_match(6, code=91, rules="four")
    slot = SaveSlot()
    saver = attach(match, slot)
    play(match, random.Random(5), 140)
    assert saver.last_error is None
    loaded = slot.load()
    assert loaded.ok and loaded.match is not None, loaded.message
    restored = loaded.match
    assert [len(h) for h in restored.game.hands] == [len(h) for h in match.game.hands]
    assert len(restored.game.hands) == 4
    assert match_state(restored) == match_state(match)


def test_a_four_deal_is_recorded_with_four_hands_and_scores() -> None:
    match = new_match(3, code=17, rules="four")
    db = HistoryDB()
    finished = _finished(match, db, 3)
    for game in finished:
        row = db.get(str(match.code_of(game)))
        assert row is not None
        assert row.rule_profile().players == 4
        # The code in the history is the match's own (two packs dealt to find the opener).
        assert row.table_code == match.code_of(game)
        assert parse_table_code(str(row.table_code)).profile == "four"
        assert len(row.scores) == 4 and sum(row.scores) == 0
        settled = game.settlement
        assert settled is not None and row.scores == settled.settlement.scores
        dealt = row.hands["dealt"]
        assert [len(h) for h in dealt] == [25, 25, 25, 25]
        assert len(row.hands["kitty"]) == 8
        ids = sorted(i for h in dealt for i in h) + row.hands["kitty"]
        assert sorted(ids) == list(range(108))
        assert len(row.hands["left"]) == 4
        assert game_state(row.rebuild()) == game_state(game)
        full = row.to_dict(full=True)
        assert len(full["scores"]) == 4
        assert all(0 <= seat < 4 for seat, _ in row.bids)


def test_history_show_prints_the_four_seats_in_the_order_of_play() -> None:
    match = new_match(3, code=23, rules="four")
    db = HistoryDB()
    (game,) = _finished(match, db, 1)
    code = str(match.code_of(game))
    result = CliRunner().invoke(main, ["history", "show", code, "--all"], terminal_width=100)
    assert result.exit_code == 0, result.output
    first = result.output.split("\n\n")[0]
    words = [line.replace(">", " ").split()[:1] for line in first.splitlines()]
    labels = [w[0] for w in words if w and w[0] in ORDER]
    assert labels == list(ORDER), first
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("Settlement: ")
    named = [part.split()[0] for part in last.removeprefix("Settlement: ").split(", ")]
    assert named == list(ORDER)
    # Every hand of the deal is shown face up: 25 cards each to begin with.
    assert first.count(" 25 ") == 4


def test_stats_give_the_four_profile_its_own_rows() -> None:
    classic = new_match(3, code=5)
    four = new_match(3, code=5, rules="four")
    db = HistoryDB()
    _finished(classic, db, 2, session="one")
    _finished(four, db, 2, session="two")
    result = CliRunner().invoke(main, ["stats", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["rows"]
    assert {r["rules"] for r in rows} == {"classic", "four"}
    four_all = [r for r in rows if r["rules"] == "four" and r["role"] == "all"]
    assert [r["deals"] for r in four_all] == [2]
    only = CliRunner().invoke(main, ["stats", "--rules", "four"])
    assert only.exit_code == 0, only.output
    assert "four rules" in only.output and "classic rules" not in only.output


@pytest.mark.parametrize("deals", [3, 6, 12])
def test_a_four_session_of_3_6_and_12_deals_runs_to_its_end(deals: int) -> None:
    match = play_to_end(new_match(deals, code=deals, rules="four"), random.Random(deals))
    session = match.session
    assert session is not None and match.finished
    assert len(session.records) == deals
    assert len(session.totals) == 4 and sum(session.totals) == 0
    assert {s.seat for s in session.standings()} == set(Seat)
    assert all(len(r.settlement.scores) == 4 for r in session.records)


def _put(path: object, column: str, value: str) -> None:
    with sqlite3.connect(str(path)) as conn:
        conn.execute(f"UPDATE deals SET {column} = {value} WHERE id = 1")


def test_seat_3_is_across_at_four_and_damage_at_three() -> None:
    four = new_match(3, code=31, rules="four")
    db = HistoryDB()
    _finished(four, db, 1)
    _put(db.path, "seat", "3")
    row = HistoryDB().get_id(1)
    assert row is not None and row.seat is Seat.ACROSS
    classic = new_match(3, code=31)
    _finished(classic, db, 1, session="classic")
    with sqlite3.connect(str(db.path)) as conn:
        conn.execute("UPDATE deals SET seat = 3 WHERE rules = 'classic'")
    reader = HistoryDB()
    assert reader.get_id(2) is None
    assert any("seat is 3, not a seat (0, 1 or 2)" in str(d) for d in reader.skipped)


def test_a_saved_three_player_session_with_an_across_opener_is_refused() -> None:
    match = new_match(3, code=8)
    match.start_deal()
    record = match.to_record()
    record["opener"] = int(Seat.ACROSS)
    with pytest.raises(ValueError, match="Across"):
        Match.from_record(record)
