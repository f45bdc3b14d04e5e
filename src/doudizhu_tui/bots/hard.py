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

from ..core import Action, Observation, Phase, Play, Seat
from .analysis import remove
from .base import advised_bid, decision_rng, known_counts, to_action, view_of
from .movegen import leads
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


class HardBot:
    """Tracks the cards, closes out with sure winners, searches the rest."""

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        self.seat = seat
        self.seed = rng.getrandbits(48)

    def decide(self, observation: Observation) -> Action:
        """A bid from the advice (one step higher at four players), or the searched
        play."""
        if observation.phase is Phase.AUCTION:
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
        cands = cands[: FOUR_CANDIDATES if four else CANDIDATES]
        if trick is None and sum(v.hand) <= ENDGAME:
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
        in_play = sum(v.left)
        if four:
            samples = FOUR_BUDGET // (len(cands) * in_play)
            samples = max(FOUR_MIN_SAMPLES, min(FOUR_MAX_SAMPLES, samples))
        else:
            budget = int(BUDGET * WILD_SHARE) if v.wilds else BUDGET
            samples = budget // (len(cands) * in_play)
            samples = max(MIN_SAMPLES, min(MAX_SAMPLES, samples))
        history = [(int(s), p) for s, p in obs.history]
        clues = pass_clues(history, v.me, v.landlord, players=v.players) if INFER else []
        deals = []
        for _ in range(samples):
            for _attempt in range(TRIES):
                hands = sample_hands(v.me, v.hand, v.left, unseen, known_map, rng)
                if fits_clues(hands, clues, v.rules):
                    break
            deals.append(hands)
        wins = [0] * len(cands)
        for i, cand in enumerate(cands):
            for hands in deals:
                if _play_out(v, hands, cand):
                    wins[i] += 1
        best = max(range(len(cands)), key=lambda i: (wins[i], -i))
        return cands[best]


def _play_out(v: View, hands: list[list[int]], move: Play | None) -> bool:
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
    landlord_won = rollout(hands, v.landlord, v.next, trick, owner, v.rules, wilds=wilds)
    return landlord_won == (me == v.landlord)
