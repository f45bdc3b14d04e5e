"""Why a selection can or cannot be played: the status-line reasons (product.md,
rule book R10-R20)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doudizhu_tui.core import (
    Kind,
    Play,
    Rank,
    RuleProfile,
    beats,
    choose_reading,
    classify,
    classify_counts,
    default_reading,
    explain,
    parse_ranks,
    playable_readings,
)
from doudizhu_tui.core.cards import ranks_of_counts

from .handgen import biased_counts, sub_multisets


def play(text: str) -> Play:
    """The default reading of some cards."""
    return default_reading(classify(parse_ranks(text)))


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ("3 4 5 6", "a straight needs at least 5 cards"),
        ("3 3 3 3 4 4 4 5", "a kicker cannot share the rank of its trio"),  # R14 (a)
        ("K K K BJ RJ", "both jokers together are the rocket, not kickers"),  # R14 (e)
        ("7 7 7 8 8 8 BJ RJ", "both jokers together are the rocket, not kickers"),  # R14 (c)
        ("9 9 9 9 BJ RJ", "both jokers together are the rocket, not kickers"),
        ("9 9 9 9 3 3", "four+two needs two single kickers of different ranks"),  # R14 (g)
        ("9 9 9 9 3 3 3 3", "four+two needs two pairs of different ranks"),  # R14 (h)
        ("7 7 7 8 8 8 5 5 5 5", "pair kickers must be of different ranks"),  # R14 (d)
        ("7 7 7 8 8 8 3 4 4", "kickers must be all singles or all pairs"),  # R14 (f)
        ("J Q K A 2", "a straight cannot hold a 2 or a joker"),  # R12
        ("K K K A A A 2 2 2", "an airplane cannot hold a 2"),  # R12
        ("3 3 4 4", "a pair chain needs at least 3 pairs"),  # R12
        ("3 4 5 6 8", "a straight needs consecutive ranks"),
    ],
)
def test_reasons_for_cards_that_are_no_play(cards: str, reason: str) -> None:
    """The examples of rulings.md, the rule book and product.md, in the status line's words."""
    assert explain(parse_ranks(cards)) == reason


@pytest.mark.parametrize(
    ("cards", "last", "reason"),
    [
        ("9 9", "Q Q", "9-9 does not beat Q-Q"),  # R16's example
        ("5 5", "5 5", "5-5 does not beat 5-5"),
        ("2 2 2 2", "BJ RJ", "nothing beats the rocket"),  # R18
        ("5 5 5 5", "7 7 7 7", "bomb 5-5-5-5 does not beat bomb 7-7-7-7"),
        ("A A", "7 7 7 7", "only a higher bomb or the rocket beats bomb 7-7-7-7"),
    ],
)
def test_reasons_for_plays_that_do_not_beat(cards: str, last: str, reason: str) -> None:
    """Following: the reason names the two plays."""
    assert explain(parse_ranks(cards), play(last)) == reason


def test_reason_for_a_chain_of_the_wrong_length_names_the_shape_needed() -> None:
    """R16: a six-card straight cannot answer a five-card one; the reason says what can."""
    reason = explain(parse_ranks("4 5 6 7 8 9"), play("3 4 5 6 7"))
    assert reason is not None
    assert "a 6-card straight cannot beat" in reason
    assert "higher 5-card straight" in reason


def test_reason_for_a_different_kind_names_the_kind_on_the_table() -> None:
    """A pair cannot answer a single."""
    reason = explain(parse_ranks("3 3"), play("4"))
    assert reason is not None
    assert "single 4" in reason and "higher single" in reason


def test_reasons_for_nothing_selected_and_too_many_of_a_rank() -> None:
    """An empty selection and a fifth card of a rank have their own reasons."""
    assert explain([]) == "select some cards"
    assert explain([Rank.THREE] * 5) == "there are only 4 cards of rank 3, not 5"


def test_r14g_the_option_makes_four_with_two_same_singles_playable() -> None:
    """Under four_two_same_rank_singles, 9999+3+3 has no reason against it."""
    cards = parse_ranks("9 9 9 9 3 3")
    assert explain(cards, rules=RuleProfile(four_two_same_rank_singles=True)) is None


@pytest.mark.parametrize(
    ("cards", "last"),
    [
        ("3 4 5 6 7", None),
        ("3 3 3 4 4 4 5 5 5 6 6 6", None),
        ("BJ RJ", None),
        ("Q Q", "9 9"),
        ("3 3 3 3", "A A"),
        ("BJ RJ", "2 2 2 2"),
        ("9 9 9 3", "8 8 8 A"),
        # R20: any reading may beat: 444555666+3+3+3 is beaten by 777888999+J+Q+K.
        ("7 7 7 8 8 8 9 9 9 J Q K", None),
    ],
)
def test_playable_selections_have_no_reason(cards: str, last: str | None) -> None:
    """explain returns None whenever the cards may be played now."""
    assert explain(parse_ranks(cards), None if last is None else play(last)) is None


def test_r20_playable_readings_are_those_that_beat() -> None:
    """Following 444555666+3+3+3, the only playable reading of 777888999JQK is the
    airplane+singles; leading, every reading is playable, and the default is recorded."""
    led = [p for p in classify(parse_ranks("3 3 3 4 4 4 5 5 5 6 6 6")) if p.rank == Rank.SIX]
    wings = next(p for p in led if p.kind is Kind.AIRPLANE_SINGLES)
    found = playable_readings(parse_ranks("7 7 7 8 8 8 9 9 9 J Q K"), wings)
    assert [(p.kind, p.rank) for p in found] == [(Kind.AIRPLANE_SINGLES, Rank.NINE)]
    every = playable_readings(parse_ranks("3 3 3 4 4 4 5 5 5 6 6 6"))
    assert len(every) == 3
    assert choose_reading(every).kind is Kind.AIRPLANE


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_explain_is_none_exactly_when_the_selection_is_playable(data: st.DataObject) -> None:
    """For every selection from a hand, leading and following a random play: no reason
    if and only if some reading is playable; otherwise a non-empty sentence."""
    counts = data.draw(biased_counts(max_cards=9), label="hand")
    subs = list(sub_multisets(counts))
    plays = [p for sub in subs for p in classify_counts(sub)]
    lasts: list[Play | None] = [None]
    if plays:
        lasts.append(data.draw(st.sampled_from(plays), label="last"))
    for last in lasts:
        for sub in subs:
            cards = ranks_of_counts(sub)
            readings = classify_counts(sub)
            playable = bool(readings) if last is None else any(beats(p, last) for p in readings)
            reason = explain(cards, last)
            if playable:
                assert reason is None, (cards, last)
            else:
                assert isinstance(reason, str) and reason, (cards, last)
