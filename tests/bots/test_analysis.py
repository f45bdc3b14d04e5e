"""Hand splitting: every split plays the whole hand out in legal plays."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from doudizhu_tui.bots.analysis import (
    best_split,
    describe,
    fewest_split,
    move_of_play,
    play_of_move,
)
from doudizhu_tui.bots.movegen import answers, whole_hand
from doudizhu_tui.core import (
    classify_counts,
    counts_of,
    full_pack,
    legal_plays_counts,
    parse_cards,
)

PACK = full_pack()


def _hand(seed: int, size: int) -> list[int]:
    cards = list(PACK)
    random.Random(seed).shuffle(cards)
    return counts_of(cards[:size])


def _check_split(
    counts: list[int], moves: tuple[tuple[int, int, int, tuple[int, ...]], ...]
) -> None:
    total = [0] * 18
    for m in moves:
        play = play_of_move(m)
        assert play in classify_counts(counts_of(play.ranks)), describe(m)
        for r in m[3]:
            total[r] += 1
    assert total == list(counts)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 20))
def test_splits_cover_the_hand_with_legal_plays(seed: int, size: int) -> None:
    counts = _hand(seed, size)
    best = best_split(counts)
    fewest = fewest_split(counts)
    _check_split(counts, best.moves)
    _check_split(counts, fewest.moves)
    assert fewest.plays <= best.plays
    assert best.plays == len(best.moves)


def test_fewest_split_finds_chains_and_kickers() -> None:
    split = fewest_split(counts_of(parse_cards("3 4 5 6 7 9 9 9 J J Q")))
    assert split.plays == 3
    kinds = sorted(play_of_move(m).kind.label for m in split.moves)
    assert kinds == ["pair", "straight", "trio+single"]


def test_airplane_with_wings_is_one_play() -> None:
    split = fewest_split(counts_of(parse_cards("3 3 3 4 4 4 7 9")))
    assert [describe(m) for m in split.moves] == ["airplane+singles 3-3-3-4-4-4+7-9"]


def test_best_split_keeps_2s_and_jokers_out_of_kickers() -> None:
    split = best_split(counts_of(parse_cards("8 8 8 2 BJ")))
    assert sorted(describe(m) for m in split.moves) == ["single 2", "single BJ", "trio 8-8-8"]


def test_rocket_and_bomb_stay_whole() -> None:
    split = best_split(counts_of(parse_cards("5 5 5 5 BJ RJ 3")))
    assert sorted(describe(m) for m in split.moves) == [
        "bomb 5-5-5-5",
        "rocket BJ-RJ",
        "single 3",
    ]


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 20), st.integers(0, 10**9))
def test_answers_are_legal_and_beat_the_trick(seed: int, size: int, seed2: int) -> None:
    counts = _hand(seed, size)
    other = _hand(seed2, 12)
    leads = legal_plays_counts(other)
    last = leads[seed2 % len(leads)]
    legal = set(legal_plays_counts(counts, last))
    for m in answers(counts, move_of_play(last)):
        assert play_of_move(m) in legal, describe(m)


def test_whole_hand_reads_one_play() -> None:
    assert [describe(m) for m in whole_hand(counts_of(parse_cards("9 9 9 9 3 5")))] == [
        "four+two singles 9-9-9-9+3-5"
    ]
    assert whole_hand(counts_of(parse_cards("9 9 3"))) == []
