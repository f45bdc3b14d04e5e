"""Exact endgames: who wins a position when every hand is known, with best play.

The Hard level's search deals the cards it cannot see into the other hands; on
each such deal, once few cards are left, this module plays the position out
exactly instead of with the Normal policy: a proof search over the legal plays
(the core's generator, with the kickers cut to the sensible ones of
:mod:`.movegen`), the landlord trying to go out first and the peasants (all of
them, at four players) trying to stop it, every seat seeing every hand.  Positions
are remembered in a table (one per decision, passed in by the caller), so a
position reached by two candidate moves is searched once.

The search has a size limit in positions (no clock): when a position needs more,
:meth:`Solver.landlord_wins` says so (None) and the caller falls back to a
play-out.  The table holds exact results only, and a decision starts with an
empty one, so whether a search fits its limit depends on the decision alone.

>>> from doudizhu_tui.core import CLASSIC, parse_cards, counts_of
>>> hands = [counts_of(parse_cards(t)) for t in ("3 3 K", "4 4", "A A")]
>>> Solver(CLASSIC, landlord=0).landlord_wins(hands, turn=0)
False
>>> hands = [counts_of(parse_cards(t)) for t in ("3 2 2", "4 4", "A A")]
>>> Solver(CLASSIC, landlord=0).landlord_wins(hands, turn=0)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Kind, Play, RuleProfile, beats_wild
from .analysis import PlayNumbers
from .movegen import answers, leads
from .policy import NEXT

__all__ = ["Solver"]

#: Move lists remembered (per profile) before they are emptied.
_MOVES_LIMIT = 200_000

_KIND_NO: dict[int, int] = {id(kind): i for i, kind in enumerate(Kind)}


class _OutOfBudget(Exception):
    """The search needed more positions than it was allowed."""


def _trick_key(trick: Play | None) -> tuple[int, int, int, int]:
    """What of a play on the table matters to what may beat it."""
    if trick is None:
        return (-1, 0, 0, 0)
    return (_KIND_NO[id(trick.kind)], int(trick.rank), trick.length, len(trick.ranks))


#: A move of a hand: the play's number (see :class:`_MoveTable`), the hand left after
#: it, how many cards it takes.
_Move = tuple[int, bytes, int]


class _MoveTable:
    """The move lists of one profile by (hand, trick): they depend on nothing else.

    A move names its play by number in ``numbered``, so that a move list is a tuple of
    numbers and bytes: the lists outlive the decisions, up to _MOVES_LIMIT of them,
    and such tuples are objects the garbage collector stops visiting after their
    first collection, where lists of plays would be visited at every full one.
    """

    __slots__ = ("lists", "numbered")

    def __init__(self) -> None:
        self.lists: dict[tuple[bytes, tuple[int, int, int, int], bool], tuple[_Move, ...]] = {}
        self.numbered = PlayNumbers()

    def clear(self) -> None:
        """Forget every move list and play (a new table of plays: a search under way
        keeps the plays of the move lists it holds)."""
        self.lists = {}
        self.numbered = PlayNumbers()


_MOVES: dict[RuleProfile, _MoveTable] = {}

#: Solved positions: (hands, seat to act, trick, its owner) -> the landlord wins.
Positions = dict[tuple[object, ...], bool]


class Solver:
    """Exact searches of positions of one deal's table from the landlord's side.

    ``budget`` is the most new positions one call of :meth:`landlord_wins` may look
    at; ``positions`` is the table of solved positions (a new one when not given;
    share one between the solvers of one decision and one sampled deal); ``wilds``
    marks a wild table, where the hands are the play-outs' virtual hands (each wild
    card fixed as a rank) and a play must beat the table with bomb classes.
    """

    __slots__ = (
        "budget",
        "landlord",
        "moves",
        "nodes",
        "players",
        "positions",
        "rules",
        "spent",
        "wild",
    )

    def __init__(
        self,
        rules: RuleProfile,
        landlord: int,
        budget: int = 20_000,
        wilds: bool = False,
        positions: Positions | None = None,
    ) -> None:
        self.rules = rules
        self.landlord = landlord
        self.players = rules.players
        self.budget = budget
        self.wild = wilds
        self.nodes = 0
        #: The new positions looked at by all the calls so far.
        self.spent = 0
        self.positions: Positions = {} if positions is None else positions
        moves = _MOVES.get(rules)
        if moves is None:
            moves = _MOVES[rules] = _MoveTable()
        self.moves = moves

    def landlord_wins(
        self,
        hands: Sequence[Sequence[int]],
        turn: int,
        trick: Play | None = None,
        owner: int = -1,
    ) -> bool | None:
        """Whether the landlord goes out first from this position with best play on
        both sides (``turn`` to act, ``trick`` on the table, made by ``owner``);
        None when the search would need more than ``budget`` positions."""
        self.nodes = 0
        state = tuple(bytes(h) for h in hands)
        lefts = [sum(h) for h in hands]
        try:
            return self._search(state, lefts, turn, trick, owner)
        except _OutOfBudget:
            return None
        finally:
            self.spent += self.nodes

    def _moves(self, hand: bytes, trick: Play | None) -> tuple[_Move, ...]:
        """The sensible plays of ``hand`` (beating ``trick`` when there is one), the
        biggest first, each with the hand it leaves."""
        key = (hand, _trick_key(trick), trick is not None and bool(trick.wilds))
        table = self.moves
        hit = table.lists.get(key)
        if hit is not None:
            return hit
        rules = self.rules
        if trick is None:
            plays = leads(hand, rules)
        else:
            plays = answers(hand, trick, rules)
            if self.wild:
                plays = [p for p in plays if beats_wild(p, trick)]
        # The biggest plays first (they shed the most), then the lowest.
        plays = sorted(plays, key=lambda p: (-len(p.ranks), p.rank))
        if len(table.lists) >= _MOVES_LIMIT or len(table.numbered) >= _MOVES_LIMIT:
            table.clear()
        number = table.numbered.number
        out: list[_Move] = []
        for p in plays:
            rest = bytearray(hand)
            for r in p.ranks:
                rest[r] -= 1
            out.append((number(p), bytes(rest), len(p.ranks)))
        found = tuple(out)
        table.lists[key] = found
        return found

    def _search(
        self,
        hands: tuple[bytes, ...],
        lefts: list[int],
        turn: int,
        trick: Play | None,
        owner: int,
    ) -> bool:
        if trick is not None and owner == turn:
            trick = None  # everybody else passed: the table is cleared
        key = (hands, turn, _trick_key(trick), owner if trick is not None else -1)
        positions = self.positions
        hit = positions.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        hand = hands[turn]
        left = lefts[turn]
        mine = turn == self.landlord
        moves = self._moves(hand, trick)
        numbered = self.moves.numbered.plays  # the plays ``moves`` numbers
        if moves and moves[0][2] == left:
            result = mine  # the whole hand goes out at once
        else:
            result = not mine
            nxt = NEXT[self.players][turn]
            # Passing: first when the table is the own side's, else after the plays.
            partner_trick = trick is not None and (owner == self.landlord) == mine
            if partner_trick and self._search(hands, lefts, nxt, trick, owner) == mine:
                result = mine
            else:
                for number, rest, size in moves:
                    play = numbered[number]
                    child = (*hands[:turn], rest, *hands[turn + 1 :])
                    lefts[turn] = left - size
                    won = self._search(child, lefts, nxt, play, turn) == mine
                    lefts[turn] = left
                    if won:
                        result = mine
                        break
                else:
                    if (
                        trick is not None
                        and not partner_trick
                        and self._search(hands, lefts, nxt, trick, owner) == mine
                    ):
                        result = mine
        positions[key] = result
        return result
