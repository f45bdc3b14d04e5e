"""Every value of the core has a ``repr`` that pastes back (architecture.md, python-chess):
``eval(repr(x)) == x`` given ``from doudizhu_tui.core import *``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from doudizhu_tui import rulebook
from doudizhu_tui.core import (
    CLASSIC,
    Action,
    BidAction,
    Card,
    Event,
    Game,
    Kind,
    Phase,
    PlayAction,
    Rank,
    Role,
    RuleProfile,
    Seat,
    Suit,
    code_from_number,
    full_pack,
    legal_plays,
    parse_cards,
    parse_profile,
)

#: The names a maintainer has after ``from doudizhu_tui.core import *``.
CORE: dict[str, Any] = {}
exec("from doudizhu_tui.core import *", CORE)


def pastes_back(value: object) -> bool:
    """``eval(repr(value)) == value`` in the namespace of ``from doudizhu_tui.core import *``."""
    return bool(eval(repr(value), dict(CORE)) == value)


@pytest.mark.parametrize("enum", [Rank, Suit, Kind, Seat, Role, Phase])
def test_every_enum_member_pastes_back_as_its_qualified_name(enum: Any) -> None:
    for member in enum:
        assert repr(member) == f"{enum.__name__}.{member.name}"
        assert pastes_back(member)


def test_every_card_of_the_pack_pastes_back() -> None:
    for card in full_pack():
        assert pastes_back(card), repr(card)
    assert repr(Card(Rank.TEN, 1)) == "Card(Rank.TEN, 1)"
    assert repr(Card(Rank.RED_JOKER)) == "Card(Rank.RED_JOKER)"
    assert repr(parse_cards("3 bj")) == "(Card(Rank.THREE, 0), Card(Rank.BLACK_JOKER))"


def test_plays_of_every_kind_paste_back() -> None:
    rng = random.Random(8)
    pack = full_pack()
    kinds: set[Kind] = set()
    for _ in range(300):
        rng.shuffle(pack)
        for play in legal_plays(pack[:20]):
            kinds.add(play.kind)
            assert pastes_back(play), repr(play)
    shuttle = RuleProfile(space_shuttle=True)
    for play in legal_plays(parse_cards("3 3 3 3 4 4 4 4 5 6 7 7 8 8"), None, shuttle):
        kinds.add(play.kind)
        assert pastes_back(play), repr(play)
    assert kinds == set(Kind)
    play = legal_plays(parse_cards("9 9 9 3"))[-1]
    assert repr(play) == "Play(Kind.TRIO_SINGLE, Rank.NINE, 1, parse_ranks('3 9 9 9'))"


def test_actions_paste_back() -> None:
    play = legal_plays(parse_cards("7 7"))[-1]
    actions: list[Action] = [
        BidAction(0),
        BidAction(3),
        PlayAction(play),
        PlayAction(play, parse_cards("7 7")),
        *Game(code_from_number(3)).legal_actions(),
    ]
    for action in actions:
        assert pastes_back(action), repr(action)


def test_every_event_of_random_deals_pastes_back() -> None:
    rng = random.Random(28)
    kinds: set[str] = set()
    for n in range(40):
        game = Game(code_from_number(n))
        while not game.over:
            actions = game.legal_actions()
            game.apply(
                BidAction(0) if n % 5 == 0 and game.phase is Phase.AUCTION else rng.choice(actions)
            )
        events: list[Event] = list(game.log)
        for event in events:
            kinds.add(type(event).__name__)
            assert pastes_back(event), repr(event)
    assert kinds >= {"Dealt", "Bid", "LandlordChosen", "KittyShown", "Played", "Passed"}
    assert kinds >= {"Settled", "ThrownIn"}


def test_rule_profiles_and_deal_codes_paste_back() -> None:
    profiles = [CLASSIC, RuleProfile(kitty="hidden", base=5), parse_profile('name = "x"')]
    profiles += [parse_profile(rulebook.profile_text(name)) for name in rulebook.profile_names()]
    for profile in profiles:
        assert pastes_back(profile), repr(profile)
    for n in (0, 1, 123456789):
        assert pastes_back(code_from_number(n))
