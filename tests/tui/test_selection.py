"""The selection helpers (no Textual): rank keys, drags, readings, tall cards, seat plays."""

from __future__ import annotations

from doudizhu_tui.core import (
    BidAction,
    Game,
    PassAction,
    Passed,
    Phase,
    PlayAction,
    Rank,
    Seat,
    observe,
    parse_cards,
    parse_code,
    playable_readings,
)
from doudizhu_tui.tui.glyphs import ASCII
from doudizhu_tui.tui.selection import (
    drag_selection,
    next_reading,
    rank_key_pick,
    reading_for,
    status_lines,
)
from doudizhu_tui.tui.view import hint_order, recent_plays
from doudizhu_tui.tui.widgets.cards import card_rows

from .helpers import BOMB_CODE


def test_a_rank_key_takes_one_more_card_then_drops_them_all() -> None:
    hand = tuple(parse_cards("3 5 5 9"))
    cursor, picked = rank_key_pick(hand, frozenset(), Rank.FIVE)
    assert (cursor, picked) == (1, frozenset(hand[1:2]))
    cursor, picked = rank_key_pick(hand, picked, Rank.FIVE)
    assert (cursor, picked) == (2, frozenset(hand[1:3]))
    assert rank_key_pick(hand, picked, Rank.FIVE) == (1, frozenset())
    assert rank_key_pick(hand, picked, Rank.KING) is None


def test_a_drag_adds_a_run_or_removes_it_when_it_starts_on_a_selected_card() -> None:
    hand = tuple(parse_cards("3 4 5 6 7"))
    assert drag_selection(hand, frozenset(), 3, 1) == frozenset(hand[1:4])
    assert drag_selection(hand, frozenset(hand), 0, 1) == frozenset(hand[2:])


def test_tab_cycles_the_readings_of_legal_cards_only() -> None:
    rules = Game(parse_code(BOMB_CODE)).rules
    cards = parse_cards("3 3 3 4 4 4 5 5 5 6 6 6")
    readings = playable_readings(cards, None, rules)
    assert len(readings) > 1
    seen = [reading_for(cards, None, rules, None)]
    for _ in readings:
        following = next_reading(cards, None, rules, seen[-1])
        assert following is not None
        seen.append(following)
    assert seen[-1] == seen[0] and set(seen) == set(readings)
    assert reading_for(cards, None, rules, seen[1]) == seen[1]
    assert next_reading(parse_cards("3 5"), None, rules, None) is None


def test_the_status_names_the_selection_and_whether_it_may_be_played() -> None:
    game = Game(parse_code(BOMB_CODE))
    game.apply(BidAction(3))
    hand = tuple(game.hands[Seat.YOU])
    fives = frozenset(c for c in hand if c.rank == Rank.FIVE)
    message, verdict, ok = status_lines(
        observe(game, Seat.YOU), fives, reading=None, notice=None, thinking=None, glyphs=ASCII
    )
    assert game.phase is Phase.PLAY
    assert message == "Your lead: play any combination."
    assert ok is True and verdict.startswith("OK BOMB") and verdict.endswith("Enter plays")


def test_a_seat_lists_its_plays_and_passes_latest_first() -> None:
    game = Game(parse_code(BOMB_CODE))
    game.apply(BidAction(3))
    while not any(isinstance(e, Passed) for e in game.log):
        plays = hint_order(game.legal_plays())
        game.apply(PassAction() if game.trick and game.turn != Seat.YOU else PlayAction(plays[0]))
    seat = next(e.seat for e in game.log if isinstance(e, Passed))
    recent = recent_plays(observe(game, Seat.YOU), seat)
    assert recent[0] == "pass" and len(recent) >= 1


def test_a_tall_card_shows_the_rank_again_at_the_bottom_right() -> None:
    card = parse_cards("10")[0]
    rows = card_rows(card, 7, ASCII, height=6)
    assert rows == [
        "+-----+",
        "|10   |",
        f"|{ASCII.suit(card)}    |",
        "|     |",
        "|   10|",
        "+-----+",
    ]
    assert len(card_rows(card, 5, ASCII)) == 4
    assert len(card_rows(None, 7, ASCII, height=6)) == 6
