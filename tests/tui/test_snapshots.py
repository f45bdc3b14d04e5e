"""Snapshots of the screens at a fixed size and code (pytest-textual-snapshot).

Update them after a deliberate change of the look with ``pytest --snapshot-update``
and check the new SVG files under ``__snapshots__`` by eye.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from doudizhu_tui.core import parse_code, parse_profile
from doudizhu_tui.match import MatchConfig
from doudizhu_tui.rulebook import profile_text
from doudizhu_tui.tui import DouDizhuApp, create_app

from .helpers import (
    BOMB_CODE,
    EAGER,
    SESSION_CODE,
    finish_session,
    make_app,
    play_out_by_keys,
    profile,
    settle,
    table,
)

#: You open the auction; with EagerBot seats Right bids 3 if you pass.
OPENER_CODE = "32222-2227H"

SnapCompare = Callable[..., bool]


def test_auction(snap_compare: SnapCompare) -> None:
    app = make_app(BOMB_CODE)
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)


def test_auction_wide(snap_compare: SnapCompare) -> None:
    """A big terminal: the face-down kitty drawn tall in the middle of the table."""
    app = make_app(BOMB_CODE)
    assert snap_compare(app, terminal_size=(160, 48), run_before=settle)


async def _mid_play(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("3")  # bid 3: landlord
    await settle(pilot)
    await pilot.press("4", "enter")  # lead a single 4
    await settle(pilot)
    await pilot.press("h", "h")  # the second hint to beat it
    await pilot.pause()


def test_mid_play_with_a_selection(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(BOMB_CODE), terminal_size=(80, 24), run_before=_mid_play)


def test_mid_play_wide(snap_compare: SnapCompare) -> None:
    """A big terminal: taller cards, the play on the table big, each seat's plays listed."""
    assert snap_compare(make_app(BOMB_CODE), terminal_size=(160, 48), run_before=_mid_play)


async def _illegal(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("3")
    await settle(pilot)
    await pilot.press("c", "4", "6", "enter")
    await pilot.pause()


def test_refused_selection_with_tracker(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(BOMB_CODE), terminal_size=(80, 24), run_before=_illegal)


async def _to_result(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("3")
    await pilot.press("5", "5", "5", "5", "enter")  # the bomb
    await play_out_by_keys(pilot, bid="3")
    await pilot.pause()


def test_result_card(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(BOMB_CODE), terminal_size=(80, 24), run_before=_to_result)


async def _to_summary(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    app = pilot.app
    assert isinstance(app, DouDizhuApp)
    finish_session(app.match)
    table(pilot).show_summary()
    await pilot.pause()


def test_session_summary(snap_compare: SnapCompare) -> None:
    app = make_app(SESSION_CODE, deals=3)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_to_summary)


def test_help(snap_compare: SnapCompare) -> None:
    app = make_app(BOMB_CODE)
    assert snap_compare(app, terminal_size=(80, 24), press=["question_mark"], run_before=settle)


def test_help_in_ascii(snap_compare: SnapCompare) -> None:
    """ASCII mode: the help screen's scroll bar too is drawn in ASCII."""
    config = MatchConfig(parse_code(BOMB_CODE), deals=3, level="random")
    app = create_app(config, pace=0, ascii=True)
    assert snap_compare(
        app, terminal_size=(80, 24), press=["question_mark", "pagedown"], run_before=settle
    )


async def _lead(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("3")  # bid 3: landlord, to lead
    await settle(pilot)


def test_your_lead(snap_compare: SnapCompare) -> None:
    """Your lead: no Pass button (it would be refused)."""
    assert snap_compare(make_app(BOMB_CODE), terminal_size=(80, 24), run_before=_lead)


async def _peasant_under_older_rules(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("p")  # Right bids 3 and takes the hidden kitty
    await settle(pilot)


def test_older_rules_in_ascii(snap_compare: SnapCompare) -> None:
    """Older rules, ASCII: the profile named on the log, the code with it on the top
    bar, and the kitty a peasant never sees drawn face down."""
    rules = parse_profile(profile_text("older"))
    config = MatchConfig(parse_code(OPENER_CODE), deals=3, level=EAGER, rules=rules)
    app = create_app(config, pace=0, ascii=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_peasant_under_older_rules)


def test_too_small(snap_compare: SnapCompare) -> None:
    app = make_app(BOMB_CODE)
    assert snap_compare(app, terminal_size=(70, 20), run_before=settle)


#: Under ``rob`` against Normal: You open; after your call Right and Left both rob.
ROB_CODE = "3RKQR-EU4XZ"


async def _robbed(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("enter")  # call; Right and Left rob
    await settle(pilot)


def test_rob_auction(snap_compare: SnapCompare) -> None:
    """The rob auction: robbed twice, the round cell at 10 x 2^2, each panel's rob, the
    log of calls and robs, and Rob / Pass to rob back."""
    app = make_app(ROB_CODE, rules=profile("rob"), level="normal")
    assert snap_compare(app, terminal_size=(80, 24), run_before=_robbed)


def test_rob_auction_in_ascii(snap_compare: SnapCompare) -> None:
    """The same in ASCII: x for the times sign."""
    app = make_app(ROB_CODE, rules=profile("rob"), level="normal", ascii=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_robbed)


#: Under ``shuttle``: You open holding 5-5-5-5-6-6-6-6 (and 3, 4 for kickers).
SHUTTLE_CODE = "3V5K8-QBMSM"


async def _shuttle(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("3")  # bid 3: landlord, to lead
    await settle(pilot)
    await pilot.press(*"5555666634")
    await pilot.pause()


def test_shuttle_selected(snap_compare: SnapCompare) -> None:
    """A space shuttle with its kickers selected on the lead, read as such."""
    app = make_app(SHUTTLE_CODE, rules=profile("shuttle"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_shuttle)


#: Under ``beginner``: You open and, bidding 3, hold J-J-J and Q-Q-Q.
BEGINNER_CODE = "32222-222EJ"


async def _beginner(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("3")  # bid 3: landlord, to lead
    await settle(pilot)
    await pilot.press(*"jjjqqq")
    await pilot.pause()


def test_beginner_airplane_refused(snap_compare: SnapCompare) -> None:
    """At the beginners' table two consecutive trios are no play, and the status line
    says they go one trio at a time."""
    app = make_app(BEGINNER_CODE, rules=profile("beginner"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_beginner)


#: You open and, bidding 3, are landlord holding a wild card: under ``laizi`` the 10s
#: are wild after the kitty; under ``tiandi`` the 10s from the auction, then the kings.
WILD_CODE = "32222-222WW"


async def _wild_selected(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("3")  # bid 3: landlord, to lead; the 10s are wild
    await settle(pilot)
    await pilot.press(*"56780", "tab")  # the 10 as a 4: straight [4]-5-6-7-8
    await pilot.pause()


def test_laizi_wild_selected(snap_compare: SnapCompare) -> None:
    """A wildcard table: the wild rank on the top bar, the wild 10 marked in the hand,
    the selection's reading with the wild in brackets and Tab to another."""
    app = make_app(WILD_CODE, rules=profile("laizi"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_wild_selected)


async def _wild_played(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("3")  # bid 3: landlord; the kings are wild too
    await settle(pilot)
    await pilot.press(*"7770", "enter")  # the soft bomb 7-7-7-[7]
    await settle(pilot)


def test_tiandi_wild_played(snap_compare: SnapCompare) -> None:
    """Two wild ranks on the top bar, a soft bomb on the table with its wild card
    marked and the reading in the caption, the log naming both wild ranks."""
    app = make_app(WILD_CODE, rules=profile("tiandi"), level="normal")
    assert snap_compare(app, terminal_size=(80, 24), run_before=_wild_played)


#: Four players (R48): you open; bidding 3 you hold 33 cards.
FOUR_CODE = "3RPD7-9KTD8"


def _four_app() -> DouDizhuApp:
    return make_app(FOUR_CODE, rules=profile("four"))


def test_four_auction(snap_compare: SnapCompare) -> None:
    """Four players at 80x24: Left, Across and Right, the kitty of eight face down."""
    assert snap_compare(_four_app(), terminal_size=(80, 24), run_before=settle)


async def _four_landlord(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("3")  # bid 3: landlord with 33 cards
    await settle(pilot)
    await pilot.press("3", "3", "3", "enter")  # lead a trio of 3s; Across bombs it
    await settle(pilot)
    await pilot.press(*["6"] * 5)  # a 5-card bomb beats a 4-card one (R51)
    await pilot.pause()


def test_four_card_play_with_33(snap_compare: SnapCompare) -> None:
    """Four players at 80x24: the landlord's hand in two rows, a 5-card bomb selected
    to beat Across's bomb of four."""
    assert snap_compare(_four_app(), terminal_size=(80, 24), run_before=_four_landlord)


async def _four_lead(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("3")
    await settle(pilot)
    await pilot.press("0", "0", "0", "0", "right", "right")  # a bomb in the second row
    await pilot.pause()


def test_four_lead_with_33(snap_compare: SnapCompare) -> None:
    """The landlord's lead with all 33 cards: the kitty of eight on one line."""
    assert snap_compare(_four_app(), terminal_size=(80, 24), run_before=_four_lead)


def test_four_mid_play_wide(snap_compare: SnapCompare) -> None:
    """A big terminal at four: the hand in one row, Across over the play."""
    assert snap_compare(_four_app(), terminal_size=(160, 48), run_before=_four_landlord)
