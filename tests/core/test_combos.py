"""The fourteen kinds, readings and beating (rule book R10-R20)."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings

from doudizhu_tui.core import (
    CLASSIC,
    Kind,
    Play,
    Rank,
    RuleProfile,
    beats,
    classify,
    classify_counts,
    counts_of,
    default_reading,
    parse_ranks,
)
from doudizhu_tui.core.combos import CLASSIC_KINDS, main_width

from .handgen import biased_counts, reference_readings, sub_multisets

SAME_RANK_SINGLES = RuleProfile(four_two_same_rank_singles=True)
BEGINNER = RuleProfile(name="beginner", airplanes=False)
SHUTTLE = RuleProfile(name="shuttle", space_shuttle=True)
#: Every option that changes the plays at once (a house-rule file may combine them).
EVERYTHING = RuleProfile(
    name="everything", four_two_same_rank_singles=True, airplanes=False, space_shuttle=True
)
PROFILES = [CLASSIC, SAME_RANK_SINGLES, BEGINNER, SHUTTLE, EVERYTHING]
PROFILE_IDS = ["classic", "same-rank-singles", "beginner", "shuttle", "everything"]


def readings(text: str, rules: RuleProfile = CLASSIC) -> set[tuple[Kind, str, int]]:
    """The readings of some cards as (kind, main rank symbol, chain length)."""
    return {(p.kind, p.rank.symbol, p.length) for p in classify(parse_ranks(text), rules)}


def play(text: str) -> Play:
    """The default reading of some cards (the test fails if they are no play)."""
    found = classify(parse_ranks(text))
    assert found, f"{text} is not a play"
    return default_reading(found)


# --- R10, R11: kinds of one rank, the rocket --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "rank"),
    [
        ("7", Kind.SINGLE, "7"),
        ("RJ", Kind.SINGLE, "RJ"),
        ("9 9", Kind.PAIR, "9"),
        ("2 2", Kind.PAIR, "2"),
        ("5 5 5", Kind.TRIO, "5"),
        ("J J J J", Kind.BOMB, "J"),
        ("2 2 2 2", Kind.BOMB, "2"),
        ("BJ RJ", Kind.ROCKET, "RJ"),
        ("6 6 6 8", Kind.TRIO_SINGLE, "6"),
        ("6 6 6 RJ", Kind.TRIO_SINGLE, "6"),
        ("2 2 2 3", Kind.TRIO_SINGLE, "2"),
        ("6 6 6 8 8", Kind.TRIO_PAIR, "6"),
        ("3 3 2 2 2", Kind.TRIO_PAIR, "2"),
    ],
)
def test_r11_kinds_of_one_rank(text: str, kind: Kind, rank: str) -> None:
    """Singles, pairs, trios (with one single or one pair), bombs and the rocket."""
    assert readings(text) == {(kind, rank, 1)}


@pytest.mark.parametrize(
    "text",
    [
        "3 4",
        "2 BJ",  # two different cards are no pair
        "5 5 6",
        "3 3 4 4",  # two pairs are no play (a pair chain needs three)
        "5 5 5 5 6",  # four with one kicker
        "5 5 5 BJ RJ",  # R14 (e): the jokers are not a pair
        "5 5 5 6 7",  # a trio carries ONE single
        "4 4 4 4 5 5 5",  # a four and a trio
    ],
)
def test_r11_r13_sets_that_fit_no_kind(text: str) -> None:
    """Cards that fit none of the fourteen kinds have no reading."""
    assert readings(text) == set()


def test_r11_the_two_jokers_are_the_rocket_and_never_a_pair() -> None:
    """BJ RJ has exactly one reading: the rocket."""
    found = classify(parse_ranks("BJ RJ"))
    assert [(p.kind, p.rank) for p in found] == [(Kind.ROCKET, Rank.RED_JOKER)]


# --- R12: chains ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "top", "length"),
    [
        ("3 4 5 6 7", Kind.STRAIGHT, "7", 5),
        ("10 J Q K A", Kind.STRAIGHT, "A", 5),
        ("3 4 5 6 7 8 9 10 J Q K A", Kind.STRAIGHT, "A", 12),
        ("4 4 5 5 6 6", Kind.PAIR_CHAIN, "6", 3),
        ("Q Q K K A A", Kind.PAIR_CHAIN, "A", 3),
        ("3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 J J Q Q", Kind.PAIR_CHAIN, "Q", 10),
        ("7 7 7 8 8 8", Kind.AIRPLANE, "8", 2),
        ("K K K A A A", Kind.AIRPLANE, "A", 2),
        ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8", Kind.AIRPLANE, "8", 6),
    ],
)
def test_r12_chains_of_every_width(text: str, kind: Kind, top: str, length: int) -> None:
    """Straights (5+), pair chains (3+ pairs), airplanes (2+ trios): main rank is the top."""
    assert (kind, top, length) in readings(text)


@pytest.mark.parametrize(
    "text",
    [
        "3 4 5 6",  # four singles: too short
        "4 4 5 5",  # two pairs: too short
        "J Q K A 2",  # no 2 in a chain
        "Q Q K K A A 2 2",
        "K K K A A A 2 2 2",  # R12's own example
        "A 2 BJ RJ 3",
        "3 4 5 6 8",  # a gap
        "3 3 4 4 6 6",
        "7 7 7 9 9 9",
        "3 3 4 4 4 5 5",  # mixed widths
    ],
)
def test_r12_broken_chains_are_no_play(text: str) -> None:
    """Too short, through the 2 or a joker, with a gap, or of mixed widths: no reading."""
    assert readings(text) == set()


# --- R13, R14: wings and four plus two ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # R13: one kicker per trio.
        ("7 7 7 8 8 8 3 K", {(Kind.AIRPLANE_SINGLES, "8", 2)}),
        ("7 7 7 8 8 8 3 3 K K", {(Kind.AIRPLANE_PAIRS, "8", 2)}),
        # R14 (b): single kickers may share a rank; a 2 or one joker may be a kicker.
        ("7 7 7 8 8 8 3 3", {(Kind.AIRPLANE_SINGLES, "8", 2)}),
        ("3 3 3 4 4 4 2 BJ", {(Kind.AIRPLANE_SINGLES, "4", 2)}),
        ("7 7 7 8 8 8 5 RJ", {(Kind.AIRPLANE_SINGLES, "8", 2)}),
        (
            "3 3 3 4 4 4 5 5 5 6 6 6",
            {
                (Kind.AIRPLANE, "6", 4),
                (Kind.AIRPLANE_SINGLES, "5", 3),
                (Kind.AIRPLANE_SINGLES, "6", 3),
            },
        ),
        # Four plus two.
        ("9 9 9 9 3 5", {(Kind.FOUR_TWO_SINGLES, "9", 1)}),
        ("9 9 9 9 3 3 5 5", {(Kind.FOUR_TWO_PAIRS, "9", 1)}),
        ("2 2 2 2 3 BJ", {(Kind.FOUR_TWO_SINGLES, "2", 1)}),
        ("9 9 9 9 2 2 A A", {(Kind.FOUR_TWO_PAIRS, "9", 1)}),
    ],
)
def test_r13_legal_wings(text: str, expected: set[tuple[Kind, str, int]]) -> None:
    """The rule book's legal examples of kickers, with exactly these readings."""
    assert readings(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "3 3 3 4 4 4 3 5",  # R14 (a): a kicker of the trio's rank
        "7 7 7 8 8 8 BJ RJ",  # R14 (c): both jokers as kickers
        "9 9 9 9 BJ RJ",  # R14 (c)
        "7 7 7 8 8 8 5 5 5 5",  # R14 (d): two pairs of the same rank
        "7 7 7 8 8 8 3 3 3",  # too many kickers
        "5 5 5 BJ RJ",  # R14 (e)
        "7 7 7 8 8 8 3 4 4",  # R14 (f): singles and pairs mixed
        "9 9 9 9 3 3",  # R14 (g): classic
        "9 9 9 9 3 3 3 3",  # R14 (h)
        "3 3 3 3 4 4 4 4",  # R13: no space shuttle
        "9 9 9 9 3",  # four with one kicker
        "9 9 9 9 3 4 5",  # four with three kickers
        "9 9 9 9 3 3 5",  # four with a pair and a single
    ],
)
def test_r14_illegal_wings(text: str) -> None:
    """Every kicker rule of R14 has an example that is no play in the classic profile."""
    assert readings(text) == set()


def test_r14g_option_allows_four_with_two_singles_of_one_rank() -> None:
    """With four_two_same_rank_singles, 9999+3+3 is a four+two singles; pairs stay strict."""
    assert readings("9 9 9 9 3 3", SAME_RANK_SINGLES) == {(Kind.FOUR_TWO_SINGLES, "9", 1)}
    assert readings("9 9 9 9 3 3 3 3", SAME_RANK_SINGLES) == set()
    assert readings("9 9 9 9 BJ RJ", SAME_RANK_SINGLES) == set()


def test_r14i_four_plus_two_is_not_a_bomb() -> None:
    """No reading of a four+two is a bomb, and the plain four is a bomb only alone."""
    for text in ("9 9 9 9 3 5", "9 9 9 9 3 3 5 5"):
        assert all(p.kind is not Kind.BOMB for p in classify(parse_ranks(text)))


# --- R15: readings -------------------------------------------------------------------------------


def test_r15_play_parts_main_and_kickers() -> None:
    """A play's main part and kickers split its cards; the label shows both."""
    p = play("3 9 9 9")
    assert p.main == parse_ranks("9 9 9")
    assert p.kickers == parse_ranks("3")
    assert p.label() == "9-9-9+3"
    assert str(p) == "9 9 9 3"
    rocket = play("BJ RJ")
    assert rocket.main == rocket.ranks
    assert rocket.kickers == ()


def test_r20_default_reading_takes_the_most_main_cards() -> None:
    """333444555666 defaults to the four-trio airplane (12 main cards)."""
    found = classify(parse_ranks("3 3 3 4 4 4 5 5 5 6 6 6"))
    assert len(found) == 3
    chosen = default_reading(found)
    assert (chosen.kind, chosen.rank, chosen.length) == (Kind.AIRPLANE, Rank.SIX, 4)


def test_r20_default_reading_breaks_ties_by_the_higher_main_rank() -> None:
    """Of two readings with equally many main cards, the higher main rank is chosen."""
    found = classify(parse_ranks("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9"))
    # 20 cards: five trios + five singles, or four trios + four pairs.
    chosen = default_reading(found)
    best = max(len(p.main) for p in found)
    assert len(chosen.main) == best
    assert chosen.rank == max(p.rank for p in found if len(p.main) == best)


def test_default_reading_of_nothing_is_an_error() -> None:
    """There is no default among no readings."""
    with pytest.raises(ValueError):
        default_reading([])


# --- R16-R19: beating ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("4", "3"),
        ("2", "A"),
        ("BJ", "2"),
        ("RJ", "BJ"),
        ("Q Q", "9 9"),
        ("9 9 9 3", "8 8 8 A"),  # R17: kickers never count
        ("8 8 8 9 9 9 3 4", "6 6 6 7 7 7 2 BJ"),  # R17's example
        ("4 5 6 7 8", "3 4 5 6 7"),
        ("5 5 6 6 7 7", "4 4 5 5 6 6"),
        ("10 10 10 10 3 4", "9 9 9 9 K A"),  # R19
        ("10 10 10 10 3 3 4 4", "9 9 9 9 K K A A"),
        ("3 3 3 3", "A A"),  # R18: any bomb beats a non-bomb
        ("3 3 3 3", "9 9 9 9 3 5"),  # R19: any bomb beats a four+two
        ("3 3 3 3", "3 4 5 6 7 8 9 10 J Q K A"),
        ("5 5 5 5", "4 4 4 4"),
        ("2 2 2 2", "A A A A"),
        ("BJ RJ", "2 2 2 2"),  # R18: the rocket beats everything
        ("BJ RJ", "RJ"),
    ],
)
def test_r16_to_r19_beats(a: str, b: str) -> None:
    """Plays that beat the one on the table, and never the other way round."""
    assert beats(play(a), play(b))
    assert not beats(play(b), play(a))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("9 9", "Q Q"),  # R16's example
        ("5 5", "5 5"),
        ("3 3", "4"),  # different kinds
        ("4 4 4", "3 3"),
        ("4 5 6 7 8 9", "3 4 5 6 7"),  # R16: different lengths
        ("10 10 10 10 3 4", "9 9 9 9 3 3 5 5"),  # R19: four+two shapes differ
        ("9 9 9 9 3 3 5 5", "3 3 3 3"),  # a four+two never beats a bomb
        ("2", "3 3 3 3"),
        ("4 4 4 4", "5 5 5 5"),
        ("2 2 2 2", "BJ RJ"),  # nothing beats the rocket
        ("RJ", "BJ RJ"),
        ("8 8 8 A", "9 9 9 3"),  # a higher kicker does not help
        ("K K K 2 2", "A A A 3 3"),  # nor a pair kicker
    ],
)
def test_r16_to_r19_does_not_beat(a: str, b: str) -> None:
    """Plays that do not beat the one on the table."""
    assert not beats(play(a), play(b))


def test_r20_following_any_reading_may_beat() -> None:
    """333444555666 led as 444555666+3+3+3 falls to 777888999+J+Q+K; led as the
    four-trio airplane it does not (R20's example)."""
    led = classify(parse_ranks("3 3 3 4 4 4 5 5 5 6 6 6"))
    answer = play("7 7 7 8 8 8 9 9 9 J Q K")
    as_airplane = next(p for p in led if p.kind is Kind.AIRPLANE)
    as_wings = next(p for p in led if p.kind is Kind.AIRPLANE_SINGLES and p.rank == Rank.SIX)
    assert not beats(answer, as_airplane)
    assert beats(answer, as_wings)


# --- properties: classify against the rule book, beats as an order --------------------------------


@pytest.mark.parametrize("rules", PROFILES, ids=PROFILE_IDS)
@settings(max_examples=250, deadline=None)
@given(counts=biased_counts(max_cards=12))
def test_classify_matches_a_reference_written_from_the_rules(
    rules: RuleProfile, counts: list[int]
) -> None:
    """For every sub-multiset of a hand, classify finds exactly the readings that a plain
    transcription of R10-R15 finds, each once, each holding exactly the cards given."""
    for sub in sub_multisets(counts):
        found = classify_counts(sub, rules)
        keys = [(p.kind, int(p.rank), p.length) for p in found]
        assert len(keys) == len(set(keys)), f"duplicate readings of {sub}"
        assert set(keys) == reference_readings(sub, rules), [p.describe() for p in found]
        for p in found:
            assert counts_of(p.ranks) == sub
            assert sorted(p.main + p.kickers) == list(p.ranks)


@settings(max_examples=120, deadline=None)
@given(counts=biased_counts(max_cards=10))
def test_beats_is_irreflexive_antisymmetric_and_transitive(counts: list[int]) -> None:
    """No play beats itself; never both a beats b and b beats a; beating chains."""
    plays = [p for sub in sub_multisets(counts) for p in classify_counts(sub)]
    for a in plays:
        assert not beats(a, a)
    for a, b in combinations(plays, 2):
        assert not (beats(a, b) and beats(b, a)), (a, b)
    sample = plays[:40]
    for a in sample:
        for b in sample:
            if not beats(a, b):
                continue
            for c in sample:
                if beats(b, c):
                    assert beats(a, c), (a, b, c)


@settings(max_examples=120, deadline=None)
@given(counts=biased_counts(max_cards=12))
def test_default_reading_has_the_most_main_cards(counts: list[int]) -> None:
    """Whenever a set has several readings, the default has the largest main part,
    then the highest main rank, and is one of the readings."""
    for sub in sub_multisets(counts):
        found = classify_counts(sub)
        if not found:
            continue
        chosen = default_reading(found)
        assert chosen in found
        best = max(len(p.main) for p in found)
        assert len(chosen.main) == best
        assert chosen.rank == max(p.rank for p in found if len(p.main) == best)


def test_kind_labels_and_chain_flags() -> None:
    """Fourteen kinds; exactly the straight, pair chain and airplanes are chains.  The
    variants' kinds come after them (R42: the space shuttles, chains of fours)."""
    assert len(CLASSIC_KINDS) == 14 and tuple(Kind)[:14] == CLASSIC_KINDS
    assert tuple(Kind)[14:] == (
        Kind.SPACE_SHUTTLE,
        Kind.SPACE_SHUTTLE_SINGLES,
        Kind.SPACE_SHUTTLE_PAIRS,
    )
    assert all(k.is_chain and main_width(k) == 4 for k in tuple(Kind)[14:])
    assert {k for k in CLASSIC_KINDS if k.is_chain} == {
        Kind.STRAIGHT,
        Kind.PAIR_CHAIN,
        Kind.AIRPLANE,
        Kind.AIRPLANE_SINGLES,
        Kind.AIRPLANE_PAIRS,
    }
    assert Kind.FOUR_TWO_PAIRS.label == "four+two pairs"
