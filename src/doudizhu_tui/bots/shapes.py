"""The shapes of play the bots' hand search uses, derived from the core once per profile.

The bots keep no table of the rules of their own.  What the hand search
(:mod:`.analysis`) needs to know (which chains a profile has, how short and how
high each may run, what a group of one rank is, and how a set of cards reads)
is asked of the core's :func:`~doudizhu_tui.core.classify_counts` under the
deal's :class:`~doudizhu_tui.core.RuleProfile`, here and only here, the first
time a profile is met.  Every play the search hands out is a reading the core
gave (:meth:`Shapes.reading`), so a profile that drops a kind drops it from the
bots too.

>>> from doudizhu_tui.core import CLASSIC
>>> [(c.kind.label, c.width, c.shortest, c.highest) for c in shapes_of(CLASSIC).chains]
[('straight', 1, 5, 14), ('pair chain', 2, 3, 14), ('airplane', 3, 2, 14)]
>>> [k.label for k in shapes_of(CLASSIC).groups]
['single', 'pair', 'trio', 'bomb']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core import Kind, Play, Rank, RuleProfile, classify_counts
from ..core.combos import main_width

__all__ = ["ChainShape", "Shapes", "shapes_of", "width_of"]

_BJ = int(Rank.BLACK_JOKER)
_RJ = int(Rank.RED_JOKER)
_LOWEST = int(Rank.THREE)
_TOP = _RJ
#: Readings remembered per profile before the memo is emptied.
_READINGS_LIMIT = 200_000


#: The core's main widths, by the identity of the kind (hashing an enum member is slow).
_WIDTHS: dict[int, int] = {id(kind): main_width(kind) for kind in Kind}


def width_of(kind: Kind) -> int:
    """:func:`~doudizhu_tui.core.combos.main_width`, looked up faster."""
    return _WIDTHS[id(kind)]


class ChainShape(NamedTuple):
    """A chain kind of a profile: ``width`` cards of each of at least ``shortest``
    consecutive ranks, the top one at most ``highest``."""

    kind: Kind
    width: int
    shortest: int
    highest: int


def _counts(ranks: Sequence[int]) -> list[int]:
    counts = [0] * (_TOP + 1)
    for r in ranks:
        counts[r] += 1
    return counts


class Shapes:
    """What the bots' search knows of one profile's plays (see the module docstring)."""

    __slots__ = (
        "_readings",
        "chain_plays",
        "chains",
        "group_plays",
        "groups",
        "rocket",
        "rocket_play",
        "rocket_ranks",
        "rules",
        "single_kickers",
        "tag",
    )

    def __init__(self, rules: RuleProfile, serial: int) -> None:
        self.rules = rules
        #: A short key naming the profile in the bots' memo tables.
        self.tag = serial.to_bytes(2, "big")
        self._readings: dict[tuple[int, ...], list[Play]] = {}
        most = 4 * rules.packs
        groups = [self._only_kind([_LOWEST] * n) for n in range(1, most + 1)]
        #: groups[n - 1]: the kind of n cards of one rank (n = 1..4, 1..8 with two packs).
        self.groups: tuple[Kind, ...] = tuple(kind for kind in groups if kind is not None)
        if len(self.groups) != len(groups):
            raise ValueError(f"profile {rules.name!r}: one to {most} cards of a rank must be plays")
        #: The kind of all the jokers together (one of each colour per pack), None if
        #: they are not one play; rocket_ranks: its cards.
        self.rocket_ranks: tuple[int, ...] = (_BJ,) * rules.packs + (_RJ,) * rules.packs
        self.rocket: Kind | None = self._only_kind(list(self.rocket_ranks))
        #: Whether a trio may take a single kicker (not at four players).
        self.single_kickers = self.reading(Kind.TRIO_SINGLE, 4, (3, 4, 4, 4)) is not None
        #: The chain kinds, narrowest first.
        self.chains: tuple[ChainShape, ...] = tuple(
            shape for width in range(1, 5) if (shape := self._chain(width)) is not None
        )
        # The plays themselves, as the core reads them, for the search to hand out.
        #: group_plays[n - 1][r]: n cards of rank r (None where that is not a play).
        self.group_plays: tuple[tuple[Play | None, ...], ...] = tuple(
            tuple(self.reading(kind, r, (r,) * n) if r >= _LOWEST else None for r in range(18))
            for n, kind in enumerate(self.groups, start=1)
        )
        #: chain_plays[i][top][length]: the chain of ``chains[i]`` (None if not a play).
        self.chain_plays: tuple[tuple[tuple[Play | None, ...], ...], ...] = tuple(
            tuple(
                tuple(self._chain_play(c, top, length) for length in range(_BJ - _LOWEST + 1))
                for top in range(_TOP + 1)
            )
            for c in self.chains
        )
        #: The rocket (None when the profile has none).
        self.rocket_play: Play | None = (
            None if self.rocket is None else self.reading(self.rocket, _RJ, self.rocket_ranks)
        )

    def _only_kind(self, ranks: Sequence[int]) -> Kind | None:
        readings = classify_counts(_counts(ranks), self.rules)
        return readings[0].kind if len(readings) == 1 else None

    def _bare_chain(self, width: int, lo: int, top: int) -> Kind | None:
        """The chain kind (no kickers) the core reads in ``width`` cards of each rank
        ``lo..top``, or None."""
        length = top - lo + 1
        ranks = [r for r in range(lo, top + 1) for _ in range(width)]
        for play in classify_counts(_counts(ranks), self.rules):
            kind = play.kind
            if kind.is_chain and main_width(kind) == width and play.length == length:
                return kind
        return None

    def _chain(self, width: int) -> ChainShape | None:
        for length in range(2, _BJ - _LOWEST + 1):
            kind = self._bare_chain(width, _LOWEST, _LOWEST + length - 1)
            if kind is not None:
                highest = max(
                    top
                    for top in range(_LOWEST + length - 1, _TOP + 1)
                    if self._bare_chain(width, top - length + 1, top) is kind
                )
                return ChainShape(kind, width, length, highest)
        return None

    def _chain_play(self, chain: ChainShape, top: int, length: int) -> Play | None:
        lo = top - length + 1
        if length < chain.shortest or lo < _LOWEST or top > chain.highest:
            return None
        ranks = tuple(r for r in range(lo, top + 1) for _ in range(chain.width))
        return self.reading(chain.kind, top, ranks)

    def reading(self, kind: Kind, top: int, ranks: tuple[int, ...]) -> Play | None:
        """The core's reading of the cards ``ranks`` (lowest first) as ``kind`` with main
        rank ``top``, or None when the profile has no such reading."""
        readings = self._readings.get(ranks)
        if readings is None:
            readings = classify_counts(_counts(ranks), self.rules)
            if len(self._readings) >= _READINGS_LIMIT:
                self._readings.clear()
            self._readings[ranks] = readings
        for play in readings:
            if play.kind is kind and play.rank == top:
                return play
        return None


_BY_PROFILE: dict[RuleProfile, Shapes] = {}
_LAST: list[Shapes] = []


def shapes_of(rules: RuleProfile) -> Shapes:
    """The shapes of ``rules`` (worked out the first time, then remembered)."""
    if _LAST and _LAST[0].rules is rules:
        return _LAST[0]
    shapes = _BY_PROFILE.get(rules)
    if shapes is None:
        shapes = _BY_PROFILE[rules] = Shapes(rules, len(_BY_PROFILE))
    _LAST[:] = [shapes]
    return shapes
