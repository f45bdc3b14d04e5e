"""The four-player table with two packs (R48-R52): the deal, the auction over four, the
card play's order and clearing, bombs by size, what doubles, and the settlement."""

from __future__ import annotations

import random

import pytest

from doudizhu_tui.core import (
    BidAction,
    Game,
    IllegalAction,
    Kind,
    PassAction,
    Phase,
    PlayAction,
    PositionError,
    ProfileError,
    Rank,
    RuleProfile,
    Seat,
    classify,
    code_from_number,
    deal_cards,
    explain,
    full_pack,
    observe,
    parse_cards,
    replay,
)

FOUR = RuleProfile(name="four", players=4)
YOU, RIGHT, LEFT, ACROSS = Seat.YOU, Seat.RIGHT, Seat.LEFT, Seat.ACROSS


def read(text: str) -> PlayAction:
    """The default reading of two-pack card text, as a play action."""
    return PlayAction(classify(parse_cards(text, packs=2), FOUR)[0])


def rest_of(*used: str) -> list[str]:
    """Hands of 25 cards for the seats not given, from what is left of the two packs."""
    left = sorted(full_pack(2))
    for text in used:
        for card in parse_cards(text, packs=2):
            left.remove(next(c for c in left if c.rank == card.rank))
    return [" ".join(str(c) for c in left[i : i + 25]) for i in range(0, len(left), 25)]


# --- R48: the deal ----------------------------------------------------------------------


@pytest.mark.parametrize("n", range(20))
def test_r48_four_hands_of_25_and_a_kitty_of_8_hold_the_108_cards(n: int) -> None:
    deal = deal_cards(code_from_number(n * 7919), players=4)
    assert [len(h) for h in deal.hands] == [25, 25, 25, 25]
    assert len(deal.kitty) == 8
    cards = [c for h in deal.hands for c in h] + list(deal.kitty)
    assert sorted(cards) == sorted(full_pack(2))
    assert len(set(cards)) == 108  # the two packs stay distinguishable
    counts = {r: sum(c.rank == r for c in cards) for r in Rank}
    assert all(counts[r] == (2 if r.is_joker else 8) for r in Rank)
    holder = next((s for s, h in enumerate(deal.hands) if deal.marked in h), None)
    if holder is not None:
        assert deal.first_bidder == holder
    assert deal_cards(code_from_number(n * 7919), players=4) == deal


def test_r48_the_three_player_deal_is_unchanged_by_the_two_pack_code() -> None:
    """Classic deals draw the same cards as before the four-player table existed."""
    deal = deal_cards(code_from_number(7))
    assert [len(h) for h in deal.hands] == [17, 17, 17]
    assert all(c.pack == 0 for h in deal.hands for c in h)


def test_r48_the_landlord_takes_the_kitty_and_holds_33() -> None:
    game = Game(code_from_number(5), FOUR)
    first = game.turn
    game.apply(BidAction(3))
    assert game.landlord == first and game.phase is Phase.PLAY
    assert len(game.hands[first]) == 33
    assert sum(len(h) for h in game.hands) == 108


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"wildcards": 1}, "wildcards = 1 is not played with four players"),
        ({"auction": "rob"}, "auction = 'rob' is not played with four players"),
        ({"space_shuttle": True}, "space_shuttle = true is not played with four players"),
        ({"first_bidder": "heart-three"}, "two 3s of hearts"),
        ({"four_two_same_rank_singles": True}, "is not played with four players"),
    ],
)
def test_r48_options_the_four_player_table_lacks_are_refused(
    options: dict[str, object], reason: str
) -> None:
    with pytest.raises(ProfileError, match=reason):
        RuleProfile(players=4, **options)  # type: ignore[arg-type]


def test_r48_players_is_three_or_four() -> None:
    with pytest.raises(ProfileError, match="players must be 3 or 4, not 5"):
        RuleProfile(players=5)
    assert (FOUR.packs, FOUR.hand_size, FOUR.kitty_size) == (2, 25, 8)
    assert FOUR.seats == (YOU, RIGHT, ACROSS, LEFT)


# --- R49: the auction and the order of play ---------------------------------------------


def test_r49_the_auction_is_one_circuit_of_four_and_four_passes_throw_in() -> None:
    for n in range(5):
        game = Game(code_from_number(n), FOUR)
        order = [game.turn]
        for _ in range(3):
            game.apply(BidAction(0))
            order.append(game.turn)
        assert order[1:] == [FOUR.next_seat(s) for s in order[:3]]  # type: ignore[arg-type]
        assert len(set(order)) == 4
        game.apply(BidAction(0))
        assert game.phase is Phase.THROWN_IN and game.next_code == game.code.successor()


def test_r49_the_highest_of_four_bids_is_landlord() -> None:
    game = Game(code_from_number(11), FOUR)
    seats = []
    for amount in (1, 0, 2, 0):
        seats.append(game.turn)
        game.apply(BidAction(amount))
    assert game.landlord == seats[2] and game.bid == 2


def test_r49_three_passes_clear_the_table_and_play_goes_you_right_across_left() -> None:
    chunks = rest_of()  # four hands of 25 and the 8 highest cards
    game = Game.from_position(hands=[None, *chunks[1:4]], landlord=YOU, kitty=chunks[4], rules=FOUR)
    assert game.turn == YOU
    lead = min(game.legal_plays(), key=lambda p: (p.size, p.rank))
    game.apply(PlayAction(lead))
    turns = []
    for _ in range(3):
        turns.append(game.turn)
        game.apply(PassAction())
    assert turns == [RIGHT, ACROSS, LEFT]
    assert game.trick is None and game.turn == YOU


# --- R50: the plays ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ("3 3 3 4", "single kickers are not played with four players"),
        ("3 3 3 4 4 4 5 6", "single kickers are not played with four players"),
        ("9 9 9 9 3 5", "four+two is not played with four players"),
        ("9 9 9 9 3 3 5 5", "four+two is not played with four players"),
        ("BJ RJ", "a black and a red joker are not a pair"),
        ("BJ BJ RJ", "three jokers make no play"),
        ("3 3 3 4 4 4 BJ BJ RJ RJ", "all four jokers together are the rocket"),
    ],
)
def test_r50_the_missing_kinds_are_refused_with_the_reason(cards: str, reason: str) -> None:
    assert reason in (explain(parse_cards(cards, packs=2), None, FOUR) or "")


def test_r50_joker_pairs_are_of_one_colour_and_beat_a_pair_of_twos() -> None:
    two_pair = classify(parse_cards("2 2", packs=2), FOUR)[0]
    black = classify(parse_cards("BJ BJ", packs=2), FOUR)[0]
    red = classify(parse_cards("RJ RJ", packs=2), FOUR)[0]
    assert black.kind is Kind.PAIR and red.kind is Kind.PAIR
    assert explain(parse_cards("BJ BJ", packs=2), two_pair, FOUR) is None
    assert explain(parse_cards("RJ RJ", packs=2), black, FOUR) is None
    assert explain(parse_cards("BJ BJ", packs=2), red, FOUR) == "BJ-BJ does not beat RJ-RJ"


# --- R51: bombs ---------------------------------------------------------------------------


def test_r51_more_cards_beat_fewer_and_equal_sizes_compare_by_rank() -> None:
    five_threes = classify(parse_cards("3 3 3 3 3", packs=2), FOUR)[0]
    four_twos = parse_cards("2 2 2 2", packs=2)
    assert explain(four_twos, five_threes, FOUR) == "a bomb of 4 cards does not beat a bomb of 5"
    assert explain(parse_cards("4 4 4 4 4", packs=2), five_threes, FOUR) is None
    assert explain(parse_cards("2 2 2 2 2 2", packs=2), five_threes, FOUR) is None
    eight = classify(parse_cards("3 3 3 3 3 3 3 3", packs=2), FOUR)[0]
    assert explain(parse_cards("BJ BJ RJ RJ", packs=2), eight, FOUR) is None


def landlord_with(cards: str) -> list[str | None]:
    """Hands (by seat number) where You, the landlord, hold ``cards`` and the lowest of
    the other ranks up to 33 cards; the partners share the rest."""
    mine = parse_cards(cards, packs=2)
    ranks = {c.rank for c in mine}
    left = sorted(full_pack(2))
    for card in mine:
        left.remove(next(c for c in left if c.rank == card.rank))
    fill = [c for c in left if c.rank not in ranks][: 33 - len(mine)]
    text = " ".join(str(c) for c in (*mine, *fill))
    rest = rest_of(text)
    return [text, rest[0], rest[1], None]


@pytest.mark.parametrize(("size", "doubles"), [(4, False), (5, False), (6, True), (8, True)])
def test_r51_only_bombs_of_six_or_more_double(size: int, doubles: bool) -> None:
    bomb = " ".join(["K"] * size)
    hands = landlord_with(bomb)
    game = Game.from_position(
        hands=hands, landlord=YOU, kitty=" ".join(str(hands[0]).split()[-8:]), bid=1, rules=FOUR
    )
    game.apply(read(bomb))
    assert game.bombs == (1 if doubles else 0)
    assert game.multiplier == (2 if doubles else 1)
    assert game.bomb_sizes == ([size] if doubles else [])


# --- R52: settlement ------------------------------------------------------------------------


def test_r52_the_landlord_wins_three_shares_and_a_spring_doubles() -> None:
    mine = "3 3 3 3 3 3 4 4 4 4 4 4 5 5 5 5 5 5 6 6 6 6 6 6 7 7 7 7 7 7 8 8 8"
    game = Game.from_position(
        hands=[mine, *rest_of(mine)[:2], None],
        landlord=YOU,
        kitty="8 8 8 7 7 7 7 7",
        bid=2,
        rules=FOUR,
    )
    for bomb in ("3", "4", "5", "6", "7"):
        game.apply(read(" ".join([bomb] * 6)))
        for _ in range(3):
            game.apply(PassAction())
    game.apply(read("8 8 8"))
    settled = game.settlement
    assert settled is not None
    s = settled.settlement
    assert s.spring and s.landlord_won
    assert s.multiplier == 2**5 * 2
    assert s.value == 10 * 2 * 64
    assert s.scores == (3 * s.value, -s.value, -s.value, -s.value)
    assert sum(s.scores) == 0
    assert [i.label for i in s.items] == ["bid 2", *["6-card bomb x2"] * 5, "spring x2"]


def test_r52_partners_win_and_share_the_landlords_loss() -> None:
    rng = random.Random(3)
    for n in range(60):
        game = Game(code_from_number(1000 + n), FOUR)
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
        settled = game.settlement
        if settled is None or settled.settlement.landlord_won:
            continue
        s = settled.settlement
        landlord = game.landlord
        assert landlord is not None
        assert s.scores[landlord] == -3 * s.value
        assert all(s.scores[p] == s.value for p in FOUR.seats if p != landlord)
        assert sum(s.scores) == 0
        assert replay(game.code, game.actions, FOUR, game.first_bidder).log == game.log
        return
    pytest.fail("no deal the partners won")


# --- positions and observations --------------------------------------------------------------


def test_a_position_needs_four_hands_of_the_right_size() -> None:
    with pytest.raises(PositionError, match="give four hands"):
        Game.from_position(hands=["3", "4", None], rules=FOUR)
    with pytest.raises(PositionError, match="holds 24 cards: every hand holds 25"):
        chunks = rest_of()
        short = chunks[0].split(" ", 1)[1]  # You are one card short, Across one over
        Game.from_position(hands=[short, *chunks[1:3], None], kitty=chunks[4], rules=FOUR)


def test_an_observation_sees_four_counts_and_three_partners_hidden() -> None:
    game = Game(code_from_number(21), FOUR)
    game.apply(BidAction(3))
    landlord = game.landlord
    assert landlord is not None
    partner = FOUR.next_seat(landlord)
    seen = observe(game, partner)
    assert len(seen.cards_left) == 4 and sorted(seen.cards_left) == [25, 25, 25, 33]
    assert seen.partner is None
    assert set(seen.partners) == set(FOUR.seats) - {landlord, partner}
    unseen = seen.unseen_counts()
    assert sum(unseen) == 108 - 25 - 8  # the shown kitty is known to be the landlord's
    assert max(unseen) <= 8


def test_a_refused_play_leaves_the_four_player_state_unchanged() -> None:
    game = Game(code_from_number(8), FOUR)
    game.apply(BidAction(3))
    before = [list(h) for h in game.hands]
    bad = PlayAction(classify(parse_cards("3 3 3 4"), RuleProfile())[0])
    with pytest.raises(IllegalAction, match="single kickers"):
        game.apply(bad)
    assert game.hands == before
