"""Multiplier, round value and the zero-sum settlement (R24-R27, R40).

>>> s = settle(base=10, bid=3, bombs=2, rockets=1, spring=False, reverse_spring=False,
...            landlord=Seat.RIGHT, landlord_won=True)
>>> s.multiplier, s.value, s.scores
(8, 240, (-240, 480, -240))
>>> [item.label for item in s.items]
['bid 3', 'bomb x2', 'bomb x2', 'rocket x2']

After a rob auction (R40) the call counts once and each rob doubles:

>>> r = settle(base=10, bid=1, bombs=1, rockets=0, spring=False, reverse_spring=False,
...            landlord=Seat.YOU, landlord_won=False, robs=2, auction="rob")
>>> r.multiplier, r.value, [item.label for item in r.items]
(8, 80, ['call x1', 'rob x2', 'rob x2', 'bomb x2'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .combos import Kind, Play
from .seats import Seat

#: At a four-player table, the fewest cards of a bomb that doubles the stake (R51).
FOUR_DOUBLING_BOMB = 6


def doubles(play: Play, players: int = 3) -> bool:
    """True for a play that doubles the stake (R25): every bomb and the rocket, except
    at a four-player table, where a bomb doubles only with six cards or more (R51).

    >>> from .combos import classify
    >>> from .cards import parse_cards
    >>> from .rules import RuleProfile
    >>> five = classify(parse_cards("3 3 3 3 3", packs=2), RuleProfile(players=4))[0]
    >>> doubles(five, 4), doubles(classify(parse_cards("3 3 3 3"))[0], 3)
    (False, True)
    """
    if play.kind is Kind.ROCKET:
        return True
    return play.kind is Kind.BOMB and (players == 3 or play.size >= FOUR_DOUBLING_BOMB)


__all__ = ["MultiplierItem", "Settlement", "doubles", "settle"]


@dataclass(frozen=True, slots=True)
class MultiplierItem:
    """One factor of a deal's stake: the bid (or the call), a rob, a bomb, the rocket,
    a spring.  The factors of a deal multiply to ``bid x multiplier``."""

    label: str
    factor: int


@dataclass(frozen=True, slots=True)
class Settlement:
    """How a finished deal is scored."""

    landlord: Seat
    landlord_won: bool
    base: int
    bid: int
    bombs: int
    rockets: int
    spring: bool
    reverse_spring: bool
    #: 2 ** (robs + bombs + rockets), doubled again for a spring or a reverse spring.
    multiplier: int
    #: base x bid x multiplier.
    value: int
    #: Points for each seat, indexed by Seat (three, or four at a four-player table);
    #: they always sum to zero.
    scores: tuple[int, ...]
    #: The itemised stake: the bid (or the call and a line per rob), then a line per
    #: bomb, rocket and spring.
    items: tuple[MultiplierItem, ...]
    #: How many robs the rob auction had (0 after a classic auction).
    robs: int = 0
    #: The kind of auction the deal had: ``"bid"`` (R8) or ``"rob"`` (R38-R40).
    auction: str = "bid"
    #: At a table with wild ranks, the class of each bomb in order: ``"soft"``,
    #: ``"natural"`` or ``"wild"`` (R46); empty at the other tables.
    bomb_classes: tuple[str, ...] = ()
    #: At a four-player table, the size of each bomb that doubled (6 to 8 cards, R51);
    #: ``bombs`` counts only those.  Empty at the other tables.
    bomb_sizes: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        """How many seats the deal was played by."""
        return len(self.scores)

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The seats on the winning side."""
        return tuple(Seat(s) for s, score in enumerate(self.scores) if score > 0)


def settle(
    *,
    base: int,
    bid: int,
    bombs: int,
    rockets: int,
    spring: bool,
    reverse_spring: bool,
    landlord: Seat,
    landlord_won: bool,
    robs: int = 0,
    auction: str = "bid",
    bomb_classes: Sequence[str] = (),
    players: int = 3,
    bomb_sizes: Sequence[int] = (),
) -> Settlement:
    """Score a finished deal: value = base x bid x 2^(bombs+rockets) (x2 for a spring).

    After a rob auction (``auction="rob"``) the bid is 1, the call, and each of the
    ``robs`` doubles the value too (R40).  At a table with wild ranks ``bomb_classes``
    names the class of each of the ``bombs`` (R46) and the itemised stake names it;
    every class doubles alike.

    >>> w = settle(base=10, bid=2, bombs=2, rockets=0, spring=False, reverse_spring=False,
    ...            landlord=Seat.YOU, landlord_won=True, bomb_classes=("soft", "wild"))
    >>> w.value, [item.label for item in w.items]
    (80, ['bid 2', 'soft bomb x2', 'wild bomb x2'])

    With ``players=4`` (R52) the landlord wins or loses three shares, ``bombs`` counts
    only the bombs that double (six cards or more), and ``bomb_sizes`` names their sizes:

    >>> f = settle(base=10, bid=1, bombs=1, rockets=0, spring=False, reverse_spring=False,
    ...            landlord=Seat.ACROSS, landlord_won=True, players=4, bomb_sizes=(7,))
    >>> f.scores, [item.label for item in f.items]
    ((-20, -20, -20, 60), ['bid 1', '7-card bomb x2'])
    """
    if bid not in (1, 2, 3):
        raise ValueError(f"a bid is 1, 2 or 3, not {bid}")
    if auction not in ("bid", "rob"):
        raise ValueError(f"an auction is 'bid' or 'rob', not {auction!r}")
    if auction == "bid" and robs:
        raise ValueError("only a rob auction has robs")
    if auction == "rob" and (bid != 1 or not 0 <= robs <= 3):
        raise ValueError("a rob auction stakes 1 (the call) and has 0 to 3 robs")
    if bomb_classes and (
        len(bomb_classes) != bombs
        or any(c not in ("soft", "natural", "wild") for c in bomb_classes)
    ):
        raise ValueError("bomb classes are 'soft', 'natural' or 'wild', one per bomb")
    if bomb_sizes and (len(bomb_sizes) != bombs or any(not 6 <= n <= 8 for n in bomb_sizes)):
        raise ValueError("bomb sizes are 6 to 8 cards, one per bomb that doubles")
    if players not in (3, 4) or landlord >= players:
        raise ValueError(f"a table of {players} has no seat {landlord.label}")
    if spring and reverse_spring:
        raise ValueError("a deal cannot be both a spring and a reverse spring")
    multiplier = 2 ** (robs + bombs + rockets) * (2 if spring or reverse_spring else 1)
    value = base * bid * multiplier
    sign = 1 if landlord_won else -1
    share = players - 1  # the landlord plays for one share against each partner
    scores = tuple(
        share * sign * value if seat == landlord else -sign * value for seat in range(players)
    )
    if auction == "rob":
        items = [MultiplierItem("call x1", 1), *[MultiplierItem("rob x2", 2)] * robs]
    else:
        items = [MultiplierItem(f"bid {bid}", bid)]
    if bomb_classes:
        items += [MultiplierItem(f"{c} bomb x2", 2) for c in bomb_classes]
    elif bomb_sizes:
        items += [MultiplierItem(f"{n}-card bomb x2", 2) for n in bomb_sizes]
    else:
        items += [MultiplierItem("bomb x2", 2)] * bombs
    items += [MultiplierItem("rocket x2", 2)] * rockets
    if spring:
        items.append(MultiplierItem("spring x2", 2))
    if reverse_spring:
        items.append(MultiplierItem("reverse spring x2", 2))
    return Settlement(
        landlord=landlord,
        landlord_won=landlord_won,
        base=base,
        bid=bid,
        bombs=bombs,
        rockets=rockets,
        spring=spring,
        reverse_spring=reverse_spring,
        multiplier=multiplier,
        value=value,
        scores=scores,
        items=tuple(items),
        robs=robs,
        auction=auction,
        bomb_classes=tuple(bomb_classes),
        bomb_sizes=tuple(bomb_sizes),
    )
