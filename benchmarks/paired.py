"""A change to a level measured game for game: two arena runs on the same deals compared.

``run`` plays one arena run and keeps every game's record in a JSON file; ``compare``
reads two or more such files made with the same seed, deals, opponent and mode,
prints each run's figures and each later run's paired difference from the first
(:mod:`doudizhu_tui.arena.paired`: games won per 100, with one standard error, and
how many games came out better and worse).  Options of Hard go through
``hard_options.py`` (``HARD_*`` variables, level ``hard_options:bot``)::

    .venv/bin/python benchmarks/paired.py run /tmp/base.json --b hard-v1 --no-auction
    env HARD_OPENING=2 .venv/bin/python benchmarks/paired.py run /tmp/new.json \\
        --a hard_options:bot --b hard-v1 --no-auction
    .venv/bin/python benchmarks/paired.py compare /tmp/base.json /tmp/new.json

Most issue-12 figures in the README written "paired" were measured this way (the
earlier ones with a one-off script doing the same).  The same arguments give the
same games: the decisions depend only on the deal codes.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from doudizhu_tui.arena import GameRecord, paired_difference, run_arena
from doudizhu_tui.cli.profiles import choose_rules
from doudizhu_tui.core import parse_code
from frozen import level


def _run(args: argparse.Namespace) -> int:
    rules = choose_rules(args.rules).profile
    result = run_arena(
        level(args.a),
        level(args.b),
        deals=args.deals,
        no_auction=args.no_auction,
        jobs=args.jobs,
        rules=rules,
        seed=parse_code(args.seed),
    )
    data = result.to_dict(include_games=True)
    data.update(a_name=args.a, b_name=args.b)
    Path(args.out).write_text(json.dumps(data), encoding="utf-8")
    overall = result.overall()
    wp = "-" if overall.wp is None else f"{100 * overall.wp:.1f}%"
    print(f"{args.out}: WP {wp} in {result.elapsed:.0f} s", file=sys.stderr)
    return 0


def _records(data: dict[str, Any]) -> list[GameRecord]:
    return [
        GameRecord(**{**r, "bombs": tuple(r["bombs"]), "rockets": tuple(r["rockets"])})
        for r in data["records"]
    ]


def _side(data: dict[str, Any], key: str) -> str:
    row = data[key]
    return f"{row['wins']}/{row['games']}"


def _compare(args: argparse.Namespace) -> int:
    runs = [json.loads(Path(p).read_text(encoding="utf-8")) for p in args.files]
    first = runs[0]
    for path, data in zip(args.files, runs, strict=True):
        same = all(data[k] == first[k] for k in ("seed", "deals", "no_auction", "rules", "b"))
        if not same:
            print(f"{path}: not the same deals, opponent or mode as {args.files[0]}")
            return 2
    for path, data in zip(args.files, runs, strict=True):
        a = data["timing"]["A"]
        wp = data["overall"]["wp"]
        print(
            f"{path}: {data.get('a_name', data['a'])} vs {data.get('b_name', data['b'])}, "
            f"WP {'-' if wp is None else f'{100 * wp:.1f}%'}, as landlord "
            f"{_side(data, 'landlord')}, as peasants {_side(data, 'peasants')}, thrown in "
            f"{data['thrown_in']}, p50 / p99 / max {a['p50_ms']:.0f} / {a['p99_ms']:.0f} / "
            f"{a['max_ms']:.0f} ms"
        )
    base = _records(first)
    for path, data in zip(args.files[1:], runs[1:], strict=True):
        diff = paired_difference(base, _records(data))
        print(f"{path} against {args.files[0]}: {diff.describe()}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run or compare (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="play one run and keep its games")
    run.add_argument("out", help="the JSON file to write")
    run.add_argument("--a", default="hard", help="the level measured (hard)")
    run.add_argument("--b", default="normal", help="its opponent (normal, or hard-v1)")
    run.add_argument("--deals", type=int, default=300, help="deals (300)")
    run.add_argument("--seed", default="32222-245DG", help="the first deal's code (32222-245DG)")
    run.add_argument("--rules", default="classic", help="a rule profile (classic)")
    run.add_argument("--no-auction", action="store_true", help="card play only")
    run.add_argument("--jobs", type=int, default=1, help="processes (1)")
    compare = sub.add_parser("compare", help="compare runs on the same deals")
    compare.add_argument("files", nargs="+", help="the base run, then the others")
    args = ap.parse_args(argv)
    return _run(args) if args.command == "run" else _compare(args)


if __name__ == "__main__":
    sys.exit(main())
