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
from .combos import Kind, Play, classify_counts
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


def _readings(
    cards: Iterable[Card | Rank], wild_ranks: Sequence[Rank], rules: RuleProfile = CLASSIC
) -> list[Play]:
    """Every reading of a selection whose cards of ``wild_ranks`` are wild (what
    :func:`.wild.classify_wild` lists): the leads of the selection taken as a hand that
    take all of its cards, built only for the kinds and lengths that many cards make."""
    counts = counts_of(cards)
    nat = list(counts)
    owned: list[tuple[int, int]] = []
    for r in sorted({int(r) for r in wild_ranks}):
        if nat[r]:
            owned.append((r, nat[r]))
        nat[r] = 0
    w = sum(c for _, c in owned)
    if not w:
        return classify_counts(nat, rules)
    return _Generator(nat, owned, w, rules).run_size(sum(counts))


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
        self.splits = _splits(pa, pb)
        self.out: list[Play] = []
        self._groups: dict[int, list[_Main]] = {}
        self._runs: dict[tuple[int, int], list[_Main]] = {}
        self._singles_all: dict[tuple[int, int], list[tuple[int, tuple[Rank, ...]]]] = {}
        self._singles: dict[tuple[int, int, int], list[tuple[Rank, ...]]] = {}
        self._pairs: dict[tuple[int, int], list[_PairOption]] = {}

    def run_size(self, size: int) -> list[Play]:
        """The leads of exactly ``size`` cards: one length a kind at most."""
        rules = self.rules
        for kind in _LEAD_KINDS:
            if kind in _AIRPLANES and not rules.airplanes:
                continue
            if kind in _SHUTTLES and not rules.space_shuttle:
                continue
            if kind is Kind.BOMB:
                if size == 4:
                    self._bombs(0, 0)
            elif kind is Kind.ROCKET:
                if size == 2:
                    self._rocket()
            else:
                width, shortest, wings = _SHAPE[kind]
                if shortest:  # a run of k ranks: (width + wing cards) a rank
                    k, left = divmod(size, width + wings)
                    if not left and k >= shortest:
                        self._kind(kind, 0, k)
                elif size == width + wings * (2 if width == 4 else 1 if wings else 0):
                    self._kind(kind, 0, 0)
        return self.out

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
        if not above and not length:
            found = self._runs.get((width, shortest))
            if found is not None:
                return found
        nat, w, a, b = self.nat, self.w, self.a, self.b
        out: list[_Main] = []
        first = 3 if not length else max(3, above - length + 2)
        # The wilds each rank lacks (all of a wild rank's); a run from lo reaches up to
        # the last top where they add up to at most w.
        lack = [width - c if c < width else 0 for c in nat]
        fewest = max(shortest, length)  # ranks
        for lo in range(first, _ACE):
            need, reach = 0, lo - 1
            while reach < _ACE and need + lack[reach + 1] <= w:
                reach += 1
                need += lack[reach]
            if reach - lo + 1 < fewest or reach <= above:
                continue
            pats: list[_Pattern] = [(0, ())]
            sa = sb = 0
            for top in range(lo, reach + 1):
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
        if not above and not length:
            self._runs[width, shortest] = out
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
        new, play_type = _new, Play
        for lo, top, sa, sb, pats in mains:
            rank, length, ranks = _R[top], top - lo + 1, span[lo][top]
            sw = sa + sb
            if not sw and not b:  # one wild rank, outside the main part
                out += [
                    new(play_type, (kind, rank, length, ranks, rec, rep_a[used]))
                    for used, rec in pats
                ]
                continue
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
        most = 4 if w > 4 else w
        fewest = 4 - most  # natural cards a bomb needs
        for r in range(3, _TWO + 1):
            held = nat[r]
            if held < fewest:
                continue
            rank = _R[r]
            ranks = _SPAN[4][r][r]
            for d in range(4 - held if held < 4 else 0, most + 1):
                if beat_class and (_class_of(d), r) <= (beat_class, beat_rank):
                    continue
                wilds = _REP[r][d]
                for p, q in splits[d]:
                    out.append(_new(Play, (kind, rank, 1, ranks, wilds, rep_a[p] + rep_b[q])))

    def _rocket(self) -> None:
        if self.nat[_BJ] and self.nat[_RJ]:
            self.out.append(_ROCKET)

    # ----- plays with kickers --------------------------------------------------------------

    def _entries(
        self, pats: list[_Pattern], sw: int, sa: int, sb: int, jk: int
    ) -> list[tuple[int, int, tuple[Rank, ...]]]:
        """For each pattern and split of its wild cards with ``jk`` kicker wilds: the
        cards of each wild rank left for the kickers (after those the main part's wild
        ranks take as their own) and the main part's recorded wilds."""
        w, splits = self.w, self.splits
        rep_a, rep_b = _REP[self.a], _REP[self.b]
        out: list[tuple[int, int, tuple[Rank, ...]]] = []
        for used, rec in pats:
            t = used + sw + jk
            if t > w:
                continue
            for p, q in splits[t]:
                ma = p if p < sa else sa
                mb = q if q < sb else sb
                if ma < sa or mb < sb:
                    out.append(
                        (p - ma, q - mb, tuple(sorted(rec + rep_a[sa - ma] + rep_b[sb - mb])))
                    )
                else:
                    out.append((p - ma, q - mb, rec))
        return out

    def _single_kickers(self, cap: int, n: int, smask: int) -> list[tuple[Rank, ...]]:
        """Every set of ``n`` natural single kickers outside the ranks of ``smask``, at
        most ``cap`` of a rank, never both jokers."""
        key = (cap, n, smask)
        found = self._singles.get(key)
        if found is not None:
            return found
        every = self._singles_all.get((cap, n))
        if every is None:
            nat = self.nat
            spare = [r for r in range(3, 18) for _ in range(min(nat[r], cap))]
            known = _KICKERS
            every = []
            for combo in dict.fromkeys(combinations(spare, n)):
                entry = known.get(combo)
                if entry is None:
                    mask = 0
                    for r in combo:
                        mask |= 1 << r
                    entry = known[combo] = (mask, tuple([_R[r] for r in combo]))
                every.append(entry)
            if n >= 2 and nat[_BJ] and nat[_RJ]:
                both = 1 << _BJ | 1 << _RJ
                every = [e for e in every if e[0] & both != both]  # never the rocket
            self._singles_all[cap, n] = every
        found = self._singles[key] = [nk for m, nk in every if not m & smask]
        return found

    def _with_singles(self, kind: Kind, width: int, mains: list[_Main]) -> None:
        w, a, b, out = self.w, self.a, self.b, self.out
        rep_a, rep_b = _REP[a], _REP[b]
        new, play_type = _new, Play
        run = kind is Kind.AIRPLANE_SINGLES or kind is Kind.SPACE_SHUTTLE_SINGLES
        for lo, top, sa, sb, pats in mains:
            rank, k = _R[top], top - lo + 1
            length = k if run else 1
            g = k if run else 2 if width == 4 else 1
            known = _MERGED[width][lo][top]
            if run:
                cap = k if k < 4 else 4
            else:
                cap = 2 if width == 4 and self.rules.four_two_same_rank_singles else 1
            sw = sa + sb
            smask = _MASK[lo][top]
            a_free = not lo <= a <= top
            b_free = b and not lo <= b <= top
            least = min(used for used, _ in pats) + sw
            for jk in range(min(g, w - least) + 1):
                naturals = self._single_kickers(cap, g - jk, smask)
                if not naturals:
                    continue
                # The kicker wilds: on their own (wild) rank as far as they go, the
                # higher wild rank first; the rest recorded, on the lowest ranks free.
                groups: dict[tuple[int, int, int], list[tuple[tuple[Rank, ...], ...]]] = {}
                for p, q, main_wilds in self._entries(pats, sw, sa, sb, jk):
                    top_a = (p if p < cap else cap) if a_free else 0
                    top_b = (q if q < cap else cap) if b_free else 0
                    if jk <= top_a + top_b:
                        kb = jk if jk < top_b else top_b
                        ka = jk - kb
                        rest = 0
                    else:
                        ka, kb = top_a, top_b
                        rest = jk - ka - kb
                    entry = (main_wilds, rep_a[p - ka] + rep_b[q - kb])
                    key = (ka, kb, rest)
                    found = groups.get(key)
                    if found is None:
                        groups[key] = [entry]
                    else:
                        found.append(entry)
                for (ka, kb, rest), entries in groups.items():
                    own = rep_a[ka] + rep_b[kb]
                    if not rest:
                        if own:
                            every = [
                                known.get(kick) or _merge(known, kick, width, lo, top)
                                for kick in [tuple(sorted(nk + own)) for nk in naturals]
                            ]
                        else:
                            every = [
                                known.get(nk) or _merge(known, nk, width, lo, top)
                                for nk in naturals
                            ]
                        for main_wilds, cards in entries:
                            out += [
                                new(play_type, (kind, rank, length, ranks, main_wilds, cards))
                                for ranks in every
                            ]
                        continue
                    with_fill: list[tuple[tuple[Rank, ...], ...]] = []
                    for nk in naturals:
                        fill = _fill(nk, rest, lo, top, cap, a, ka, b, kb)
                        if fill is not None:
                            i = _below(fill, lo)
                            kick = tuple(sorted(nk + own + fill))
                            ranks = known.get(kick) or _merge(known, kick, width, lo, top)
                            with_fill.append((ranks, fill[:i], fill[i:]))
                    for main_wilds, cards in entries:
                        out += [
                            new(play_type, (kind, rank, length, ranks, fb + main_wilds + fa, cards))
                            for ranks, fb, fa in with_fill
                        ]

    def _pair_kickers(self, g: int, smask: int, budget: int) -> list[list[_PairOption]]:
        """The natural parts of ``g`` pairs as kickers outside the ranks of ``smask``
        (see :func:`_pair_options`), by the wilds they need, up to ``budget``."""
        out: list[list[_PairOption]] = []
        for need in range(budget + 1):
            every = self._pairs.get((g, need))
            if every is None:
                nat = self.nat
                held = [r for r in range(3, _TWO + 1) if nat[r]]
                twos = [r for r in held if nat[r] >= 2]
                every = self._pairs[g, need] = _pair_options(held, twos, g, need)
            out.append([option for option in every if not option[1] & smask])
        return out

    def _with_pairs(self, kind: Kind, width: int, mains: list[_Main]) -> None:
        w, a, b, out = self.w, self.a, self.b, self.out
        rep_a, rep_b = _REP[a], _REP[b]
        new, play_type = _new, Play
        run = kind is Kind.AIRPLANE_PAIRS or kind is Kind.SPACE_SHUTTLE_PAIRS
        for lo, top, sa, sb, pats in mains:
            rank, k = _R[top], top - lo + 1
            length = k if run else 1
            g = k if run else 2 if width == 4 else 1
            known = _MERGED[width][lo][top]
            sw = sa + sb
            smask = _MASK[lo][top]
            least = min(used for used, _ in pats) + sw
            a_free = not lo <= a <= top
            b_free = b and not lo <= b <= top
            for jk, options in enumerate(self._pair_kickers(g, smask, w - least)):
                if not options:
                    continue
                # Fresh pairs of wilds go on the wild ranks first (see the docstring).
                groups: dict[tuple[int, int], list[tuple[int, int, tuple[Rank, ...]]]] = {}
                for entry in self._entries(pats, sw, sa, sb, jk):
                    p, q = entry[0], entry[1]
                    key = (
                        (p if p < 2 else 2) if a_free else 0,
                        (q if q < 2 else 2) if b_free else 0,
                    )
                    found = groups.get(key)
                    if found is None:
                        groups[key] = [entry]
                    else:
                        found.append(entry)
                for (ga, gb), entries in groups.items():
                    ready: list[
                        tuple[tuple[Rank, ...], tuple[Rank, ...], tuple[Rank, ...], int, int]
                    ]
                    ready = []
                    for _, held_mask, kick, topped, fresh in options:
                        if not fresh:  # no wild on a rank of its own: nothing to choose
                            ranks = known.get(kick) or _merge(known, kick, width, lo, top)
                            if topped:
                                i = _below(topped, lo)
                                ready.append((ranks, topped[:i], topped[i:], 0, 0))
                            else:
                                ready.append((ranks, (), (), 0, 0))
                            continue
                        on_a = on_b = False
                        if fresh == 1:
                            if ga > gb or ga == gb == 1:
                                on_a = True
                            elif gb:
                                on_b = True
                        elif fresh:
                            on_a, on_b = ga > 0, gb > 0
                        ka = ga if on_a else 0
                        kb = gb if on_b else 0
                        extra = topped
                        own: tuple[Rank, ...] = ()
                        if on_a:
                            own = rep_a[2]
                            if ka < 2:
                                extra += rep_a[2 - ka]
                        if on_b:
                            own += rep_b[2]
                            if kb < 2:
                                extra += rep_b[2 - kb]
                        rest = fresh - on_a - on_b
                        if rest:
                            taken = held_mask | smask
                            if on_a:
                                taken |= 1 << a
                            if on_b:
                                taken |= 1 << b
                            fill = _lowest_pairs(taken, rest)
                            if fill is None:
                                continue
                            own += fill
                            extra += fill
                        kick = tuple(sorted(kick + own))
                        if len(extra) > len(topped):
                            extra = tuple(sorted(extra))
                        ranks = known.get(kick) or _merge(known, kick, width, lo, top)
                        if extra:
                            i = _below(extra, lo)
                            ready.append((ranks, extra[:i], extra[i:], ka, kb))
                        else:
                            ready.append((ranks, (), (), ka, kb))
                    if b:
                        for p, q, main_wilds in entries:
                            out += [
                                new(
                                    play_type,
                                    (
                                        kind,
                                        rank,
                                        length,
                                        ranks,
                                        eb + main_wilds + ea,
                                        rep_a[p - ka] + rep_b[q - kb],
                                    ),
                                )
                                for ranks, eb, ea, ka, kb in ready
                            ]
                        continue
                    for p, _, main_wilds in entries:  # one wild rank
                        out += [
                            new(
                                play_type,
                                (kind, rank, length, ranks, eb + main_wilds + ea, rep_a[p - ka]),
                            )
                            for ranks, eb, ea, ka, _ in ready
                        ]


#: The natural single kickers met so far: ranks -> (rank mask, ranks); at most the
#: 15 + 120 + 680 + 3060 + 11628 multisets of one to five of the 15 ranks.
_KICKERS: dict[tuple[int, ...], tuple[int, tuple[Rank, ...]]] = {}
_ROCKET = Play(Kind.ROCKET, Rank.RED_JOKER, 1, (Rank.BLACK_JOKER, Rank.RED_JOKER))
_SPLITS: dict[tuple[int, int], list[list[tuple[int, int]]]] = {}


def _splits(pa: int, pb: int) -> list[list[tuple[int, int]]]:
    """For t from 0 to ``pa + pb``: every (lower, higher) way to take t of ``pa`` cards of
    the lower wild rank and ``pb`` of the higher."""
    found = _SPLITS.get((pa, pb))
    if found is None:
        found = _SPLITS[pa, pb] = [
            [(p, t - p) for p in range(max(0, t - pb), min(t, pa) + 1)] for t in range(pa + pb + 1)
        ]
    return found


#: _MASK[lo][top]: the bits 1 << r of the ranks from lo up to top.
_MASK: list[list[int]] = [
    [sum(1 << r for r in range(lo, top + 1)) for top in range(18)] for lo in range(18)
]

#: _MERGED[width][lo][top]: the ranks of the plays with kickers met so far whose main
#: part has ``width`` cards a rank from lo up to top, by their kickers (at most every
#: classic play with kickers, a few ten thousand).
_MERGED: list[list[list[dict[tuple[Rank, ...], tuple[Rank, ...]]]]] = [
    [[{} for _ in range(18)] for _ in range(18)] for _ in range(5)
]


def _merge(
    known: dict[tuple[Rank, ...], tuple[Rank, ...]],
    kick: tuple[Rank, ...],
    width: int,
    lo: int,
    top: int,
) -> tuple[Rank, ...]:
    """The ranks of a play (kept in ``known``): its main part of ``width`` cards a rank
    from lo up to top and its kickers ``kick`` (sorted, none inside the main part)."""
    main = _SPAN[width][lo][top]
    i = _below(kick, lo)
    found = known[kick] = kick[:i] + main + kick[i:] if i else main + kick
    return found


def _below(ranks: tuple[Rank, ...], lo: int) -> int:
    """How many of the (sorted) ranks are below ``lo``."""
    i = 0
    for r in ranks:
        if r > lo:
            break
        i += 1
    return i


def _fill(
    nk: tuple[Rank, ...], n: int, lo: int, top: int, cap: int, a: int, ka: int, b: int, kb: int
) -> tuple[Rank, ...] | None:
    """The ``n`` lowest ranks (3..2, outside the main part from lo up to top) with room
    for a single kicker (``cap`` a rank) beside the natural kickers ``nk`` and the
    ``ka``/``kb`` wilds on their own rank; None if there is not room for ``n``."""
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


def _lowest_pairs(taken: int, n: int) -> tuple[Rank, ...] | None:
    """Pairs of the ``n`` lowest ranks 3..2 whose bit is not in ``taken``."""
    out: tuple[Rank, ...] = ()
    for r in range(3, _TWO + 1):
        if not taken >> r & 1:
            out += _REP[r][2]
            n -= 1
            if not n:
                return out
    return None


# (wilds needed, mask of the ranks held, the kickers with the naturals topped up, the
# ranks topped up by a wild, fresh pairs of wilds).
_PairOption = tuple[int, int, tuple[Rank, ...], tuple[Rank, ...], int]


def _pair_options(held: list[int], twos: list[int], g: int, need: int) -> list[_PairOption]:
    """The natural parts of ``g`` pairs as kickers needing ``need`` wilds: ``pure`` pairs
    of natural cards (ranks ``twos``), ``ones`` natural cards (ranks ``held``) topped up
    by a wild, the other pairs fresh ones of wilds (two wilds each)."""
    out: list[_PairOption] = []
    for fresh in range(min(g, need // 2) + 1):
        ones = need - 2 * fresh
        pure = g - fresh - ones
        if pure < 0 or pure > len(twos) or pure + ones > len(held):
            continue
        for pairs in combinations(twos, pure):
            mask = 0
            for r in pairs:
                mask |= 1 << r
            rest = [r for r in held if not mask >> r & 1] if pairs else held
            for singles in combinations(rest, ones):
                both = mask
                for r in singles:
                    both |= 1 << r
                kick: tuple[Rank, ...] = ()
                for r in sorted(pairs + singles) if singles and pairs else pairs or singles:
                    kick += _REP[r][2]
                topped = tuple([_R[r] for r in singles])
                out.append((need, both, kick, topped, fresh))
    return out
