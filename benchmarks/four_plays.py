"""Benchmark the four-player move generator (issue 11): ``legal_plays_counts`` under the
``four`` profile on two-pack hands of 25 cards (a partner) and 33 (the landlord),
leading and following, beside the classic generator on 17- and 20-card hands.

Each position is a hand drawn from a shuffled pack (two packs, 108 cards, at four
players; one pack at three); with ``--mix follow`` a play to beat comes with it: a
random legal lead of a random opponent hand of 25 (17) cards from the rest of the pack.
The garbage collector is off and every call is timed once; the table gives the median,
p90, p99 and the mean in microseconds, and the mean number of plays listed.  The
target of issue 11 is a 33-card lead under 100 µs at the median.

    .venv/bin/python benchmarks/four_plays.py --positions 2000 --seed 1
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
from doudizhu_tui.core import CLASSIC, Play, Rank, RuleProfile, counts_of, legal_plays_counts

FOUR = RuleProfile(name="four", players=4)


def pack(packs: int) -> list[Rank]:
    """Every card of ``packs`` packs, as ranks."""
    one = [r for r in Rank if r <= Rank.TWO for _ in range(4)] + [
        Rank.BLACK_JOKER,
        Rank.RED_JOKER,
    ]
    return one * packs


def positions(
    rng: random.Random, n: int, size: int, rules: RuleProfile, follow: bool
) -> list[tuple[list[int], Play | None]]:
    """``n`` (hand counts, play to beat) pairs; the hand holds ``size`` cards."""
    out: list[tuple[list[int], Play | None]] = []
    cards = pack(rules.packs)
    while len(out) < n:
        rng.shuffle(cards)
        hand = counts_of(cards[:size])
        last: Play | None = None
        if follow:
            other = counts_of(cards[size : size + rules.hand_size])
            last = rng.choice(legal_plays_counts(other, None, rules))
        out.append((hand, last))
    return out


def measure(cases: list[tuple[list[int], Play | None]], rules: RuleProfile) -> list[float]:
    """Microseconds per call, one call per position."""
    times: list[float] = []
    gc.disable()
    try:
        for counts, last in cases:
            start = time.perf_counter_ns()
            legal_plays_counts(counts, last, rules)
            times.append((time.perf_counter_ns() - start) / 1000)
    finally:
        gc.enable()
    return times


def main() -> None:
    """Print the table of timings (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rows: list[list[str]] = []
    setups = [
        ("four, 25 cards", FOUR, 25),
        ("four, 33 cards", FOUR, 33),
        ("classic, 17 cards", CLASSIC, 17),
        ("classic, 20 cards", CLASSIC, 20),
    ]
    for label, rules, size in setups:
        for follow in (False, True):
            cases = positions(rng, args.positions, size, rules, follow)
            measure(cases[: min(200, len(cases))], rules)  # warm the play tables
            times = measure(cases, rules)
            plays = statistics.fmean(len(legal_plays_counts(c, last, rules)) for c, last in cases)
            rows.append(
                [
                    f"{label}, {'follow' if follow else 'lead'}",
                    f"{statistics.median(times):.1f}",
                    f"{pct(times, 0.9):.1f}",
                    f"{pct(times, 0.99):.1f}",
                    f"{statistics.fmean(times):.1f}",
                    f"{plays:.0f}",
                ]
            )
    print(table(rows, ["positions", "median µs", "p90", "p99", "mean", "plays"]))
    print()
    for key, value in machine_info():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
