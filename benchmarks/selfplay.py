"""Random self-play speed: our engine against DouZero's GameEnv, in deals per second.

Every seat picks uniformly at random among its legal actions (pass included when
following), from a seeded generator.  No auction, for parity with DouZero (which
has none): the first bidder bids 1 and the other two pass, so the first bidder is
landlord and takes the kitty; DouZero's landlord gets the first 20 cards of a
shuffled deck (as ``douzero.env.env`` deals).

Three engines are timed, interleaved in chunks of ``--chunk`` deals so that any
drift of the machine hits all of them alike:

* ours (core):  ``Game`` with ``legal_actions()`` / ``apply()`` in a loop;
* ours (table): ``table.play_deal`` with a random controller in every seat (adds
  the per-turn ``Observation`` and the table's checks, as the real game runs);
* DouZero:      ``GameEnv`` with random agents (``act(infoset)``), the loop of
  ``douzero.evaluation.simulation.mp_simulate``.

    .venv/bin/python benchmarks/selfplay.py --deals 300 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DouZero, load_douzero, machine_info, table
from doudizhu_tui.core import (
    CLASSIC,
)
from four_game_loop import core_runner, table_runner, time_interleaved

# ----- ours -----------------------------------------------------------------------------------


#: One random deal on the bare Game, and one through play_deal (controllers draw from
#: the deal code's streams); each returns the number of card-play actions.
ours_core_deal = core_runner(CLASSIC)
ours_table_deal = table_runner(CLASSIC)


# ----- DouZero --------------------------------------------------------------------------------

DZ_DECK: list[int] = [r for r in range(3, 15) for _ in range(4)] + [17] * 4 + [20, 30]


class _DZRandomAgent:
    """douzero.evaluation.random_agent.RandomAgent with a seeded generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, infoset: Any) -> list[int]:
        return self.rng.choice(infoset.legal_actions)


def make_dz_runner(dz: DouZero, rng: random.Random) -> Callable[[int, random.Random], int]:
    agent = _DZRandomAgent(rng)
    env = dz.GameEnv({"landlord": agent, "landlord_up": agent, "landlord_down": agent})

    def deal(number: int, deal_rng: random.Random) -> int:
        del number
        deck = DZ_DECK.copy()
        deal_rng.shuffle(deck)
        data = {
            "landlord": sorted(deck[:20]),
            "landlord_up": sorted(deck[20:37]),
            "landlord_down": sorted(deck[37:54]),
            "three_landlord_cards": sorted(deck[17:20]),
        }
        env.card_play_init(data)
        while not env.game_over:
            env.step()
        steps = len(env.card_play_action_seq)
        env.reset()
        return steps

    return deal


# ----- main -----------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--deals", type=int, default=300, help="deals per engine (300)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (1)")
    ap.add_argument("--chunk", type=int, default=25, help="deals per interleaved chunk (25)")
    ap.add_argument(
        "--no-douzero", action="store_true", help="time ours only, even if DouZero is there"
    )
    args = ap.parse_args(argv)

    print("Random self-play benchmark: doudizhu-tui vs DouZero")
    for k, v in machine_info():
        print(f"  {k:8} {v}")
    dz: DouZero | None = None
    if args.no_douzero:
        print("  DouZero  skipped (--no-douzero)")
    else:
        dz, why = load_douzero()
        if dz is None:
            print(f"  DouZero  NOT AVAILABLE: {why}")
            print("           (pip install --no-deps douzero==1.1.0); timing ours only.")
        else:
            print(f"  DouZero  {dz.version}, via {dz.how}")
    print(f"  Run      {args.deals} deals per engine, seed {args.seed}, chunks of {args.chunk}")
    print()

    seeder = random.Random(args.seed)
    numbers = [seeder.randrange(2**40) for _ in range(args.deals)]
    engines: list[tuple[str, Callable[[int, random.Random], int], random.Random]] = [
        ("ours (Game loop)", ours_core_deal, random.Random(args.seed * 3 + 1)),
        ("ours (play_deal + bots)", ours_table_deal, random.Random(args.seed * 3 + 2)),
    ]
    if dz is not None:
        dz_rng = random.Random(args.seed * 3 + 3)
        engines.append(("DouZero GameEnv", make_dz_runner(dz, dz_rng), dz_rng))

    elapsed, steps = time_interleaved(engines, numbers, args.chunk)

    rows = []
    for name, _, _ in engines:
        dps = args.deals / elapsed[name]
        rows.append(
            [
                name,
                f"{dps:,.1f}",
                f"{elapsed[name] * 1000 / args.deals:,.2f}",
                f"{steps[name] / args.deals:.1f}",
                f"{elapsed[name] * 1e6 / steps[name]:,.1f}",
                f"{elapsed[name]:.2f}",
            ]
        )
    print(
        table(
            rows,
            ["engine", "deals/s", "ms/deal", "actions/deal", "us/action", "total s"],
        )
    )
    if dz is not None:
        dz_dps = args.deals / elapsed["DouZero GameEnv"]
        print()
        for name in ("ours (Game loop)", "ours (play_deal + bots)"):
            ratio = (args.deals / elapsed[name]) / dz_dps
            verdict = "MET" if ratio >= 3.0 else "MISSED"
            print(f"Ratio {name} / DouZero: {ratio:.2f}x deals/s (target 3x: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
