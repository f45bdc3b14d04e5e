"""The fast wildcard move generator against the slow one it replaced (issue 10):
:func:`legal_plays_wild` builds the plays kind by kind, ``_legal_plays_wild_slow``
tops every rank up with the wilds and realizes every classic play; both must list the
same plays, leading and following, with one or two wild ranks and 0-4 wild cards,
under the profiles that change what a hand can play."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from doudizhu_tui.core import Kind, Play, Rank, parse_ranks
from doudizhu_tui.core.rules import CLASSIC, RuleProfile
from doudizhu_tui.core.wild import (
    WILDABLE_RANKS,
    _classify_wild_slow,
    _legal_plays_wild_slow,
    beats_wild,
    classify_wild,
    default_wild_reading,
    legal_plays_wild,
)
from doudizhu_tui.core.wild_moves import _readings

DECK = [r for r in Rank if r <= Rank.TWO for _ in range(4)] + [Rank.BLACK_JOKER, Rank.RED_JOKER]
PROFILES = [
    CLASSIC,
    RuleProfile(space_shuttle=True),
    RuleProfile(airplanes=False),
    RuleProfile(four_two_same_rank_singles=True),
]


@st.composite
def positions(
    draw: st.DrawFn,
) -> tuple[list[Rank], tuple[Rank, ...], Play | None, RuleProfile]:
    wild = tuple(
        draw(st.lists(st.sampled_from(WILDABLE_RANKS), min_size=1, max_size=2, unique=True))
    )
    wild_pack = [r for r in DECK if r in wild]
    rest = [r for r in DECK if r not in wild]
    wilds = draw(st.integers(0, 4))
    size = draw(st.integers(max(1, wilds), 20 if wilds <= 2 else 13))
    hand = draw(st.permutations(wild_pack))[:wilds] + draw(st.permutations(rest))[: size - wilds]
    rules = draw(st.sampled_from(PROFILES))
    last: Play | None = None
    if draw(st.booleans()):
        other = draw(st.permutations(DECK))[: draw(st.integers(1, 10))]
        readings = classify_wild(other, wild, rules)
        if readings:
            last = draw(st.sampled_from([*readings, default_wild_reading(readings)]))
    return hand, wild, last, rules


@settings(max_examples=300, deadline=None)
@given(positions())
def test_the_fast_generator_lists_what_the_slow_one_lists(
    position: tuple[list[Rank], tuple[Rank, ...], Play | None, RuleProfile],
) -> None:
    hand, wild, last, rules = position
    fast = legal_plays_wild(hand, wild, last, rules)
    assert len(fast) == len(set(fast)), "a play listed twice"
    assert set(fast) == set(_legal_plays_wild_slow(hand, wild, last, rules))


def test_long_airplanes_of_a_big_hand_with_four_wilds() -> None:
    """Twenty cards, four wilds: runs of five trios and more, the slow way too."""
    nine = (Rank.NINE,)
    for hand in (
        "3 3 4 4 5 5 6 6 7 7 8 8 10 J Q 9 9 9 9 BJ",
        "3 3 3 4 4 4 5 5 5 6 6 7 7 8 10 J 9 9 9 9",
    ):
        cards = list(parse_ranks(hand))
        for rules in (CLASSIC, RuleProfile(space_shuttle=True)):
            fast = legal_plays_wild(cards, nine, None, rules)
            assert set(fast) == set(_legal_plays_wild_slow(cards, nine, None, rules))


# --- every kind to follow, bombs of each class, more wild cards (core/wild_moves.py) ------

PROFILES_TOO = [
    *PROFILES,
    RuleProfile(space_shuttle=True, four_two_same_rank_singles=True),
    RuleProfile(airplanes=False, four_two_same_rank_singles=True),
]


def _bomb_of(cards: list[Rank], wild: tuple[Rank, ...]) -> Play:
    return next(p for p in classify_wild(cards, wild) if p.kind is Kind.BOMB)


@st.composite
def follows(
    draw: st.DrawFn,
) -> tuple[list[Rank], tuple[Rank, ...], Play, RuleProfile]:
    """A hand with 0-4 wild cards of one or two wild ranks and a play of any kind to
    beat: one of the plays of another hand (the kind drawn first), or a soft, natural
    or wild bomb."""
    wild = tuple(
        draw(st.lists(st.sampled_from(WILDABLE_RANKS), min_size=1, max_size=2, unique=True))
    )
    wild_pack = [r for r in DECK if r in wild]
    rest = [r for r in DECK if r not in wild]
    wilds = draw(st.integers(0, 4))
    size = draw(st.integers(max(1, wilds), 17 if wilds <= 2 else 12))
    hand = draw(st.permutations(wild_pack))[:wilds] + draw(st.permutations(rest))[: size - wilds]
    rules = draw(st.sampled_from(PROFILES_TOO))
    kind = draw(st.sampled_from([*Kind, "soft", "natural", "wild"]))
    naturals = sorted({r for r in rest if r <= Rank.TWO})
    if kind == "natural":
        last = _bomb_of([draw(st.sampled_from(naturals))] * 4, wild)
    elif kind == "soft":
        n = draw(st.integers(1, 3))
        cards = [draw(st.sampled_from(naturals))] * (4 - n) + wild_pack[:n]
        last = draw(st.sampled_from([p for p in classify_wild(cards, wild) if p.kind is Kind.BOMB]))
    elif kind == "wild":
        four = draw(st.permutations(wild_pack))[:4]
        last = draw(st.sampled_from([p for p in classify_wild(four, wild) if p.kind is Kind.BOMB]))
    else:
        other = draw(st.permutations(rest))[:16] + wild_pack[: draw(st.integers(0, 2))]
        plays = [
            p
            for p in legal_plays_wild(other, wild, None, RuleProfile(space_shuttle=True))
            if p.kind is kind
        ] or [default_wild_reading(classify_wild(other[:1], wild))]
        last = draw(st.sampled_from(plays))
    return hand, wild, last, rules


@settings(max_examples=300, deadline=None)
@given(follows())
def test_following_every_kind_and_every_bomb_class(
    position: tuple[list[Rank], tuple[Rank, ...], Play, RuleProfile],
) -> None:
    hand, wild, last, rules = position
    fast = legal_plays_wild(hand, wild, last, rules)
    assert len(fast) == len(set(fast)), "a play listed twice"
    assert all(beats_wild(p, last) for p in fast)
    assert set(fast) == set(_legal_plays_wild_slow(hand, wild, last, rules))


@settings(max_examples=12, deadline=None)
@given(
    wild=st.lists(st.sampled_from(WILDABLE_RANKS), min_size=2, max_size=2, unique=True),
    wilds=st.integers(5, 8),
    extra=st.integers(0, 3),
    seed=st.integers(0, 10_000),
    rules=st.sampled_from(PROFILES_TOO),
    lead=st.booleans(),
)
def test_five_to_eight_wild_cards_of_two_ranks(
    wild: list[Rank], wilds: int, extra: int, seed: int, rules: RuleProfile, lead: bool
) -> None:
    """A tiandi hand may hold up to eight wild cards: small hands, the slow way too."""
    rng = random.Random(seed)
    ranks = tuple(wild)
    hand = rng.sample([r for r in DECK if r in ranks], wilds)
    hand += rng.sample([r for r in DECK if r not in ranks], extra)
    last = None if lead else default_wild_reading(classify_wild(rng.sample(DECK, 2)[:1], ranks))
    fast = legal_plays_wild(hand, ranks, last, rules)
    assert len(fast) == len(set(fast))
    assert set(fast) == set(_legal_plays_wild_slow(hand, ranks, last, rules))


def _every_reading(hand: list[Rank], wild: tuple[Rank, ...], rules: RuleProfile) -> set[Play]:
    """Every reading of every sub-multiset of the hand, each found by trying every
    assignment of its wilds (``_classify_wild_slow``: classify_wild is built on the
    generator)."""
    counts = Counter(hand)
    ranks = sorted(counts)
    out: set[Play] = set()
    for take in product(*(range(counts[r] + 1) for r in ranks)):
        sub = [r for r, n in zip(ranks, take, strict=True) for _ in range(n)]
        if sub:
            out.update(_classify_wild_slow(sub, wild, rules))
    return out


@settings(max_examples=60, deadline=None)
@given(
    wild=st.lists(st.sampled_from(WILDABLE_RANKS), min_size=1, max_size=2, unique=True),
    wilds=st.integers(1, 3),
    extra=st.integers(3, 6),
    seed=st.integers(0, 10_000),
    rules=st.sampled_from(PROFILES_TOO),
)
def test_small_hands_against_every_assignment_of_the_wilds(
    wild: list[Rank], wilds: int, extra: int, seed: int, rules: RuleProfile
) -> None:
    """Leading and following a few plays, the generator lists exactly the readings of
    the hand's sub-multisets (by brute force) that beat the table."""
    rng = random.Random(seed)
    ranks = tuple(wild)
    hand = rng.sample([r for r in DECK if r in ranks], wilds)
    hand += rng.sample([r for r in DECK if r not in ranks], extra)
    everything = _every_reading(hand, ranks, rules)
    tables: list[Play | None] = [None, *rng.sample(sorted(everything, key=repr), 3)]
    tables += [_bomb_of([Rank.FIVE] * 4, ranks), _bomb_of([*[Rank.THREE] * 3, ranks[0]], ranks)]
    for last in tables:
        got = legal_plays_wild(hand, ranks, last, rules)
        assert len(got) == len(set(got))
        assert set(got) == {p for p in everything if last is None or beats_wild(p, last)}


def test_the_plays_come_kind_by_kind_in_the_same_order_every_time() -> None:
    hand = list(parse_ranks("3 3 4 5 6 7 7 7 9 9 10 J Q Q K A 2 BJ RJ"))
    for wild in ((Rank.NINE,), (Rank.NINE, Rank.QUEEN)):
        first = legal_plays_wild(hand, wild)
        assert first == legal_plays_wild(list(reversed(hand)), wild)
        kinds = [p.kind for p in first]
        order = list(dict.fromkeys(kinds))  # each kind once, as first met
        assert kinds == sorted(kinds, key=order.index), "a kind split in two"
        assert order == sorted(order, key=list(Kind).index)  # classic rules: enum order


@settings(max_examples=200, deadline=None)
@given(
    wild=st.lists(st.sampled_from(WILDABLE_RANKS), min_size=1, max_size=2, unique=True),
    wilds=st.integers(0, 4),
    few=st.integers(1, 4),
    extra=st.integers(0, 8),
    seed=st.integers(0, 10_000),
    rules=st.sampled_from(PROFILES_TOO),
)
def test_the_readings_of_a_selection_are_its_leads_of_every_card(
    wild: list[Rank], wilds: int, few: int, extra: int, seed: int, rules: RuleProfile
) -> None:
    """``wild_moves._readings`` (the leads of a selection that take all of it, built for
    one length a kind) reads a selection as trying every assignment of its wilds does;
    the selections are drawn from a few ranks, so that they often are plays."""
    rng = random.Random(seed)
    ranks = tuple(wild)
    naturals = rng.sample(sorted({r for r in DECK if r not in ranks}), few)
    pool = [r for r in DECK if r in naturals]
    cards = rng.sample([r for r in DECK if r in ranks], wilds)
    cards += rng.sample(pool, min(len(pool), max(0 if wilds else 1, extra)))
    got = _readings(cards, ranks, rules)
    assert len(got) == len(set(got))
    assert set(got) == set(_classify_wild_slow(cards, ranks, rules))
