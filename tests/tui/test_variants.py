"""The variant profiles at the table (#10): the rob auction, the space shuttle, no airplanes."""

from __future__ import annotations

from textual.widgets import Button

from doudizhu_tui.core import Kind, Phase, Played, Rank, RobBid, Seat
from doudizhu_tui.tui.screens.help import HelpScreen
from doudizhu_tui.tui.screens.table import TableScreen
from doudizhu_tui.tui.widgets.cards import TrickView
from doudizhu_tui.tui.widgets.panels import ActionBar, OpponentPanel, PlayLog

from .helpers import (
    BOMB_CODE,
    QUIET,
    ROBBER,
    SIZE,
    make_app,
    play_out_by_keys,
    profile,
    result_screen,
    settle,
    status,
    table,
    top,
)

#: Under ``rob``: Right opens the auction (the marked card is Right's).
RIGHT_OPENS_CODE = "3C38K-9HGXT"
#: Under ``shuttle``: You open holding 5-5-5-5-6-6-6-6 (and 3, 4 for kickers).
SHUTTLE_CODE = "3V5K8-QBMSM"
#: Under ``beginner``: You open holding 5-5-5-6-6-6 (an airplane at a classic table).
AIRPLANE_PAIR_CODE = "3B65K-4FAAV"


def buttons(t: TableScreen) -> list[str]:
    """The labels of the action bar's buttons on show."""
    bar = t.query_one("#actions", ActionBar)
    return [str(b.label) for b in bar.query(Button) if b.display]


def panel_last(t: TableScreen, seat: Seat) -> str | None:
    """What an opponent's panel gives as the seat's last action."""
    selector = "#panel-left" if seat is Seat.LEFT else "#panel-right"
    info = t.query_one(selector, OpponentPanel).info
    assert info is not None
    return info.last


async def test_rob_you_call_are_robbed_twice_and_rob_back() -> None:
    """A whole rob deal: You call (Enter), Right and Left rob, You rob back (r); the
    round cell, panels, log and status line follow; the result card tells the auction
    and itemises the call and each rob."""
    app = make_app(BOMB_CODE, rules=profile("rob"), level=ROBBER)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(pilot)
        assert buttons(t) == ["Call [Enter]", "Pass [p]"]
        assert status(pilot).message == "Your call: call [Enter] or pass [p]."
        assert status(pilot).verdict.startswith("Advice: ")
        assert status(pilot).verdict.endswith("-> call")
        assert top(pilot).round_cell == "10 × - × 1 = -"
        await pilot.press("r")  # nobody has called: refused with the core's reason
        assert status(pilot).message.startswith("Refused: nobody has called")
        await pilot.press("enter")
        await settle(pilot)
        assert status(pilot).message == "Left robbed your call; rob back [r] or pass [p]."
        assert buttons(t) == ["Rob back [r]", "Pass [p]"]
        assert top(pilot).round_cell == "10 × 2^2 × 1 = 40"
        assert panel_last(t, Seat.RIGHT) == "rob"
        assert panel_last(t, Seat.LEFT) == "rob"
        log = t.query_one("#log", PlayLog)
        assert log.lines[-3:] == ("You: call", "Right: rob (×2)", "Left: rob (×2)")
        await pilot.press("r")
        await settle(pilot)
        assert t.obs.phase is Phase.PLAY and t.obs.landlord is Seat.YOU
        assert "You: rob back (×2)" in log.lines and "You are landlord, ×8" in log.lines
        assert top(pilot).round_cell == "10 × 2^3 × 1 = 80"
        await pilot.press("5", "5", "5", "5", "enter")  # a bomb doubles once more
        await settle(pilot)
        assert top(pilot).round_cell == "10 × 2^3 × 2 = 160"
        await play_out_by_keys(pilot)
        info = result_screen(pilot).info
        assert info.notes.startswith(
            "Auction: You called; Right robbed, Left robbed, You robbed back."
        )
        assert "× call x1 × rob x2 × rob x2 × rob x2 × bomb x2" in info.stake
        game = app.match.game
        assert [e.move for e in game.log if isinstance(e, RobBid)] == ["call", "rob", "rob", "rob"]


async def test_rob_an_opponent_calls_and_you_rob() -> None:
    """Right calls, Left robs, You rob (a button), Right robs back and is landlord."""
    app = make_app(RIGHT_OPENS_CODE, rules=profile("rob"), level=ROBBER)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(pilot)
        assert status(pilot).message == "Left robbed Right's call; rob [r] or pass [p]."
        assert panel_last(t, Seat.RIGHT) == "call"
        assert panel_last(t, Seat.LEFT) == "rob"
        assert buttons(t) == ["Rob [r]", "Pass [p]"]
        assert t.query_one("#log", PlayLog).lines[0] == "Right calls first"
        await pilot.click("#rob-rob")
        await settle(pilot)
        obs = t.obs
        assert obs.landlord is Seat.RIGHT and obs.robs == 3
        assert "Right is landlord, ×8" in t.query_one("#log", PlayLog).lines
        assert top(pilot).round_cell.endswith("= 80")


async def test_rob_pass_refused_out_of_turn_and_thrown_in() -> None:
    """Nobody calls: a session deals again and says so; a replay shows the card."""
    app = make_app(BOMB_CODE, rules=profile("rob"), level=QUIET)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(pilot)
        first = t.game
        await pilot.press("p")
        await settle(pilot)
        assert t.game is not first  # thrown in: the next deal is on the table
        assert t.game.phase is Phase.AUCTION
    app = make_app(BOMB_CODE, rules=profile("rob"), level=QUIET, scored=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        info = result_screen(pilot).info
        assert info.title == "Nobody called: the deal is thrown in"
        assert info.stake == "No landlord, no score."
        log = table(pilot).query_one("#log", PlayLog)
        assert log.lines[-1] == "Nobody called: thrown in"


async def test_rob_the_advice_says_pass_when_a_rob_is_not_worth_it() -> None:
    """The rob back takes a hand worth a bid of 3 (as the computers decide)."""
    app = make_app(BOMB_CODE, rules=profile("rob"), level=ROBBER)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("1")  # 1 calls, like Enter
        await settle(pilot)
        assert status(pilot).verdict.endswith("-> pass")
        await pilot.press("p")
        await settle(pilot)
        obs = table(pilot).obs
        assert obs.landlord is Seat.LEFT and obs.robs == 2


async def test_shuttle_played_from_a_known_code() -> None:
    """You hold two consecutive fours: the shuttle and its kickers are read (and kept
    by Tab), Enter plays it, and it does not double the stake."""
    app = make_app(SHUTTLE_CODE, rules=profile("shuttle"), level="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")  # bid 3: landlord, to lead
        await settle(pilot)
        t = table(pilot)
        await pilot.press(*"55556666")
        assert status(pilot).verdict.startswith("✓ space shuttle 5-5-5-5-6-6-6-6")
        await pilot.press("3", "4")
        shuttle = "✓ space shuttle+singles 5-5-5-5-6-6-6-6+3-4"
        assert status(pilot).verdict.startswith(shuttle)
        await pilot.press("tab")  # the only reading: Tab keeps it
        assert status(pilot).verdict.startswith(shuttle)
        assert t.reading is not None and t.reading.kind is Kind.SPACE_SHUTTLE_SINGLES
        before = t.obs.multiplier
        await pilot.press("enter")
        await settle(pilot)
        played = [e for e in t.game.log if isinstance(e, Played)]
        assert played[0].play.kind is Kind.SPACE_SHUTTLE_SINGLES
        log = t.query_one("#log", PlayLog)
        assert "You: space shuttle+singles 5-5-5-5-6-6-6-6+3-4" in log.lines
        assert t.game.bombs == 0 and t.obs.multiplier == before


async def test_shuttle_among_the_hints() -> None:
    """Cycling the hints on a lead reaches the shuttle."""
    app = make_app(SHUTTLE_CODE, rules=profile("shuttle"), level="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        t = table(pilot)
        kinds = set()
        for _ in range(len(t.obs.legal_plays) + 1):
            await pilot.press("h")
            if t.reading is not None:
                kinds.add(t.reading.kind)
        assert Kind.SPACE_SHUTTLE in kinds or Kind.SPACE_SHUTTLE_SINGLES in kinds


async def test_beginner_refuses_an_airplane_with_the_reason() -> None:
    app = make_app(AIRPLANE_PAIR_CODE, rules=profile("beginner"), level="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        t = table(pilot)
        await pilot.press(*"555666")
        reason = "airplanes are not played at this table (one trio at a time)"
        assert status(pilot).verdict.endswith(reason)
        await pilot.press("enter")
        assert status(pilot).message == f"Refused: {reason}"
        assert not [e for e in t.game.log if isinstance(e, Played)]
        # One trio at a time is fine.
        await pilot.press("escape", *"555", "enter")
        await settle(pilot)
        played = [e for e in t.game.log if isinstance(e, Played)]
        assert played[0].play.kind is Kind.TRIO and played[0].play.rank is Rank.FIVE


async def test_a_long_held_caption_keeps_the_play_whole() -> None:
    """ "Your space shuttle+singles held; you lead" is wider than the table's middle at
    80 columns: the tail gives way, the play's name stays whole."""
    app = make_app(SHUTTLE_CODE, rules=profile("shuttle"), level=QUIET)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        await pilot.press(*"5555666634", "enter")
        await settle(pilot)
        t = table(pilot)
        trick = t.query_one("#trick", TrickView)
        assert trick.caption == "Your space shuttle+singles held; you lead"
        shown = str(trick.render()).strip().splitlines()[0].strip()
        assert shown == "Your space shuttle+singles held"


async def test_help_shows_the_rob_keys_and_the_profile_in_force() -> None:
    app = make_app(BOMB_CODE, rules=profile("rob"), level=QUIET)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        screen = pilot.app.screen
        assert isinstance(screen, HelpScreen)
        assert "**Enter** or **1** call (or rob), **r** rob, **p** pass" in screen.source
        assert "The rules in force: `rob`" in screen.source
    app = make_app(BOMB_CODE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        screen = pilot.app.screen
        assert isinstance(screen, HelpScreen)
        assert "The rules in force" not in screen.source
        assert "**1**, **2**, **3** bid" in screen.source
