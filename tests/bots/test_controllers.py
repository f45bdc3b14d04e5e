"""The three levels as seat controllers: legal, deterministic, found by name."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from doudizhu_tui.bots import LEVELS, UnknownControllerError, hard, normal, resolve
from doudizhu_tui.bots.easy import EasyBot
from doudizhu_tui.bots.hard import HardBot
from doudizhu_tui.bots.normal import NormalBot
from doudizhu_tui.core import (
    BidAction,
    ControllerFactory,
    Game,
    Observation,
    PassAction,
    Phase,
    Seat,
    code_from_number,
    observe,
)
from doudizhu_tui.core.seats import seats_of
from doudizhu_tui.table import ControllerError, Table, controller_rng, play_deal


@pytest.fixture
def quick_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small search, for tests that play many deals with Hard seats."""
    monkeypatch.setattr(hard, "BUDGET", 0)
    monkeypatch.setattr(hard, "MIN_SAMPLES", 2)


def _mixes(levels: list[str]) -> Iterator[dict[Seat, ControllerFactory]]:
    for i, a in enumerate(levels):
        for b in levels[i:]:
            yield {Seat.YOU: resolve(a), Seat.RIGHT: resolve(b), Seat.LEFT: resolve(a)}
            yield {Seat.YOU: resolve(b), Seat.RIGHT: resolve(a), Seat.LEFT: resolve(b)}


def _play_many(levels: list[str], deals: int, start: int) -> int:
    finished = 0
    mixes = list(_mixes(levels))
    for n in range(deals):
        game = play_deal(code_from_number(start + n), mixes[n % len(mixes)])
        assert game.over
        finished += game.phase is Phase.FINISHED
    return finished


def test_easy_and_normal_play_hundreds_of_legal_deals() -> None:
    finished = _play_many(["easy", "normal", "random"], deals=300, start=1000)
    assert finished > 200  # the rest were thrown in (everyone passed)


@pytest.mark.usefixtures("quick_hard")
def test_hard_plays_legal_deals() -> None:
    _play_many(["hard", "normal", "easy"], deals=40, start=5000)


def _no_auction(code: int, factories: dict[Seat, ControllerFactory]) -> Game:
    """Play a deal whose first bidder becomes landlord at 1 (the others pass)."""
    table = Table(Game(code_from_number(code)), factories)
    for amount in (1, 0, 0):
        table.game.apply(BidAction(amount))
    table.run()
    assert table.game.phase is Phase.FINISHED
    return table.game


def test_hard_plays_a_full_search_deal_legally() -> None:
    game = _no_auction(77, {s: resolve("hard") for s in seats_of(3)})
    assert len(game.actions) > 20


def _positions(code: int, count: int) -> list[Observation]:
    """Observations of the seats to act along a deal played by Normal."""
    game = Game(code_from_number(code))
    bots = {s: NormalBot(s, controller_rng(game.code, s)) for s in seats_of(3)}
    out = []
    while not game.over:
        seat = game.turn
        assert seat is not None
        obs = observe(game, seat)
        out.append(obs)
        game.apply(bots[seat].decide(obs))
    step = max(1, len(out) // count)
    return out[::step][:count]


@pytest.mark.parametrize("bot", [EasyBot, NormalBot, HardBot])
def test_same_position_and_seed_give_the_same_decision(bot: type) -> None:
    for obs in _positions(31, 8):
        first = bot(obs.seat, random.Random(5)).decide(obs)
        assert first in obs.legal_actions
        again = bot(obs.seat, random.Random(5))
        assert again.decide(obs) == first
        assert again.decide(obs) == first  # asking twice changes nothing


@pytest.mark.usefixtures("quick_hard")
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_deal_replays_identically(level: str) -> None:
    factories = {s: resolve(level) for s in seats_of(3)}
    first = _no_auction(404, factories)
    second = _no_auction(404, factories)
    assert first.actions == second.actions


def test_decisions_do_not_depend_on_the_scoreboard() -> None:
    # A controller is handed only the observation and its generator; the same
    # observation built from a fresh game gives the same decision.
    game = Game(code_from_number(12))
    game.apply(BidAction(1))
    game.apply(BidAction(0))
    game.apply(BidAction(0))
    seat = game.turn
    assert seat is not None
    obs_a = observe(game, seat)
    replayed = Game(code_from_number(12))
    for action in game.actions:
        replayed.apply(action)
    obs_b = observe(replayed, seat)
    assert obs_a == obs_b
    for bot in (EasyBot, NormalBot, HardBot):
        a = bot(seat, controller_rng(game.code, seat)).decide(obs_a)
        b = bot(seat, controller_rng(replayed.code, seat)).decide(obs_b)
        assert a in obs_a.legal_actions
        assert a == b


def test_registry_knows_the_levels() -> None:
    assert {"easy", "normal", "hard"} <= set(LEVELS)
    assert resolve("easy") is EasyBot
    assert resolve("Normal") is NormalBot
    assert resolve(" hard ") is HardBot


def test_registry_loads_an_outside_controller() -> None:
    factory = resolve("tests.bots.outside_controller:make")
    game = play_deal(code_from_number(3), {s: factory for s in seats_of(3)})
    assert game.over


@pytest.mark.parametrize(
    "name",
    ["expert", "tests.bots.no_such_module:make", "tests.bots.outside_controller:missing"],
)
def test_registry_refuses_unknown_names(name: str) -> None:
    with pytest.raises(UnknownControllerError):
        resolve(name)


def test_registry_refuses_something_not_callable() -> None:
    with pytest.raises(UnknownControllerError):
        resolve("tests.bots.outside_controller:NOT_CALLABLE")


def test_an_illegal_choice_reaches_the_gate_and_fails_loudly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A policy bug (here: a pass when the seat must lead) is not replaced by a legal
    # action: the bot returns what it chose and the table refuses it, naming the seat.
    monkeypatch.setattr(normal, "choose", lambda view: None)
    table = Table(Game(code_from_number(21)), {s: resolve("normal") for s in seats_of(3)})
    for amount in (1, 0, 0):
        table.game.apply(BidAction(amount))
    leader = table.game.turn
    assert leader is not None
    before = len(table.game.actions)
    with pytest.raises(ControllerError) as caught:
        table.step()
    assert caught.value.seat == leader
    assert caught.value.action == PassAction()
    assert "cannot pass" in caught.value.reason
    assert len(table.game.actions) == before  # the game is left untouched
