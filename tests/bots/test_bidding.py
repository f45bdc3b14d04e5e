"""Bidding from simulated odds (bots/bidding.py) and Hard's auction (issue 12)."""

from __future__ import annotations

import random
from dataclasses import replace

from doudizhu_tui.bots import hard
from doudizhu_tui.bots.bidding import BidLines, landlord_odds, odds_action
from doudizhu_tui.bots.hard import HardBot
from doudizhu_tui.core import (
    BidAction,
    Observation,
    RobAction,
    Seat,
)
from doudizhu_tui.rulebook import shipped_profile

from .positions import auction

YOU, RIGHT = Seat.YOU, Seat.RIGHT
STRONG = "BJ RJ 2 2 2 2 A A K K Q Q J J 10 10 3"
WEAK = "3 3 4 4 5 6 7 7 8 9 9 10 J Q Q K A"
LINES = BidLines(0.40, 0.55, 0.65)


def _rob(hand: str, move: str, spoke: bool = False) -> Observation:
    """You to ``move`` ("call" or "rob") at a rob table; ``spoke``: you called first."""
    said = ((YOU, "call"), (RIGHT, "rob")) if spoke else ((RIGHT, "call"),)
    return replace(
        auction(hand),
        rules=shipped_profile("rob"),
        rob_moves=said,
        legal_actions=(RobAction(move), RobAction("pass")),  # type: ignore[arg-type]
    )


def test_odds_are_a_share_that_repeats_for_the_same_generator() -> None:
    obs = auction("3 3 5 6 7 8 9 9 10 J Q K A A 2 2 BJ")
    first = landlord_odds(obs, random.Random(5), 24)
    assert 0.0 <= first <= 1.0
    assert first * 24 == round(first * 24)
    assert landlord_odds(obs, random.Random(5), 24) == first


def test_a_strong_hand_has_better_odds_than_a_weak_one() -> None:
    strong = landlord_odds(auction(STRONG), random.Random(1), 48)
    weak = landlord_odds(auction(WEAK), random.Random(1), 48)
    assert strong >= 0.7
    assert weak <= 0.35
    assert strong > weak


def test_the_lines_give_the_bid_and_only_a_higher_bid_is_made() -> None:
    assert [LINES.bid(x) for x in (0.2, 0.4, 0.55, 0.7)] == [0, 1, 2, 3]
    assert odds_action(auction(WEAK), 0.6, LINES) == BidAction(2)
    # Right already bid 2: odds worth 2 cannot outbid it, so the seat passes.
    after_two = auction(WEAK, bids=((RIGHT, 2),))
    assert odds_action(after_two, 0.6, LINES) == BidAction(0)
    assert odds_action(after_two, 0.7, LINES) == BidAction(3)


def test_at_a_rob_table_the_lines_are_a_call_a_rob_and_a_rob_back() -> None:
    assert odds_action(_rob(WEAK, "call"), 0.45, LINES) == RobAction("call")
    assert odds_action(_rob(WEAK, "call"), 0.30, LINES) == RobAction("pass")
    assert odds_action(_rob(WEAK, "rob"), 0.60, LINES) == RobAction("rob")
    assert odds_action(_rob(WEAK, "rob"), 0.50, LINES) == RobAction("pass")
    # Having called, robbing back takes the third line.
    assert odds_action(_rob(WEAK, "rob", spoke=True), 0.60, LINES) == RobAction("pass")
    assert odds_action(_rob(WEAK, "rob", spoke=True), 0.70, LINES) == RobAction("rob")


def test_hard_bids_three_with_a_strong_hand_and_passes_a_weak_one() -> None:
    assert hard.BID_SAMPLES > 0
    for seed in (1, 2):
        assert HardBot(YOU, random.Random(seed)).decide(auction(STRONG)) == BidAction(3)
        assert HardBot(YOU, random.Random(seed)).decide(auction(WEAK)) == BidAction(0)


def test_hard_robs_with_a_strong_hand() -> None:
    assert HardBot(YOU, random.Random(1)).decide(_rob(STRONG, "rob")) == RobAction("rob")
    assert HardBot(YOU, random.Random(1)).decide(_rob(WEAK, "rob")) == RobAction("pass")
