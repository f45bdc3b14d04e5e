"""How well Hard's sampled deals place the cards it cannot see (issue 12's reading).

Hard plays ``--deals`` deals against ``--b`` (each deal twice, Hard alone in the first
bidder's seat and then in both others, as the arena seats them), and every one of
its card-play decisions is kept with the true hands.  Then, for each way of reading
(below), the deals Hard would search at each kept decision are drawn
(:func:`doudizhu_tui.bots.hard._deals`, ``--samples`` of them, from a generator
seeded by the decision's index) and compared with the true hands:

* ``cards``: the share of the hidden cards dealt to the seat that holds them;
* ``high``: the same for the aces, 2s and jokers;
* ``bombs``: the share of the true bombs and rockets dealt whole to their holder;

over all decisions, and as landlord and as peasant.  Nothing of the search is run
(no play-outs), so a few hundred decisions take seconds: a reading can be judged
here long before the arena could tell its games apart.  The ways of reading:

* ``counts``: the card counts and the shown kitty only (no pass clues, no reading);
* ``passes``: and the passes on singles and pairs (``INFER``);
* ``plays``: and the reading of the other seats' recent plays (``POOL``);
* ``bids``: the passes and the auction (``BID_TRIES`` 8, no ``POOL``);
* ``plays+bids``: the passes, the plays and the auction;
* ``shipped``: Hard's options as they are.

    .venv/bin/python benchmarks/reading.py --deals 40 --b hard-v1
    .venv/bin/python benchmarks/reading.py --deals 40 --b normal --auction --rules rob

The same arguments give the same figures (the decisions depend only on the deal codes).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import table
from doudizhu_tui.arena.games import no_auction_opening
from doudizhu_tui.arena.run import DEFAULT_SEED, deal_codes
from doudizhu_tui.bots import hard
from doudizhu_tui.bots.base import view_of
from doudizhu_tui.bots.registry import resolve
from doudizhu_tui.core import (
    Action,
    Game,
    Observation,
    Phase,
    Seat,
    SeatController,
    counts_of,
    parse_code,
)
from doudizhu_tui.rulebook import shipped_profile
from doudizhu_tui.table import Table
from frozen import level

#: The ways of reading: Hard's options for each (the rest as shipped).
WAYS: dict[str, dict[str, Any]] = {
    "counts": {"INFER": False, "POOL": 1, "FOUR_POOL": 1, "BID_TRIES": 0},
    "passes": {"POOL": 1, "FOUR_POOL": 1, "BID_TRIES": 0},
    "plays": {"BID_TRIES": 0},
    "bids": {"POOL": 1, "FOUR_POOL": 1, "BID_TRIES": 8},
    "plays+bids": {"BID_TRIES": 8},
    "shipped": {},
}
#: The ranks counted as high cards: A, 2, the jokers.
HIGH = range(14, 18)

#: A kept decision: the observation and every seat's hand then (rank counts).
Kept = tuple[Observation, list[list[int]]]


def _recording(game: Game, kept: list[Kept]) -> Callable[[Seat, random.Random], SeatController]:
    """A factory of Hard seats that keep each card-play observation with the true hands."""

    class Recording:
        def __init__(self, seat: Seat, rng: random.Random) -> None:
            self.inner = hard.HardBot(seat, rng)

        def decide(self, observation: Observation) -> Action:
            if observation.phase is Phase.PLAY:
                kept.append((observation, [counts_of(h) for h in game.hands]))
            return self.inner.decide(observation)

    return Recording


def collect(b: str, deals: int, seed: str | None, auction: bool, rules_name: str) -> list[Kept]:
    """Hard's card-play decisions (with the true hands) in ``deals`` deals against ``b``."""
    rules = shipped_profile(rules_name)
    other = resolve(level(b))
    kept: list[Kept] = []
    start = parse_code(seed) if seed else DEFAULT_SEED
    for code in deal_codes(start, deals):
        for game_no in (1, 2):
            game = Game(code, rules)
            if not auction:
                for action in no_auction_opening(rules):
                    game.apply(action)
            mine = _recording(game, kept)
            solo = game.first_bidder

            def hard_seat(seat: Seat, solo: Seat = solo, game_no: int = game_no) -> bool:
                return (seat == solo) == (game_no == 1)

            seats = {s: mine if hard_seat(s) else other for s in rules.seats}
            table_ = Table(game, seats)
            while table_.waiting_for_controller:
                table_.step()
    return kept


@contextmanager
def options(values: dict[str, Any]) -> Iterator[None]:
    """Hard's constants set to ``values`` for the block."""
    saved = {name: getattr(hard, name) for name in values}
    try:
        for name, value in values.items():
            setattr(hard, name, value)
        yield
    finally:
        for name, value in saved.items():
            setattr(hard, name, value)


class Score:
    """Hits over chances, for the three measures."""

    def __init__(self) -> None:
        self.hits = {"cards": 0, "high": 0, "bombs": 0}
        self.of = {"cards": 0, "high": 0, "bombs": 0}

    def add(self, dealt: list[list[int]], true: list[list[int]], me: int) -> None:
        """Count one sampled deal against the true hands."""
        for seat, held in enumerate(true):
            if seat == me:
                continue
            got = dealt[seat]
            for r in range(3, 18):
                both = min(got[r], held[r])
                self.hits["cards"] += both
                self.of["cards"] += held[r]
                if r in HIGH:
                    self.hits["high"] += both
                    self.of["high"] += held[r]
                if held[r] >= 4 and r < 16:
                    self.hits["bombs"] += got[r] >= held[r]
                    self.of["bombs"] += 1
            if held[16] and held[17]:
                self.hits["bombs"] += bool(got[16] and got[17])
                self.of["bombs"] += 1

    def share(self, key: str) -> str:
        """The share of ``key`` placed right, as a percentage."""
        return "-" if not self.of[key] else f"{100 * self.hits[key] / self.of[key]:.1f}%"


def measure(kept: list[Kept], samples: int) -> dict[str, Score]:
    """The scores of the deals Hard draws at each kept decision, overall and by role."""
    scores = {"all": Score(), "landlord": Score(), "peasant": Score()}
    for index, (obs, true) in enumerate(kept):
        v = view_of(obs, tracking=True)
        deals, _ = hard._deals(obs, v, samples, random.Random(index))
        role = "landlord" if v.me == v.landlord else "peasant"
        for dealt in deals:
            scores["all"].add(dealt, true, v.me)
            scores[role].add(dealt, true, v.me)
    return scores


def main(argv: list[str] | None = None) -> int:
    """Collect Hard's decisions, then score each way of reading (see the module)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--b", default="hard-v1", help="Hard's opponent (hard-v1)")
    ap.add_argument("--deals", type=int, default=40, help="deals, each played twice (40)")
    ap.add_argument("--seed", default=None, help="deal code of the first deal")
    ap.add_argument("--auction", action="store_true", help="bid (else the first bidder at 1)")
    ap.add_argument("--rules", default="classic", help="a shipped profile (classic)")
    ap.add_argument("--samples", type=int, default=24, help="deals drawn per decision (24)")
    ap.add_argument("--ways", default=",".join(WAYS), help="ways of reading to score (all)")
    args = ap.parse_args(argv)
    ways = [w for w in args.ways.split(",") if w]
    unknown = [w for w in ways if w not in WAYS]
    if unknown:
        ap.error(f"unknown ways: {', '.join(unknown)} (known: {', '.join(WAYS)})")
    started = time.perf_counter()
    kept = collect(args.b, args.deals, args.seed, args.auction, args.rules)
    mode = "with the auction" if args.auction else "card play"
    print(
        f"{len(kept)} decisions of Hard against {args.b}, {args.rules}, {mode}, "
        f"{args.deals} deals ({time.perf_counter() - started:.0f} s)"
    )
    rows: list[list[str]] = []
    for way in ways:
        started = time.perf_counter()
        with options(WAYS[way]):
            scores = measure(kept, args.samples)
        ms = 1000 * (time.perf_counter() - started) / max(1, len(kept))
        rows.append(
            [
                way,
                *(scores["all"].share(k) for k in ("cards", "high", "bombs")),
                *(scores[r].share(k) for r in ("landlord", "peasant") for k in ("high", "bombs")),
                f"{ms:.0f}",
            ]
        )
    header = [
        "reading",
        "cards",
        "high",
        "bombs",
        "landlord: high",
        "bombs",
        "peasant: high",
        "bombs",
        "ms/decision",
    ]
    print(table(rows, header))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
