"""How well Hard's landlord tells Normal's peasants from searching ones (issue 12).

As landlord, Hard plays the peasants out in whichever of Normal's style and the bold
one explains their recent decisions better on its first kept deals (``hard.ADAPT``):
the bold style when Normal's makes more surprises (:meth:`~doudizhu_tui.bots.infer.
Reader.surprises`).  Playing them out bold is worth about 8 points as landlord
against ``hard-v1`` and costs about 16 against Normal (README, issue 12), so what
matters is how often the reading picks bold against each.

Hard (``--a``, default ``hard``) plays ``--deals`` deals against ``--b`` at card play
(each deal twice, as the arena seats them); at each of its landlord's searched
decisions once a peasant has decided anything, the script counts Normal's surprises
minus the bold style's, per deal, on the first 8 and 16 kept deals (the search itself
is not changed), and prints how often that margin is above each line: above 0 is the
shipped reading.

    .venv/bin/python benchmarks/style_reading.py --b normal --deals 30 --seed 32222-245DG
    .venv/bin/python benchmarks/style_reading.py --b hard-v1 --deals 30 --seed 3226B-Q524C

The same arguments give the same figures (the decisions depend only on the deal codes).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from doudizhu_tui.arena import run_arena
from doudizhu_tui.bots import hard
from doudizhu_tui.bots.infer import Reader
from doudizhu_tui.bots.policy import View
from doudizhu_tui.core import parse_code
from frozen import level

#: The kept deals the margin is counted on, and the lines it is compared with.
FIRST = (8, 16)
LINES = (-1.0, -0.75, -0.5, -0.25, 0.0)


def margins(v: View, reader: Reader, deals: list[list[list[int]]]) -> list[float]:
    """Hard's :func:`~doudizhu_tui.bots.hard.style_margin`, per deal, on the first
    deals of each size in FIRST (positive: the bold style explains the peasants
    better)."""
    return [hard.style_margin(v, reader, deals[:k]) / len(deals[:k]) for k in FIRST]


def main(argv: list[str] | None = None) -> int:
    """Play the deals and print the table (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--a", default="hard", help="the landlord's level (hard)")
    ap.add_argument("--b", default="normal", help="the peasants' level (normal, or hard-v1)")
    ap.add_argument("--deals", type=int, default=30, help="deals (30)")
    ap.add_argument("--seed", default="32222-245DG", help="the first deal's code")
    args = ap.parse_args(argv)
    seen: list[list[float]] = []
    real = hard._styles

    def styles(v: View, reader: Reader | None, deals: Any, *rest: Any, **named: Any) -> Any:
        if v.me == v.landlord and reader is not None and reader.steps and v.rules.packs == 1:
            seen.append(margins(v, reader, deals))
        return real(v, reader, deals, *rest, **named)

    hard._styles = styles
    try:
        run_arena(level(args.a), level(args.b), args.deals, parse_code(args.seed), no_auction=True)
    finally:
        hard._styles = real
    if not seen:
        print("no landlord decision was searched")
        return 1
    print(f"{args.a} as landlord against {args.b}: {len(seen)} decisions, {args.deals} deals")
    for j, k in enumerate(FIRST):
        mean = sum(m[j] for m in seen) / len(seen)
        above = "  ".join(
            f"> {line:+.2f}: {100 * sum(m[j] > line for m in seen) / len(seen):3.0f}%"
            for line in LINES
        )
        print(f"first {k:2d} deals: mean margin {mean:+.2f}  bold picked {above}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
