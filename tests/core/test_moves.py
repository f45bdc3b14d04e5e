"""The legal-move generator (rule book R16-R23)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doudizhu_tui.core import (
    CLASSIC,
    Kind,
    Play,
    RuleProfile,
    beats,
    classify,
    classify_counts,
    counts_of,
    default_reading,
    legal_plays,
    legal_plays_counts,
    parse_cards,
    parse_ranks,
    plays_of_kind,
)

from .handgen import biased_counts, is_sub_multiset, sub_multisets

SAME_RANK_SINGLES = RuleProfile(four_two_same_rank_singles=True)
BEGINNER = RuleProfile(name="beginner", airplanes=False)
SHUTTLE = RuleProfile(name="shuttle", space_shuttle=True)
#: Every option that changes the plays at once (a house-rule file may combine them).
EVERYTHING = RuleProfile(
    name="everything", four_two_same_rank_singles=True, airplanes=False, space_shuttle=True
)
PROFILES = [CLASSIC, SAME_RANK_SINGLES, BEGINNER, SHUTTLE, EVERYTHING]
PROFILE_IDS = ["classic", "same-rank-singles", "beginner", "shuttle", "everything"]


def play(text: str) -> Play:
    """The default reading of some cards."""
    return default_reading(classify(parse_ranks(text)))


def labels(hand: str, last: str | None = None, rules: RuleProfile = CLASSIC) -> list[str]:
    """The legal plays of a hand as describe() strings."""
    table = None if last is None else play(last)
    return [p.describe() for p in legal_plays(parse_cards(hand), table, rules)]


def oracle(counts: list[int], rules: RuleProfile) -> list[Play]:
    """Every reading of every sub-multiset of the hand: the leads, by brute force."""
    return [p for sub in sub_multisets(counts) for p in classify_counts(sub, rules)]


# --- examples ----------------------------------------------------------------------------------


def test_r21_leading_offers_every_play_of_the_hand() -> None:
    """Leading from 3 3 4 4 5 5 BJ RJ: singles, pairs, a pair chain, the rocket."""
    assert sorted(labels("3 3 4 4 5 5 BJ RJ")) == sorted(
        [
            "single 3",
            "single 4",
            "single 5",
            "single BJ",
            "single RJ",
            "pair 3-3",
            "pair 4-4",
            "pair 5-5",
            "pair chain 3-3-4-4-5-5",
            "rocket BJ-RJ",
        ]
    )


def test_r22_following_offers_only_higher_plays_of_the_same_shape_bombs_and_rocket() -> None:
    """Against a pair of 4s: higher pairs, every bomb, the rocket; never a single."""
    assert labels("3 3 5 5 7 7 7 7 9 BJ RJ", "4 4") == [
        "pair 5-5",
        "pair 7-7",
        "bomb 7-7-7-7",
        "rocket BJ-RJ",
    ]


def test_r16_a_chain_must_keep_its_length() -> None:
    """Against a five-card straight only five-card straights (higher) answer."""
    found = labels("4 5 6 7 8 9 10", "3 4 5 6 7")
    assert found == ["straight 4-5-6-7-8", "straight 5-6-7-8-9", "straight 6-7-8-9-10"]


def test_r18_nothing_answers_the_rocket() -> None:
    """Even four 2s do not beat the rocket."""
    assert labels("2 2 2 2 3 3 3 3", "BJ RJ") == []


def test_r18_only_higher_bombs_and_the_rocket_answer_a_bomb() -> None:
    """Against 7777: 8888 and 2222 and the rocket, not 3333 nor any pair."""
    assert labels("3 3 3 3 8 8 8 8 2 2 2 2 BJ RJ", "7 7 7 7") == [
        "bomb 8-8-8-8",
        "bomb 2-2-2-2",
        "rocket BJ-RJ",
    ]


def test_r19_four_plus_two_is_answered_by_the_same_shape_or_bombs() -> None:
    """Against 9999+K+A: a higher four+two singles or any bomb (the bomb 3333 too);
    four+two pairs do not answer it."""
    found = labels("3 3 3 3 10 10 10 10 4 4 5 5", "9 9 9 9 K A")
    kinds = {f.split(" ")[0] + " " + f.split(" ")[1] for f in found}
    assert "four+two pairs" not in kinds
    assert "bomb 3-3-3-3" in found
    assert "bomb 10-10-10-10" in found
    assert all(f.startswith(("four+two singles 10", "bomb")) for f in found)
    assert any(f.startswith("four+two singles 10") for f in found)


def test_r14g_profile_option_adds_four_two_with_same_rank_singles() -> None:
    """9999+3+3 is offered only under four_two_same_rank_singles."""
    hand = "9 9 9 9 3 3"
    assert "four+two singles 9-9-9-9+3-3" not in labels(hand)
    assert "four+two singles 9-9-9-9+3-3" in labels(hand, rules=SAME_RANK_SINGLES)


def test_r14_airplane_kickers_never_share_a_trio_rank() -> None:
    """From 333 4444 5: 333444+5+4 would use the fourth 4 as a kicker, which R14 (a) forbids."""
    found = labels("3 3 3 4 4 4 4 5")
    assert "airplane+singles 3-3-3-4-4-4+4-5" not in found
    assert not any(f.startswith("airplane+singles") for f in found)


def test_plays_of_kind_respects_above_and_length() -> None:
    """plays_of_kind filters by main rank and, for chains, by length."""
    counts = counts_of(parse_ranks("3 4 5 6 7 8 9"))
    tops = [p.rank.symbol for p in plays_of_kind(counts, Kind.STRAIGHT, above=7, length=5)]
    assert tops == ["8", "9"]
    assert [p.length for p in plays_of_kind(counts, Kind.STRAIGHT)] == [5, 6, 7, 5, 6, 5]


def test_legal_plays_counts_agrees_with_legal_plays() -> None:
    """The rank-count entry point gives the same plays as the card one."""
    hand = parse_cards("3 3 3 4 4 4 5 6 7 8 9 2 2 BJ")
    assert legal_plays_counts(counts_of(hand)) == legal_plays(hand)


# --- properties against a brute-force oracle ---------------------------------------------------


def _check_against_oracle(counts: list[int], lasts: list[Play], rules: RuleProfile) -> None:
    leads = oracle(counts, rules)
    generated = legal_plays_counts(counts, None, rules)
    assert len(generated) == len(set(generated)), "a lead is generated twice"
    assert set(generated) == set(leads), {
        "missing": [p.describe() for p in set(leads) - set(generated)],
        "extra": [p.describe() for p in set(generated) - set(leads)],
    }
    for p in generated:
        assert p in classify_counts(counts_of(p.ranks), rules)
        assert is_sub_multiset(counts_of(p.ranks), counts)
    for last in lasts:
        answers = legal_plays_counts(counts, last, rules)
        expected = {p for p in leads if beats(p, last)}
        assert len(answers) == len(set(answers)), f"an answer to {last} is generated twice"
        assert set(answers) == expected, {
            "last": last.describe(),
            "missing": [p.describe() for p in expected - set(answers)],
            "extra": [p.describe() for p in set(answers) - expected],
        }


@pytest.mark.parametrize("rules", PROFILES, ids=PROFILE_IDS)
@settings(max_examples=250, deadline=None)
@given(data=st.data())
def test_legal_plays_equal_the_brute_force_oracle(rules: RuleProfile, data: st.DataObject) -> None:
    """Leading and following, legal_plays gives exactly the readings of the hand's
    sub-multisets (that beat the play on the table), each once."""
    counts = data.draw(biased_counts(max_cards=12), label="hand")
    other = data.draw(biased_counts(max_cards=12), label="other hand")
    table_plays = oracle(other, rules) + oracle(counts, rules)
    lasts = []
    if table_plays:
        for _ in range(4):
            lasts.append(data.draw(st.sampled_from(table_plays), label="last"))
    _check_against_oracle(counts, lasts, rules)


@pytest.mark.parametrize("rules", PROFILES, ids=PROFILE_IDS)
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_following_every_lead_of_the_same_hand_matches_the_oracle(
    rules: RuleProfile, data: st.DataObject
) -> None:
    """Answering each of a hand's own leads: the answers are exactly the beating readings
    (so every kind is tried as the play on the table)."""
    counts = data.draw(biased_counts(max_cards=10), label="hand")
    leads = oracle(counts, rules)
    _check_against_oracle(counts, leads, rules)
