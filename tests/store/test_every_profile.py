"""Saves and the history keep each deal's rule profile: every profile round-trips.

For every profile in ``rules/`` (and one with an option no shipped profile sets),
a session saved mid-deal restores to the same state, and a finished deal goes into
the history, comes back as the same game, and ``doudizhu history show`` steps
through it.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from click.testing import CliRunner

from doudizhu_tui.cli import main
from doudizhu_tui.core import (
    BidAction,
    Game,
    Kind,
    PlayAction,
    RuleProfile,
    Seat,
    code_from_number,
    parse_profile,
    parse_table_code,
)
from doudizhu_tui.match import Match, MatchConfig, action_from_dict, action_to_dict
from doudizhu_tui.rulebook import profile_names, profile_text
from doudizhu_tui.store import HistoryDB, SaveSlot, attach

from .helpers import game_state, step


def _profiles() -> list[RuleProfile]:
    return [parse_profile(profile_text(name)) for name in profile_names()]


def _match(profile: RuleProfile, seed: int) -> Match:
    config = MatchConfig(first_code=code_from_number(seed), deals=3, level="random", rules=profile)
    return Match(config)


@pytest.mark.parametrize("name", profile_names())
def test_r29_a_session_saved_mid_deal_restores_under_its_profile(name: str) -> None:
    profile = parse_profile(profile_text(name))
    match = _match(profile, 4242)
    slot = SaveSlot()
    saver = attach(match, slot)
    rng = random.Random(7)
    # Far enough into the session that the rotating first bid has moved on.
    for _ in range(90):
        assert step(match, rng)
    assert saver.last_error is None
    loaded = slot.load()
    assert loaded.ok and loaded.match is not None
    restored = loaded.match
    assert restored.config.rules == profile
    assert game_state(restored.game) == game_state(match.game)
    assert restored.code == match.code
    assert parse_table_code(str(match.code)).profile == name


@pytest.mark.parametrize("name", profile_names())
def test_r30_a_recorded_deal_comes_back_and_history_show_steps_through_it(name: str) -> None:
    profile = parse_profile(profile_text(name))
    match = _match(profile, 777)
    db = HistoryDB()
    rng = random.Random(3)
    finished: list[Game] = []
    while len(finished) < 2:
        assert step(match, rng)
        game = match.game
        if game.over and game.settlement is not None and game not in finished:
            finished.append(game)
            index = len(finished)
            assert db.record_deal(game, match.config.level, session_id="s", game_index=index)
    for game in finished:
        row = db.get(str(match.code_of(game)))
        assert row is not None
        assert row.rule_profile() == profile
        assert row.table_code == match.code_of(game)
        rebuilt = row.rebuild()
        assert game_state(rebuilt) == game_state(game)
        result = CliRunner().invoke(main, ["history", "show", str(row.table_code), "--all"])
        assert result.exit_code == 0, result.output
        assert "went out" in result.output or "wins" in result.output


def _four_with_a_pair_code() -> tuple[int, list[int]]:
    """A deal code whose first hand holds a four and a pair of another rank."""
    for n in range(1, 5000):
        game = Game(code_from_number(n))
        counts = game.counts(Seat.YOU)
        fours = [r for r in range(3, 16) if counts[r] == 4]
        pairs = [r for r in range(3, 16) if counts[r] == 2]
        if fours and pairs and game.first_bidder == Seat.YOU:
            return n, [fours[0]] * 4 + [pairs[0]] * 2
    raise AssertionError("no such deal in the first 5000 codes")


def test_r31_a_saved_four_with_two_same_rank_singles_reads_back_under_its_profile() -> None:
    loose = replace(parse_profile(""), name="loose", four_two_same_rank_singles=True)
    n, ranks = _four_with_a_pair_code()
    game = Game(code_from_number(n), loose)
    game.apply(BidAction(3))
    play = next(
        p
        for p in game.legal_plays()
        if p.kind is Kind.FOUR_TWO_SINGLES and sorted(int(r) for r in p.ranks) == sorted(ranks)
    )
    action = PlayAction(play)
    game.apply(action)
    data = action_to_dict(action)
    assert action_from_dict(data, loose) == action
    # Under the classic rules those cards are not that play: the saved rules matter.
    with pytest.raises(ValueError):
        action_from_dict(data)
    match = Match(MatchConfig(first_code=code_from_number(n), deals=3, level="random", rules=loose))
    match.start_deal()
    match.submit(BidAction(3))
    match.submit(action)
    slot = SaveSlot()
    assert slot.save(match)
    loaded = slot.load()
    assert loaded.ok and loaded.match is not None, loaded.message
    assert game_state(loaded.match.game) == game_state(match.game)
