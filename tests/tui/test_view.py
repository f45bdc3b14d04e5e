"""The pure helpers behind the table: hint order, the round cell, glyphs, geometry."""

from __future__ import annotations

import io

from doudizhu_tui.core import (
    BidAction,
    Game,
    Kind,
    Seat,
    classify,
    observe,
    parse_cards,
    parse_code,
)
from doudizhu_tui.tui.glyphs import ASCII, UNICODE, encoding_is_utf8
from doudizhu_tui.tui.view import hint_order, last_actions, log_lines, round_cell

from .helpers import BOMB_CODE


def test_hints_go_from_small_to_large_with_bombs_and_the_rocket_last() -> None:
    plays = [
        *classify(parse_cards("BJ RJ")),
        *classify(parse_cards("3 3 3 3")),
        *classify(parse_cards("K")),
        *classify(parse_cards("4")),
        *classify(parse_cards("2 2 2 2")),
    ]
    order = [p.kind for p in hint_order(plays)]
    assert order == [Kind.SINGLE, Kind.SINGLE, Kind.BOMB, Kind.BOMB, Kind.ROCKET]
    assert [str(p) for p in hint_order(plays)][:2] == ["4", "K"]


def test_the_round_cell_counts_bids_live() -> None:
    """The highest bid and the round value show as soon as a bid is made (the game's
    own figures), as they did before the observation carried them."""
    game = Game(parse_code("3226B-Q524C"))
    assert round_cell(observe(game, Seat.YOU), UNICODE) == "10 × - × 1 = -"
    first = game.turn
    game.apply(BidAction(2))
    assert round_cell(observe(game, Seat.YOU), ASCII) == "10 x 2 x 1 = 20"
    assert round_cell(observe(game, Seat.YOU), UNICODE) == "10 × 2 × 1 = 20"
    assert last_actions(observe(game, Seat.YOU)) == {first: "bid 2"}
    game.apply(BidAction(3))
    obs = observe(game, Seat.YOU)
    assert obs.landlord is not None
    assert round_cell(obs, ASCII) == f"10 x 3 x 1 = {game.round_value}" == "10 x 3 x 1 = 30"


def test_the_log_names_the_person_as_you() -> None:
    game = Game(parse_code(BOMB_CODE))
    game.apply(BidAction(3))
    lines = log_lines(observe(game, Seat.YOU), UNICODE)
    assert lines[0] == "You bid first"
    assert lines[1:3] == ["You: bid 3", "You are landlord at 3"]
    assert game.landlord is Seat.YOU
    assert not any(BOMB_CODE in line for line in lines)


def test_the_utf8_check_reads_the_stream_encoding() -> None:
    assert encoding_is_utf8(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert not encoding_is_utf8(io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))
    assert ASCII.card_text(parse_cards("10")[0]) == "10s"
    assert UNICODE.card_text(parse_cards("RJ")[0]) == "RJ"


def test_the_view_and_the_selection_read_the_observation_not_the_game() -> None:
    """No helper behind the table takes (or can name) the Game: what the person sees is
    worked out from their Observation, where the core decided what seat YOU may know."""
    import inspect
    import typing

    from doudizhu_tui.core import Game, Observation
    from doudizhu_tui.tui import selection, view

    takes_observation = 0
    for module in (view, selection):
        assert not hasattr(module, "Game"), module.__name__
        for name in module.__all__:
            item = getattr(module, name)
            if not inspect.isfunction(item):
                continue
            hints = typing.get_type_hints(item)
            assert Game not in hints.values(), f"{module.__name__}.{name}"
            takes_observation += Observation in hints.values()
    assert takes_observation >= 8


def test_the_panels_say_calling_at_a_rob_table_and_bidding_elsewhere() -> None:
    from doudizhu_tui.core import Game, Seat, code_from_number, observe, parse_profile
    from doudizhu_tui.rulebook import profile_text
    from doudizhu_tui.tui.view import auction_word

    rob = Game(code_from_number(3), parse_profile(profile_text("rob")))
    classic = Game(code_from_number(3))
    assert auction_word(observe(rob, Seat.YOU)) == "calling"
    assert auction_word(observe(classic, Seat.YOU)) == "bidding"
