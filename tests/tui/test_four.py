"""The table for four players with two packs (R48-R52) at 80x24: Across over the play,
the landlord's 33 cards in two rows (by keys and by mouse), the kitty of eight, the
tracker out of 8, bombs by size, the result card and the summary with four seats."""

from __future__ import annotations

import io

from rich.console import Console
from textual.pilot import Pilot

from doudizhu_tui.core import Phase, Rank, Seat
from doudizhu_tui.match import HUMAN
from doudizhu_tui.tui import DouDizhuApp
from doudizhu_tui.tui.screens.summary import SummaryScreen
from doudizhu_tui.tui.view import log_lines
from doudizhu_tui.tui.widgets.cards import KittyView
from doudizhu_tui.tui.widgets.panels import AcrossPanel, OpponentPanel, Tracker

from .helpers import (
    EAGER,
    SIZE,
    finish_session,
    hand_view,
    make_app,
    play_out_by_keys,
    profile,
    result_screen,
    settle,
    status,
    table,
    top,
)

#: Four players: you open the auction; bidding 3 you hold 33 cards.
FOUR_CODE = "3RPD7-9KTD8"
#: Four players: you open; bidding 3 you hold seven 3s (a 7-card bomb, which doubles).
SEVEN_CODE = "3M9YN-DMRN4"


def four_app(code: str = FOUR_CODE, *, deals: int = 3) -> DouDizhuApp:
    return make_app(code, rules=profile("four"), level=EAGER, deals=deals)


async def click_card(pilot: Pilot[None], index: int) -> None:
    view = hand_view(pilot)
    await pilot.click("#hand", offset=(view.card_x(index) + 1, view.card_y(index)))


def screen_text(app: DouDizhuApp) -> list[str]:
    """The screen's lines as plain text."""
    width, height = app.size
    console = Console(
        width=width, height=height, record=True, color_system=None, file=io.StringIO()
    )
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text().splitlines()


async def test_the_auction_shows_three_opponents_and_a_kitty_of_eight() -> None:
    app = four_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(pilot)
        obs = t.obs
        assert obs.phase is Phase.AUCTION and obs.turn == HUMAN
        assert len(obs.hand) == 25
        panels = {p.info.seat for p in t.query(OpponentPanel) if p.info is not None and p.display}
        assert panels == {Seat.LEFT, Seat.ACROSS, Seat.RIGHT}
        assert t.query_one("#panel-across", AcrossPanel).display
        kitty = t.query_one("#kitty", KittyView)
        assert kitty.count == 8 and not kitty.face_up
        assert top(pilot).totals == (0, 0, 0, 0)
        assert "Advice:" in status(pilot).verdict
        lines = screen_text(app)
        assert len(lines) == 24
        assert all(len(line.rstrip()) <= 80 for line in lines)
        assert "Y+0 R+0 A+0 L+0" in lines[0]
        assert "Kitty: " in "\n".join(lines)
        # The hand of 25 fits one row.
        assert len(hand_view(pilot).rows()) == 1


async def test_the_landlords_33_cards_by_keys_and_by_mouse_in_two_rows() -> None:
    app = four_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")  # bid 3: landlord with 33 cards
        await settle(pilot)
        t = table(pilot)
        game = t.game
        assert game.landlord == HUMAN and game.turn == HUMAN
        hand = game.hands[HUMAN]
        assert len(hand) == 33
        view = hand_view(pilot)
        rows = view.rows()
        assert len(rows) == 2 and rows[0][0] == 0 and rows[1][1] == 33
        second = rows[1][0]
        # Every card is inside the 80 columns.
        assert all(view.card_x(i) >= 0 and view.card_x(i) + view.step() < 80 for i in range(33))
        # Each card on screen is the one the mouse finds there.
        for i in range(33):
            assert view.index_at(view.card_x(i) + 1, view.card_y(i)) == i

        # Mouse: a click on a card of the second row selects it, another unselects it.
        await click_card(pilot, second + 1)
        assert t.selection == {hand[second + 1]}
        assert view.selected == t.selection
        await click_card(pilot, 0)
        assert t.selection == {hand[0], hand[second + 1]}
        # Two different singles: refused with the reason, the hand untouched.
        assert hand[0].rank != hand[second + 1].rank
        await pilot.click("#play")
        assert status(pilot).message == "Refused: a straight needs at least 5 cards"
        assert len(game.hands[HUMAN]) == 33
        await click_card(pilot, second + 1)
        assert t.selection == {hand[0]}
        await pilot.press("escape")
        assert not t.selection

        # A drag from the first row into the second selects the run between.
        x, y = view.card_x, view.card_y
        await pilot.mouse_down("#hand", offset=(x(second - 1) + 1, y(second - 1)))
        await pilot.hover("#hand", offset=(x(second + 1) + 1, y(second + 1)))
        await pilot.mouse_up("#hand", offset=(x(second + 1) + 1, y(second + 1)))
        assert t.selection == set(hand[second - 1 : second + 2])
        await pilot.press("escape")

        # Keys: the cursor runs from the first row into the second.
        t.cursor = second - 1
        await pilot.press("right", "space")
        assert t.cursor == second and t.selection == {hand[second]}
        await pilot.press("space")
        assert not t.selection
        # A rank key picks a card of the second row; the next press the next card.
        assert hand[-1].rank is Rank.TWO
        await pilot.press("2", "2")
        assert len(t.selection) == 2
        assert all(c.rank is Rank.TWO and hand.index(c) >= second for c in t.selection)

        # A single by key, played: 32 cards left.
        await pilot.press("escape")
        await pilot.press("3", "enter")
        assert len(game.hands[HUMAN]) == 32
        await settle(pilot)
        lines = screen_text(app)
        assert all(len(line.rstrip()) <= 80 for line in lines)


async def test_a_seven_card_bomb_doubles_and_the_result_card_has_four_scores() -> None:
    app = four_app(SEVEN_CODE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        t = table(pilot)
        await pilot.press(*["3"] * 7)
        assert status(pilot).verdict.startswith("✓ 7-card BOMB 3-3-3-3-3-3-3")
        await pilot.press("enter")
        assert t.game.bombs == 1
        assert top(pilot).round_cell == "10 × 3 × 2 = 60"
        assert any("7-card BOMB" in line and "(×2)" in line for line in log_lines(t.obs, t.glyphs))
        # The tracker counts out of 8 (2 a joker).
        await pilot.press("c")
        tracker = t.query_one("#tracker", Tracker)
        assert tracker.packs == 2 and max(tracker.counts) <= 8
        await play_out_by_keys(pilot, bid="3")
        info = result_screen(pilot).info
        assert [line.seat for line in info.seats] == ["You", "Right", "Across", "Left"]
        scores = [int(line.score) for line in info.seats]
        assert sum(scores) == 0 and scores[0] == -3 * scores[1]
        assert scores[1] == scores[2] == scores[3]
        assert "7-card bomb x2" in info.stake
        assert len(info.kitty.split()) == 8
        lines = screen_text(app)
        assert all(len(line.rstrip()) <= 80 for line in lines)
        text = "\n".join(lines)
        assert "Across" in text and "Replay this deal" in text


async def test_a_session_of_four_ends_with_four_totals() -> None:
    app = four_app(deals=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        finish_session(app.match)
        table(pilot).show_summary()
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        session = app.match.session
        assert session is not None and len(session.totals) == 4 and sum(session.totals) == 0
        text = "\n".join(screen_text(app))
        for label in ("You", "Right", "Across", "Left"):
            assert label in text


def test_bombs_at_four_say_their_size_and_only_six_or_more_double() -> None:
    from doudizhu_tui.core import classify, doubles, parse_cards
    from doudizhu_tui.tui.view import describe_play

    rules = profile("four")

    def play(text: str):  # type: ignore[no-untyped-def]
        return classify([c.rank for c in parse_cards(text, packs=2)], rules)[0]

    assert describe_play(play("9 9 9 9")) == "BOMB 9-9-9-9"
    assert describe_play(play("9 9 9 9 9 9")) == "6-card BOMB 9-9-9-9-9-9"
    assert describe_play(play("BJ BJ RJ RJ")) == "ROCKET BJ-BJ-RJ-RJ"
    assert not doubles(play("9 9 9 9 9"), 4)
    assert doubles(play("9 9 9 9 9 9"), 4)
    assert doubles(play("BJ BJ RJ RJ"), 4)
    assert doubles(play("9 9 9 9"), 3)


def test_help_at_four_tells_of_the_two_rows() -> None:
    from doudizhu_tui.tui.screens.help import HelpScreen

    assert "drawn in two" in HelpScreen(profile("four")).source
    assert "drawn in two" not in HelpScreen().source
