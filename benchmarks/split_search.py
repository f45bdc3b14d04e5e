"""How long the bots' hand-split search takes, per hand, in each rule profile.

Every level splits hands to choose its plays (:func:`~doudizhu_tui.bots.analysis.best_split`,
and :func:`~doudizhu_tui.bots.analysis.fewest_split` for the bid advice), and Hard's
search splits thousands of new hands per decision, so this is most of what a Hard
decision costs.  ``--hands`` seeded hands of 8 to 20 cards (16 to 33 from two packs:
the sizes most split in play) are drawn per profile, the same ones every run.  Each
is split on a fresh memo ``--repeat`` times, the best kept, with the garbage
collector off, and the table gives the median, p90 and mean microseconds per hand.
The splits themselves are pinned by ``tests/bots/golden_splits.txt``.

    .venv/bin/python benchmarks/split_search.py --hands 5000 --profiles classic
    .venv/bin/python benchmarks/split_search.py --hands 2000
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

from _common import machine_info, table
from doudizhu_tui.bots import analysis
from doudizhu_tui.core import full_pack
from doudizhu_tui.rulebook import profile_names, shipped_profile


def _hands(name: str, count: int) -> list[list[int]]:
    rules = shipped_profile(name)
    rng = random.Random(f"split search {name}")
    deck = sorted(int(card.rank) for card in full_pack(rules.packs))
    fewest, most = (16, 33) if rules.packs > 1 else (8, 20)
    hands = []
    for _ in range(count):
        counts = [0] * 18
        for r in rng.sample(deck, rng.randint(fewest, most)):
            counts[r] += 1
        hands.append(counts)
    return hands


def _time(name: str, hands: list[list[int]], repeat: int) -> list[float]:
    """Microseconds per hand, the best of ``repeat`` passes over fresh memos."""
    rules = shipped_profile(name)
    best = [float("inf")] * len(hands)
    analysis.best_split([0] * 18, rules)  # the profile's search tables, made once
    for _ in range(repeat):
        for i, counts in enumerate(hands):
            for searcher in analysis._SEARCHERS.values():
                searcher.forget()
            start = time.perf_counter()
            analysis.best_split(counts, rules)
            best[i] = min(best[i], (time.perf_counter() - start) * 1e6)
    return best


def main(argv: list[str] | None = None) -> int:
    """Time the split search (see the module docstring) and print the table."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--hands", type=int, default=2000, help="hands per profile (2000)")
    ap.add_argument("--repeat", type=int, default=3, help="passes, the best kept (3)")
    ap.add_argument("--profiles", default="", help="comma-separated names (every shipped one)")
    args = ap.parse_args(argv)
    names = [n for n in args.profiles.split(",") if n] or list(profile_names())
    rows = []
    gc.disable()
    try:
        for name in names:
            us = sorted(_time(name, _hands(name, args.hands), args.repeat))
            p90 = us[int(0.9 * (len(us) - 1))]
            rows.append(
                [name, f"{statistics.median(us):.1f}", f"{p90:.1f}", f"{statistics.fmean(us):.1f}"]
            )
    finally:
        gc.enable()
    print(f"split search, {args.hands} seeded hands per profile, best of {args.repeat}")
    print(table(rows, ["profile", "median us", "p90 us", "mean us"]))
    for key, value in machine_info():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
