"""Wildcards in the game (R44-R47): when the wild ranks are drawn and shown, how wild
plays are checked, recorded, beaten and scored, and what each seat sees."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doudizhu_tui.core import (
    BidAction,
    BombClass,
    Game,
    IllegalAction,
    Kind,
    KittyShown,
    LandlordChosen,
    PassAction,
    Phase,
    PlayAction,
    Played,
    PositionError,
    Rank,
    RuleProfile,
    Seat,
    WildRankShown,
    beats_wild,
    bomb_class,
    cards_of,
    classify,
    classify_wild,
    code_from_number,
    explain,
    observe,
    parse_ranks,
    replay,
)
from doudizhu_tui.core.wild import draw_wild_ranks
from doudizhu_tui.match import action_from_dict, action_to_dict

LAIZI = RuleProfile(name="laizi", wildcards=1)
TIANDI = RuleProfile(name="tiandi", wildcards=2)
WILD_ROB = RuleProfile(name="wild-rob", wildcards=2, auction="rob", space_shuttle=True)


def _play_out(game: Game, rng: random.Random) -> Game:
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def _to_play(code: int, rules: RuleProfile) -> Game:
    """A game of ``code`` whose auction is over (first bidder bids 3)."""
    game = Game(code_from_number(code), rules)
    if rules.auction == "rob":
        from doudizhu_tui.core import RobAction

        game.apply(RobAction("call"))
        while game.phase is Phase.AUCTION:
            game.apply(RobAction("pass"))
    else:
        game.apply(BidAction(3))
    return game


def test_r44_laizi_draws_one_wild_rank_after_the_kitty_from_the_code() -> None:
    game = Game(code_from_number(5), LAIZI)
    assert game.wild_ranks == ()
    assert not any(isinstance(e, WildRankShown) for e in game.log)
    game.apply(BidAction(3))
    kinds = [type(e).__name__ for e in game.log]
    assert kinds[-3:] == ["LandlordChosen", "KittyShown", "WildRankShown"]
    (rank,) = draw_wild_ranks(code_from_number(5), 1)
    assert game.wild_ranks == (rank,)
    assert game.log[-1] == WildRankShown(rank, 1)
    assert Rank.THREE <= rank <= Rank.TWO
    # The same code gives the same rank every time (replays are exact).
    again = Game(code_from_number(5), LAIZI)
    again.apply(BidAction(1))
    while again.phase is Phase.AUCTION:
        again.apply(BidAction(0))
    assert again.wild_ranks == (rank,)


def test_r44_tiandi_shows_the_first_rank_before_the_auction_and_the_second_after() -> None:
    game = Game(code_from_number(9), TIANDI)
    first, second = draw_wild_ranks(code_from_number(9), 2)
    assert first != second
    assert game.wild_ranks == (first,)
    assert game.log[1] == WildRankShown(first, 1)
    assert observe(game, Seat.LEFT).wild_ranks == (first,)
    assert game.legal_plays() == []  # still the auction
    game.apply(BidAction(2))
    while game.phase is Phase.AUCTION:
        game.apply(BidAction(0))
    assert game.wild_ranks == (first, second)
    assert isinstance(game.log[-2], KittyShown) and game.log[-1] == WildRankShown(second, 2)


def test_r44_a_thrown_in_deal_draws_no_second_rank() -> None:
    game = Game(code_from_number(9), TIANDI)
    for _ in range(3):
        game.apply(BidAction(0))
    assert game.phase is Phase.THROWN_IN
    assert len(game.wild_ranks) == 1


def test_r44_the_classic_table_has_no_wild_ranks() -> None:
    game = _to_play(5, RuleProfile())
    assert game.wild_ranks == () and observe(game, Seat.YOU).wild_ranks == ()
    assert not any(isinstance(e, WildRankShown) for e in game.log)


@pytest.mark.parametrize("rules", [LAIZI, TIANDI, WILD_ROB], ids=lambda r: r.name)
@pytest.mark.parametrize("seed", range(12))
def test_r47_random_wild_games_account_for_every_card_and_replay(
    rules: RuleProfile, seed: int
) -> None:
    game = _play_out(Game(code_from_number(1000 + seed), rules), random.Random(seed))
    rebuilt = replay(game.code, game.actions, rules)
    assert rebuilt.log == game.log
    if game.phase is Phase.THROWN_IN:
        return
    settled = game.settlement
    assert settled is not None
    s = settled.settlement
    assert sum(s.scores) == 0
    classes = []
    for event in game.log:
        if isinstance(event, Played):
            # The physical cards are the play's cards with each wild's stand-in swapped back.
            assert sorted(c.rank for c in event.cards) == sorted(cards_of(event.play))
            assert all(r in game.wild_ranks for r in event.play.wild_cards)
            if event.play.kind is Kind.BOMB:
                found = bomb_class(event.play)
                assert found is not None
                classes.append(found.name.lower())
    assert list(s.bomb_classes) == classes
    assert [i.label for i in s.items if "bomb" in i.label] == [f"{c} bomb x2" for c in classes]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([LAIZI, TIANDI]))
def test_r47_every_legal_play_is_taken_and_recorded_as_offered(
    number: int, rules: RuleProfile
) -> None:
    """Each legal play, handed back without cards, is accepted and logged as that same
    reading; handed back with its exact cards, too."""
    rng = random.Random(number)
    game = _to_play(number, rules)
    for _ in range(rng.randint(0, 12)):
        if game.over:
            return
        game.apply(rng.choice(game.legal_actions()))
    if game.over:
        return
    plays = game.legal_plays()
    if not plays:  # nothing beats the table: the seat can only pass
        assert game.legal_actions() == [PassAction()]
        return
    for play in rng.sample(plays, min(6, len(plays))):
        fresh = replay(game.code, game.actions, rules)  # no cached legal plays
        events = fresh.apply(PlayAction(play))
        played = events[0]
        assert isinstance(played, Played) and played.play == play
        fresh2 = replay(game.code, game.actions, rules)
        fresh2.apply(PlayAction(play, played.cards))
        assert fresh2.log == fresh.log


YOU_20 = "5 7 7 7 9 9 10 J Q K A 2 2 BJ 4 4 6 6 8 8"
RIGHT_17 = "3 3 3 3 4 6 8 10 J Q K A 2 9 10 J Q"


def _wild_position(
    history: list[tuple[Seat, str | None]] | None = None,
    you: str = YOU_20,
    right: str = RIGHT_17,
) -> Game:
    # 5s are wild.  You are landlord and lead; Right holds a natural bomb of 3s.
    return Game.from_position(
        hands=[you, right, None],
        landlord=Seat.YOU,
        kitty="2 BJ 9",
        rules=LAIZI,
        wild_ranks="5",
        history=history or [],
    )


def test_r46_a_soft_bomb_is_refused_against_a_natural_bomb_with_the_reason() -> None:
    game = _wild_position(
        [(Seat.YOU, "4"), (Seat.RIGHT, "3 3 3 3"), (Seat.LEFT, None)],
        you=YOU_20.replace(" 4 4", " 4"),
        right=RIGHT_17.replace("3 3 3 3 ", ""),
    )
    assert game.turn is Seat.YOU
    (soft,) = [
        p for p in classify_wild(parse_ranks("7 7 7 5"), (Rank.FIVE,)) if p.kind is Kind.BOMB
    ]
    assert bomb_class(soft) is BombClass.SOFT
    with pytest.raises(IllegalAction, match="a soft bomb cannot beat a natural bomb"):
        game.apply(PlayAction(soft))
    assert game.why_not(PlayAction(soft)) == "a soft bomb cannot beat a natural bomb"
    assert explain(
        parse_ranks("7 7 7 5"), game.trick[1] if game.trick else None, LAIZI, (Rank.FIVE,)
    ) == ("a soft bomb cannot beat a natural bomb")
    assert Played not in {type(e) for e in game.log[-1:]}


def test_r45_a_wild_finishes_a_straight_and_the_log_shows_what_it_stood_for() -> None:
    game = _wild_position()
    (straight,) = [
        p for p in classify_wild(parse_ranks("5 9 10 J Q K"), (Rank.FIVE,)) if p.rank == Rank.KING
    ]
    assert straight.label() == "[8]-9-10-J-Q-K"
    events = game.apply(PlayAction(straight))
    played = events[0]
    assert isinstance(played, Played)
    assert played.play.wilds == (Rank.EIGHT,) and played.play.wild_cards == (Rank.FIVE,)
    assert str(played) == "You: straight [8]-9-10-J-Q-K"
    assert [c.rank for c in played.cards].count(Rank.FIVE) == 1


def test_r45_a_play_naming_cards_it_does_not_hold_or_wilds_of_another_rank_is_refused() -> None:
    game = _wild_position()
    (pair,) = classify(parse_ranks("7 7"))
    fake = pair._replace(ranks=parse_ranks("7 7"), wilds=(Rank.SEVEN,), wild_cards=(Rank.NINE,))
    with pytest.raises(IllegalAction, match="only cards of the wild ranks"):
        game.apply(PlayAction(fake))
    bad = pair._replace(wilds=(Rank.KING,), wild_cards=(Rank.FIVE,))
    with pytest.raises(IllegalAction, match="not cards of the play"):
        game.apply(PlayAction(bad))
    assert game.turn is Seat.YOU and len(game.hands[Seat.YOU]) == 20


def test_r47_a_kicker_wild_is_recorded_the_one_way() -> None:
    """Readings that differ only in what a kicker wild stood for are one play: the
    game records the one with the fewest, then lowest, wilds."""
    game = _wild_position()
    (trio,) = [
        p for p in classify_wild(parse_ranks("7 7 7 5"), (Rank.FIVE,)) if p.kind is Kind.TRIO_SINGLE
    ]
    assert trio.wilds == ()  # the 5 as itself, an ordinary kicker
    other = trio._replace(ranks=parse_ranks("7 7 7 K"), wilds=(Rank.KING,), wild_cards=(Rank.FIVE,))
    (played,) = [e for e in game.apply(PlayAction(other)) if isinstance(e, Played)]
    assert played.play == trio


def test_r46_every_bomb_class_doubles_and_is_itemised() -> None:
    game = Game.from_position(
        hands=[
            "5 5 5 5 7 7 7 7 8 8 8 9 9 9 10 10 10 J J J",
            "3 3 3 3 4 4 4 4 6 6 6 6 Q Q K K A",
            None,
        ],
        landlord=Seat.YOU,
        kitty="8 9 10",
        rules=LAIZI,
        wild_ranks="5",
    )
    natural = PlayAction(classify(parse_ranks("7 7 7 7"))[0])
    game.apply(natural)
    bombs = [p for p in classify_wild(parse_ranks("5 5 5 5"), (Rank.FIVE,)) if p.kind is Kind.BOMB]
    wild = max(bombs, key=lambda p: p.rank)
    assert bomb_class(wild) is BombClass.WILD
    assert beats_wild(wild, classify(parse_ranks("3 3 3 3"))[0])
    game.apply(PassAction())
    game.apply(PassAction())
    game.apply(PlayAction(wild))
    game.apply(PassAction())
    game.apply(PassAction())
    (airplane,) = [
        p for p in classify(parse_ranks("8 8 8 9 9 9 10 10 10 J J J")) if p.kind is Kind.AIRPLANE
    ]
    game.apply(PlayAction(airplane))
    settled = game.settlement
    assert settled is not None
    s = settled.settlement
    assert s.bomb_classes == ("natural", "wild")
    labels = [i.label for i in s.items]
    assert labels == ["bid 3", "natural bomb x2", "wild bomb x2", "spring x2"]
    assert s.value == 10 * 3 * 2 * 2 * 2


def test_r44_the_position_builder_checks_the_wild_ranks() -> None:
    with pytest.raises(PositionError, match="2 different wild ranks"):
        Game.from_position(hands=[YOU_20, RIGHT_17, None], rules=TIANDI, wild_ranks="7")
    with pytest.raises(PositionError, match="joker"):
        Game.from_position(hands=[YOU_20, RIGHT_17, None], rules=LAIZI, wild_ranks="BJ")


def test_r30_a_saved_wild_play_replays_the_same() -> None:
    game = _wild_position()
    (straight,) = [
        p for p in classify_wild(parse_ranks("5 9 10 J Q K"), (Rank.FIVE,)) if p.rank == Rank.KING
    ]
    played = game.apply(PlayAction(straight))[0]
    assert isinstance(played, Played)
    action = PlayAction(played.play, played.cards)
    data = action_to_dict(action)
    assert data["wilds"] == [int(Rank.EIGHT)] and data["wild_cards"] == [int(Rank.FIVE)]
    assert action_from_dict(data, LAIZI) == action


def test_r28_wild_plays_move_the_shown_kitty_out_of_the_landlords_known_cards() -> None:
    """A wild in the shown kitty, played standing for another rank, is no longer
    counted as held by the landlord in the other seats' view."""
    game = _wild_position()
    obs = observe(game, Seat.RIGHT)
    assert sorted(c.rank for c in obs.known_in_hand(Seat.YOU)) == sorted(parse_ranks("2 BJ 9"))
    (straight,) = [
        p for p in classify_wild(parse_ranks("5 9 10 J Q K"), (Rank.FIVE,)) if p.rank == Rank.KING
    ]
    game.apply(PlayAction(straight))
    obs = observe(game, Seat.RIGHT)
    assert obs.history[-1][1] == game.history[-1][1]
    assert obs.wild_ranks == (Rank.FIVE,)
    assert LandlordChosen in {type(e) for e in obs.log}


def test_the_wildcards_option_is_checked() -> None:
    from doudizhu_tui.core import ProfileError, parse_profile

    assert parse_profile("wildcards = 2").wildcards == 2
    for bad in ("3", "true", '"one"', "-1"):
        with pytest.raises(ProfileError, match="wildcards must be 0, 1 or 2"):
            parse_profile(f"wildcards = {bad}")
    assert replace(LAIZI, wildcards=0).wildcards == 0
