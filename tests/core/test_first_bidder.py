"""Who opens the auction: the marked card, rotation, the heart three, the deal code
(rule book R6, R37)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from doudizhu_tui.core import (
    BidAction,
    Card,
    DealCode,
    Dealt,
    Game,
    Phase,
    Rank,
    RuleProfile,
    Seat,
    Session,
    code_from_number,
    deal_cards,
    opening_seat,
    parse_profile,
)
from doudizhu_tui.core.seats import next_seat, seats_of

HEARTS = 1  # the suit index of hearts
HEART_THREE = RuleProfile(first_bidder="heart-three")
RANDOM = RuleProfile(first_bidder="random")
ROTATE = RuleProfile(first_bidder="rotate")
CODES = [code_from_number(n * 7919 + 3) for n in range(400)]


def holder(code: DealCode, card: Card) -> Seat | None:
    """The seat dealt ``card``, or None if it lies in the kitty."""
    deal = deal_cards(code)
    return next((s for s in seats_of(3) if card in deal.hands[s]), None)


def test_r37_the_first_bidder_option_takes_four_values() -> None:
    """marked-card, rotate, heart-three and random; anything else is refused by name."""
    for value in ("marked-card", "rotate", "heart-three", "random"):
        assert parse_profile(f'first_bidder = "{value}"').first_bidder == value
    with pytest.raises(ValueError, match="first_bidder must be one of"):
        parse_profile('first_bidder = "hearts"')


def test_r6_marked_card_and_rotate_open_with_the_marked_card() -> None:
    """A single deal under either opens with the holder of the marked card."""
    for code in CODES[:50]:
        natural = deal_cards(code).first_bidder
        assert Game(code).first_bidder == natural
        assert Game(code, ROTATE).first_bidder == natural


def test_r37_heart_three_opens_with_the_lowest_heart_outside_the_kitty() -> None:
    """The holder of the 3 of hearts opens; when it is in the kitty, the 4 of hearts'
    holder, and so on upwards."""
    in_kitty = 0
    for code in CODES:
        deal = deal_cards(code)
        game = Game(code, HEART_THREE)
        lowest = next(
            Card(Rank(r), HEARTS) for r in range(3, 16) if Card(Rank(r), HEARTS) not in deal.kitty
        )
        assert lowest.suit is not None and lowest.suit.name == "HEARTS"
        assert game.first_bidder == holder(code, lowest)
        assert game.log[0] == Dealt(str(code), game.first_bidder)
        in_kitty += Card(Rank.THREE, HEARTS) in deal.kitty
    assert in_kitty >= 5, "no deal put the 3 of hearts in the kitty"


def test_r37_heart_three_looks_further_up_when_two_hearts_are_in_the_kitty() -> None:
    """A deal whose kitty holds both the 3 and the 4 of hearts: the 5 of hearts opens."""
    n = 0
    while True:
        code = code_from_number(n)
        kitty = deal_cards(code).kitty
        if Card(Rank.THREE, HEARTS) in kitty and Card(Rank.FOUR, HEARTS) in kitty:
            break
        n += 1
    assert Game(code, HEART_THREE).first_bidder == holder(code, Card(Rank.FIVE, HEARTS))


def test_r37_random_is_drawn_from_the_deal_code() -> None:
    """The same code always names the same seat, from its own random stream; over many
    codes every seat opens about a third of the deals, and not always the marked card's."""
    seats: Counter[Seat] = Counter()
    differs = 0
    for code in CODES:
        seat = Game(code, RANDOM).first_bidder
        assert seat == Game(code, RANDOM).first_bidder
        assert seat == Seat(code.rng("first-bidder").randrange(3))
        assert seat == opening_seat(deal_cards(code), "random")
        seats[seat] += 1
        differs += seat != deal_cards(code).first_bidder
    assert min(seats.values()) > len(CODES) // 3 - 60
    assert differs > len(CODES) // 2


def test_r37_an_explicit_first_bidder_wins_over_the_profile() -> None:
    """A replay that names its opener (a table code's ``:left``) opens there."""
    for rules in (HEART_THREE, RANDOM):
        assert Game(CODES[0], rules, Seat.LEFT).first_bidder == Seat.LEFT


def throw_in(game: Game) -> None:
    for _ in range(3):
        game.apply(BidAction(0))
    assert game.phase is Phase.THROWN_IN


def finish(game: Game) -> None:
    game.apply(BidAction(3))
    while not game.over:
        game.apply(game.legal_actions()[-1])


def test_r37_under_rotate_a_thrown_in_deal_still_moves_the_opening_bid_on() -> None:
    """Deal 1 opens with the marked card; a throw-in, a scored deal, another throw-in:
    each new deal is opened by the seat after the one that opened before."""
    session = Session(CODES[5], deals=3, rules=ROTATE)
    openers = []
    for ends in (throw_in, finish, throw_in, finish, finish):
        game = session.new_game()
        openers.append(game.first_bidder)
        ends(game)
    assert openers[0] == deal_cards(CODES[5]).first_bidder
    for before, after in itertools.pairwise(openers):
        assert after == next_seat(before, 3)


@pytest.mark.parametrize("rules", [HEART_THREE, RANDOM], ids=["heart-three", "random"])
def test_r37_every_deal_of_a_session_opens_by_its_own_cards_or_code(rules: RuleProfile) -> None:
    """Under heart-three and random the opening bid does not rotate: each deal of a
    session (thrown-in ones too) finds its own opener."""
    session = Session(CODES[9], deals=3, rules=rules)
    for ends in (throw_in, finish, finish, finish):
        game = session.new_game()
        assert game.first_bidder == opening_seat(deal_cards(game.code), rules.first_bidder)
        ends(game)
