"""Reading the hidden hands from the other seats' decisions (bots/infer.py)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doudizhu_tui.bots import hard, infer
from doudizhu_tui.bots.base import known_counts
from doudizhu_tui.bots.infer import Reader
from doudizhu_tui.bots.normal import NormalBot
from doudizhu_tui.bots.policy import BOLD, NORMAL, Style, View
from doudizhu_tui.bots.simulate import fits_clues, pass_clues, sample_hands
from doudizhu_tui.core import (
    CLASSIC,
    BidAction,
    Game,
    Observation,
    Play,
    code_from_number,
    counts_of,
    observe,
    parse_cards,
)
from doudizhu_tui.core.seats import seats_of
from doudizhu_tui.table import Table

from .positions import play_of

YOU, RIGHT, LEFT = 0, 1, 2


def hand(text: str) -> list[int]:
    return counts_of(parse_cards(text)) if text else [0] * 18


def test_each_step_knows_the_table_the_counts_and_the_cards_played_since() -> None:
    # Left (the landlord) leads, You answer, ...: the history as the core records it.
    history: list[tuple[int, Play | None]] = [
        (LEFT, play_of("3")),
        (YOU, play_of("5")),
        (RIGHT, None),  # Right passes on its partner's 5
        (LEFT, play_of("9")),
        (YOU, None),
        (RIGHT, play_of("K")),
        (LEFT, None),
        (YOU, None),
        (RIGHT, play_of("4 4")),
    ]
    reader = Reader(history, left=(16, 14, 18), me=YOU, landlord=LEFT, rules=CLASSIC)
    steps = {(s.seat, s.move): s for s in reader.steps}
    # Your own decisions and Right's pass on its partner's play are not read.
    assert all(s.seat != YOU for s in reader.steps)
    assert (RIGHT, None) not in steps
    lead = steps[LEFT, play_of("3")]
    assert lead.trick is None and lead.left == (17, 17, 20)
    assert lead.since == tuple(hand("3 9"))  # Left played the 3 and the 9 from then on
    king = steps[RIGHT, play_of("K")]
    assert king.trick == play_of("9") and king.owner == LEFT
    assert king.left == (16, 17, 18)
    assert king.since == tuple(hand("4 4 K"))
    # Left passed on the K: a decision it made against the other side.
    passed = steps[LEFT, None]
    assert passed.trick == play_of("K") and passed.owner == RIGHT
    # Right leads after two passes: the table was clear.
    assert steps[RIGHT, play_of("4 4")].trick is None


def test_a_deal_the_others_played_sensibly_with_has_no_surprises() -> None:
    # Left (landlord) led a lone 3 with a low straight in hand: Normal leads the
    # straight first, so that hand is a surprise; a hand without it is not.
    history: list[tuple[int, Play | None]] = [(LEFT, play_of("3"))]
    reader = Reader(history, left=(17, 17, 19), me=YOU, landlord=LEFT, rules=CLASSIC)
    plain = hand("5 5 8 8 9 9 J J Q Q K K A A 2 2 BJ 7 7")
    straight = hand("4 5 6 7 8 8 9 9 J J Q Q K K A A 2 2 BJ")
    assert sum(plain) == sum(straight) == 19
    mine = hand("3 4 5 6 7 8 9 10 J Q K A 2 3 4 5 6")
    assert reader.surprises([mine, hand(""), plain]) == 0
    assert reader.surprises([mine, hand(""), straight]) == 1


def test_a_pass_with_a_cheap_answer_is_a_surprise() -> None:
    # Right (peasant) passed on the landlord's 5 holding a lone 9: Normal would have
    # played it.  Holding nothing above 5, Right had to pass.
    history: list[tuple[int, Play | None]] = [(LEFT, play_of("5")), (YOU, None), (RIGHT, None)]
    reader = Reader(history, left=(17, 6, 19), me=YOU, landlord=LEFT, rules=CLASSIC)
    mine = hand("3 3 4 4 6 6 7 7 8 8 10 10 J J Q Q K")
    loose = hand("3 4 4 9 K K")
    low = hand("3 3 3 4 4 5")
    assert reader.surprises([mine, loose, hand("")]) == 1
    assert reader.surprises([mine, low, hand("")]) == 0


def test_counting_stops_at_the_cap_and_only_recent_steps_are_read() -> None:
    history: list[tuple[int, Play | None]] = []
    for card in ("3", "4", "5", "6"):
        history += [(LEFT, play_of(card)), (YOU, None), (RIGHT, None)]
    full = Reader(history, left=(17, 17, 16), me=YOU, landlord=LEFT, rules=CLASSIC)
    assert len([s for s in full.steps if s.seat == LEFT]) == 4
    recent = Reader(history, left=(17, 17, 16), me=YOU, landlord=LEFT, rules=CLASSIC, recent=2)
    kept = [s for s in recent.steps if s.seat == LEFT]
    assert [s.move for s in kept] == [play_of("6"), play_of("5")]
    # Left holding 7 to J would have led a straight each time, not a single.
    runs = hand("7 8 9 10 J Q Q K K A A 2 2 BJ RJ 9")
    pairs = hand("3 7 7 8 8 9 9 10 10 J J Q Q K K A A")  # Right: nothing loose to answer
    mine = hand("3 4 5 6 7 8 9 10 J Q K A 2 2 3 4 5")
    hands = [mine, pairs, runs]
    assert full.surprises(hands) >= 2
    assert full.surprises(hands, most=1) == 1


def test_the_style_that_explains_a_seat_best_has_fewer_surprises() -> None:
    # Left (landlord) broke its pair of 8s to beat Right's 6: Normal would have let
    # the 6 go, the bold style of Hard's play-outs follows like that.  Only the seats
    # asked about are read.
    history: list[tuple[int, Play | None]] = [(RIGHT, play_of("6")), (LEFT, play_of("8"))]
    reader = Reader(history, left=(17, 16, 7), me=YOU, landlord=LEFT, rules=CLASSIC)
    mine = hand("3 3 4 4 7 7 9 9 10 10 K K A A 2 2 BJ")
    now = [mine, hand("3 4 5 6 7 9 10 J Q K A 2 2 4 5 6"), hand("5 5 8 J J Q Q")]
    assert reader.surprises(now, style=NORMAL, seats=(LEFT,)) == 1
    assert reader.surprises(now, style=BOLD, seats=(LEFT,)) == 0
    assert reader.surprises(now, style=NORMAL, seats=(RIGHT,)) == reader.surprises(
        now, style=BOLD, seats=(RIGHT,)
    )


def _game_played_for(number: int, steps: int) -> Game:
    """A classic deal (landlord: the first bidder at 3) played ``steps`` card-play
    decisions on by the Normal level in every seat."""
    game = Game(code_from_number(number))
    game.apply(BidAction(3))
    table = Table(game, {seat: NormalBot for seat in seats_of(3)})
    for _ in range(steps):
        if game.over:
            break
        table.step()
    return game


class _Reading(NamedTuple):
    """A seat about to decide in a Normal deal, and what it can read."""

    obs: Observation
    history: list[tuple[int, Play | None]]
    me: int
    landlord: int
    known: list[int] | None
    known_map: dict[int, list[int]]

    def deal(self, rng: random.Random) -> list[list[int]]:
        """A sampled deal of the hidden cards, as Hard draws them."""
        obs = self.obs
        unseen = obs.unseen_counts()
        return sample_hands(self.me, obs.hand_counts(), obs.cards_left, unseen, self.known_map, rng)


def _reading(number: int, steps: int) -> _Reading | None:
    """The seat to play after ``steps`` decisions of :func:`_game_played_for` (None
    once the deal is over)."""
    game = _game_played_for(number, steps)
    turn = game.turn
    if game.over or turn is None or game.landlord is None:
        return None
    obs = observe(game, turn)
    history = [(int(s), p) for s, p in obs.history]
    landlord = int(game.landlord)
    known = known_counts(obs)
    known_map = {landlord: known} if known is not None else {}
    return _Reading(obs, history, int(turn), landlord, known, known_map)


@settings(max_examples=25, deadline=None)
@given(
    number=st.integers(0, 10**6),
    steps=st.integers(3, 30),
    seed=st.integers(0, 2**32),
    caps=st.lists(st.sampled_from((1, 2, 3, 99)), min_size=12, max_size=12),
)
def test_a_reader_used_again_counts_as_a_fresh_one(
    number: int, steps: int, seed: int, caps: list[int]
) -> None:
    # The reader tests the most surprising steps first, an order it learns from the
    # deals it has read; a count stopped at the cap must not depend on that order.
    reading = _reading(number, steps)
    if reading is None:
        return
    history, me, landlord = reading.history, reading.me, reading.landlord
    left = reading.obs.cards_left
    reused = Reader(history, left, me, landlord, CLASSIC)
    rng = random.Random(seed)
    drawn: list[list[list[int]]] = []
    for k, most in enumerate(caps):
        # Every third deal is one read before: the reused reader answers it from
        # the verdicts it keeps, and must answer as a fresh reader does.
        hands = drawn[k // 3] if k % 3 == 2 else reading.deal(rng)
        drawn.append(hands)
        style = BOLD if k % 2 else NORMAL
        fresh = Reader(history, left, me, landlord, CLASSIC)
        assert reused.surprises(hands, most, style) == fresh.surprises(hands, most, style)
    # The order is a permutation of the steps, the most surprising first.
    assert sorted(reused.order) == list(range(len(reused.steps)))
    misses = [reused.misses[i] for i in reused.order]
    assert misses == sorted(misses, reverse=True)


def test_a_reader_asks_the_policy_once_per_step_style_and_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same hand at the same step gets the same verdict: the second reading of
    # a deal asks the policy nothing; another style, or another hand, asks again.
    history: list[tuple[int, Play | None]] = [(LEFT, play_of("5")), (YOU, None), (RIGHT, None)]
    reader = Reader(history, left=(17, 6, 19), me=YOU, landlord=LEFT, rules=CLASSIC)
    asked: list[int] = []
    real = infer.choose

    def counted(view: View) -> Play | None:
        asked.append(view.me)
        return real(view)

    monkeypatch.setattr(infer, "choose", counted)
    mine = hand("3 3 4 4 6 6 7 7 8 8 10 10 J J Q Q K")
    loose = hand("3 4 4 9 K K")
    theirs = hand("")  # Left's lead is then its lone 5: no surprise
    assert reader.surprises([mine, loose, theirs]) == 1
    first = len(asked)
    assert first > 0
    assert reader.surprises([mine, loose, theirs]) == 1
    assert len(asked) == first
    assert reader.surprises([mine, loose, theirs], style=BOLD) == 1
    assert len(asked) > first
    second = len(asked)
    # Another hand for Right is judged afresh, as a fresh reader judges it.
    other = [mine, hand("3 3 4 4 7 7"), theirs]
    assert reader.surprises(other) == Reader(history, (17, 6, 19), YOU, LEFT, CLASSIC).surprises(
        other
    )
    assert len(asked) > second


def test_a_readers_work_is_the_square_of_the_cards_held_at_each_new_verdict() -> None:
    # What hard.READ_WORK limits: each verdict worked out costs the square of the cards
    # the seat held then (its split grows about that fast); a verdict known costs nothing.
    history: list[tuple[int, Play | None]] = [(LEFT, play_of("5")), (YOU, None), (RIGHT, None)]
    reader = Reader(history, left=(17, 6, 19), me=YOU, landlord=LEFT, rules=CLASSIC)
    assert reader.work == 0
    mine = hand("3 3 4 4 6 6 7 7 8 8 10 10 J J Q Q K")
    loose = hand("3 4 4 9 K K")
    theirs = hand("")
    reader.surprises([mine, loose, theirs])
    # Right held its 6 cards when it passed; Left held its lone 5 when it led.
    assert reader.work == 6 * 6 + 1 * 1
    reader.surprises([mine, loose, theirs])
    assert reader.work == 37
    reader.surprises([mine, hand("3 3 4 4 7 7"), theirs])
    assert reader.work == 37 + 36


@settings(max_examples=25, deadline=None)
@given(
    number=st.integers(0, 10**6),
    steps=st.integers(6, 30),
    seed=st.integers(0, 2**32),
)
def test_refining_a_deal_keeps_what_the_seat_knows_and_never_adds_a_surprise(
    number: int, steps: int, seed: int
) -> None:
    # Hard's refinement swaps cards between the other seats' sampled hands: the
    # card counts, this seat's hand, the landlord's shown kitty cards and the pass
    # clues must survive, and a deal only ever gets more explicable.
    reading = _reading(number, steps)
    if reading is None:
        return
    history, me, landlord, known = reading.history, reading.me, reading.landlord, reading.known
    left = reading.obs.cards_left
    reader = Reader(history, left, me, landlord, CLASSIC)
    clues = pass_clues(history, me, landlord)
    rng = random.Random(seed)
    hands = reading.deal(rng)
    if not fits_clues(hands, clues, CLASSIC):
        return
    marks = reader.surprises(hands, 99)
    others = [s for s in range(3) if s != me]
    fixed = {s: reading.known_map.get(s) for s in others}
    after, refined = hard._refine(hands, marks, reader, others, fixed, clues, CLASSIC, rng, 24)
    assert refined[me] == hands[me]
    assert [sum(h) for h in refined] == [sum(h) for h in hands] == list(left)
    a, b = others
    pooled = [refined[a][r] + refined[b][r] for r in range(18)]
    assert pooled == [hands[a][r] + hands[b][r] for r in range(18)]
    if known is not None:
        assert all(refined[landlord][r] >= known[r] for r in range(18))
    assert fits_clues(refined, clues, CLASSIC)
    assert after <= marks
    assert reader.surprises(refined, 99) == after
    if after == marks:
        assert refined == hands  # nothing kept that did not help


def test_refining_finds_deals_that_explain_the_other_seats_play() -> None:
    # Over positions of Normal deals, the swaps leave fewer surprises in all than the
    # deals as drawn.
    before = after = 0
    for number in range(12):
        reading = _reading(number, 14)
        if reading is None:
            continue
        me, landlord = reading.me, reading.landlord
        reader = Reader(reading.history, reading.obs.cards_left, me, landlord, CLASSIC)
        others = [s for s in range(3) if s != me]
        fixed = {s: reading.known_map.get(s) for s in others}
        rng = random.Random(number)
        for _ in range(4):
            hands = reading.deal(rng)
            marks = reader.surprises(hands, 99)
            left_over, _ = hard._refine(hands, marks, reader, others, fixed, [], CLASSIC, rng, 16)
            before += marks
            after += left_over
    assert before > 0
    assert after < before * 0.8


class _Search(NamedTuple):
    """One search of Hard's: its view, its deals and the styles of each deal."""

    view: View
    deals: list[list[list[int]]]
    each: list[list[Style]]


def _watch_searches(monkeypatch: pytest.MonkeyPatch) -> list[_Search]:
    """Every search Hard makes from now on (its own :func:`hard._best` still picks)."""
    seen: list[_Search] = []
    real_best = hard._best

    def best(v: View, cands: Any, dealt: Any, exact: bool, each: Any, *rest: Any) -> int:
        seen.append(_Search(v, dealt, each))
        return real_best(v, cands, dealt, exact, each, *rest)

    monkeypatch.setattr(hard, "_best", best)
    return seen


def test_with_adapt_each_every_deal_is_played_out_in_the_style_its_own_reading_picks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # hard.ADAPT_EACH: the other side's style is read deal by deal, not once for all.
    real_deals = hard._deals
    readers: list[Reader | None] = []

    def deals(*args: Any) -> Any:
        out = real_deals(*args)
        readers.append(out[1])
        return out

    monkeypatch.setattr(hard, "_deals", deals)
    seen = _watch_searches(monkeypatch)
    monkeypatch.setattr(hard, "ADAPT_EACH", 1)
    for number in range(6):
        game = _game_played_for(number, 16)
        if game.over or game.turn is None:
            continue
        hard.HardBot(game.turn, random.Random(number)).choose(observe(game, game.turn))
    mixed = 0
    assert len(readers) == len(seen)  # every search follows its own drawing of deals
    for (v, dealt, each), reader in zip(seen, readers, strict=True):
        assert reader is not None
        if not reader.steps:
            continue
        assert each == [hard._styles(v, reader, [hands], 1) for hands in dealt]
        others = {tuple(s[o] is NORMAL for o in v.opponents) for s in each}
        mixed += len(others) > 1
    assert seen and mixed  # some decisions play their deals out in both styles


def test_style_odds_favour_the_style_that_made_the_decisions() -> None:
    # The same table as above: only the bold style breaks the 8s, so on this deal the
    # log odds for it are log((1 + eps) / eps); Right's decision tells nothing.
    history: list[tuple[int, Play | None]] = [(RIGHT, play_of("6")), (LEFT, play_of("8"))]
    reader = Reader(history, left=(17, 16, 7), me=YOU, landlord=LEFT, rules=CLASSIC)
    mine = hand("3 3 4 4 7 7 9 9 10 10 K K A A 2 2 BJ")
    now = [mine, hand("3 4 5 6 7 9 10 J Q K A 2 2 4 5 6"), hand("5 5 8 J J Q Q")]
    odds = reader.style_odds([now], NORMAL, BOLD, (LEFT,), 0.1)
    assert odds == pytest.approx(math.log(1.1 / 0.1))
    assert reader.style_odds([now], BOLD, NORMAL, (LEFT,), 0.1) == pytest.approx(-odds)
    assert reader.style_odds([now], NORMAL, BOLD, (RIGHT,), 0.1) == 0.0
    # Half the deals for it: the odds shrink, and a larger eps shrinks them more.
    other = [mine, hand("3 4 5 6 7 9 10 J Q K A 2 2 4 5 6"), hand("5 5 9 J J Q Q")]
    half = reader.style_odds([now, other], NORMAL, BOLD, (LEFT,), 0.1)
    assert 0 < half < odds
    assert reader.style_odds([now, other], NORMAL, BOLD, (LEFT,), 0.5) < half
    empty = Reader([], left=(17, 17, 20), me=YOU, landlord=LEFT, rules=CLASSIC)
    assert empty.style_odds([now], NORMAL, BOLD, (LEFT, RIGHT), 0.1) == 0.0


@settings(max_examples=20, deadline=None)
@given(number=st.integers(0, 10**6), steps=st.integers(4, 30), seed=st.integers(0, 2**32))
def test_style_odds_on_one_deal_count_the_decisions_each_style_alone_explains(
    number: int, steps: int, seed: int
) -> None:
    # On a single deal each decision is made by both styles, one, or neither, so the
    # odds are (Normal's surprises - the bold style's) steps of log((1 + eps) / eps).
    reading = _reading(number, steps)
    if reading is None:
        return
    reader = Reader(reading.history, reading.obs.cards_left, reading.me, reading.landlord, CLASSIC)
    seats = [s for s in range(3) if s != reading.me]
    hands = reading.deal(random.Random(seed))
    odds = reader.style_odds([hands], NORMAL, BOLD, seats, 0.25)
    lead = reader.surprises(hands, style=NORMAL, seats=seats) - reader.surprises(
        hands, style=BOLD, seats=seats
    )
    assert odds == pytest.approx(lead * math.log(1.25 / 0.25))


@pytest.mark.parametrize(("line", "style"), [(-math.inf, BOLD), (math.inf, NORMAL)])
def test_with_style_read_the_landlord_plays_the_peasants_out_in_the_style_read(
    monkeypatch: pytest.MonkeyPatch, line: float, style: Style
) -> None:
    # hard.STYLE_READ: as landlord, the peasants' style comes from their log odds on
    # fresh deals against STYLE_LINE; a peasant still adapts as before.
    seen = _watch_searches(monkeypatch)
    monkeypatch.setattr(hard, "STYLE_READ", 4)
    monkeypatch.setattr(hard, "STYLE_LINE", line)
    monkeypatch.setattr(hard, "PLAYOUT", BOLD)
    read = 0
    for number in range(8):
        game = _game_played_for(number, 9)
        if game.over or game.turn is None or game.turn != game.landlord:
            continue
        obs = observe(game, game.turn)
        seen.clear()
        first = hard.HardBot(game.turn, random.Random(number)).choose(obs)
        if not seen:
            continue  # a sure play, or a single candidate: nothing searched
        assert hard.HardBot(game.turn, random.Random(number)).choose(obs) == first
        v, _, each = seen[0]
        assert all(styles == each[0] for styles in each)
        assert [each[0][s] for s in v.opponents] == [style, style]
        read += 1
    assert read


@pytest.mark.parametrize(("first", "bold"), [(1.0, 1.0), (0.5, 0.5), (0.0, 0.0)])
def test_with_style_first_the_landlord_opens_against_bold_peasants(
    monkeypatch: pytest.MonkeyPatch, first: float, bold: float
) -> None:
    # The landlord's opening lead: nothing of the peasants is read yet, so they play
    # out as OPPONENT, or in PLAYOUT on a STYLE_FIRST share of the deals, spread evenly.
    seen = _watch_searches(monkeypatch)
    monkeypatch.setattr(hard, "STYLE_FIRST", first)
    monkeypatch.setattr(hard, "PLAYOUT", BOLD)
    monkeypatch.setattr(hard, "OPPONENT", NORMAL)
    for number in range(6):
        game = _game_played_for(number, 0)
        assert game.turn is not None and game.turn == game.landlord
        obs = observe(game, game.turn)
        assert not obs.history
        hard.HardBot(game.turn, random.Random(number)).choose(obs)
    assert seen
    for v, _, each in seen:
        assert all(styles[v.me] is BOLD for styles in each)
        peasants = [[styles[s] for s in v.opponents] for styles in each]
        assert all(p in ([BOLD, BOLD], [NORMAL, NORMAL]) for p in peasants)
        share = sum(p == [BOLD, BOLD] for p in peasants) / len(each)
        assert abs(share - bold) <= 1 / len(each)
        if first == 0.5:
            assert peasants[0] != peasants[1]


def test_style_first_leaves_every_decision_after_the_opening_lead_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Once a peasant has decided anything (and for a peasant at any time), Hard
    # searches the same deals in the same styles with STYLE_FIRST as without.
    seen = _watch_searches(monkeypatch)
    searched = 0
    for number, steps in ((0, 1), (1, 2), (2, 5), (3, 7)):
        game = _game_played_for(number, steps)
        if game.over or game.turn is None:
            continue
        obs = observe(game, game.turn)
        runs = []
        for first in (0.0, 1.0):
            monkeypatch.setattr(hard, "STYLE_FIRST", first)
            seen.clear()
            choice = hard.HardBot(game.turn, random.Random(number)).choose(obs)
            runs.append((choice, [(search.deals, search.each) for search in seen]))
        assert runs[0] == runs[1]
        searched += bool(runs[0][1])
    assert searched


class _StyleTable(NamedTuple):
    """A stand-in search: a seat's view, the default styles of its 8 deals (BOLD on
    its side, NORMAL on the other), and the play-outs made (candidate, styles)."""

    view: View
    each: list[list[Style]]
    played: list[tuple[int, tuple[Style, ...]]]

    def best(self) -> int:
        """:func:`hard._best` over two stand-in candidates (0 and 1) on 8 stand-in
        deals (``[[n]]`` for deal n)."""
        deals = [[[n]] for n in range(8)]
        cands: list[Any] = [0, 1]
        return hard._best(self.view, cands, deals, False, self.each)


def _style_table(
    monkeypatch: pytest.MonkeyPatch, steps: int, wins: Callable[[int, int, Style, Style], bool]
) -> _StyleTable:
    """The seat to play after ``steps`` decisions of a Normal deal (0: the landlord's
    opening lead), with ROBUST and OWN_MAX off and its play-outs faked from now on:
    candidate ``c`` on deal ``n`` wins when ``wins(c, n, own side's style, other
    side's style)``."""
    monkeypatch.setattr(hard, "PLAYOUT", BOLD)
    monkeypatch.setattr(hard, "STAGE", 0)
    monkeypatch.setattr(hard, "ROBUST", 0)
    monkeypatch.setattr(hard, "OWN_MAX", 0)
    game = _game_played_for(0, steps)
    assert game.turn is not None
    v = hard.view_of(observe(game, game.turn), tracking=True)
    mine = v.me == v.landlord
    styles = [BOLD if (s == v.landlord) == mine else NORMAL for s in range(3)]
    played: list[tuple[int, tuple[Style, ...]]] = []

    def play_out(view: View, hands: Any, move: Any, tried: list[Style], *_: Any, **__: Any) -> bool:
        played.append((move, tuple(tried)))
        own = [tried[s] for s in range(3) if s not in view.opponents]
        other = [tried[s] for s in view.opponents]
        assert len(set(map(id, own))) == len(set(map(id, other))) == 1
        return wins(move, hands[0][0], own[0], other[0])

    monkeypatch.setattr(hard, "_play_out", play_out)
    return _StyleTable(v, [styles] * 8, played)


def _fragile(cand: int, deal: int, own: Style, other: Style) -> bool:
    # Candidate 0 always wins against a Normal other side and never against a bold
    # one; candidate 1 wins on every other deal whatever anyone does.
    return other is NORMAL if cand == 0 else deal % 2 == 0


def test_robust_play_outs_value_a_move_by_the_worse_of_the_other_sides_styles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # hard.ROBUST: every deal is also played out against the other side in PLAYOUT,
    # and a candidate is worth the fewer of its wins; off, the given styles only.
    table = _style_table(monkeypatch, 0, _fragile)
    assert table.view.me == table.view.landlord
    assert table.best() == 0  # 8 wins against 4
    assert {styles for _, styles in table.played} == {tuple(table.each[0])}
    assert len(table.played) == 16
    table.played.clear()
    monkeypatch.setattr(hard, "ROBUST", 1)
    assert table.best() == 1  # 0 wins (against bold peasants) against 4
    assert len(table.played) == 32
    assert {styles for _, styles in table.played} == {(BOLD,) * 3, tuple(table.each[0])}


@pytest.mark.parametrize(("robust", "both"), [(1, False), (2, True)])
def test_robust_play_outs_are_the_landlords_unless_asked_for_in_every_seat(
    monkeypatch: pytest.MonkeyPatch, robust: int, both: bool
) -> None:
    table = _style_table(monkeypatch, 1, _fragile)
    assert table.view.me != table.view.landlord
    monkeypatch.setattr(hard, "ROBUST", robust)
    assert table.best() == (1 if both else 0)
    assert len(table.played) == (32 if both else 16)


def _steady(cand: int, deal: int, own: Style, other: Style) -> bool:
    # Candidate 0 wins on every other deal in the bold style and never in Normal's;
    # candidate 1 wins only when its own side goes on in Normal's style.
    return own is BOLD and deal % 2 == 0 if cand == 0 else own is NORMAL


def test_parallel_play_outs_value_a_move_by_the_better_of_its_sides_styles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # hard.OWN_MAX: this seat's side plays every deal out in PLAYOUT and in NORMAL,
    # and a candidate is worth the more of its wins.
    for steps in (0, 1):
        table = _style_table(monkeypatch, steps, _steady)
        monkeypatch.setattr(hard, "OWN_MAX", 0)
        assert table.best() == 0  # 4 wins against none in the bold style alone
        monkeypatch.setattr(hard, "OWN_MAX", 1)
        table.played.clear()
        assert table.best() == 1  # 8 (in Normal's style) against 4
        assert len(table.played) == 32
        # With ROBUST in every seat too: four play-outs of each candidate on each deal.
        monkeypatch.setattr(hard, "ROBUST", 2)
        table.played.clear()
        assert table.best() == 1
        assert len(table.played) == 64
        monkeypatch.setattr(hard, "ROBUST", 0)


def _five_to_four(cand: int, deal: int, own: Style, other: Style) -> bool:
    # Candidate 1 wins on five deals of the eight, candidate 0 (the policy's
    # favourite) on four.
    return deal < 5 if cand == 1 else deal % 2 == 0


def test_prior_keeps_the_policys_favourite_unless_another_move_beats_it_by_the_margin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # hard.PRIOR: the favourite counts PRIOR wins a deal more when the best is chosen.
    table = _style_table(monkeypatch, 0, _five_to_four)
    for prior, best in ((0.0, 1), (0.1, 1), (0.25, 0)):  # a bonus of 0, 0.8 and 2 wins
        monkeypatch.setattr(hard, "PRIOR", prior)
        assert table.best() == best


def test_lex_tells_near_best_openings_apart_by_play_outs_against_bold_peasants(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # hard.LEX: with ``second``, every deal is also played out with the other side
    # bold; among the candidates within LEX of the best under the styles given, the
    # one that wins most against the bold side is taken.
    table = _style_table(monkeypatch, 0, _fragile)
    v = table.view
    deals = [[[n]] for n in range(8)]

    def best() -> int:
        return hard._best(v, [0, 1], deals, False, table.each, True)

    monkeypatch.setattr(hard, "LEX", 0.25)
    assert best() == 0  # 8 wins against 4 as read: candidate 1 is not within 2 deals
    assert len(table.played) == 32
    assert {styles for _, styles in table.played} == {(BOLD,) * 3, tuple(table.each[0])}
    monkeypatch.setattr(hard, "LEX", 0.5)
    assert best() == 1  # within 4 deals, and 4 wins against bold peasants to none


def test_lex_is_the_landlords_opening_lead_only(monkeypatch: pytest.MonkeyPatch) -> None:
    # hard.LEX_FIRST: the tie-break is weighed on the landlord's opening lead (nothing
    # of the peasants read yet) and nowhere else; with LEX 0, never.
    flags: list[tuple[int, bool]] = []
    real_best = hard._best

    def best(v: View, cands: Any, dealt: Any, exact: bool, each: Any, *rest: Any) -> int:
        flags.append((v.me == v.landlord and not v.left[v.me] < 20, bool(rest and rest[0])))
        return real_best(v, cands, dealt, exact, each, *rest)

    monkeypatch.setattr(hard, "_best", best)
    monkeypatch.setattr(hard, "STAGE", 8)
    for lex in (0.0, 0.1):
        monkeypatch.setattr(hard, "LEX", lex)
        flags.clear()
        for number in range(4):
            for steps in (0, 1, 3):
                game = _game_played_for(number, steps)
                assert game.turn is not None
                hard.HardBot(game.turn, random.Random(number)).choose(observe(game, game.turn))
        assert any(opening for opening, _ in flags)
        assert all(second == (opening and lex > 0) for opening, second in flags)


def test_opening_scales_the_deals_of_the_landlords_opening_lead_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # hard.OPENING: the landlord's opening lead is searched on that many times the
    # deals (bounds included); every other decision as before.
    seen = _watch_searches(monkeypatch)
    counts: dict[tuple[float, int, int], list[int]] = {}
    for scale in (1.0, 2.0):
        monkeypatch.setattr(hard, "OPENING", scale)
        for number in range(3):
            for steps in (0, 1):
                game = _game_played_for(number, steps)
                assert game.turn is not None
                seen.clear()
                hard.HardBot(game.turn, random.Random(number)).choose(observe(game, game.turn))
                counts[scale, number, steps] = [len(search.deals) for search in seen]
    for number in range(3):
        (one,), (two,) = counts[1.0, number, 0], counts[2.0, number, 0]
        assert one > hard.MIN_SAMPLES and abs(two - 2 * one) <= 1
        assert counts[1.0, number, 1] == counts[2.0, number, 1]


def test_adapt_line_moves_only_the_landlords_reading_of_the_peasants(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # hard.ADAPT_LINE: as landlord, the peasants play out bold unless Normal's style
    # explains them better by more than the line a deal; a very low line makes them
    # bold whenever anything has been read, and a peasant's reading never moves.
    seen = _watch_searches(monkeypatch)
    monkeypatch.setattr(hard, "PLAYOUT", BOLD)
    landlord = peasant = moved = 0
    for number in range(8):
        for steps in (5, 9):
            game = _game_played_for(number, steps)
            if game.over or game.turn is None:
                continue
            obs = observe(game, game.turn)
            runs = []
            for line in (0.0, -100.0):
                monkeypatch.setattr(hard, "ADAPT_LINE", line)
                seen.clear()
                hard.HardBot(game.turn, random.Random(number)).choose(obs)
                runs.append([(search.view.me, search.each[0]) for search in seen])
            if not runs[0]:
                continue  # nothing searched
            if game.turn == game.landlord:
                landlord += 1
                assert all(s is BOLD for _, styles in runs[1] for s in styles)
                moved += runs[0] != runs[1]
            else:
                peasant += 1
                assert runs[0] == runs[1]
    assert landlord and peasant and moved


def test_track_plays_out_with_card_tracking_on_the_sides_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # hard.TRACK: 0 no seat tracks the cards in the play-outs, 1 this seat's side,
    # 2 every seat.
    from doudizhu_tui.bots import simulate

    marks: list[tuple[bool, ...]] = []
    styles: list[tuple[Style, ...]] = []
    real = simulate.rollout

    def spy(*args: Any, **kwargs: Any) -> bool:
        marks.append(tuple(kwargs.get("tracked", ())))
        styles.append(tuple(kwargs["styles"]))
        return real(*args, **kwargs)

    monkeypatch.setattr(hard, "rollout", spy)
    game = _game_played_for(1, 1)  # a peasant answers the landlord's lead
    turn, landlord = game.turn, game.landlord
    assert turn is not None and landlord is not None and turn != landlord
    side = tuple((s == landlord) == (turn == landlord) for s in range(3))
    for track, want in ((0, ()), (1, side), (2, (True, True, True))):
        monkeypatch.setattr(hard, "TRACK", track)
        marks.clear()
        hard.HardBot(turn, random.Random(1)).choose(observe(game, turn))
        assert marks and set(marks) == {want}
    # 3: the other side only, and only in the play-outs where it plays in the bold
    # style (the reading took it for a searcher).
    monkeypatch.setattr(hard, "TRACK", 3)
    for style in (NORMAL, BOLD):
        monkeypatch.setattr(hard, "OPPONENT", style)
        monkeypatch.setattr(hard, "ADAPT", 0)
        marks.clear()
        styles.clear()
        hard.HardBot(turn, random.Random(1)).choose(observe(game, turn))
        assert marks
        for tracked, seen in zip(marks, styles, strict=True):
            assert seen[landlord] == style
            assert tracked == tuple(s == landlord and style == BOLD for s in range(3))


@settings(max_examples=20, deadline=None)
@given(
    number=st.integers(0, 10**6),
    steps=st.integers(6, 30),
    seed=st.integers(0, 2**32),
    most=st.sampled_from((1, 2, 3, 99)),
)
def test_partner_read_reads_the_partner_in_the_play_out_style_or_not_at_all(
    number: int, steps: int, seed: int, most: int
) -> None:
    # hard.PARTNER_READ: 1 counts the partner's surprises in PLAYOUT's style and the
    # other side's in Normal's; 2 counts the other side's only; both stop at the cap.
    reading = _reading(number, steps)
    if reading is None or reading.me == reading.landlord:
        return
    history, me, landlord = reading.history, reading.me, reading.landlord
    obs = reading.obs
    left = obs.cards_left
    view = View(me, landlord, obs.hand_counts(), left, CLASSIC, None, -1, None, None)
    partner = view.partners
    hands = reading.deal(random.Random(seed))

    def part(style: Style, seats: tuple[int, ...]) -> int:
        return Reader(history, left, me, landlord, CLASSIC).surprises(hands, 99, style, seats)

    theirs, ours = part(NORMAL, (landlord,)), part(hard.PLAYOUT, partner)
    before = hard.PARTNER_READ
    for option, want in ((1, theirs + ours), (2, theirs)):
        hard.PARTNER_READ = option
        try:
            judge = hard._by_side(Reader(history, left, me, landlord, CLASSIC), view)
            assert judge(hands, most) == min(want, most)
        finally:
            hard.PARTNER_READ = before


def test_partner_read_changes_only_a_peasants_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    # The reading goes through _by_side for a peasant with PARTNER_READ on, never for
    # the landlord (no partner) or with it off.
    asked: list[int] = []
    real = hard._by_side

    def spy(reader: Reader, v: View) -> Callable[[list[list[int]], int], int]:
        asked.append(v.me)
        return real(reader, v)

    monkeypatch.setattr(hard, "_by_side", spy)
    read: list[int] = []  # the decisions that reached the reading
    likely = hard._likely

    def reading(*args: Any, **kwargs: Any) -> Any:
        read.append(1)
        return likely(*args, **kwargs)

    monkeypatch.setattr(hard, "_likely", reading)
    game = _game_played_for(1, 4)
    turn, landlord = game.turn, game.landlord
    assert turn is not None and landlord is not None and turn != landlord
    for option, want in ((0, []), (1, [int(turn)]), (2, [int(turn)])):
        monkeypatch.setattr(hard, "PARTNER_READ", option)
        asked.clear()
        hard.HardBot(turn, random.Random(1)).choose(observe(game, turn))
        assert asked == want
    # The landlord's decisions that reach the reading never read by side.
    monkeypatch.setattr(hard, "PARTNER_READ", 1)
    asked.clear()
    read.clear()
    for steps in range(3, 30):
        later = _game_played_for(1, steps)
        if later.over or later.turn != later.landlord or later.turn is None:
            continue
        hard.HardBot(later.turn, random.Random(1)).choose(observe(later, later.turn))
    assert read and asked == []


def _searched_args(
    monkeypatch: pytest.MonkeyPatch, steps: int, least: int
) -> list[tuple[View, list[list[Style]], bool]]:
    """The view, styles and robust flag :func:`hard._best` gets in the first searched
    decision ``steps`` decisions into some Normal deal, with the likeliest kept
    deal's surprises forced to ``least``."""
    real = hard._deals
    seen: list[tuple[View, list[list[Style]], bool]] = []

    def deals(*args: Any) -> Any:
        found, reader, _ = real(*args)
        return found, reader, least

    def best(v: View, cands: Any, found: Any, exact: bool, each: Any, *rest: Any) -> int:
        seen.append((v, each, bool(rest[1]) if len(rest) > 1 else False))
        return 0

    monkeypatch.setattr(hard, "_deals", deals)
    monkeypatch.setattr(hard, "_best", best)
    for number in range(40):
        game = _game_played_for(number, steps)
        if game.over or game.turn is None:
            continue
        hard.HardBot(game.turn, random.Random(number)).choose(observe(game, game.turn))
        if seen:
            return seen
    raise AssertionError("no searched decision found")


@pytest.mark.parametrize("play", [1, 2])
def test_a_searchers_tell_changes_the_landlords_play_outs_only_past_the_line(
    monkeypatch: pytest.MonkeyPatch, play: int
) -> None:
    # hard.SEARCHER: when the likeliest kept deal still has SEARCHER surprises or
    # more, the other side plays out bold (SEARCHER_PLAY 1) or robustly (2).
    monkeypatch.setattr(hard, "SEARCHER_PLAY", play)
    monkeypatch.setattr(hard, "SEARCHER_SIDE", 1)
    for searcher, least, changed in ((0, 3, False), (2, 1, False), (2, 2, True)):
        monkeypatch.setattr(hard, "SEARCHER", searcher)
        ((v, each, robust),) = _searched_args(monkeypatch, 3, least)
        assert v.me == v.landlord
        other = {id(styles[s]) for styles in each for s in v.opponents}
        assert robust == (changed and play == 2)
        if changed and play == 1:
            assert other == {id(hard.PLAYOUT)}
        else:
            assert id(hard.PLAYOUT) not in other  # the peasants read as Normal's
        monkeypatch.undo()
        monkeypatch.setattr(hard, "SEARCHER_PLAY", play)
        monkeypatch.setattr(hard, "SEARCHER_SIDE", 1)


def test_a_searchers_tell_is_the_landlords_unless_asked_for_in_every_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for side, robust in ((1, False), (2, True)):
        monkeypatch.setattr(hard, "SEARCHER", 1)
        monkeypatch.setattr(hard, "SEARCHER_PLAY", 2)
        monkeypatch.setattr(hard, "SEARCHER_SIDE", side)
        ((v, _, found),) = _searched_args(monkeypatch, 2, 3)
        assert v.me != v.landlord
        assert found == robust
        monkeypatch.undo()
