"""A three-deal session played to its summary."""

from __future__ import annotations

from doudizhu_tui.tui.screens.summary import SummaryScreen
from doudizhu_tui.tui.screens.table import TableScreen

from .helpers import SESSION_CODE, SIZE, make_app, play_out_by_keys, result_screen, settle, top


async def test_three_deals_to_the_session_summary() -> None:
    app = make_app(SESSION_CODE, deals=3)
    async with app.run_test(size=SIZE) as pilot:
        session = app.match.session
        assert session is not None
        for number in (1, 2, 3):
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            assert top(pilot).deal == f"Deal {number} of 3"
            await play_out_by_keys(pilot, bid="1")
            info = result_screen(pilot).info
            assert info.heading == f"Deal {number} of 3"
            assert len(session.records) == number
            totals = top(pilot).totals
            assert totals is not None and list(totals) == session.totals
            expected = "Session summary [n]" if number == 3 else "Next deal [n]"
            assert info.next_label == expected
            await pilot.press("n")
        await settle(pilot)
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        assert session.finished
        assert [r.number for r in session.records] == [1, 2, 3]
        assert sum(session.totals) == 0
        standings = session.standings()
        assert standings[0].total == max(session.totals)
        await pilot.press("q")
    assert not app.is_running
