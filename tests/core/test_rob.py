"""Robbing the landlord: the auction, the stake, the record (rule book R38-R40)."""

from __future__ import annotations

import pytest

from doudizhu_tui.core import (
    CLASSIC,
    BidAction,
    Game,
    IllegalAction,
    KittyShown,
    LandlordChosen,
    PassAction,
    Phase,
    PositionError,
    RobAction,
    RobAuction,
    RobBid,
    RuleProfile,
    Seat,
    Session,
    ThrownIn,
    claimed,
    code_from_number,
    is_pass,
    observe,
    parse_profile,
    replay,
    settle,
)
from doudizhu_tui.core.auction import AuctionError

from .positions import position_of

ROB = RuleProfile(name="rob", auction="rob")
CODE = code_from_number(2024)

CALL, ROB_, PASS = RobAction("call"), RobAction("rob"), RobAction("pass")


def robbed(first: Seat, *moves: str, rules: RuleProfile = ROB) -> Game:
    """A game under ``rules`` whose auction ``first`` opened, after ``moves``."""
    game = Game(CODE, rules, first)
    for move in moves:
        game.apply(RobAction(move))  # type: ignore[arg-type]
    return game


def test_r38_the_option_and_the_profile() -> None:
    """``auction`` is "bid" (classic) or "rob"; anything else is refused by name."""
    assert CLASSIC.auction == "bid"
    assert parse_profile('auction = "rob"').auction == "rob"
    with pytest.raises(ValueError, match="auction must be one of 'bid', 'rob'"):
        parse_profile('auction = "grab"')


def test_r38_the_auction_opens_with_call_or_pass_and_takes_no_bids() -> None:
    """The first bidder may call or pass; a bid is refused at this table, and a rob
    action at a bidding table."""
    game = robbed(Seat.RIGHT)
    assert isinstance(game.auction, RobAuction)
    assert game.turn is Seat.RIGHT and game.legal_actions() == [CALL, PASS]
    assert game.why_not(BidAction(1)) == "at this table players call and rob the landlord: no bids"
    assert game.why_not(ROB_) == "nobody has called yet: call or pass"
    classic = Game(CODE)
    assert classic.why_not(CALL) == "at this table players bid 1, 2 or 3: nobody robs"


def test_r38_three_passes_throw_the_deal_in() -> None:
    game = robbed(Seat.YOU, "pass", "pass", "pass")
    assert game.phase is Phase.THROWN_IN and game.landlord is None
    assert game.next_code == CODE.successor()
    assert [type(e) for e in game.log[1:]] == [RobBid, RobBid, RobBid, ThrownIn]
    assert game.why_not(CALL) == "the deal is over"


def test_r39_the_last_to_call_or_rob_is_landlord_and_takes_the_kitty() -> None:
    """You call, Right robs, Left passes, You rob back: You are landlord after two robs
    (R39's example), with the kitty, and lead."""
    game = robbed(Seat.YOU, "call", "rob", "pass", "rob")
    assert game.phase is Phase.PLAY
    assert (game.landlord, game.bid, game.robs, game.turn) == (Seat.YOU, 1, 2, Seat.YOU)
    assert len(game.hands[Seat.YOU]) == 20
    assert game.rob_moves == [
        (Seat.YOU, "call"),
        (Seat.RIGHT, "rob"),
        (Seat.LEFT, "pass"),
        (Seat.YOU, "rob"),
    ]
    assert game.bids == []
    events = game.log[1:]
    assert list(events[:4]) == [
        RobBid(Seat.YOU, "call", 0),
        RobBid(Seat.RIGHT, "rob", 1),
        RobBid(Seat.LEFT, "pass", 1),
        RobBid(Seat.YOU, "rob", 2),
    ]
    assert events[4] == LandlordChosen(Seat.YOU, 1, 2)
    assert isinstance(events[5], KittyShown)
    assert str(events[3]) == "You: rob" and str(ROB_) == "rob"


def test_r39_a_player_who_passed_before_the_call_may_not_rob() -> None:
    """You pass, Right calls, Left robs: the turn goes back to Right (You are skipped),
    and You are told why You cannot rob."""
    game = robbed(Seat.YOU, "pass", "call", "rob")
    assert game.turn is Seat.RIGHT and game.legal_actions() == [ROB_, PASS]
    assert isinstance(game.auction, RobAuction)
    assert game.auction.why_not("rob", Seat.YOU) == "you passed before the call, so you cannot rob"
    game.apply(PASS)
    assert game.landlord is Seat.LEFT and game.robs == 1


def test_r39_the_last_caller_is_landlord_at_once() -> None:
    game = robbed(Seat.YOU, "pass", "pass", "call")
    assert (game.phase, game.landlord, game.robs) == (Phase.PLAY, Seat.LEFT, 0)


def test_r39_robbing_is_over_once_the_landlord_is_chosen() -> None:
    game = robbed(Seat.YOU, "call", "pass", "pass")
    assert game.phase is Phase.PLAY
    assert game.why_not(ROB_) == "robbing is over"
    with pytest.raises(IllegalAction, match="robbing is over"):
        game.apply(ROB_)


def test_r39_a_refused_move_leaves_the_auction_as_it_was() -> None:
    auction = RobAuction(Seat.LEFT)
    auction.speak("call")
    with pytest.raises(AuctionError, match="Left called already"):
        auction.speak("call")
    assert auction.moves == [(Seat.LEFT, "call")] and auction.turn is Seat.YOU
    game = robbed(Seat.LEFT, "call")
    before = list(game.log)
    with pytest.raises(IllegalAction):
        game.apply(CALL)
    assert list(game.log) == before and game.turn is Seat.YOU


def test_r40_the_stake_is_live_during_the_auction() -> None:
    """0 before the call, base once called, doubled by each rob; the multiplier counts
    the robs and the observation shows the same."""
    values = []
    game = robbed(Seat.YOU)
    for move in ("call", "rob", "rob"):
        values.append((game.stake_bid, game.multiplier, game.round_value))
        game.apply(RobAction(move))  # type: ignore[arg-type]
    values.append((game.stake_bid, game.multiplier, game.round_value))
    assert values == [(0, 1, 0), (1, 1, 10), (1, 2, 20), (1, 4, 40)]
    obs = observe(game, Seat.YOU)
    assert (obs.stake_bid, obs.multiplier, obs.round_value, obs.robs) == (1, 4, 40, 2)
    assert obs.legal_rob_moves == ("rob", "pass") and obs.legal_bids == ()
    assert obs.rob_moves == ((Seat.YOU, "call"), (Seat.RIGHT, "rob"), (Seat.LEFT, "rob"))
    assert observe(game, Seat.LEFT).legal_rob_moves == ()


def test_r40_settlement_itemises_the_call_and_every_rob() -> None:
    """base 10, two robs, one bomb, the peasants win: 10 x 4 x 2 = 80 (R40's example)."""
    s = settle(
        base=10,
        bid=1,
        bombs=1,
        rockets=0,
        spring=False,
        reverse_spring=False,
        landlord=Seat.LEFT,
        landlord_won=False,
        robs=2,
        auction="rob",
    )
    assert [(i.label, i.factor) for i in s.items] == [
        ("call x1", 1),
        ("rob x2", 2),
        ("rob x2", 2),
        ("bomb x2", 2),
    ]
    assert (s.multiplier, s.value, s.scores, s.robs, s.auction) == (
        8,
        80,
        (80, 80, -160),
        2,
        "rob",
    )
    with pytest.raises(ValueError, match="only a rob auction has robs"):
        settle(
            base=10,
            bid=1,
            bombs=0,
            rockets=0,
            spring=False,
            reverse_spring=False,
            landlord=Seat.LEFT,
            landlord_won=False,
            robs=1,
        )


def test_r40_a_rob_deal_played_out_settles_with_its_robs() -> None:
    game = robbed(Seat.YOU, "call", "rob", "rob", "pass")
    while not game.over:
        game.apply(game.legal_actions()[-1])
    settled = game.settlement
    assert settled is not None
    s = settled.settlement
    assert s.robs == 2 and s.bid == 1 and s.auction == "rob"
    assert [i.label for i in s.items][:3] == ["call x1", "rob x2", "rob x2"]
    assert s.value == 10 * 4 * (1 << (s.bombs + s.rockets)) * (
        2 if s.spring or s.reverse_spring else 1
    )


def test_r30_a_rob_deal_replays_from_its_actions() -> None:
    game = robbed(Seat.RIGHT, "pass", "call", "rob", "rob")
    while not game.over:
        game.apply(game.legal_actions()[0 if game.trick is None else -1])
    again = replay(game.code, game.actions, ROB, game.first_bidder)
    assert again.log == game.log


def test_r38_from_position_takes_the_calls_and_robs_as_bids() -> None:
    """A position after a rob auction rebuilds with its moves; by default the landlord
    calls and nobody robs; a bid amount or a move out of turn is refused."""
    game = robbed(Seat.LEFT, "pass", "call", "rob", "pass")
    while len(game.history) < 5:
        game.apply(game.legal_actions()[-1])
    twin = position_of(game)
    assert twin.log == game.log and twin.robs == 1 and twin.landlord == game.landlord
    plain = Game.from_position(
        hands=[list(h) for h in game.deal.hands],
        kitty=game.kitty,
        rules=ROB,
        first_bidder=Seat.RIGHT,
    )
    assert plain.phase is Phase.AUCTION and plain.turn is Seat.RIGHT
    fresh = robbed(Seat.LEFT, "pass", "call", "rob", "pass")
    default = position_of(fresh, bids=None, turn=None, first_bidder=Seat.LEFT)
    assert default.rob_moves == [(Seat.LEFT, "pass"), (Seat.YOU, "pass"), (Seat.RIGHT, "call")]
    assert (default.landlord, default.robs, default.round_value) == (Seat.RIGHT, 0, 10)
    with pytest.raises(PositionError, match="no bid amounts"):
        position_of(fresh, bid=2, bids=None, turn=None)
    with pytest.raises(PositionError, match="is not a \\(seat, move\\) pair"):
        position_of(fresh, bids=[(Seat.LEFT, 0)], turn=None)
    with pytest.raises(PositionError, match="you passed before the call, so you cannot rob"):
        position_of(
            fresh, bids=[(Seat.LEFT, "pass"), (Seat.YOU, "call"), (Seat.LEFT, "rob")], turn=None
        )


def test_r29_a_rob_session_skips_thrown_in_deals() -> None:
    session = Session(CODE, deals=3, rules=ROB)
    scored = 0
    thrown = 0
    while not session.finished:
        game = session.new_game()
        if thrown < 2:
            for _ in range(3):
                game.apply(PASS)
            thrown += 1
        else:
            game.apply(CALL)
            while not game.over:
                game.apply(game.legal_actions()[-1])
            scored += 1
        session.record(game)
    assert (scored, thrown, len(session.records)) == (3, 2, 3)
    assert sum(session.totals) == 0


def test_r39_a_seat_that_called_or_robbed_has_claimed_and_a_pass_is_a_pass() -> None:
    auction = RobAuction(first=Seat.YOU)
    for move in ("pass", "call", "rob"):  # You pass, Right calls, Left robs
        auction.speak(move)
    assert not claimed(auction.moves, Seat.YOU)
    assert claimed(auction.moves, Seat.RIGHT) and claimed(auction.moves, Seat.LEFT)
    # Right may rob back now: its turn after the rob, having claimed the seat.
    assert auction.stage == "rob back" and auction.turn == Seat.RIGHT
    passes = [PassAction(), BidAction(0), RobAction("pass")]
    assert all(is_pass(a) for a in passes)
    assert not any(is_pass(a) for a in (BidAction(1), RobAction("call"), RobAction("rob")))
