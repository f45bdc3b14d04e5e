"""The computer players at four players with two packs (issue 11).

Every level plays whole four-player deals through the table's gate (which raises on
an illegal choice); partners never beat each other's plays without a reason; Hard
deals exactly the cards it cannot see into the three hidden hands; Hard decides the
same way given the same observation and generator; and a few behaviours of the
two-pack game (bombs by size, joker pairs, pairs against a landlord with one card).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from doudizhu_tui.bots import rate_hand
from doudizhu_tui.bots.analysis import best_split, fewest_split
from doudizhu_tui.bots.base import known_counts, view_of
from doudizhu_tui.bots.easy import EasyBot
from doudizhu_tui.bots.hard import HardBot
from doudizhu_tui.bots.normal import NormalBot
from doudizhu_tui.bots.policy import NEXT, NORMAL, View
from doudizhu_tui.bots.simulate import pass_clues, sample_hands
from doudizhu_tui.core import (
    Action,
    BidAction,
    Game,
    Kind,
    Observation,
    PassAction,
    Phase,
    PlayAction,
    RuleProfile,
    Seat,
    SeatController,
    beats,
    code_from_number,
    counts_of,
    observe,
    parse_cards,
)
from doudizhu_tui.table import Table, play_deal

from .positions import play_of, position

FOUR = RuleProfile(players=4)
YOU, RIGHT, LEFT, ACROSS = Seat.YOU, Seat.RIGHT, Seat.LEFT, Seat.ACROSS
LEVELS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


@pytest.fixture
def quick_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small search, for tests that play many deals with Hard seats."""
    from doudizhu_tui.bots import hard

    monkeypatch.setattr(hard, "FOUR_BUDGET", 0)
    monkeypatch.setattr(hard, "FOUR_MIN_SAMPLES", 2)


def decide(controller: type[SeatController], obs: Observation, seed: int = 1) -> Action:
    bot = controller(obs.seat, random.Random(seed))  # type: ignore[call-arg]
    action = bot.decide(obs)
    assert action in obs.legal_actions
    return action


def plays(text: str) -> PlayAction:
    return PlayAction(play_of(text, FOUR))


# ----- whole deals --------------------------------------------------------------------


@pytest.mark.usefixtures("quick_hard")
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_legal_four_player_deals(level: str) -> None:
    # The level in two seats, the other levels in the others, seats changing per deal.
    others = [name for name in LEVELS if name != level]
    for n in range(12):
        seats = FOUR.seats
        factories = {
            s: LEVELS[level] if (i + n) % 2 == 0 else LEVELS[others[(i + n) // 2 % 2]]
            for i, s in enumerate(seats)
        }
        game = play_deal(code_from_number(4400 + n), factories, FOUR)
        assert game.over
        if game.settlement is not None:
            assert sum(game.settlement.settlement.scores) == 0


def test_normal_plays_many_legal_four_player_deals() -> None:
    finished = 0
    for n in range(40):
        game = play_deal(code_from_number(4500 + n), dict.fromkeys(FOUR.seats, NormalBot), FOUR)
        finished += game.over
    assert finished == 40


class _Watch:
    """Records, for every play of a peasant on another peasant's trick, whether it had
    a reason: it goes out, or (Hard) it blocks a landlord who plays next and may go out
    on a single or a pair."""

    def __init__(self) -> None:
        self.unreasoned: list[str] = []
        self.on_partner = 0

    def wrap(self, bot_type: type[SeatController]) -> type[SeatController]:
        watch = self

        class Watched(bot_type):  # type: ignore[misc, valid-type]
            def decide(self, observation: Observation) -> Action:
                action: Action = super().decide(observation)
                watch.check(observation, action)
                return action

        return Watched

    def check(self, obs: Observation, action: Action) -> None:
        if obs.phase is not Phase.PLAY or obs.trick is None or obs.landlord is None:
            return
        owner, last = obs.trick
        if obs.seat == obs.landlord or owner == obs.landlord:
            return
        self.on_partner += 1
        if not isinstance(action, PlayAction):
            return
        move = action.play
        if len(move.ranks) == len(obs.hand):
            return  # goes out
        landlord = obs.landlord
        landlord_next = NEXT[4][obs.seat] == landlord
        width = {Kind.SINGLE: 1, Kind.PAIR: 2}.get(last.kind, 0)
        if landlord_next and obs.cards_left[landlord] <= width:
            return  # blocks a landlord about to go out
        self.unreasoned.append(f"{obs.seat.label} beat {owner.label}'s {last.label()}")


@pytest.mark.usefixtures("quick_hard")
@pytest.mark.parametrize("bot", [NormalBot, HardBot])
def test_partners_never_beat_each_other_without_a_reason(bot: type[SeatController]) -> None:
    watch = _Watch()
    watched = watch.wrap(bot)
    for n in range(10):
        play_deal(code_from_number(4600 + n), dict.fromkeys(FOUR.seats, watched), FOUR)
    assert watch.on_partner > 20  # the situation came up
    assert watch.unreasoned == []


@pytest.mark.parametrize("bot", [NormalBot, HardBot])
def test_no_partner_beats_a_partners_play(bot: type[SeatController]) -> None:
    # Right (a partner) led a 5; Across, another partner, passes although it could beat
    # it; so does Left after Across. Landlord: You, with plenty of cards.
    for seat in (ACROSS, LEFT):
        obs = position(
            "9 K K Q 3 3 7 7 8",
            seat=seat,
            landlord=YOU,
            left=(20, 10, 9, 9),
            trick=(RIGHT, "5"),
            rules=FOUR,
        )
        assert decide(bot, obs) == PassAction()


# ----- positions ----------------------------------------------------------------------


@pytest.mark.parametrize("bot", [NormalBot, HardBot])
def test_pairs_when_the_landlord_has_one_card(bot: type[SeatController]) -> None:
    # Left, the landlord, holds one card: a partner leads a pair, not a single.
    obs = position(
        "4 8 8 K",
        seat=RIGHT,
        landlord=LEFT,
        left=(12, 4, 1, 15),
        played="3 5 6 7 9 10 J Q",
        rules=FOUR,
    )
    assert decide(bot, obs) == plays("8 8")


@pytest.mark.parametrize("bot", [NormalBot, HardBot])
def test_a_bomb_of_six_beats_a_bomb_of_five_when_it_must(bot: type[SeatController]) -> None:
    # The landlord (You) bombed with five 10s and has three cards left: Right must stop
    # it, and only its six 9s can (more cards beat a higher rank).
    obs = position(
        "9 9 9 9 9 9 4 6 8 10 Q",
        seat=RIGHT,
        landlord=YOU,
        left=(3, 11, 20, 20),
        trick=(YOU, "10 10 10 10 10"),
        rules=FOUR,
    )
    assert decide(bot, obs) == plays("9 9 9 9 9 9")


def test_a_bigger_bomb_beats_a_higher_one() -> None:
    five_threes = play_of("3 3 3 3 3", FOUR)
    four_aces = play_of("A A A A", FOUR)
    assert beats(five_threes, four_aces) and not beats(four_aces, five_threes)
    # Normal, the landlord, answers four aces with its five 3s when a partner is close.
    obs = position(
        "3 3 3 3 3 6 6",
        seat=YOU,
        landlord=YOU,
        left=(7, 3, 20, 20),
        trick=(RIGHT, "A A A A"),
        rules=FOUR,
    )
    assert decide(NormalBot, obs) == plays("3 3 3 3 3")


def test_two_pack_hands_split_into_the_plays_of_four() -> None:
    hand = counts_of(parse_cards("3 3 3 3 3 3 3 3 5 5 5 BJ RJ 8 8", packs=2))
    split = best_split(hand, FOUR)
    kinds = Counter(m.kind for m in split.moves)
    assert play_of("3 3 3 3 3 3 3 3", FOUR) in split.moves  # a bomb of eight
    assert kinds[Kind.TRIO_SINGLE] == 0 and kinds[Kind.TRIO_PAIR] == 1  # 555 + 88
    # A black and a red joker are two singles; two of each colour are the rocket.
    assert {m.label() for m in split.moves} >= {"BJ", "RJ"}
    jokers = counts_of(parse_cards("BJ BJ RJ RJ 4 4", packs=2))
    assert play_of("BJ BJ RJ RJ", FOUR) in fewest_split(jokers, FOUR).moves
    pair = counts_of(parse_cards("BJ BJ RJ", packs=2))
    assert play_of("BJ BJ", FOUR) in best_split(pair, FOUR).moves


def test_the_bid_advice_rates_two_pack_hands() -> None:
    strong = parse_cards("3 3 3 3 3 3 5 5 5 5 8 9 10 J Q K A 2 2 2 BJ BJ RJ RJ 4", packs=2)
    weak = parse_cards("3 3 4 4 5 6 6 7 8 8 9 9 10 J J Q Q K K A 4 5 7 10 Q", packs=2)
    rating = rate_hand(strong, FOUR)
    assert rating.bombs == 3  # six 3s, four 5s, the rocket
    assert rating.bid == 3
    assert rate_hand(weak, FOUR).bid == 0


# ----- Hard's search --------------------------------------------------------------------


def _mid_game(code: int, moves: int) -> Game:
    """A four-player deal played by Normal for ``moves`` actions after the auction."""
    game = Game(code_from_number(code), FOUR)
    table = Table(game, dict.fromkeys(FOUR.seats, NormalBot))
    while game.phase is Phase.AUCTION:
        table.step()
    for _ in range(moves):
        if game.over:
            break
        table.step()
    return game


def test_hard_samples_exactly_the_hidden_cards_into_three_hands() -> None:
    for code, moves in ((4700, 0), (4701, 9), (4702, 23)):
        game = _mid_game(code, moves)
        assert not game.over
        for seat in FOUR.seats:
            obs = observe(game, seat)
            v = view_of(obs, tracking=True)
            unseen = obs.unseen_counts()
            known = known_counts(obs)
            known_map = {int(obs.landlord): known} if known and obs.landlord is not None else {}
            for s in range(5):
                hands = sample_hands(v.me, v.hand, v.left, unseen, known_map, random.Random(s))
                assert len(hands) == 4
                assert hands[v.me] == v.hand
                assert [sum(h) for h in hands] == list(obs.cards_left)
                dealt = [0] * 18
                for other in range(4):
                    if other != v.me:
                        dealt = [a + b for a, b in zip(dealt, hands[other], strict=True)]
                expected = list(unseen)
                if known is not None:
                    expected = [a + b for a, b in zip(expected, known, strict=True)]
                    assert obs.landlord is not None
                    landlord_hand = hands[int(obs.landlord)]
                    assert all(landlord_hand[r] >= known[r] for r in range(18))
                assert dealt == expected


def test_passes_end_a_trick_after_three_at_four() -> None:
    history = [(1, play_of("5", FOUR)), (3, None), (2, None), (0, None), (1, play_of("6", FOUR))]
    # You's pass is the third: with three players the trick would have ended before it.
    clues = pass_clues(history, me=2, landlord=1, players=4)
    assert [(seat, p.label()) for seat, p, _ in clues] == [(3, "5"), (0, "5")]


def test_hard_decides_the_same_way_twice() -> None:
    game = _mid_game(4800, 14)
    obs = observe(game, game.turn)
    first = decide(HardBot, obs, seed=5)
    assert decide(HardBot, obs, seed=5) == first
    auction = Game(code_from_number(4801), FOUR)
    bid_obs = observe(auction, auction.turn)
    assert decide(HardBot, bid_obs, seed=3) == decide(HardBot, bid_obs, seed=3)


def test_a_four_player_view_knows_the_order_of_play() -> None:
    v = View(me=int(RIGHT), landlord=int(LEFT), hand=[0] * 18, left=(25, 25, 33, 25), rules=FOUR)
    assert v.next == int(ACROSS)
    assert v.partners == (int(ACROSS), int(YOU))
    assert v.opponents == (int(LEFT),)
    lord = View(me=int(LEFT), landlord=int(LEFT), hand=[0] * 18, left=(25,) * 4, rules=FOUR)
    assert lord.partners == () and lord.opponents == (int(YOU), int(RIGHT), int(ACROSS))


def test_hard_bids_one_step_above_the_advice_at_four_and_normal_bids_the_advice() -> None:
    """Hard's landlords win far more often than Normal's, so at four players it bids
    one step above the hand's rating (capped at 3); Normal bids the rating."""
    seen = set()
    for n in range(60):
        game = Game(code_from_number(500 + n), FOUR)
        obs = observe(game, game.turn)  # type: ignore[arg-type]
        advice = rate_hand(obs.hand, FOUR).bid
        assert decide(NormalBot, obs) == BidAction(advice)
        assert decide(HardBot, obs) == BidAction(min(3, advice + 1))
        seen.add(advice)
    assert {0, 1, 2} <= seen


def test_hard_plays_four_player_deals_out_in_normal_style() -> None:
    from doudizhu_tui.bots import hard

    # The bold play-out style lost at four (65.5% against 69.5%, issue 12): with two
    # packs every seat is played out in FOUR_PLAYOUT, Normal's style.
    hand = [0] * 18
    hand[3] = 2
    view = View(0, 1, hand, (2, 25, 25, 25), FOUR)
    styles = hard._styles(view, None, [])
    assert styles == [hard.FOUR_PLAYOUT] * 4 and hard.FOUR_PLAYOUT is NORMAL


@pytest.mark.parametrize("side", [1, 2])
def test_four_bold_side_plays_only_the_named_side_out_boldly(
    monkeypatch: pytest.MonkeyPatch, side: int
) -> None:
    from doudizhu_tui.bots import hard

    # FOUR_BOLD_SIDE 1: when this seat is a partner, its three partners play out in
    # PLAYOUT and the landlord in FOUR_PLAYOUT; 2: the landlord alone, when it is
    # this seat.  The other role is played out as without it.
    monkeypatch.setattr(hard, "FOUR_BOLD_SIDE", side)
    hand = [0] * 18
    hand[3] = 2
    partner = View(0, 1, hand, (2, 25, 25, 25), FOUR)
    lord = View(1, 1, hand, (25, 2, 25, 25), FOUR)
    bold, plain = hard.PLAYOUT, hard.FOUR_PLAYOUT
    assert bold is not plain
    if side == 1:
        assert hard._styles(partner, None, []) == [bold, plain, bold, bold]
        assert hard._styles(lord, None, []) == [plain] * 4
    else:
        assert hard._styles(partner, None, []) == [plain] * 4
        assert hard._styles(lord, None, []) == [plain, bold, plain, plain]


def test_four_late_samples_double_the_deals_once_an_opponent_is_low(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from doudizhu_tui.bots import hard

    # FOUR_LATE_SAMPLES: once an opponent holds MUST cards or fewer, up to that many
    # deals and the budget scaled alike; before then, and at 0, as without it.
    hand = [0] * 18
    hand[3] = 2
    late = View(0, 1, hand, (2, 6, 10, 10), FOUR)
    early = View(0, 1, hand, (2, 20, 10, 10), FOUR)
    monkeypatch.setattr(hard, "FOUR_LATE_SAMPLES", 0)
    plain_late, plain_early = hard._samples(late, 5, False), hard._samples(early, 5, False)
    assert plain_late == hard.FOUR_MAX_SAMPLES
    monkeypatch.setattr(hard, "FOUR_LATE_SAMPLES", 128)
    assert hard._samples(late, 5, False) == 128
    assert hard._samples(early, 5, False) == plain_early
