"""The bots at the wildcard tables (``laizi``, ``tiandi``; R44-R47, issue 10).

- every play the bots consider with wild cards (answers, leads, the plays of a split,
  whole-hand finishes, the policy's options and choice) is one of the core's legal
  plays (:func:`~doudizhu_tui.core.legal_plays_wild`), and every kind, rank and length
  the core offers (every class of bomb) reaches the bots;
- positions: a natural bomb cannot answer a wild bomb, a natural bomb answers a soft
  one, a wild finishes a straight or a bomb, a soft bomb is spent before a natural one;
- whole deals at every level under ``laizi`` and ``tiandi`` pass the table's gate.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from doudizhu_tui.bots import wilds as wilds_module
from doudizhu_tui.bots.advice import rate_counts
from doudizhu_tui.bots.analysis import remove
from doudizhu_tui.bots.easy import EasyBot
from doudizhu_tui.bots.hard import HardBot
from doudizhu_tui.bots.normal import NormalBot
from doudizhu_tui.bots.policy import View, choose, follow_options, lead_options
from doudizhu_tui.bots.wilds import (
    quick_virtual,
    ranks_of,
    virtual_hand,
    wild_answers,
    wild_groups,
    wild_leads,
    wild_split,
    wild_whole,
)
from doudizhu_tui.core import (
    BombClass,
    Game,
    Kind,
    PassAction,
    Play,
    PlayAction,
    Rank,
    RuleProfile,
    Seat,
    beats_wild,
    bomb_class,
    cards_of,
    code_from_number,
    counts_of,
    full_pack,
    legal_plays_wild,
    parse_cards,
    parse_profile,
)
from doudizhu_tui.core.seats import seats_of
from doudizhu_tui.rulebook import profile_text
from doudizhu_tui.table import Table

from .positions import wild_play, wild_position

LAIZI = parse_profile(profile_text("laizi"))
TIANDI = parse_profile(profile_text("tiandi"))
WILD_PROFILES = [LAIZI, TIANDI]
PACK = full_pack()
BOTS = [EasyBot, NormalBot, HardBot]


def _shapes(plays: Iterable[Play]) -> set[tuple[Kind, int, int, BombClass | None]]:
    return {(p.kind, int(p.rank), p.length, bomb_class(p)) for p in plays}


@st.composite
def wild_hands(draw: st.DrawFn) -> tuple[RuleProfile, list[int], tuple[int, ...]]:
    """A profile, a hand of 1-17 cards and its wild ranks (one or two), the hand
    often holding several wild cards."""
    rules = draw(st.sampled_from(WILD_PROFILES))
    n = 1 if rules is LAIZI else 2
    wilds = tuple(
        sorted(draw(st.lists(st.sampled_from(range(3, 16)), min_size=n, max_size=n, unique=True)))
    )
    cards = list(PACK)
    random.Random(draw(st.integers(0, 10**9))).shuffle(cards)
    size = draw(st.integers(1, 17))
    extra = draw(st.integers(0, 3))  # more wild cards than a random hand holds
    hand = counts_of(cards[:size])
    for a in wilds[:1]:
        hand[a] = min(4, hand[a] + extra)
    return rules, hand, wilds


def _ranks(wilds: tuple[int, ...]) -> tuple[Rank, ...]:
    return tuple(Rank(a) for a in wilds)


def _table(rules: RuleProfile, wilds: tuple[int, ...], seed: int) -> Play:
    """A play to beat: some lead of a random hand (often a bomb of some class)."""
    cards = list(PACK)
    rng = random.Random(seed)
    rng.shuffle(cards)
    counts = counts_of(cards[: rng.randint(4, 12)])
    for a in wilds[:1]:
        counts[a] = max(counts[a], rng.randint(0, 4))
    plays = legal_plays_wild(ranks_of(counts), _ranks(wilds), None, rules)
    bombs = [p for p in plays if p.kind is Kind.BOMB]
    if bombs and rng.random() < 0.4:
        return rng.choice(bombs)
    return rng.choice(plays)


@settings(max_examples=150, deadline=None)
@given(wild_hands(), st.integers(0, 10**6))
def test_the_bots_answers_are_the_cores(
    case: tuple[RuleProfile, list[int], tuple[int, ...]], seed: int
) -> None:
    rules, hand, wilds = case
    last = _table(rules, wilds, seed)
    core = legal_plays_wild(ranks_of(hand), _ranks(wilds), last, rules)
    bots = wild_answers(hand, last, rules, wilds)
    assert set(bots) <= set(core)
    assert all(beats_wild(p, last) for p in bots)
    assert len(set(bots)) == len(bots)
    assert _shapes(bots) == _shapes(core)
    # Weakest first: the bombs after the other plays, by class, the rocket last.
    order = [(p.kind is Kind.ROCKET, p.kind is Kind.BOMB, bomb_class(p) or 0) for p in bots]
    assert order == sorted(order)


@settings(max_examples=100, deadline=None)
@given(wild_hands())
def test_leads_splits_finishes_and_groups_are_the_cores(
    case: tuple[RuleProfile, list[int], tuple[int, ...]],
) -> None:
    rules, hand, wilds = case
    core = set(legal_plays_wild(ranks_of(hand), _ranks(wilds), None, rules))
    leads = wild_leads(hand, rules, wilds)
    assert set(leads) <= core
    assert _shapes(leads) == _shapes(core)
    for fewest in (False, True):
        split = wild_split(hand, wilds, rules, fewest)
        assert set(split.moves) <= core
        taken = [0] * 18
        for m in split.moves:
            for r in cards_of(m):
                taken[r] += 1
        assert taken == list(hand)  # every card once, wild cards under their own rank
        assert split.plays == len(split.moves)
    assert set(wild_whole(hand, rules, wilds)) <= core
    for kind in (Kind.SINGLE, Kind.PAIR, Kind.TRIO):
        assert set(wild_groups(hand, kind, rules, wilds)) <= core


@st.composite
def wild_views(draw: st.DrawFn) -> tuple[View, set[Play]]:
    """A position at a wild table and the core's legal plays there."""
    rules, hand, wilds = draw(wild_hands())
    assume(sum(hand) > 0)
    me, landlord = draw(st.integers(0, 2)), draw(st.integers(0, 2))
    sizes = [draw(st.integers(1, 20)) for _ in range(3)]
    sizes[me] = sum(hand)
    trick: Play | None = None
    owner = -1
    if draw(st.booleans()):
        trick = _table(rules, wilds, draw(st.integers(0, 10**6)))
        owner = draw(st.sampled_from([s for s in range(3) if s != me]))
    unseen: list[int] | None = None
    if draw(st.booleans()):
        unseen = [0] * 3 + [4 - hand[r] if r < 16 else 1 - hand[r] for r in range(3, 18)]
    view = View(me, landlord, hand, sizes, rules, trick, owner, unseen, None, wilds)
    core = set(legal_plays_wild(ranks_of(hand), _ranks(wilds), trick, rules))
    return view, core


@settings(max_examples=150, deadline=None)
@given(wild_views())
def test_every_option_of_the_policy_is_legal_at_wild_tables(case: tuple[View, set[Play]]) -> None:
    view, core = case
    options = lead_options(view) if view.trick is None else follow_options(view)
    assert options
    assert {m for m in options if m is not None} <= core
    chosen = choose(view)
    assert (chosen is None and view.trick is not None) or chosen in core


# ----- positions ---------------------------------------------------------------------


@pytest.mark.parametrize("bot", BOTS)
def test_a_natural_bomb_cannot_answer_a_wild_bomb(bot: type) -> None:
    # The 5s are wild: 5555 is a wild bomb, above every natural bomb (R46).
    obs = wild_position(
        "9 9 9 9 3 4 K",
        "5",
        LAIZI,
        seat=Seat.RIGHT,
        landlord=Seat.RIGHT,
        trick=(Seat.YOU, "5 5 5 5"),
        left=(2, 7, 7),
    )
    assert obs.legal_actions == (PassAction(),)
    assert bot(obs.seat, random.Random(1)).decide(obs) == PassAction()


@pytest.mark.parametrize("bot", [NormalBot, HardBot])
def test_a_natural_bomb_answers_a_soft_one(bot: type) -> None:
    # 8885 is a soft bomb of 8s; 3333 is natural, above it; the landlord has one card left.
    soft = wild_play("8 8 8 5", (Rank.FIVE,), LAIZI)
    assert bomb_class(soft) is BombClass.SOFT
    obs = wild_position(
        "3 3 3 3 6",
        "5",
        LAIZI,
        seat=Seat.RIGHT,
        landlord=Seat.YOU,
        trick=(Seat.YOU, "8 8 8 5"),
        left=(1, 10, 5),
    )
    action = bot(obs.seat, random.Random(1)).decide(obs)
    assert action in obs.legal_actions
    assert isinstance(action, PlayAction) and bomb_class(action.play) is BombClass.NATURAL


@pytest.mark.parametrize("bot", BOTS)
def test_a_wild_finishes_a_straight(bot: type) -> None:
    # The 9 is wild: 3 4 5 [6] 7 goes out at once.
    obs = wild_position("3 4 5 7 9", "9", LAIZI)
    action = bot(obs.seat, random.Random(1)).decide(obs)
    assert action in obs.legal_actions
    assert isinstance(action, PlayAction)
    assert action.play.kind is Kind.STRAIGHT and action.play.wilds == (Rank.SIX,)


@pytest.mark.parametrize("bot", BOTS)
def test_a_wild_finishes_with_a_soft_bomb(bot: type) -> None:
    # A pair of 2s to beat, the 9 is wild: only 8 8 8 [8] beats it, and goes out.
    obs = wild_position(
        "8 8 8 9",
        "9",
        LAIZI,
        seat=Seat.RIGHT,
        landlord=Seat.RIGHT,
        trick=(Seat.YOU, "2 2"),
        left=(5, 10, 4),
    )
    for seed in range(3):
        action = bot(obs.seat, random.Random(seed)).decide(obs)
        assert action in obs.legal_actions
        assert isinstance(action, PlayAction)
        assert action.play.kind is Kind.BOMB and bomb_class(action.play) is BombClass.SOFT


@pytest.mark.parametrize("bot", [NormalBot, HardBot])
def test_a_soft_bomb_is_spent_before_a_natural_one(bot: type) -> None:
    # The landlord leads a pair of 2s with two cards left after it; the peasant stops it
    # with the soft bomb J J J [J] and keeps 7 7 7 7.
    obs = wild_position(
        "7 7 7 7 J J J 5 3 4",
        "5",
        LAIZI,
        seat=Seat.RIGHT,
        landlord=Seat.YOU,
        trick=(Seat.YOU, "2 2"),
        left=(2, 12, 10),
    )
    action = bot(obs.seat, random.Random(1)).decide(obs)
    assert action in obs.legal_actions
    assert isinstance(action, PlayAction)
    assert bomb_class(action.play) is BombClass.SOFT


def test_the_split_uses_wilds_for_chains_and_bombs() -> None:
    # The 9s are wild.  One 9 finishes the straight; two make a soft bomb of the queens'
    # pair, not two low singles.
    hand = counts_of(parse_cards("3 4 5 7 9"))
    assert [m.describe() for m in wild_split(hand, (9,), LAIZI).moves] == ["straight 3-4-5-[6]-7"]
    hand = counts_of(parse_cards("Q Q 9 9 K K K 4"))
    moves = wild_split(hand, (9,), LAIZI).moves
    assert not any(m.kind is Kind.SINGLE and m.wilds for m in moves)
    # Four wild cards are kept as a wild bomb.
    hand = counts_of(parse_cards("9 9 9 9 3 4 5 6 8 J"))
    moves = wild_split(hand, (9,), LAIZI).moves
    assert any(bomb_class(m) is BombClass.WILD for m in moves) or len(moves) <= 2


def test_tiandi_bids_count_the_wild_cards() -> None:
    hand = counts_of(parse_cards("3 4 6 7 7 9 9 10 J Q Q K A 5 5 8 8"))
    plain = rate_counts(hand, TIANDI)
    wild = rate_counts(hand, TIANDI, (8,))
    assert wild.big_cards == plain.big_cards + 2
    assert wild.bid >= plain.bid
    assert wild.plays <= plain.plays


# ----- whole deals -------------------------------------------------------------------


@pytest.fixture
def quick_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    from doudizhu_tui.bots import hard

    monkeypatch.setattr(hard, "BUDGET", 0)
    monkeypatch.setattr(hard, "MIN_SAMPLES", 2)


@pytest.mark.usefixtures("quick_hard")
@pytest.mark.parametrize("rules", WILD_PROFILES, ids=lambda p: p.name)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_whole_deals_at_every_level_pass_the_gate(rules: RuleProfile, level: str) -> None:
    from doudizhu_tui.bots import resolve

    for n in range(6):
        game = Game(code_from_number(4100 + n), rules)
        table = Table(game, {s: resolve(level) for s in seats_of(3)})
        table.run()  # the gate raises on any illegal choice, bids included
        assert game.over
        if game.landlord is not None:
            assert len(game.wild_ranks) == rules.wildcards


@settings(max_examples=100, deadline=None)
@given(wild_hands())
def test_rollout_hands_keep_every_card(
    case: tuple[RuleProfile, list[int], tuple[int, ...]],
) -> None:
    # Hard plays its rollouts out on hands whose wild cards stand for fixed ranks: as
    # many cards as the hand, none above four of a rank, the jokers untouched.
    rules, hand, wilds = case
    for virtual in (virtual_hand(hand, wilds, rules), quick_virtual(hand, wilds)):
        assert sum(virtual) == sum(hand)
        assert all(0 <= virtual[r] <= 4 for r in range(3, 16))
        assert virtual[16:] == hand[16:]
        for r in range(3, 16):
            if r not in wilds:
                assert virtual[r] >= hand[r]  # natural cards stay where they are


def test_a_rollout_takes_the_physical_cards_of_a_wild_play() -> None:
    # 3 4 5 [6] 7 takes the 9 from the hand, not a 6.
    hand = counts_of(parse_cards("3 4 5 7 9 6"))
    straight = wild_play("3 4 5 7 9", (Rank.NINE,), LAIZI)
    after = remove(hand, straight)
    assert after[6] == 1 and after[9] == 0 and sum(after) == 1


@settings(max_examples=60, deadline=None)
@given(wild_hands())
def test_the_remembered_wild_splits_and_virtual_hands_are_the_searched_ones(
    case: tuple[RuleProfile, list[int], tuple[int, ...]],
) -> None:
    # The memos keep packed splits and bytes (see analysis.SplitMemo); what comes out
    # is what a fresh search gives, in either order of asking and after forgetting.
    rules, hand, wilds = case
    wilds_module._SPLITS.clear()
    wilds_module._VIRTUAL.clear()
    virtual = virtual_hand(hand, wilds, rules)  # searched here, the split remembered
    split = wild_split(hand, wilds, rules)
    fewest = wild_split(hand, wilds, rules, fewest=True)
    assert wild_split(hand, wilds, rules) == split
    assert virtual_hand(hand, wilds, rules) == virtual
    wilds_module._SPLITS.clear()  # the virtual hand stays; the split is searched again
    assert wild_split(hand, wilds, rules, fewest=True) == fewest
    assert wild_split(hand, wilds, rules) == split
    wilds_module._VIRTUAL.clear()
    assert virtual_hand(hand, wilds, rules) == virtual
