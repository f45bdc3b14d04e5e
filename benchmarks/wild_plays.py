"""Benchmark the wildcard move generator (issue 10): ``legal_plays_wild`` on hands of
17-20 cards holding 1-4 wild cards, against the classic ``legal_plays_counts`` on
comparable hands without wilds.

Each position is a random 17-20-card hand; under ``--wilds N`` it holds exactly N
cards of the wild rank(s) (one wild rank, or two on odd positions as at the tiandi
table).  ``--mix follow`` adds a play to beat: a random classic legal play of a random
17-card opponent hand from the rest of the pack; ``--mix lead`` has none; ``--mix
both`` (the default) alternates.  The classic figures come from the same hands with
the wild cards swapped for natural cards of other ranks, and the same plays to beat.
One call per position and engine, the garbage collector off, engines alternating.

    .venv/bin/python benchmarks/wild_plays.py --positions 400 --seed 1 --mix both
    .venv/bin/python benchmarks/wild_plays.py --positions 400 --seed 1 --mix lead --wilds 4
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
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


def run(positions: int, seed: int, mix: str, wilds: int) -> list[str]:
    rng = random.Random(f"{seed}-{mix}-{wilds}")
    wild_t: list[float] = []
    classic_t: list[float] = []
    sizes: list[int] = []
    gc.disable()
    try:
        for i in range(positions):
            follow = mix == "follow" or (mix == "both" and i % 2 == 1)
            hand, classic, wild, last = position(rng, wilds, follow, i % 4 >= 2)
            counts = counts_of(classic)
            order = (0, 1) if i % 2 else (1, 0)
            for which in order:
                if which:
                    t = time.perf_counter()
                    found = legal_plays_wild(hand, wild, last)
                    wild_t.append(time.perf_counter() - t)
                    sizes.append(len(found))
                else:
                    t = time.perf_counter()
                    legal_plays_counts(counts, last)
                    classic_t.append(time.perf_counter() - t)
    finally:
        gc.enable()
    wm, cm = statistics.median(wild_t), statistics.median(classic_t)
    return [
        f"{mix} x{wilds}",
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
    ap.add_argument("--wilds", type=int, choices=(1, 2, 3, 4), help="default: each of 1..4")
    args = ap.parse_args(argv)
    counts = [args.wilds] if args.wilds else [1, 2, 3, 4]
    mixes = ["lead", "follow"] if args.mix == "both" else [args.mix]
    rows = [run(args.positions, args.seed, mix, n) for mix in mixes for n in counts]
    header = ["mix, wilds", "median us", "p99 us", "max us", "classic us", "ratio", "plays"]
    for name, value in machine_info():
        print(f"{name}: {value}")
    print(f"positions: {args.positions} per row, seed {args.seed}\n")
    print(table(rows, header))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
