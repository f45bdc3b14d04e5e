"""Table codes and the rule profile at 80x24: the top bar keeps the whole code, the
table names a profile that is not classic, the summary gives each deal's code (#8)."""

from __future__ import annotations

import pytest

from doudizhu_tui.core import parse_code, parse_profile, parse_table_code
from doudizhu_tui.match import Match, MatchConfig
from doudizhu_tui.rulebook import profile_text
from doudizhu_tui.tui import create_app
from doudizhu_tui.tui.screens.result import code_line
from doudizhu_tui.tui.screens.summary import SummaryScreen
from doudizhu_tui.tui.widgets.panels import PlayLog

from .helpers import (
    BOMB_CODE,
    EAGER,
    SESSION_CODE,
    SIZE,
    finish_session,
    make_app,
    settle,
    table,
    top,
)

#: You open the auction; with EagerBot seats Right bids 3 if you pass.
OPENER_CODE = "32222-2227H"

#: Codes as long as the shipped profiles and levels make them (a rotated opener too).
CODES = [
    "3226B-Q524C",
    "3226B-Q524C:classic:random",
    "3226B-Q524C:older:easy",
    "3226B-Q524C:older:normal:right",
    "3226B-Q524C:older:tests.tui.helpers/EagerBot:left",
]
TOTALS = [(0, 0, 0), (-1200, 600, 600), (24000, -12000, -12000)]
CELLS = ["10 × - × 1 = -", "10 × 3 × 1 = 30", "10 × 3 × 64 = 1920"]
DEALS = [("Deal 1 of 3", "1/3"), ("Deal 12 of 12", "12/12"), ("Replay (not scored)", "Replay")]


def _older() -> MatchConfig:
    rules = parse_profile(profile_text("older"))
    return MatchConfig(parse_code(OPENER_CODE), deals=3, level=EAGER, rules=rules)


@pytest.mark.parametrize("width", [80, 100, 160])
async def test_the_top_bar_keeps_the_whole_code_at_every_width(width: int) -> None:
    """Every combination of long codes, big totals and a big round cell: the bar fits
    its width and ends with the whole code; the round cell stays while it can."""
    app = make_app(BOMB_CODE)
    async with app.run_test(size=(width, 24)) as pilot:
        await settle(pilot)
        bar = top(pilot)
        room = bar.size.width
        for code in CODES:
            for totals in TOTALS:
                for cell in CELLS:
                    for deal, short in DEALS:
                        bar.code, bar.totals, bar.round_cell = code, totals, cell
                        bar.deal, bar.deal_short = deal, short
                        line = bar.render().plain
                        assert line.endswith(code) and len(line) <= room, line
                        if len(code) <= 32:  # the shipped profiles and levels
                            assert cell.replace(" ", "") in line.replace(" ", ""), line
        # The widest form when there is room for it.
        bar.code, bar.totals, bar.round_cell = CODES[1], TOTALS[0], CELLS[1]
        bar.deal, bar.deal_short = DEALS[0]
        line = bar.render().plain
        if width >= 100:
            assert "You +0" in line and "Round 10" in line and f"Code {CODES[1]}" in line


async def test_a_profile_other_than_classic_is_named_on_the_table() -> None:
    """Under older rules the play log is titled with the profile, the top bar shows the
    code with it, and the kitty a peasant never saw stays face down."""
    app = create_app(_older(), pace=0, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(pilot)
        log = t.query_one("#log", PlayLog)
        assert log.border_title == "Rules: older"
        assert parse_table_code(top(pilot).code).profile == "older"
        await pilot.press("p")
        await settle(pilot)
        assert t.obs.kitty is None and t.obs.landlord is not None
        assert "Right took the hidden kitty" in log.lines


async def test_the_classic_table_has_no_profile_title() -> None:
    app = make_app(BOMB_CODE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert table(pilot).query_one("#log", PlayLog).border_title == ""


def test_the_result_card_gives_the_whole_code_in_its_width() -> None:
    for code in CODES:
        line = code_line(code)
        assert code in line and len(line) <= 74
        assert f"doudizhu replay {code}" in line


async def test_the_session_summary_gives_each_deals_full_code() -> None:
    app = make_app(SESSION_CODE, deals=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match: Match = app.match
        finish_session(match)
        table(pilot).show_summary()
        await pilot.pause()
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        shown = [str(d.code) for d in match.scored_deals()]
        assert len(shown) == 3 and all(c.endswith(":classic:random") for c in shown)
        rendered = pilot.app.export_screenshot()
        for code in shown:
            assert code in rendered
