"""Hard's strength and speed in every rule profile, against the targets of issue 12.

For each profile (default: every profile that comes with the game) and each mode
(``card``: ``--no-auction``, the first bidder is landlord at bid 1, so each side
takes the landlord's seat once a deal; ``auction``: the levels bid, call and rob),
the arena plays ``--deals`` deals twice each, ``--a`` (default ``hard``) against
``--b`` (default ``normal``).  The table gives A's win rate with its 95% interval,
as landlord and as peasants, A's decision times (p50, p99, slowest) and whether
each meets the targets: WP at least ``--target`` (0.78 against Normal; 0.60
against the frozen ``hard-v1``, see ``frozen.py``), p50 <= 150 ms, p99 <= 1 s and
the slowest decision under 2 s.  The same command with the same seed gives the
same games (the decisions depend only on the deal codes).  ``--out FILE`` appends
one JSON line per run (the arena's own figures) as each run ends.

    .venv/bin/python benchmarks/strength.py --deals 1000 --jobs 2
    .venv/bin/python benchmarks/strength.py --b hard-v1 --target 0.60 --profiles classic
    .venv/bin/python benchmarks/strength.py --deals 200 --profiles rob,four --modes auction
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine_info, table
from doudizhu_tui.arena import run_arena
from doudizhu_tui.core import parse_code
from doudizhu_tui.rulebook import profile_names, shipped_profile
from frozen import level

#: Decision-time limits of issue 12, in milliseconds.
P50_LIMIT, P99_LIMIT, MAX_LIMIT = 150.0, 1000.0, 2000.0
MODES = ("card", "auction")


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def main(argv: list[str] | None = None) -> int:
    """Run the arenas and print the table (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--a", default="hard", help="the level measured (hard)")
    ap.add_argument("--b", default="normal", help="its opponent (normal, or hard-v1)")
    ap.add_argument("--deals", type=int, default=200, help="deals per profile and mode (200)")
    ap.add_argument("--jobs", type=int, default=2, help="processes (2)")
    ap.add_argument("--target", type=float, default=0.78, help="the WP to reach (0.78)")
    ap.add_argument("--profiles", default="", help="comma-separated names (every shipped one)")
    ap.add_argument("--modes", default="card,auction", help="card, auction or both (both)")
    ap.add_argument("--seed", default=None, help="deal code of each run's first deal")
    ap.add_argument("--out", default="", help="append each run's figures to this file (JSON lines)")
    args = ap.parse_args(argv)
    names = [n for n in args.profiles.split(",") if n] or sorted(profile_names())
    modes = [m for m in args.modes.split(",") if m]
    if any(m not in MODES for m in modes):
        ap.error(f"--modes takes {', '.join(MODES)}")
    rows: list[list[str]] = []
    met = True
    for name in names:
        for mode in modes:
            label = f"{name}, {'card play' if mode == 'card' else 'with the auction'}"
            result = run_arena(
                level(args.a),
                level(args.b),
                deals=args.deals,
                no_auction=mode == "card",
                jobs=args.jobs,
                rules=shipped_profile(name),
                seed=parse_code(args.seed) if args.seed else None,
            )
            overall = result.overall()
            timing = result.timing("A")
            wp, ci = overall.wp, overall.wp_ci
            ok = (
                wp is not None
                and wp >= args.target
                and (timing.p50_ms or 0.0) <= P50_LIMIT
                and (timing.p99_ms or 0.0) <= P99_LIMIT
                and (timing.max_ms or 0.0) < MAX_LIMIT
                and result.illegal("A") == result.illegal("B") == 0
            )
            met = met and ok
            rows.append(
                [
                    label,
                    _pct(wp),
                    "-" if ci is None else f"{100 * ci[0]:.1f}-{100 * ci[1]:.1f}",
                    _pct(result.as_landlord().wp),
                    _pct(result.as_peasants().wp),
                    str(len(result.scored)),
                    _ms(timing.p50_ms),
                    _ms(timing.p99_ms),
                    _ms(timing.max_ms),
                    "yes" if ok else "no",
                ]
            )
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    data = result.to_dict()
                    data.update(profile=name, mode=mode, a_name=args.a, b_name=args.b)
                    out.write(json.dumps(data) + "\n")
            print(f"{label}: done in {result.elapsed:.0f} s", file=sys.stderr)
    print(f"{args.a} vs {args.b}, {args.deals} deals each way per run, target WP {args.target}")
    print(
        table(
            rows,
            [
                "profile",
                "WP",
                "95% CI",
                "landlord",
                "peasants",
                "games",
                "p50 ms",
                "p99 ms",
                "max ms",
                "targets met",
            ],
        )
    )
    for key, value in machine_info():
        print(f"{key}: {value}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
