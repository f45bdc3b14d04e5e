"""The bid advice line and the hand rating."""

from __future__ import annotations

import pytest

from doudizhu_tui.bots.advice import HandRating, advice_line, rate_hand, recommended_bid
from doudizhu_tui.core import parse_cards


@pytest.mark.parametrize(
    ("hand", "line"),
    [
        ("3 3 5 6 7 8 9 9 10 J Q K A A 2 2 BJ", "3 big cards, 0 bombs, about 6 plays -> bid 1"),
        ("3 3 3 3 4 5 6 7 9 9 10 J K 2 2 BJ RJ", "5 big cards, 2 bombs, about 7 plays -> bid 3"),
        ("3 4 5 5 6 6 7 8 8 9 10 J J Q Q K 2", "1 big card, 0 bombs, about 7 plays -> pass"),
        ("3 5 7 9 J K 4 6 8 10 Q A 3 5 7 9 J", "0 big cards, 0 bombs, about 6 plays -> pass"),
    ],
)
def test_advice_lines(hand: str, line: str) -> None:
    assert advice_line(parse_cards(hand)) == line


def test_singular_forms() -> None:
    rating = HandRating(big_cards=1, bombs=1, plays=1, bid=2, points=5.0)
    assert rating.line() == "1 big card, 1 bomb, about 1 play -> bid 2"


def test_big_cards_count_jokers_2s_and_bombs() -> None:
    rating = rate_hand(parse_cards("2 2 BJ 7 7 7 7 3 4"))
    assert (rating.big_cards, rating.bombs) == (4, 1)
    rocket = rate_hand(parse_cards("BJ RJ 3"))
    assert (rocket.big_cards, rocket.bombs) == (2, 1)


def test_bids_grow_with_the_hand() -> None:
    assert recommended_bid(0, 0, 9) == 0
    assert recommended_bid(3, 0, 7) == 1
    assert recommended_bid(4, 1, 7) == 2
    assert recommended_bid(5, 2, 7) == 3
    strong = rate_hand(parse_cards("BJ RJ 2 2 2 2 A A K K Q Q J J 10 10 3"))
    assert strong.bid == 3


def test_the_bid_lines_sit_at_two_four_and_a_half_and_six_points() -> None:
    """Big cards count one, each play under seven half a point: the bid steps at 2, 4.5, 6."""
    assert recommended_bid(big_cards=2, bombs=0, plays=7) == 1
    assert recommended_bid(big_cards=1, bombs=0, plays=8) == 0
    assert recommended_bid(big_cards=3, bombs=0, plays=4) == 2
    assert recommended_bid(big_cards=3, bombs=1, plays=4) == 3
    assert recommended_bid(big_cards=2, bombs=0, plays=8) == 0
