"""What one seat may know: the observation boundary (rule book R28; architecture.md,
"The observation boundary")."""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Iterator

import pytest

from doudizhu_tui.core import (
    CLASSIC,
    BidAction,
    Card,
    Deal,
    DealCode,
    Game,
    Observation,
    Played,
    RuleProfile,
    Seat,
    code_from_number,
    observe,
)
from doudizhu_tui.core.seats import next_seat, seats_of

from .positions import position_of

HIDDEN = RuleProfile(kitty="hidden")


def random_point(seed: int, rules: RuleProfile) -> Game:
    """A game stopped at a random moment of a random deal (auction, play or the end)."""
    rng = random.Random(seed)
    game = Game(code_from_number(rng.randrange(10**12)), rules)
    stop = rng.choice([0, 1, 2, 3, 4, 6, 10, 20, 40, 80, 200])
    for _ in range(stop):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def reshuffle_unseen(game: Game, seat: Seat, rng: random.Random) -> Game:
    """The game at the same position except that every card ``seat`` cannot see has been
    dealt anew between the two other hands (and the kitty, while it is still face down),
    each hand keeping its size.

    Cards the seat can see stay put: its own hand, the cards played, and the part of a
    kitty it saw that is still in the landlord's hand.  The twin is a position
    (:meth:`Game.from_position`), so its deal record holds the new hands too.
    """
    others = [s for s in seats_of(3) if s != seat]
    kitty_seen = observe(game, seat).kitty
    pinned: dict[Seat, list[Card]] = {s: [] for s in others}
    pool: list[Card] = []
    for s in others:
        for card in game.hands[s]:
            if kitty_seen is not None and s == game.landlord and card in kitty_seen:
                pinned[s].append(card)
            else:
                pool.append(card)
    kitty_face_down = game.landlord is None
    if kitty_face_down:
        pool.extend(game.kitty)
    rng.shuffle(pool)
    hands = [list(h) for h in game.hands]
    for s in others:
        size = len(game.hands[s]) - len(pinned[s])
        hands[s] = sorted(pinned[s] + pool[:size])
        del pool[:size]
    kitty = game.kitty
    if kitty_face_down:
        kitty = tuple(sorted(pool))
        pool = []
    elif kitty_seen is None and game.landlord is not None:
        # A kitty this seat never saw: any three of the cards the landlord started the
        # card play with could have been it.
        landlord = game.landlord
        played = [
            c for e in game.log if isinstance(e, Played) and e.seat == landlord for c in e.cards
        ]
        kitty = tuple(sorted(rng.sample([*hands[landlord], *played], 3)))
    assert not pool
    return position_of(game, hands=hands, kitty=kitty)


def _walk(value: object, path: str = "obs") -> Iterator[tuple[str, object]]:
    """Every value reachable from an observation, with a path for error messages."""
    yield path, value
    if isinstance(value, (str, int, float, bool, type(None), enum.Enum)):
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _walk(getattr(value, f.name), f"{path}.{f.name}")
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            yield from _walk(item, f"{path}[{i}]")
    elif isinstance(value, dict):
        for k, item in value.items():
            yield from _walk(item, f"{path}[{k!r}]")
    elif isinstance(value, (list, set, frozenset)):
        for item in value:
            yield from _walk(item, f"{path}[]")


# --- the information test ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [CLASSIC, HIDDEN, RuleProfile(name="rob", auction="rob", kitty="hidden")],
    ids=["kitty-shown", "kitty-hidden", "rob-kitty-hidden"],
)
def test_r28_reshuffling_the_unseen_cards_does_not_change_the_observation(
    rules: RuleProfile,
) -> None:
    """For many deals at random moments and every seat: dealing the cards that seat cannot
    see anew between the other hands (and the face-down kitty) leaves its observation
    exactly as it was.  So a controller's view cannot depend on hidden cards."""
    changed = 0
    trials = 0
    for seed in range(150):
        game = random_point(seed, rules)
        rng = random.Random(seed)
        for seat in seats_of(3):
            seen = observe(game, seat)
            for _ in range(2):
                twin = reshuffle_unseen(game, seat, rng)
                trials += 1
                if [twin.hands[s] for s in seats_of(3)] != [game.hands[s] for s in seats_of(3)] or (
                    twin.kitty != game.kitty
                ):
                    changed += 1
                assert observe(twin, seat) == seen, (seed, seat)
    # The test is not vacuous: the hidden cards really moved in almost every trial.
    assert changed > 0.75 * trials


def test_changing_the_seats_own_hand_does_change_its_observation() -> None:
    """The control for the test above: swapping one of the seat's own cards with a hidden
    card shows up in its observation."""
    for seed in range(30):
        game = random_point(seed, CLASSIC)
        for seat in seats_of(3):
            other = next_seat(seat, 3)
            hands = [list(h) for h in game.hands]
            if not hands[seat] or not hands[other]:
                continue
            mine = hands[seat][0]
            theirs = next((c for c in hands[other] if c.rank != mine.rank), None)
            if theirs is None:
                continue
            hands[seat] = sorted([*hands[seat][1:], theirs])
            hands[other] = sorted([c for c in hands[other] if c != theirs] + [mine])
            if game.landlord is not None and {mine, theirs} & set(game.kitty):
                continue  # a kitty card stays with the landlord who took it
            twin = position_of(game, hands=hands)
            assert observe(twin, seat) != observe(game, seat)


def test_r28_the_observation_holds_no_game_generator_or_deal_code() -> None:
    """Walking every field: no Game, random.Random, DealCode or Deal, no code text, and
    nothing mutable (lists, dicts, sets), only frozen dataclasses."""
    for seed in range(60):
        game = random_point(seed, CLASSIC if seed % 2 else HIDDEN)
        code_texts = {game.code.text, str(game.code)}
        for seat in seats_of(3):
            obs = observe(game, seat)
            for path, value in _walk(obs):
                assert not isinstance(value, (Game, random.Random, DealCode, Deal)), path
                assert not isinstance(value, (list, dict, set)), f"{path} is mutable"
                if isinstance(value, str):
                    assert value not in code_texts, f"{path} holds the deal code"
                if dataclasses.is_dataclass(value) and not isinstance(value, type):
                    params = type(value).__dataclass_params__  # type: ignore[attr-defined]
                    assert params.frozen, f"{path} is not frozen"


def test_the_observation_is_frozen() -> None:
    """Assigning to an observation field fails."""
    obs = observe(Game(code_from_number(1)), Seat.YOU)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.hand = ()  # type: ignore[misc]


# --- the kitty and legal actions ------------------------------------------------------------------


def test_r9_the_kitty_is_unseen_during_the_auction() -> None:
    """Before a landlord is chosen nobody sees the kitty, under either profile."""
    for rules in (CLASSIC, HIDDEN):
        game = Game(code_from_number(4), rules)
        game.apply(BidAction(1))
        for seat in seats_of(3):
            assert observe(game, seat).kitty is None


@pytest.mark.parametrize("n", range(6))
def test_r9_a_shown_kitty_is_seen_by_everyone(n: int) -> None:
    """kitty = shown: every seat's observation holds the kitty after the auction."""
    game = Game(code_from_number(n))
    game.apply(BidAction(3))
    for seat in seats_of(3):
        assert observe(game, seat).kitty == game.kitty


@pytest.mark.parametrize("n", range(6))
def test_r9_a_hidden_kitty_is_seen_by_the_landlord_alone(n: int) -> None:
    """kitty = hidden: only the landlord's observation holds the kitty."""
    game = Game(code_from_number(n), HIDDEN)
    game.apply(BidAction(3))
    for seat in seats_of(3):
        expected = game.kitty if seat == game.landlord else None
        assert observe(game, seat).kitty == expected
        assert observe(game, seat).known_in_hand(game.landlord) == ()  # type: ignore[arg-type]


def test_legal_actions_only_for_the_seat_to_act() -> None:
    """The seat to act gets the game's legal actions; the others get none."""
    for seed in range(80):
        game = random_point(seed, CLASSIC)
        for seat in seats_of(3):
            obs = observe(game, seat)
            if seat == game.turn:
                assert obs.legal_actions == tuple(game.legal_actions())
                assert obs.legal_actions
            else:
                assert obs.legal_actions == ()


def test_the_observation_reports_the_public_course_of_the_deal() -> None:
    """Own hand, card counts, bids, history of plays and passes, trick, played cards."""
    for seed in range(40):
        game = random_point(seed, CLASSIC)
        for seat in seats_of(3):
            obs: Observation = observe(game, seat)
            assert obs.seat == seat
            assert obs.hand == tuple(game.hands[seat])
            assert obs.cards_left == tuple(len(h) for h in game.hands)
            assert obs.turn == game.turn
            assert obs.phase == game.phase
            assert obs.landlord == game.landlord
            assert obs.trick == game.trick
            assert obs.played == tuple(game.played_cards)
            assert len(obs.bids) == len(game.auction.bids)
            assert sum(1 for _, p in obs.history if p is not None) == sum(game.plays_made)


def _truly_unseen(game: Game, seat: Seat) -> list[int]:
    """Per rank: the cards in the other hands (and a face-down kitty) that ``seat`` has no
    way to place, i.e. minus the shown kitty cards it knows the landlord still holds."""
    counts = [0] * 18
    for s in seats_of(3):
        if s != seat:
            for c in game.hands[s]:
                counts[c.rank] += 1
    if game.landlord is None:
        for c in game.kitty:
            counts[c.rank] += 1
    if game.landlord is not None and game.landlord != seat:
        for c in observe(game, seat).known_in_hand(game.landlord):
            counts[c.rank] -= 1
    return counts


def test_unseen_counts_are_the_cards_the_seat_cannot_place() -> None:
    """The card tracker's counts: for every rank, how many cards are in other hands (or
    the face-down kitty) minus those known to be there.  Never negative, and a kitty card
    the landlord has played is not taken off twice."""
    for seed in range(200):
        game = random_point(seed, CLASSIC if seed % 3 else HIDDEN)
        for seat in seats_of(3):
            unseen = observe(game, seat).unseen_counts()
            assert min(unseen[3:]) >= 0, (seed, seat, unseen)
            assert unseen == _truly_unseen(game, seat), (seed, seat)


def test_unseen_counts_after_the_landlord_plays_a_kitty_card() -> None:
    """A peasant saw the kitty turned up; the landlord then plays one of those cards.
    The peasant's tracker counts that card once (as played), not twice."""
    for n in range(200):
        game = Game(code_from_number(n))
        game.apply(BidAction(3))
        landlord = game.landlord
        assert landlord is not None
        kitty_card = game.kitty[-1]
        if not kitty_card.rank.is_joker:
            continue
        single = next(
            a
            for a in game.legal_actions()
            if getattr(a, "play", None) is not None and a.play.ranks == (kitty_card.rank,)  # type: ignore[union-attr]
        )
        game.apply(single)
        peasant = next_seat(landlord, 3)
        unseen = observe(game, peasant).unseen_counts()
        # That joker is out of play: nobody holds it, so nothing of its rank is unseen.
        assert unseen[kitty_card.rank] == 0
        return
    raise AssertionError("no deal found")  # pragma: no cover
