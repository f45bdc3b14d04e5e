"""Polish at the table (issue 9), each seen at 80x24: grammar, the top bar, a refusal
said once, the bid advice among the legal bids, the footer and the computers after a
too-small terminal, the play on the table drawn like the hand, no Pass on a lead,
ASCII scroll bars, a new session from the summary, the first hint, and notices."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.segment import Segment
from textual.widgets import Button, Footer
from textual.widgets._footer import FooterKey

from doudizhu_tui.bots import advice_line, rate_hand
from doudizhu_tui.core import (
    Bid,
    BidAction,
    Game,
    Kind,
    PassAction,
    Phase,
    PlayAction,
    Seat,
    observe,
    parse_cards,
    parse_code,
)
from doudizhu_tui.match import HUMAN, Match, MatchConfig
from doudizhu_tui.store.codec import describe_event
from doudizhu_tui.tui import create_app
from doudizhu_tui.tui.launch import build_app
from doudizhu_tui.tui.screens.base import AsciiScrollBarRender
from doudizhu_tui.tui.screens.help import HelpScreen
from doudizhu_tui.tui.screens.summary import SummaryScreen
from doudizhu_tui.tui.screens.table import TableScreen
from doudizhu_tui.tui.view import (
    PanelInfo,
    advice_text,
    count_of,
    hint_cycle,
    hint_order,
    normal_choice,
    trick_display,
)
from doudizhu_tui.tui.widgets.cards import HandView, TrickView
from doudizhu_tui.tui.widgets.panels import ActionBar, OpponentPanel, SeatBar

from .helpers import (
    BOMB_CODE,
    EAGER,
    SESSION_CODE,
    SIZE,
    finish_session,
    make_app,
    settle,
    status,
    table,
    top,
)

#: You open the auction; with EagerBot seats Right bids 3 if you pass.
OPENER_CODE = "32222-2227H"


# ----- grammar -----------------------------------------------------------------------


def test_counts_take_the_plural_except_for_one() -> None:
    assert [count_of(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert count_of(1, "deal") == "1 deal"


def test_your_play_held_not_yous() -> None:
    game = Game(parse_code(BOMB_CODE))
    game.apply(BidAction(3))
    game.apply(PlayAction(hint_order(game.legal_plays())[0]))
    game.apply(PassAction())
    game.apply(PassAction())
    caption, _, _ = trick_display(observe(game, HUMAN))
    assert caption == "Your single held; you lead"


async def test_a_seat_with_one_card_says_1_card() -> None:
    async with make_app(BOMB_CODE).run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(pilot)
        panel = t.query_one("#panel-left", OpponentPanel)
        info = PanelInfo(Seat.LEFT, "easy", None, 1, None, turn=False, thinking=False)
        panel.info = info
        seat = t.query_one("#you", SeatBar)
        seat.info = PanelInfo(HUMAN, "", None, 1, None, turn=True, thinking=False)
        await pilot.pause()
        assert "1 card left!" in panel.render().plain
        assert "1 card " in seat.render().plain
        rendered = pilot.app.export_screenshot().replace("&#160;", " ")
        assert "1 cards" not in rendered


# ----- the top bar -------------------------------------------------------------------


@pytest.mark.parametrize(
    "code",
    ["3226B-Q524C", "3226B-Q524C:older:easy", "3226B-Q524C:older:tests.tui.helpers:EagerBot:left"],
)
async def test_the_top_bar_keeps_its_parts_apart_at_80_columns(code: str) -> None:
    async with make_app(BOMB_CODE).run_test(size=SIZE) as pilot:
        await settle(pilot)
        bar = top(pilot)
        bar.code = code
        bar.totals = (-120, 60, 60)
        await pilot.pause()
        text = bar.render().plain
        assert code in text and len(text) <= bar.size.width
        # "Deal 1 of 3You +0" ran the deal into the totals: a space must part them.
        assert not re.search(r"\d(You|Y[+-])", text), text
        assert text.startswith(("Deal 1 of 3 ", "1/3 "))


# ----- a refusal is said once --------------------------------------------------------


async def test_a_refused_selection_gives_its_reason_once_until_it_changes() -> None:
    async with make_app(BOMB_CODE).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        await pilot.press("4", "6")
        assert status(pilot).verdict == "✗ a straight needs at least 5 cards"
        await pilot.press("enter")
        line = status(pilot)
        assert line.message == "Refused: a straight needs at least 5 cards"
        assert line.verdict == "" and line.verdict_ok is False
        shown = pilot.app.export_screenshot().replace("&#160;", " ")
        assert shown.count("a straight needs at least 5 cards") == 1
        await pilot.press("7")  # the selection changes: back to the turn and the verdict
        assert status(pilot).message == "Your lead: play any combination."
        assert status(pilot).verdict.startswith("✗ ")
        await pilot.press("escape", "enter")  # nothing selected: said as a refusal
        assert status(pilot).message == "Refused: select some cards"


# ----- the bid advice ----------------------------------------------------------------


def _auction_after(bids: list[tuple[Seat, int]], hand: str) -> Game:
    """The person's turn to bid after ``bids``, holding ``hand``."""
    return Game.from_position(
        hands=[hand, "3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 J", None],
        kitty="K Q J",
        bids=bids,
        first_bidder=bids[0][0],
    )


def test_the_bid_advice_names_only_a_legal_bid() -> None:
    hand = "3 3 5 6 7 8 9 9 10 J Q K A A 2 2 BJ"  # worth a bid of 1
    assert rate_hand(parse_cards(hand)).bid == 1
    opening = observe(_auction_after([(Seat.LEFT, 0)], hand), HUMAN)
    assert (
        advice_text(opening)
        == advice_line(parse_cards(hand))
        == ("3 big cards, 0 bombs, about 6 plays -> bid 1")
    )
    outbid = observe(_auction_after([(Seat.RIGHT, 2), (Seat.LEFT, 0)], hand), HUMAN)
    assert outbid.legal_bids == (0, 3)
    assert advice_text(outbid) == "3 big cards, 0 bombs, about 6 plays -> pass"
    strong = "3 3 3 3 4 5 6 7 9 9 10 J K 2 2 BJ RJ"  # worth 3: still legal after a 2
    game = Game.from_position(
        hands=[strong, "4 4 5 5 6 6 7 7 8 8 9 9 10 10 J J Q", None],
        kitty="K Q A",
        bids=[(Seat.RIGHT, 2), (Seat.LEFT, 0)],
        first_bidder=Seat.RIGHT,
    )
    assert advice_text(observe(game, HUMAN)).endswith("-> bid 3")


async def test_the_status_line_advises_a_legal_bid_after_a_higher_one() -> None:
    config = MatchConfig(parse_code(OPENER_CODE), deals=3, level=EAGER)
    async with create_app(config, pace=0, ascii=False).run_test(size=SIZE) as pilot:
        await settle(pilot)
        obs = observe(table(pilot).game, HUMAN)
        advice = status(pilot).verdict
        bid = int(advice[-1]) if advice[-1].isdigit() else 0
        assert bid in obs.legal_bids


# ----- a too-small terminal ----------------------------------------------------------


def _footer_keys(pilot_app: object) -> set[str]:
    from textual.app import App

    assert isinstance(pilot_app, App)
    footer = pilot_app.screen.query_one(Footer)
    return {key.description for key in footer.query(FooterKey)}


async def test_the_footer_shows_its_keys_after_the_terminal_grows() -> None:
    async with make_app(BOMB_CODE).run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.pause()
        assert {"Tracker", "Help", "Quit"} <= _footer_keys(pilot.app)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.pause()
        assert {"Tracker", "Help", "Quit"} <= _footer_keys(pilot.app)


async def test_the_computers_wait_while_the_terminal_is_too_small() -> None:
    config = MatchConfig(parse_code(OPENER_CODE), deals=3, level=EAGER)
    # Right thinks for 1 s, long enough that the resize lands inside the thought
    # even on a loaded machine (at 0.3 s a parallel CI run once let Right bid first).
    app = create_app(config, pace=1.0, ascii=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(pilot)
        game = t.game
        await pilot.press("p")  # you pass; Right thinks (1 s), then bids 3
        assert t.thinking == Seat.RIGHT
        await pilot.resize_terminal(70, 20)
        await pilot.pause(1.5)
        await app.workers.wait_for_complete()
        await pilot.pause(0.2)
        bids = [e for e in game.log if isinstance(e, Bid)]
        assert [(b.seat, b.amount) for b in bids] == [(HUMAN, 0)]
        assert t.paused
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert not t.paused
        assert game.landlord == Seat.RIGHT and game.phase is Phase.PLAY


# ----- the play on the table, the buttons --------------------------------------------


async def test_the_play_on_the_table_is_drawn_like_the_hand() -> None:
    async with make_app(BOMB_CODE).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        await pilot.press("4", "enter")
        await settle(pilot)
        t = table(pilot)
        trick = t.query_one("#trick", TrickView)
        hand = t.query_one("#hand", HandView)
        assert trick.cards
        for part in ("cards--face", "cards--red", "cards--black"):
            style = trick.get_component_rich_style(part, partial=True)
            assert style == hand.get_component_rich_style(part, partial=True)
            assert style.bgcolor is not None or style.color is not None
        faces = [s for s in trick.render().spans if s.style]
        assert faces, "the play on the table has no card faces"


async def test_there_is_no_pass_button_on_a_lead() -> None:
    async with make_app(BOMB_CODE).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        t = table(pilot)
        button = t.query_one("#pass", Button)
        assert t.obs.trick is None and t.obs.turn == HUMAN
        assert t.query_one("#actions", ActionBar).can_pass is False
        assert button.disabled
        await pilot.click("#pass")
        assert t.notice is None  # nothing was tried, nothing refused
        await pilot.press("4", "enter")
        await settle(pilot)
        if t.obs.turn == HUMAN and t.obs.trick is not None:
            assert not button.disabled


# ----- ASCII scroll bars --------------------------------------------------------------


def test_the_ascii_scroll_bar_draws_only_ascii() -> None:
    bar = AsciiScrollBarRender.render_bar(size=10, virtual_size=100, window_size=25, position=33)
    text = "".join(s.text for s in bar.segments if isinstance(s, Segment))
    assert text.isascii() and "#" in text


async def test_ascii_mode_draws_the_help_screens_scroll_bar_in_ascii() -> None:
    config = MatchConfig(parse_code(BOMB_CODE), deals=3, level="random")
    app = create_app(config, pace=0, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        scroll = app.screen.query_one("#help-scroll")
        assert scroll.vertical_scrollbar.renderer is AsciiScrollBarRender
        await pilot.press("pagedown")
        await pilot.pause()
        shown = app.export_screenshot()
        assert "#" in shown
        for glyph in "▁▂▃▄▅▆▇▉▊▋▌▍▎▏":
            assert glyph not in shown


# ----- the session summary -----------------------------------------------------------


async def test_the_summary_starts_a_new_session_like_the_last() -> None:
    app = make_app(SESSION_CODE, deals=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        old: Match = app.match
        finish_session(old)
        table(pilot).show_summary()
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert app.screen.query_one("#new", Button)
        await pilot.press("n")
        await settle(pilot)
        new: Match = app.match
        assert new is not old and isinstance(app.screen, TableScreen)
        assert app.table.match is new
        assert (new.config.deals, new.config.level, new.config.rules) == (
            old.config.deals,
            old.config.level,
            old.config.rules,
        )
        assert new.config.first_code != old.config.first_code
        assert new.deal_number == 1 and new.session is not None and not new.session.records
        assert top(pilot).deal == "Deal 1 of 3"
        assert len([s for s in app.screen_stack if isinstance(s, TableScreen)]) == 1


async def test_a_new_session_from_the_summary_is_saved_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from doudizhu_tui.store import HOME_ENV, SaveSlot

    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    config = MatchConfig(parse_code(SESSION_CODE), deals=3, level="random")
    app = build_app(Match(config), pace=0, ascii=False, save=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        finish_session(app.match)
        table(pilot).show_summary()
        await pilot.pause()
        await pilot.click("#new")
        await settle(pilot)
        new = app.match
        loaded = SaveSlot().load()
        assert loaded.ok and loaded.match is not None
        assert loaded.match.config.first_code == new.config.first_code


# ----- hints -------------------------------------------------------------------------


def test_the_first_hint_is_the_normal_computers_play_then_small_to_large() -> None:
    game = Game(parse_code(BOMB_CODE))
    game.apply(BidAction(3))
    obs = observe(game, HUMAN)
    cycle = hint_cycle(obs)
    first = normal_choice(obs)
    assert first is not None and cycle[0] == first
    assert cycle[1:] == [p for p in hint_order(obs.legal_plays) if p != first]
    assert sorted(cycle, key=str) == sorted(obs.legal_plays, key=str)
    assert cycle[0] != hint_order(obs.legal_plays)[0]  # not the single 3


def test_the_first_hint_is_a_pass_when_normal_would_let_its_partner_win() -> None:
    game = Game.from_position(
        hands=["3 3 4 4 5 6 7 8 9 10 J Q K A 2 2 BJ", None, "3 4 5 6 6 7 7 8 9 10 J Q A A 2 2"],
        landlord=Seat.RIGHT,
        kitty="K K Q",
        history=[(Seat.RIGHT, "3"), (Seat.LEFT, "K")],
    )
    obs = observe(game, HUMAN)
    assert obs.turn == HUMAN and obs.trick is not None and obs.trick[0] == Seat.LEFT
    if normal_choice(obs) is not None:
        pytest.skip("Normal beats its partner here")
    cycle = hint_cycle(obs)
    assert cycle[0] is None and cycle[1:] == hint_order(obs.legal_plays)
    assert any(p.kind is Kind.SINGLE for p in obs.legal_plays)


# ----- notices -----------------------------------------------------------------------


async def test_notices_from_before_the_app_are_shown_in_it() -> None:
    config = MatchConfig(parse_code(BOMB_CODE), deals=3, level="random")
    said = "the saved session could not be restored; it was kept as session-damaged-1.json"
    app = build_app(Match(config), pace=0, ascii=False, save=False, notices=[said])
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert [n.message for n in app._notifications] == [said]


async def test_a_saving_problem_is_said_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only data folder: every save fails (with a new temporary name each
    time), and the warning is shown once."""
    import itertools
    import tempfile

    from doudizhu_tui.store import HOME_ENV

    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    names = itertools.count()

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied", f"{tmp_path}/.session-{next(names)}.tmp")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    config = MatchConfig(parse_code(BOMB_CODE), deals=3, level="random")
    app = build_app(Match(config), pace=0, ascii=False, save=True)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        await pilot.press("h", "enter")
        await settle(pilot)
        assert next(names) > 2  # saving was tried again and again
        warnings = [n.message for n in app._notifications if "not being saved" in n.message]
        assert len(warnings) == 1, warnings


# ----- the history's words -----------------------------------------------------------


def test_the_history_says_pass_for_a_bid_of_nothing_as_the_table_does() -> None:
    assert describe_event(Bid(Seat.RIGHT, 0)) == "Right: pass"
    assert describe_event(Bid(HUMAN, 2)) == "You: bid 2"
