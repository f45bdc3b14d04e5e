"""The fast wildcard move generator against the slow one it replaced (issue 10):
:func:`legal_plays_wild` builds the plays kind by kind, ``_legal_plays_wild_slow``
tops every rank up with the wilds and realizes every classic play; both must list the
same plays, leading and following, with one or two wild ranks and 0-4 wild cards,
under the profiles that change what a hand can play."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from doudizhu_tui.core import Play, Rank, parse_ranks
from doudizhu_tui.core.rules import CLASSIC, RuleProfile
from doudizhu_tui.core.wild import (
    WILDABLE_RANKS,
    _legal_plays_wild_slow,
    classify_wild,
    default_wild_reading,
    legal_plays_wild,
)

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
