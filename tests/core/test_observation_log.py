"""The deal's events as one seat may know them: ``Observation.log`` and the stake (R9, R28).

The information property, with the log included: a twin deal under another deal code,
in which the cards this seat cannot see were dealt differently between the other two
hands (and the face-down kitty) but which has the same public course (the same bids,
the very same cards played, the same kitty where this seat saw it), gives this seat
exactly the same observation.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import pytest

import doudizhu_tui.core.game as game_module
from doudizhu_tui.core import (
    CLASSIC,
    Action,
    Bid,
    BidAction,
    Card,
    Deal,
    Dealt,
    Game,
    KittyShown,
    PassAction,
    Passed,
    Phase,
    PlayAction,
    Played,
    RobAction,
    RobBid,
    RuleProfile,
    Seat,
    Settled,
    ThrownIn,
    code_from_number,
    observe,
)
from doudizhu_tui.core.seats import seats_of

HIDDEN = RuleProfile(kitty="hidden")
FOUR = RuleProfile(name="four", players=4)
PROFILES = [
    CLASSIC,
    HIDDEN,
    RuleProfile(name="rob", auction="rob"),
    FOUR,
    RuleProfile(name="four-hidden", players=4, kitty="hidden"),
]
IDS = ["kitty-shown", "kitty-hidden", "rob", "four", "four-hidden"]


def random_point(seed: int, rules: RuleProfile) -> Game:
    """A game stopped at a random moment of a random deal: the auction, the card play,
    a throw-in or the end."""
    rng = random.Random(seed)
    game = Game(code_from_number(rng.randrange(10**12)), rules)
    stop = rng.choice([0, 1, 2, 3, 4, 6, 10, 20, 40, 80, 200])
    for _ in range(stop):
        if game.over:
            break
        actions = game.legal_actions()
        # Pass in the auction now and then, so that some deals are thrown in.
        game.apply(actions[0] if rng.random() < 0.3 else rng.choice(actions))
    return game


def public_actions(game: Game) -> list[Action]:
    """The game's actions as its log shows them, each play with its exact cards."""
    out: list[Action] = []
    for event in game.log:
        if isinstance(event, Bid):
            out.append(BidAction(event.amount))
        elif isinstance(event, RobBid):
            out.append(RobAction(event.move))
        elif isinstance(event, Played):
            out.append(PlayAction(event.play, event.cards))
        elif isinstance(event, Passed):
            out.append(PassAction())
    return out


@contextmanager
def dealing(deal: Deal) -> Iterator[None]:
    """Every Game created inside deals ``deal``, whatever its code."""
    with mock.patch.object(game_module, "deal_cards", lambda code, players=3: deal):
        yield


def twin_deal(game: Game, seat: Seat, rng: random.Random) -> Game:
    """The same public course from another deal code, with everything ``seat`` has not
    seen dealt anew: the other seats' unplayed cards (bar the shown kitty cards the
    landlord still holds) and, while it is face down, the kitty; a hidden kitty taken by
    another seat is any three of the landlord's cards."""
    deal = game.deal
    landlord = game.landlord
    sees_kitty = observe(game, seat).kitty is not None
    seats = game.rules.seats
    played: dict[Seat, list[Card]] = {s: [] for s in seats}
    for event in game.log:
        if isinstance(event, Played):
            played[event.seat].extend(event.cards)
    others = [s for s in seats if s != seat]
    pinned: dict[Seat, list[Card]] = {s: [] for s in others}
    pool: list[Card] = []
    for s in others:
        holding = list(deal.hands[s]) + (list(deal.kitty) if s == landlord else [])
        for card in holding:
            if card in played[s]:
                continue
            if sees_kitty and s == landlord and card in deal.kitty:
                pinned[s].append(card)
            else:
                pool.append(card)
    if landlord is None:
        pool.extend(deal.kitty)  # face down: nobody has seen it
    rng.shuffle(pool)
    total: dict[Seat, list[Card]] = {}
    for s in others:
        holding_size = len(deal.hands[s]) + (len(deal.kitty) if s == landlord else 0)
        size = holding_size - len(played[s]) - len(pinned[s])
        total[s] = pinned[s] + pool[:size] + played[s]
        del pool[:size]
    if landlord is None:
        kitty = tuple(sorted(pool))
        pool = []
    elif not sees_kitty:
        kitty = tuple(sorted(rng.sample(total[landlord], len(deal.kitty))))
    else:
        kitty = deal.kitty
    assert not pool
    hands: list[tuple[Card, ...]] = []
    for s in sorted(seats):  # a deal's hands are indexed by the seat's number
        if s == seat:
            hands.append(deal.hands[s])
        else:
            start = [c for c in total[s] if not (s == landlord and c in kitty)]
            hands.append(tuple(sorted(start)))
    other_code = game.code
    while other_code == game.code:
        other_code = code_from_number(rng.randrange(10**12))
    new_deal = dataclasses.replace(
        deal,
        code=other_code,
        hands=tuple(hands),
        kitty=kitty,
        first_bidder=game.first_bidder,
    )
    with dealing(new_deal):
        twin = Game(other_code, game.rules, game.first_bidder)
    for action in public_actions(game):
        twin.apply(action)
    assert twin.phase is game.phase
    return twin


# --- the information property, log included --------------------------------------------------


@pytest.mark.parametrize("rules", PROFILES, ids=IDS)
def test_r28_another_code_and_other_unseen_cards_give_the_same_observation(
    rules: RuleProfile,
) -> None:
    """For many deals at random moments and every seat: a twin deal from another code,
    with the cards the seat has not seen dealt anew, gives an equal observation (log,
    stake and all)."""
    trials = moved = 0
    phases: set[Phase] = set()
    for seed in range(150):
        game = random_point(seed, rules)
        phases.add(game.phase)
        rng = random.Random(seed)
        for seat in rules.seats:
            seen = observe(game, seat)
            for _ in range(2):
                twin = twin_deal(game, seat, rng)
                trials += 1
                assert twin.code != game.code
                if twin.hands != game.hands or (twin.kitty != game.kitty):
                    moved += 1
                assert observe(twin, seat) == seen, (seed, seat)
    # Not vacuous: every phase was reached, and the hidden cards really moved.
    assert phases == set(Phase)
    assert moved > 0.6 * trials


def test_the_twin_of_a_seat_does_differ_for_the_other_seats() -> None:
    """The control for the test above: what is hidden from one seat is seen by another,
    so the twin built for one seat changes some other seat's observation."""
    differs = 0
    for seed in range(40):
        game = random_point(seed, CLASSIC)
        if game.over:
            continue
        rng = random.Random(seed)
        twin = twin_deal(game, Seat.YOU, rng)
        if any(observe(twin, s) != observe(game, s) for s in (Seat.RIGHT, Seat.LEFT)):
            differs += 1
    assert differs > 10


# --- what the log holds -----------------------------------------------------------------------


@pytest.mark.parametrize("rules", PROFILES, ids=IDS)
def test_r28_the_log_is_the_games_events_without_the_deal_code(rules: RuleProfile) -> None:
    """No Dealt event and no deal code (nor the next deal's code) anywhere in the log;
    every other event is the game's own, in order, apart from the censored ones."""
    for seed in range(120):
        game = random_point(seed, rules)
        codes = {str(game.code), game.code.text, str(game.code.successor())}
        for seat in seats_of(3):
            log = observe(game, seat).log
            assert len(log) == len(game.log) - 1
            assert isinstance(game.log[0], Dealt)
            assert not any(isinstance(e, Dealt) for e in log)
            for mine, theirs in zip(log, game.log[1:], strict=True):
                assert type(mine) is type(theirs)
                if isinstance(mine, (KittyShown, ThrownIn, Settled)):
                    continue
                assert mine == theirs
            for event in log:
                for value in dataclasses.astuple(event):
                    assert not (isinstance(value, str) and value in codes), (seed, event)


@pytest.mark.parametrize("n", range(12))
def test_r9_a_hidden_kitty_never_appears_in_another_seats_log(n: int) -> None:
    """kitty = hidden: the landlord's log shows the kitty it took; the other seats' logs
    say that it was taken, with no cards, from then to the end of the deal."""
    rng = random.Random(n)
    game = Game(code_from_number(1000 + n), HIDDEN)
    game.apply(BidAction(3))
    landlord = game.landlord
    assert landlord is not None
    while True:
        for seat in seats_of(3):
            shown = [e for e in observe(game, seat).log if isinstance(e, KittyShown)]
            assert len(shown) == 1
            assert shown[0].seat == landlord and not shown[0].public
            assert shown[0].cards == (game.kitty if seat == landlord else ())
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("n", range(6))
def test_r9_a_shown_kitty_is_in_every_seats_log(n: int) -> None:
    """kitty = shown: every seat's log holds the kitty turned up, as the game's does."""
    game = Game(code_from_number(2000 + n))
    game.apply(BidAction(3))
    for seat in seats_of(3):
        obs = observe(game, seat)
        shown = next(e for e in obs.log if isinstance(e, KittyShown))
        assert shown.cards == game.kitty == obs.kitty
        assert shown.public


def test_the_end_of_a_deal_shows_only_the_seats_own_cards_left() -> None:
    """Settled names the winner and the settlement as the game does; of the cards left,
    the observation holds only the seat's own (the result card reveals the rest)."""
    for n in range(40):
        rng = random.Random(n)
        game = Game(code_from_number(3000 + n))
        game.apply(BidAction(1))
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
        settled = game.settlement
        if settled is None:
            continue
        for seat in seats_of(3):
            obs = observe(game, seat)
            mine = obs.settled
            assert mine is not None and mine is obs.log[-1]
            assert (mine.winner, mine.winning_role, mine.settlement) == (
                settled.winner,
                settled.winning_role,
                settled.settlement,
            )
            for s in seats_of(3):
                expected = settled.hands_left[s] if s == seat else ()
                assert mine.hands_left[s] == expected


def test_a_thrown_in_deal_is_in_the_log_without_the_next_code() -> None:
    game = Game(code_from_number(7))
    for _ in range(3):
        game.apply(BidAction(0))
    assert game.phase is Phase.THROWN_IN
    for seat in seats_of(3):
        obs = observe(game, seat)
        assert obs.over and obs.settled is None
        assert obs.log[-1] == ThrownIn("")
        assert [e.amount for e in obs.log if isinstance(e, Bid)] == [0, 0, 0]


# --- the stake and the legal actions -------------------------------------------------------


def test_the_stake_is_the_games_own_figure() -> None:
    """multiplier and round_value are copied from the game at every moment, bombs and
    rockets included; the kitty's size is public."""
    for seed in range(120):
        game = random_point(seed, CLASSIC if seed % 2 else HIDDEN)
        for seat in seats_of(3):
            obs = observe(game, seat)
            assert obs.multiplier == game.multiplier
            assert obs.round_value == game.round_value
            assert obs.kitty_size == len(game.kitty) == 3
            assert obs.over == game.over


def test_legal_bids_and_plays_come_from_the_legal_actions() -> None:
    """The auction's legal bids and the legal plays are read from ``legal_actions`` of
    the seat to act (and are empty for the others)."""
    for seed in range(80):
        game = random_point(seed, CLASSIC)
        for seat in seats_of(3):
            obs = observe(game, seat)
            if seat != game.turn:
                assert obs.legal_bids == () and obs.legal_plays == ()
            elif game.phase is Phase.AUCTION:
                assert obs.legal_bids == game.auction.legal_bids()
                assert obs.legal_plays == ()
            else:
                assert list(obs.legal_plays) == game.legal_plays()
                assert obs.legal_bids == ()
