"""The table's smaller promises: thinking, pre-selection, tracker, kitty, help, size, readings."""

from __future__ import annotations

import pytest

from doudizhu_tui.core import BidAction, Phase, PlayAction, Played, Rank, Seat, parse_code
from doudizhu_tui.match import HUMAN, Match, MatchConfig
from doudizhu_tui.tui import create_app
from doudizhu_tui.tui.screens.help import HelpScreen
from doudizhu_tui.tui.screens.result import ResultScreen
from doudizhu_tui.tui.screens.table import TableScreen
from doudizhu_tui.tui.view import hint_order
from doudizhu_tui.tui.widgets.cards import KittyView
from doudizhu_tui.tui.widgets.panels import OpponentPanel, PlayLog, TooSmallNotice, Tracker

from .helpers import (
    AIRPLANE_CODE,
    BOMB_CODE,
    EAGER,
    SHY,
    SIZE,
    hand_view,
    make_app,
    play_out_by_keys,
    result_screen,
    settle,
    status,
    table,
    top,
)

#: You open the auction (with EagerBot seats: if you pass, Right bids 3).
OPENER_CODE = "32222-2227H"


async def test_a_bot_thinks_in_a_worker_while_the_person_preselects() -> None:
    config = MatchConfig(parse_code(BOMB_CODE), deals=3, level="random")
    app = create_app(config, pace=1.5, ascii=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        t = table(pilot)
        await pilot.press("4", "enter")
        # Right now decides in a thread worker, paced: the interface goes on.
        assert t.thinking is Seat.RIGHT
        assert any(w.is_running and w.group == "bot" for w in app.workers)
        right = t.query_one("#panel-right", OpponentPanel)
        assert right.info is not None and right.info.thinking
        assert status(pilot).message.startswith("Right is thinking")
        await pilot.press("k")
        assert [c.rank for c in t.selection] == [Rank.KING]
        assert status(pilot).verdict.endswith("(wait for your turn)")
        await pilot.press("enter")
        assert status(pilot).message.startswith("Refused: it is not your turn")
        await settle(pilot)
        assert t.thinking is None
        assert right.info is not None and not right.info.thinking
        assert [c.rank for c in t.selection] == [Rank.KING]


async def test_tracker_counts_what_you_have_not_seen() -> None:
    app = make_app(BOMB_CODE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(pilot)
        tracker = t.query_one("#tracker", Tracker)
        assert not tracker.display
        await pilot.press("c")
        assert tracker.display
        # During the auction the kitty is unseen like the other hands.
        assert sum(tracker.counts) == 54 - 17
        await pilot.press("3")
        await settle(pilot)
        assert sum(tracker.counts) == 54 - 20
        assert tracker.counts[Rank.FIVE] == 0
        await pilot.press("c")
        assert not tracker.display


async def test_a_hidden_kitty_stays_hidden_from_a_peasant() -> None:
    app = make_app(OPENER_CODE, kitty="hidden", level=EAGER)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(pilot)
        kitty = t.query_one("#kitty", KittyView)
        assert not kitty.face_up
        await pilot.press("p")
        await settle(pilot)
        game = t.game
        assert game.landlord is Seat.RIGHT and game.phase is Phase.PLAY
        assert not kitty.face_up
        assert kitty.caption == "Kitty (hidden)"
        # The widget is never even handed the faces: the person's observation has none.
        assert kitty.cards == () and kitty.count == 3
        assert t.obs.kitty is None
        assert "Right took the hidden kitty" in t.query_one("#log", PlayLog).lines
        await pilot.press("c")
        tracker = t.query_one("#tracker", Tracker)
        played = len(game.played_cards)
        assert sum(tracker.counts) == 54 - 17 - played
        kitty_text = " ".join(c.rank.symbol for c in game.kitty)
        assert kitty_text not in " ".join(t.query_one("#log", PlayLog).lines)


async def test_a_shown_kitty_is_turned_up_for_everyone() -> None:
    app = make_app(OPENER_CODE, level=EAGER)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(pilot)
        kitty = t.query_one("#kitty", KittyView)
        assert not kitty.face_up and not kitty.compact
        await pilot.press("p")
        await settle(pilot)
        assert kitty.face_up and kitty.compact
        assert kitty.caption == "Kitty (to Right)"
        assert kitty.cards == t.game.kitty


async def test_help_shows_the_rule_book_and_the_keys() -> None:
    app = make_app(BOMB_CODE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.source
        assert "# Keys" in text and "R1. The pack." in text
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, TableScreen)


async def test_too_small_says_so_and_ignores_keys_until_resized() -> None:
    app = make_app(BOMB_CODE)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        t = table(pilot)
        notice = t.query_one(TooSmallNotice)
        assert notice.display
        assert "terminal too small: need 80x24" in str(notice.render())
        await pilot.press("3")
        assert t.game.phase is Phase.AUCTION and t.game.turn == HUMAN
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not notice.display
        await pilot.press("3")
        await settle(pilot)
        assert t.game.landlord == HUMAN


async def test_leading_cards_with_several_readings_lets_the_person_choose() -> None:
    app = make_app(AIRPLANE_CODE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        t = table(pilot)
        game = t.game
        await pilot.press(*"444555666777")
        verdict = status(pilot).verdict
        assert verdict.startswith("✓ airplane 4-4-4-5-5-5-6-6-6-7-7-7 (reading 1 of 3")
        await pilot.press("tab")
        assert "(reading 2 of 3" in status(pilot).verdict
        chosen = t.reading
        assert chosen is not None and chosen.kind.label == "airplane+singles"
        await pilot.press("enter")
        played = next(e for e in game.log if isinstance(e, Played))
        assert played.play == chosen


async def test_ascii_mode_draws_cards_without_suit_symbols() -> None:
    config = MatchConfig(parse_code(BOMB_CODE), deals=3, level="random")
    app = create_app(config, pace=0, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        drawn = hand_view(pilot).render().plain
        assert not set("♠♥♣♦▲") & set(drawn)
        assert "BJ" in drawn and "RJ" in drawn and "+--" in drawn
        await pilot.press("5")
        assert "*" in hand_view(pilot).render().plain


def test_no_color_is_honoured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert make_app(BOMB_CODE).no_color


async def test_a_replay_from_a_code_is_one_unscored_deal() -> None:
    app = make_app(BOMB_CODE, scored=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert top(pilot).deal == "Replay (not scored)"
        assert top(pilot).totals is None
        await play_out_by_keys(pilot, bid="3")
        info = result_screen(pilot).info
        assert info.next_label is None and not info.scored
        await pilot.press("n")  # no next deal for a replay
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert str(table(pilot).game.code) == BOMB_CODE
        assert table(pilot).game.phase is Phase.AUCTION
        await pilot.press("ctrl+q")
    assert not app.is_running


async def test_a_thrown_in_deal_is_dealt_again_and_not_counted() -> None:
    app = make_app(OPENER_CODE, level=SHY)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        t = table(pilot)
        first = t.game
        await pilot.press("p")
        await settle(pilot)
        assert first.phase is Phase.THROWN_IN
        assert t.game is not first and t.game.code == first.code.successor()
        assert t.game.phase is Phase.AUCTION
        assert top(pilot).deal == "Deal 1 of 3"
        assert app.match.session is not None and not app.match.session.records
        assert any("thrown in" in n.message for n in app._notifications)


async def test_the_log_scrolls_back_with_page_up() -> None:
    app = make_app(BOMB_CODE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        await pilot.press("h", "enter")
        await settle(pilot)
        log = table(pilot).query_one("#log", PlayLog)
        latest = log.render().plain
        assert log.back == 0 and "more above" in latest
        await pilot.press("pageup")
        assert log.back > 0
        assert log.render().plain != latest
        await pilot.press("pagedown")
        assert log.back == 0 and log.render().plain == latest


async def test_a_saved_match_resumes_where_it_stopped_and_reports_changes() -> None:
    config = MatchConfig(parse_code(BOMB_CODE), deals=3, level="random")
    first = Match(config)
    first.start_deal()
    first.submit(BidAction(3))
    first.submit(PlayAction(hint_order(first.game.legal_plays())[0]))
    match = Match.from_record(first.to_record())
    changes: list[Match] = []
    app = create_app(match=match, pace=0, ascii=False, on_change=changes.append)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(pilot)
        assert t.game is match.game and t.game.code == first.game.code
        assert len(t.game.hands[HUMAN]) == 19
        assert t.game.turn == HUMAN
        # The computer seats' moves went through the one save hook.
        assert len(changes) >= 2 and all(m is match for m in changes)
