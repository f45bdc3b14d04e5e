"""A whole deal played from a fixed code with the keyboard only."""

from __future__ import annotations

from doudizhu_tui.core import Kind, Phase, Played, Rank, observe
from doudizhu_tui.match import HUMAN, Match
from doudizhu_tui.tui.screens.table import TableScreen
from doudizhu_tui.tui.view import hint_order, normal_choice

from .helpers import (
    BOMB_CODE,
    SIZE,
    hand_view,
    make_app,
    play_out_by_keys,
    result_screen,
    settle,
    status,
    table,
    top,
)


def same_bots_without_the_interface(played: Match) -> None:
    """Replay the person's actions on a bare match: every computer decision must match."""
    match = Match(played.config)
    match.start_deal()
    for action in played.history[0]:
        if match.human_to_act:
            match.submit(action)
        else:
            assert match.decide() == action
            match.apply_decision(action)
    assert match.game.over


async def test_a_deal_by_keyboard_with_refusal_hints_bomb_result_and_replay() -> None:
    app = make_app(BOMB_CODE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(pilot)
        game = t.game
        dealt = tuple(game.hands[HUMAN])
        # The auction: the legal bids, and the advice on the status line.
        assert game.phase is Phase.AUCTION and game.turn == HUMAN
        assert status(pilot).verdict.startswith("Advice: ")
        assert "1 bomb," in status(pilot).verdict and "plays" in status(pilot).verdict
        assert top(pilot).round_cell == "10 × - × 1 = -"
        await pilot.press("3")
        await settle(pilot)
        assert game.landlord == HUMAN and game.bid == 3
        assert top(pilot).round_cell == "10 × 3 × 1 = 30"
        assert len(t.selection) == 0 and len(game.hands[HUMAN]) == 20

        # An illegal selection is refused with the core's reason; nothing is played.
        await pilot.press("4", "6")
        assert sorted(c.rank for c in t.selection) == [Rank.FOUR, Rank.SIX]
        assert status(pilot).verdict_ok is False
        assert "a straight needs at least 5 cards" in status(pilot).verdict
        log_length = len(game.log)
        await pilot.press("enter")
        assert len(game.log) == log_length
        # The reason is said once: "Refused: ..." with no verdict repeating it.
        assert status(pilot).message == "Refused: a straight needs at least 5 cards"
        assert status(pilot).verdict == ""
        await pilot.press("escape")
        assert not t.selection

        # The first hint is the Normal computer's play in your seat (here a pair of
        # 4s, not the single 3 that starts the order); then the legal plays cycle,
        # small to large.
        first = normal_choice(observe(game, HUMAN))
        assert first is not None and first.kind is Kind.PAIR
        expected = [first, *(p for p in hint_order(game.legal_plays()) if p != first)]
        seen = []
        for i in range(3):
            await pilot.press("h")
            assert status(pilot).message.startswith(f"Hint {i + 1} of {len(expected)}: ")
            assert status(pilot).verdict_ok is True
            seen.append(sorted(c.rank for c in t.selection))
        assert seen == [list(p.ranks) for p in expected[:3]]
        assert hand_view(pilot).selected == t.selection

        # The bomb, picked by typing its rank four times, doubles the round live.
        await pilot.press("escape", "5", "5", "5", "5")
        assert "BOMB 5-5-5-5" in status(pilot).verdict
        await pilot.press("enter")
        assert game.bombs == 1
        assert top(pilot).round_cell == "10 × 3 × 2 = 60"
        last = next(e for e in game.log if isinstance(e, Played))
        assert last.seat == HUMAN and last.play.kind is Kind.BOMB

        # Play the deal out: hint + Enter, or pass.
        await play_out_by_keys(pilot, bid="3")
        result = result_screen(pilot)
        info = result.info
        assert info.heading == "Deal 1 of 3"
        assert "bomb x2" in info.stake and "bid 3" in info.stake
        # The self-contained table code: the deal, the rules and the computers' level.
        assert info.code == str(app.match.code) == f"{BOMB_CODE}:classic:random"
        assert top(pilot).code == info.code
        assert info.kitty == "5 5 K"
        assert [line.seat for line in info.seats] == ["You", "Right", "Left"]
        totals = app.match.session.totals  # type: ignore[union-attr]
        assert sum(totals) == 0 and totals[HUMAN] != 0

        # The computer seats decided exactly as they do without the interface.
        same_bots_without_the_interface(app.match)

        # Replay this deal: the same cards, not scored.
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.match.replaying
        assert top(pilot).deal == "Replay (not scored)"
        assert tuple(t.game.hands[HUMAN]) == dealt
        await play_out_by_keys(pilot, bid="3")
        replayed = result_screen(pilot).info
        assert replayed.heading == "Replay - not scored"
        assert all(line.score.endswith("(not scored)") for line in replayed.seats)
        assert app.match.session.totals == totals  # type: ignore[union-attr]
        assert len(app.match.session.records) == 1  # type: ignore[union-attr]

        # Next deal: deal 2 of 3.
        await pilot.press("n")
        await settle(pilot)
        assert top(pilot).deal == "Deal 2 of 3"
        assert t.game.code != replayed.code


async def test_cursor_keys_select_and_unselect() -> None:
    app = make_app(BOMB_CODE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        t = table(pilot)
        hand = t.game.hands[HUMAN]
        await pilot.press("right", "right", "space")
        assert t.selection == {hand[2]}
        assert hand_view(pilot).cursor == 2
        await pilot.press("right", "up")
        assert t.selection == {hand[2], hand[3]}
        await pilot.press("down", "left", "space")
        assert not t.selection
        # A rank key takes one more card of that rank each time; once all are taken, none.
        await pilot.press("5", "5")
        assert [c.rank for c in sorted(t.selection)] == [Rank.FIVE, Rank.FIVE]
        await pilot.press("5", "5", "5")
        assert not t.selection
        await pilot.press("r", "b")
        assert {c.rank for c in t.selection} == {Rank.RED_JOKER, Rank.BLACK_JOKER}
        assert "ROCKET" in status(pilot).verdict
        await pilot.press("8")
        assert status(pilot).message == "You hold no 8."


async def test_pass_is_refused_when_leading() -> None:
    app = make_app(BOMB_CODE)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        await pilot.press("p")
        assert status(pilot).message == "Refused: you lead this round, so you cannot pass"
        assert table(pilot).game.turn == HUMAN
