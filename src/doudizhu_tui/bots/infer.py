"""Reading the hidden hands from how the other seats played: weighting sampled deals.

A sampled deal (:func:`~.simulate.sample_hands`) is consistent with how many
cards each seat holds; most such deals are still unlikely, because the other
seats would not have played as they did with those hands.  :class:`Reader`
replays the other seats' recent decisions on a sampled deal (each hand as it was
then: the sampled cards plus those it has played since) and counts the
decisions a sensible player (the Normal policy, :func:`~.policy.choose`) would
have made differently.  Hard keeps the deals with the fewest such surprises,
and plays the other side out in the policy's style (:class:`~.policy.Style`)
that gives them fewer surprises.

Only what the observation shows is used: the public history of plays and
passes, and how many cards each seat held at each step.  (Reading the bids the
same way, and counting a decision as a surprise only when it is none of the
policy's first two or three options, were measured too and did not win.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core import Play, RuleProfile, cards_of, legal_plays_counts
from .policy import NORMAL, Style, View, choose

__all__ = ["Reader", "Step"]


class Step(NamedTuple):
    """One decision of another seat, as the public history shows it."""

    seat: int
    #: What it played (None: a pass).
    move: Play | None
    #: The play it had to beat (None: it led) and who made it.
    trick: Play | None
    owner: int
    #: Cards held by each seat before the decision.
    left: tuple[int, ...]
    #: The cards this seat has played from this step on (its hand then, less the
    #: sampled hand now), as a rank-count vector.
    since: tuple[int, ...]


class Reader:
    """The other seats' readable decisions of one observation, and the test of a
    sampled deal against them.

    ``history`` is the card play so far as (seat, play or None); ``left`` how many
    cards each seat holds now; ``me`` this seat (its own decisions tell nothing).
    At most ``recent`` decisions per seat are kept, the latest ones.  A pass on a
    partner's play is left out (sensible players all pass there), and so is a
    decision of a seat that held a single card's worth of choices.
    """

    __slots__ = ("landlord", "misses", "order", "rules", "steps", "wilds")

    def __init__(
        self,
        history: Sequence[tuple[int, Play | None]],
        left: Sequence[int],
        me: int,
        landlord: int,
        rules: RuleProfile,
        wilds: tuple[int, ...] = (),
        recent: int = 8,
    ) -> None:
        self.landlord = landlord
        self.rules = rules
        self.wilds = wilds
        players = len(left)
        # Walk back from now: the cards each seat held before each step.
        now = list(left)
        since = [[0] * 18 for _ in range(players)]
        steps: list[Step] = []
        kept = [0] * players
        for i in range(len(history) - 1, -1, -1):
            seat, move = history[i]
            if move is not None:
                taken = cards_of(move)
                now[seat] += len(taken)
                for r in taken:
                    since[seat][r] += 1
            if seat == me or kept[seat] >= recent:
                continue
            trick, owner = _table_before(history, i, players)
            if move is None and trick is not None and _same_side(seat, owner, landlord):
                continue
            kept[seat] += 1
            steps.append(Step(seat, move, trick, owner, tuple(now), tuple(since[seat])))
        self.steps = steps
        #: How often each step was a surprise so far, and the steps in the order they
        #: are tested: the most surprising first, so that a deal that cannot be kept
        #: is given up after fewer replays.  A count stopped at ``most`` is the same
        #: in any order, so the order changes the time, never the answer.
        self.misses = [0] * len(steps)
        self.order = list(range(len(steps)))

    def surprises(
        self,
        hands: Sequence[Sequence[int]],
        most: int = 99,
        style: Style = NORMAL,
        seats: Sequence[int] = (),
    ) -> int:
        """How many of the kept decisions (of ``seats`` only, if given) the policy (in
        Normal's style, or in ``style``) would have made otherwise with the sampled
        ``hands`` (counting stops at ``most``)."""
        count = 0
        rules, landlord, wilds = self.rules, self.landlord, self.wilds
        steps, misses = self.steps, self.misses
        for index in self.order:
            step = steps[index]
            if seats and step.seat not in seats:
                continue
            held = [a + b for a, b in zip(hands[step.seat], step.since, strict=True)]
            trick = step.trick
            if step.move is None and trick is not None and not _can_answer(held, trick, rules):
                continue  # nothing beat the table: the pass was forced
            view = View(
                step.seat,
                landlord,
                held,
                step.left,
                rules,
                step.trick,
                step.owner if step.trick is not None else -1,
                None,
                None,
                wilds,
                fast=True,
                style=style,
            )
            if not _agrees(choose(view), step.move):
                count += 1
                misses[index] += 1
                if count >= most:
                    break
        if count:
            self.order.sort(key=lambda i: -misses[i])
        return count


def _can_answer(held: list[int], trick: Play, rules: RuleProfile) -> bool:
    """Whether the hand holds any play that beats ``trick``."""
    return bool(legal_plays_counts(held, trick, rules))


def _agrees(chosen: Play | None, move: Play | None) -> bool:
    """Whether the policy's choice is the decision made (kickers aside)."""
    if chosen is None or move is None:
        return chosen is move
    return chosen.kind is move.kind and chosen.rank == move.rank and chosen.length == move.length


def _same_side(seat: int, owner: int, landlord: int) -> bool:
    return (seat == landlord) == (owner == landlord)


def _table_before(
    history: Sequence[tuple[int, Play | None]], i: int, players: int
) -> tuple[Play | None, int]:
    """The play to beat at step ``i`` of the history and who made it (None, -1: a lead):
    the latest play among the ``players - 1`` steps before, if there is one."""
    for j in range(i - 1, max(-1, i - players), -1):
        seat, move = history[j]
        if move is not None:
            return move, seat
    return None, -1
