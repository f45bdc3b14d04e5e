"""Hand rating and bid advice (the auction's status line, and how the bots bid).

A hand is rated by its *big cards* (jokers, 2s, and each bomb of a lower rank
counted as one), its *bombs* (fours of a kind, and the rocket) and the fewest
*plays* it splits into (:func:`~.analysis.fewest_split`).  The advice is a bid
of 1, 2 or 3, or a pass.  Hands of two packs (four players) count bombs of four
to eight cards and the rocket of four jokers, and bid on other lines.

>>> from doudizhu_tui.core import parse_cards
>>> advice_line(parse_cards("3 3 5 6 7 8 9 9 10 J Q K A A 2 2 BJ"))
'3 big cards, 0 bombs, about 6 plays -> bid 1'
>>> advice_line(parse_cards("3 3 3 3 4 5 6 7 9 9 10 J K 2 2 BJ RJ"))
'5 big cards, 2 bombs, about 7 plays -> bid 3'
>>> advice_line(parse_cards("3 4 5 5 6 6 7 8 8 9 10 J J Q Q K 2"))
'1 big card, 0 bombs, about 7 plays -> pass'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core import CLASSIC, Card, Kind, Rank, RuleProfile, counts_of
from .analysis import BJ, RJ, TWO, fewest_split
from .wilds import wild_split

__all__ = [
    "ONE_PACK_BIDS",
    "TWO_PACK_BIDS",
    "HandRating",
    "advice_line",
    "bid_lines",
    "hand_points",
    "rate_counts",
    "rate_hand",
    "recommended_bid",
]


@dataclass(frozen=True, slots=True)
class HandRating:
    """What the bid advice says about a hand."""

    big_cards: int
    bombs: int
    plays: int
    #: The recommended bid: 1, 2 or 3, or 0 for a pass.
    bid: int
    #: The points the bid comes from (:func:`hand_points`; the lines: :func:`bid_lines`).
    points: float

    def line(self) -> str:
        """The advice as shown on the status line."""
        big = _plural(self.big_cards, "big card", "big cards")
        bombs = _plural(self.bombs, "bomb", "bombs")
        plays = _plural(self.plays, "play", "plays")
        advice = f"bid {self.bid}" if self.bid else "pass"
        return f"{big}, {bombs}, about {plays} -> {advice}"


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def recommended_bid(big_cards: int, bombs: int, plays: int, rocket: bool = False) -> int:
    """The bid for a hand of these figures (0: pass).

    Each big card is worth a point and each bomb one and a half more (the rocket
    two); each play fewer than seven adds half a point, each one more takes half off.
    Two points bid 1, four and a half bid 2, six bid 3.  (With the bid-1 line at two
    points, Normal against Normal throws in about 7% of deals and its landlords
    still win about 61%; at three points it was 33% thrown in for the same 62%.)
    """
    return _bid(hand_points(big_cards, bombs, plays, rocket), ONE_PACK_BIDS)


#: The points a hand of one pack needs to bid 1, 2 and 3 (see :func:`recommended_bid`).
ONE_PACK_BIDS: tuple[float, float, float] = (2.0, 4.5, 6.0)


def hand_points(big_cards: int, bombs: int, plays: int, rocket: bool = False) -> float:
    """The points of a hand of these figures: a point a big card, one and a half more
    a bomb (two for the rocket), and half a point a play fewer than seven (half off
    a play more)."""
    return big_cards + 1.5 * bombs + (0.5 if rocket else 0.0) + 0.5 * (7 - plays)


def _bid(points: float, lines: Sequence[float]) -> int:
    """The bid of a hand of ``points``: how many of the ``lines`` it reaches."""
    return sum(1 for line in lines if points >= line)


def bid_lines(rules: RuleProfile) -> tuple[float, float, float]:
    """The points a hand needs to bid 1, 2 and 3 under ``rules``."""
    return TWO_PACK_BIDS if rules.packs > 1 else ONE_PACK_BIDS


def rate_counts(
    counts: Sequence[int], rules: RuleProfile, wilds: tuple[int, ...] = ()
) -> HandRating:
    """Rate a hand given as a rank-count vector, its plays counted under ``rules``.

    With wild ranks known (``wilds``, R44) each wild card counts as a big card, the
    bombs are the natural fours and those of the fewest-plays split the wild cards
    make (:func:`~.wilds.wild_split`), and so are the plays."""
    if wilds and any(counts[a] for a in wilds):
        return _rate_wild(counts, rules, wilds)
    if rules.packs > 1:
        return _rate_two_packs(counts, rules)
    rocket = bool(counts[BJ] and counts[RJ])
    fours = sum(1 for r in range(3, TWO) if counts[r] == 4)
    big = counts[BJ] + counts[RJ] + counts[TWO] + fours
    bombs = fours + (1 if counts[TWO] == 4 else 0) + (1 if rocket else 0)
    plays = fewest_split(counts, rules).plays if any(counts) else 0
    points = hand_points(big, bombs, plays, rocket)
    return HandRating(big, bombs, plays, _bid(points, ONE_PACK_BIDS), points)


#: The points a hand of two packs needs to bid 1, 2 and 3 (see :func:`_rate_two_packs`).
TWO_PACK_BIDS: tuple[float, float, float] = (3.0, 5.0, 7.0)


def _rate_two_packs(counts: Sequence[int], rules: RuleProfile) -> HandRating:
    """Rate a hand of two packs (four players, 25 cards): the big cards are the jokers,
    the 2s and each bomb (four to eight of a rank) below the 2; the bombs are those and
    a bomb of 2s, and the rocket of all four jokers.  The points are counted as with
    one pack, but the landlord's 8-card kitty and three partners move the lines: Normal
    landlords at bid 1 win about 56% with 1-2 points, 60% with 3-4, 70% with 5-6 and
    three in four from 7 up (2,400 forced deals), so 3, 5 and 7 points bid 1, 2 and 3."""
    rocket = counts[BJ] == 2 and counts[RJ] == 2
    low_bombs = sum(1 for r in range(3, TWO) if counts[r] >= 4)
    big = counts[BJ] + counts[RJ] + counts[TWO] + low_bombs
    bombs = low_bombs + (1 if counts[TWO] >= 4 else 0) + (1 if rocket else 0)
    plays = fewest_split(counts, rules).plays if any(counts) else 0
    points = hand_points(big, bombs, plays, rocket)
    return HandRating(big, bombs, plays, _bid(points, TWO_PACK_BIDS), points)


def _rate_wild(counts: Sequence[int], rules: RuleProfile, wilds: tuple[int, ...]) -> HandRating:
    natural = list(counts)
    held = 0
    for a in wilds:
        held += natural[a]
        natural[a] = 0
    rocket = bool(counts[BJ] and counts[RJ])
    split = wild_split(counts, wilds, rules, fewest=True)
    fours = sum(1 for r in range(3, TWO) if natural[r] == 4)
    bombs = sum(1 for m in split.moves if m.kind is Kind.BOMB) + (1 if rocket else 0)
    bombs = max(bombs, fours + (1 if rocket else 0))
    big = counts[BJ] + counts[RJ] + natural[TWO] + fours + held
    points = hand_points(big, bombs, split.plays, rocket)
    return HandRating(big, bombs, split.plays, _bid(points, ONE_PACK_BIDS), points)


def rate_hand(hand: Iterable[Card | Rank], rules: RuleProfile = CLASSIC) -> HandRating:
    """Rate a hand of cards (or ranks) under ``rules`` (pass the deal's profile)."""
    return rate_counts(counts_of(hand), rules)


def advice_line(hand: Iterable[Card | Rank], rules: RuleProfile = CLASSIC) -> str:
    """The bid advice for a hand under ``rules`` (pass the deal's profile), e.g.
    ``3 big cards, 0 bombs, about 7 plays -> bid 1``."""
    return rate_hand(hand, rules).line()
