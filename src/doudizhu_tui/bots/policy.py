"""The Normal level's card play, shared by the Hard level and its rollouts.

A :class:`View` is one seat's position on count vectors (its hand, how many
cards each seat holds, the trick to beat); :func:`choose` answers with a move
or None for a pass.  The rules of thumb:

- go out at once when the whole hand is one play that may be played;
- lead from the best split of the hand (:func:`~.analysis.best_split`): the low,
  long plays first, the controls (2s, jokers, bombs) last;
- when an opponent is down to one card, lead pairs (or anything but a single),
  and answer a single with the highest single;
- follow an opponent with the play that leaves the best hand; break a
  combination only when it must (an opponent is close to going out);
- never beat the partner's play (unless that play takes the last cards).

With ``tracking`` (the Hard level) the policy also knows which cards are still
out: it leads a play nobody can beat when that closes the hand out, bombs when
it can then finish in two plays, and feeds a partner who is about to go out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .analysis import (
    ACE,
    AIRPLANE,
    AIRPLANE_PAIRS,
    AIRPLANE_SINGLES,
    BJ,
    BOMB,
    PAIR,
    PAIR_CHAIN,
    RJ,
    ROCKET,
    SINGLE,
    STRAIGHT,
    TRIO,
    TRIO_PAIR,
    TRIO_SINGLE,
    TWO,
    WIDTH,
    Move,
    Split,
    best_split,
    is_bomb,
    move_cost,
    remove,
)
from .movegen import answers, beats, whole_hand

__all__ = [
    "View",
    "can_be_beaten",
    "choose",
    "decisive_lead",
    "follow_options",
    "lead_options",
]


@dataclass(slots=True)
class View:
    """One seat's position, on count vectors."""

    me: int
    landlord: int
    hand: list[int]
    #: Cards held by each seat.
    left: Sequence[int]
    #: The move to beat, None when this seat leads.
    trick: Move | None = None
    #: The seat that made the trick (-1 when leading).
    owner: int = -1
    #: Ranks this seat has not seen (in the other hands); None without card tracking.
    unseen: Sequence[int] | None = None
    #: A split of the hand to use instead of searching for the best one (rollouts
    #: keep the split they started from as the hand is played out).
    split: Split | None = None

    def hand_split(self) -> Split:
        """The split the policy plays the hand by."""
        return self.split if self.split is not None else best_split(self.hand)

    @property
    def partner(self) -> int:
        """The other peasant, or -1 for the landlord."""
        if self.me == self.landlord:
            return -1
        return 3 - self.me - self.landlord

    @property
    def opponents(self) -> tuple[int, ...]:
        """The seats on the other side."""
        if self.me == self.landlord:
            return ((self.me + 1) % 3, (self.me + 2) % 3)
        return (self.landlord,)


# ----- reading a position --------------------------------------------------------------


def can_be_beaten(move: Move, unseen: Sequence[int], most: int = 20) -> bool:
    """Whether some cards among ``unseen`` (at most ``most`` of them, the largest hand
    that could answer) beat ``move``: a bomb or the rocket counts."""
    kind, top, length = move[0], move[1], move[2]
    if kind == ROCKET:
        return False
    if unseen[BJ] and unseen[RJ] and most >= 2:
        return True
    if most >= 4 and any(unseen[r] == 4 for r in range(top + 1 if kind == BOMB else 3, 16)):
        return True
    if kind == BOMB:
        return False
    if kind in (SINGLE, PAIR, TRIO):
        w = WIDTH[kind]
        return most >= w and any(unseen[r] >= w for r in range(top + 1, 18))
    if kind in (TRIO_SINGLE, TRIO_PAIR):
        need = 4 if kind == TRIO_SINGLE else 5
        if most < need:
            return False
        for r in range(top + 1, 16):
            if unseen[r] >= 3:
                kick = 1 if kind == TRIO_SINGLE else 2
                if any(unseen[x] >= kick for x in range(3, 18) if x != r):
                    return True
        return False
    if kind in (STRAIGHT, PAIR_CHAIN, AIRPLANE, AIRPLANE_SINGLES, AIRPLANE_PAIRS):
        w = WIDTH[kind]
        if most < len(move[3]):
            return False
        for t in range(top + 1, ACE + 1):
            lo = t - length + 1
            if all(unseen[r] >= w for r in range(lo, t + 1)):
                return True
        return False
    # four with two: only a higher four of the same shape (or a bomb, seen above)
    return False


def _loose_single(hand: Sequence[int]) -> int:
    """The lowest rank held, or 0."""
    for r in range(3, 18):
        if hand[r]:
            return r
    return 0


def _lead_key(move: Move) -> float:
    """Lead order: low plays first, long plays early, the strong ones last."""
    kind, top, length, ranks = move
    low = top - length + 1 if kind in (STRAIGHT, PAIR_CHAIN, AIRPLANE) else top
    if kind in (AIRPLANE_SINGLES, AIRPLANE_PAIRS):
        low = top - length + 1
    key = low - 0.45 * (len(ranks) - 1)
    if move_cost(move) < 0.35:  # a control: keep it for later
        key += 20
    if is_bomb(move):
        key += 40
    return key


def _control_penalty(move: Move) -> float:
    """What spending a strong play costs beyond the cards (the lead it could win later)."""
    kind, top = move[0], move[1]
    if kind == ROCKET:
        return 1.6
    if kind == BOMB:
        return 1.3
    if kind == SINGLE and top >= TWO:
        return (0.25, 0.4, 0.5)[top - TWO]
    if kind == PAIR and top == TWO:
        return 0.5
    if top >= TWO:
        return 0.3
    return 0.0


def _split_cost(hand: Sequence[int]) -> float:
    return best_split(hand).cost if any(hand) else -2.0


# ----- leading ----------------------------------------------------------------------


def lead_options(v: View) -> list[Move]:
    """Plays worth leading, best first (the first is the policy's choice)."""
    hand = v.hand
    moves = sorted(v.hand_split().moves, key=_lead_key)
    tracking = v.unseen is not None
    opp_min = min(v.left[o] for o in v.opponents)
    partner = v.partner

    if tracking:
        first = decisive_lead(v, moves)
        if first is not None:
            return [first] + [m for m in moves if m != first]
        if partner >= 0 and v.left[partner] <= 2 and v.left[v.landlord] > 1:
            fed = _feed(v, moves)
            if fed:
                return fed + [m for m in moves if m not in fed]
    if not tracking and len(moves) == 2:
        strong = [m for m in moves if move_cost(m) <= 0.1]
        if strong:
            return strong + [m for m in moves if m not in strong]

    if opp_min == 1:
        # No singles for an opponent with one card: lead anything else, a pair first.
        pairs = [m for m in moves if m[0] == PAIR]
        others = [m for m in moves if m[0] != SINGLE and m[0] != PAIR and not is_bomb(m)]
        if not pairs and not others:
            pairs = [(PAIR, r, 1, (r, r)) for r in range(3, BJ) if hand[r] >= 2]
        singles = sorted((m for m in moves if m[0] == SINGLE), key=lambda m: -m[1])
        bombs = [m for m in moves if is_bomb(m)]
        return pairs + others + singles + bombs
    if opp_min == 2:
        # An opponent with two cards may hold a pair: keep pairs back.
        pairs = [m for m in moves if m[0] == PAIR]
        if len(pairs) < len(moves):
            return [m for m in moves if m[0] != PAIR] + pairs
    return moves


def decisive_lead(v: View, moves: list[Move] | None = None) -> Move | None:
    """With card tracking, a lead that needs no search: a sure winner when all but one
    of the plays are sure winners (closing out), or a small card for a partner who
    plays next and is about to go out.  None when there is no such lead."""
    unseen = v.unseen
    if unseen is None:
        return None
    if moves is None:
        moves = sorted(v.hand_split().moves, key=_lead_key)
    most = max(v.left[o] for o in v.opponents)
    sure = [m for m in moves if not can_be_beaten(m, unseen, most)]
    if sure and len(moves) - len(sure) <= 1:
        sure.sort(key=lambda m: (is_bomb(m), -len(m[3])))
        return sure[0]
    partner = v.partner
    if partner == (v.me + 1) % 3 and v.left[partner] == 1:
        fed = _feed(v, moves)
        if fed:
            return fed[0]
    return None


def _feed(v: View, moves: list[Move]) -> list[Move]:
    """Small plays a partner with one or two cards can beat."""
    partner = v.partner
    hand = v.hand
    if v.left[partner] == 1:
        low = _loose_single(hand)
        return [(SINGLE, low, 1, (low,))] if low and low < ACE else []
    pairs: list[Move] = [(PAIR, r, 1, (r, r)) for r in range(3, 13) if hand[r] >= 2]
    return pairs[:1]


# ----- following --------------------------------------------------------------------


def follow_options(v: View) -> list[Move | None]:
    """Answers worth considering, best first (None is a pass); the first is the
    policy's choice."""
    trick = v.trick
    assert trick is not None
    hand = v.hand
    owner = v.owner
    partner = v.partner
    cands = answers(hand, trick)
    if not cands:
        return [None]
    tracking = v.unseen is not None
    if owner == partner:
        return _follow_partner(v, cands) if tracking else [None]

    split = v.hand_split()
    base = split.cost
    owner_left = v.left[owner]
    opp_min = min(v.left[o] for o in v.opponents)
    # How much worse a hand may get to stop the opponent (0: only when it costs nothing).
    if owner_left <= 2:
        threshold = 10.0
    elif owner_left <= 4 or opp_min <= 2:
        threshold = 0.9
    elif v.me == v.landlord:
        threshold = 0.1
    else:
        threshold = 0.0
    # The peasant right after the landlord leaves a weak landlord play to its partner
    # only when it cannot answer cheaply; the last peasant to answer tries harder.
    if partner >= 0 and owner == v.landlord and (v.me + 2) % 3 != v.landlord:
        threshold += 0.15

    if threshold >= 10.0:
        scale = 0.1
    elif threshold >= 0.9:
        scale = 0.5
    else:
        scale = 1.0
    # Plays of the hand's own split cost exactly their share of it; other answers
    # break something up and are priced by splitting what would be left.
    own = set(split.moves)
    scored: list[tuple[float, int, Move]] = []
    others: list[tuple[int, Move]] = []
    for i, m in enumerate(cands):
        if tracking and is_bomb(m) and _finishes_after_bomb(v, m, remove(hand, m)):
            return [m]
        if m in own:
            scored.append((-move_cost(m) + _control_penalty(m) * scale, i, m))
        else:
            others.append((i, m))
    cheap = any(sc <= threshold for sc, _, _ in scored)
    kind = trick[0]
    block = kind in (SINGLE, PAIR) and opp_min <= WIDTH[kind]
    if not cheap or threshold > 0.5 or tracking:
        for i, m in others:
            if is_bomb(m) and threshold < 0.9 and not tracking:
                continue
            after = remove(hand, m)
            if not any(after):
                return [m]
            cost = _split_cost(after) - base + _control_penalty(m) * scale
            scored.append((cost, i, m))
    if not scored:
        return [None]
    scored.sort()

    # Block: an opponent with one card (two for pairs) gets the highest answer.
    if block:
        plain = [m for m in cands if m[0] == kind]
        if plain:
            return [max(plain, key=lambda m: m[1]), None]
        return [scored[0][2], None]
    out: list[Move | None] = [m for sc, _, m in scored if sc <= threshold]
    out.append(None)
    out.extend(m for sc, _, m in scored if sc > threshold)
    return out


def _finishes_after_bomb(v: View, bomb: Move, after: list[int]) -> bool:
    """A bomb is worth it when nothing out can beat it and the rest of the hand then goes
    out in at most two plays, the first of them a sure winner."""
    split = best_split(after)
    if split.plays > 2 or v.unseen is None:
        return False
    most = max(v.left[o] for o in v.opponents)
    if can_be_beaten(bomb, v.unseen, most):
        return False
    if split.plays == 1:
        return True
    return any(not can_be_beaten(m, v.unseen, most) for m in split.moves)


def _follow_partner(v: View, cands: list[Move]) -> list[Move | None]:
    """Hard: pass on the partner's play, except to block a landlord about to go out."""
    trick = v.trick
    assert trick is not None
    landlord_left = v.left[v.landlord]
    landlord_next = (v.me + 1) % 3 == v.landlord
    if (
        landlord_next
        and trick[0] in (SINGLE, PAIR)
        and landlord_left <= WIDTH[trick[0]]
        and v.unseen is not None
        and can_be_beaten(trick, v.unseen, landlord_left)
    ):
        plain = [m for m in cands if m[0] == trick[0]]
        if plain:
            top = max(plain, key=lambda m: m[1])
            if top[1] > trick[1]:
                return [top, None]
    return [None]


# ----- the decision -----------------------------------------------------------------


def choose(v: View) -> Move | None:
    """The policy's move (None: pass)."""
    trick = v.trick
    if v.hand_split().plays <= 3:
        for m in whole_hand(v.hand):
            if trick is None or beats(m, trick):
                return m
    if trick is None:
        return lead_options(v)[0]
    return follow_options(v)[0]
