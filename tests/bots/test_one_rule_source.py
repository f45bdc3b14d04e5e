"""The bots play by the deal's rule profile and by nothing else (issue 8).

For every profile in ``rules/`` (and one with four+two on two singles of one rank),
random hands and random plays to beat:

- every play a bot considers (leads, answers, whole-hand finishes, the plays of a
  split, the options of the policy, the play it chooses) is one of the core's legal
  plays under that profile;
- the bots' lead set is the core's lead set: for every legal lead the bots have a
  play of the same kind, main rank and chain length (they may keep fewer kicker
  choices), and nothing else; the same holds for the answers to any play.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from doudizhu_tui.bots.analysis import best_split, fewest_split
from doudizhu_tui.bots.easy import EasyBot
from doudizhu_tui.bots.hard import HardBot
from doudizhu_tui.bots.movegen import answers, groups_of, leads, whole_hand
from doudizhu_tui.bots.normal import NormalBot
from doudizhu_tui.bots.policy import View, choose, follow_options, lead_options
from doudizhu_tui.bots.shapes import shapes_of
from doudizhu_tui.core import (
    CLASSIC,
    BidAction,
    Game,
    Kind,
    Play,
    PlayAction,
    RuleProfile,
    Seat,
    beats,
    code_from_number,
    counts_of,
    full_pack,
    legal_plays_counts,
    parse_cards,
    parse_profile,
)
from doudizhu_tui.rulebook import profile_names, profile_text
from doudizhu_tui.table import Table

from ..core.handgen import biased_counts
from .positions import play_of, position

#: A house rule the profiles in rules/ do not switch on: four+two with two singles of
#: one rank (9999+3+3).
SAME_RANK = parse_profile('name = "same-rank"\nfour_two_same_rank_singles = true')
PROFILES: list[RuleProfile] = [
    *(parse_profile(profile_text(name)) for name in profile_names()),
    SAME_RANK,
]

#: A reading without its kickers: what the bots must offer for every legal play.
Shape = tuple[Kind, int, int]


def _shapes(plays: Iterable[Play]) -> set[Shape]:
    return {(p.kind, int(p.rank), p.length) for p in plays}


def _dealt(seed: int, size: int, packs: int = 1) -> list[int]:
    cards = full_pack(packs)
    random.Random(seed).shuffle(cards)
    return counts_of(cards[:size])


def _both(a: list[int], b: list[int]) -> list[int]:
    """Two small hands together, as one hand of two packs."""
    return [min(x + y, 8 if r < 16 else 2) for r, (x, y) in enumerate(zip(a, b, strict=True))]


def _table_play(counts: Sequence[int], rules: RuleProfile, pick: int) -> Play:
    options = legal_plays_counts(counts, None, rules) or legal_plays_counts(
        counts_of(parse_cards("3")), None, rules
    )
    return options[pick % len(options)]


hands = st.one_of(
    biased_counts(max_cards=14),
    st.builds(_dealt, st.integers(0, 10**9), st.integers(1, 20)),
)
profiles = st.sampled_from(PROFILES)
#: Hands of two packs (up to eight of a rank, two of each joker; up to 33 cards).
two_pack_hands = st.one_of(
    st.builds(_both, biased_counts(max_cards=14), biased_counts(max_cards=14)),
    st.builds(_dealt, st.integers(0, 10**9), st.integers(1, 33), st.just(2)),
)


def hands_for(rules: RuleProfile) -> st.SearchStrategy[list[int]]:
    """Hands that can be held under ``rules`` (of one pack or of two)."""
    return two_pack_hands if rules.packs > 1 else hands


@st.composite
def profile_and_hand(draw: st.DrawFn) -> tuple[RuleProfile, list[int]]:
    rules = draw(profiles)
    return rules, draw(hands_for(rules))


def test_every_profile_in_rules_is_checked() -> None:
    assert {p.name for p in PROFILES} >= {"classic", "older", "same-rank"}
    assert len(PROFILES) == len(profile_names()) + 1


@settings(max_examples=300)
@given(profile_and_hand())
def test_the_bots_lead_set_is_the_cores(case: tuple[RuleProfile, list[int]]) -> None:
    rules, counts = case
    core = legal_plays_counts(counts, None, rules)
    bots = leads(counts, rules)
    assert set(bots) <= set(core)
    assert len(set(bots)) == len(bots)  # no play twice
    assert _shapes(bots) == _shapes(core)


@settings(max_examples=300)
@given(profile_and_hand(), st.data(), st.integers(0, 10**6))
def test_the_bots_answers_are_the_cores(
    case: tuple[RuleProfile, list[int]], data: st.DataObject, pick: int
) -> None:
    rules, counts = case
    other = data.draw(hands_for(rules))
    last = _table_play(other, rules, pick)
    core = legal_plays_counts(counts, last, rules)
    bots = answers(counts, last, rules)
    assert set(bots) <= set(core)
    assert all(beats(p, last) for p in bots)
    assert len(set(bots)) == len(bots)
    assert _shapes(bots) == _shapes(core)


@settings(max_examples=200)
@given(profile_and_hand())
def test_splits_finishes_and_groups_are_legal_leads(case: tuple[RuleProfile, list[int]]) -> None:
    rules, counts = case
    core = set(legal_plays_counts(counts, None, rules))
    for split in (best_split(counts, rules), fewest_split(counts, rules)):
        assert set(split.moves) <= core
        played = [0] * 18
        for m in split.moves:
            for r in m.ranks:
                played[r] += 1
        assert played == list(counts)
    assert set(whole_hand(counts, rules)) <= core
    for kind in (Kind.SINGLE, Kind.PAIR, Kind.TRIO, Kind.BOMB):
        assert set(groups_of(counts, kind, rules)) <= core


@st.composite
def views(draw: st.DrawFn) -> tuple[View, list[int]]:
    """A position of one seat: its hand, the other hands' sizes, maybe a play to beat
    and who made it, maybe the unseen cards (Hard's card tracking)."""
    rules = draw(profiles)
    seed = draw(st.integers(0, 10**9))
    packs, players = rules.packs, rules.players
    cards = full_pack(packs)
    random.Random(seed).shuffle(cards)
    me, landlord = draw(st.integers(0, players - 1)), draw(st.integers(0, players - 1))
    most = 20 if packs == 1 else 33
    sizes = [draw(st.integers(1, most)) for _ in range(players)]
    hand = draw(st.one_of(hands_for(rules), st.just(counts_of(cards[: sizes[me]]))))
    assume(sum(hand) > 0)
    sizes[me] = sum(hand)
    unseen = [4 * packs - hand[r] if r < 16 else packs - hand[r] for r in range(18)]
    for r in range(3):
        unseen[r] = 0
    trick: Play | None = None
    owner = -1
    if draw(st.booleans()):
        trick = _table_play(draw(hands_for(rules)), rules, draw(st.integers(0, 10**6)))
        owner = draw(st.sampled_from([s for s in range(players) if s != me]))
    tracking = draw(st.booleans())
    view = View(me, landlord, hand, sizes, rules, trick, owner, unseen if tracking else None)
    return view, hand


@settings(max_examples=300)
@given(views())
def test_every_option_of_the_policy_is_legal(case: tuple[View, list[int]]) -> None:
    view, hand = case
    core = set(legal_plays_counts(hand, view.trick, view.rules))
    options = lead_options(view) if view.trick is None else follow_options(view)
    assert options
    assert {m for m in options if m is not None} <= core
    chosen = choose(view)
    assert (chosen is None and view.trick is not None) or chosen in core


def _play_deals(rules: RuleProfile, levels: Sequence[str], deals: int, start: int) -> int:
    """Play deals through the table's gate (which raises on any illegal choice)."""
    from doudizhu_tui.bots import resolve

    finished = 0
    for n in range(deals):
        game = Game(code_from_number(start + n), rules)
        factories = {s: resolve(levels[(n + int(s)) % len(levels)]) for s in rules.seats}
        table = Table(game, factories)
        if rules.auction == "bid":
            for amount in (1, *[0] * (rules.players - 1)):
                game.apply(BidAction(amount))
        table.run()  # at a rob table the computers call and rob too
        assert game.over
        finished += 1
    return finished


@pytest.fixture
def quick_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small search, for tests that play many deals with Hard seats."""
    from doudizhu_tui.bots import hard

    monkeypatch.setattr(hard, "BUDGET", 0)
    monkeypatch.setattr(hard, "MIN_SAMPLES", 2)


@pytest.mark.usefixtures("quick_hard")
@pytest.mark.parametrize("rules", PROFILES, ids=lambda p: p.name)
def test_every_level_plays_legal_deals_under_every_profile(rules: RuleProfile) -> None:
    assert _play_deals(rules, ["easy", "normal", "hard"], deals=12, start=700) == 12


# ----- four+two with two singles of one rank ------------------------------------------


def test_same_rank_singles_reach_the_bots_candidates() -> None:
    hand = counts_of(parse_cards("9 9 9 9 3 3 K"))
    same = play_of("9 9 9 9 3 3", SAME_RANK)
    assert same.kind is Kind.FOUR_TWO_SINGLES
    assert same in leads(hand, SAME_RANK)
    assert same not in leads(hand, CLASSIC)
    on_table = play_of("8 8 8 8 4 4", SAME_RANK)
    assert same in answers(hand, on_table, SAME_RANK)
    assert whole_hand(counts_of(parse_cards("9 9 9 9 3 3")), SAME_RANK) == [same]


@pytest.mark.parametrize("bot", [EasyBot, NormalBot, HardBot])
def test_bots_go_out_with_four_and_two_singles_of_one_rank(bot: type) -> None:
    # Leading: the whole hand is one play under this profile (not under classic).
    obs = position("9 9 9 9 3 3", seat=Seat.YOU, landlord=Seat.YOU, rules=SAME_RANK)
    action = bot(obs.seat, random.Random(1)).decide(obs)
    assert action == PlayAction(play_of("9 9 9 9 3 3", SAME_RANK))
    assert action in obs.legal_actions
    # Following an 8888+4+4: 9999+3+3 beats it and goes out.
    obs = position(
        "9 9 9 9 3 3",
        seat=Seat.RIGHT,
        landlord=Seat.RIGHT,
        trick=(Seat.YOU, "8 8 8 8 4 4"),
        left=(11, 6, 17),
        rules=SAME_RANK,
    )
    action = bot(obs.seat, random.Random(1)).decide(obs)
    assert action == PlayAction(play_of("9 9 9 9 3 3", SAME_RANK))
    assert action in obs.legal_actions


def test_classic_bots_do_not_read_same_rank_singles() -> None:
    obs = position("9 9 9 9 3 3", seat=Seat.YOU, landlord=Seat.YOU, rules=CLASSIC)
    action = NormalBot(obs.seat, random.Random(1)).decide(obs)
    assert action in obs.legal_actions
    assert isinstance(action, PlayAction)
    assert action.play.kind is not Kind.FOUR_TWO_SINGLES


def test_what_the_bots_work_out_is_kept_per_profile() -> None:
    # Two equal profiles share what the bots worked out of them; another does not.
    assert shapes_of(replace(SAME_RANK)) is shapes_of(SAME_RANK)
    assert shapes_of(SAME_RANK) is not shapes_of(CLASSIC)
    hand = counts_of(parse_cards("9 9 9 9 3 3"))
    assert whole_hand(hand, SAME_RANK) and not whole_hand(hand, CLASSIC)
