"""The variant tables' plays: no airplanes (rule book R41) and the space shuttle (R42-R43)."""

from __future__ import annotations

import pytest

from doudizhu_tui.core import (
    CLASSIC,
    Game,
    IllegalAction,
    Kind,
    PlayAction,
    RuleProfile,
    Seat,
    classify,
    explain,
    kind_refused,
    legal_plays,
    parse_cards,
    parse_profile,
    parse_ranks,
)
from doudizhu_tui.core.combos import NO_AIRPLANES

BEGINNER = RuleProfile(name="beginner", airplanes=False)
AIRPLANE_KINDS = {Kind.AIRPLANE, Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS}


# --- R41: no airplanes -------------------------------------------------------------------------


def test_r41_the_option_is_a_switch_and_the_profile_sets_only_it() -> None:
    """``airplanes`` is true or false (classic: true); the beginner profile turns it off."""
    assert CLASSIC.airplanes is True
    assert parse_profile("airplanes = false").airplanes is False
    with pytest.raises(ValueError, match="airplanes must be true or false"):
        parse_profile('airplanes = "no"')


@pytest.mark.parametrize(
    "cards", ["3 3 3 4 4 4", "7 7 7 8 8 8 3 K", "7 7 7 8 8 8 3 3 K K", "3 3 3 4 4 4 5 5 5"]
)
def test_r41_no_airplane_is_a_play_and_the_reason_says_so(cards: str) -> None:
    """Under classic these are airplanes; at the beginners' table they are no play."""
    assert {p.kind for p in classify(parse_ranks(cards))} & AIRPLANE_KINDS
    assert classify(parse_ranks(cards), BEGINNER) == []
    assert explain(parse_cards(cards), None, BEGINNER) == NO_AIRPLANES


def test_r41_consecutive_trios_are_played_one_trio_at_a_time() -> None:
    """From 777 888: both trios, each with the other's cards as kicker, but no airplane."""
    found = {p.describe() for p in legal_plays(parse_cards("7 7 7 8 8 8"), None, BEGINNER)}
    assert "trio 7-7-7" in found and "trio+single 8-8-8+7" in found
    assert "trio+pair 7-7-7+8-8" in found
    assert not {p for p in legal_plays(parse_cards("7 7 7 8 8 8 9 9 K Q"), None, BEGINNER)} & {
        p for p in legal_plays(parse_cards("7 7 7 8 8 8 9 9 K Q")) if p.kind in AIRPLANE_KINDS
    }


def test_r41_the_game_refuses_an_airplane_with_the_reason() -> None:
    """A PlayAction holding an airplane reading is refused by the game itself."""
    game = Game.from_position(
        hands=[
            "7 7 7 8 8 8 3 4 5 6 9 10 J Q K A 2 2 2 BJ",
            None,
            "3 3 4 4 5 5 6 6 7 8 9 10 J Q K A A",
        ],
        landlord=Seat.YOU,
        kitty="2 2 BJ",
        rules=BEGINNER,
    )
    airplane = classify(parse_ranks("7 7 7 8 8 8"))[0]
    assert airplane.kind is Kind.AIRPLANE
    with pytest.raises(IllegalAction, match="airplanes are not played at this table"):
        game.apply(PlayAction(airplane))
    assert game.why_not(PlayAction(airplane)) == NO_AIRPLANES
    assert not any(
        isinstance(a, PlayAction) and a.play.kind in AIRPLANE_KINDS for a in game.legal_actions()
    )


def test_kind_refused_names_only_the_kinds_a_profile_switches_off() -> None:
    for kind in Kind:
        assert kind_refused(kind, CLASSIC) is None or kind.name.startswith("SPACE_SHUTTLE")
        expected = NO_AIRPLANES if kind in AIRPLANE_KINDS else kind_refused(kind, CLASSIC)
        assert kind_refused(kind, BEGINNER) == expected
