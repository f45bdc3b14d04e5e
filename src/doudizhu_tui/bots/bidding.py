"""Bidding from simulated outcomes: what each auction action is worth to this seat.

During the auction a seat knows its own hand only.  :func:`auction_values` deals
the cards it cannot see at random (the kitty, and the other hands by how many
cards each holds; any wild rank not shown yet is drawn too), and for each of the
seat's legal actions (pass, each bid; or call, rob, pass) plays the rest of the
auction by the table's own rules (the core's :class:`~doudizhu_tui.core.Auction`
and :class:`~doudizhu_tui.core.RobAuction`), the other seats speaking as the
point count advises.  Whoever that makes the landlord takes the kitty, and the
deal is played out with the policy in every seat (:func:`~.simulate.rollout`).
An action is worth the points it wins or loses on average over the deals (the
stake, twice over as the landlord), or its share of won deals.  The Hard level
takes the action worth most: it bids on a hand when the hand pays more as the
landlord than as a peasant, and no higher than pays.

:func:`landlord_odds` is the older measure: the share of the deals the hand
wins as the landlord, with the Normal policy everywhere, bid on by fixed lines
(:func:`odds_action`).  The samples come from the decision's own generator, so
the same hand in the same auction always gets the same answer.
"""

from __future__ import annotations

import random
from typing import cast

from ..core import (
    WILDABLE_RANKS,
    Action,
    Auction,
    BidAction,
    Observation,
    RobAction,
    RobAuction,
    RuleProfile,
    claimed,
)
from .advice import rate_counts
from .base import bid_by_strength, high_bid, rob_by_strength, wilds_of
from .infer import by_chance, read_bids
from .policy import NEXT, NORMAL, Style
from .simulate import rollout
from .wilds import quick_virtual

__all__ = ["BidLines", "auction_values", "landlord_odds", "odds_action"]


def landlord_odds(obs: Observation, rng: random.Random, samples: int) -> float:
    """The share of ``samples`` random completions of the deal that this seat, as the
    landlord with the kitty, wins with the Normal policy in every seat."""
    deals = _deals(obs, rng, samples, NORMAL)
    return sum(landlord_won for _, _, _, landlord_won in deals) / samples


def auction_values(
    obs: Observation,
    rng: random.Random,
    samples: int,
    style: Style = NORMAL,
    points: bool = True,
    throw_in: float = 0.5,
    tries: int = 0,
    edge: tuple[float, float] = (0.0, 0.0),
) -> dict[Action, float]:
    """What each of this seat's legal auction actions is worth, on the same
    ``samples`` random completions of the deal.

    After the action the rest of the auction is played by the table's own rules,
    each other seat speaking as the point count advises (:func:`~.base.advised_bid`,
    the way most players bid) and this seat passing from then on; the winner takes
    the kitty and the deal is played out with the policy in ``style`` in every seat.
    With ``points`` a deal is worth what this seat scores in stakes: the bid (or a
    doubling for each rob) won or lost, twice over as the landlord (three times with
    two packs), nothing when thrown in.  Without, a deal is worth 1 if this seat's
    side wins, 0 if not, and ``throw_in`` (what a new deal is worth) if nobody takes
    it.  The values are means over the deals, drawn as the bids so far make them likely
    when ``tries`` is set (see :func:`_deals`).  ``edge`` is added to this seat's
    chance of winning as the landlord and as a peasant: how much better the player
    plays than the play-outs do."""
    me = int(obs.seat)
    rules = obs.rules
    players = len(obs.cards_left)
    shown = wilds_of(obs)
    deals = _deals(obs, rng, samples, style, tries)
    values: dict[Action, float] = dict.fromkeys(obs.legal_actions, 0.0)
    for hands, kitty_cards, wilds, landlord_won in deals:
        strength = {s: rate_counts(hands[s], rules, shown).bid for s in range(players) if s != me}
        outcomes = {me: landlord_won}
        for action in values:
            landlord, stake = _auction_winner(obs, action, strength)
            if landlord is None:
                values[action] += 0.0 if points else throw_in
                continue
            if landlord not in outcomes:
                outcomes[landlord] = _landlord_wins(
                    [list(h) for h in hands], kitty_cards, landlord, rules, wilds, style
                )
            alone = landlord == me
            won = outcomes[landlord] == alone
            bonus = edge[0] if alone else edge[1]
            if points:
                values[action] += (
                    ((1 if won else -1) + 2 * bonus) * stake * (players - 1 if alone else 1)
                )
            else:
                values[action] += won + bonus
    return {action: total / samples for action, total in values.items()}


def _deals(
    obs: Observation, rng: random.Random, samples: int, style: Style, tries: int = 0
) -> list[tuple[list[list[int]], list[int], tuple[int, ...], bool]]:
    """``samples`` random completions of the deal: the hands (this seat's as it is),
    the kitty, the wild ranks (any not shown yet drawn) and whether this seat wins as
    the landlord, played out in ``style``.  With ``tries``, each deal is drawn up to
    that many times and kept by the other seats' bids so far (:class:`~.infer.BidReader`)."""
    me = int(obs.seat)
    rules = obs.rules
    hand = obs.hand_counts()
    unseen = obs.unseen_counts()
    pool = [r for r in range(3, 18) for _ in range(unseen[r])]
    kitty = obs.kitty_size
    left = list(obs.cards_left)
    players = len(left)
    shown = wilds_of(obs)
    missing = rules.wildcards - len(shown)
    after = [NEXT[players][me]]
    while len(after) < players - 1:
        after.append(NEXT[players][after[-1]])
    bids = read_bids(obs) if tries else None

    def spoke(deal: tuple[list[list[int]], list[int]]) -> float:
        return 1.0 if bids is None else bids.chance(deal[0])

    def draw() -> tuple[list[list[int]], list[int]]:
        rng.shuffle(pool)
        hands = [[0] * 18 for _ in range(players)]
        mine = hands[me]
        for r in range(3, 18):
            mine[r] = hand[r]
        pos = kitty
        for seat in after:
            h = hands[seat]
            for r in pool[pos : pos + left[seat]]:
                h[r] += 1
            pos += left[seat]
        return hands, pool[:kitty]

    deals = []
    for _ in range(samples):
        if bids is None:
            hands, kitty_cards = draw()
        else:
            # Kept with the chance that its hands would have bid as the others did.
            hands, kitty_cards = by_chance(draw, spoke, rng, tries)
        wilds = shown
        if missing > 0:
            choices = [int(r) for r in WILDABLE_RANKS if int(r) not in shown]
            wilds = tuple(sorted((*shown, *rng.sample(choices, missing))))
        dealt = [list(h) for h in hands]
        won = _landlord_wins(hands, kitty_cards, me, rules, wilds, style)
        deals.append((dealt, kitty_cards, wilds, won))
    return deals


def _landlord_wins(
    hands: list[list[int]],
    kitty: list[int],
    landlord: int,
    rules: RuleProfile,
    wilds: tuple[int, ...],
    style: Style,
) -> bool:
    """Whether ``landlord``, given the kitty, wins the deal played out from the lead
    with the policy in ``style`` in every seat (``hands`` are changed)."""
    for r in kitty:
        hands[landlord][r] += 1
    if wilds:
        hands = [quick_virtual(h, wilds) for h in hands]
    return rollout(
        hands, landlord, landlord, None, -1, rules, wilds=wilds, styles=(style,) * len(hands)
    )


def _auction_winner(
    obs: Observation, move: Action, strength: dict[int, int]
) -> tuple[int | None, int]:
    """The seat that wins the auction if this seat makes ``move`` and then passes,
    the others speaking by their hands' ``strength`` (the advised bid, as
    :func:`~.base.advised_bid` speaks), and the stake it stands on (the bid, or a
    doubling for each rob); None when the deal is thrown in."""
    me = obs.seat
    if obs.rules.auction == "rob":
        rob = RobAuction(first=obs.first_bidder, players=obs.rules.players)
        for _seat, said in obs.rob_moves:
            rob.speak(said)
        rob.speak(cast(RobAction, move).move)
        while not rob.done:
            seat = rob.turn
            if seat == me:
                rob.speak("pass")
                continue
            spoke = claimed(rob.moves, seat)
            rob.speak(rob_by_strength(strength[int(seat)], rob.caller is None, spoke))
        return (None if rob.landlord is None else int(rob.landlord)), rob.factor
    auction = Auction(first=obs.first_bidder, players=obs.rules.players)
    for _seat, amount in obs.bids:
        auction.bid(amount)
    auction.bid(cast(BidAction, move).amount)
    while not auction.done:
        seat = auction.turn
        auction.bid(0 if seat == me else bid_by_strength(strength[int(seat)], auction.high))
    return (None if auction.landlord is None else int(auction.landlord)), auction.high


class BidLines:
    """The odds at which a hand bids 1, 2 and 3 (a rob table: calls, robs, robs back)."""

    __slots__ = ("one", "three", "two")

    def __init__(self, one: float, two: float, three: float) -> None:
        self.one, self.two, self.three = one, two, three

    def bid(self, odds: float) -> int:
        """The bid these odds are worth (0: pass)."""
        return 3 if odds >= self.three else 2 if odds >= self.two else 1 if odds >= self.one else 0


def odds_action(obs: Observation, odds: float, lines: BidLines) -> Action:
    """The auction action for a hand of these ``odds``: at a bidding table the bid the
    odds are worth if it outbids the table (else a pass); at a rob table a call at
    the first line, a rob at the second, a rob back at the third."""
    legal = obs.legal_rob_moves
    if legal:
        if "call" in legal and odds >= lines.one:
            return RobAction("call")
        if "rob" in legal:
            spoke = claimed(obs.rob_moves, obs.seat)
            if odds >= (lines.three if spoke else lines.two):
                return RobAction("rob")
        return RobAction("pass")
    want = lines.bid(odds)
    if want > high_bid(obs) and BidAction(want) in obs.legal_actions:
        return BidAction(want)
    return BidAction(0)
