"""Table codes (R7): a deal code that also names the rules, the level and the opener."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doudizhu_tui.core import (
    CLASSIC,
    BidAction,
    DealCodeError,
    Game,
    RuleProfile,
    Seat,
    Session,
    TableCode,
    code_from_number,
    parse_code,
    parse_table_code,
    table_code,
)
from doudizhu_tui.core.seats import next_seat

names = st.from_regex(r"[a-z0-9][a-z0-9_.\-]{0,15}", fullmatch=True)
levels = st.sampled_from(["easy", "normal", "hard", "random", "tests.outside_bot:factory"])
openers = st.sampled_from([None, *Seat])


@given(st.integers(0, 31**8 - 1), names, levels, openers)
def test_r7_a_table_code_reads_back_as_itself(n: int, profile: str, level: str, opener) -> None:
    code = TableCode(code_from_number(n), profile, level, opener)
    text = str(code)
    assert parse_table_code(text) == code
    assert parse_table_code(text.lower()) == code or "/" in text
    assert " " not in text and "\n" not in text


def test_r7_a_bare_deal_code_is_classic_at_normal() -> None:
    code = parse_table_code("3226B-Q524C")
    assert code == TableCode(parse_code("3226B-Q524C"), "classic", "normal", None)
    assert str(code) == "3226B-Q524C"


def test_r7_the_plain_code_is_written_bare_and_anything_else_in_full() -> None:
    deal = parse_code("3226B-Q524C")
    assert str(TableCode(deal)) == "3226B-Q524C"
    assert str(TableCode(deal, "classic", "hard")) == "3226B-Q524C:classic:hard"
    assert str(TableCode(deal, "older", "normal")) == "3226B-Q524C:older:normal"
    assert str(TableCode(deal, "older", "easy", Seat.LEFT)) == "3226B-Q524C:older:easy:left"
    assert len(str(TableCode(deal, "older", "easy", Seat.RIGHT))) <= 30


def test_r7_a_controller_path_travels_with_a_slash() -> None:
    code = TableCode(parse_code("3226B-Q524C"), "classic", "tests.outside_bot:OutsideBot")
    assert str(code) == "3226B-Q524C:classic:tests.outside_bot/OutsideBot"
    assert parse_table_code(str(code)).level == "tests.outside_bot:OutsideBot"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("3226B-Q524C:older", "no level"),
        ("3226B-Q524C:older:easy:left:more", "too many parts"),
        ("3226B-Q524C:older:easy:north", "not a seat"),
        ("3226B-Q524C::easy", "empty rule profile"),
        ("3226B-Q524C:older:", "empty level"),
        ("3226B-Q524D:older:easy", "mistyped"),
        ("3226B-Q524C:ol der!:easy", "cannot be a rule profile"),
        ("3226B-Q524C:" + "x" * 500 + ":easy", "cannot be a rule profile"),
    ],
)
def test_r7_a_bad_table_code_is_refused_with_a_short_reason(text: str, words: str) -> None:
    with pytest.raises(DealCodeError) as info:
        parse_table_code(text)
    message = str(info.value)
    assert words in message
    assert "\n" not in message and len(message) < 160


def test_r7_table_code_of_a_game_names_its_profile_level_and_a_rotated_opener() -> None:
    deal = code_from_number(99)
    older = RuleProfile(name="older", kitty="hidden", first_bidder="rotate")
    game = Game(deal, older)
    assert table_code(game, "easy") == TableCode(deal, "older", "easy", None)
    other = next_seat(game.first_bidder, 3)
    rotated = Game(deal, older, other)
    code = table_code(rotated, "easy")
    assert code.opener == other
    again = parse_table_code(str(code))
    assert Game(again.deal, older, again.opener).first_bidder == other


def test_r7_a_session_can_start_from_a_given_opener_and_rotates_from_it() -> None:
    deal = code_from_number(5)
    older = RuleProfile(name="older", kitty="hidden", first_bidder="rotate")
    natural = Game(deal, older).first_bidder
    start = next_seat(natural, 3)
    session = Session(deal, 3, older, opener=start)
    first = session.new_game()
    assert first.first_bidder == start
    while not first.over:
        first.apply(BidAction(0))
    second = session.new_game()
    assert second.first_bidder == next_seat(start, 3)


def test_r7_classic_sessions_are_unchanged_by_the_opener_option() -> None:
    deal = code_from_number(5)
    assert Session(deal, 3, CLASSIC).new_game().first_bidder == Game(deal).first_bidder


@pytest.mark.parametrize("method", ["heart-three", "random"])
def test_r7_a_deal_opened_as_its_profile_says_needs_no_opener_in_its_code(method: str) -> None:
    profile = RuleProfile(name=f"house-{method}", first_bidder=method)  # type: ignore[arg-type]
    for n in range(40):
        game = Game(code_from_number(n), profile)
        code = table_code(game, "easy")
        assert code.opener is None
        again = parse_table_code(str(code))
        assert Game(again.deal, profile, again.opener).first_bidder == game.first_bidder
