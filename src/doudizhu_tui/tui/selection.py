"""The person's selection worked out from their observation: rank keys, readings,
hints, the status line.

Nothing here touches Textual or reads the game.  The table screen owns the
selection, the cursor, the chosen reading and the hint position (interface
state) and asks these functions, with the person's
:class:`~doudizhu_tui.core.Observation`, what they mean: which cards a rank key
or a drag picks, which reading of the selected cards is in force, what the next
hint is, and what the status line says.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..core import (
    Card,
    Observation,
    Phase,
    Play,
    Rank,
    RuleProfile,
    Seat,
    cards_of,
    explain,
    playable_readings,
)
from ..core.reasons import choose_reading
from .glyphs import Glyphs
from .view import (
    HUMAN,
    advice_text,
    describe_play,
    hint_cycle,
    pick_cards,
    rob_advice,
    rob_auction,
    rob_prompt,
    short_play,
    wild_table,
)

__all__ = [
    "RANK_KEYS",
    "Hint",
    "drag_selection",
    "hint_message",
    "judge",
    "next_hint",
    "next_reading",
    "nothing_beats",
    "rank_key_pick",
    "reading_for",
    "status_lines",
    "trick_to_beat",
]

#: The keys that pick a card of a rank (each press takes one more card of that rank).
RANK_KEYS: dict[str, Rank] = {
    **{str(v): Rank(v) for v in range(3, 10)},
    "0": Rank.TEN,
    "t": Rank.TEN,
    "j": Rank.JACK,
    "q": Rank.QUEEN,
    "k": Rank.KING,
    "a": Rank.ACE,
    "2": Rank.TWO,
    "b": Rank.BLACK_JOKER,
    "r": Rank.RED_JOKER,
}


@dataclass
class Hint:
    """Where the hint cycle stands for one turn."""

    #: The turn the cycle belongs to (the point in the deal and the hand).
    key: tuple[int, tuple[Card, ...]]
    #: The hints in order (see :func:`~.view.hint_cycle`); None suggests a pass.
    plays: list[Play | None]
    index: int = -1
    selection: frozenset[Card] = frozenset()

    @property
    def current(self) -> Play | None:
        """The hint shown now (None: pass)."""
        return self.plays[self.index] if self.plays and self.index >= 0 else None


def trick_to_beat(obs: Observation) -> Play | None:
    """The play the person's selection must beat: the trick on their turn, else nothing."""
    return obs.trick[1] if (obs.turn == HUMAN and obs.trick is not None) else None


@lru_cache(maxsize=128)
def _judged(
    ranks: tuple[Rank, ...], last: Play | None, rules: RuleProfile, wild_ranks: tuple[Rank, ...]
) -> tuple[str | None, tuple[Play, ...]]:
    """Why the cards cannot be played now (None: they can) and their playable
    readings, worked out once per selection: with wild ranks a selection's readings
    take milliseconds, and the status line, Tab and Enter all ask for them."""
    reason = explain(ranks, last, rules, wild_ranks=wild_ranks)
    if reason is not None:
        return reason, ()
    return None, tuple(playable_readings(ranks, last, rules, wild_ranks=wild_ranks))


def judge(
    cards: Sequence[Card],
    last: Play | None,
    rules: RuleProfile,
    wild_ranks: Sequence[Rank] = (),
) -> tuple[str | None, tuple[Play, ...]]:
    """Why ``cards`` cannot be played now (None: they can), and the readings that
    may be played (every reading when leading; with ``wild_ranks``, R44-R47, every
    reading of what the wilds stand for)."""
    ranks = tuple(sorted(c.rank for c in cards))
    return _judged(ranks, last, rules, tuple(wild_ranks))


def _same_play(a: Play, b: Play) -> bool:
    return (a.kind, a.rank, a.length, cards_of(a)) == (b.kind, b.rank, b.length, cards_of(b))


def reading_for(
    cards: Sequence[Card],
    last: Play | None,
    rules: RuleProfile,
    chosen: Play | None,
    wild_ranks: Sequence[Rank] = (),
) -> Play:
    """The reading of legal ``cards`` in force: the ``chosen`` one if it still applies
    (a hint's play, or the reading Tab chose), else the default (R15; with wilds
    R47: leading the most cards in the main part, following the fewest wilds)."""
    _, readings = judge(cards, last, rules, wild_ranks)
    if chosen is not None:
        if chosen in readings:
            return chosen
        same = next((p for p in readings if _same_play(p, chosen)), None)
        if same is not None:
            return same
    return choose_reading(readings, last)


def next_reading(
    cards: Sequence[Card],
    last: Play | None,
    rules: RuleProfile,
    chosen: Play | None,
    wild_ranks: Sequence[Rank] = (),
) -> Play | None:
    """The reading after the one in force (Tab), or None when the cards are not legal."""
    reason, readings = judge(cards, last, rules, wild_ranks)
    if reason is not None or not readings:
        return None
    current = reading_for(cards, last, rules, chosen, wild_ranks)
    return readings[(readings.index(current) + 1) % len(readings)]


def rank_key_pick(
    hand: Sequence[Card], selection: frozenset[Card], rank: Rank
) -> tuple[int, frozenset[Card]] | None:
    """A rank key: the new cursor and selection (one more card of the rank, or none of
    them once all are picked); None when the hand holds no card of the rank."""
    of_rank = [i for i, c in enumerate(hand) if c.rank == rank]
    if not of_rank:
        return None
    free = [i for i in of_rank if hand[i] not in selection]
    if free:
        return free[0], selection | {hand[free[0]]}
    return of_rank[0], selection - {hand[i] for i in of_rank}


def drag_selection(
    hand: Sequence[Card], base: frozenset[Card], anchor: int, current: int
) -> frozenset[Card]:
    """A drag from card ``anchor`` to ``current``: adds the run, or removes it when the
    drag started on a selected card."""
    lo, hi = sorted((anchor, current))
    run = frozenset(hand[lo : hi + 1])
    return base | run if hand[anchor] not in base else base - run


def next_hint(hint: Hint | None, obs: Observation, selection: frozenset[Card]) -> Hint:
    """Move the hint cycle on (a new cycle for a new turn, the first hint again when
    the selection was changed by hand); ``hint.plays`` empty means nothing beats.

    The first hint is what the Normal computer would do in the person's seat, then
    every legal play from small to large (:func:`~.view.hint_cycle`)."""
    hand = obs.hand
    key = (len(obs.log), hand)
    if hint is None or hint.key != key:
        hint = Hint(key, hint_cycle(obs))
    if not hint.plays:
        return hint
    hint.index = 0 if selection != hint.selection else (hint.index + 1) % len(hint.plays)
    play = hint.plays[hint.index]
    if play is None:
        hint.selection = frozenset()
        return hint
    cards = pick_cards(hand, cards_of(play))
    assert cards is not None
    hint.selection = frozenset(cards)
    return hint


def hint_message(hint: Hint, wild: bool = False) -> str:
    """The status line's words for the hint shown now: ``Hint 1 of 12: pair 9-9`` (a
    long play by its size and kind: the verdict under it spells it out)."""
    play = hint.current
    what = "pass [p]" if play is None else short_play(play, wild=wild)
    return f"Hint {hint.index + 1} of {len(hint.plays)}: {what}"


def nothing_beats(play: Play, wild: bool = False) -> str:
    """The status line's words when nothing in the hand beats ``play``."""
    return f"Nothing beats {short_play(play, wild=wild)}: pass [p]."


def _waiting(obs: Observation, thinking: Seat | None) -> str:
    turn = obs.turn
    if turn is None:
        return ""
    if thinking == turn:
        return f"{turn.label} is thinking... (you may pre-select cards)"
    return f"Waiting for {turn.label}"


def _turn_message(obs: Observation) -> str:
    if obs.trick is None:
        return "Your lead: play any combination."
    seat, play = obs.trick
    return f"Beat {seat.label}'s {short_play(play, wild=wild_table(obs))}, or pass [p]."


def status_lines(
    obs: Observation,
    selection: frozenset[Card],
    *,
    reading: Play | None,
    notice: str | None,
    thinking: Seat | None,
    glyphs: Glyphs,
    refused: bool = False,
) -> tuple[str, str, bool | None]:
    """The status line: what is going on, the verdict on the selection, and whether
    the selection may be played (None: no verdict).

    ``refused``: the person has just tried to play the selection and was refused;
    the reason is then said once, as ``Refused: ...`` in place of what is going on,
    with no verdict under it.  The words are kept short enough for the status line
    at 80 columns (:data:`~.widgets.panels.STATUS_ROWS` rows, see
    ``tests/tui/test_status_fits.py``)."""
    my_turn = obs.turn == HUMAN
    if obs.over:
        settled = obs.settled
        if settled is None:
            if rob_auction(obs):
                return "Nobody called: the deal is thrown in.", "", None
            return "Everyone passed: the deal is thrown in.", "", None
        return f"{settled.winner.label} went out: the deal is over.", "", None
    if obs.phase is Phase.AUCTION:
        if my_turn and obs.legal_rob_moves:
            return notice or rob_prompt(obs), "Advice: " + rob_advice(obs), None
        if my_turn:
            names = ["pass [p]"] + [f"{b} [{b}]" for b in obs.legal_bids if b]
            message = notice or "Your bid: " + ", ".join(names)
            return message, "Advice: " + advice_text(obs), None
        return notice or _waiting(obs, thinking), "", None
    # the card play
    message = notice or (_turn_message(obs) if my_turn else _waiting(obs, thinking))
    if not selection:
        tip = "Select cards: click, drag, or type ranks (3-9 0 j q k a 2 b r); h hints."
        return message, tip, None
    cards = sorted(selection)
    last = trick_to_beat(obs)
    wild_ranks = obs.wild_ranks
    reason, readings = judge(cards, last, obs.rules, wild_ranks)
    if reason is not None:
        if refused:
            return f"Refused: {reason}", "", False
        return message, f"{glyphs.bad} {reason}", False
    play = reading_for(cards, last, obs.rules, reading, wild_ranks)
    verdict = f"{glyphs.ok} {describe_play(play, wild_table(obs))}"
    if len(readings) > 1:
        verdict += f" (reading {readings.index(play) + 1} of {len(readings)}, Tab: another)"
    verdict += " - Enter plays" if my_turn else " (wait for your turn)"
    return message, verdict, True
