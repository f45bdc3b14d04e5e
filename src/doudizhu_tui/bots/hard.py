"""The Hard level: the Normal policy with card tracking, and a search.

For each decision with more than one sensible move, Hard deals the cards it
cannot see into the other hands at random (two hands, or three at four players;
consistent with how many cards each holds and with the kitty cards it knows the
landlord still has), plays each candidate move out to the end of the deal with
the Normal policy in every seat (in the table's order of play), and keeps the
move that won most often.  It uses only its own observation.  The search has
fixed sizes (no clock), so the same position always gets the same answer; at
four players (hands of 25-33 cards, long play-outs) it searches fewer
candidates and samples, which keeps a decision well under a second.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable

from ..core import Action, Observation, Phase, Play, Seat, counts_of
from .analysis import is_bomb, remove
from .base import advised_bid, decision_rng, known_counts, to_action, view_of
from .bidding import BidLines, landlord_odds, odds_action
from .endgame import Positions, Solver
from .infer import Reader
from .movegen import answers, leads
from .policy import View, decisive_lead, follow_options, lead_options
from .simulate import fits_clues, pass_clues, rollout, sample_hands
from .wilds import quick_virtual, virtual_hand, wild_leads

__all__ = ["HardBot"]

#: The most candidate moves searched; with at most ENDGAME cards in hand, up to
#: EXTRA_LEADS more leads that are not plays of the hand's split.
CANDIDATES = 6
ENDGAME = 8
EXTRA_LEADS = 6
#: The search's size, in cards played out: samples x candidates x cards in play.
BUDGET = 14000
#: The share of the budget at a wild table, where finding the candidates (what each
#: wild card could stand for) takes longer.
WILD_SHARE = 0.75
#: Whether samples must agree with the other seats' passes, and how hard to try.
INFER = True
TRIES = 4
#: Hidden-hand samples per decision, at least and at most.
MIN_SAMPLES, MAX_SAMPLES = 16, 64
#: With two packs (four players: three hidden hands, 25-33 cards each, long
#: play-outs), the candidates, the budget and the samples, at least and at most.
FOUR_CANDIDATES = 5
#: With two packs Hard bids one step above the advice: the advice's lines come from
#: Normal landlords, who win 56% at bid 1 even with the weakest hands, and Hard wins
#: about 80% as landlord against three Normal partners (issue 11's arena).
FOUR_BID_STEP = 1
FOUR_BUDGET = 3000
FOUR_MIN_SAMPLES, FOUR_MAX_SAMPLES = 8, 24
#: Whether the play-outs' seats track the cards (each knows the sampled hands).
TRACK = False
#: Successive rejection: every STAGE samples, the candidates more than REJECT times
#: the samples so far (at least two) behind the best are dropped (0: never).
STAGE = 0
REJECT = 0.2
#: Besides the policy's best options, a follow always weighs a pass, and the weakest
#: bomb when an opponent holds at most MUST cards (0: neither).
MUST = 0
#: Bidding (:mod:`.bidding`): the deals played out to find a hand's odds as landlord,
#: and the odds at which it bids 1, 2 and 3 (calls, robs and robs back).
BID_SAMPLES = 0
FOUR_BID_SAMPLES = 16
BID_LINES = (0.40, 0.50, 0.60)
ROB_LINES = (0.40, 0.50, 0.60)
FOUR_BID_LINES = (0.40, 0.50, 0.60)
#: Exact endgames (:mod:`.endgame`): with at most EXACT cards left in all the hands
#: every sensible play (up to EXACT_CANDIDATES) is searched exactly on each of
#: EXACT_SAMPLES deals, each search looking at up to EXACT_NODES positions (a
#: play-out where it needs more).  Earlier, the play-outs finish exactly once at
#: most FINISH cards are left (FINISH_NODES positions at most).
EXACT = 0
#: Inference (:mod:`.infer`): POOL times the samples are dealt and the deals on which
#: the other seats' last RECENT decisions each look most like sensible play are kept.
POOL = 1
FOUR_POOL = 1
RECENT = 8
#: A decision is a surprise when it is none of the policy's READ_TOP first options.
READ_TOP = 1
#: Whether the other seats' bids are read too.
READ_BIDS = False
#: Deals with this many surprises or more count as equally unlikely.
SURPRISES = 99
EXACT_CANDIDATES = 12
EXACT_SAMPLES = 32
EXACT_NODES = 3000
FINISH = 0
FINISH_NODES = 400


class HardBot:
    """Tracks the cards, closes out with sure winners, searches the rest."""

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        self.seat = seat
        self.seed = rng.getrandbits(48)

    def decide(self, observation: Observation) -> Action:
        """A bid from the hand's simulated odds as landlord, or the searched play."""
        if observation.phase is Phase.AUCTION:
            if BID_SAMPLES:
                four = observation.rules.players == 4
                samples = FOUR_BID_SAMPLES if four else BID_SAMPLES
                odds = landlord_odds(observation, decision_rng(self.seed, observation), samples)
                lines = (
                    FOUR_BID_LINES
                    if four
                    else ROB_LINES
                    if observation.legal_rob_moves
                    else BID_LINES
                )
                return odds_action(observation, odds, BidLines(*lines))
            return advised_bid(observation, FOUR_BID_STEP if observation.rules.players == 4 else 0)
        return to_action(self.choose(observation))

    def choose(self, obs: Observation) -> Play | None:
        """The chosen play (None: pass)."""
        v = view_of(obs, tracking=True)
        trick = v.trick
        for whole in v.whole():
            if trick is None or v.beats(whole, trick):
                return whole
        if trick is None:
            sure = decisive_lead(v)
            if sure is not None:
                return sure
        options: list[Play | None] = list(lead_options(v) if trick is None else follow_options(v))
        cands: list[Play | None] = []
        for option in options:
            if option not in cands:
                cands.append(option)
        four = v.rules.packs > 1
        in_play = sum(v.left)
        exact = in_play <= EXACT
        if exact:
            more = (
                (wild_leads(v.hand, v.rules, v.wilds) if v.wilds else leads(v.hand, v.rules))
                if trick is None
                else [*_answers(v, trick), None]
            )
            cands.extend(m for m in more if m not in cands)
            cands = cands[:EXACT_CANDIDATES]
        else:
            kept = cands[: FOUR_CANDIDATES if four else CANDIDATES]
            if MUST and trick is not None:
                # What a strong player always weighs: passing, and the weakest bomb
                # when an opponent is getting close to going out.
                if None in cands and None not in kept:
                    kept.append(None)
                if min(v.left[o] for o in v.opponents) <= MUST:
                    bomb = next((m for m in cands if m is not None and is_bomb(m)), None)
                    if bomb is not None and bomb not in kept:
                        kept.append(bomb)
            cands = kept
        if not exact and trick is None and sum(v.hand) <= ENDGAME:
            # Near the end, try leads off the split too (a pair from a trio, ...).
            more = wild_leads(v.hand, v.rules, v.wilds) if v.wilds else leads(v.hand, v.rules)
            extra = [m for m in more if m not in cands]
            cands.extend(extra[:EXTRA_LEADS])
        if len(cands) == 1:
            return cands[0]
        rng = decision_rng(self.seed, obs)
        unseen = obs.unseen_counts()
        known = known_counts(obs)
        known_map = (
            {int(obs.landlord): known} if known is not None and obs.landlord is not None else {}
        )
        if exact:
            samples = EXACT_SAMPLES
        elif four:
            samples = FOUR_BUDGET // (len(cands) * in_play)
            samples = max(FOUR_MIN_SAMPLES, min(FOUR_MAX_SAMPLES, samples))
        else:
            budget = int(BUDGET * WILD_SHARE) if v.wilds else BUDGET
            samples = budget // (len(cands) * in_play)
            samples = max(MIN_SAMPLES, min(MAX_SAMPLES, samples))
        history = [(int(s), p) for s, p in obs.history]
        clues = pass_clues(history, v.me, v.landlord, players=v.players) if INFER else []

        def draw() -> list[list[int]]:
            for _attempt in range(TRIES):
                hands = sample_hands(v.me, v.hand, v.left, unseen, known_map, rng)
                if fits_clues(hands, clues, v.rules):
                    break
            return hands

        pool = FOUR_POOL if four else POOL
        if pool > 1:
            bids = [(int(seat), amount) for seat, amount in obs.bids] if READ_BIDS else []
            kitty = counts_of(obs.kitty) if obs.kitty is not None else None
            reader = Reader(
                history, v.left, v.me, v.landlord, v.rules, v.wilds, RECENT, bids, kitty, READ_TOP
            )
            deals = _likely(draw, reader, samples, samples * pool)
        else:
            deals = [draw() for _ in range(samples)]
        wins = [0] * len(cands)
        alive = list(range(len(cands)))
        wild = bool(v.wilds)
        finish = in_play if exact else FINISH
        for n, hands in enumerate(deals, start=1):
            solver = None
            if finish:
                positions: Positions = {}
                solver = Solver(
                    v.rules, v.landlord, EXACT_NODES if exact else FINISH_NODES, wild, positions
                )
            for i in alive:
                if _play_out(v, hands, cands[i], solver, finish):
                    wins[i] += 1
            if STAGE and n % STAGE == 0 and len(alive) > 2:
                # Successive rejection: drop the candidates already far behind.
                lead = max(wins[i] for i in alive)
                margin = max(2.0, REJECT * n)
                alive = [i for i in alive if wins[i] >= lead - margin] or alive
        best = max(alive, key=lambda i: (wins[i], -i))
        return cands[best]


def _likely(
    draw: Callable[[], list[list[int]]], reader: Reader, samples: int, pool: int
) -> list[list[list[int]]]:
    """Of ``pool`` deals drawn in turn, the ``samples`` with the fewest surprises
    (:meth:`~.infer.Reader.surprises`, at most SURPRISES), the earlier first among
    equals, in that order.  A deal that cannot enter the kept ones is not counted
    to the end, and the drawing stops once every kept deal has no surprise."""
    kept: list[tuple[int, int, list[list[int]]]] = []
    for i in range(pool):
        full = len(kept) == samples
        bound = kept[-1][0] if full else SURPRISES
        if bound == 0:
            break
        hands = draw()
        marks = reader.surprises(hands, bound)
        if full and marks >= bound:
            continue
        if full:
            kept.pop()
        insort(kept, (marks, i, hands))
    return [hands for _, _, hands in kept]


def _answers(v: View, trick: Play) -> list[Play]:
    """Every sensible answer of the hand to ``trick``."""
    if v.wilds:
        return v.answers(trick)
    return answers(v.hand, trick, v.rules)


def _play_out(
    v: View,
    hands: list[list[int]],
    move: Play | None,
    solver: Solver | None = None,
    finish: int = 0,
) -> bool:
    """Whether this seat's side wins after ``move`` in one sampled deal."""
    hands = [list(h) for h in hands]
    me = v.me
    trick, owner = v.trick, v.owner
    if move is not None:
        hands[me] = remove(hands[me], move)
        if not any(hands[me]):
            return True
        trick, owner = move, me
    wilds = v.wilds
    if wilds:
        # Played out without wilds: each wild card stands for a rank fixed now (this
        # seat's as in its split, the others' by a quick guess).
        hands = [
            virtual_hand(h, wilds, v.rules) if seat == me else quick_virtual(h, wilds)
            for seat, h in enumerate(hands)
        ]
    landlord_won = rollout(
        hands,
        v.landlord,
        v.next,
        trick,
        owner,
        v.rules,
        wilds=wilds,
        solver=solver,
        finish=finish,
        track=TRACK,
    )
    return landlord_won == (me == v.landlord)
