"""Deal codes and dealing (rule book R5-R7)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doudizhu_tui.core import (
    ALPHABET,
    DealCode,
    DealCodeError,
    Game,
    Seat,
    code_from_number,
    deal_cards,
    format_cards,
    full_pack,
    new_code,
    parse_code,
)
from doudizhu_tui.core.seats import seats_of

PAYLOAD_SPACE = 31**8
SAMPLE_CODES = [code_from_number(n) for n in (0, 1, 42, 123456789, PAYLOAD_SPACE - 1)] + [
    new_code(random.Random(seed)) for seed in range(15)
]


# --- R7: the shape of a code ---------------------------------------------------------------


def test_r7_the_alphabet_leaves_out_confusable_characters() -> None:
    """No 0, O, 1, I or L; 31 distinct characters, digits and upper-case letters."""
    assert len(ALPHABET) == len(set(ALPHABET)) == 31
    for ch in "0O1IL":
        assert ch not in ALPHABET
    assert all(ch.isdigit() or ch.isupper() for ch in ALPHABET)


@pytest.mark.parametrize("code", SAMPLE_CODES, ids=str)
def test_r7_a_code_is_ten_characters_shown_in_two_groups(code: DealCode) -> None:
    """The text is 10 characters of the alphabet; it is shown as 5-hyphen-5."""
    assert len(code.text) == 10
    assert set(code.text) <= set(ALPHABET)
    shown = str(code)
    assert len(shown) == 11
    assert shown[5] == "-"
    assert shown.replace("-", "") == code.text


@settings(max_examples=300)
@given(st.integers(0, PAYLOAD_SPACE - 1))
def test_r7_every_code_reads_back_as_itself(payload: int) -> None:
    """parse_code(str(code)) == code for every payload."""
    code = DealCode(payload)
    assert parse_code(str(code)) == code
    assert parse_code(code.text) == code


@pytest.mark.parametrize(
    "typed",
    ["3226b-q524c", "3226BQ524C", " 3226b q524c ", "3 2 2 6 b - q 5 2 4 c", "3226B--Q524C"],
)
def test_r7_case_spaces_and_hyphens_do_not_matter(typed: str) -> None:
    """A code typed in lower case, without or with extra spaces and hyphens is the same code."""
    assert parse_code(typed) == code_from_number(123456789)
    assert str(parse_code(typed)) == "3226B-Q524C"


@pytest.mark.parametrize("code", SAMPLE_CODES, ids=str)
def test_r7_every_single_character_mistype_is_refused(code: DealCode) -> None:
    """Changing any one character to any other character of the alphabet fails the check."""
    text = code.text
    for i, original in enumerate(text):
        for ch in ALPHABET:
            if ch == original:
                continue
            typo = text[:i] + ch + text[i + 1 :]
            with pytest.raises(DealCodeError):
                parse_code(typo)


@pytest.mark.parametrize("code", SAMPLE_CODES, ids=str)
def test_r7_every_adjacent_swap_is_refused(code: DealCode) -> None:
    """Swapping two neighbouring (different) characters fails the check."""
    text = code.text
    swaps = 0
    for i in range(len(text) - 1):
        if text[i] == text[i + 1]:
            continue
        typo = text[:i] + text[i + 1] + text[i] + text[i + 2 :]
        swaps += 1
        with pytest.raises(DealCodeError):
            parse_code(typo)
    assert swaps > 0


def test_r7_a_mistyped_code_says_it_is_mistyped() -> None:
    """The check failure is reported as a mistype, showing what was typed."""
    with pytest.raises(DealCodeError, match=r"3226B-Q524D.*mistyped"):
        parse_code("3226B-Q524D")


@pytest.mark.parametrize("typed", ["", "3226B", "3226B-Q524", "3226B-Q524CC", "ABCDEFGHJKMN"])
def test_r7_a_code_of_the_wrong_length_is_refused(typed: str) -> None:
    """The message says a code has 10 characters and how many were typed."""
    with pytest.raises(DealCodeError) as info:
        parse_code(typed)
    message = str(info.value)
    assert "10 characters" in message
    assert str(len(typed.replace("-", ""))) in message


@pytest.mark.parametrize("foreign", ["0", "O", "1", "I", "L", "!", "é"])
def test_r7_a_foreign_character_is_named(foreign: str) -> None:
    """A character that codes never use is refused by name, not as a mistype."""
    text = code_from_number(42).text
    typed = text[:3] + foreign + text[4:]
    with pytest.raises(DealCodeError) as info:
        parse_code(typed)
    assert f"'{foreign.upper()}'" in str(info.value)
    assert "mistyped" not in str(info.value)


def test_r7_an_unknown_version_is_refused() -> None:
    """A well-formed code whose version character is not known is refused, saying so."""
    body = code_from_number(42).text[1:9]
    messages = []
    for last in ALPHABET:
        with pytest.raises(DealCodeError) as info:
            parse_code("9" + body + last)
        messages.append(str(info.value))
    # Exactly one check character fits; that code is refused for its version.
    assert sum("version" in m for m in messages) == 1


def test_deal_code_error_is_a_value_error() -> None:
    """Callers that only know ValueError still catch code errors."""
    assert issubclass(DealCodeError, ValueError)


@pytest.mark.parametrize("payload", [-1, PAYLOAD_SPACE])
def test_a_payload_outside_the_code_space_is_refused(payload: int) -> None:
    """DealCode only holds payloads that fit in eight characters."""
    with pytest.raises(DealCodeError):
        DealCode(payload)


def test_code_from_number_wraps_and_new_code_uses_the_callers_generator() -> None:
    """code_from_number takes the number modulo the space; new_code draws from its argument."""
    assert code_from_number(PAYLOAD_SPACE + 5) == code_from_number(5)
    assert new_code(random.Random(7)) == new_code(random.Random(7))
    assert len({new_code(random.Random(s)) for s in range(50)}) == 50


# --- R5, R6: dealing ---------------------------------------------------------------------------


@pytest.mark.parametrize("code", SAMPLE_CODES, ids=str)
def test_r5_a_deal_is_17_17_17_and_a_kitty_of_3_partitioning_the_pack(code: DealCode) -> None:
    """Every card is dealt exactly once: three sorted hands of 17 and a kitty of 3."""
    deal = deal_cards(code)
    assert [len(h) for h in deal.hands] == [17, 17, 17]
    assert len(deal.kitty) == 3
    everything = [*deal.hands[0], *deal.hands[1], *deal.hands[2], *deal.kitty]
    assert Counter(everything) == Counter(full_pack())
    for hand in (*deal.hands, deal.kitty):
        assert list(hand) == sorted(hand)


def test_r7_the_same_code_gives_the_same_deal() -> None:
    """Hands, kitty, marked card and first bidder depend on the code alone."""
    for code in SAMPLE_CODES:
        again = parse_code(str(code))
        assert deal_cards(code) == deal_cards(again)
        a, b = Game(code), Game(again)
        assert a.hands == b.hands
        assert a.kitty == b.kitty
        assert a.first_bidder == b.first_bidder


def test_r7_different_codes_give_different_deals() -> None:
    """Two hundred codes give two hundred different first hands."""
    hands = {deal_cards(code_from_number(n)).hands[0] for n in range(200)}
    assert len(hands) == 200


def test_r6_the_holder_of_the_marked_card_bids_first() -> None:
    """The first bidder holds the marked card; a marked kitty card sends it to You (the
    holder of the top card).  Over many deals every seat gets to open."""
    openers: Counter[Seat] = Counter()
    kitty_marked = 0
    for n in range(600):
        deal = deal_cards(code_from_number(n * 7919))
        openers[deal.first_bidder] += 1
        if deal.marked in deal.kitty:
            kitty_marked += 1
            assert deal.first_bidder is Seat.YOU
        else:
            assert deal.marked in deal.hands[deal.first_bidder]
    assert set(openers) == set(seats_of(3))
    assert kitty_marked > 0  # about 1 deal in 18


def test_r6_the_game_starts_with_the_deals_first_bidder() -> None:
    """A game's auction opens with the first bidder its deal chose."""
    for code in SAMPLE_CODES:
        game = Game(code)
        assert game.first_bidder == deal_cards(code).first_bidder
        assert game.turn == game.first_bidder


def test_r7_one_deal_is_pinned() -> None:
    """Changing the dealing algorithm would silently change every code already written
    down; it must come with a new code version instead.  This pins one deal."""
    deal = deal_cards(code_from_number(42))
    assert str(deal.code) == "32222-223DH"
    assert [format_cards(h) for h in deal.hands] == [
        "5 8 8 9 9 10 10 J J Q K K K A A A RJ",
        "3 3 4 4 5 5 5 6 6 7 7 8 9 10 Q Q 2",
        "3 3 4 4 6 6 7 8 9 10 J Q K 2 2 2 BJ",
    ]
    assert format_cards(deal.kitty) == "7 J A"
    assert deal.first_bidder is Seat.RIGHT


# --- the code's successor and random streams ------------------------------------------------


def test_r9_the_successor_is_deterministic_and_differs() -> None:
    """The next code follows from the code alone and is a different code."""
    for code in SAMPLE_CODES:
        assert code.successor() == parse_code(str(code)).successor()
        assert code.successor() != code
    chain = [SAMPLE_CODES[0]]
    for _ in range(200):
        chain.append(chain[-1].successor())
    assert len(set(chain)) == len(chain)


def test_r7_each_purpose_has_its_own_random_stream() -> None:
    """Streams for different purposes (and different codes) differ; the same purpose of
    the same code repeats exactly."""
    code = code_from_number(42)

    def draws(c: DealCode, purpose: str) -> list[float]:
        rng = c.rng(purpose)
        return [rng.random() for _ in range(8)]

    purposes = ["pack", "seat-0", "seat-1", "seat-2", "next"]
    streams = [draws(code, p) for p in purposes]
    assert len({tuple(s) for s in streams}) == len(purposes)
    assert draws(code, "seat-1") == draws(parse_code(str(code)), "seat-1")
    assert draws(code, "seat-1") != draws(code.successor(), "seat-1")
    # A generator handed out is a fresh object: using one does not advance another.
    first = code.rng("seat-0")
    first.random()
    assert code.rng("seat-0").random() == draws(code, "seat-0")[0]


_GLOBAL_RANDOM_FUNCTIONS = [
    "random",
    "randrange",
    "randint",
    "choice",
    "choices",
    "shuffle",
    "sample",
    "seed",
    "getrandbits",
    "uniform",
]


def test_dealing_and_playing_never_touch_the_global_random(monkeypatch: pytest.MonkeyPatch) -> None:
    """The core uses only generators derived from the deal code: the module-level
    random functions are never called and the global generator's state never moves."""
    state = random.getstate()

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the core used the global random module")

    for name in _GLOBAL_RANDOM_FUNCTIONS:
        monkeypatch.setattr(random, name, forbidden)
    for code in SAMPLE_CODES[:5]:
        deal_cards(code)
        code.successor()
        game = Game(code)
        while not game.over:
            game.apply(game.legal_actions()[-1])
    monkeypatch.undo()
    assert random.getstate() == state


def test_dealing_gives_the_same_deal_whatever_the_global_seed() -> None:
    """Seeding the global generator differently changes nothing in a deal."""
    code = code_from_number(2024)
    random.seed(1)
    first = deal_cards(code)
    r1 = random.random()
    random.seed(999)
    random.random()
    second = deal_cards(code)
    random.seed(1)
    deal_cards(code)
    assert random.random() == r1
    assert first == second
