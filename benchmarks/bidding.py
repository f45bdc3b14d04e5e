"""How often a level's bidding throws a deal in, and how its landlords fare.

Every seat is played by the same level through the whole deal, auction included.
Too cautious a bidder throws many deals in (every seat passes); too bold a one
makes landlords of weak hands, who then lose.

    .venv/bin/python benchmarks/bidding.py --level normal --deals 1500
"""

from __future__ import annotations

import argparse
from collections import Counter

from doudizhu_tui.bots import resolve
from doudizhu_tui.core import Phase, Seat, code_from_number
from doudizhu_tui.table import play_deal


def main() -> None:
    """Play the deals and print the throw-in rate, the bids and the landlords' win rate."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=0, help="first deal: code_from_number(seed)")
    args = parser.parse_args()
    factory = resolve(args.level)
    bids: Counter[int] = Counter()
    landlord_won = 0
    for n in range(args.seed, args.seed + args.deals):
        game = play_deal(code_from_number(n), {seat: factory for seat in Seat})
        if game.phase is Phase.THROWN_IN:
            bids[0] += 1
            continue
        bids[game.bid] += 1
        settled = game.settlement
        assert settled is not None
        landlord_won += settled.settlement.landlord_won
    played = args.deals - bids[0]
    print(f"level {args.level}, {args.deals} deals from code_from_number({args.seed})")
    print(f"  thrown in: {bids[0]} ({bids[0] / args.deals:.1%})")
    print(f"  landlord at bid 1 / 2 / 3: {bids[1]} / {bids[2]} / {bids[3]}")
    if played:
        print(f"  landlords won {landlord_won} of {played} ({landlord_won / played:.1%})")


if __name__ == "__main__":
    main()
