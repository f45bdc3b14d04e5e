"""The wildcard move generator: :func:`legal_plays_wild`, re-exported by :mod:`.wild`.

Every play is built once, directly in the form :mod:`.wild` records it, without
realizing classic readings and sorting out duplicates.  A play is fixed by its kind, its
main part (the run of ranks its trio, four, pair or single stands for) and the cards it
takes: natural cards by rank and wild cards by their own rank.  So, kind by kind and
main part by main part (pruned by rank and length when following):

* the *pattern* of the main part: how many wilds stand for each of its natural ranks
  (every choice the natural cards and the wilds allow); a wild rank inside the main
  part is filled by wild cards, its own ones first (they are ordinary cards there);
* the kickers: the natural cards they take (combinations of the ranks held), then how
  many wild cards go with them;
* the split of the wild cards between the two wild ranks (tiandi).

For each such choice the recorded reading is the one :func:`.wild._best` keeps (fewest,
then lowest, recorded wilds, then the lowest wild cards), found without a search:

* a main part's wilds are forced;
* a kicker wild is recorded only when it cannot be an ordinary card: as many kicker
  wilds as possible stand for their own rank (a wild rank outside the main part), the
  higher wild rank's first (the lower cards are then the recorded ones); only then do
  the others stand for the lowest ranks with room (see :func:`_fill`).  With pairs as
  wings a fresh pair of wilds goes on a wild rank first (the one whose own cards match
  more of it, the lower one on a tie of one card, the higher on a tie of two).

Adding the same main part's wilds to two sets of kicker wilds does not change which
sorts lower, so the kicker choice never looks at the main part.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from .cards import RANK_BY_VALUE, Card, Rank, counts_of
from .combos import Kind, Play
from .moves import legal_plays_counts, plays_of_kind
from .rules import CLASSIC, RuleProfile

__all__ = ["legal_plays_wild"]

_ACE = 14
_TWO = 15
_BJ = 16
_RJ = 17

#: _R[v]: the rank of value v (a placeholder below 3, never read).
_R: tuple[Rank, ...] = tuple(RANK_BY_VALUE[v] or Rank.THREE for v in range(18))
#: _REP[v][n]: n cards of rank v (row 0 holds only empty tuples: "no second wild rank").
_REP: tuple[tuple[tuple[Rank, ...], ...], ...] = tuple(
    tuple((_R[v],) * n if v else () for n in range(9)) for v in range(18)
)
#: _SPAN[width][lo][top]: the main part of ``width`` cards a rank from lo up to top.
_SPAN: list[list[list[tuple[Rank, ...]]]] = [
    [
        [tuple(_R[r] for r in range(lo, top + 1) for _ in range(width)) for top in range(18)]
        for lo in range(18)
    ]
    for width in range(5)
]
_new = tuple.__new__

#: The kinds a lead lists, in the order of the classic generator.
_LEAD_KINDS: tuple[Kind, ...] = (
    Kind.SINGLE,
    Kind.PAIR,
    Kind.TRIO,
    Kind.TRIO_SINGLE,
    Kind.TRIO_PAIR,
    Kind.STRAIGHT,
    Kind.PAIR_CHAIN,
    Kind.AIRPLANE,
    Kind.AIRPLANE_SINGLES,
    Kind.AIRPLANE_PAIRS,
    Kind.FOUR_TWO_SINGLES,
    Kind.FOUR_TWO_PAIRS,
    Kind.SPACE_SHUTTLE,
    Kind.SPACE_SHUTTLE_SINGLES,
    Kind.SPACE_SHUTTLE_PAIRS,
    Kind.BOMB,
    Kind.ROCKET,
)
#: kind -> (width of the main part, shortest run (0: one rank, not a run), wings:
#: 0 none, 1 singles, 2 pairs).
_SHAPE: dict[Kind, tuple[int, int, int]] = {
    Kind.SINGLE: (1, 0, 0),
    Kind.PAIR: (2, 0, 0),
    Kind.TRIO: (3, 0, 0),
    Kind.TRIO_SINGLE: (3, 0, 1),
    Kind.TRIO_PAIR: (3, 0, 2),
    Kind.STRAIGHT: (1, 5, 0),
    Kind.PAIR_CHAIN: (2, 3, 0),
    Kind.AIRPLANE: (3, 2, 0),
    Kind.AIRPLANE_SINGLES: (3, 2, 1),
    Kind.AIRPLANE_PAIRS: (3, 2, 2),
    Kind.FOUR_TWO_SINGLES: (4, 0, 1),
    Kind.FOUR_TWO_PAIRS: (4, 0, 2),
    Kind.SPACE_SHUTTLE: (4, 2, 0),
    Kind.SPACE_SHUTTLE_SINGLES: (4, 2, 1),
    Kind.SPACE_SHUTTLE_PAIRS: (4, 2, 2),
}
_AIRPLANES = (Kind.AIRPLANE, Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS)
_SHUTTLES = (Kind.SPACE_SHUTTLE, Kind.SPACE_SHUTTLE_SINGLES, Kind.SPACE_SHUTTLE_PAIRS)

# A main part's patterns: (wilds standing for its natural ranks, those ranks as recorded).
_Pattern = tuple[int, tuple[Rank, ...]]
# A main part: (lo, top, wild cards its wild ranks take (lower, higher rank), patterns).
_Main = tuple[int, int, int, int, list[_Pattern]]


def _class_of(wilds: int) -> int:
    """The bomb class (:class:`.wild.BombClass`) of a bomb with ``wilds`` recorded wilds."""
    return 2 if not wilds else 3 if wilds == 4 else 1


def _extend(patterns: list[_Pattern], r: int, width: int, held: int, budget: int) -> list[_Pattern]:
    """The patterns grown by rank ``r`` (``held`` natural cards): every count of wilds
    standing for it, within ``budget`` wilds in all."""
    least = width - held if held < width else 0
    rep = _REP[r]
    out: list[_Pattern] = []
    for used, rec in patterns:
        room = budget - used
        if room < least:
            continue
        most = width if width < room else room
        for d in range(least, most + 1):
            out.append((used + d, rec + rep[d]) if d else (used, rec))
    return out


def legal_plays_wild(
    hand: Iterable[Card | Rank],
    wild_ranks: Sequence[Rank],
    last: Play | None = None,
    rules: RuleProfile = CLASSIC,
) -> list[Play]:
    """Every distinct legal play of ``hand`` whose cards of ``wild_ranks`` are wild:
    leading when ``last`` is None, else every play that beats it (:func:`.wild.beats_wild`).
    Each play records what its wilds stood for; :func:`.wild.cards_of` gives its cards.

    The plays come kind by kind (bombs and the rocket last), each built once from its
    main part, its kickers and the split of its wild cards (see the module docstring).
    """
    counts = counts_of(hand)
    nat = list(counts)
    owned: list[tuple[int, int]] = []
    for r in sorted({int(r) for r in wild_ranks}):
        if nat[r]:
            owned.append((r, nat[r]))
        nat[r] = 0
    w = sum(c for _, c in owned)
    if not w:
        return _without_wilds(nat, last, rules)
    return _Generator(nat, owned, w, rules).run(last)


def _without_wilds(nat: list[int], last: Play | None, rules: RuleProfile) -> list[Play]:
    """The plays of a hand holding no wild card: the classic ones, but a natural bomb
    beats every soft bomb and no wild bomb."""
    if last is not None and last.kind is Kind.BOMB and last.wilds:
        rocket = plays_of_kind(nat, Kind.ROCKET, 0, 0, rules)
        if len(last.wilds) == 4:
            return rocket
        return plays_of_kind(nat, Kind.BOMB, 0, 0, rules) + rocket
    return legal_plays_counts(nat, last, rules)


class _Generator:
    """One call of :func:`legal_plays_wild`: the hand, its wild cards and the plays."""

    def __init__(
        self, nat: list[int], owned: list[tuple[int, int]], w: int, rules: RuleProfile
    ) -> None:
        self.nat = nat
        self.w = w
        self.rules = rules
        self.a, pa = owned[0]
        self.b, pb = owned[1] if len(owned) > 1 else (0, 0)
        #: splits[t]: (lower, higher) wild rank cards of every way to take t wild cards.
        self.splits: list[list[tuple[int, int]]] = [
            [(p, t - p) for p in range(max(0, t - pb), min(t, pa) + 1)] for t in range(w + 1)
        ]
        self.out: list[Play] = []
        self._groups: dict[int, list[_Main]] = {}

    def run(self, last: Play | None) -> list[Play]:
        rules = self.rules
        if last is None:
            for kind in _LEAD_KINDS:
                if kind in _AIRPLANES and not rules.airplanes:
                    continue
                if kind in _SHUTTLES and not rules.space_shuttle:
                    continue
                if kind is Kind.BOMB:
                    self._bombs(0, 0)
                elif kind is Kind.ROCKET:
                    self._rocket()
                else:
                    self._kind(kind, 0, 0)
            return self.out
        kind = last.kind
        if kind is Kind.ROCKET:
            return self.out
        if kind is Kind.BOMB:
            self._bombs(_class_of(len(last.wilds)), int(last.rank))
        else:
            if not (
                (kind in _AIRPLANES and not rules.airplanes)
                or (kind in _SHUTTLES and not rules.space_shuttle)
            ):
                self._kind(kind, int(last.rank), last.length)
            self._bombs(0, 0)
        self._rocket()
        return self.out

    # ----- main parts ------------------------------------------------------------------

    def _group_mains(self, width: int, above: int) -> list[_Main]:
        """The main parts of one rank (3..2) above ``above``, with their patterns."""
        if not above:
            found = self._groups.get(width)
            if found is not None:
                return found
        nat, w, a, b = self.nat, self.w, self.a, self.b
        out: list[_Main] = []
        for r in range(max(3, above + 1), _TWO + 1):
            if r == a:
                if width <= w:
                    out.append((r, r, width, 0, [(0, ())]))
            elif r == b:
                if width <= w:
                    out.append((r, r, 0, width, [(0, ())]))
            else:
                pats = _extend([(0, ())], r, width, nat[r], w)
                if pats:
                    out.append((r, r, 0, 0, pats))
        if width == 1:
            out += [(r, r, 0, 0, [(0, ())]) for r in (_BJ, _RJ) if nat[r] and r > above]
        if not above:
            self._groups[width] = out
        return out

    def _run_mains(self, width: int, shortest: int, above: int, length: int) -> list[_Main]:
        """The runs of ``width`` cards a rank (3..A), ``shortest`` ranks or more, topping
        above ``above``, of ``length`` ranks when given (0: any), with their patterns."""
        nat, w, a, b = self.nat, self.w, self.a, self.b
        out: list[_Main] = []
        first = 3 if not length else max(3, above - length + 2)
        for lo in range(first, _ACE):
            pats: list[_Pattern] = [(0, ())]
            sa = sb = 0
            for top in range(lo, _ACE + 1):
                if top == a:
                    sa = width
                elif top == b:
                    sb = width
                if sa + sb > w:
                    break
                budget = w - sa - sb
                if top in (a, b):
                    pats = [pat for pat in pats if pat[0] <= budget]
                else:
                    pats = _extend(pats, top, width, nat[top], budget)
                if not pats:
                    break
                k = top - lo + 1
                if length:
                    if k == length:
                        out.append((lo, top, sa, sb, pats))
                        break
                elif k >= shortest and top > above:
                    out.append((lo, top, sa, sb, pats))
        return out

    def _kind(self, kind: Kind, above: int, length: int) -> None:
        width, shortest, wings = _SHAPE[kind]
        if shortest:
            mains = self._run_mains(width, shortest, above, length)
        else:
            mains = self._group_mains(width, above)
        if not wings:
            self._plain(kind, width, mains)
        elif wings == 1:
            self._with_singles(kind, width, mains)
        else:
            self._with_pairs(kind, width, mains)

    # ----- plays without kickers --------------------------------------------------------

    def _plain(self, kind: Kind, width: int, mains: list[_Main]) -> None:
        a, b, splits, out = self.a, self.b, self.splits, self.out
        rep_a, rep_b = _REP[a], _REP[b]
        span = _SPAN[width]
        for lo, top, sa, sb, pats in mains:
            rank, length, ranks = _R[top], top - lo + 1, span[lo][top]
            sw = sa + sb
            for used, rec in pats:
                for p, q in splits[used + sw]:
                    ma = p if p < sa else sa
                    mb = q if q < sb else sb
                    wilds = rec
                    if ma < sa or mb < sb:
                        wilds = tuple(sorted(rec + rep_a[sa - ma] + rep_b[sb - mb]))
                    cards = rep_a[p - ma] + rep_b[q - mb]
                    out.append(_new(Play, (kind, rank, length, ranks, wilds, cards)))

    def _bombs(self, beat_class: int, beat_rank: int) -> None:
        """Every bomb: natural cards and wilds standing for one rank (the wilds, own rank
        or not, all recorded); above (class, rank) ``(beat_class, beat_rank)``."""
        nat, w, out, splits = self.nat, self.w, self.out, self.splits
        rep_a, rep_b = _REP[self.a], _REP[self.b]
        kind = Kind.BOMB
        for r in range(3, _TWO + 1):
            held = nat[r]
            rank = _R[r]
            ranks = _SPAN[4][r][r]
            for d in range(4 - held if held < 4 else 0, min(4, w) + 1):
                if beat_class and (_class_of(d), r) <= (beat_class, beat_rank):
                    continue
                wilds = _REP[r][d]
                for p, q in splits[d]:
                    out.append(_new(Play, (kind, rank, 1, ranks, wilds, rep_a[p] + rep_b[q])))

    def _rocket(self) -> None:
        if self.nat[_BJ] and self.nat[_RJ]:
            self.out += plays_of_kind(self.nat, Kind.ROCKET)

    # ----- plays with single kickers ----------------------------------------------------

    def _with_singles(self, kind: Kind, width: int, mains: list[_Main]) -> None:
        nat, w, a, b, splits, out = self.nat, self.w, self.a, self.b, self.splits, self.out
        rep_a, rep_b = _REP[a], _REP[b]
        span = _SPAN[width]
        run = kind is Kind.AIRPLANE_SINGLES or kind is Kind.SPACE_SHUTTLE_SINGLES
        for lo, top, sa, sb, pats in mains:
            rank, k, ranks = _R[top], top - lo + 1, span[lo][top]
            length = k if run else 1
            g = k if run else 2 if width == 4 else 1
            if run:
                cap = k if k < 4 else 4
            else:
                cap = 2 if width == 4 and self.rules.four_two_same_rank_singles else 1
            sw = sa + sb
            a_free = not lo <= a <= top
            b_free = b and not lo <= b <= top
            spare = [r for r in range(3, 18) if not lo <= r <= top for _ in range(min(nat[r], cap))]
            kicks = _Kickers(spare, lo, top, cap)
            for used, rec in pats:
                base = used + sw
                for jk in range(min(g, w - base) + 1):
                    naturals = kicks.of_size(g - jk)
                    if not naturals:
                        continue
                    for p, q in splits[base + jk]:
                        ma = p if p < sa else sa
                        mb = q if q < sb else sb
                        main_wilds = rec
                        if ma < sa or mb < sb:
                            main_wilds = tuple(sorted(rec + rep_a[sa - ma] + rep_b[sb - mb]))
                        top_a = (p if p < cap else cap) if a_free else 0
                        top_b = (q if q < cap else cap) if b_free else 0
                        if jk <= top_a + top_b:
                            kb = jk if jk < top_b else top_b
                            ka = jk - kb
                            rest = 0
                        else:
                            ka, kb = top_a, top_b
                            rest = jk - ka - kb
                        cards = rep_a[p - ma - ka] + rep_b[q - mb - kb]
                        own = rep_a[ka] + rep_b[kb]
                        for nk in naturals:
                            if rest:
                                fill = kicks.fill(nk, rest, a, ka, b, kb)
                                if fill is None:
                                    continue
                                kick = tuple(sorted(nk + own + fill))
                                wilds = tuple(sorted(main_wilds + fill))
                            else:
                                kick = tuple(sorted(nk + own)) if own else nk
                                wilds = main_wilds
                            out.append(
                                _new(
                                    Play,
                                    (kind, rank, length, _merge(kick, ranks, lo), wilds, cards),
                                )
                            )

    # ----- plays with pairs as kickers --------------------------------------------------

    def _with_pairs(self, kind: Kind, width: int, mains: list[_Main]) -> None:
        nat, w, a, b, splits, out = self.nat, self.w, self.a, self.b, self.splits, self.out
        rep_a, rep_b = _REP[a], _REP[b]
        span = _SPAN[width]
        run = kind is Kind.AIRPLANE_PAIRS or kind is Kind.SPACE_SHUTTLE_PAIRS
        for lo, top, sa, sb, pats in mains:
            rank, k, ranks = _R[top], top - lo + 1, span[lo][top]
            length = k if run else 1
            g = k if run else 2 if width == 4 else 1
            sw = sa + sb
            least = min(used for used, _ in pats) + sw
            a_free = not lo <= a <= top
            b_free = b and not lo <= b <= top
            held = [r for r in range(3, _TWO + 1) if nat[r] and not lo <= r <= top]
            options = _pair_options(held, nat, g, w - least)
            if not options:
                continue
            free_all = [r for r in range(3, _TWO + 1) if not lo <= r <= top]
            for used, rec in pats:
                base = used + sw
                for jk, naturals, topped, ranks_held, fresh in options:
                    t = base + jk
                    if t > w:
                        continue
                    for p, q in splits[t]:
                        ma = p if p < sa else sa
                        mb = q if q < sb else sb
                        main_wilds = rec
                        if ma < sa or mb < sb:
                            main_wilds = tuple(sorted(rec + rep_a[sa - ma] + rep_b[sb - mb]))
                        # Fresh pairs of wilds go on the wild ranks first.
                        ga = (p if p < 2 else 2) if a_free else 0
                        gb = (q if q < 2 else 2) if b_free else 0
                        on_a = on_b = False
                        if fresh == 1:
                            if ga > gb or (ga == gb == 1):
                                on_a = True
                            elif gb:
                                on_b = True
                        elif fresh:
                            on_a, on_b = ga > 0, gb > 0
                        ka = ga if on_a else 0
                        kb = gb if on_b else 0
                        own = (rep_a[2] if on_a else ()) + (rep_b[2] if on_b else ())
                        extra = topped
                        if on_a and ka < 2:
                            extra += rep_a[2 - ka]
                        if on_b and kb < 2:
                            extra += rep_b[2 - kb]
                        rest = fresh - on_a - on_b
                        if rest:
                            fill: tuple[Rank, ...] = ()
                            for r in free_all:
                                if r in ranks_held or (on_a and r == a) or (on_b and r == b):
                                    continue
                                fill += _REP[r][2]
                                rest -= 1
                                if not rest:
                                    break
                            else:
                                continue
                            own += fill
                            extra += fill
                        kick = naturals + topped + own
                        if len(kick) != len(naturals):
                            kick = tuple(sorted(kick))
                        wilds = tuple(sorted(main_wilds + extra)) if extra else main_wilds
                        cards = rep_a[p - ma - ka] + rep_b[q - mb - kb]
                        out.append(
                            _new(Play, (kind, rank, length, _merge(kick, ranks, lo), wilds, cards))
                        )


def _merge(kick: tuple[Rank, ...], main: tuple[Rank, ...], lo: int) -> tuple[Rank, ...]:
    """The kickers (sorted, none inside the main part) and the main part, lowest first."""
    i = 0
    for r in kick:
        if r > lo:
            break
        i += 1
    if not i:
        return main + kick
    if i == len(kick):
        return kick + main
    return kick[:i] + main + kick[i:]


class _Kickers:
    """The natural single kickers of a main part: their combinations by size, and the
    lowest ranks left for the kicker wilds that are recorded."""

    def __init__(self, spare: list[int], lo: int, top: int, cap: int) -> None:
        self.spare = spare
        self.lo = lo
        self.top = top
        self.cap = cap
        self._sizes: dict[int, list[tuple[Rank, ...]]] = {}

    def of_size(self, n: int) -> list[tuple[Rank, ...]]:
        found = self._sizes.get(n)
        if found is None:
            found = []
            for combo in dict.fromkeys(combinations(self.spare, n)):
                if n >= 2 and combo[-1] == _RJ and combo[-2] == _BJ:
                    continue  # the rocket is never two kickers
                found.append(tuple([_R[r] for r in combo]))
            self._sizes[n] = found
        return found

    def fill(
        self, nk: tuple[Rank, ...], n: int, a: int, ka: int, b: int, kb: int
    ) -> tuple[Rank, ...] | None:
        """The ``n`` lowest ranks (3..2, outside the main part) with room for a kicker
        beside the natural kickers ``nk`` and the ``ka``/``kb`` wilds on their own rank;
        None if there is not room for ``n``."""
        lo, top, cap = self.lo, self.top, self.cap
        out: tuple[Rank, ...] = ()
        for r in range(3, _TWO + 1):
            if lo <= r <= top:
                continue
            room = cap - nk.count(r)
            if r == a:
                room -= ka
            elif r == b:
                room -= kb
            if room <= 0:
                continue
            if room >= n:
                return out + _REP[r][n]
            out += _REP[r][room]
            n -= room
        return None


_PairOption = tuple[int, tuple[Rank, ...], tuple[Rank, ...], tuple[int, ...], int]


def _pair_options(held: list[int], nat: Sequence[int], g: int, budget: int) -> list[_PairOption]:
    """The natural parts of ``g`` pairs as kickers: (wilds needed, the natural cards,
    the ranks topped up by a wild, the ranks held among them, fresh pairs of wilds) for
    every choice of one or two natural cards of at most ``g`` ranks held, within
    ``budget`` wilds."""
    out: list[_PairOption] = []

    def grow(
        i: int, naturals: tuple[Rank, ...], topped: tuple[Rank, ...], used: tuple[int, ...]
    ) -> None:
        fresh = g - len(used)
        need = len(topped) + 2 * fresh
        if need - 2 * min(fresh, len(held) - i) > budget:
            return
        if i == len(held) or not fresh:
            if need <= budget:
                out.append((need, naturals, topped, used, fresh))
            return
        r = held[i]
        rep = _REP[r]
        if nat[r] >= 2:
            grow(i + 1, naturals + rep[2], topped, (*used, r))
        grow(i + 1, naturals + rep[1], topped + rep[1], (*used, r))
        grow(i + 1, naturals, topped, used)

    grow(0, (), (), ())
    return out
