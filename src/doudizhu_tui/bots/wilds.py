"""The bots at wildcard tables (R44-R47): candidates, splits and checks with wild cards.

Hands stay rank-count vectors of the *physical* cards (a wild card counts under its
own rank); ``wilds`` are the wild ranks shown so far, as ints, lowest first (empty at
every other table, where nothing here is used).  Every play handed out is one the
core gave: :func:`~doudizhu_tui.core.legal_plays_wild` for leads and answers,
:func:`~doudizhu_tui.core.classify_wild` for the plays of a split, and what beats
what is :func:`~doudizhu_tui.core.beats_wild`'s alone.

- :func:`wild_answers` and :func:`wild_leads`: the core's plays cut down to a few per
  kind, rank and length (fewest wild cards spent, then the cheapest kickers), weakest
  first (every soft bomb before every natural one, the wild bomb last, the rocket
  after them);
- :func:`wild_split`: a split of the hand where each wild card stands for the rank
  that makes the cheapest split (completing chains, trios and bombs, or a 2), found by
  a small beam search over :func:`~.analysis.best_split` of the hand the wilds make;
  four wild cards are also tried whole, as a wild bomb;
- :func:`wild_whole`: the readings of the whole hand as one play;
- :func:`could_beat`: whether the unseen cards (wilds and all) could beat a play.

>>> from doudizhu_tui.core import CLASSIC, parse_cards, counts_of
>>> hand = counts_of(parse_cards("3 4 5 7 9 9 9"))  # the 9s are wild
>>> [m.describe() for m in wild_split(hand, (9,), CLASSIC).moves]
['straight 3-4-5-[6]-7-[8]-9']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import (
    BombClass,
    Kind,
    Play,
    Rank,
    RuleProfile,
    beats_wild,
    bomb_class,
    cards_of,
    classify_wild,
    legal_plays_wild,
    plays_of_kind,
)
from ..core.cards import RANK_BY_VALUE
from .analysis import (
    ACE,
    SOFT_EXTRA,
    TWO,
    WILD_EXTRA,
    Split,
    SplitMemo,
    best_split,
    fewest_split,
    move_cost,
)
from .movegen import _KICKERS
from .shapes import shapes_of

__all__ = [
    "could_beat",
    "held_wilds",
    "hint_plays",
    "quick_virtual",
    "ranks_of",
    "virtual_hand",
    "wild_answers",
    "wild_groups",
    "wild_leads",
    "wild_split",
    "wild_whole",
]

Wilds = tuple[int, ...]

_R: tuple[Rank, ...] = tuple(RANK_BY_VALUE[v] or Rank.THREE for v in range(18))
_BOMB = Kind.BOMB
_ROCKET = Kind.ROCKET
#: The kinds with kickers (movegen's list of them, as a set).
_WINGED = frozenset(_KICKERS)
#: Plays kept per kind, main rank and length: with kickers, and without.
KEEP_WINGED, KEEP_PLAIN = 2, 1
#: The beam of the split search (partial assignments of the wilds kept per step).
BEAM = 4
_LIMIT = 50_000


def ranks_of(counts: Sequence[int]) -> list[Rank]:
    """The cards of a count vector as ranks, lowest first (for the core's functions)."""
    return [_R[r] for r in range(3, 18) for _ in range(counts[r])]


def held_wilds(counts: Sequence[int], wilds: Wilds) -> int:
    """How many wild cards the hand holds."""
    return sum(counts[a] for a in wilds)


def _wild_ranks(wilds: Wilds) -> tuple[Rank, ...]:
    return tuple(_R[a] for a in wilds)


def spent(play: Play, wilds: Wilds) -> int:
    """How many wild cards a play takes from the hand (as wilds or as their own rank)."""
    return sum(1 for r in cards_of(play) if r in wilds)


def _kicker_penalty(play: Play, counts: Sequence[int], wilds: Wilds) -> float:
    """How much a play's kickers waste: wild cards, 2s and jokers, cards taken from a
    pair or more; low loose cards are the cheapest."""
    if play.kind not in _WINGED:
        return 0.0
    top = int(play.rank)
    lo = top - play.length + 1
    kick = list(play.kickers)
    pen = 0.0
    for r in play.wilds:
        if not lo <= r <= top and r in kick:
            kick.remove(r)
            pen += 20.0  # a wild card as a kicker
    left = list(counts)
    for r in cards_of(play):
        left[r] -= 1
    for rank in kick:
        v = int(rank)
        if v in wilds:
            pen += 20.0
        elif v > ACE:
            pen += 10.0
        pen += min(left[v], 3) + v * 0.01
    return pen


def condense(counts: Sequence[int], plays: Sequence[Play], wilds: Wilds) -> list[Play]:
    """A few plays per kind, main rank and length: the fewest wild cards spent, then
    the cheapest kickers; in the order of their first play."""
    groups: dict[tuple[Kind, Rank, int], list[tuple[int, float, int, Play]]] = {}
    for i, p in enumerate(plays):
        key = (p.kind, p.rank, p.length)
        entry = (spent(p, wilds), _kicker_penalty(p, counts, wilds), i, p)
        group = groups.get(key)
        if group is None:
            groups[key] = [entry]
        else:
            group.append(entry)
    out: list[Play] = []
    for key, group in groups.items():
        group.sort(key=lambda e: (e[0], e[1], e[2]))
        keep = KEEP_WINGED if key[0] in _WINGED else KEEP_PLAIN
        if key[0] is _BOMB:
            # Each class of bomb of a rank once (a natural four and a soft one differ).
            seen: set[BombClass | None] = set()
            for e in group:
                cls = bomb_class(e[3])
                if cls not in seen:
                    seen.add(cls)
                    out.append(e[3])
            continue
        out.extend(e[3] for e in group[:keep])
    return out


def hint_plays(
    counts: Sequence[int], plays: Sequence[Play], wild_ranks: Sequence[Rank]
) -> list[Play]:
    """The plays worth offering as hints at a wildcard table: :func:`condense` of the
    legal ``plays`` (the fewest wilds, the cheapest kickers per kind, rank and length),
    so ``h`` steps through dozens of sensible plays, not thousands of readings."""
    return condense(counts, plays, tuple(int(r) for r in wild_ranks))


def _strength(p: Play, wilds: Wilds) -> tuple[int, int, int, int]:
    """Weakest first: plays of the table's kind by rank, then the bombs by class and
    rank, the rocket last; fewer wild cards first."""
    if p.kind is _ROCKET:
        return (2, 0, 0, 0)
    if p.kind is _BOMB:
        return (1, int(bomb_class(p) or 0), int(p.rank), spent(p, wilds))
    return (0, 0, int(p.rank), spent(p, wilds))


#: The remembered answers, plays, splits and readings below are kept as tuples, bytes
#: and packed splits (:class:`~.analysis.SplitMemo`): objects that the garbage
#: collector does not visit at each collection, or fewer of them.
_ANSWERS: dict[tuple[object, ...], tuple[Play, ...]] = {}


def wild_answers(counts: Sequence[int], last: Play, rules: RuleProfile, wilds: Wilds) -> list[Play]:
    """The plays that beat ``last`` (the core's, cut down by :func:`condense`), weakest
    first, then the bombs (soft, natural, wild) and the rocket."""
    key = (shapes_of(rules).tag, bytes(counts), last, wilds)
    hit = _ANSWERS.get(key)
    if hit is None:
        plays = legal_plays_wild(ranks_of(counts), _wild_ranks(wilds), last, rules)
        kept = condense(counts, plays, wilds)
        hit = tuple(sorted(kept, key=lambda p: _strength(p, wilds)))
        if len(_ANSWERS) >= _LIMIT:
            _ANSWERS.clear()
        _ANSWERS[key] = hit
    return list(hit)


def wild_leads(counts: Sequence[int], rules: RuleProfile, wilds: Wilds) -> list[Play]:
    """Every lead of the hand (the core's, cut down by :func:`condense`)."""
    plays = legal_plays_wild(ranks_of(counts), _wild_ranks(wilds), None, rules)
    return condense(counts, plays, wilds)


def wild_groups(counts: Sequence[int], kind: Kind, rules: RuleProfile, wilds: Wilds) -> list[Play]:
    """The plays of ``kind`` (one rank: singles, pairs, ...) of the natural cards, lowest
    first; when there are none, those the wild cards make."""
    natural = list(counts)
    for a in wilds:
        natural[a] = 0
    out = sorted(plays_of_kind(natural, kind, rules=rules), key=lambda p: p.rank)
    if out or not held_wilds(counts, wilds):
        return out
    plays = [p for p in wild_leads(counts, rules, wilds) if p.kind is kind]
    return sorted(plays, key=lambda p: (spent(p, wilds), p.rank))


_WHOLE: dict[tuple[object, ...], tuple[Play, ...]] = {}


def wild_whole(counts: Sequence[int], rules: RuleProfile, wilds: Wilds) -> list[Play]:
    """The readings of the whole hand as one play (empty if it is none, or if its split
    has more than three plays), the bombs last."""
    key = (shapes_of(rules).tag, bytes(counts), wilds)
    hit = _WHOLE.get(key)
    if hit is None:
        n = sum(counts)
        if n > 20 or (n > 5 and wild_split(counts, wilds, rules).plays > 3):
            hit = ()
        else:
            hit = tuple(
                sorted(
                    classify_wild(ranks_of(counts), _wild_ranks(wilds), rules),
                    key=lambda p: (p.kind is _ROCKET, p.kind is _BOMB, -int(p.rank)),
                )
            )
        if len(_WHOLE) >= _LIMIT:
            _WHOLE.clear()
        _WHOLE[key] = hit
    return list(hit)


def could_beat(
    move: Play, unseen: Sequence[int], rules: RuleProfile, wilds: Wilds, most: int = 20
) -> bool:
    """Whether some cards among ``unseen`` (at most ``most`` of them), wild cards and
    all, beat ``move`` (:func:`~doudizhu_tui.core.beats_wild`)."""
    plays = legal_plays_wild(ranks_of(unseen), _wild_ranks(wilds), move, rules)
    return any(len(p.ranks) <= most and beats_wild(p, move) for p in plays)


# ----- splitting a hand with wild cards ----------------------------------------------

_SPLITS: SplitMemo[tuple[object, ...]] = SplitMemo(_LIMIT)
_VIRTUAL: dict[tuple[object, ...], bytes] = {}
_READ: dict[tuple[object, ...], tuple[Play, ...]] = {}


def wild_split(
    counts: Sequence[int], wilds: Wilds, rules: RuleProfile, fewest: bool = False
) -> Split:
    """The split of a hand whose wild cards stand for the ranks that make the cheapest
    split (:func:`~.analysis.best_split`; with ``fewest``, the fewest plays as in
    :func:`~.analysis.fewest_split`).  Its plays are the core's readings."""
    w = held_wilds(counts, wilds)
    if not w:
        return fewest_split(counts, rules) if fewest else best_split(counts, rules)
    key = (shapes_of(rules).tag, bytes(counts), wilds, fewest)
    hit = _SPLITS.get(key)
    if hit is None:
        hit = _searched(key, counts, wilds, rules, fewest)
    return hit


def _searched(
    key: tuple[object, ...], counts: Sequence[int], wilds: Wilds, rules: RuleProfile, fewest: bool
) -> Split:
    """The split of :func:`wild_split`, searched and remembered with its virtual hand."""
    split, virtual = _search(counts, wilds, rules, fewest)
    if len(_VIRTUAL) >= _LIMIT:
        _SPLITS.clear()
        _VIRTUAL.clear()
    _SPLITS.put(key, split)
    _VIRTUAL[key] = bytes(virtual)
    return split


def virtual_hand(counts: Sequence[int], wilds: Wilds, rules: RuleProfile) -> list[int]:
    """The hand the wild cards make in :func:`wild_split`: each wild card moved to the
    rank it stands for there (Hard's rollouts play it out as a hand without wilds)."""
    if not held_wilds(counts, wilds):
        return list(counts)
    key = (shapes_of(rules).tag, bytes(counts), wilds, False)
    found = _VIRTUAL.get(key)
    if found is None:
        _searched(key, counts, wilds, rules, False)
        found = _VIRTUAL[key]
    return list(found)


def quick_virtual(counts: Sequence[int], wilds: Wilds) -> list[int]:
    """A quick guess at what a hand's wild cards stand for (for the hidden hands of
    Hard's rollouts): each makes the highest trio a bomb, else the highest pair a trio,
    else a 2 (else stays what it is)."""
    held = held_wilds(counts, wilds)
    if not held:
        return list(counts)
    out = list(counts)
    for a in wilds:
        out[a] = 0
    for _ in range(held):
        target = next((r for r in range(TWO, 2, -1) if out[r] == 3), 0)
        if not target:
            target = next((r for r in range(TWO, 2, -1) if out[r] == 2), 0)
        if not target:
            target = TWO if out[TWO] < 4 else next(r for r in range(ACE, 2, -1) if out[r] < 4)
        out[target] += 1
    return out


def _search(
    counts: Sequence[int], wilds: Wilds, rules: RuleProfile, fewest: bool
) -> tuple[Split, list[int]]:
    natural = list(counts)
    pool: dict[int, int] = {}
    for a in wilds:
        pool[a] = natural[a]
        natural[a] = 0
    w = sum(pool.values())
    splitter = fewest_split if fewest else best_split
    held = [r for r in range(3, TWO + 1) if natural[r]]
    targets = sorted(
        {r for r in held}
        | {r for r in range(3, ACE + 1) if natural[r - 1] or natural[r + 1]}
        | {TWO}
        | {a for a in pool if pool[a]}
    )
    scores: dict[tuple[int, ...], tuple[float, float]] = {}

    def score(stood: tuple[int, ...]) -> tuple[float, float]:
        found = scores.get(stood)
        if found is None:
            virtual = list(natural)
            for r in stood:
                virtual[r] += 1
            split = splitter(virtual, rules)
            extra = 0.0
            for m in split.moves:
                if m.kind is _BOMB:
                    n = stood.count(int(m.rank))
                    if n == 4:
                        extra += WILD_EXTRA
                    elif n:
                        extra += SOFT_EXTRA
            cost = split.cost + extra
            found = scores[stood] = (split.plays, cost) if fewest else (cost, split.plays)
        return found

    def beam(start: tuple[int, ...]) -> tuple[int, ...]:
        states = [start]
        for _ in range(w - len(start)):
            grown: set[tuple[int, ...]] = set()
            for s in states:
                for t in targets:
                    if natural[t] + s.count(t) < 4:
                        grown.add(tuple(sorted((*s, t))))
            if not grown:
                break
            states = sorted(grown, key=score)[:BEAM]
        return min(states, key=score)

    starts: list[tuple[int, ...]] = [()]
    if w >= 4:
        top = max(a for a in pool if pool[a])
        starts.append((top,) * 4)  # a wild bomb kept whole
    best = min((beam(s) for s in starts), key=score)
    virtual = list(natural)
    for r in best:
        virtual[r] += 1
    return _realize(splitter(virtual, rules).moves, natural, pool, wilds, rules), virtual


def _realize(
    moves: Sequence[Play],
    natural: Sequence[int],
    pool: dict[int, int],
    wilds: Wilds,
    rules: RuleProfile,
) -> Split:
    """The plays of a split of the hand the wilds make, as the core reads the cards they
    take: kickers take natural cards first, main parts the wild cards."""
    nat = list(natural)
    own = dict(pool)
    cards: list[list[int]] = [[] for _ in moves]
    pending: list[list[int]] = [[] for _ in moves]
    mains = [list(m.main) for m in moves]
    kicks: list[list[Rank]] = []
    for i, m in enumerate(moves):
        kick = list(m.ranks)
        for r in mains[i]:
            kick.remove(r)
        kicks.append(kick)
    for parts in (kicks, mains):  # the kickers take natural cards first, then the mains
        for i, ranks in enumerate(parts):
            for rank in ranks:
                v = int(rank)
                if nat[v]:
                    nat[v] -= 1
                    cards[i].append(v)
                else:
                    pending[i].append(v)
    for i in range(len(moves)):
        for v in pending[i]:
            a = v if own.get(v, 0) else max(own, key=lambda x: (own[x], x))
            own[a] -= 1
            cards[i].append(a)
    out: list[Play] = []
    for m, taken in zip(moves, cards, strict=True):
        if not any(r in wilds for r in taken):
            out.append(m)
            continue
        out.append(_reading(tuple(sorted(taken)), m, wilds, rules))
    cost = sum(move_cost(m) for m in out)
    return Split(tuple(out), cost, len(out))


def _reading(taken: tuple[int, ...], like: Play, wilds: Wilds, rules: RuleProfile) -> Play:
    """The core's reading of the cards ``taken`` as the play ``like`` stands for."""
    key = (shapes_of(rules).tag, taken, wilds)
    readings = _READ.get(key)
    if readings is None:
        readings = tuple(classify_wild([_R[r] for r in taken], _wild_ranks(wilds), rules))
        if len(_READ) >= _LIMIT:
            _READ.clear()
        _READ[key] = readings
    for p in readings:
        if p.kind is like.kind and p.rank == like.rank and p.length == like.length:
            return p
    for p in readings:  # pragma: no cover - the cards are read as the split had them
        if p.kind is like.kind:
            return p
    raise AssertionError(f"no reading of {taken} as {like.describe()}")  # pragma: no cover
