"""What Python's garbage collector costs Hard over a long run (issue 12's slowest decisions).

The bots remember what they work out (splits, move lists, readings) across
decisions, up to hundreds of thousands of entries.  Every object of those memos
that the collector tracks is visited again at each full collection, and in long
arena runs full collections inside a decision made Hard's slowest ones: 1.0-1.7 s
of the 2 s decisions of 2026-12-07.  This script plays ``--deals`` deals of Hard
(side A) against ``--b`` at card play, as the arena seats them, and prints every
``--every`` deals: the objects the collector tracks, the full collections so far
with their total and longest pause, Hard's decision times with the most
collector time spent inside one decision, and the process's peak memory.

    .venv/bin/python benchmarks/gc_load.py --deals 100 --b hard
    .venv/bin/python benchmarks/gc_load.py --deals 100 --b hard-v1

The decisions (and so the games) depend only on the deal codes; the times and the
collections depend on the machine, so compare runs made side by side.
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
from pathlib import Path
from time import perf_counter
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import table
from doudizhu_tui.arena.games import play_game
from doudizhu_tui.arena.run import DEFAULT_SEED, deal_codes, load_level
from doudizhu_tui.arena.stats import percentile
from doudizhu_tui.core import Action, Observation, Seat, parse_code
from doudizhu_tui.rulebook import shipped_profile
from frozen import level


class _Clock:
    """The collector's pauses: all full ones, and the running total of every pause."""

    def __init__(self) -> None:
        self.full: list[float] = []
        self.total = 0.0
        self._start = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._start = perf_counter()
            return
        pause = perf_counter() - self._start
        self.total += pause
        if info["generation"] == 2:
            self.full.append(pause)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100, help="deals, each played twice (100)")
    ap.add_argument("--b", default="hard", help="side B's level (hard; or hard-v1, normal)")
    ap.add_argument("--seed", default=None, help="the first deal code (the arena's default)")
    ap.add_argument("--rules", default="classic", help="a shipped profile (classic)")
    ap.add_argument("--every", type=int, default=25, help="deals between reports (25)")
    args = ap.parse_args(argv)
    rules = shipped_profile(args.rules)
    clock = _Clock()
    gc.callbacks.append(clock)
    times: list[float] = []
    inside: list[float] = []  # the collector's time inside each of Hard's decisions
    hard = load_level("hard")

    class Timed:
        """Hard, with each decision timed and the collector's time inside it kept."""

        def __init__(self, seat: Seat, rng: Any) -> None:
            self.bot = hard(seat, rng)

        def decide(self, observation: Observation) -> Action:
            before = clock.total
            start = perf_counter()
            action: Action = self.bot.decide(observation)
            times.append(perf_counter() - start)
            inside.append(clock.total - before)
            return action

    other = load_level(level(args.b))
    first = parse_code(args.seed) if args.seed else DEFAULT_SEED
    print(f"Hard vs {args.b}, {args.rules}, card play, from {first}")
    rows: list[list[str]] = []
    start = perf_counter()
    for deal, code in enumerate(deal_codes(first, args.deals)):
        for game in (1, 2):
            play_game(code, game, {"A": Timed, "B": other}, no_auction=True, rules=rules, deal=deal)
        if (deal + 1) % args.every == 0 or deal + 1 == args.deals:
            full = clock.full
            rows.append(
                [
                    str(deal + 1),
                    f"{len(gc.get_objects()):,}",
                    str(len(full)),
                    f"{sum(full):.1f} s",
                    f"{max(full, default=0.0) * 1000:,.0f}",
                    f"{percentile(times, 50) * 1000:,.0f}",
                    f"{percentile(times, 99) * 1000:,.0f}",
                    f"{max(times) * 1000:,.0f}",
                    f"{max(inside) * 1000:,.0f}",
                    f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f}",
                    f"{perf_counter() - start:,.0f} s",
                ]
            )
            print("  ".join(rows[-1]), file=sys.stderr, flush=True)
    header = [
        "deals",
        "tracked objects",
        "full collections",
        "their pauses",
        "longest ms",
        "p50 ms",
        "p99 ms",
        "max ms",
        "collector in one decision, ms",
        "peak MB",
        "wall",
    ]
    print(table(rows, header))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
