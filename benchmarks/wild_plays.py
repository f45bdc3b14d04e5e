"""Benchmark the wildcard move generator (issue 10): ``legal_plays_wild`` on hands of
17-20 cards holding 1-4 wild cards, and on hands as a real deal gives them, against the
classic ``legal_plays_counts`` on comparable hands without wilds.

Each position is a random 17-20-card hand; under ``--wilds N`` it holds exactly N
cards of the wild rank(s) (one wild rank, or two on positions 2 and 3 of every four as
at the tiandi table).  The ``dealt`` row (``--wilds dealt``) takes its hands the way a
deal gives them: 17 cards (a peasant) or, one time in three, 20 (the landlord) from a
shuffled 54-card pack, with one wild rank (laizi, four wild cards in the pack) or, on
positions 2 and 3 of every four, two (tiandi, eight), keeping only the hands that hold
a wild card; the number of wild cards then follows the real distribution (printed
under the table).  ``--mix follow`` adds a play to beat: a random classic legal play of
a random 17-card opponent hand from the rest of the pack; ``--mix lead`` has none;
``--mix both`` (the default) alternates.  The classic figures come from the same hands
with the wild cards swapped for natural cards of other ranks, and the same plays to
beat.  Engines alternate, the garbage collector off.  ``--repeat N`` (default 1) times
every position once a round for N rounds and keeps its fastest time: this steadies the
figures on a busy machine without timing a call right after the same call (which would
flatter the short classic calls most, their data still in the caches).

    .venv/bin/python benchmarks/wild_plays.py --positions 400 --seed 1 --mix both
    .venv/bin/python benchmarks/wild_plays.py --positions 400 --seed 1 --mix lead --wilds 4
    .venv/bin/python benchmarks/wild_plays.py --positions 400 --mix follow --wilds dealt --repeat 3
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine_info, pct, table
from doudizhu_tui.core import Play, Rank, counts_of, legal_plays_counts
from doudizhu_tui.core.wild import WILDABLE_RANKS, legal_plays_wild

DECK = [r for r in Rank if r <= Rank.TWO for _ in range(4)] + [Rank.BLACK_JOKER, Rank.RED_JOKER]


def position(
    rng: random.Random, wilds: int, follow: bool, two_ranks: bool
) -> tuple[list[Rank], list[Rank], tuple[Rank, ...], Play | None]:
    """(hand with wilds, comparable hand without, wild ranks, play to beat or None)."""
    wild = tuple(rng.sample(WILDABLE_RANKS, 2 if two_ranks else 1))
    size = rng.randint(17, 20)
    wild_pack = [r for r in DECK if r in wild]
    rest = [r for r in DECK if r not in wild]
    rng.shuffle(rest)
    naturals = rest[: size - wilds]
    hand = rng.sample(wild_pack, wilds) + naturals
    classic = naturals + rest[size - wilds : size]
    last: Play | None = None
    if follow:
        others = rest[size:]
        rng.shuffle(others)
        plays = legal_plays_counts(counts_of(others[:17]))
        last = rng.choice(plays)
    return hand, classic, wild, last


def dealt_position(
    rng: random.Random, follow: bool, two_ranks: bool
) -> tuple[list[Rank], list[Rank], tuple[Rank, ...], Play | None]:
    """A position as a deal gives it (see the module docstring): (hand, comparable hand
    without wilds, wild ranks, play to beat or None)."""
    wild = tuple(rng.sample(WILDABLE_RANKS, 2 if two_ranks else 1))
    while True:
        pack = list(DECK)
        rng.shuffle(pack)
        size = 20 if rng.random() < 1 / 3 else 17
        hand = pack[:size]
        wilds = sum(1 for r in hand if r in wild)
        if wilds:
            break
    rest = [r for r in pack[size:] if r not in wild]
    classic = [r for r in hand if r not in wild] + rest[:wilds]
    last: Play | None = None
    if follow:
        others = rest[wilds:]
        rng.shuffle(others)
        last = rng.choice(legal_plays_counts(counts_of(others[:17])))
    return hand, classic, wild, last


def run(
    positions: int, seed: int, mix: str, wilds: int | None, repeat: int, dealt: Counter[int]
) -> list[str]:
    """One row: ``wilds`` wild cards a hand, or hands as dealt (None; their numbers of
    wild cards are counted in ``dealt``).  With ``repeat`` > 1 every position is timed
    once a round, ``repeat`` rounds, and its fastest time kept."""
    rng = random.Random(f"{seed}-{mix}-{wilds or 'dealt'}")
    cases = []
    for i in range(positions):
        follow = mix == "follow" or (mix == "both" and i % 2 == 1)
        if wilds is None:
            hand, classic, wild, last = dealt_position(rng, follow, i % 4 >= 2)
            dealt[sum(1 for r in hand if r in wild)] += 1
        else:
            hand, classic, wild, last = position(rng, wilds, follow, i % 4 >= 2)
        cases.append((hand, counts_of(classic), wild, last))
    wild_t = [float("inf")] * positions
    classic_t = [float("inf")] * positions
    sizes: list[int] = []
    gc.disable()
    try:
        for round_ in range(repeat):
            for i, (hand, counts, wild, last) in enumerate(cases):
                order = (0, 1) if i % 2 else (1, 0)
                for which in order:
                    if which:
                        t = time.perf_counter()
                        found = legal_plays_wild(hand, wild, last)
                        wild_t[i] = min(wild_t[i], time.perf_counter() - t)
                        if not round_:
                            sizes.append(len(found))
                    else:
                        t = time.perf_counter()
                        legal_plays_counts(counts, last)
                        classic_t[i] = min(classic_t[i], time.perf_counter() - t)
    finally:
        gc.enable()
    wm, cm = statistics.median(wild_t), statistics.median(classic_t)
    return [
        f"{mix} {f'x{wilds}' if wilds else 'as dealt'}",
        f"{wm * 1e6:.0f}",
        f"{pct(wild_t, 0.99) * 1e6:.0f}",
        f"{max(wild_t) * 1e6:.0f}",
        f"{cm * 1e6:.1f}",
        f"{wm / cm:.0f}x",
        f"{statistics.median(sizes):.0f}",
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mix", choices=("lead", "follow", "both"), default="both")
    ap.add_argument(
        "--wilds",
        choices=("1", "2", "3", "4", "dealt"),
        help="default: each of 1..4, then hands as dealt",
    )
    ap.add_argument(
        "--repeat", type=int, default=1, help="time every position in N rounds, keep the best"
    )
    args = ap.parse_args(argv)
    counts: list[int | None] = [1, 2, 3, 4, None]
    if args.wilds:
        counts = [None if args.wilds == "dealt" else int(args.wilds)]
    mixes = ["lead", "follow"] if args.mix == "both" else [args.mix]
    dealt: Counter[int] = Counter()
    rows = [
        run(args.positions, args.seed, mix, n, max(1, args.repeat), dealt)
        for mix in mixes
        for n in counts
    ]
    header = ["mix, wilds", "median us", "p99 us", "max us", "classic us", "ratio", "plays"]
    for name, value in machine_info():
        print(f"{name}: {value}")
    repeat = f", best of {args.repeat} rounds" if args.repeat > 1 else ""
    print(f"positions: {args.positions} per row, seed {args.seed}{repeat}\n")
    print(table(rows, header))
    if dealt:
        total = sum(dealt.values())
        shares = ", ".join(f"{n}: {100 * c / total:.0f}%" for n, c in sorted(dealt.items()))
        print(f"\nas dealt, wild cards a hand: {shares}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
