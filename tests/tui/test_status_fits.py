"""Every status line is readable whole at 80 columns (issue 9).

The status line has :data:`STATUS_ROWS` rows; each message and verdict is broken
between words (never cut), and in every state the rows must fit.  The states
are driven through :func:`~doudizhu_tui.tui.selection.status_lines` with the
person's observation: every reason the core gives for refusing a selection
(each shape reason, and every kind and size of play against every kind and size
on the table, the longest spelling of each), every turn message, hints, notices
and refusals, the auction, and the states of many random deals.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from functools import cache

import pytest

from doudizhu_tui.core import (
    BidAction,
    Card,
    Game,
    IllegalAction,
    Kind,
    Observation,
    PassAction,
    Phase,
    Play,
    PlayAction,
    RobAction,
    RuleProfile,
    Seat,
    explain,
    full_pack,
    legal_plays,
    new_code,
    observe,
    parse_cards,
    parse_code,
    parse_profile,
)
from doudizhu_tui.rulebook import profile_text
from doudizhu_tui.tui.glyphs import ASCII, UNICODE, Glyphs
from doudizhu_tui.tui.selection import (
    Hint,
    hint_message,
    next_hint,
    nothing_beats,
    status_lines,
)
from doudizhu_tui.tui.view import HUMAN, pick_cards
from doudizhu_tui.tui.widgets.panels import STATUS_ROWS, StatusLine, status_rows

from .helpers import AIRPLANE_CODE, BOMB_CODE, SIZE, make_app, settle, status

#: The status line's width inside its padding at 80 columns (checked by the first test).
WIDTH = 78

#: Selections that the core refuses for their shape, one for each kind of reason.
BAD_SHAPES = [
    "K K K BJ RJ",
    "3 4 5 6",
    "10 J Q K A 2",
    "3 4 5 6 8",
    "3 3 4 4",
    "K K A A 2 2",
    "3 3 4 4 6 6",
    "A A A 2 2 2",
    "3 3 3 5 5 5",
    "3 3 3 4 4 4 5 5 5 5",
    "3 3 3 3 4 4 4 5",
    "3 3 3 3 5 5 5 5",
    "9 9 9 9 3 3",
    "9 9 9 9 3 3 4 5",
    "9 9 9 9 3",
    "3 4",
    "K K K 2 2 2 3 4",
    "3 3 3 5 5 5 7 8",
    "3 3 3 4 4 4 5 6 6",
    "3 3 3 4 5",
    "3 3 3 4 4 4 5",
    "3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 9 9",
]


#: The table's other notices.
NOTICES = [
    "Refused: it is not your turn; your selection stays ready",
    "Refused: it is not your turn to bid",
    "Refused: it is not your turn",
    "Hints come on your turn in the card play.",
    "You hold no 10.",
]


def fits(message: str, verdict: str) -> bool:
    """True when the message and the verdict fit the status line at 80 columns: both,
    or (only for a long reason why the selection cannot beat the table) the verdict
    alone."""
    top, bottom = status_rows(message, verdict, WIDTH)
    rows = top + bottom
    if len(rows) > STATUS_ROWS or any(len(row) > WIDTH for row in rows):
        return False
    if not top and message:
        return verdict.startswith(("✗ ", "NO ")) and " beat " in verdict
    return True


def check(obs: Observation, selection: frozenset[Card] = frozenset(), **kw: object) -> None:
    """Every variant of the status line for ``obs`` and ``selection`` fits."""
    for glyphs in (UNICODE, ASCII):
        for refused in (False, True):
            options: dict[str, object] = {
                "reading": None,
                "notice": None,
                "thinking": None,
                "glyphs": glyphs,
                "refused": refused,
                **kw,
            }
            message, verdict, _ = status_lines(obs, selection, **options)  # type: ignore[arg-type]
            assert fits(message, verdict), (message, verdict)


#: The shipped profiles that change which plays there are (and so the words).
PROFILES = ["classic", "shuttle", "beginner"]


@cache
def profile(name: str) -> RuleProfile:
    return parse_profile(profile_text(name))


@cache
def representative_plays(name: str = "classic") -> list[Play]:
    """For each kind and size of play (at most 20 cards) under the profile ``name``,
    its longest spelling."""
    best: dict[tuple[Kind, int], Play] = {}
    for play in legal_plays(full_pack(), None, profile(name)):
        key = (play.kind, play.size)
        if play.size <= 20 and (
            key not in best or len(play.describe()) > len(best[key].describe())
        ):
            best[key] = play
    return sorted(best.values(), key=lambda p: (p.size, list(Kind).index(p.kind)))


def cards_of(play: Play | str) -> frozenset[Card]:
    """The cards of a play (or of card text), picked from a whole pack."""
    ranks = [c.rank for c in parse_cards(play)] if isinstance(play, str) else play.ranks
    cards = pick_cards(sorted(full_pack()), ranks)
    assert cards is not None
    return frozenset(cards)


def following(trick: Play, seat: Seat = Seat.RIGHT, rules: str = "classic") -> Observation:
    """An observation of the person's turn with ``trick`` (by ``seat``) to beat, under
    the profile ``rules``."""
    game = Game(parse_code(BOMB_CODE))
    game.apply(BidAction(0))  # You pass, Right bids 3 and leads, Left passes
    game.apply(BidAction(3))
    game.apply(PlayAction(legal_plays(game.hands[Seat.RIGHT])[0]))
    game.apply(PassAction())
    obs = observe(game, HUMAN)
    assert obs.turn == HUMAN and obs.trick is not None
    return replace(obs, trick=(seat, trick), rules=profile(rules))


def leading(rules: str = "classic") -> Observation:
    game = Game(parse_code(BOMB_CODE))
    game.apply(BidAction(3))
    obs = observe(game, HUMAN)
    assert obs.turn == HUMAN and obs.trick is None and obs.phase is Phase.PLAY
    return replace(obs, rules=profile(rules))


async def test_the_status_line_is_78_columns_by_3_rows_at_80x24() -> None:
    async with make_app(BOMB_CODE).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert status(pilot).size.width == WIDTH
        assert status(pilot).size.height == STATUS_ROWS


@pytest.mark.parametrize("rules", PROFILES)
def test_every_reason_the_core_gives_for_a_shape_fits(rules: str) -> None:
    for obs in (leading(rules), following(representative_plays()[0], rules=rules)):
        for text in BAD_SHAPES:
            selection = cards_of(text)
            last = obs.trick[1] if obs.trick else None
            assert explain(sorted(selection), last, obs.rules) is not None, text
            check(obs, selection)


@pytest.mark.parametrize("rules", PROFILES)
def test_every_kind_and_size_against_every_kind_and_size_on_the_table_fits(rules: str) -> None:
    plays = representative_plays(rules)
    assert len(plays) >= 25
    reasons: set[str] = set()
    for trick in plays:
        for seat in (Seat.LEFT, Seat.RIGHT):
            obs = following(trick, seat, rules)
            check(obs)  # the turn message: "Beat Right's ..., or pass [p]."
            assert fits(nothing_beats(trick), "")
        for play in plays:
            selection = cards_of(play)
            reason = explain(sorted(selection), trick, obs.rules)
            if reason is not None:
                reasons.add(reason)
            check(obs, selection)
    # Every kind of refusal against the table was met.
    for words in ("does not beat", "cannot beat", "higher bomb", "nothing beats the rocket"):
        assert any(words in reason for reason in reasons), words


@pytest.mark.parametrize("rules", PROFILES)
def test_every_play_led_with_each_of_its_readings_fits(rules: str) -> None:
    obs = leading(rules)
    for play in representative_plays(rules):
        selection = cards_of(play)
        check(obs, selection)
        check(obs, selection, reading=play)
        hint = Hint((0, ()), [play] * 272, index=270)
        check(obs, selection, notice=hint_message(hint), reading=play)
        for notice in NOTICES:
            check(obs, selection, notice=notice)
        check(replace(obs, turn=Seat.RIGHT), selection, thinking=Seat.RIGHT)


def test_every_hint_message_fits_on_one_row() -> None:
    for play in representative_plays("shuttle"):
        hint = Hint((0, ()), [None, *[play] * 998, play], index=999)
        assert len(status_rows(hint_message(hint), "", WIDTH)[0]) == 1
        hint.index = 0
        assert hint_message(hint) == "Hint 1 of 1000: pass [p]"


def _random_states(deals: int) -> Iterator[tuple[Game, Observation]]:
    """Every state of random deals (random legal actions), as the person sees it."""
    rng = random.Random(9)
    for _ in range(deals):
        game = Game(new_code(rng))
        while True:
            yield game, observe(game, HUMAN)
            if game.over:
                break
            game.apply(rng.choice(game.legal_actions()))


def _refusals(game: Game) -> Iterator[str]:
    """What the core says to actions that may not be taken now (it refuses them
    before changing anything)."""
    legal = game.legal_actions()
    for action in (PassAction(), BidAction(0), BidAction(1), BidAction(3), BidAction(5)):
        if action not in legal:
            try:
                game.apply(action)
            except IllegalAction as exc:
                yield str(exc)
            else:
                raise AssertionError(f"{action} was taken")


@pytest.mark.parametrize("glyphs", [UNICODE, ASCII], ids=["unicode", "ascii"])
def test_the_states_of_random_deals_fit(glyphs: Glyphs) -> None:
    rng = random.Random(4)
    for game, obs in _random_states(40):
        for thinking in (None, game.turn):
            message, verdict, _ = status_lines(
                obs, frozenset(), reading=None, notice=None, thinking=thinking, glyphs=glyphs
            )
            assert fits(message, verdict), (message, verdict)
        if obs.turn == HUMAN:
            for reason in _refusals(game):
                check(obs, notice=f"Refused: {reason}")
        if obs.phase is not Phase.PLAY:
            continue
        hand = list(obs.hand)
        selections = [frozenset(rng.sample(hand, rng.randint(1, len(hand)))) for _ in range(4)]
        hint: Hint | None = None
        for _ in range(3 if obs.turn == HUMAN else 0):
            hint = next_hint(hint, obs, hint.selection if hint else frozenset())
            if hint.plays:
                selections.append(hint.selection)
                check(obs, hint.selection, notice=hint_message(hint), reading=hint.current)
        for selection in selections:
            check(obs, selection)


def test_the_states_of_random_rob_deals_fit() -> None:
    """At a rob table: every call/rob prompt, its advice, and the core's reason for
    every move that may not be made (``robbing is over``, ...) fit."""
    rng = random.Random(5)
    rules = profile("rob")
    moves = [RobAction("call"), RobAction("rob"), RobAction("pass"), BidAction(1), PassAction()]
    for _ in range(60):
        game = Game(new_code(rng), rules)
        while True:
            obs = observe(game, HUMAN)
            check(obs)
            if game.over or game.phase is Phase.PLAY:
                break
            if obs.turn == HUMAN:
                for action in moves:
                    reason = game.why_not(action)
                    if reason is not None:
                        check(obs, notice=f"Refused: {reason}")
            # Mostly call and rob, so that every stage of the auction comes up.
            legal = game.legal_actions()
            game.apply(legal[0] if rng.random() < 0.7 else rng.choice(legal))


async def test_a_long_verdict_and_a_refusal_fit_on_the_screen_at_80x24() -> None:
    async with make_app(AIRPLANE_CODE).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        await pilot.press(*"444555666777")
        line = status(pilot)
        message, verdict = line.rows()
        assert len(verdict) == 2 and len(message) + len(verdict) <= STATUS_ROWS
        assert " ".join(verdict).endswith("Enter plays")
        await pilot.press("escape", "4", "6")
        await pilot.press("enter")
        message, verdict = line.rows()
        assert message == ["Refused: a straight needs at least 5 cards"] and verdict == []
        # Drawn whole: every row of the widget is one row of the rendered text.
        rendered = str(StatusLine.render(line)).split("\n")
        assert rendered == message
