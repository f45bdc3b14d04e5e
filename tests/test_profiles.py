"""The shipped rule profiles; `older` hides the kitty and rotates the first bid (R6, R9, R31)."""

from __future__ import annotations

import itertools
import random

from doudizhu_tui.core import Phase, Role, Seat, code_from_number, observe, parse_profile
from doudizhu_tui.match import Match, MatchConfig
from doudizhu_tui.rulebook import profile_names, profile_text


def test_every_shipped_profile_loads_under_its_own_name() -> None:
    names = profile_names()
    assert {"classic", "older"} <= set(names)
    for name in names:
        assert parse_profile(profile_text(name)).name == name


def test_older_hides_the_kitty_from_the_peasants_and_rotates_the_first_bid() -> None:
    rules = parse_profile(profile_text("older"))
    match = Match(MatchConfig(code_from_number(31), deals=3, level="random", rules=rules))
    rng = random.Random(8)
    first_bidders: list[Seat] = []
    while not match.finished:
        match.finish_deal()
        game = match.start_deal()
        first_bidders.append(game.first_bidder)
        while not game.over:
            if game.phase is Phase.PLAY and game.landlord is not None:
                for seat in Seat:
                    seen = observe(game, seat).kitty
                    if game.role(seat) is Role.LANDLORD:
                        assert seen == game.kitty
                    else:
                        assert seen is None
            if match.human_to_act:
                match.submit(rng.choice(game.legal_actions()))
            else:
                match.apply_decision(match.decide())
        match.finish_deal()
    assert len(first_bidders) >= 3
    for before, after in itertools.pairwise(first_bidders):
        assert after == before.next
