"""The multiplier, round value and settlement (rule book R25-R27)."""

from __future__ import annotations

from math import prod

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doudizhu_tui.core import Seat, settle
from doudizhu_tui.core.seats import seats_of


def test_r25_bid_3_two_bombs_and_the_rocket_is_x8_worth_240() -> None:
    """base 10 x bid 3 x 2^3 = 240: a winning landlord +480, each peasant -240."""
    s = settle(
        base=10,
        bid=3,
        bombs=2,
        rockets=1,
        spring=False,
        reverse_spring=False,
        landlord=Seat.RIGHT,
        landlord_won=True,
    )
    assert s.multiplier == 8
    assert s.value == 240
    assert s.scores == (-240, 480, -240)
    assert s.winners == (Seat.RIGHT,)
    assert [i.label for i in s.items] == ["bid 3", "bomb x2", "bomb x2", "rocket x2"]


def test_r26_bid_2_one_bomb_and_the_rocket_won_by_the_peasants() -> None:
    """R26/R27's example: worth 80; landlord -160, each peasant +80."""
    s = settle(
        base=10,
        bid=2,
        bombs=1,
        rockets=1,
        spring=False,
        reverse_spring=False,
        landlord=Seat.YOU,
        landlord_won=False,
    )
    assert (s.multiplier, s.value) == (4, 80)
    assert s.scores == (-160, 80, 80)
    assert s.winners == (Seat.RIGHT, Seat.LEFT)


def test_r27_spring_at_bid_one_is_worth_20() -> None:
    """R27's example: a spring at bid 1 without bombs: landlord +40, peasants -20."""
    s = settle(
        base=10,
        bid=1,
        bombs=0,
        rockets=0,
        spring=True,
        reverse_spring=False,
        landlord=Seat.LEFT,
        landlord_won=True,
    )
    assert (s.multiplier, s.value) == (2, 20)
    assert s.scores == (-20, -20, 40)
    assert [i.label for i in s.items] == ["bid 1", "spring x2"]


@pytest.mark.parametrize("landlord_won", [True, False])
def test_r25_a_spring_or_reverse_spring_doubles_once(landlord_won: bool) -> None:
    """The same deal is worth twice as much with a spring (or reverse spring)."""
    common = dict(base=10, bid=2, bombs=1, rockets=0, landlord=Seat.YOU, landlord_won=landlord_won)
    plain = settle(spring=False, reverse_spring=False, **common)  # type: ignore[arg-type]
    doubled = settle(
        spring=landlord_won,
        reverse_spring=not landlord_won,
        **common,  # type: ignore[arg-type]
    )
    assert doubled.multiplier == 2 * plain.multiplier
    assert doubled.value == 2 * plain.value
    assert doubled.scores == tuple(2 * x for x in plain.scores)


def test_r27_the_peasants_winning_flips_every_sign() -> None:
    """Same stake, the other side wins: every score changes sign."""
    kwargs = dict(base=10, bid=3, bombs=1, rockets=0, spring=False, reverse_spring=False)
    won = settle(landlord=Seat.LEFT, landlord_won=True, **kwargs)  # type: ignore[arg-type]
    lost = settle(landlord=Seat.LEFT, landlord_won=False, **kwargs)  # type: ignore[arg-type]
    assert lost.scores == tuple(-x for x in won.scores)
    assert lost.value == won.value


def test_r26_the_base_scales_the_value() -> None:
    """With base 7, bid 1 and nothing else the deal is worth 7."""
    s = settle(
        base=7,
        bid=1,
        bombs=0,
        rockets=0,
        spring=False,
        reverse_spring=False,
        landlord=Seat.YOU,
        landlord_won=True,
    )
    assert s.value == 7
    assert s.scores == (14, -7, -7)


@pytest.mark.parametrize("bid", [0, 4, -1])
def test_a_bid_outside_1_to_3_is_refused(bid: int) -> None:
    """Only a landlord's bid of 1, 2 or 3 can be settled."""
    with pytest.raises(ValueError, match=str(bid)):
        settle(
            base=10,
            bid=bid,
            bombs=0,
            rockets=0,
            spring=False,
            reverse_spring=False,
            landlord=Seat.YOU,
            landlord_won=True,
        )


def test_spring_and_reverse_spring_together_are_refused() -> None:
    """One side won: the deal cannot be both."""
    with pytest.raises(ValueError, match="both"):
        settle(
            base=10,
            bid=1,
            bombs=0,
            rockets=0,
            spring=True,
            reverse_spring=True,
            landlord=Seat.YOU,
            landlord_won=True,
        )


@given(
    base=st.integers(1, 1000),
    bid=st.integers(1, 3),
    bombs=st.integers(0, 13),
    rockets=st.integers(0, 1),
    doubled=st.booleans(),
    landlord=st.sampled_from(list(seats_of(3))),
    landlord_won=st.booleans(),
)
def test_r27_every_settlement_sums_to_zero_and_matches_the_formula(
    base: int,
    bid: int,
    bombs: int,
    rockets: int,
    doubled: bool,
    landlord: Seat,
    landlord_won: bool,
) -> None:
    """value = base x bid x 2^(bombs+rockets) (x2 for a spring), no cap; landlord ±2v,
    peasants ∓v; the items multiply to bid x multiplier."""
    s = settle(
        base=base,
        bid=bid,
        bombs=bombs,
        rockets=rockets,
        spring=doubled and landlord_won,
        reverse_spring=doubled and not landlord_won,
        landlord=landlord,
        landlord_won=landlord_won,
    )
    multiplier = 2 ** (bombs + rockets) * (2 if doubled else 1)
    assert s.multiplier == multiplier
    assert s.value == base * bid * multiplier
    assert sum(s.scores) == 0
    sign = 1 if landlord_won else -1
    for seat in seats_of(3):
        assert s.scores[seat] == (2 * sign * s.value if seat == landlord else -sign * s.value)
    assert prod(i.factor for i in s.items) == bid * multiplier
    assert len(s.winners) == (1 if landlord_won else 2)
