"""Hand splitting: every split plays the whole hand out in plays the core allows."""

from __future__ import annotations

import gc
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from doudizhu_tui.bots import analysis
from doudizhu_tui.bots.analysis import (
    _chain_starts,
    _searcher,
    best_split,
    fewest_split,
    move_cost,
)
from doudizhu_tui.bots.movegen import answers, whole_hand
from doudizhu_tui.bots.shapes import shapes_of
from doudizhu_tui.core import (
    CLASSIC,
    Kind,
    Play,
    RuleProfile,
    classify_counts,
    counts_of,
    full_pack,
    legal_plays_counts,
    parse_cards,
)
from doudizhu_tui.rulebook import profile_names, shipped_profile

from .positions import play_of

PACK = full_pack()


def _hand(seed: int, size: int) -> list[int]:
    cards = list(PACK)
    random.Random(seed).shuffle(cards)
    return counts_of(cards[:size])


def _check_split(counts: list[int], moves: tuple[Play, ...]) -> None:
    total = [0] * 18
    for m in moves:
        assert m in classify_counts(counts_of(m.ranks)), m.describe()
        for r in m.ranks:
            total[r] += 1
    assert total == list(counts)


@settings(max_examples=150)
@given(st.integers(0, 10**9), st.integers(1, 20))
@example(91, 13)  # 3333 444 6-10 K: a loose 3 cannot ride on the airplane 333-444
def test_splits_cover_the_hand_with_legal_plays(seed: int, size: int) -> None:
    counts = _hand(seed, size)
    best = best_split(counts, CLASSIC)
    fewest = fewest_split(counts, CLASSIC)
    _check_split(counts, best.moves)
    _check_split(counts, fewest.moves)
    assert fewest.plays <= best.plays
    assert best.plays == len(best.moves)
    assert abs(best.cost - sum(move_cost(m) for m in best.moves)) < 1e-9


def test_classic_shapes_come_from_the_core() -> None:
    shapes = shapes_of(CLASSIC)
    assert [(c.kind, c.width, c.shortest, c.highest) for c in shapes.chains] == [
        (Kind.STRAIGHT, 1, 5, 14),
        (Kind.PAIR_CHAIN, 2, 3, 14),
        (Kind.AIRPLANE, 3, 2, 14),
    ]
    assert shapes.groups == (Kind.SINGLE, Kind.PAIR, Kind.TRIO, Kind.BOMB)
    assert shapes.rocket is Kind.ROCKET
    assert shapes_of(CLASSIC) is shapes  # worked out once


def test_fewest_split_finds_chains_and_kickers() -> None:
    split = fewest_split(counts_of(parse_cards("3 4 5 6 7 9 9 9 J J Q")), CLASSIC)
    assert split.plays == 3
    kinds = sorted(m.kind.label for m in split.moves)
    assert kinds == ["pair", "straight", "trio+single"]


def test_airplane_with_wings_is_one_play() -> None:
    split = fewest_split(counts_of(parse_cards("3 3 3 4 4 4 7 9")), CLASSIC)
    assert [m.describe() for m in split.moves] == ["airplane+singles 3-3-3-4-4-4+7-9"]


def test_best_split_keeps_2s_and_jokers_out_of_kickers() -> None:
    split = best_split(counts_of(parse_cards("8 8 8 2 BJ")), CLASSIC)
    assert sorted(m.describe() for m in split.moves) == ["single 2", "single BJ", "trio 8-8-8"]


def test_rocket_and_bomb_stay_whole() -> None:
    split = best_split(counts_of(parse_cards("5 5 5 5 BJ RJ 3")), CLASSIC)
    assert sorted(m.describe() for m in split.moves) == [
        "bomb 5-5-5-5",
        "rocket BJ-RJ",
        "single 3",
    ]


def test_answers_keep_the_cheapest_kickers() -> None:
    hand = counts_of(parse_cards("3 5 5 8 8 8 Q Q Q 2"))
    got = [m.label() for m in answers(hand, play_of("7 7 7 4"), CLASSIC)]
    # The loose 3 first, then a 5 from the pair; never the 2, never a kicker from a trio
    # before the cheaper cards.
    assert got == ["8-8-8+3", "8-8-8+5", "8-8-8+Q", "Q-Q-Q+3", "Q-Q-Q+5", "Q-Q-Q+8"]
    every = legal_plays_counts(hand, play_of("7 7 7 4"), CLASSIC)
    assert len(every) > len(got)  # the core lists the 2 (and more) as kickers too


def test_whole_hand_reads_one_play() -> None:
    got = [m.describe() for m in whole_hand(counts_of(parse_cards("9 9 9 9 3 5")), CLASSIC)]
    assert got == ["four+two singles 9-9-9-9+3-5"]
    assert whole_hand(counts_of(parse_cards("9 9 3")), CLASSIC) == []
    # Four+two never carries two singles of one rank in the classic rules.
    assert whole_hand(counts_of(parse_cards("9 9 9 9 3 3")), CLASSIC) == []


@settings(max_examples=200)
@given(st.sampled_from(sorted(profile_names())), st.integers(0, 10**9), st.integers(1, 33))
def test_the_search_branches_where_the_core_sees_a_chain_start(
    name: str, seed: int, size: int
) -> None:
    # The split search only tries chains at the ranks _chain_starts marks (and skips
    # the search when it marks none), so it must mark every rank where the core
    # reads a chain of the profile as starting.
    rules = shipped_profile(name)
    cards = list(full_pack(rules.packs))
    random.Random(seed).shuffle(cards)
    counts = counts_of(cards[: min(size, 20 if rules.packs == 1 else 33)])
    searcher = _searcher(rules)
    kinds = {chain.kind for chain in searcher.shapes.chains}
    leads = legal_plays_counts(counts, None, rules)
    lows = {int(p.rank) - p.length + 1 for p in leads if p.kind in kinds}
    starts = _chain_starts(list(counts), searcher)
    marked = set() if starts is None else {r for r, start in enumerate(starts) if start}
    assert marked == lows


def _searched_afresh(counts: list[int], rules: RuleProfile, fewest: bool) -> object:
    """The split of ``counts`` searched with the searcher's memory emptied first."""
    _searcher(rules).forget()
    return fewest_split(counts, rules) if fewest else best_split(counts, rules)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(profile_names())), st.integers(0, 10**9), st.integers(1, 20))
def test_a_remembered_split_is_the_split_searched(name: str, seed: int, size: int) -> None:
    rules = shipped_profile(name)
    counts = _hand(seed, size)
    for fewest in (False, True):
        fresh = _searched_afresh(counts, rules, fewest)
        remembered = fewest_split(counts, rules) if fewest else best_split(counts, rules)
        assert remembered == fresh
        assert type(remembered) is type(fresh)


def test_the_remembered_splits_are_numbers_the_collector_leaves_alone() -> None:
    rules = CLASSIC
    searcher = _searcher(rules)
    searcher.forget()
    for seed in range(40):
        best_split(_hand(seed, 17), rules)
        fewest_split(_hand(seed, 12), rules)
    gc.collect()
    gc.collect()
    kept = [*searcher.best.splits.values(), *searcher.fewest.splits.values()]
    assert len(kept) == 80
    for cost, plays, numbers in kept:
        assert isinstance(cost, (int, float)) and isinstance(plays, int)
        assert len(numbers) == plays and all(isinstance(n, int) for n in numbers)
    # A tuple of numbers is untracked once it survives a collection (the outer one
    # once its inner one is); a split of plays would stay tracked and be visited at
    # every full collection.
    assert not any(gc.is_tracked(packed) for packed in kept)


def test_the_searcher_forgets_everything_when_its_plays_fill_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = CLASSIC
    searcher = _searcher(rules)
    searcher.forget()
    monkeypatch.setattr(analysis, "PLAYS_LIMIT", 12)
    hands = [_hand(seed, 15) for seed in range(30)]
    splits = [best_split(counts, rules) for counts in hands]
    assert len(searcher.best.table) < 12 + 15  # emptied at the limit, then a hand's plays
    assert len(searcher.best) < 30
    # Whatever was forgotten or kept, each hand still gets its own split.
    assert [best_split(counts, rules) for counts in hands] == splits
    for counts, split in zip(hands, splits, strict=True):
        assert split == _searched_afresh(counts, rules, fewest=False)


def test_whole_hand_gives_a_list_of_its_own_each_time() -> None:
    rules = CLASSIC
    counts = counts_of(parse_cards("3 3 3 4"))
    first = whole_hand(counts, rules)
    assert [p.kind for p in first] == [Kind.TRIO_SINGLE]
    first.clear()  # the caller's list: the remembered answer is not touched
    assert whole_hand(counts, rules) == [play_of("3 3 3 4")]
    assert whole_hand(_hand(1, 17), rules) == []  # not one play
