"""Scenario tests: each behaviour of the three levels on a hand-built position."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from doudizhu_tui.bots import hard
from doudizhu_tui.bots.base import view_of
from doudizhu_tui.bots.easy import EasyBot
from doudizhu_tui.bots.hard import HardBot, candidates
from doudizhu_tui.bots.infer import Reader
from doudizhu_tui.bots.normal import NormalBot
from doudizhu_tui.bots.policy import BOLD, NORMAL, View, can_be_beaten, choose
from doudizhu_tui.bots.simulate import rollout
from doudizhu_tui.core import (
    CLASSIC,
    Action,
    BidAction,
    Observation,
    PassAction,
    PlayAction,
    Seat,
    SeatController,
    counts_of,
    parse_cards,
)

from .positions import auction, jacks_against_twos, play_of, position

YOU, RIGHT, LEFT = Seat.YOU, Seat.RIGHT, Seat.LEFT
#: The other hands when everything above K has been played and no rank is whole
#: (no bomb can be out there).
NOTHING_ABOVE_K = "4 4 5 5 6 6 7 7 8 8 9 9 10 10 J J Q Q K K"


def decide(controller: type[SeatController], obs: Observation, seed: int = 1) -> Action:
    bot = controller(obs.seat, random.Random(seed))  # type: ignore[call-arg]
    action = bot.decide(obs)
    assert action in obs.legal_actions
    return action


def plays(text: str) -> PlayAction:
    return PlayAction(play_of(text))


# ----- Normal ------------------------------------------------------------------------


def test_normal_leads_a_long_chain_early() -> None:
    obs = position("3 4 5 6 7 9 9 K K 2", landlord=YOU)
    assert decide(NormalBot, obs) == plays("3 4 5 6 7")


def test_normal_leads_low_before_high() -> None:
    obs = position("4 8 Q 2 BJ", landlord=YOU)
    assert decide(NormalBot, obs) == plays("4")


def test_normal_answers_with_a_loose_card() -> None:
    # The landlord leads a 6: the lone K answers it; the pairs stay whole.
    obs = position("5 5 8 8 J J K", seat=RIGHT, landlord=YOU, left=(15, 7, 17), trick=(YOU, "6"))
    assert decide(NormalBot, obs) == plays("K")


def test_normal_does_not_break_pairs_needlessly() -> None:
    obs = position("5 5 8 8 J J", seat=RIGHT, landlord=YOU, left=(15, 6, 17), trick=(YOU, "6"))
    assert decide(NormalBot, obs) == PassAction()


def test_normal_breaks_a_pair_when_it_must() -> None:
    # The landlord is down to two cards: a pair is broken to stop it.
    obs = position("5 5 8 8 J J", seat=RIGHT, landlord=YOU, left=(2, 6, 17), trick=(YOU, "6"))
    action = decide(NormalBot, obs)
    assert isinstance(action, PlayAction)
    assert action.play.kind.label == "single"


def test_normal_never_beats_its_partner() -> None:
    obs = position("K 9 9", seat=LEFT, landlord=YOU, left=(15, 10, 3), trick=(RIGHT, "5"))
    assert decide(NormalBot, obs) == PassAction()


def test_normal_goes_out_even_over_its_partner() -> None:
    obs = position("K", seat=LEFT, landlord=YOU, left=(15, 10, 1), trick=(RIGHT, "5"))
    assert decide(NormalBot, obs) == plays("K")


def test_normal_leads_a_pair_when_the_landlord_has_one_card() -> None:
    obs = position("3 4 8 8 K", seat=RIGHT, landlord=YOU, left=(1, 5, 10))
    assert decide(NormalBot, obs) == plays("8 8")
    # With the landlord holding more, the low single comes first.
    obs = position("3 4 8 8 K", seat=RIGHT, landlord=YOU, left=(5, 5, 10))
    assert decide(NormalBot, obs) == plays("3")


def test_normal_blocks_a_single_with_its_highest_card() -> None:
    obs = position("5 9 K 2", seat=RIGHT, landlord=YOU, left=(1, 4, 10), trick=(YOU, "4"))
    assert decide(NormalBot, obs) == plays("2")


def test_the_bold_style_follows_where_normal_passes() -> None:
    # Normal keeps its pairs whole and lets the landlord's 6 go; the bold style of
    # Hard's play-outs breaks the 8s to take the lead (and still never beats a partner).
    obs = position("5 5 8 8 J J", seat=RIGHT, landlord=YOU, left=(15, 6, 17), trick=(YOU, "6"))
    view = view_of(obs)
    assert view.style is NORMAL and choose(view) is None
    view.style = BOLD
    assert choose(view) == play_of("8")
    # As landlord too: a peasant's 6 is beaten at the cost of a pair.
    obs = position("5 5 8 8 J J Q Q", left=(8, 15, 17), trick=(RIGHT, "6"))
    view = view_of(obs)
    assert choose(view) is None
    view.style = BOLD
    assert choose(view) == play_of("8")
    obs = position("K 9 9", seat=LEFT, landlord=YOU, left=(15, 10, 3), trick=(RIGHT, "5"))
    view = view_of(obs)
    view.style = BOLD
    assert choose(view) is None


def test_the_styles_danger_line_control_price_and_endgame_shape_a_follow() -> None:
    # Normal's numbers leave the landlord's 6 to the partner while the landlord holds
    # 6 cards; a style whose danger line is at 6 breaks a pair to stop it.
    obs = position("5 5 8 8 J J", seat=RIGHT, landlord=YOU, left=(6, 6, 17), trick=(YOU, "6"))
    view = view_of(obs)
    assert view.style.close == 4 and choose(view) is None
    view.style = dataclasses.replace(NORMAL, close=6)
    assert choose(view) == play_of("8")
    # A 2 spent on the landlord's K: Normal's price lets it go, twice that price not.
    obs = position("2 5 5 8 8 9 9", seat=RIGHT, landlord=YOU, left=(12, 7, 17), trick=(YOU, "K"))
    view = view_of(obs)
    assert choose(view) == play_of("2")
    view.style = dataclasses.replace(NORMAL, control_scale=2.0)
    assert choose(view) is None
    # Down to three plays (three pairs), a style with an endgame allowance breaks one.
    obs = position("5 5 8 8 J J", seat=RIGHT, landlord=YOU, left=(15, 6, 17), trick=(YOU, "6"))
    view = view_of(obs)
    assert choose(view) is None
    view.style = dataclasses.replace(NORMAL, endgame_plays=3, endgame_follow=1.0)
    assert choose(view) == play_of("8")
    view.style = dataclasses.replace(NORMAL, endgame_plays=2, endgame_follow=1.0)
    assert choose(view) is None


def test_normal_bids_from_the_advice() -> None:
    strong = auction("BJ RJ 2 2 2 2 A A K K Q Q J J 10 10 3")
    weak = auction("3 4 5 5 6 6 7 8 8 9 10 J J Q Q K 2")
    middling = auction("3 3 5 6 7 8 9 9 10 J Q K A A 2 2 BJ")
    assert decide(NormalBot, strong) == BidAction(3)
    assert decide(NormalBot, weak) == BidAction(0)
    assert decide(NormalBot, middling) == BidAction(1)


# ----- Easy --------------------------------------------------------------------------


def _easy_actions(obs: Observation, seeds: int = 60) -> set[Action]:
    return {decide(EasyBot, obs, seed) for seed in range(seeds)}


def test_easy_sometimes_passes_when_it_could_play() -> None:
    obs = position("5 9 K", seat=RIGHT, landlord=YOU, left=(15, 3, 17), trick=(YOU, "4"))
    actions = _easy_actions(obs)
    assert PassAction() in actions
    assert any(isinstance(a, PlayAction) for a in actions)


def test_easy_breaks_combinations_needlessly() -> None:
    # Normal leads the straight; Easy often leads its lowest card alone.
    obs = position("3 4 5 6 7 9 9 K K", landlord=YOU)
    assert plays("3") in _easy_actions(obs)
    # And answers a single from a pair while holding a loose card.
    obs = position("5 5 K", seat=RIGHT, landlord=YOU, left=(15, 3, 17), trick=(YOU, "4"))
    assert plays("5") in _easy_actions(obs)


def test_easy_barely_teams_up() -> None:
    obs = position("K 9 9", seat=LEFT, landlord=YOU, left=(15, 10, 3), trick=(RIGHT, "5"))
    actions = _easy_actions(obs)
    assert any(isinstance(a, PlayAction) for a in actions)  # plays over its partner


# ----- Hard --------------------------------------------------------------------------


def test_hard_tracks_the_cards_that_are_out() -> None:
    obs = position("K K 3", seat=RIGHT, landlord=RIGHT, left=(10, 3, 10), unseen=NOTHING_ABOVE_K)
    view = view_of(obs, tracking=True)
    assert view.unseen is not None
    # K-K: no A, 2 or bomb out
    assert not can_be_beaten(play_of("K K"), view.unseen, CLASSIC)
    assert can_be_beaten(play_of("3"), view.unseen, CLASSIC)


def test_hard_leads_an_unbeatable_play_when_closing_out() -> None:
    obs = position("K K 3", seat=RIGHT, landlord=RIGHT, left=(10, 3, 10), unseen=NOTHING_ABOVE_K)
    assert decide(NormalBot, obs) == plays("3")  # Normal leads low
    assert decide(HardBot, obs) == plays("K K")  # Hard knows K-K wins, then goes out


def test_hard_bombs_when_it_then_finishes_in_two_plays() -> None:
    out = "3 3 4 4 5 5 6 6 8 8 9 10 10 J J Q Q K K"
    obs = position(
        "7 7 7 7 K K 3", seat=RIGHT, landlord=RIGHT, left=(10, 7, 9), unseen=out, trick=(YOU, "9")
    )
    assert decide(NormalBot, obs) == PassAction()
    assert decide(HardBot, obs) == plays("7 7 7 7")


def test_hard_feeds_its_partner() -> None:
    # Right, the partner, plays next and holds one card: Hard leads its lowest single.
    other = "5 8 8 10 10 J Q K A 2 2 BJ RJ"
    obs = position("3 4 5 6 7 9 9", seat=YOU, landlord=LEFT, left=(7, 1, 12), unseen=other)
    assert decide(NormalBot, obs) == plays("3 4 5 6 7")
    assert decide(HardBot, obs) == plays("3")


def test_hard_uses_the_kitty_it_has_seen() -> None:
    # The landlord still holds the shown kitty's 2: a K single can be beaten.
    obs = position(
        "K K 3",
        seat=RIGHT,
        landlord=YOU,
        left=(5, 3, 10),
        unseen="4 4 7 7 9 9 J J Q Q A A",
        kitty="2 5 6",
    )
    view = view_of(obs, tracking=True)
    assert view.unseen is not None
    assert view.unseen[15] == 1
    assert can_be_beaten(play_of("K"), view.unseen, CLASSIC)


def mixed_lead() -> Observation:
    """The landlord to lead from a mixed hand: a real choice for the search."""
    return position(
        "3 5 5 8 9 10 J Q K K 2",
        seat=YOU,
        landlord=YOU,
        left=(11, 17, 17),
        played="3 4 6 7 8 9 10 J Q",
    )


def test_hard_searches_when_there_is_a_choice() -> None:
    # A real choice (lead from a mixed hand): the answer is legal and repeatable.
    obs = mixed_lead()
    first = decide(HardBot, obs, seed=7)
    assert decide(HardBot, obs, seed=7) == first


def test_hard_plays_out_in_its_playout_style(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every play-out of the search plays this seat's side in hard.PLAYOUT (the other
    # side in the style that fits its decisions best).
    styles = []

    def spy(*args: object, **kwargs: Any) -> bool:
        styles.append(kwargs["styles"][YOU])
        return bool(rollout(*args, **kwargs))  # type: ignore[arg-type]

    monkeypatch.setattr(hard, "rollout", spy)
    obs = mixed_lead()
    decide(HardBot, obs, seed=7)
    assert styles and all(style is hard.PLAYOUT for style in styles)
    assert hard.PLAYOUT is not NORMAL


def test_hard_keeps_normal_habits() -> None:
    # The landlord has one card: Hard leads a pair too, and never beats its partner.
    obs = position(
        "3 4 8 8 K", seat=RIGHT, landlord=YOU, left=(1, 5, 10), unseen="5 6 7 9 10 J Q Q A 2 RJ"
    )
    assert decide(HardBot, obs) == plays("8 8")
    obs = position(
        "K 9 9", seat=LEFT, landlord=YOU, left=(15, 10, 3), trick=(RIGHT, "5"), played="5 5 6"
    )
    assert decide(HardBot, obs) == PassAction()


def test_hard_always_weighs_a_pass_and_its_bomb_when_the_landlord_is_low() -> None:
    # Issue 12's miss: a peasant with J-J-J-J let the landlord through on few cards.
    # With many singles to answer a 3, the policy ranks the pass and the bomb last;
    # the search still weighs both once the landlord holds at most MUST cards.
    hand = "J J J J 4 5 6 8 9 Q K"
    played = "3 2 2 A A A K K 6 6 7 7 7 4 4 8 8 10 10 10"
    low = position(hand, seat=RIGHT, landlord=YOU, left=(7, 11, 9), trick=(YOU, "3"), played=played)
    view = view_of(low, tracking=True)
    assert hard.MUST >= 7
    cands = candidates(view)
    assert None in cands and play_of("J J J J") in cands
    assert len(cands) == hard.CANDIDATES + 2
    far = position(hand, seat=RIGHT, landlord=YOU, left=(16, 11, 9), trick=(YOU, "3"))
    far_cands = candidates(view_of(far, tracking=True))
    assert None in far_cands and play_of("J J J J") not in far_cands


def test_hard_bombs_the_landlords_pair_of_twos_when_it_is_close_to_out() -> None:
    # The landlord led 2-2 with five cards left and the partner cannot beat it:
    # Normal saves its bomb, Hard plays it.
    obs = jacks_against_twos()
    assert decide(NormalBot, obs) == PassAction()
    for seed in (1, 2, 3):
        assert decide(HardBot, obs, seed=seed) == plays("J J J J")


def test_hard_plays_the_other_side_out_in_the_style_its_decisions_fit() -> None:
    # The landlord (Left) broke its 8s to beat a 6: a bold player, played out boldly.
    # Had it passed with the 8s, it would be played out in Normal's style.
    mine = counts_of(parse_cards("3 3 4 4 7 7 9 9 10 10 K K A A 2 2 BJ"))
    right = counts_of(parse_cards("3 4 5 6 7 9 10 J Q K A 2 2 4 5 6"))
    for move, left_now, normal in (("8", "5 5 8 J J Q Q", False), (None, "5 5 8 8 J J Q Q", True)):
        history = ((1, play_of("6")), (2, play_of(move) if move else None))
        held = counts_of(parse_cards(left_now))
        left = (17, 16, sum(held))
        reader = Reader(history, left, me=0, landlord=2, rules=CLASSIC)
        view = View(0, 2, mine, left, CLASSIC)
        styles = hard._styles(view, reader, [[mine, right, held]])
        assert styles[2] is (NORMAL if normal else hard.PLAYOUT)
        assert styles[0] is styles[1] is hard.PLAYOUT  # this seat's side


def test_hard_weighs_beating_its_partner_only_when_close_to_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The partner (Left) led 5-5; the policy lets a partner's play stand, but with no
    # more cards than that partner Hard also weighs taking the lead with its own pair.
    monkeypatch.setattr(hard, "OVERTAKE", 2)
    close = position("K K 9 4", seat=RIGHT, landlord=YOU, left=(12, 4, 6), trick=(LEFT, "5 5"))
    cands = candidates(view_of(close, tracking=True))
    assert cands[0] is None and play_of("K K") in cands
    # Far from out (more cards than the partner, a split of many plays): pass only.
    far_hand = "K K 9 8 6 4 3"
    far = position(far_hand, seat=RIGHT, landlord=YOU, left=(12, 7, 4), trick=(LEFT, "5 5"))
    assert candidates(view_of(far, tracking=True)) == [None]
    monkeypatch.setattr(hard, "OVERTAKE", 0)
    assert candidates(view_of(close, tracking=True)) == [None]
