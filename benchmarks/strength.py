"""Hard's strength and speed in every rule profile, against the targets of issue 12.

For each profile (default: every profile that comes with the game, classic both
without and with the auction) the arena plays ``--deals`` deals twice each, ``--a``
(default ``hard``) against ``--b`` (default ``normal``), and the table gives A's win
rate with its 95% interval, A's decision times (p50, p99, slowest) and whether each
meets the targets: WP at least ``--target`` (0.78 against Normal; pass 0.60 against a
frozen copy of an earlier Hard given as an import path), p50 <= 150 ms, p99 <= 1 s and
the slowest decision under 2 s.  The same command with the same seed gives the same
games (the decisions depend only on the deal codes).

    .venv/bin/python benchmarks/strength.py --deals 1000 --jobs 2
    .venv/bin/python benchmarks/strength.py --deals 200 --profiles classic,four --b normal
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine_info, table
from frozen import level
from doudizhu_tui.arena import run_arena
from doudizhu_tui.rulebook import profile_names, shipped_profile

#: Decision-time limits of issue 12, in milliseconds.
P50_LIMIT, P99_LIMIT, MAX_LIMIT = 150.0, 1000.0, 2000.0


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def main(argv: list[str] | None = None) -> int:
    """Run the arenas and print the table (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--a", default="hard", help="the level measured (hard)")
    ap.add_argument("--b", default="normal", help="its opponent (normal)")
    ap.add_argument("--deals", type=int, default=200, help="deals per profile (200)")
    ap.add_argument("--jobs", type=int, default=2, help="processes (2)")
    ap.add_argument("--target", type=float, default=0.78, help="the WP to reach (0.78)")
    ap.add_argument("--profiles", default="", help="comma-separated names (every shipped one)")
    args = ap.parse_args(argv)
    names = [n for n in args.profiles.split(",") if n] or sorted(profile_names())
    runs: list[tuple[str, str, bool]] = []
    for name in names:
        if name == "classic":
            runs.append(("classic, card play", name, True))
        runs.append((name, name, False))
    rows: list[list[str]] = []
    met = True
    for label, name, no_auction in runs:
        result = run_arena(
            level(args.a),
            level(args.b),
            deals=args.deals,
            no_auction=no_auction,
            jobs=args.jobs,
            rules=shipped_profile(name),
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
                "-" if wp is None else f"{100 * wp:.1f}%",
                "-" if ci is None else f"{100 * ci[0]:.1f}-{100 * ci[1]:.1f}",
                str(len(result.scored)),
                _ms(timing.p50_ms),
                _ms(timing.p99_ms),
                _ms(timing.max_ms),
                "yes" if ok else "no",
            ]
        )
        print(f"{label}: done in {result.elapsed:.0f} s", file=sys.stderr)
    print(f"{args.a} vs {args.b}, {args.deals} deals each way per profile, target WP {args.target}")
    print(
        table(
            rows,
            ["profile", "WP", "95% CI", "games", "p50 ms", "p99 ms", "max ms", "targets met"],
        )
    )
    for key, value in machine_info():
        print(f"{key}: {value}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
