"""Reading the hidden hands from the auction (bots/infer.py BidReader, issue 12)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doudizhu_tui.bots import bidding, hard
from doudizhu_tui.bots.advice import rate_counts
from doudizhu_tui.bots.base import view_of
from doudizhu_tui.bots.infer import BidReader, read_bids
from doudizhu_tui.bots.normal import NormalBot
from doudizhu_tui.core import (
    CLASSIC,
    BidAction,
    Game,
    Observation,
    RobAction,
    Seat,
    code_from_number,
    counts_of,
    observe,
    parse_cards,
)
from doudizhu_tui.core.seats import seats_of
from doudizhu_tui.rulebook import shipped_profile
from doudizhu_tui.table import Table

from .positions import auction

YOU, RIGHT, LEFT = Seat.YOU, Seat.RIGHT, Seat.LEFT
STRONG = "BJ RJ 2 2 2 A A K K Q Q J J 10 10 9 3"
WEAK = "3 3 4 4 5 6 7 7 8 9 9 10 J Q Q K A"
GOOD = "2 2 2 BJ K K Q J 10 9 8 7 6 5 4 4 3"
FAIR = "2 2 A K K Q J 10 9 8 7 6 6 5 5 4 3"


def hand(text: str) -> list[int]:
    return counts_of(parse_cards(text))


def _points(text: str) -> float:
    return rate_counts(hand(text), CLASSIC).points


def test_the_points_of_a_strong_and_a_weak_hand() -> None:
    # The reader weighs hands by the advice's points: the test hands sit on either
    # side of the lines.
    assert _points(STRONG) >= 6.0  # bids 3
    assert 4.5 <= _points(GOOD) < 6.0  # bids 2
    assert 2.0 <= _points(FAIR) < 4.5  # bids 1
    assert _points(WEAK) < 2.0  # passes


def test_a_bid_of_two_makes_a_hand_worth_two_likeliest() -> None:
    # Right opened with 2: You, to bid, read Right's hand (Left has not spoken).  A
    # hand the advice bids 2 on fits best; one it passes on hardly at all, and one it
    # bids 3 on would have bid 3.
    reader = BidReader(auction(WEAK, ((RIGHT, 2),)))
    assert [seat for seat, _ in reader.actions] == [int(RIGHT)]
    mine = hand(WEAK)

    def right_holds(text: str) -> float:
        return reader.chance([mine, hand(text), hand(WEAK)])

    assert right_holds(GOOD) > 0.5
    assert right_holds(WEAK) < 0.01
    assert right_holds(STRONG) < 0.1
    assert 0.0 <= right_holds(FAIR) < right_holds(GOOD) <= 1.0


def test_a_pass_makes_a_weak_hand_likelier_and_a_bid_two_passes_can_make_means_little() -> None:
    reader = BidReader(auction(WEAK, ((RIGHT, 0),)))
    mine = hand(WEAK)
    assert reader.chance([mine, hand(WEAK), hand(STRONG)]) > 0.8
    assert reader.chance([mine, hand(STRONG), hand(WEAK)]) < 0.01
    # Left's pass after a bid of 3 could be made with any hand: nothing to read.
    obs = replace(auction(WEAK, ((RIGHT, 3), (LEFT, 0))), first_bidder=RIGHT)
    assert [seat for seat, _ in BidReader(obs).actions] == [int(RIGHT)]


def _dealt(number: int) -> list[list[int]]:
    """The three hands of a classic deal, as count vectors by seat."""
    game = Game(code_from_number(number))
    return [counts_of(h) for h in game.hands]


@settings(max_examples=60, deadline=None)
@given(
    number=st.integers(min_value=0, max_value=10**6),
    bids=st.lists(st.integers(min_value=0, max_value=3), min_size=1, max_size=2),
)
def test_the_chance_is_a_probability(number: int, bids: list[int]) -> None:
    # Whatever the hands and the bids, the chance of keeping a deal is in [0, 1]:
    # each read action counts at most its largest likelihood.
    said = tuple(zip((RIGHT, LEFT), bids, strict=False))
    reader = BidReader(auction(WEAK, said))
    hands = _dealt(number)
    assert 0.0 <= reader.chance(hands) <= 1.0


def _played_after_bids(number: int, bids: list[int], steps: int) -> Game:
    """A classic deal bid as ``bids`` (from the first bidder), then ``steps``
    card-play decisions of the Normal level."""
    game = Game(code_from_number(number))
    for amount in bids:
        game.apply(BidAction(amount))
    table = Table(game, {seat: NormalBot for seat in seats_of(3)})
    for _ in range(steps):
        table.step()
    return game


def test_the_landlord_is_read_on_the_hand_it_bid_with() -> None:
    # The landlord's hand at the auction: what it holds now and has played since,
    # less the kitty it took after the bids.
    game = _played_after_bids(7, [3], 6)
    landlord = game.landlord
    assert landlord is not None
    watcher = next(s for s in game.rules.seats if s != landlord)
    obs = observe(game, watcher)
    reader = BidReader(obs, [(int(s), p) for s, p in obs.history])
    assert [seat for seat, _ in reader.actions] == [int(landlord)]
    hands = [counts_of(h) for h in game.hands]
    bid_with = reader._points(hands, int(landlord))
    dealt = Game(code_from_number(7)).hands[int(landlord)]
    assert bid_with == rate_counts(counts_of(dealt), CLASSIC).points


def test_own_bids_and_wild_tables_are_not_read() -> None:
    obs = replace(auction(WEAK, ((RIGHT, 1), (LEFT, 0))), seat=RIGHT)
    assert [seat for seat, _ in BidReader(obs).actions] == [int(LEFT)]
    laizi = replace(auction(WEAK, ((RIGHT, 2),)), rules=shipped_profile("laizi"))
    assert BidReader(laizi).actions == []
    # read_bids: None when nothing is read, else the reader.
    assert read_bids(laizi) is None
    read = read_bids(obs)
    assert read is not None and read.actions == BidReader(obs).actions


def test_calls_and_robs_are_read_at_a_rob_table() -> None:
    # Left called and Right robbed: both say their hands are good; a robber more so.
    obs = replace(
        auction(WEAK),
        rules=shipped_profile("rob"),
        first_bidder=LEFT,
        rob_moves=((LEFT, "call"), (RIGHT, "rob")),
        legal_actions=(RobAction("rob"), RobAction("pass")),
    )
    reader = BidReader(obs)
    assert sorted(seat for seat, _ in reader.actions) == [int(RIGHT), int(LEFT)]
    mine = hand(WEAK)
    weak_caller = reader.chance([mine, hand(STRONG), hand(WEAK)])
    fair_caller = reader.chance([mine, hand(STRONG), hand(FAIR)])
    assert weak_caller * 5 < fair_caller
    # A rob needs a hand the advice bids 2 on.
    assert reader.chance([mine, hand(FAIR), hand(FAIR)]) * 3 < fair_caller


def _mean_points(deals: list[list[list[int]]], seat: int) -> float:
    return sum(rate_counts(h[seat], CLASSIC).points for h in deals) / len(deals)


def test_hards_deals_give_a_bidder_of_three_a_strong_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    # A landlord that bid 3 holds, on Hard's sampled deals, more points than on deals
    # drawn without reading the auction (its auction hand: the hand less the kitty).
    game = _played_after_bids(11, [0, 0, 3], 0)
    landlord = game.landlord
    assert landlord is not None
    you = next(s for s in game.rules.seats if s != landlord)
    obs = observe(game, you)
    v = view_of(obs, tracking=True)
    kitty = counts_of(game.kitty)

    def bid_hand(deals: list[list[list[int]]]) -> list[list[list[int]]]:
        return [
            [
                [a - b for a, b in zip(h, kitty, strict=True)] if s == int(landlord) else h
                for s, h in enumerate(d)
            ]
            for d in deals
        ]

    monkeypatch.setattr(hard, "BID_TRIES", 8)
    read, _, _ = hard._deals(obs, v, 40, random.Random(1))
    monkeypatch.setattr(hard, "BID_TRIES", 0)
    plain, _, _ = hard._deals(obs, v, 40, random.Random(1))
    assert (
        _mean_points(bid_hand(read), int(landlord))
        > _mean_points(bid_hand(plain), int(landlord)) + 1.0
    )


@pytest.mark.parametrize("side", [1, 2])
def test_the_card_play_reading_reads_only_on_the_side_it_names(
    monkeypatch: pytest.MonkeyPatch, side: int
) -> None:
    # CARD_BID_SIDE 1 reads the auction in the landlord's decisions only, 2 in the
    # peasants' only: on its side the same deals as BID_TRIES 8, elsewhere as unread.
    game = _played_after_bids(11, [0, 0, 3], 0)
    landlord = game.landlord
    assert landlord is not None
    for seat in game.rules.seats:
        obs = observe(game, seat)
        v = view_of(obs, tracking=True)
        monkeypatch.setattr(hard, "CARD_BID_SIDE", 0)
        monkeypatch.setattr(hard, "BID_TRIES", 8)
        read, _, _ = hard._deals(obs, v, 40, random.Random(1))
        monkeypatch.setattr(hard, "BID_TRIES", 0)
        plain, _, _ = hard._deals(obs, v, 40, random.Random(1))
        assert read != plain
        monkeypatch.setattr(hard, "CARD_BID_SIDE", side)
        monkeypatch.setattr(hard, "CARD_BID_TRIES", 8)
        sided, _, _ = hard._deals(obs, v, 40, random.Random(1))
        on_side = (seat == landlord) == (side == 1)
        assert sided == (read if on_side else plain)


def test_the_peasants_can_read_the_landlords_auction_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # CARD_BID_SIDE 3: a peasant reads only the landlord's bid, not its partner's
    # pass; the landlord reads nothing.  read_bids(seats=...) keeps those seats' actions.
    game = _played_after_bids(11, [0, 0, 3], 0)
    landlord = game.landlord
    assert landlord is not None
    monkeypatch.setattr(hard, "BID_TRIES", 0)
    monkeypatch.setattr(hard, "CARD_BID_TRIES", 8)
    peasants_read = 0
    for seat in game.rules.seats:
        obs = observe(game, seat)
        history = [(int(s), p) for s, p in obs.history]
        everyone = read_bids(obs, history)
        alone = read_bids(obs, history, [int(landlord)])
        v = view_of(obs, tracking=True)
        monkeypatch.setattr(hard, "CARD_BID_SIDE", 0)
        plain, _, _ = hard._deals(obs, v, 40, random.Random(1))
        monkeypatch.setattr(hard, "CARD_BID_SIDE", 2)
        both, _, _ = hard._deals(obs, v, 40, random.Random(1))
        monkeypatch.setattr(hard, "CARD_BID_SIDE", 3)
        third, _, _ = hard._deals(obs, v, 40, random.Random(1))
        if seat == landlord:
            assert third == plain
            continue
        assert everyone is not None and alone is not None
        assert [s for s, _ in alone.actions] == [int(landlord)]
        # The partner passed before the landlord bid, and that pass is read at 2 only.
        assert len(everyone.actions) == 2
        assert third != plain and third != both
        peasants_read += 1
    assert peasants_read == 2


def test_hards_bidding_reads_the_bids_before_it() -> None:
    # You bid after Right's 2: the simulated deals give Right a stronger hand when
    # the bids are read, and exactly the unread deals when nothing was bid before.
    after_two = auction(WEAK, ((RIGHT, 2),))
    read = bidding._deals(after_two, random.Random(3), 40, hard.BID_STYLE, 8)
    plain = bidding._deals(after_two, random.Random(3), 40, hard.BID_STYLE, 0)
    assert (
        _mean_points([d[0] for d in read], int(RIGHT))
        > _mean_points([d[0] for d in plain], int(RIGHT)) + 1.0
    )
    first: Observation = auction(WEAK)
    assert bidding._deals(first, random.Random(3), 8, hard.BID_STYLE, 8) == bidding._deals(
        first, random.Random(3), 8, hard.BID_STYLE, 0
    )


def test_the_reading_keeps_only_deals_the_auction_allows_and_fills_up_if_it_must() -> None:
    # Drawn deals alternate between two kinds; the auction rules one kind out.  The
    # kept deals are all of the other kind; when the auction rules every deal out,
    # the likeliest of those drawn still fill the places.
    from doudizhu_tui.bots.infer import Reader

    reader = Reader([], left=(17, 17, 20), me=0, landlord=2, rules=CLASSIC)
    drawn = iter(range(1000))

    def draw() -> list[list[int]]:
        n = next(drawn)
        return [[n % 2], [n], []]

    def spoke(hands: list[list[int]]) -> float:
        return float(hands[0][0])

    kept = hard._likely(draw, reader, 5, 30, spoke, random.Random(1))
    assert len(kept) == 5 and all(hands[0] == [1] for _, hands in kept)

    # Every deal refused: the first drawn fill the places (equally unlikely, the
    # earlier first).
    drawn = iter(range(1000))
    kept = hard._likely(draw, reader, 5, 30, lambda h: 0.0, random.Random(1))
    assert [hands[1][0] for _, hands in kept] == [0, 1, 2, 3, 4]


def test_a_deal_by_chance_is_the_first_kept_else_the_likeliest_drawn() -> None:
    from doudizhu_tui.bots.infer import by_chance

    counter = iter(range(100))
    assert by_chance(lambda: next(counter), lambda d: 1.0, random.Random(1), 8) == 0
    # Nothing can be kept: of the 8 drawn, the one of the highest chance (draw 3).
    counter = iter(range(100))
    assert (
        by_chance(lambda: next(counter), lambda d: 0.0 if d != 3 else 1e-12, random.Random(1), 8)
        == 3
    )
    # Kept with its chance: over many draws, a deal of chance 0.25 is kept about a
    # quarter of the times it is drawn.
    rng = random.Random(5)
    firsts = 0
    for _ in range(2000):
        draws = iter(range(100)).__next__
        firsts += by_chance(draws, lambda d: 0.25, rng, 50) == 0
    assert 0.2 < firsts / 2000 < 0.3
