"""The table at wildcard tables (#10, R44-R47): the profiles ``laizi`` and ``tiandi``."""

from __future__ import annotations

import io
import random

from doudizhu_tui.core import (
    Action,
    BidAction,
    Game,
    Kind,
    Observation,
    PassAction,
    PlayAction,
    Played,
    Rank,
    Seat,
    cards_of,
    observe,
    parse_cards,
    parse_code,
)
from doudizhu_tui.core.reasons import choose_reading, playable_readings
from doudizhu_tui.tui.glyphs import ASCII, UNICODE
from doudizhu_tui.tui.screens.help import HelpScreen
from doudizhu_tui.tui.selection import status_lines
from doudizhu_tui.tui.view import (
    describe_play,
    log_lines,
    mark_cards,
    reading_cards,
    trick_display,
    trick_wilds,
)
from doudizhu_tui.tui.widgets.cards import TrickView
from doudizhu_tui.tui.widgets.panels import PlayLog, Tracker

from .helpers import (
    SIZE,
    hand_view,
    make_app,
    play_out_by_keys,
    profile,
    result_screen,
    settle,
    status,
    table,
    top,
)

#: You open the auction and, bidding 3, are landlord holding
#: 3 5 5 6 7 7 7 8 9 9 10 J J J Q Q A 2 2 2 (the 7 and 8 of spades and the Q of clubs
#: from the kitty).  Under ``laizi`` the 10s are wild (one in your hand); under
#: ``tiandi`` the 10s are shown before the auction and the kings after the kitty.
WILD_CODE = "32222-222WW"


class PassBot:
    """A test controller that bids nothing and passes whenever it may."""

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        for action in legal:
            if isinstance(action, PassAction) or action == BidAction(0):
                return action
        return legal[0]


#: The level name of :class:`PassBot`.
PASSER = "tests.tui.test_wild:PassBot"


def played(game: Game) -> list[Played]:
    return [e for e in game.log if isinstance(e, Played)]


async def test_laizi_wild_rank_on_the_top_bar_after_the_kitty_and_marked_in_the_hand() -> None:
    app = make_app(WILD_CODE, rules=profile("laizi"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        bar = top(pilot)
        assert bar.wild == ""  # drawn after the kitty
        assert "*" not in hand_view(pilot).render().plain
        await pilot.press("3")
        await settle(pilot)
        assert bar.wild == "wild 10"
        line = bar.render().plain
        assert "wild 10" in line and line.endswith("32222-222WW:laizi:random")
        assert "The 10s are wild" in table(pilot).query_one("#log", PlayLog).lines
        hand = hand_view(pilot)
        assert hand.wild_ranks == (Rank.TEN,)
        rows = hand.render().plain.splitlines()
        assert sum(row.count("♣*") for row in rows) == 1  # the 10 of clubs, and only it


async def test_tiandi_first_wild_rank_shown_during_the_auction() -> None:
    app = make_app(WILD_CODE, rules=profile("tiandi"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        bar = top(pilot)
        assert bar.wild == "wild 10"
        assert "wild 10" in bar.render().plain
        assert "♣*" in hand_view(pilot).render().plain  # wild from the auction on
        await pilot.press("3")
        await settle(pilot)
        assert bar.wild == "wild 10 K"
        assert bar.render().plain.endswith("wild 10 K  32222-222WW:tiandi:random")
        log = table(pilot).query_one("#log", PlayLog).lines
        assert "The 10s are wild" in log and "The Ks are wild too" in log


async def test_the_top_bar_keeps_the_wild_ranks_and_code_whole_at_80_columns() -> None:
    app = make_app(WILD_CODE, rules=profile("tiandi"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        bar = top(pilot)
        bar.round_cell = "10 × 3 × 64 = 1920"
        bar.totals = (-12340, 6170, 6170)
        await pilot.pause()
        line = bar.render().plain
        assert len(line) <= 78
        assert f"wild 10  {table(pilot).match.code}" in line


async def test_tab_cycles_the_readings_of_a_wild_and_enter_plays_the_chosen_one() -> None:
    app = make_app(WILD_CODE, rules=profile("laizi"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        t = table(pilot)
        await pilot.press("5", "6", "7", "8", "0")  # the 10 is wild: 4-8 or 5-9
        verdict = status(pilot).verdict
        assert verdict.startswith("✓ straight 5-6-7-8-[9] (reading 2 of 2, Tab: another)")
        await pilot.press("tab")
        assert status(pilot).verdict.startswith("✓ straight [4]-5-6-7-8 (reading 1 of 2")
        await pilot.press("tab")
        assert status(pilot).verdict.startswith("✓ straight 5-6-7-8-[9]")
        await pilot.press("tab", "enter")
        await settle(pilot)
        first = played(t.game)[0]
        assert first.seat is Seat.YOU and first.play.kind is Kind.STRAIGHT
        assert first.play.label() == "[4]-5-6-7-8" and first.play.wilds == (Rank.FOUR,)
        assert sorted(c.rank for c in first.cards) == [5, 6, 7, 8, 10]
        assert "You: straight [4]-5-6-7-8" in t.query_one("#log", PlayLog).lines


async def test_a_soft_bomb_played_is_shown_with_its_wild_and_counted_on_the_result_card() -> None:
    app = make_app(WILD_CODE, rules=profile("laizi"), level=PASSER)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        t = table(pilot)
        await pilot.press("7", "7", "7", "0")
        assert status(pilot).verdict.startswith("✓ SOFT BOMB 7-7-7-[7] (reading 2 of 2")
        await pilot.press("enter")
        await settle(pilot)
        bomb = played(t.game)[0]
        assert bomb.play.kind is Kind.BOMB and bomb.play.label() == "7-7-7-[7]"
        assert "You: SOFT BOMB 7-7-7-[7] (×2)" in t.query_one("#log", PlayLog).lines
        trick = t.query_one("#trick", TrickView)
        ten = next(c for c in bomb.cards if c.rank is Rank.TEN)
        assert trick.wild_cards == {ten} and trick.cards[-1] == ten
        assert trick.captions[0] == "Your SOFT BOMB! 7 7 7 [7] held; you lead"
        assert "Your SOFT BOMB! 7 7 7 [7] held" in trick.render().plain
        await play_out_by_keys(pilot)
        info = result_screen(pilot).info
        assert "× soft bomb x2" in info.stake


async def test_a_hint_with_a_wild_selects_the_physical_cards() -> None:
    """Cycling the hints on the lead reaches a play with a wild: the wild card itself
    is selected, the reading is the hint's, and Enter plays it."""
    app = make_app(WILD_CODE, rules=profile("laizi"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        t = table(pilot)
        for _ in range(200):
            await pilot.press("h")
            if t.reading is not None and t.reading.wilds:
                break
        hint = t.reading
        assert hint is not None and hint.wilds
        assert sorted(c.rank for c in t.selection) == list(cards_of(hint))
        assert status(pilot).verdict.startswith(f"✓ {describe_play(hint, True)}")
        assert "[" in status(pilot).verdict
        await pilot.press("enter")
        await settle(pilot)
        first = played(t.game)[0].play
        assert (first.kind, first.rank, first.length) == (hint.kind, hint.rank, hint.length)


async def test_the_tracker_marks_the_wild_rank_and_counts_wilds_as_their_own_rank() -> None:
    app = make_app(WILD_CODE, rules=profile("laizi"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        await pilot.press("5", "6", "7", "8", "0", "enter", "c")
        await settle(pilot)
        tracker = table(pilot).query_one("#tracker", Tracker)
        head = tracker.render().plain.splitlines()[0]
        assert "*10" in head.split()
        # The 10 played as a 9 is a 10 gone: the unseen 10s are the three you never held,
        # less any played since.
        obs = table(pilot).obs
        assert tracker.counts[Rank.TEN] == obs.unseen_counts()[Rank.TEN] <= 3


async def test_ascii_marks_a_wild_with_W_not_the_selection_star() -> None:
    app = make_app(WILD_CODE, rules=profile("laizi"), ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        assert "cW" in hand_view(pilot).render().plain
        assert mark_cards(parse_cards("3 10 10 K"), (Rank.TEN,), ASCII.wild) == "3 10W 10W K"


async def test_help_shows_the_wild_profile_in_force() -> None:
    app = make_app(WILD_CODE, rules=profile("tiandi"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        screen = pilot.app.screen
        assert isinstance(screen, HelpScreen)
        assert "The rules in force: `tiandi`" in screen.source
        assert "Wild cards are marked `*` after their suit" in screen.source
        assert "R44" in screen.source


# ----- without the interface ---------------------------------------------------------


def soft_against_natural() -> Game:
    """Under ``laizi`` with the 10s wild: Right (landlord) leads the natural bomb
    3-3-3-3, Left passes; You hold 7-7-7 and a 10."""
    return Game.from_position(
        hands=[
            "4 4 5 5 6 7 7 7 8 9 10 J Q K A 2 BJ",
            None,
            "4 5 6 6 8 8 9 9 J J Q Q K K A A 2",
        ],
        landlord=Seat.RIGHT,
        kitty="10 2 RJ",
        history=[(Seat.RIGHT, "3 3 3 3"), (Seat.LEFT, None)],
        rules=profile("laizi"),
        wild_ranks="10",
    )


def test_the_status_says_a_soft_bomb_cannot_beat_a_natural_bomb() -> None:
    obs = observe(soft_against_natural(), Seat.YOU)
    assert obs.turn is Seat.YOU and obs.wild_ranks == (Rank.TEN,)
    picked = frozenset(c for c in obs.hand if c.rank in (Rank.SEVEN, Rank.TEN))
    message, verdict, ok = status_lines(
        obs, picked, reading=None, notice=None, thinking=None, glyphs=UNICODE
    )
    assert message == "Beat Right's NATURAL BOMB 3-3-3-3, or pass [p]."
    assert verdict == "✗ a soft bomb cannot beat a natural bomb"
    assert ok is False


def test_reading_cards_place_a_wild_at_the_rank_it_stood_for() -> None:
    game = Game(parse_code(WILD_CODE), profile("laizi"))
    game.apply(BidAction(3))
    hand = game.hands[Seat.YOU]
    cards = [
        next(c for c in hand if c.rank == r)
        for r in (Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.TEN)
    ]
    low = next(
        p
        for p in playable_readings(cards, None, game.rules, wild_ranks=game.wild_ranks)
        if p.wilds == (Rank.FOUR,)
    )
    game.apply(PlayAction(low, tuple(cards)))
    obs = observe(game, Seat.LEFT)
    caption, shown, text = trick_display(obs)
    assert [c.rank for c in shown] == [10, 5, 6, 7, 8]
    assert caption == "You played: straight [4] 5 6 7 8"
    assert text == "straight [4]-5-6-7-8"
    captions, wild = trick_wilds(obs)
    assert captions[-1] == "You played: straight" and wild == {cards[-1]}
    assert reading_cards(low, cards) == (tuple(shown), frozenset(wild))
    assert "You: straight [4]-5-6-7-8" in log_lines(obs, UNICODE)


def test_watch_marks_the_wild_cards_and_names_the_wild_rank() -> None:
    """The watch view (``history show``) of a laizi deal: wild cards marked in every
    hand, the wild rank named, the play with its wild in brackets."""
    from rich.console import Console

    from doudizhu_tui.cli.watch import frames, render_frame

    rules = profile("laizi")
    code = parse_code(WILD_CODE)
    game = Game(code, rules)
    game.apply(BidAction(3))
    hand = game.hands[Seat.YOU]
    cards = tuple(
        next(c for c in hand if c.rank == r)
        for r in (Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.TEN)
    )
    play = choose_reading(playable_readings(cards, None, rules, wild_ranks=game.wild_ranks))
    shown = frames(code, [BidAction(3), PlayAction(play, cards)], rules)
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(render_frame(shown[-1]))
    text = console.export_text()
    assert "straight 5-6-7-8-[9]" in text
    assert "10* 10*" in text and "Wild: 10" in text
    assert shown[0].wild_ranks == () and shown[-1].wild_ranks == (Rank.TEN,)


def test_hints_at_a_wild_table_are_the_sensible_readings_not_every_one() -> None:
    """The lead's hints at a wildcard table: every kind, rank and length the hand can
    lead is offered once or twice (fewest wilds, cheapest kickers), each a legal play,
    instead of every reading of every wild."""
    from doudizhu_tui.tui.view import hint_cycle

    game = Game(parse_code(WILD_CODE), profile("tiandi"))
    game.apply(BidAction(3))
    obs = observe(game, Seat.YOU)
    legal = set(obs.legal_plays)
    hints = hint_cycle(obs)
    plays = [p for p in hints if p is not None]
    assert plays and all(p in legal for p in plays)
    assert len(hints) * 4 < len(legal)
    heads = {(p.kind, p.rank, p.length) for p in legal}
    assert heads == {(p.kind, p.rank, p.length) for p in plays}
