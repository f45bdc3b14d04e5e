"""Shared helpers for the interface tests: a fixed-code app, waiting, playing out a deal."""

from __future__ import annotations

import random
from dataclasses import replace

from textual.pilot import Pilot

from doudizhu_tui.core import (
    CLASSIC,
    Action,
    BidAction,
    Observation,
    PassAction,
    Phase,
    PlayAction,
    RobAction,
    RuleProfile,
    Seat,
    parse_code,
    parse_profile,
)
from doudizhu_tui.match import HUMAN, Match, MatchConfig
from doudizhu_tui.rulebook import profile_text
from doudizhu_tui.tui import DouDizhuApp, create_app
from doudizhu_tui.tui.screens.result import ResultScreen
from doudizhu_tui.tui.screens.table import TableScreen
from doudizhu_tui.tui.view import hint_order
from doudizhu_tui.tui.widgets.cards import HandView
from doudizhu_tui.tui.widgets.panels import StatusLine, TopBar

#: Human is first bidder and, bidding 3, landlord holding the bomb 5-5-5-5.
BOMB_CODE = "32222-222CY"
#: Human is first bidder and, bidding 3, landlord holding 4-4-4-5-5-5-6-6-6-7-7-7.
AIRPLANE_CODE = "32222-2D6YZ"
#: Human is first bidder and, bidding 3, landlord holding single 4 5 6 7 8 9 (cards 2-7).
STRAIGHT_CODE = "32222-223K9"
#: A session's first code for the three-deal test.
SESSION_CODE = "3235H-FT2U6"

SIZE = (80, 24)


class EagerBot:
    """A test controller: bids 3 whenever it may, then plays at random (a computer landlord)."""

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, observation: Observation) -> Action:
        bids = [a for a in observation.legal_actions if isinstance(a, BidAction)]
        if bids:
            return max(bids, key=lambda a: a.amount)
        return self.rng.choice(observation.legal_actions)


#: The level name of :class:`EagerBot`.
EAGER = "tests.tui.helpers:EagerBot"


class ShyBot(EagerBot):
    """A test controller that never bids (so that a deal can be thrown in)."""

    def decide(self, observation: Observation) -> Action:
        if any(isinstance(a, BidAction) for a in observation.legal_actions):
            return BidAction(0)
        return self.rng.choice(observation.legal_actions)


#: The level name of :class:`ShyBot`.
SHY = "tests.tui.helpers:ShyBot"


class RobberBot(EagerBot):
    """A test controller for rob tables: calls and robs whenever it may, then plays at random."""

    def decide(self, observation: Observation) -> Action:
        legal = observation.legal_rob_moves
        if legal:
            return RobAction(legal[0])
        return self.rng.choice(observation.legal_actions)


#: The level name of :class:`RobberBot`.
ROBBER = "tests.tui.helpers:RobberBot"


class QuietBot(EagerBot):
    """A test controller for rob tables: never calls nor robs, then plays at random."""

    def decide(self, observation: Observation) -> Action:
        if observation.legal_rob_moves:
            return RobAction("pass")
        return self.rng.choice(observation.legal_actions)


#: The level name of :class:`QuietBot`.
QUIET = "tests.tui.helpers:QuietBot"


def profile(name: str) -> RuleProfile:
    """A profile that comes with the game, by name (``rob``, ``shuttle``, ``beginner``)."""
    return parse_profile(profile_text(name))


def make_app(
    code: str = BOMB_CODE,
    *,
    deals: int = 3,
    scored: bool = True,
    kitty: str = "shown",
    level: str = "random",
    rules: RuleProfile | None = None,
    ascii: bool = False,
) -> DouDizhuApp:
    """The app on a fixed code against the (deterministic, fast) random bots, unpaced
    (under ``rules`` when given, else classic with the kitty ``shown`` or hidden)."""
    if rules is None:
        rules = CLASSIC if kitty == "shown" else replace(CLASSIC, kitty="hidden")  # type: ignore[arg-type]
    config = MatchConfig(parse_code(code), deals=deals, level=level, rules=rules, scored=scored)
    return create_app(config, pace=0, ascii=ascii)


async def settle(pilot: Pilot[None]) -> None:
    """Wait until no computer seat is deciding and every message has been handled."""
    app = pilot.app
    assert isinstance(app, DouDizhuApp)
    for _ in range(2000):
        await app.workers.wait_for_complete()
        await pilot.pause(0)  # handle what is queued; no idle wait
        if not app.table.busy and not any(w.is_running for w in app.workers):
            await pilot.pause(0)
            return
    raise AssertionError("the table never settled")


def table(pilot: Pilot[None]) -> TableScreen:
    app = pilot.app
    assert isinstance(app, DouDizhuApp)
    return app.table


def status(pilot: Pilot[None]) -> StatusLine:
    return table(pilot).query_one("#status", StatusLine)


def top(pilot: Pilot[None]) -> TopBar:
    return table(pilot).query_one("#topbar", TopBar)


def hand_view(pilot: Pilot[None]) -> HandView:
    return table(pilot).query_one("#hand", HandView)


async def play_out_by_keys(pilot: Pilot[None], *, bid: str = "p") -> None:
    """Play the deal on the table to its end with the keyboard: bid, then hint + Enter or pass."""
    for _ in range(200):
        await settle(pilot)
        if not isinstance(pilot.app.screen, TableScreen):
            return
        t = table(pilot)
        game = t.game
        if game.turn != HUMAN:
            continue
        if game.phase is Phase.AUCTION:
            await pilot.press(bid if int(bid) in game.auction.legal_bids() else "p")
        else:
            await pilot.press("h")
            await pilot.press("enter" if t.selection else "p")
    raise AssertionError("the deal did not end")


def finish_session(match: Match) -> None:
    """Play the session's remaining deals without the interface, through the match's
    own flow (the person passes in the auction, then makes the smallest legal play)."""
    while True:
        game = match.game
        while not game.over:
            if match.human_to_act:
                if game.phase is Phase.AUCTION:
                    match.submit(BidAction(0))
                else:
                    plays = hint_order(game.legal_plays())
                    match.submit(PlayAction(plays[0]) if plays else PassAction())
            else:
                match.apply_decision(match.decide())
        if match.after_deal() == "thrown-in":
            continue
        if match.summary_due:
            return
        match.next_deal()


def result_screen(pilot: Pilot[None]) -> ResultScreen:
    screen = pilot.app.screen
    assert isinstance(screen, ResultScreen), f"expected the result card, got {screen!r}"
    return screen
