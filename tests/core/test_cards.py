"""Cards, rank order and the text notation (rule book R1-R3)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doudizhu_tui.core import (
    ALL_RANKS,
    CHAIN_RANKS,
    Card,
    CardError,
    Rank,
    counts_of,
    format_cards,
    format_ranks,
    full_pack,
    parse_cards,
    parse_ranks,
)
from doudizhu_tui.core.cards import ranks_of_counts

# The compact symbol of each rank (R3): one character, jokers shrink to B and R.
_COMPACT = {**{Rank(v): str(v) for v in range(3, 10)}, Rank.TEN: "T"}
_COMPACT.update(
    {
        Rank.JACK: "J",
        Rank.QUEEN: "Q",
        Rank.KING: "K",
        Rank.ACE: "A",
        Rank.TWO: "2",
        Rank.BLACK_JOKER: "B",
        Rank.RED_JOKER: "R",
    }
)


@st.composite
def rank_multisets(draw: st.DrawFn) -> list[Rank]:
    """Any multiset of ranks the pack can hold: up to four of a rank, one of each joker."""
    ranks: list[Rank] = []
    for r in ALL_RANKS:
        ranks.extend([r] * draw(st.integers(0, 1 if r.is_joker else 4)))
    return ranks


def _random_case(data: st.DataObject, text: str) -> str:
    """The text with each letter in upper or lower case at random."""
    flips = data.draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)))
    return "".join(ch.lower() if f else ch.upper() for ch, f in zip(text, flips, strict=True))


# --- R2: the order ---------------------------------------------------------------------


def test_r2_rank_order_runs_from_three_to_the_red_joker() -> None:
    """3 < 4 < ... < 10 < J < Q < K < A < 2 < black joker < red joker."""
    written = "RJ 2 A 3 BJ 10 K 9 J Q"
    assert format_ranks(sorted(parse_ranks(written))) == "3 9 10 J Q K A 2 BJ RJ"
    assert " ".join(r.symbol for r in ALL_RANKS) == "3 4 5 6 7 8 9 10 J Q K A 2 BJ RJ"
    assert list(ALL_RANKS) == sorted(ALL_RANKS)


def test_r12_chain_ranks_stop_at_the_ace() -> None:
    """Chains run from 3 up to A: no 2, no joker."""
    assert CHAIN_RANKS[0] is Rank.THREE
    assert CHAIN_RANKS[-1] is Rank.ACE
    assert Rank.TWO not in CHAIN_RANKS
    assert len(CHAIN_RANKS) == 12


def test_r1_cards_sort_by_rank_whatever_their_suit() -> None:
    """Sorting a hand puts it in game order; suits only break ties between equal ranks."""
    hand = [Card(Rank.TWO, 0), Card(Rank.THREE, 3), Card(Rank.RED_JOKER), Card(Rank.ACE, 1)]
    assert [c.rank for c in sorted(hand)] == [Rank.THREE, Rank.ACE, Rank.TWO, Rank.RED_JOKER]


# --- R1: the pack and card numbers -------------------------------------------------------


def test_r1_card_ids_are_a_bijection_on_the_54_cards() -> None:
    """Card.from_id and Card.id are inverse over 0..53, and name 54 different cards."""
    cards = [Card.from_id(i) for i in range(54)]
    assert [c.id for c in cards] == list(range(54))
    assert len(set(cards)) == 54
    assert cards == full_pack()
    counts = counts_of(cards)
    assert all(counts[r] == (1 if r.is_joker else 4) for r in ALL_RANKS)
    for card in cards:
        assert Card.from_id(card.id) == card


def test_r1_jokers_have_no_suit_and_other_cards_have_one() -> None:
    """Suits are drawn on the 52 ordinary cards only; the four suits of a rank differ."""
    pack = full_pack()
    assert [c.suit for c in pack if c.rank.is_joker] == [None, None]
    for rank in ALL_RANKS:
        if not rank.is_joker:
            assert len({c.suit for c in pack if c.rank is rank}) == 4


@pytest.mark.parametrize("bad", [-1, 108, 200])
def test_card_from_id_outside_the_pack_is_refused(bad: int) -> None:
    """There is no card number outside 0..107 (two packs of 54)."""
    with pytest.raises(CardError, match=str(bad)):
        Card.from_id(bad)


# --- R3: reading and writing ---------------------------------------------------------------


@settings(max_examples=300)
@given(st.data())
def test_r3_any_multiset_round_trips_through_the_spaced_notation(data: st.DataObject) -> None:
    """format_ranks then parse_ranks gives back the same ranks, sorted, whatever the
    separators (spaces, commas), token order, case and the choice of T or 10."""
    ranks = data.draw(rank_multisets())
    text = format_ranks(ranks)
    assert parse_ranks(text) == tuple(sorted(ranks))
    tokens = [
        ("T" if r is Rank.TEN and data.draw(st.booleans()) else r.symbol)
        for r in data.draw(st.permutations(ranks))
    ]
    seps = data.draw(st.lists(st.sampled_from([" ", ",", ", ", " , ", "  "]), min_size=len(tokens)))
    written = "".join(t + s for t, s in zip(tokens, seps, strict=False))
    written = _random_case(data, written)
    assert parse_ranks(written) == tuple(sorted(ranks))


@settings(max_examples=300)
@given(st.data())
def test_r3_any_multiset_round_trips_through_the_compact_notation(data: st.DataObject) -> None:
    """The compact form (one character a rank, B and R for the jokers, 10 or T) reads
    back to the same ranks, in any case."""
    ranks = sorted(data.draw(rank_multisets()))
    written = "".join(
        "10" if r is Rank.TEN and data.draw(st.booleans()) else _COMPACT[r] for r in ranks
    )
    written = _random_case(data, written)
    assert parse_ranks(written) == tuple(ranks)


@settings(max_examples=200)
@given(st.sets(st.integers(0, 53)))
def test_r3_cards_round_trip_through_format_cards_and_parse_cards(ids: set[int]) -> None:
    """Any set of real cards is written and read back as the same ranks, as distinct cards."""
    cards = [Card.from_id(i) for i in ids]
    text = format_cards(cards)
    back = parse_cards(text)
    assert len(set(back)) == len(back) == len(cards)
    assert [c.rank for c in back] == sorted(c.rank for c in cards)
    assert format_cards(back) == text
    assert ranks_of_counts(counts_of(cards)) == tuple(c.rank for c in back)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3 3 10 J", "3 3 10 J"),
        ("3,3,t,j", "3 3 10 J"),
        ("33TTJ", "3 3 10 10 J"),
        ("KKBR", "K K BJ RJ"),
        ("kkbr", "K K BJ RJ"),
        ("bj rj", "BJ RJ"),
        ("Bj, rJ", "BJ RJ"),
        ("1010", "10 10"),
        ("10T", "10 10"),
        ("2 a k", "K A 2"),
        ("  5 ,, 4  ", "4 5"),
        ("", ""),
    ],
)
def test_r3_examples_from_the_rule_book(text: str, expected: str) -> None:
    """The spellings the rule book allows: T or 10, commas, compact, any case."""
    assert format_ranks(parse_ranks(text)) == expected


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("3 X", "X"),
        ("1", "1"),
        ("0", "0"),
        ("3 4 11", "1"),
        ("JOKER", "O"),
        ("3 4 $", "$"),
        ("33Z", "Z"),
    ],
)
def test_r3_a_bad_token_is_refused_with_its_name(text: str, named: str) -> None:
    """Something that is not a card raises CardError naming it."""
    with pytest.raises(CardError) as info:
        parse_ranks(text)
    assert named in str(info.value)
    assert "not a card" in str(info.value)
    with pytest.raises(CardError):
        parse_cards(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("3 3 3 3 3", ["4", "rank 3", "5"]),
        ("KKKKK", ["rank K", "5"]),
        ("10 T 10 t 10", ["rank 10", "5"]),
        ("BJ BJ", ["black joker", "2"]),
        ("R R", ["red joker", "2"]),
        ("rj,RJ,rj", ["red joker", "3"]),
    ],
)
def test_r1_more_cards_of_a_rank_than_the_pack_holds_is_refused(
    text: str, words: list[str]
) -> None:
    """A fifth card of a rank or a second joker of a colour raises CardError saying so."""
    with pytest.raises(CardError) as info:
        parse_ranks(text)
    for word in words:
        assert word in str(info.value)


def test_card_error_is_a_value_error() -> None:
    """Callers that only know ValueError still catch notation errors."""
    assert issubclass(CardError, ValueError)


def test_parse_cards_gives_each_copy_of_a_rank_its_own_suit() -> None:
    """Four 3s read as four different cards, so they can all sit in one hand."""
    cards = parse_cards("3 3 3 3")
    assert len(set(cards)) == 4
    assert {c.suit for c in cards} == {c.suit for c in full_pack() if c.rank is Rank.THREE}


def test_card_and_rank_print_in_the_notation() -> None:
    """str() of ranks and cards is the notation that parse_ranks reads back."""
    assert str(Rank.TEN) == "10"
    assert str(Card(Rank.BLACK_JOKER)) == "BJ"
    assert [str(c) for c in parse_cards("RJ 10 3")] == ["3", "10", "RJ"]
