"""Bidding from simulated odds (bots/bidding.py) and Hard's auction (issue 12)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from doudizhu_tui.arena.run import deal_codes
from doudizhu_tui.bots import hard
from doudizhu_tui.bots.base import advised_bid, decision_rng
from doudizhu_tui.bots.bidding import (
    BidLines,
    _auction_winner,
    auction_values,
    landlord_odds,
    odds_action,
)
from doudizhu_tui.bots.hard import HardBot
from doudizhu_tui.bots.policy import BOLD, NORMAL
from doudizhu_tui.core import (
    BidAction,
    Game,
    Observation,
    RobAction,
    Seat,
)
from doudizhu_tui.core.deal import parse_code
from doudizhu_tui.core.observation import observe
from doudizhu_tui.rulebook import shipped_profile

from .positions import auction

YOU, RIGHT, LEFT = Seat.YOU, Seat.RIGHT, Seat.LEFT
STRONG = "BJ RJ 2 2 2 2 A A K K Q Q J J 10 10 3"
WEAK = "3 3 4 4 5 6 7 7 8 9 9 10 J Q Q K A"
LINES = BidLines(0.40, 0.55, 0.65)


def _rob(hand: str, move: str, spoke: bool = False) -> Observation:
    """You to ``move`` ("call" or "rob") at a rob table: after Left's call (Left
    opened), or with ``spoke`` after your own call, Right's rob and Left's pass."""
    said = ((YOU, "call"), (RIGHT, "rob"), (LEFT, "pass")) if spoke else ((LEFT, "call"),)
    return replace(
        auction(hand),
        rules=shipped_profile("rob"),
        first_bidder=said[0][0],
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


# ----- what each auction action is worth (hard.BID_VALUES) -----------------------------

MEDIUM = "3 3 5 6 7 8 9 9 10 J Q K A A 2 2 BJ"
JUNK = "3 3 4 5 6 6 7 8 8 9 9 10 J J Q K K"
PASS, CALL, ROB = RobAction("pass"), RobAction("call"), RobAction("rob")


def _winner(obs: Observation, action: BidAction | RobAction, right: int, left: int) -> int | None:
    return _auction_winner(obs, action, {int(RIGHT): right, int(LEFT): left})[0]


def test_the_rest_of_a_bidding_auction_follows_the_tables_rules() -> None:
    obs = auction(WEAK)  # You open: Right, then Left speak after you
    assert _winner(obs, BidAction(0), 0, 0) is None  # all pass: thrown in
    assert _winner(obs, BidAction(1), 0, 0) == int(YOU)
    assert _winner(obs, BidAction(0), 1, 2) == int(LEFT)
    # Right's 1 cannot outbid your 1; Left's 2 can, and the stake is then 2.
    assert _winner(obs, BidAction(1), 1, 0) == int(YOU)
    assert _auction_winner(obs, BidAction(1), {int(RIGHT): 1, int(LEFT): 2}) == (int(LEFT), 2)
    assert _winner(obs, BidAction(3), 3, 3) == int(YOU)
    # Left opened with 1 and you passed; Right to speak: passing leaves Left the landlord.
    late = replace(auction(WEAK), first_bidder=LEFT, bids=((LEFT, 1), (YOU, 0)), seat=RIGHT)
    assert _auction_winner(late, BidAction(0), {int(YOU): 3, int(LEFT): 3}) == (int(LEFT), 1)
    assert _auction_winner(late, BidAction(2), {int(YOU): 3, int(LEFT): 3}) == (int(RIGHT), 2)


def test_the_rest_of_a_rob_auction_follows_the_tables_rules() -> None:
    obs = _rob(WEAK, "rob")  # Left called; you, then Right may rob; Left may rob back
    assert _auction_winner(obs, PASS, {int(RIGHT): 0, int(LEFT): 0}) == (int(LEFT), 1)
    assert _winner(obs, PASS, 2, 0) == int(RIGHT)
    assert _auction_winner(obs, ROB, {int(RIGHT): 0, int(LEFT): 2}) == (int(YOU), 2)
    # Right robs too, or Left robs back with a hand the advice bids 3 on.
    assert _auction_winner(obs, ROB, {int(RIGHT): 2, int(LEFT): 0}) == (int(RIGHT), 4)
    assert _auction_winner(obs, ROB, {int(RIGHT): 0, int(LEFT): 3}) == (int(LEFT), 4)
    opening = replace(auction(WEAK), rules=shipped_profile("rob"), legal_actions=(CALL, PASS))
    assert _winner(opening, PASS, 0, 0) is None
    assert _winner(opening, PASS, 0, 1) == int(LEFT)
    assert _winner(opening, CALL, 1, 1) == int(YOU)


def test_a_bid_of_three_is_worth_the_landlords_odds() -> None:
    # Nobody can outbid 3: the bid wins the deal as often as the landlord's seat does,
    # and in points that is 3 won or lost twice over.
    obs = auction(MEDIUM)
    odds = landlord_odds(obs, random.Random(3), 32)
    wins = auction_values(obs, random.Random(3), 32, NORMAL, points=False)
    assert wins[BidAction(3)] == odds
    stakes = auction_values(obs, random.Random(3), 32, NORMAL, points=True)
    assert stakes[BidAction(3)] == pytest.approx(6 * (2 * odds - 1))
    assert set(stakes) == set(obs.legal_actions)


def test_an_edge_raises_the_chance_of_winning_in_its_seat() -> None:
    # The same deals: an edge as the landlord adds to a bid of 3 (nobody outbids it)
    # twice the stake per point of chance, counted twice over; an edge as a peasant
    # adds nothing to it and raises a pass, on the deals that somebody else takes.
    obs = auction(MEDIUM)
    plain = auction_values(obs, random.Random(3), 32, NORMAL)
    landlord = auction_values(obs, random.Random(3), 32, NORMAL, edge=(0.1, 0.0))
    peasant = auction_values(obs, random.Random(3), 32, NORMAL, edge=(0.0, 0.1))
    assert landlord[BidAction(3)] == pytest.approx(plain[BidAction(3)] + 6 * 2 * 0.1)
    assert peasant[BidAction(3)] == plain[BidAction(3)]
    assert landlord[BidAction(0)] == plain[BidAction(0)]
    assert peasant[BidAction(0)] > plain[BidAction(0)]
    wins = auction_values(obs, random.Random(3), 32, NORMAL, points=False)
    edged = auction_values(obs, random.Random(3), 32, NORMAL, points=False, edge=(0.1, 0.0))
    assert edged[BidAction(3)] == pytest.approx(wins[BidAction(3)] + 0.1)


def test_a_thrown_in_deal_counts_what_a_new_deal_is_worth() -> None:
    obs = auction(MEDIUM)
    low = auction_values(obs, random.Random(4), 32, points=False, throw_in=0.0)
    high = auction_values(obs, random.Random(4), 32, points=False, throw_in=1.0)
    assert low[BidAction(1)] == high[BidAction(1)]  # somebody always takes a bid deal
    thrown = high[BidAction(0)] - low[BidAction(0)]  # the share nobody takes if you pass
    assert 0.0 < thrown < 1.0
    assert thrown * 32 == pytest.approx(round(thrown * 32))


def test_bold_play_outs_value_the_big_cards_more() -> None:
    # Normal's passive peasants let a landlord with long plays and no big card win.
    rng = random.Random
    big, long = auction(MEDIUM), auction(JUNK)
    bold = [auction_values(obs, rng(5), 48, BOLD)[BidAction(3)] for obs in (big, long)]
    normal = [auction_values(obs, rng(5), 48, NORMAL)[BidAction(3)] for obs in (big, long)]
    assert bold[0] - bold[1] > normal[0] - normal[1]


def test_hard_bids_what_pays_most(monkeypatch: pytest.MonkeyPatch) -> None:
    assert hard.BID_VALUES and hard.STAKES
    for seed in (1, 2, 3):
        assert HardBot(YOU, random.Random(seed)).decide(auction(STRONG)) == BidAction(3)
        assert HardBot(YOU, random.Random(seed)).decide(auction(JUNK)) == BidAction(0)
    # Counting wins, with a thrown-in deal worth a sure win only a sure winner bids; worth
    # nothing, a medium hand bids rather than let the deal go.
    monkeypatch.setattr(hard, "STAKES", False)
    monkeypatch.setattr(hard, "THROW_IN", 1.0)
    assert HardBot(YOU, random.Random(1)).decide(auction(MEDIUM)) == BidAction(0)
    monkeypatch.setattr(hard, "THROW_IN", 0.0)
    assert HardBot(YOU, random.Random(1)).decide(auction(MEDIUM)) != BidAction(0)


def test_at_four_hard_bids_a_step_above_the_advice_or_by_simulated_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two packs: without FOUR_BID_SAMPLES, the advice plus FOUR_BID_STEP; with it,
    the action that scores most on that many simulated deals of the four seats."""
    rules = shipped_profile("four")
    checked = 0
    for code in deal_codes(parse_code("32222-245DG"), 6):
        game = Game(code, rules)
        obs = observe(game, game.first_bidder)
        bot = HardBot(game.first_bidder, random.Random(7))
        assert hard.FOUR_BID_SAMPLES == 0
        assert bot.decide(obs) == advised_bid(obs, hard.FOUR_BID_STEP)
        monkeypatch.setattr(hard, "FOUR_BID_SAMPLES", 4)
        values = auction_values(
            obs, decision_rng(bot.seed, obs), 4, hard.BID_STYLE, hard.STAKES, hard.THROW_IN
        )
        assert len(values) == len(obs.legal_actions) == 4  # a pass and bids of 1-3
        chosen = bot.decide(obs)
        assert values[chosen] == max(values.values())
        monkeypatch.setattr(hard, "FOUR_BID_SAMPLES", 0)
        checked += chosen != advised_bid(obs, hard.FOUR_BID_STEP)
    # The simulated deals do not merely repeat the advice.
    assert checked > 0
