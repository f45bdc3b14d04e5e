"""The shipped rule profiles; `older` hides the kitty and rotates the first bid (R6, R9, R31);
`rob`, `beginner` and `shuttle` are the variant tables (R36-R43)."""

from __future__ import annotations

import itertools
import random
import tomllib

import pytest

from doudizhu_tui.bots.random_bot import RandomBot
from doudizhu_tui.core import (
    Phase,
    Role,
    Seat,
    Settled,
    ThrownIn,
    code_from_number,
    observe,
    parse_profile,
    replay,
)
from doudizhu_tui.core.seats import next_seat, seats_of
from doudizhu_tui.match import Match, MatchConfig
from doudizhu_tui.rulebook import differences, profile_names, profile_text
from doudizhu_tui.table import play_deal


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
                for seat in seats_of(3):
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
        assert after == next_seat(before, 3)


#: The variant profiles of issue 10 (R36) and the one option each changes.
VARIANTS = {
    "rob": {"auction": "rob"},
    "beginner": {"airplanes": False},
    "shuttle": {"space_shuttle": True},
}


def test_r36_each_variant_profile_changes_only_its_own_option() -> None:
    """rules/rob.toml, beginner.toml and shuttle.toml list their name and the one option
    that differs from classic, nothing else."""
    names = profile_names()
    for name, options in VARIANTS.items():
        assert name in names
        text = profile_text(name)
        assert tomllib.loads(text) == {"name": name, **options}
        assert differences(parse_profile(text)) == list(options)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_r36_a_variant_deal_runs_through_the_table_with_random_controllers(name: str) -> None:
    """Every seat a RandomBot, through the table's single gate: whole deals end and
    replay from their actions under the profile (the auction included)."""
    rules = parse_profile(profile_text(name))
    finished = 0
    for n in range(12):
        played = play_deal(code_from_number(n * 31 + 5), dict.fromkeys(Seat, RandomBot), rules)
        assert isinstance(played.log[-1], Settled | ThrownIn)
        finished += isinstance(played.log[-1], Settled)
        again = replay(code_from_number(n * 31 + 5), played.actions, rules)
        assert again.log == played.log
    assert finished > 6
