"""The Hard level's search: sampled hands agree with what the seat knows."""

from __future__ import annotations

import random
from typing import Any

import pytest

from doudizhu_tui.arena.games import no_auction_opening
from doudizhu_tui.arena.run import load_level
from doudizhu_tui.bots import hard
from doudizhu_tui.bots.base import known_counts, view_of
from doudizhu_tui.bots.policy import View
from doudizhu_tui.bots.simulate import fits_clues, pass_clues, rollout, sample_hands
from doudizhu_tui.bots.wilds import wild_split
from doudizhu_tui.core import (
    CLASSIC,
    BidAction,
    Game,
    PassAction,
    PlayAction,
    RuleProfile,
    code_from_number,
    observe,
)
from doudizhu_tui.core.cards import counts_of
from doudizhu_tui.core.seats import next_seat, seats_of
from doudizhu_tui.rulebook import shipped_profile
from doudizhu_tui.table import Table

from .positions import jacks_against_twos, play_of


def _game_after_a_kitty_card_is_played() -> Game:
    """A deal whose landlord (shown kitty) has led a single of a kitty card's rank."""
    for n in range(500):
        game = Game(code_from_number(n))
        game.apply(BidAction(3))
        rank = game.kitty[0].rank
        leads = [p for p in game.legal_plays() if p.kind.label == "single" and p.rank == rank]
        if leads:
            game.apply(PlayAction(leads[0]))
            return game
    raise AssertionError("no such deal")  # pragma: no cover


def test_unseen_cards_are_exactly_the_hidden_ones() -> None:
    game = _game_after_a_kitty_card_is_played()
    landlord = game.landlord
    assert landlord is not None
    seat = next_seat(landlord, 3)
    obs = observe(game, seat)
    hidden = [0] * 18
    for s in seats_of(3):
        if s != seat:
            for c in game.hands[s]:
                hidden[c.rank] += 1
    known = known_counts(obs)
    assert known is not None and sum(known) == 2  # one kitty card was played
    assert [h - k for h, k in zip(hidden, known, strict=True)] == obs.unseen_counts()


def test_samples_fit_the_card_counts_and_the_known_kitty() -> None:
    game = _game_after_a_kitty_card_is_played()
    landlord = game.landlord
    assert landlord is not None
    seat = next_seat(landlord, 3)
    obs = observe(game, seat)
    view = view_of(obs)
    unseen = obs.unseen_counts()
    known = known_counts(obs)
    assert known is not None
    rng = random.Random(3)
    for _ in range(50):
        hands = sample_hands(int(seat), view.hand, obs.cards_left, unseen, {landlord: known}, rng)
        assert hands[seat] == obs.hand_counts()
        assert [sum(h) for h in hands] == list(obs.cards_left)
        assert all(hands[landlord][r] >= known[r] for r in range(18))
        others = [hands[s][r] for s in seats_of(3) if s != seat for r in range(18)]
        total = [sum(hands[s][r] for s in seats_of(3) if s != seat) for r in range(18)]
        assert total == [u + k for u, k in zip(unseen, known, strict=True)]
        assert min(others) >= 0


def test_passes_rule_out_hands_with_a_loose_answer() -> None:
    # Left (a peasant) passed on the landlord's 9: a hand holding a lone K then is unlikely.
    single_9 = play_of("9")
    history = [(0, single_9), (1, None), (2, None)]
    clues = pass_clues(history, me=1, landlord=0)
    assert [(seat, move) for seat, move, _ in clues] == [(2, single_9)]
    with_king = [[0] * 18, [0] * 18, counts_of([3, 3, 13])]
    without = [[0] * 18, [0] * 18, counts_of([3, 3, 7])]
    in_a_straight = [[0] * 18, [0] * 18, counts_of([10, 11, 12, 13, 14])]
    assert not fits_clues(with_king, clues, CLASSIC)
    assert fits_clues(without, clues, CLASSIC)
    assert fits_clues(in_a_straight, clues, CLASSIC)
    # A pass on the partner's play says nothing.
    assert pass_clues([(1, single_9), (2, None)], me=0, landlord=0) == []


def test_rollout_plays_to_the_end() -> None:
    rng = random.Random(8)
    for _ in range(20):
        ranks = [r for r in range(3, 16) for _ in range(4)] + [16, 17]
        rng.shuffle(ranks)
        hands = [counts_of(ranks[0:20]), counts_of(ranks[20:37]), counts_of(ranks[37:54])]
        landlord_won = rollout(hands, landlord=0, turn=0, trick=None, owner=-1, rules=CLASSIC)
        assert landlord_won == (sum(hands[0]) == 0)
        assert min(sum(h) for h in hands) == 0


def test_tracked_seats_play_out_knowing_the_cards_still_out(monkeypatch: Any) -> None:
    # A seat marked as tracked sees, at each of its decisions, exactly the cards left
    # in the other hands; the others play by the card counts only.
    from doudizhu_tui.bots import simulate

    seen: list[tuple[int, list[int] | None, list[int]]] = []
    out: list[int] = []  # how many cards the other seats hold, at each decision
    real = simulate.choose

    def spy(view: Any) -> Any:
        unseen = None if view.unseen is None else list(view.unseen)
        seen.append((view.me, unseen, list(view.hand)))
        out.append(sum(view.left) - view.left[view.me])
        return real(view)

    monkeypatch.setattr(simulate, "choose", spy)
    rng = random.Random(3)
    ranks = [r for r in range(3, 16) for _ in range(4)] + [16, 17]
    rng.shuffle(ranks)
    hands = [counts_of(ranks[0:20]), counts_of(ranks[20:37]), counts_of(ranks[37:54])]
    total = [sum(h[r] for h in hands) for r in range(18)]
    # The hands as they stand at each decision: the total less what has been played.
    rollout(hands, 0, 0, None, -1, CLASSIC, tracked=(True, False, True))
    assert {me for me, _, _ in seen} == {0, 1, 2}
    for me, unseen, _hand in seen:
        if me == 1:
            assert unseen is None
    # The first decision is seat 0's, with every other card out.
    me, unseen, hand = seen[0]
    assert me == 0 and unseen == [t - h for t, h in zip(total, hand, strict=True)]
    # At every tracked decision the unseen cards are as many as the other seats
    # hold, and never include more of a rank than the deal has beyond this hand.
    for (_me, unseen, hand), others in zip(seen, out, strict=True):
        if unseen is not None:
            assert sum(unseen) == others
            assert all(u + h <= t for u, h, t in zip(unseen, hand, total, strict=True))


def test_noisy_seats_stray_to_the_policys_second_option_the_others_never() -> None:
    # With noise 1 a marked seat plays the policy's second option wherever it has one
    # (never instead of going out); the unmarked seats play exactly as without noise,
    # and the same generator seed gives the same play-out.
    from doudizhu_tui.bots import simulate

    def moves(noise: float, noisy: tuple[bool, ...], seed: int) -> list[tuple[int, Any]]:
        played: list[tuple[int, Any]] = []
        real = simulate.choose

        def spy(view: Any) -> Any:
            move = real(view)
            played.append((view.me, move))
            return move

        simulate.choose = spy
        try:
            rollout(
                [list(h) for h in hands], 0, 0, None, -1, CLASSIC,
                noise=noise, noisy=noisy, rng=random.Random(seed),
            )  # fmt: skip
        finally:
            simulate.choose = real
        return played

    rng = random.Random(5)
    ranks = [r for r in range(3, 16) for _ in range(4)] + [16, 17]
    rng.shuffle(ranks)
    hands = [counts_of(ranks[0:20]), counts_of(ranks[20:37]), counts_of(ranks[37:54])]
    plain = moves(0.0, (False, True, True), 1)
    assert moves(1.0, (False, False, False), 1) == plain
    strayed = moves(1.0, (False, True, True), 1)
    assert strayed != plain
    assert strayed == moves(1.0, (False, True, True), 1)
    # The first decision (the landlord's lead, not marked) is the same either way.
    assert strayed[0] == plain[0]


def _deal_703_after_bidding_3() -> Game:
    """Deal 703 after the first bidder bids 3 (and so is the landlord)."""
    game = Game(code_from_number(703))
    game.apply(BidAction(3))
    return game


def _landlord_after_bidding_3() -> tuple[Any, list[list[int]]]:
    """The landlord's view (with card tracking) and the true hands of deal 703 after
    the first bidder bids 3."""
    game = _deal_703_after_bidding_3()
    landlord = game.landlord
    assert landlord is not None
    v = view_of(observe(game, landlord), tracking=True)
    return v, [counts_of(game.hands[s]) for s in seats_of(3)]


def test_hard_plays_the_other_side_out_with_strays_only_when_noise_is_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from doudizhu_tui.bots import simulate

    calls: list[tuple[float, tuple[bool, ...]]] = []
    real = simulate.rollout

    def spy(*args: Any, **kwargs: Any) -> bool:
        calls.append((kwargs["noise"], tuple(kwargs["noisy"])))
        return real(*args, **kwargs)

    monkeypatch.setattr(hard, "rollout", spy)
    v, hands = _landlord_after_bidding_3()
    landlord = v.landlord
    for noise in (0.0, 0.3):
        calls.clear()
        monkeypatch.setattr(hard, "NOISE", noise)
        first = hard._play_out(v, hands, hard.candidates(v)[0], [hard.PLAYOUT] * 3, deal=4)
        again = hard._play_out(v, hands, hard.candidates(v)[0], [hard.PLAYOUT] * 3, deal=4)
        assert first == again
        marked = tuple(s != int(landlord) for s in range(3))
        assert calls == [(noise, marked)] * 2


def test_hard_hopes_for_its_own_side_as_floor_says(monkeypatch: pytest.MonkeyPatch) -> None:
    from doudizhu_tui.bots import simulate

    hopes: list[bool | None] = []
    real = simulate.rollout

    def spy(*args: Any, **kwargs: Any) -> bool:
        hopes.append(kwargs["hope"])
        return real(*args, **kwargs)

    monkeypatch.setattr(hard, "rollout", spy)
    v, hands = _landlord_after_bidding_3()
    # A peasant's view of the same deal after the landlord's first lead.
    game = _deal_703_after_bidding_3()
    game.apply(PlayAction(game.legal_plays()[0]))
    peasant = view_of(observe(game, game.turn), tracking=True)
    assert peasant.me != peasant.landlord
    after = [counts_of(game.hands[s]) for s in seats_of(3)]
    cases = [(0, None, None), (1, True, False), (2, None, False)]
    for floor, landlord_hope, peasant_hope in cases:
        hopes.clear()
        monkeypatch.setattr(hard, "FLOOR", floor)
        hard._play_out(v, hands, hard.candidates(v)[0], [hard.PLAYOUT] * 3)
        hard._play_out(peasant, after, None, [hard.PLAYOUT] * 3)
        # The landlord's side hopes the landlord goes out, the peasants' that it does not.
        assert hopes == [landlord_hope, peasant_hope]


def _game_after_a_peasant_passes_on_a_low_single() -> Game:
    """A deal whose landlord led its lowest single and the next peasant passed."""
    for n in range(500):
        game = Game(code_from_number(n))
        game.apply(BidAction(3))
        singles = [p for p in game.legal_plays() if p.kind.label == "single" and p.rank <= 5]
        if singles:
            game.apply(PlayAction(min(singles, key=lambda p: p.rank)))
            game.apply(PassAction())
            return game
    raise AssertionError("no such deal")  # pragma: no cover


def test_hards_deals_agree_with_a_pass_more_often_with_more_tries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The other peasant's view: its partner passed on a low single, which rules out
    # most hands for it.  Each deal is drawn up to TRIES times until one fits, so
    # with 16 draws most of the deals Hard plays out agree with the pass.
    game = _game_after_a_peasant_passes_on_a_low_single()
    seat = game.turn
    obs = observe(game, seat)
    v = view_of(obs, tracking=True)
    history = [(int(s), p) for s, p in obs.history]

    def fitting(tries: int) -> int:
        monkeypatch.setattr(hard, "TRIES", tries)
        draw = hard._Drawer(obs, v, random.Random(5), history)
        assert draw.clues
        return sum(fits_clues(draw(), draw.clues, CLASSIC) for _ in range(200))

    once, few, many = fitting(1), fitting(4), fitting(16)
    assert once < 100
    assert once < few < many
    assert many >= 190


def test_margin_adds_the_losing_sides_cards_to_a_play_outs_worth() -> None:
    """With a margin, a won deal is worth 1 plus the margin for each card the
    losing side's shortest hand keeps, a lost one minus as much for this side's
    shortest hand; without one, 1 or 0, and the same deals are won either way."""
    checked = 0
    for n in range(6):
        game = Game(code_from_number(700 + n))
        game.apply(BidAction(3))
        landlord = game.landlord
        assert landlord is not None
        obs = observe(game, landlord)
        v = view_of(obs, tracking=True)
        hands = [counts_of(game.hands[s]) for s in seats_of(3)]
        styles = [hard.PLAYOUT] * 3
        for move in hard.candidates(v):
            plain = hard._play_out(v, hands, move, styles)
            shaped = hard._play_out(v, hands, move, styles, margin=0.01)
            assert plain in (0.0, 1.0)
            cards = round((shaped - plain) / 0.01) * (1 if plain else -1)
            assert shaped == pytest.approx(plain + (0.01 if plain else -0.01) * cards)
            # Nobody has gone out on the losing side, so it holds at least a card.
            assert 1 <= cards <= 20
            checked += 1
    assert checked >= 12


@pytest.mark.parametrize("margin", [0.0, 0.01])
def test_every_play_out_of_a_search_gets_the_margin_it_is_set_to(
    monkeypatch: pytest.MonkeyPatch, margin: float
) -> None:
    """The search passes MARGIN to each play-out, past its rejection stages too (a
    stage's own margin must not leak into the play-outs' worth)."""
    monkeypatch.setattr(hard, "MARGIN", margin)
    seen: list[float] = []
    real = hard._play_out

    def play_out(*args: Any, **kwargs: Any) -> float:
        seen.append(args[-1])
        return real(*args, **kwargs)

    monkeypatch.setattr(hard, "_play_out", play_out)
    v, hands = _landlord_after_bidding_3()
    cands = hard.candidates(v)
    assert len(cands) > 2
    deals = [hands] * (3 * hard.STAGE)
    styles = [[hard.PLAYOUT] * 3] * len(deals)
    hard._best(v, cands, deals, False, styles)
    assert len(seen) > len(cands) * hard.STAGE
    assert set(seen) == {margin}


@pytest.mark.parametrize(
    ("ranks", "proven", "played"),
    [
        # The landlord (3 7 A, to lead) loses with best play but wins the play-out.
        (([3, 7, 14], [3, 4, 5, 6, 13, 17], [4, 7, 10, 14, 15]), False, True),
        # The landlord (4 8 8, to lead) wins with best play but loses the play-out.
        (([4, 8, 8], [8, 10, 11, 12], [4, 7, 9, 14, 15]), True, False),
    ],
)
def test_a_proven_loss_is_played_on_with_hope(
    ranks: tuple[list[int], ...], proven: bool, played: bool
) -> None:
    # With ``hope`` the exact search only ends a play-out when it proves the hoped
    # side won; a proven loss is played on with the policy (hard.FLOOR).
    from doudizhu_tui.bots.endgame import Solver

    def landlord_won(hope: bool | None, solver: bool = True) -> bool:
        hands = [counts_of(r) for r in ranks]
        found = Solver(CLASSIC, landlord=0) if solver else None
        return rollout(hands, 0, 0, None, -1, CLASSIC, solver=found, finish=54, hope=hope)

    assert landlord_won(None) is proven
    assert landlord_won(None, solver=False) is played
    assert landlord_won(hope=proven) is proven  # a proven win for the hoped side stands
    assert landlord_won(hope=not proven) is played  # a proven loss is played on


def _to_play_against_a_short_opponent(
    most: int, landlord_to_play: bool = False, rules: RuleProfile = CLASSIC
) -> Game:
    """A deal under ``rules`` played by Normal in every seat up to a peasant's
    decision (or, with ``landlord_to_play``, the landlord's) with an opponent holding
    at most ``most`` cards (and more than 3)."""
    normal = load_level("normal")
    for n in range(50):
        game = Game(code_from_number(n), rules)
        for action in no_auction_opening(rules):
            game.apply(action)
        table = Table(game, dict.fromkeys(rules.seats, normal))
        while table.waiting_for_controller:
            landlord, turn = game.landlord, game.turn
            mover = landlord is not None and turn is not None and game.history
            if mover and (turn == landlord) == landlord_to_play:
                others = [s for s in rules.seats if (s == landlord) != (turn == landlord)]
                if any(3 < len(game.hands[s]) <= most for s in others):
                    return game
            table.step()
    raise AssertionError("no such deal")  # pragma: no cover


def _plays(deals: list[list[list[int]]], seats: list[int], v: View) -> float:
    """The mean number of plays the ``seats``' hands split into, over ``deals``, at
    ``v``'s table (its wild cards standing for the ranks that make the fewest)."""
    total = sum(wild_split(d[s], v.wilds, v.rules, fewest=True).plays for d in deals for s in seats)
    return total / len(deals)


def test_compact_keeps_deals_where_the_short_landlord_has_few_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _to_play_against_a_short_opponent(hard.COMPACT_CARDS)
    landlord, turn = game.landlord, game.turn
    assert landlord is not None and turn is not None
    obs = observe(game, turn)
    v = view_of(obs, tracking=True)
    monkeypatch.setattr(hard, "COMPACT", 0)
    plain, _, least = hard._deals(obs, v, 24, random.Random(1))
    monkeypatch.setattr(hard, "COMPACT", 1)
    compact, _, least_compact = hard._deals(obs, v, 24, random.Random(1))
    # The landlord's sampled hands split into fewer plays; the reading still keeps
    # deals as likely as before (compactness only breaks ties in surprises).
    assert _plays(compact, [int(landlord)], v) < _plays(plain, [int(landlord)], v) - 0.5
    assert least_compact == least
    # A landlord with more cards than COMPACT_CARDS is read as before.
    monkeypatch.setattr(hard, "COMPACT_CARDS", len(game.hands[landlord]) - 1)
    assert hard._deals(obs, v, 24, random.Random(1))[0] == plain


def test_compact_wild_reads_the_short_landlord_as_compact_at_a_wild_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    laizi = shipped_profile("laizi")
    game = _to_play_against_a_short_opponent(hard.COMPACT_CARDS, rules=laizi)
    landlord, turn = game.landlord, game.turn
    assert landlord is not None and turn is not None
    obs = observe(game, turn)
    v = view_of(obs, tracking=True)
    assert v.wilds
    deals: dict[int, list[list[list[int]]]] = {}
    for value in (0, 1, 2):
        monkeypatch.setattr(hard, "COMPACT_WILD", value)
        deals[value], _, _ = hard._deals(obs, v, 24, random.Random(1))

    # Off, a wild table reads as COMPACT 0 would; on, the landlord's hands are compact
    # with the wild cards standing for the ranks that make the fewest plays (at 2,
    # where the quick guess puts them).
    monkeypatch.setattr(hard, "COMPACT", 0)
    assert hard._deals(obs, v, 24, random.Random(1))[0] == deals[0]
    assert _plays(deals[1], [int(landlord)], v) < _plays(deals[0], [int(landlord)], v) - 0.5
    assert _plays(deals[2], [int(landlord)], v) < _plays(deals[0], [int(landlord)], v) - 0.5
    assert deals[2] != deals[1]


def test_compact_two_also_reads_the_short_peasants_as_compact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _to_play_against_a_short_opponent(hard.COMPACT_CARDS, landlord_to_play=True)
    landlord = game.landlord
    assert landlord is not None
    obs = observe(game, landlord)
    v = view_of(obs, tracking=True)
    short = [
        int(s) for s in CLASSIC.seats if s != landlord and len(game.hands[s]) <= hard.COMPACT_CARDS
    ]
    deals: dict[int, list[list[list[int]]]] = {}
    for value in (0, 1, 2):
        monkeypatch.setattr(hard, "COMPACT", value)
        deals[value], _, _ = hard._deals(obs, v, 24, random.Random(1))
    # COMPACT 1 is for peasants only: the landlord reads as with it off.
    assert deals[1] == deals[0]
    assert _plays(deals[2], short, v) < _plays(deals[0], short, v) - 0.5


def test_late_samples_raise_the_cap_only_once_an_opponent_is_low(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    low, far = jacks_against_twos(), jacks_against_twos(landlord_cards=16)
    low_view, far_view = view_of(low, tracking=True), view_of(far, tracking=True)
    monkeypatch.setattr(hard, "LATE_SAMPLES", 0)
    assert hard._samples(low_view, 2, False) == hard.MAX_SAMPLES
    monkeypatch.setattr(hard, "LATE_SAMPLES", 2 * hard.MAX_SAMPLES)
    # Two candidates on 24 cards: the budget allows more than the late cap.
    assert hard.BUDGET // (2 * 24) > hard.LATE_SAMPLES
    assert hard._samples(low_view, 2, False) == hard.LATE_SAMPLES
    # The budget still bounds the late cap; far from the end the cap is as before.
    assert hard._samples(low_view, 12, False) == hard.BUDGET // (12 * 24)
    assert hard._samples(far_view, 2, False) == hard.MAX_SAMPLES


def test_exact_work_stops_the_deals_once_the_exact_searches_have_spent_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # An exact endgame (20 cards in play): every candidate is played out on each
    # deal in turn, and once the exact searches have looked at EXACT_WORK positions
    # no further deal is played out (the slowest decisions stay within their limit).
    obs = jacks_against_twos(landlord_cards=1)
    v = view_of(obs, tracking=True)
    assert sum(v.left) <= hard.EXACT
    dealt: list[int] = []
    real = hard._play_out

    def spy(*args: Any, **kwargs: Any) -> float:
        dealt.append(kwargs["deal"])
        return real(*args, **kwargs)

    monkeypatch.setattr(hard, "_play_out", spy)
    chosen = {}
    for work in (0, 1):
        dealt.clear()
        monkeypatch.setattr(hard, "EXACT_WORK", work)
        chosen[work] = hard.HardBot(obs.seat, random.Random(7)).choose(obs)
        if work == 0:
            assert max(dealt) == hard.EXACT_SAMPLES
        else:
            assert set(dealt) == {1}
    # Either way the answer is one of the legal ones.
    legal = [a.play for a in obs.legal_actions if isinstance(a, PlayAction)]
    assert all(c is None or c in legal for c in chosen.values())


def test_read_work_stops_drawing_deals_beyond_the_samples(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _to_play_against_a_short_opponent(hard.COMPACT_CARDS)
    turn = game.turn
    assert turn is not None
    obs = observe(game, turn)
    v = view_of(obs, tracking=True)
    drawn: list[int] = []
    real = hard._Drawer.__call__

    def spy(self: Any) -> list[list[int]]:
        drawn.append(1)
        return real(self)

    monkeypatch.setattr(hard._Drawer, "__call__", spy)
    samples = 16
    kept = {}
    for work in (0, 1):
        drawn.clear()
        monkeypatch.setattr(hard, "READ_WORK", work)
        kept[work], reader, _ = hard._deals(obs, v, samples, random.Random(1))
        assert reader is not None and reader.steps
        assert len(kept[work]) == samples
        # Without a limit the whole pool is read; with one, only the deals needed.
        assert len(drawn) == (samples * hard.POOL if work == 0 else samples)
    assert kept[0] != kept[1]


def test_wild_guess_plays_the_other_seats_wild_cards_as_their_splits_have_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from doudizhu_tui.bots.wilds import held_wilds, quick_virtual, virtual_hand

    laizi = shipped_profile("laizi")
    game = _to_play_against_a_short_opponent(hard.COMPACT_CARDS, rules=laizi)
    turn = game.turn
    assert turn is not None
    v = view_of(observe(game, turn), tracking=True)
    assert v.wilds
    deals, _, _ = hard._deals(observe(game, turn), v, 24, random.Random(1))
    others = [s for s in range(3) if s != v.me]
    # A drawn deal where another seat holds a wild card that the quick guess and the
    # hand's own split place differently.
    hands = next(
        d
        for d in deals
        if any(
            held_wilds(d[s], v.wilds)
            and quick_virtual(d[s], v.wilds) != virtual_hand(d[s], v.wilds, v.rules)
            for s in others
        )
    )
    seen: list[list[list[int]]] = []
    real = hard.rollout

    def spy(played: list[list[int]], *args: Any, **kwargs: Any) -> bool:
        seen.append([list(h) for h in played])
        return real(played, *args, **kwargs)

    monkeypatch.setattr(hard, "rollout", spy)
    move = hard.candidates(v)[0]
    after = [list(h) for h in hands]
    after[v.me] = hard.remove(after[v.me], move)
    cases = ((0, 20, 8, False), (1, 20, 8, True), (1, 3, 8, False), (1, 20, 0, False))
    for guess, most, most_wilds, split in cases:
        seen.clear()
        monkeypatch.setattr(hard, "WILD_GUESS", guess)
        monkeypatch.setattr(hard, "WILD_GUESS_CARDS", most)
        monkeypatch.setattr(hard, "WILD_GUESS_WILDS", most_wilds)
        hard._play_out(v, hands, move, [hard.PLAYOUT] * 3)
        (played,) = seen
        # This seat's wild cards always stand as in its own split.
        assert played[v.me] == virtual_hand(after[v.me], v.wilds, v.rules)
        for s in others:
            # A hand without wild cards is the same either way.
            want = (
                virtual_hand(hands[s], v.wilds, v.rules)
                if split
                else quick_virtual(hands[s], v.wilds)
            )
            assert played[s] == want
