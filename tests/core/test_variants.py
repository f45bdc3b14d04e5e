"""The variant tables' plays: no airplanes (rule book R41) and the space shuttle (R42-R43)."""

from __future__ import annotations

import pytest

from doudizhu_tui.core import (
    CLASSIC,
    SHUTTLE_KINDS,
    Game,
    IllegalAction,
    Kind,
    PlayAction,
    RuleProfile,
    Seat,
    beats,
    classify,
    classify_counts,
    counts_of,
    explain,
    kind_refused,
    legal_plays,
    legal_plays_counts,
    parse_cards,
    parse_profile,
    parse_ranks,
)
from doudizhu_tui.core.combos import NO_AIRPLANES, NO_SHUTTLES

from .handgen import sub_multisets

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


# --- R42-R43: the space shuttle ----------------------------------------------------------------

SHUTTLE = RuleProfile(name="shuttle", space_shuttle=True)


def test_r42_the_option_is_a_switch_and_classic_has_no_shuttle() -> None:
    """``space_shuttle`` is true or false (classic: false); classic reads 33334444 as
    nothing (R13) and refuses a shuttle reading by name."""
    assert CLASSIC.space_shuttle is False
    assert parse_profile("space_shuttle = true").space_shuttle is True
    with pytest.raises(ValueError, match="space_shuttle must be true or false"):
        parse_profile("space_shuttle = 1")
    assert classify(parse_ranks("3 3 3 3 4 4 4 4")) == []
    assert kind_refused(Kind.SPACE_SHUTTLE, CLASSIC) == NO_SHUTTLES
    assert kind_refused(Kind.SPACE_SHUTTLE, SHUTTLE) is None


@pytest.mark.parametrize(
    ("cards", "kind", "top", "length"),
    [
        ("3 3 3 3 4 4 4 4", Kind.SPACE_SHUTTLE, "4", 2),
        ("10 10 10 10 J J J J Q Q Q Q", Kind.SPACE_SHUTTLE, "Q", 3),
        ("3 3 3 3 4 4 4 4 9 K", Kind.SPACE_SHUTTLE_SINGLES, "4", 2),
        ("3 3 3 3 4 4 4 4 9 9 K K", Kind.SPACE_SHUTTLE_PAIRS, "4", 2),
    ],
)
def test_r42_a_space_shuttle_is_two_or_more_consecutive_fours_with_wings_or_bare(
    cards: str, kind: Kind, top: str, length: int
) -> None:
    """The shuttle and its two winged kinds: main part all the fours, kickers the rest."""
    (play,) = classify(parse_ranks(cards), SHUTTLE)
    assert (play.kind, play.rank.symbol, play.length) == (kind, top, length)
    assert len(play.main) == 4 * length
    assert play.kind.is_chain


def test_r42_the_player_chooses_between_a_shuttle_and_two_bombs() -> None:
    """Leading 3333 4444, the shuttle and both bombs are offered."""
    found = {p.describe() for p in legal_plays(parse_cards("3 3 3 3 4 4 4 4"), None, SHUTTLE)}
    assert {"space shuttle 3-3-3-3-4-4-4-4", "bomb 3-3-3-3", "bomb 4-4-4-4"} <= found


def test_r43_a_space_shuttle_is_beaten_by_bombs_and_does_not_double() -> None:
    """The landlord leads a shuttle; a bomb beats it; only the bomb doubles the stake."""
    game = Game.from_position(
        hands=[
            "3 3 3 3 4 4 4 4 6 7 8 9 10 J Q K A 2 2 BJ",
            "5 5 5 5 6 6 7 7 8 8 9 9 10 10 J J Q",
            None,
        ],
        landlord=Seat.YOU,
        kitty="2 2 BJ",
        rules=SHUTTLE,
    )
    shuttle = next(p for p in game.legal_plays() if p.kind is Kind.SPACE_SHUTTLE)
    game.apply(PlayAction(shuttle))
    assert (game.bombs, game.multiplier) == (0, 1)
    answers = game.legal_plays()
    assert [p.describe() for p in answers] == ["bomb 5-5-5-5"]
    game.apply(PlayAction(answers[0]))
    assert (game.bombs, game.multiplier) == (1, 2)


def test_r43_the_game_refuses_a_shuttle_at_a_table_without_them() -> None:
    game = Game.from_position(
        hands=[
            "3 3 3 3 4 4 4 4 6 7 8 9 10 J Q K A 2 2 BJ",
            None,
            "5 5 5 5 6 6 7 7 8 8 9 9 10 10 J J Q",
        ],
        landlord=Seat.YOU,
        kitty="2 2 BJ",
    )
    shuttle = classify(parse_ranks("3 3 3 3 4 4 4 4"), SHUTTLE)[0]
    assert game.why_not(PlayAction(shuttle)) == NO_SHUTTLES


def test_r42_r43_legal_plays_with_runs_of_fours_equal_the_brute_force_oracle() -> None:
    """Hands holding two or three fours in a run: leads and answers to every lead are
    exactly the readings of the hand's sub-multisets (that beat), each once."""
    for text in (
        "3 3 3 3 4 4 4 4 5 6",
        "3 3 3 3 4 4 4 4 5 5 5 5 BJ RJ",
        "9 9 9 9 10 10 10 10 J J Q Q 2",
        "K K K K A A A A 2 2 2 2 3",
    ):
        counts = counts_of(parse_ranks(text))
        leads = [p for sub in sub_multisets(counts) for p in classify_counts(sub, SHUTTLE)]
        generated = legal_plays_counts(counts, None, SHUTTLE)
        assert len(generated) == len(set(generated)) and set(generated) == set(leads), text
        assert {p.kind for p in generated} & SHUTTLE_KINDS
        for last in set(leads):
            answers = legal_plays_counts(counts, last, SHUTTLE)
            assert len(answers) == len(set(answers)), (text, last)
            assert set(answers) == {p for p in leads if beats(p, last)}, (text, last)
