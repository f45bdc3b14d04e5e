"""The game state machine of one deal (rule book R8-R9, R21-R27, R30)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from doudizhu_tui.core import (
    CLASSIC,
    Action,
    Bid,
    BidAction,
    Card,
    DealCode,
    Game,
    IllegalAction,
    Kind,
    KittyShown,
    LandlordChosen,
    PassAction,
    Passed,
    Phase,
    Play,
    PlayAction,
    Played,
    Rank,
    RuleProfile,
    Seat,
    Settled,
    ThrownIn,
    classify,
    code_from_number,
    counts_of,
    legal_plays,
    parse_ranks,
    plays_of_kind,
    replay,
)
from doudizhu_tui.core.seats import next_seat, seats_of

Policy = Callable[[Game], Action]


def codes(start: int = 0) -> Iterator[DealCode]:
    """An endless supply of deal codes to search for a deal with a wanted shape."""
    n = start
    while True:
        yield code_from_number(n * 104729 + 17)
        n += 1


def drive(game: Game, policy: Policy, limit: int = 1000) -> Game:
    """Apply the policy's actions until the deal ends."""
    for _ in range(limit):
        if game.over:
            return game
        game.apply(policy(game))
    raise AssertionError("the deal did not end")


def with_landlord(
    code: DealCode, bids: tuple[int, ...] = (3,), rules: RuleProfile = CLASSIC
) -> Game:
    """A game whose auction went as ``bids`` (from the first bidder on)."""
    game = Game(code, rules)
    for amount in bids:
        game.apply(BidAction(amount))
    return game


def state(game: Game) -> dict[str, Any]:
    """A deep snapshot of everything the game holds."""
    return copy.deepcopy(vars(game))


def lowest_single(game: Game) -> PlayAction:
    """The seat to act plays its lowest single."""
    seat = game.turn
    assert seat is not None
    return PlayAction(plays_of_kind(game.counts(seat), Kind.SINGLE)[0])


def biggest_play(game: Game) -> PlayAction:
    """The legal play with the most cards (first of those)."""
    plays = game.legal_plays()
    return PlayAction(max(plays, key=lambda p: p.size))


def lowest_answer(game: Game) -> PlayAction | None:
    """The first legal play when following (the lowest of the kind on the table), if any."""
    plays = game.legal_plays()
    return PlayAction(plays[0]) if plays else None


def settlement_of(game: Game) -> Settled:
    """The Settled event of a finished game."""
    settled = game.settlement
    assert settled is not None
    return settled


# --- R8, R9: the auction -----------------------------------------------------------------------


def test_r8_the_auction_is_one_circuit_from_the_first_bidder() -> None:
    """1, 2, pass: the second bidder is landlord at 2 and the first does not speak again."""
    game = Game(code_from_number(42))
    first = game.first_bidder
    assert game.legal_actions() == [BidAction(0), BidAction(1), BidAction(2), BidAction(3)]
    game.apply(BidAction(1))
    assert game.turn == next_seat(first, 3)
    assert game.legal_actions() == [BidAction(0), BidAction(2), BidAction(3)]
    game.apply(BidAction(2))
    assert game.legal_actions() == [BidAction(0), BidAction(3)]
    game.apply(BidAction(0))
    assert game.phase is Phase.PLAY
    assert game.landlord == next_seat(first, 3)
    assert game.bid == 2
    bids = [(e.seat, e.amount) for e in game.log if isinstance(e, Bid)]
    assert bids == [(first, 1), (next_seat(first, 3), 2), (next_seat(next_seat(first, 3), 3), 0)]


@pytest.mark.parametrize(
    ("bids", "winner_offset", "high"),
    [((1, 0, 0), 0, 1), ((0, 0, 1), 2, 1), ((0, 2, 0), 1, 2), ((1, 0, 2), 2, 2), ((0, 0, 3), 2, 3)],
)
def test_r9_the_highest_bidder_becomes_landlord(
    bids: tuple[int, ...], winner_offset: int, high: int
) -> None:
    """Whoever made the highest bid of the circuit is landlord at that bid."""
    game = with_landlord(code_from_number(7), bids)
    assert game.landlord == Seat((game.first_bidder + winner_offset) % 3)
    assert game.bid == high
    assert [type(e) for e in game.log[-2:]] == [LandlordChosen, KittyShown]


@pytest.mark.parametrize("before", [(), (0,), (1,), (0, 2)])
def test_r8_a_bid_of_three_ends_the_auction_at_once(before: tuple[int, ...]) -> None:
    """Nobody speaks after a 3: the bidder is landlord immediately."""
    game = with_landlord(code_from_number(11), (*before, 3))
    assert game.phase is Phase.PLAY
    assert game.landlord == Seat((game.first_bidder + len(before)) % 3)
    assert game.bid == 3
    assert sum(isinstance(e, Bid) for e in game.log) == len(before) + 1


def test_r9_the_landlord_takes_the_kitty_and_leads() -> None:
    """The landlord holds 20 cards including the kitty; the peasants keep 17."""
    for code in (code_from_number(n) for n in range(20)):
        game = Game(code)
        hands_before = [list(h) for h in game.hands]
        game.apply(BidAction(3))
        landlord = game.landlord
        assert landlord is not None
        assert len(game.hands[landlord]) == 20
        assert sorted([*hands_before[landlord], *game.kitty]) == game.hands[landlord]
        assert list(game.counts(landlord)) == counts_of(game.hands[landlord])
        for seat in seats_of(3):
            if seat != landlord:
                assert game.hands[seat] == hands_before[seat]
        assert game.turn == landlord
        assert game.trick is None
        assert PassAction() not in game.legal_actions()
        shown = game.log[-1]
        assert isinstance(shown, KittyShown)
        assert shown.cards == game.kitty
        assert shown.public is True


def test_r9_a_hidden_kitty_is_recorded_as_not_public() -> None:
    """With kitty = hidden the KittyShown event says the kitty was not made public."""
    game = with_landlord(code_from_number(3), rules=RuleProfile(kitty="hidden"))
    shown = game.log[-1]
    assert isinstance(shown, KittyShown)
    assert shown.public is False
    assert len(game.hands[shown.seat]) == 20


def test_r9_three_passes_throw_the_deal_in() -> None:
    """All pass: the deal is thrown in, nobody acts, and the next code is the successor."""
    code = code_from_number(99)
    game = with_landlord(code, (0, 0, 0))
    assert game.phase is Phase.THROWN_IN
    assert game.over
    assert game.turn is None
    assert game.landlord is None
    assert game.legal_actions() == []
    assert game.next_code == code.successor()
    last = game.log[-1]
    assert isinstance(last, ThrownIn)
    assert last.next_code == str(code.successor())
    assert game.settlement is None
    assert all(len(h) == 17 for h in game.hands)
    with pytest.raises(IllegalAction, match="over"):
        game.apply(BidAction(1))


# --- refused actions leave the state unchanged ---------------------------------------------------


def _assert_refused(game: Game, action: Action, words: str = "") -> None:
    before = state(game)
    reason = game.why_not(action)
    assert reason, f"{action} should be refused"
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert str(info.value) == reason
    assert words in reason
    assert state(game) == before, f"refusing {action} changed the game"


def test_refused_bids_leave_the_state_unchanged() -> None:
    """Bids out of range, not higher than the current bid, and card play in the auction."""
    game = Game(code_from_number(5))
    game.apply(BidAction(2))
    _assert_refused(game, BidAction(2), "higher")
    _assert_refused(game, BidAction(1), "higher")
    _assert_refused(game, BidAction(4), "1, 2 or 3")
    _assert_refused(game, BidAction(-1), "1, 2 or 3")
    _assert_refused(game, PassAction(), "after the auction")
    single = classify(parse_ranks("3"))[0]
    _assert_refused(game, PlayAction(single), "after the auction")
    assert game.turn == next_seat(game.first_bidder, 3)


def test_r21_the_leader_cannot_pass() -> None:
    """Passing on a lead is refused and the state stays as it was."""
    game = with_landlord(code_from_number(5))
    _assert_refused(game, PassAction(), "cannot pass")
    _assert_refused(game, BidAction(1), "auction is over")


def test_refused_plays_leave_the_state_unchanged() -> None:
    """Cards not held, a wrong reading, a play that does not beat, cards that do not
    match the play, cards of another hand, the same card twice."""
    game = with_landlord(code_from_number(5))
    seat = game.turn
    assert seat is not None
    hand = game.hands[seat]
    counts = game.counts(seat)
    missing = next(r for r in Rank if counts[r] == 0)
    _assert_refused(game, PlayAction(classify([missing])[0]), "does not hold")
    held = hand[0].rank
    fake = Play(Kind.PAIR, held, 1, (held, held, held))
    _assert_refused(game, PlayAction(fake), "cannot be read")
    other_seat = next_seat(seat, 3)
    foreign = game.hands[other_seat][0]
    _assert_refused(
        game, PlayAction(classify([foreign.rank])[0], (foreign,)), "not all in the hand"
    )
    other_rank = next(c for c in hand if c.rank != hand[0].rank)
    _assert_refused(game, PlayAction(classify([hand[0].rank])[0], (other_rank,)), "do not match")
    pair_rank = next((r for r in Rank if counts[r] >= 2), None)
    if pair_rank is not None:
        card = next(c for c in hand if c.rank == pair_rank)
        _assert_refused(
            game,
            PlayAction(classify([pair_rank, pair_rank])[0], (card, card)),
            "not all in the hand",
        )
    # Lead something, then the next seat tries an answer that does not beat it.
    game.apply(PlayAction(plays_of_kind(counts, Kind.SINGLE)[-1]))
    follower = game.turn
    assert follower is not None
    low = plays_of_kind(game.counts(follower), Kind.SINGLE)[0]
    assert game.trick is not None
    if not low.rank > game.trick[1].rank:
        _assert_refused(game, PlayAction(low), "does not beat")
    pairs = plays_of_kind(game.counts(follower), Kind.PAIR)
    if pairs:
        _assert_refused(game, PlayAction(pairs[-1]), "does not answer")


def test_nothing_is_accepted_after_the_deal_ends() -> None:
    """Once settled, every action is refused with 'the deal is over'."""
    game = drive(with_landlord(code_from_number(8)), lambda g: g.legal_actions()[-1])
    assert game.phase is Phase.FINISHED
    assert game.turn is None
    assert game.legal_actions() == []
    for action in (PassAction(), BidAction(1), PlayAction(classify(parse_ranks("3"))[0])):
        _assert_refused(game, action, "over")


def test_a_play_naming_exact_cards_plays_those_cards() -> None:
    """PlayAction.cards picks which suits leave the hand."""
    game = with_landlord(code_from_number(5))
    seat = game.turn
    assert seat is not None
    card = game.hands[seat][-1]
    events = game.apply(PlayAction(classify([card.rank])[0], (card,)))
    played = events[0]
    assert isinstance(played, Played)
    assert played.cards == (card,)
    assert card not in game.hands[seat]
    assert card in game.played_cards


# --- R21-R23: the card play -------------------------------------------------------------------


def test_r23_two_passes_clear_the_table_and_the_last_player_leads() -> None:
    """Lead, pass, pass: the table is cleared, the leader leads again with anything."""
    game = with_landlord(code_from_number(5))
    leader = game.turn
    game.apply(lowest_single(game))
    first_pass = game.apply(PassAction())
    assert first_pass == (Passed(next_seat(leader, 3), False),)  # type: ignore[union-attr]
    assert game.trick is not None
    second_pass = game.apply(PassAction())
    assert second_pass == (Passed(next_seat(next_seat(leader, 3), 3), True),)  # type: ignore[union-attr]
    assert game.trick is None
    assert game.turn == leader
    assert PassAction() not in game.legal_actions()
    # Leading again, every play of the hand is allowed, not only singles above the last.
    assert [a.play for a in game.legal_actions() if isinstance(a, PlayAction)] == legal_plays(
        game.hands[leader]
    )


def test_r23_a_player_who_passed_may_play_later_in_the_same_round() -> None:
    """Landlord leads low, the next seat passes, the third answers, the landlord answers,
    and the seat that passed now plays on top."""
    for code in codes():
        game = with_landlord(code)
        game.apply(lowest_single(game))
        passer = game.turn
        game.apply(PassAction())
        third = lowest_answer(game)
        if third is None or third.play.kind is not Kind.SINGLE:
            continue
        game.apply(third)
        landlord_answer = lowest_answer(game)
        if landlord_answer is None or landlord_answer.play.kind is not Kind.SINGLE:
            continue
        game.apply(landlord_answer)
        assert game.turn == passer
        late = lowest_answer(game)
        if late is None:
            continue
        assert late in game.legal_actions()
        events = game.apply(late)
        assert isinstance(events[0], Played)
        assert events[0].seat == passer
        assert events[0].lead is False
        assert game.trick == (passer, late.play)
        return
    raise AssertionError("no deal found")  # pragma: no cover


def test_r21_the_landlord_leads_the_first_play() -> None:
    """After the auction the landlord is to act, leading (no trick on the table)."""
    game = with_landlord(code_from_number(21), (0, 2, 0))
    assert game.turn == game.landlord
    events = game.apply(lowest_single(game))
    assert isinstance(events[0], Played) and events[0].lead is True
    assert events[0].cards_left == 19


# --- R24-R27: end, springs, settlement ------------------------------------------------------------


def landlord_plays_alone(game: Game) -> Action:
    """The landlord leads its biggest play, bombs and the rocket first; peasants pass."""
    if game.turn != game.landlord:
        return PassAction()
    plays = game.legal_plays()
    boom = [p for p in plays if p.kind in (Kind.BOMB, Kind.ROCKET)]
    return PlayAction(boom[0]) if boom else biggest_play(game)


def test_r25_spring_doubles_and_counts_bombs_and_the_rocket() -> None:
    """Landlord goes out with the peasants never playing: a spring; every bomb and the
    rocket double too.  value = base x bid x 2^(bombs+rockets) x 2."""
    for code in codes():
        game = with_landlord(code)
        landlord = game.landlord
        assert landlord is not None
        counts = game.counts(landlord)
        if not (counts[Rank.BLACK_JOKER] and counts[Rank.RED_JOKER]):
            continue
        if not any(counts[r] == 4 for r in Rank):
            continue
        drive(game, landlord_plays_alone)
        s = settlement_of(game).settlement
        assert s.spring and not s.reverse_spring
        assert s.bombs >= 1 and s.rockets == 1
        assert s.bombs == sum(isinstance(e, Played) and e.play.kind is Kind.BOMB for e in game.log)
        assert s.multiplier == 2 ** (s.bombs + s.rockets) * 2
        assert s.value == 10 * 3 * s.multiplier
        assert s.scores[landlord] == 2 * s.value
        assert sum(s.scores) == 0
        assert "spring x2" in [i.label for i in s.items]
        return
    raise AssertionError("no deal found")  # pragma: no cover


def test_r27_spring_at_bid_one_with_no_bombs_is_worth_20() -> None:
    """R27's example: landlord +40, each peasant -20."""
    for code in codes():
        game = with_landlord(code, (1, 0, 0))
        landlord = game.landlord
        assert landlord is not None
        counts = game.counts(landlord)
        if any(counts[r] == 4 for r in Rank) or (
            counts[Rank.BLACK_JOKER] and counts[Rank.RED_JOKER]
        ):
            continue
        drive(game, landlord_plays_alone)
        s = settlement_of(game).settlement
        assert s.spring
        assert (s.multiplier, s.value) == (2, 20)
        assert s.scores == tuple(40 if seat == landlord else -20 for seat in seats_of(3))
        assert settlement_of(game).winner == landlord
        return
    raise AssertionError("no deal found")  # pragma: no cover


def test_r25_no_spring_when_a_peasant_played_once() -> None:
    """The landlord wins, but a peasant played one card: no spring, no doubling."""
    for code in codes():
        game = with_landlord(code)
        landlord = game.landlord
        game.apply(lowest_single(game))
        answer = lowest_answer(game)
        if answer is None:
            continue
        game.apply(answer)
        retort = lowest_answer(game)
        if retort is None:
            continue
        game.apply(retort)
        drive(game, landlord_plays_alone)
        s = settlement_of(game).settlement
        assert s.landlord_won
        assert not s.spring and not s.reverse_spring
        assert s.multiplier == 2 ** (s.bombs + s.rockets)
        assert game.plays_made[next_seat(landlord, 3)] == 1  # type: ignore[union-attr]
        return
    raise AssertionError("no deal found")  # pragma: no cover


def _peasant_runs_out() -> Policy:
    """After the landlord's lead(s), the landlord and the other peasant pass; the peasant
    after the landlord answers and then leads its biggest plays until it is out."""

    def policy(game: Game) -> Action:
        runner = next_seat(game.landlord, 3)  # type: ignore[union-attr]
        if game.turn != runner:
            return PassAction()
        if game.trick is None:
            return biggest_play(game)
        answer = lowest_answer(game)
        assert answer is not None
        return answer

    return policy


def test_r25_reverse_spring_when_the_landlord_played_only_the_opening_lead() -> None:
    """Peasants win and the landlord played nothing after its first lead: doubled."""
    for code in codes():
        game = with_landlord(code, (0, 2, 0))
        landlord = game.landlord
        game.apply(lowest_single(game))
        if lowest_answer(game) is None:
            continue
        drive(game, _peasant_runs_out())
        s = settlement_of(game).settlement
        assert not s.landlord_won
        assert s.reverse_spring and not s.spring
        assert game.plays_made[landlord] == 1  # type: ignore[index]
        assert s.multiplier == 2 ** (s.bombs + s.rockets) * 2
        assert s.value == 10 * 2 * s.multiplier
        assert s.scores[landlord] == -2 * s.value  # type: ignore[index]
        assert all(s.scores[p] == s.value for p in seats_of(3) if p != landlord)
        assert "reverse spring x2" in [i.label for i in s.items]
        assert settlement_of(game).winner == next_seat(landlord, 3)  # type: ignore[union-attr]
        return
    raise AssertionError("no deal found")  # pragma: no cover


def test_r25_no_reverse_spring_when_the_landlord_led_twice() -> None:
    """Landlord leads, both pass, landlord leads again, then the peasants win: no doubling."""
    for code in codes():
        game = with_landlord(code)
        game.apply(lowest_single(game))
        game.apply(PassAction())
        game.apply(PassAction())
        game.apply(lowest_single(game))
        if lowest_answer(game) is None:
            continue
        drive(game, _peasant_runs_out())
        s = settlement_of(game).settlement
        assert not s.landlord_won
        assert not s.reverse_spring
        assert s.multiplier == 2 ** (s.bombs + s.rockets)
        return
    raise AssertionError("no deal found")  # pragma: no cover


# --- replay -------------------------------------------------------------------------------------


def test_r30_replay_reproduces_the_same_log() -> None:
    """Applying a game's actions to a fresh deal of its code gives the same log and hands."""
    rng = random.Random(2024)
    for n in range(30):
        code = code_from_number(n * 31 + 5)
        game = drive(Game(code), lambda g: rng.choice(g.legal_actions()))
        again = replay(code, game.actions)
        assert again.log == game.log
        assert again.hands == game.hands
        assert again.phase is game.phase


# --- properties over many random games ----------------------------------------------------------


def _accounted(game: Game) -> list[int]:
    ids = [c.id for h in game.hands for c in h] + [c.id for c in game.played_cards]
    if game.landlord is None:
        ids += [c.id for c in game.kitty]
    return sorted(ids)


def _play_checked(seed: int, rules: RuleProfile) -> Game:
    rng = random.Random(seed)
    first = None if seed % 5 else Seat(seed % 3)
    game = Game(code_from_number(rng.randrange(10**12)), rules, first)
    everything = list(range(54))
    for _step in range(600):
        if game.over:
            break
        seat = game.turn
        assert seat is not None
        actions = game.legal_actions()
        assert actions, "a seat to act always has an action"
        assert len(actions) == len(set(actions))
        if game.phase is Phase.PLAY:
            assert (PassAction() in actions) == (game.trick is not None)
        leading = game.trick is None
        action = rng.choice(actions)
        log_len = len(game.log)
        events = game.apply(action)
        assert events == tuple(game.log[log_len:])
        assert _accounted(game) == everything
        for s in seats_of(3):
            assert list(game.counts(s)) == counts_of(game.hands[s])
            assert game.hands[s] == sorted(game.hands[s])
        if isinstance(action, PlayAction):
            played = events[0]
            assert isinstance(played, Played)
            assert played.seat == seat and played.lead == leading
            assert played.cards_left == len(game.hands[seat])
        if not game.over and game.phase is Phase.PLAY and not isinstance(action, BidAction):
            assert game.turn == next_seat(seat, 3)
    assert game.over, "the deal did not end"
    return game


def _check_end(game: Game) -> None:
    if game.phase is Phase.THROWN_IN:
        assert [e.amount for e in game.log if isinstance(e, Bid)] == [0, 0, 0]
        assert game.next_code == game.code.successor()
        return
    settled = settlement_of(game)
    s = settled.settlement
    landlord = game.landlord
    assert landlord is not None
    assert game.hands[settled.winner] == []
    assert all(game.hands[seat] for seat in seats_of(3) if seat != settled.winner)
    assert s.landlord_won == (settled.winner == landlord)
    assert sum(s.scores) == 0
    plays = [e for e in game.log if isinstance(e, Played)]
    bombs = sum(p.play.kind is Kind.BOMB for p in plays)
    rockets = sum(p.play.kind is Kind.ROCKET for p in plays)
    peasant_plays = sum(p.seat != landlord for p in plays)
    landlord_plays = sum(p.seat == landlord for p in plays)
    spring = s.landlord_won and peasant_plays == 0
    reverse = not s.landlord_won and landlord_plays == 1
    assert (s.bombs, s.rockets, s.spring, s.reverse_spring) == (bombs, rockets, spring, reverse)
    assert s.multiplier == 2 ** (bombs + rockets) * (2 if spring or reverse else 1)
    assert s.value == game.rules.base * game.bid * s.multiplier
    sign = 1 if s.landlord_won else -1
    assert s.scores[landlord] == 2 * sign * s.value
    assert set(s.winners) == (
        {landlord} if s.landlord_won else {seat for seat in seats_of(3) if seat != landlord}
    )
    assert settled.hands_left == tuple(tuple(h) for h in game.hands)


@pytest.mark.parametrize(
    ("rules", "seeds"),
    [
        (CLASSIC, range(0, 1400)),
        (RuleProfile(kitty="hidden", four_two_same_rank_singles=True, base=7), range(1400, 2100)),
    ],
    ids=["classic", "house-rules"],
)
def test_random_games_always_end_keep_every_card_and_settle_to_zero(
    rules: RuleProfile, seeds: range
) -> None:
    """Random legal play from seeded generators: each deal ends, the 54 cards are all
    accounted for after every action, and the settlement follows R24-R27."""
    outcomes = {Phase.FINISHED: 0, Phase.THROWN_IN: 0}
    springs = 0
    for seed in seeds:
        game = _play_checked(seed, rules)
        _check_end(game)
        outcomes[game.phase] += 1
        if game.settlement and (
            game.settlement.settlement.spring or game.settlement.settlement.reverse_spring
        ):
            springs += 1
        if seed % 50 == 0:
            assert replay(game.code, game.actions, rules, game.first_bidder).log == game.log
    assert outcomes[Phase.FINISHED] > outcomes[Phase.THROWN_IN] > 0
    assert springs > 0


def test_legal_actions_are_all_accepted() -> None:
    """Every action the game offers is accepted by apply (tried on copies)."""
    rng = random.Random(77)
    for n in range(12):
        game = Game(code_from_number(n))
        while not game.over:
            actions = game.legal_actions()
            for action in rng.sample(actions, min(3, len(actions))):
                trial = copy.deepcopy(game)
                assert trial.why_not(action) is None
                trial.apply(action)
            game.apply(rng.choice(actions))


def test_a_card_object_is_never_in_two_places() -> None:
    """Cards are distinct objects by identity of suit and rank: played cards leave the hand."""
    game = drive(with_landlord(code_from_number(13)), lambda g: g.legal_actions()[-1])
    played: list[Card] = list(game.played_cards)
    assert len(set(played)) == len(played)
    for hand in game.hands:
        assert not set(hand) & set(played)
