"""Reading the hidden hands from how the other seats played: weighting sampled deals.

A sampled deal (:func:`~.simulate.sample_hands`) is consistent with how many
cards each seat holds; most such deals are still unlikely, because the other
seats would not have played as they did with those hands.  :class:`Reader`
replays the other seats' recent decisions on a sampled deal (each hand as it was
then: the sampled cards plus those it has played since) and counts the
decisions a sensible player (the Normal policy, :func:`~.policy.choose`) would
have made differently.  Hard keeps the deals with the fewest such surprises,
and plays the other side out in the policy's style (:class:`~.policy.Style`)
that gives them fewer surprises (:meth:`Reader.style_odds` weighs two styles
more finely, for Hard's option ``STYLE_READ``, measured and off).

Only what the observation shows is used: the public history of plays and
passes, and how many cards each seat held at each step.  (Reading the bids the
same way, and counting a decision as a surprise only when it is none of the
policy's first two or three options, were measured too and did not win.)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeVar

from ..core import Observation, Play, RuleProfile, cards_of, claimed, legal_plays_counts
from .advice import bid_lines, rate_counts
from .base import bid_by_strength, rob_by_strength
from .policy import NORMAL, Style, View, choose

__all__ = ["BidReader", "Reader", "Step", "by_chance", "read_bids"]

_Deal = TypeVar("_Deal")


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

    __slots__ = ("landlord", "misses", "order", "rules", "seen", "steps", "wilds", "work")

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
        #: Each verdict worked out so far, by (step, style, the hand held then): the
        #: same hand at the same step is judged once (late in a deal, when few cards
        #: are unseen, most drawn deals repeat a hand already judged).
        self.seen: dict[tuple[int, Style, tuple[int, ...]], bool] = {}
        #: What the verdicts worked out so far cost, in the square of the cards held at
        #: each (the policy's split of a hand grows about that fast with its size).
        self.work = 0

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
        steps, misses = self.steps, self.misses
        for index in self.order:
            step = steps[index]
            if seats and step.seat not in seats:
                continue
            if not self._explains(index, hands, style):
                count += 1
                misses[index] += 1
                if count >= most:
                    break
        if count:
            self.order.sort(key=lambda i: -misses[i])
        return count

    def style_odds(
        self,
        deals: Sequence[Sequence[Sequence[int]]],
        plain: Style,
        other: Style,
        seats: Sequence[int],
        eps: float,
    ) -> float:
        """The log odds that ``seats`` play in the ``other`` style rather than the
        ``plain`` one, read from their kept decisions on the sampled ``deals``: the
        sum over the decisions of log((a + eps) / (b + eps)), a and b the shares of
        the deals on which the policy in the ``other`` and the ``plain`` style makes
        the decision that was made (a forced pass counts for both).  0 when nothing
        is read; above 0 when ``other`` explains the decisions better."""
        odds = 0.0
        for index, step in enumerate(self.steps):
            if step.seat not in seats:
                continue
            agree = [0, 0]
            for hands in deals:
                for k, style in enumerate((other, plain)):
                    if self._explains(index, hands, style):
                        agree[k] += 1
            n = len(deals)
            odds += math.log((agree[0] / n + eps) / (agree[1] / n + eps))
        return odds

    def _explains(self, index: int, hands: Sequence[Sequence[int]], style: Style) -> bool:
        """Whether the policy in ``style`` makes the decision of step ``index`` with the
        sampled ``hands`` (a forced pass always agrees); each verdict worked out once."""
        step = self.steps[index]
        held = tuple(a + b for a, b in zip(hands[step.seat], step.since, strict=True))
        key = (index, style, held)
        verdict = self.seen.get(key)
        if verdict is None:
            size = sum(held)
            self.work += size * size
            view = self._view(step, list(held), style)
            verdict = view is None or _agrees(choose(view), step.move)
            self.seen[key] = verdict
        return verdict

    def _view(self, step: Step, held: list[int], style: Style) -> View | None:
        """The policy's view of ``step`` with the hand ``held`` then (the sampled hand
        and the cards played since), in ``style``; None when the step is a pass and
        nothing beat the table."""
        trick = step.trick
        if step.move is None and trick is not None and not _can_answer(held, trick, self.rules):
            return None
        return View(
            step.seat,
            self.landlord,
            held,
            step.left,
            self.rules,
            trick,
            step.owner if trick is not None else -1,
            None,
            None,
            self.wilds,
            fast=True,
            style=style,
        )


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


# ----- reading the auction -------------------------------------------------------------

#: How sharp the point count's lines are in :class:`BidReader`: a hand this many
#: points from a line is e^1 times as likely on its side of the line as across it.
BID_SOFTNESS = 0.7


class BidReader:
    """The other seats' auction actions (bids, or calls and robs), and how likely a
    sampled deal makes them.

    A player is taken to speak as the point count advises (:mod:`.advice`, the way
    Normal bids and most players do), with soft lines: a hand just under the line
    for a bid still makes it now and then.  Each action's likelihood is scaled by
    the most it can be (a bid of 1 is never certain), so :meth:`chance` is at most
    1 and a drawn deal may be kept with that chance: rejection sampling, which
    leaves the kept deals distinct and as likely as the auction makes them.

    The hand a seat spoke with is its sampled hand, plus the cards it has played
    since, less the kitty if it is the landlord (a seat whose auction hand is not
    known that way, a landlord under a hidden kitty, is not read).  Wild tables are
    not read: the bidders rated hands whose wild ranks were not all shown yet.
    """

    __slots__ = ("actions", "kitty", "landlord", "lines", "played", "rules")

    def __init__(self, obs: Observation, history: Sequence[tuple[int, Play | None]] = ()) -> None:
        me = int(obs.seat)
        rules = obs.rules
        self.rules = rules
        self.lines = bid_lines(rules)
        self.landlord = -1 if obs.landlord is None else int(obs.landlord)
        players = rules.players
        self.played = [[0] * 18 for _ in range(players)]
        for seat, move in history:
            if move is not None:
                for r in cards_of(move):
                    self.played[seat][r] += 1
        self.kitty: list[int] | None = None
        if obs.kitty is not None:
            self.kitty = [0] * 18
            for card in obs.kitty:
                self.kitty[card.rank] += 1
        #: (seat, the wanted bids that speak as it did), in order.
        self.actions: list[tuple[int, tuple[int, ...]]] = []
        if obs.wild_ranks or rules.wildcards:
            return
        if obs.rob_moves:
            for i, (speaker, said) in enumerate(obs.rob_moves):
                before = obs.rob_moves[:i]
                calling = all(m == "pass" for _, m in before)
                spoke = claimed(before, speaker)
                fits = tuple(k for k in range(4) if rob_by_strength(k, calling, spoke) == said)
                self._add(int(speaker), fits, me)
            return
        high = 0
        for seat, amount in obs.bids:
            fits = tuple(k for k in range(4) if bid_by_strength(k, high) == amount)
            self._add(int(seat), fits, me)
            high = max(high, amount)

    def _add(self, seat: int, fits: tuple[int, ...], me: int) -> None:
        if seat == me or (seat == self.landlord and self.kitty is None):
            return
        if fits and len(fits) < 4:  # an action every hand could make says nothing
            self.actions.append((seat, fits))

    def chance(self, hands: Sequence[Sequence[int]]) -> float:
        """How likely the read actions are with the sampled ``hands``, each scaled by
        the most it can be (1: as likely as any deal could make them)."""
        if not self.actions:
            return 1.0
        wants: dict[int, list[float]] = {}
        p = 1.0
        for seat, fits in self.actions:
            want = wants.get(seat)
            if want is None:
                want = wants[seat] = _wants(self._points(hands, seat), self.lines)
            p *= sum(want[k] for k in fits) / _most(fits, self.lines)
        return p

    def _points(self, hands: Sequence[Sequence[int]], seat: int) -> float:
        """The points of the hand ``seat`` spoke with in the auction."""
        held = [a + b for a, b in zip(hands[seat], self.played[seat], strict=True)]
        if seat == self.landlord and self.kitty is not None:
            held = [max(0, a - b) for a, b in zip(held, self.kitty, strict=True)]
        return rate_counts(held, self.rules).points


def read_bids(
    obs: Observation,
    history: Sequence[tuple[int, Play | None]] = (),
    seats: Sequence[int] | None = None,
) -> BidReader | None:
    """The other seats' auction actions read (:class:`BidReader`), only those of
    ``seats`` when given, or None when none of them tells anything."""
    reader = BidReader(obs, history)
    if seats is not None:
        reader.actions = [(seat, fits) for seat, fits in reader.actions if seat in seats]
    return reader if reader.actions else None


def _wants(points: float, lines: Sequence[float]) -> list[float]:
    """The chance that a hand of ``points`` wants to bid 0, 1, 2 and 3 (soft lines)."""
    at_least = [1.0, *(_logistic((points - line) / BID_SOFTNESS) for line in lines), 0.0]
    return [at_least[k] - at_least[k + 1] for k in range(4)]


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


_MOST: dict[tuple[tuple[int, ...], tuple[float, ...]], float] = {}


def _most(fits: tuple[int, ...], lines: tuple[float, ...]) -> float:
    """The largest chance, over hands of any points, of wanting one of ``fits``."""
    key = (fits, lines)
    most = _MOST.get(key)
    if most is None:
        grid = (x / 10 for x in range(-40, 140))
        most = _MOST[key] = max(sum(_wants(x, lines)[k] for k in fits) for x in grid)
    return most


def by_chance(
    draw: Callable[[], _Deal], chance: Callable[[_Deal], float], rng: random.Random, tries: int
) -> _Deal:
    """A deal drawn by rejection: each of up to ``tries`` draws is kept with its
    ``chance`` (so the deals kept are as likely as ``chance`` makes them); if none
    is, the likeliest drawn."""
    best = draw()
    most = -1.0
    for attempt in range(max(1, tries)):
        deal = draw() if attempt else best
        p = chance(deal)
        if p >= 1.0 or rng.random() < p:
            return deal
        if p > most:
            best, most = deal, p
    return best
