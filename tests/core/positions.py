"""Shared test helpers: a game rebuilt as a position (:meth:`Game.from_position`)."""

from __future__ import annotations

from typing import Any

from doudizhu_tui.core import Game, Passed, PlayAction, Played
from doudizhu_tui.core.position import HistoryItem


def exact_history(game: Game) -> list[HistoryItem]:
    """The card play of a game, every play with its exact cards."""
    out: list[HistoryItem] = []
    for event in game.log:
        if isinstance(event, Played):
            out.append((event.seat, PlayAction(event.play, event.cards)))
        elif isinstance(event, Passed):
            out.append((event.seat, None))
    return out


def position_of(game: Game, **changes: Any) -> Game:
    """``game`` rebuilt by Game.from_position from its hands, kitty, bids and card play,
    with some of those arguments changed."""
    args: dict[str, Any] = {
        "hands": [list(h) for h in game.hands],
        "landlord": game.landlord,
        "kitty": game.kitty,
        "bids": list(game.rob_moves) if game.rules.auction == "rob" else list(game.bids),
        "history": exact_history(game),
        "first_bidder": game.first_bidder,
        "rules": game.rules,
        "code": game.code,
        "turn": game.turn,
    }
    args.update(changes)
    return Game.from_position(**args)
