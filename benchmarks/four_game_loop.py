"""Game-loop speed at four players (two packs) beside three: random deals per second.

Every seat picks uniformly at random among its legal actions (pass included when
following), from a seeded generator.  No auction: the first bidder bids 1 and every
other seat passes, so the first bidder is landlord and takes the kitty (3 cards at
three players, 8 at four, where the landlord then holds 33 against three hands of 25).

Two loops are timed for each table, interleaved in chunks of ``--chunk`` deals so
that any drift of the machine hits all of them alike:

* Game loop:  ``Game`` with ``legal_actions()`` / ``apply()`` in a loop;
* play_deal:  ``table.play_deal`` with a random controller in every seat of the
  table (adds the per-turn ``Observation`` and the table's checks, as the real game
  and the arena run).

The same deal numbers are dealt at both tables.

    .venv/bin/python benchmarks/four_game_loop.py --deals 300 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine_info, table
from doudizhu_tui.core import (
    CLASSIC,
    Action,
    BidAction,
    Game,
    Observation,
    Phase,
    RuleProfile,
    Seat,
    code_from_number,
    parse_profile,
)
from doudizhu_tui.rulebook import profile_text
from doudizhu_tui.table import play_deal

FOUR = parse_profile(profile_text("four"))

#: One timed deal: (deal number, generator) -> the number of card-play actions.
Runner = Callable[[int, random.Random], int]


def core_runner(rules: RuleProfile) -> Runner:
    """Random deals on the bare Game under ``rules``."""
    opening = [BidAction(1)] + [BidAction(0)] * (rules.players - 1)

    def deal(number: int, rng: random.Random) -> int:
        game = Game(code_from_number(number), rules)
        for action in opening:
            game.apply(action)
        steps = 0
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
        return steps

    return deal


class _FirstBidderLandlord:
    """Random controller: bids 1 if it opens the auction, else passes; then random plays."""

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def decide(self, observation: Observation) -> Action:
        if observation.phase is Phase.AUCTION:
            return BidAction(0 if observation.bids else 1)
        return self.rng.choice(observation.legal_actions)


def table_runner(rules: RuleProfile) -> Runner:
    """Random deals through play_deal, a controller in every seat of the table."""
    factories = {seat: _FirstBidderLandlord for seat in rules.seats}

    def deal(number: int, rng: random.Random) -> int:
        del rng  # the table gives each seat its own generator derived from the deal code
        game = play_deal(code_from_number(number), factories, rules)
        assert game.phase is Phase.FINISHED
        return len(game.actions) - rules.players

    return deal


def time_interleaved(
    loops: list[tuple[str, Runner, random.Random]], numbers: list[int], chunk: int
) -> tuple[dict[str, float], dict[str, int]]:
    """Time each named runner on the same deal numbers, ``chunk`` deals at a time in
    turn (so that a busy moment of the machine hits them all); the seconds and the
    card-play actions of each."""
    elapsed = {name: 0.0 for name, _, _ in loops}
    steps = {name: 0 for name, _, _ in loops}
    for start in range(0, len(numbers), chunk):
        part = numbers[start : start + chunk]
        for name, run, rng in loops:
            t0 = time.perf_counter()
            n = 0
            for number in part:
                n += run(number, rng)
            elapsed[name] += time.perf_counter() - t0
            steps[name] += n
    return elapsed, steps


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--deals", type=int, default=300, help="deals per loop and table (300)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (1)")
    ap.add_argument("--chunk", type=int, default=25, help="deals per interleaved chunk (25)")
    args = ap.parse_args(argv)

    print("Random game-loop benchmark: four players (two packs) beside three")
    for k, v in machine_info():
        print(f"  {k:8} {v}")
    print(f"  Run      {args.deals} deals per loop, seed {args.seed}, chunks of {args.chunk}")
    print()

    seeder = random.Random(args.seed)
    numbers = [seeder.randrange(2**40) for _ in range(args.deals)]
    loops: list[tuple[str, Runner, random.Random]] = [
        ("three: Game loop", core_runner(CLASSIC), random.Random(args.seed * 4 + 1)),
        ("three: play_deal", table_runner(CLASSIC), random.Random(args.seed * 4 + 2)),
        ("four: Game loop", core_runner(FOUR), random.Random(args.seed * 4 + 3)),
        ("four: play_deal", table_runner(FOUR), random.Random(args.seed * 4 + 4)),
    ]
    elapsed, steps = time_interleaved(loops, numbers, args.chunk)

    rows = []
    for name, _, _ in loops:
        rows.append(
            [
                name,
                f"{args.deals / elapsed[name]:,.1f}",
                f"{elapsed[name] * 1000 / args.deals:,.2f}",
                f"{steps[name] / args.deals:.1f}",
                f"{elapsed[name] * 1e6 / steps[name]:,.1f}",
                f"{elapsed[name]:.2f}",
            ]
        )
    print(table(rows, ["loop", "deals/s", "ms/deal", "actions/deal", "us/action", "total s"]))
    print()
    for kind in ("Game loop", "play_deal"):
        ratio = elapsed[f"four: {kind}"] / elapsed[f"three: {kind}"]
        print(f"{kind}: a four-player deal takes {ratio:.2f}x the time of a three-player one")
    return 0


if __name__ == "__main__":
    sys.exit(main())
