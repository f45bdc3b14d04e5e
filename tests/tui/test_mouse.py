"""A whole deal played from a fixed code with the mouse only."""

from __future__ import annotations

from textual.pilot import Pilot

from doudizhu_tui.core import Kind, Phase, Played, Rank
from doudizhu_tui.match import HUMAN
from doudizhu_tui.tui.screens.table import TableScreen

from .helpers import (
    SIZE,
    STRAIGHT_CODE,
    hand_view,
    make_app,
    result_screen,
    settle,
    status,
    table,
    top,
)


async def click_card(pilot: Pilot[None], index: int) -> None:
    await pilot.click("#hand", offset=(hand_view(pilot).card_x(index) + 1, 2))


async def test_a_deal_by_mouse_with_refusal_drag_hint_and_result() -> None:
    app = make_app(STRAIGHT_CODE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(pilot)
        game = t.game
        assert game.phase is Phase.AUCTION and game.turn == HUMAN
        # Only the legal bids are offered as buttons.
        shown = [b.id for b in t.query("#actions Button") if b.display]
        assert shown == ["bid-0", "bid-1", "bid-2", "bid-3"]
        await pilot.click("#bid-3")
        await settle(pilot)
        assert game.landlord == HUMAN
        hand = game.hands[HUMAN]
        assert [c.rank for c in hand[2:8]] == [Rank(r) for r in range(4, 10)]

        # Clicking toggles cards; an illegal selection is refused with the reason.
        await click_card(pilot, 0)
        await click_card(pilot, 11)
        assert t.selection == {hand[0], hand[11]}
        assert hand_view(pilot).selected == t.selection
        await pilot.click("#play")
        assert status(pilot).message == "Refused: a straight needs at least 5 cards"
        assert len(game.hands[HUMAN]) == 20
        await click_card(pilot, 11)
        assert t.selection == {hand[0]}
        await pilot.click("#clear")
        assert not t.selection

        # Dragging across cards selects the run: a straight.
        x = hand_view(pilot).card_x
        await pilot.mouse_down("#hand", offset=(x(2) + 1, 2))
        await pilot.hover("#hand", offset=(x(4) + 1, 2))
        await pilot.hover("#hand", offset=(x(6) + 1, 2))
        await pilot.mouse_up("#hand", offset=(x(6) + 1, 2))
        assert sorted(c.rank for c in t.selection) == [Rank(r) for r in range(4, 9)]
        assert status(pilot).verdict.startswith("✓ straight 4-5-6-7-8")
        await pilot.click("#play")
        first = next(e for e in game.log if isinstance(e, Played))
        assert first.seat == HUMAN and first.play.kind is Kind.STRAIGHT

        # The rest with the Hint, Play and Pass buttons.
        for _ in range(200):
            await settle(pilot)
            if not isinstance(app.screen, TableScreen):
                break
            if game.turn != HUMAN:
                continue
            await pilot.click("#hint")
            await pilot.click("#play" if t.selection else "#pass")
        info = result_screen(pilot).info
        assert info.heading == "Deal 1 of 3"
        assert info.code == str(app.match.code) == f"{STRAIGHT_CODE}:classic:random"
        assert "bid 3" in info.stake
        await pilot.click("#next")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert top(pilot).deal == "Deal 2 of 3"


async def test_drag_back_over_selected_cards_unselects_them() -> None:
    app = make_app(STRAIGHT_CODE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.click("#bid-3")
        await settle(pilot)
        t = table(pilot)
        hand = t.game.hands[HUMAN]
        x = hand_view(pilot).card_x
        await pilot.press("5", "6", "7")
        await pilot.mouse_down("#hand", offset=(x(3) + 1, 2))
        await pilot.hover("#hand", offset=(x(5) + 1, 2))
        await pilot.mouse_up("#hand", offset=(x(5) + 1, 2))
        assert not t.selection
        # A selected card is raised: clicking its raised top row still toggles it.
        await pilot.press("9")
        assert t.selection == {hand[7]}
        await pilot.click("#hand", offset=(x(7) + 1, 0))
        assert not t.selection
