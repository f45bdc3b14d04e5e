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
- never beat a partner's play (unless that play takes the last cards); at four
  players this holds for all three partners;
- with two packs (four players) an opponent is dangerous sooner (hands go out in
  bigger plays) and the 2s and jokers are spent more freely (there are eight 2s
  and four jokers, and no lone one is safe).

The numbers behind the leads and follows are a :class:`Style`: Normal plays in
:data:`NORMAL`, Hard's play-outs in the bolder :data:`BOLD`.

With ``tracking`` (the Hard level) the policy also knows which cards are still
out: it leads a play nobody can beat when that closes the hand out, bombs when
it can then finish in two plays, and feeds a partner who is about to go out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import (
    BombClass,
    Kind,
    Play,
    RuleProfile,
    Seat,
    beats,
    beats_wild,
    bomb_class,
    legal_plays_counts,
    next_seat,
    seats_of,
)
from .analysis import ACE, TWO, Split, best_split, cost_of, is_bomb, move_cost, remove
from .movegen import answers, groups_of, whole_hand
from .shapes import width_of
from .wilds import could_beat, wild_answers, wild_groups, wild_split, wild_whole

__all__ = [
    "BOLD",
    "NEXT",
    "NORMAL",
    "ORDER",
    "Style",
    "View",
    "can_be_beaten",
    "choose",
    "decisive_lead",
    "follow_options",
    "lead_options",
]

_SINGLE = Kind.SINGLE
_PAIR = Kind.PAIR
_STRAIGHT = Kind.STRAIGHT
_PAIR_CHAIN = Kind.PAIR_CHAIN
_AIRPLANE = Kind.AIRPLANE
_AIRPLANE_SINGLES = Kind.AIRPLANE_SINGLES
_AIRPLANE_PAIRS = Kind.AIRPLANE_PAIRS
_BOMB = Kind.BOMB
_ROCKET = Kind.ROCKET

#: With two packs: an opponent with at most DANGER_NEAR cards must be stopped at any
#: cost, one with at most DANGER_CLOSE cards at a fair cost.
DANGER_NEAR, DANGER_CLOSE = 4, 8
#: With two packs, what spending a strong card costs beyond its share of the hand, as a
#: share of what it costs with one pack.
CONTROL_SCALE = 0.4


@dataclass(frozen=True, slots=True)
class Style:
    """The policy's numbers: how it orders its leads and how much a follow may cost.

    :data:`NORMAL` is the Normal level's play; Hard's play-outs may use another.
    """

    #: A lead's order key falls by this much per card beyond the first.
    length_bonus: float = 0.45
    #: A play whose cost is below this is a control, led late.
    control_line: float = 0.35
    #: How much worse the hand may get to follow an opponent: as landlord, as a
    #: peasant, and as the peasant who plays just before the landlord (added).
    landlord_follow: float = 0.1
    peasant_follow: float = 0.0
    before_landlord: float = 0.15
    #: ... when the opponent that played holds at most ``close`` cards (or any
    #: opponent holds at most ``near``: see DANGER_NEAR at two packs).
    close_follow: float = 0.9
    #: How much spending a control (a 2, a joker, a bomb) costs beyond its share of
    #: the hand, as a multiple of the policy's base price.
    control_scale: float = 1.0
    #: With one pack: an opponent with at most ``near`` cards must be stopped at any
    #: cost, one with at most ``close`` at the ``close_follow`` cost.
    near: float = 2
    close: float = 4
    #: Added to the follow line when this hand is down to at most ``endgame_plays``
    #: plays of its split (0: never).
    endgame_follow: float = 0.0
    endgame_plays: float = 0
    #: Added to ``length_bonus`` when leading while an opponent is within ``close``.
    near_length_bonus: float = 0.0
    #: Without card tracking, a hand of at most this many plays leads its strongest
    #: play (cost at most 0.1) first.
    strong_first: float = 2


#: The Normal level's style.
NORMAL = Style()
#: A bolder style, for Hard's play-outs: it follows an opponent whenever that makes
#: the hand worse by up to a play, breaking a combination if it must, where Normal
#: follows only when it costs nothing.  Normal's follows were tuned on nothing; in
#: play against Normal (3,000 deals each way, no auction) raising each line alone
#: won (landlord 0.1 to 0.4: 53.4%; peasant 0 to 0.4: 55.4%; the peasant before
#: the landlord 0.15 to 0.5: 54.5%), and these four together win 66.1% (issue 12).
BOLD = Style(landlord_follow=1.0, peasant_follow=1.0, before_landlord=0.3, close_follow=3.0)


#: ORDER[n]: the seats of a table of n players in the order of play from You;
#: NEXT[n][seat]: the seat that acts after ``seat`` (seat values: Across is 3).
ORDER: dict[int, tuple[int, ...]] = {n: tuple(int(s) for s in seats_of(n)) for n in (3, 4)}
NEXT: dict[int, tuple[int, ...]] = {
    n: tuple(int(next_seat(Seat(v), n)) for v in range(n)) for n in (3, 4)
}


def _others_after(n: int, me: int) -> tuple[int, ...]:
    order = ORDER[n]
    i = order.index(me)
    return order[i + 1 :] + order[:i]


#: AFTER[n][seat]: the other seats in the order they act after ``seat``.
AFTER: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(_others_after(n, me) for me in range(n)) for n in (3, 4)
}


@dataclass(slots=True)
class View:
    """One seat's position, on count vectors."""

    me: int
    landlord: int
    hand: list[int]
    #: Cards held by each seat.
    left: Sequence[int]
    #: The rule profile of the deal: every play considered is legal under it.
    rules: RuleProfile
    #: The play to beat, None when this seat leads.
    trick: Play | None = None
    #: The seat that made the trick (-1 when leading).
    owner: int = -1
    #: Ranks this seat has not seen (in the other hands); None without card tracking.
    unseen: Sequence[int] | None = None
    #: A split of the hand to use instead of searching for the best one (rollouts
    #: keep the split they started from as the hand is played out).
    split: Split | None = None
    #: The wild ranks shown so far (R44), lowest first; empty at other tables.
    wilds: tuple[int, ...] = ()
    #: Rollouts at a wild table: the wild cards are played as their own rank (the
    #: classic splits and answers of the cards held, checked with bomb classes), which
    #: is ten times faster than weighing what each could stand for.
    fast: bool = False
    #: The policy's numbers (:class:`Style`).
    style: Style = NORMAL

    def hand_split(self) -> Split:
        """The split the policy plays the hand by."""
        if self.split is not None:
            return self.split
        if self.wilds and not self.fast:
            return wild_split(self.hand, self.wilds, self.rules)
        return best_split(self.hand, self.rules)

    def split_cost(self, hand: Sequence[int]) -> float:
        """The cost of the best split of ``hand`` (-2 for an empty hand: gone out)."""
        if not any(hand):
            return -2.0
        if self.wilds and not self.fast:
            return wild_split(hand, self.wilds, self.rules).cost
        return best_split(hand, self.rules).cost

    def answers(self, last: Play) -> list[Play]:
        """The plays of the hand that beat ``last``, weakest first, sensible kickers only."""
        if not self.wilds:
            return answers(self.hand, last, self.rules)
        if self.fast:
            return [p for p in answers(self.hand, last, self.rules) if beats_wild(p, last)]
        return wild_answers(self.hand, last, self.rules, self.wilds)

    def groups(self, kind: Kind) -> list[Play]:
        """The plays of ``kind`` of one rank in the hand, lowest first."""
        if self.wilds and not self.fast:
            return wild_groups(self.hand, kind, self.rules, self.wilds)
        return groups_of(self.hand, kind, self.rules)

    def whole(self) -> list[Play]:
        """The readings of the whole hand as one play (see :func:`~.movegen.whole_hand`)."""
        if self.wilds and not self.fast:
            return wild_whole(self.hand, self.rules, self.wilds)
        return whole_hand(self.hand, self.rules)

    def beats(self, move: Play, last: Play) -> bool:
        """Whether ``move`` beats ``last`` (with bomb classes at a wild table)."""
        return beats_wild(move, last) if self.wilds else beats(move, last)

    def beatable(self, move: Play, most: int) -> bool:
        """Whether the unseen cards (at most ``most`` of them) could beat ``move``."""
        assert self.unseen is not None
        if self.wilds:
            return could_beat(move, self.unseen, self.rules, self.wilds, most)
        return can_be_beaten(move, self.unseen, self.rules, most)

    @property
    def players(self) -> int:
        """How many seats are at the table (3, or 4 with two packs)."""
        return self.rules.players

    @property
    def next(self) -> int:
        """The seat that acts after this one."""
        return NEXT[self.rules.players][self.me]

    @property
    def partner(self) -> int:
        """The other peasant at three players (at four: the first of the other
        peasants to act after this seat), or -1 for the landlord."""
        if self.me == self.landlord:
            return -1
        if self.rules.players == 3:
            return 3 - self.me - self.landlord
        return self.partners[0]

    @property
    def partners(self) -> tuple[int, ...]:
        """The other peasants, in the order they act after this seat (none for the
        landlord)."""
        if self.me == self.landlord:
            return ()
        return tuple(s for s in self._after() if s != self.landlord)

    @property
    def opponents(self) -> tuple[int, ...]:
        """The seats on the other side, in the order they act after this seat."""
        if self.me == self.landlord:
            return self._after()
        return (self.landlord,)

    def _after(self) -> tuple[int, ...]:
        """The other seats, in the order they act after this one."""
        return AFTER[self.rules.players][self.me]


# ----- reading a position --------------------------------------------------------------


def can_be_beaten(move: Play, unseen: Sequence[int], rules: RuleProfile, most: int = 20) -> bool:
    """Whether some cards among ``unseen`` (at most ``most`` of them, the largest hand
    that could answer) beat ``move`` under ``rules``: a bomb or the rocket counts."""
    return any(len(p.ranks) <= most for p in legal_plays_counts(unseen, move, rules))


def _lead_order(v: View) -> list[Play]:
    """The plays of the hand's split in lead order (:func:`_lead_key`)."""
    style = v.style
    bonus = style.length_bonus
    if (
        style.near_length_bonus
        and v.rules.packs == 1
        and min(v.left[o] for o in v.opponents) <= style.close
    ):
        bonus += style.near_length_bonus
    return sorted(v.hand_split().moves, key=lambda m: _lead_key(m, bonus, style.control_line))


def _lead_key(move: Play, bonus: float, line: float) -> float:
    """Lead order: low plays first, long plays early (``bonus`` per extra card), the
    strong ones (costing less than ``line``) last."""
    kind, top, length = move.kind, move.rank, move.length
    if (
        kind is _STRAIGHT
        or kind is _PAIR_CHAIN
        or kind is _AIRPLANE
        or kind is _AIRPLANE_SINGLES
        or kind is _AIRPLANE_PAIRS
    ):
        low = top - length + 1
    else:
        low = top
    key = low - bonus * (len(move.ranks) - 1)
    if cost_of(kind, top, length) < line:  # a control: keep it for later
        key += 20
    if kind is _BOMB or kind is _ROCKET:
        key += 40
    return key


def _control_penalty(move: Play) -> float:
    """What spending a strong play costs beyond the cards (the lead it could win later)."""
    kind, top = move.kind, move.rank
    if kind is _ROCKET:
        return 1.6
    if kind is _BOMB:
        cls = bomb_class(move)
        return 1.0 if cls is BombClass.SOFT else 1.5 if cls is BombClass.WILD else 1.3
    if kind is _SINGLE and top >= TWO:
        return (0.25, 0.4, 0.5)[top - TWO]
    if kind is _PAIR and top == TWO:
        return 0.5
    if top >= TWO:
        return 0.3
    return 0.0


# ----- leading ----------------------------------------------------------------------


def lead_options(v: View) -> list[Play]:
    """Plays worth leading, best first (the first is the policy's choice)."""
    moves = _lead_order(v)
    tracking = v.unseen is not None
    opp_min = min(v.left[o] for o in v.opponents)
    partners = v.partners
    partner = min(partners, key=lambda s: v.left[s]) if partners else -1

    if tracking:
        first = decisive_lead(v, moves)
        if first is not None:
            return [first] + [m for m in moves if m != first]
        if partner >= 0 and v.left[partner] <= 2 and v.left[v.landlord] > 1:
            fed = _feed(v, partner)
            if fed:
                return fed + [m for m in moves if m not in fed]
    if not tracking and 2 <= len(moves) <= v.style.strong_first:
        strong = [m for m in moves if move_cost(m) <= 0.1]
        if strong:
            return strong + [m for m in moves if m not in strong]

    if opp_min == 1:
        # No singles for an opponent with one card: lead anything else, a pair first.
        pairs = [m for m in moves if m.kind is _PAIR]
        others = [
            m for m in moves if m.kind is not _SINGLE and m.kind is not _PAIR and not is_bomb(m)
        ]
        if not pairs and not others:
            pairs = v.groups(_PAIR)
        singles = sorted((m for m in moves if m.kind is _SINGLE), key=lambda m: -m.rank)
        bombs = [m for m in moves if is_bomb(m)]
        return pairs + others + singles + bombs
    if opp_min == 2:
        # An opponent with two cards may hold a pair: keep pairs back.
        pairs = [m for m in moves if m.kind is _PAIR]
        if len(pairs) < len(moves):
            return [m for m in moves if m.kind is not _PAIR] + pairs
    return moves


def decisive_lead(v: View, moves: list[Play] | None = None) -> Play | None:
    """With card tracking, a lead that needs no search: a sure winner when all but one
    of the plays are sure winners (closing out), or a small card for a partner who
    plays next and is about to go out.  None when there is no such lead."""
    unseen = v.unseen
    if unseen is None:
        return None
    if moves is None:
        moves = _lead_order(v)
    most = max(v.left[o] for o in v.opponents)
    sure = [m for m in moves if not v.beatable(m, most)]
    if sure and len(moves) - len(sure) <= 1:
        sure.sort(key=lambda m: (is_bomb(m), -len(m.ranks)))
        return sure[0]
    partner = v.next
    if partner in v.partners and v.left[partner] == 1:
        fed = _feed(v, partner)
        if fed:
            return fed[0]
    return None


def _feed(v: View, partner: int) -> list[Play]:
    """Small plays a partner with one or two cards can beat: the lowest single below
    the ace, or the lowest pair below the king."""
    if v.left[partner] == 1:
        singles = v.groups(_SINGLE)
        return singles[:1] if singles and singles[0].rank < ACE else []
    return [p for p in v.groups(_PAIR) if p.rank < ACE - 1][:1]


# ----- following --------------------------------------------------------------------


def follow_options(v: View) -> list[Play | None]:
    """Answers worth considering, best first (None is a pass); the first is the
    policy's choice."""
    trick = v.trick
    assert trick is not None
    hand = v.hand
    owner = v.owner
    partners = v.partners
    cands = v.answers(trick)
    if not cands:
        return [None]
    if v.wilds:
        cands = _cheapest_bomb(cands, hand)
    tracking = v.unseen is not None
    if owner in partners:
        return _follow_partner(v, cands) if tracking else [None]

    split = v.hand_split()
    base = split.cost
    owner_left = v.left[owner]
    opp_min = min(v.left[o] for o in v.opponents)
    # How much worse a hand may get to stop the opponent (0: only when it costs nothing).
    # With two packs a hand goes out in bigger plays (a bomb of up to eight cards, a
    # trio with a pair), so the danger starts earlier.
    style = v.style
    near, close = (style.near, style.close) if v.rules.packs == 1 else (DANGER_NEAR, DANGER_CLOSE)
    scale = style.control_scale
    if v.rules.packs > 1:
        # Two packs: twos and jokers are many and no lone one is safe; spend them.
        scale *= CONTROL_SCALE
    danger = owner_left <= close or opp_min <= near
    if owner_left <= near:
        threshold = 10.0
        scale *= 0.1
    elif danger:
        threshold = style.close_follow
        scale *= 0.5
    elif v.me == v.landlord:
        threshold = style.landlord_follow
    else:
        threshold = style.peasant_follow
    # The peasant right after the landlord leaves a weak landlord play to its partner
    # only when it cannot answer cheaply; the last peasant to answer tries harder.
    if partners and owner == v.landlord and v.next == v.landlord:
        threshold += style.before_landlord
    if style.endgame_plays and split.plays <= style.endgame_plays:
        threshold += style.endgame_follow
    # Plays of the hand's own split cost exactly their share of it; other answers
    # break something up and are priced by splitting what would be left.
    own = split.moves
    scored: list[tuple[float, int, Play]] = []
    others: list[tuple[int, Play]] = []
    for i, m in enumerate(cands):
        if tracking and is_bomb(m) and _finishes_after_bomb(v, m, remove(hand, m)):
            return [m]
        if m in own:
            scored.append((-move_cost(m) + _control_penalty(m) * scale, i, m))
        else:
            others.append((i, m))
    cheap = any(sc <= threshold for sc, _, _ in scored)
    kind = trick.kind
    block = (kind is _SINGLE or kind is _PAIR) and opp_min <= width_of(kind)
    # Hard's play-outs with two packs (fast, many cards) break a play up only in danger:
    # pricing what is left means a new split of a big hand.
    quick = v.fast and not v.wilds and v.rules.packs > 1
    if (not cheap and not quick) or danger or tracking:
        for i, m in others:
            if is_bomb(m) and not danger and not tracking:
                continue
            after = remove(hand, m)
            if not any(after):
                return [m]
            cost = v.split_cost(after) - base + _control_penalty(m) * scale
            scored.append((cost, i, m))
    if not scored:
        return [None]
    scored.sort()

    # Block: an opponent with one card (two for pairs) gets the highest answer.
    if block:
        plain = [m for m in cands if m.kind is kind]
        if plain:
            return [max(plain, key=lambda m: m.rank), None]
        return [scored[0][2], None]
    out: list[Play | None] = [m for sc, _, m in scored if sc <= threshold]
    out.append(None)
    out.extend(m for sc, _, m in scored if sc > threshold)
    return out


def _cheapest_bomb(cands: list[Play], hand: Sequence[int]) -> list[Play]:
    """At a wild table, of the bombs that beat the table only those of the lowest class
    (a soft bomb before a natural one, a natural one before a wild bomb), and those
    that go out."""
    classes = [c for m in cands if (c := bomb_class(m)) is not None]
    if not classes:
        return cands
    lowest = min(classes)
    return [
        m
        for m in cands
        if m.kind is not _BOMB or bomb_class(m) is lowest or not any(remove(hand, m))
    ]


def _finishes_after_bomb(v: View, bomb: Play, after: list[int]) -> bool:
    """A bomb is worth it when nothing out can beat it and the rest of the hand then goes
    out in at most two plays, the first of them a sure winner."""
    if v.unseen is None:
        return False
    split = wild_split(after, v.wilds, v.rules) if v.wilds else best_split(after, v.rules)
    if split.plays > 2:
        return False
    most = max(v.left[o] for o in v.opponents)
    if v.beatable(bomb, most):
        return False
    if split.plays == 1:
        return True
    return any(not v.beatable(m, most) for m in split.moves)


def _follow_partner(v: View, cands: list[Play]) -> list[Play | None]:
    """Hard: pass on the partner's play, except to block a landlord about to go out."""
    trick = v.trick
    assert trick is not None
    kind = trick.kind
    landlord_left = v.left[v.landlord]
    landlord_next = v.next == v.landlord
    if (
        landlord_next
        and (kind is _SINGLE or kind is _PAIR)
        and landlord_left <= width_of(kind)
        and v.unseen is not None
        and v.beatable(trick, landlord_left)
    ):
        plain = [m for m in cands if m.kind is kind]
        if plain:
            top = max(plain, key=lambda m: m.rank)
            if top.rank > trick.rank:
                return [top, None]
    return [None]


# ----- the decision -----------------------------------------------------------------


def choose(v: View) -> Play | None:
    """The policy's move (None: pass)."""
    trick = v.trick
    if v.hand_split().plays <= 3:
        for m in v.whole():
            if trick is None or v.beats(m, trick):
                return m
    if trick is None:
        return lead_options(v)[0]
    return follow_options(v)[0]
