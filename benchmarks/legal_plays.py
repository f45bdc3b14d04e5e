"""Benchmark our legal-move generator against DouZero's, and compare the move sets.

Random positions (a 17- or 20-card hand, and with ``--mix follow`` a play to
beat: a random legal play of a random 17-card opponent hand drawn from the rest
of the pack; ``--mix lead`` has no play to beat and ``--mix both``, the default,
alternates the two) go through ``doudizhu_tui.core.legal_plays`` and, in the same
run and interleaved position by position, through DouZero's move generator
(``GameEnv.get_legal_card_play_actions``: MovesGener + move detector + move
selector, exactly what DouZero's environment calls every turn).

Each position is timed with one call per engine by default (``--repeat N`` for
best-of-N; with N > 1 a result cache in either engine would flatter it), with the
garbage collector off, like timeit; the order of the engines alternates from one
position to the next.  The table gives median, p90 and mean microseconds.

The move sets are compared as sets of rank multisets (DouZero has no notion of a
reading; we list each reading of a multiset once, so our raw counts can be
higher), and every difference is attributed to a ruling of
``spec/rulings.md`` or to a DouZero quirk.

    .venv/bin/python benchmarks/legal_plays.py --positions 2000 --seed 1
    .venv/bin/python benchmarks/legal_plays.py --positions 2000 --seed 1 --mix lead
    .venv/bin/python benchmarks/legal_plays.py --positions 2000 --seed 1 --mix follow
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import (
    OURS_TO_DZ,
    DouZero,
    dz_text,
    load_douzero,
    machine_info,
    summary,
    table,
)
from doudizhu_tui.core import (
    Card,
    Kind,
    Play,
    Rank,
    beats,
    classify,
    counts_of,
    full_pack,
    legal_plays,
    legal_plays_counts,
    parse_cards,
    parse_ranks,
)

# Our kinds and DouZero's move types (douzero.env.utils TYPE_*).
KIND_TO_DZ: dict[Kind, int] = {
    Kind.SINGLE: 1,
    Kind.PAIR: 2,
    Kind.TRIO: 3,
    Kind.BOMB: 4,
    Kind.ROCKET: 5,
    Kind.TRIO_SINGLE: 6,
    Kind.TRIO_PAIR: 7,
    Kind.STRAIGHT: 8,
    Kind.PAIR_CHAIN: 9,
    Kind.AIRPLANE: 10,
    Kind.AIRPLANE_SINGLES: 11,
    Kind.AIRPLANE_PAIRS: 12,
    Kind.FOUR_TWO_SINGLES: 13,
    Kind.FOUR_TWO_PAIRS: 14,
}
DZ_TYPE_NAME: dict[int, str] = {
    0: "pass",
    1: "single",
    2: "pair",
    3: "triple",
    4: "bomb",
    5: "king bomb",
    6: "3+1",
    7: "3+2",
    8: "serial single",
    9: "serial pair",
    10: "serial triple",
    11: "serial 3+1",
    12: "serial 3+2",
    13: "4+2",
    14: "4+22",
    15: "WRONG (unreadable)",
}
# DouZero's MovesGener generator per type, for the representation counts.
DZ_GENERATORS: list[tuple[int, str]] = [
    (1, "gen_type_1_single"),
    (2, "gen_type_2_pair"),
    (3, "gen_type_3_triple"),
    (4, "gen_type_4_bomb"),
    (5, "gen_type_5_king_bomb"),
    (6, "gen_type_6_3_1"),
    (7, "gen_type_7_3_2"),
    (8, "gen_type_8_serial_single"),
    (9, "gen_type_9_serial_pair"),
    (10, "gen_type_10_serial_triple"),
    (11, "gen_type_11_serial_3_1"),
    (12, "gen_type_12_serial_3_2"),
    (13, "gen_type_13_4_2"),
    (14, "gen_type_14_4_22"),
]

# Cause of a difference -> (who offers the extra moves, explanation with the ruling).
CAUSES: dict[str, tuple[str, str]] = {
    "jokers_as_kickers": (
        "DouZero only",
        "both jokers ride as kickers of one play (airplane+singles, four+two singles). Rulings, "
        "Kickers: "
        '"both jokers may never be kickers of the same play (together they are the rocket)".',
    ),
    "four_two_same_rank": (
        "DouZero only",
        "four+two with two single kickers of the same rank (9999+3+3). Rulings, Combinations: "
        '"a four of a kind with exactly two single kickers of different ranks", option '
        "four_two_same_rank_singles = false (classic). DouZero also reads 9999+33 as 4+2.",
    ),
    "table_reading": (
        "both",
        "the play on the table has several readings; we follow the reading that was played "
        "(rulings, One reading, many readings: the reading that beats is the one recorded), "
        "DouZero re-reads the bare cards with its move detector and follows that type.",
    ),
    "dz_unreadable_table": (
        "ours only",
        "DouZero's move detector cannot read the play on the table (TYPE_15_WRONG: e.g. "
        "an airplane whose single kickers are a four, or a kicker trio that extends the chain), "
        "so DouZero offers only bombs/rocket. Rulings, Kickers: single kickers may share a "
        "rank with each other (333444555+6+6+6 is legal).",
    ),
    "dz_kicker_trio_rank": (
        "both",
        "DouZero ranks an airplane+singles by the highest trio among all its cards, a trio of "
        "kickers included, on the table and in the hand (move_selector.filter_type_11_serial_3_1)"
        '. Rulings, Beating: main rank = the top of the chain; "kickers never count".',
    ),
    "dz_other_shape": ("DouZero only", "a DouZero move that is no play at all in our rules."),
    "ours_missing": ("DouZero only", "a legal play our generator does not list (our bug!)."),
    "dz_missing": ("ours only", "a legal play DouZero does not list."),
    "unexplained": ("?", "not attributed; see the examples."),
}


@dataclass
class Position:
    hand: tuple[Card, ...]
    last: Play | None
    hand_dz: list[int] = field(default_factory=list)
    last_dz: list[int] = field(default_factory=list)


MIXES = ("lead", "follow", "both")


def make_positions(n: int, seed: int, mix: str = "both") -> list[Position]:
    """``n`` random positions: leads, follows, or (``both``) every second one a follow."""
    if mix not in MIXES:
        raise ValueError(f"mix must be one of {', '.join(MIXES)}, not {mix!r}")
    rng = random.Random(seed)
    out: list[Position] = []
    pack = full_pack()
    for i in range(n):
        rng.shuffle(pack)
        size = rng.choice((17, 20))
        hand = tuple(sorted(pack[:size]))
        last: Play | None = None
        if mix == "follow" or (mix == "both" and i % 2 == 1):
            opponent = sorted(pack[size : size + 17])
            last = rng.choice(legal_plays(opponent))
        pos = Position(hand, last)
        pos.hand_dz = sorted(OURS_TO_DZ[c.rank] for c in hand)
        pos.last_dz = [OURS_TO_DZ[r] for r in last.ranks] if last else []
        out.append(pos)
    return out


def to_dz(play: Play) -> tuple[int, ...]:
    return tuple(OURS_TO_DZ[r] for r in play.ranks)


def from_dz(move: tuple[int, ...]) -> list[Rank]:
    inv = {v: k for k, v in OURS_TO_DZ.items()}
    return [Rank(inv[c]) for c in move]


def best_of(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    best = float("inf")
    result = None
    for _ in range(repeat):
        t0 = time.perf_counter_ns()
        result = fn()
        dt = time.perf_counter_ns() - t0
        best = min(best, dt)
    return best / 1000.0, result


def dz_caller(dz: DouZero) -> Callable[[Position], Callable[[], list[list[int]]]]:
    env = dz.GameEnv(players={})
    env.acting_player_position = "landlord"
    infoset = env.info_sets["landlord"]

    def make(pos: Position) -> Callable[[], list[list[int]]]:
        # DouZero only re-sorts the (already sorted) rival move in place, so the
        # position's own lists can be handed over without copies.
        seq = [pos.last_dz] if pos.last_dz else []

        def call() -> list[list[int]]:
            infoset.player_hand_cards = pos.hand_dz
            env.card_play_action_seq = seq
            return env.get_legal_card_play_actions()  # type: ignore[no-any-return]

        return call

    return make


def attribute(
    side: str, move: tuple[int, ...], pos: Position, dz_rival: dict[str, int]
) -> tuple[str, str]:
    """(cause, detail) of a move that only one side lists (``side`` "dz" or "ours")."""
    last = pos.last
    detail = ""
    if last is not None:
        detail = (
            f"table {last.kind.label} (len {last.length}) read by DouZero as "
            f"{DZ_TYPE_NAME[dz_rival['type']]} (len {dz_rival.get('len', 1)})"
        )
    same_type = last is not None and (
        dz_rival["type"] == KIND_TO_DZ[last.kind] and dz_rival.get("len", 1) == last.length
    )
    if side == "dz":
        cnt = Counter(move)
        readings = classify(from_dz(move))
        if not readings:
            if 20 in cnt and 30 in cnt:
                return "jokers_as_kickers", ""
            if len(move) == 6 and sorted(cnt.values()) == [2, 4]:
                return "four_two_same_rank", ""
            return "dz_other_shape", ""
        if last is None or any(beats(r, last) for r in readings):
            return "ours_missing", ""
        if not same_type:
            return "table_reading", detail
        if last.kind is Kind.AIRPLANE_SINGLES:
            return "dz_kicker_trio_rank", ""
        return "unexplained", detail
    # ours only
    if last is None:
        return "dz_missing", ""
    if dz_rival["type"] == 15:
        return "dz_unreadable_table", f"table {last.kind.label}"
    if not same_type:
        return "table_reading", detail
    if last.kind is Kind.AIRPLANE_SINGLES:
        return "dz_kicker_trio_rank", ""
    return "unexplained", detail


Diff = tuple[str, str, str, tuple[int, ...]]  # cause, detail, side ("dz"/"ours"), move


def compare(dz: DouZero, pos: Position, ours_r: list[Play], dz_r: list[list[int]]) -> list[Diff]:
    """Every rank multiset listed by one side only, with its cause."""
    s_ours = {to_dz(p) for p in ours_r}
    s_dz = {tuple(m) for m in dz_r if m}
    if s_ours == s_dz:
        return []
    rival = dz.md.get_move_type(sorted(pos.last_dz))
    out: list[Diff] = []
    for side, extra in (("dz", s_dz - s_ours), ("ours", s_ours - s_dz)):
        for move in sorted(extra):
            cause, detail = attribute(side, move, pos, rival)
            out.append((cause, detail, side, move))
    return out


# Hand-made positions for quirks that random positions rarely reach: (hand, table
# play as cards, the kind of the reading on the table, its main rank).
PROBES: list[tuple[str, str, Kind, str]] = [
    ("7 7 7 8 8 8 9 9 9 10 10 10 J Q K", "3 3 3 4 4 4 5 5 5 6 6 6", Kind.AIRPLANE_SINGLES, "6"),
    (
        "8 8 8 9 9 9 10 10 10 J J J 3 4 5 6 Q",
        "3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 7",
        Kind.AIRPLANE_SINGLES,
        "6",
    ),
    ("3 3 3 4 4 4 5 5 5 7 7 7 J Q", "4 4 4 5 5 5 6 6 6 8 9 10", Kind.AIRPLANE_SINGLES, "6"),
    ("6 6 6 7 7 7 8 8 8 J Q K 3", "3 3 3 4 4 4 5 5 5 9 9 9", Kind.AIRPLANE_SINGLES, "5"),
    ("9 9 9 9 3 3 4 5 BJ RJ", "5 5 5 5 6 7", Kind.FOUR_TWO_SINGLES, "5"),
]


def probe_position(hand_txt: str, last_txt: str, kind: Kind, rank_txt: str) -> Position:
    hand = tuple(sorted(parse_cards(hand_txt)))
    top = parse_ranks(rank_txt)[0]
    last = next(p for p in classify(parse_cards(last_txt)) if p.kind is kind and p.rank == top)
    pos = Position(hand, last)
    pos.hand_dz = sorted(OURS_TO_DZ[c.rank] for c in hand)
    pos.last_dz = [OURS_TO_DZ[r] for r in last.ranks]
    return pos


def print_example(pos: Position, items: list[tuple[str, tuple[int, ...]]]) -> None:
    print(f"    e.g. hand {dz_text(pos.hand_dz)}")
    print(f"         on the table: {pos.last.describe() if pos.last else '(leading)'}")
    for side in ("dz", "ours"):
        moves = [m for s, m in items if s == side]
        if moves:
            who = "DouZero" if side == "dz" else "we"
            more = f" (+{len(moves) - 1} more)" if len(moves) > 1 else ""
            print(f"         only {who} list: {dz_text(moves[0])}{more}")


def fmt_us(x: float) -> str:
    return f"{x:,.1f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--positions", type=int, default=2000, help="random positions (2000)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (1)")
    ap.add_argument(
        "--repeat", type=int, default=1, help="best-of-N timing per position (1: one cold call)"
    )
    ap.add_argument(
        "--mix",
        choices=MIXES,
        default="both",
        help="leads only, follows only, or both alternating (both)",
    )
    ap.add_argument("--examples", type=int, default=3, help="examples shown per difference (3)")
    ap.add_argument(
        "--no-douzero", action="store_true", help="time ours only, even if DouZero is there"
    )
    args = ap.parse_args(argv)

    print("Legal-move generator benchmark: doudizhu-tui vs DouZero")
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
    print(
        f"  Run      {args.positions} positions ({args.mix}), seed {args.seed}, "
        f"{'one call' if args.repeat == 1 else f'best of {args.repeat} calls'} per position "
        "and engine, engines alternating, gc off while timing"
    )

    t_setup = time.perf_counter()
    positions = make_positions(args.positions, args.seed, args.mix)
    n_follow = sum(1 for p in positions if p.last is not None)
    n20 = sum(1 for p in positions if len(p.hand) == 20)
    print(
        f"  Positions {len(positions)} ({n_follow} following a play, {n20} with 20 cards), "
        f"built in {time.perf_counter() - t_setup:.1f}s"
    )
    print()

    make_dz = dz_caller(dz) if dz else None
    ours_us: list[float] = []
    counts_us: list[float] = []
    dz_us: list[float] = []
    ours_results: list[list[Play]] = []
    dz_results: list[list[list[int]]] = []
    lead_ours: list[float] = []
    lead_dz: list[float] = []
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for i, pos in enumerate(positions):
            hand, last = pos.hand, pos.last
            counts = counts_of(hand)

            def ours(hand: tuple[Card, ...] = hand, last: Play | None = last) -> list[Play]:
                return legal_plays(hand, last)

            def ours_counts(counts: list[int] = counts, last: Play | None = last) -> list[Play]:
                return legal_plays_counts(counts, last)

            order = [0, 1, 2] if i % 2 == 0 else [2, 1, 0]
            for which in order:
                if which == 0:
                    t, res = best_of(ours, args.repeat)
                    ours_us.append(t)
                    ours_results.append(res)
                    if last is None:
                        lead_ours.append(t)
                elif which == 1:
                    t, _ = best_of(ours_counts, args.repeat)
                    counts_us.append(t)
                elif make_dz is not None:
                    t, res = best_of(make_dz(pos), args.repeat)
                    dz_us.append(t)
                    dz_results.append(res)
                    if last is None:
                        lead_dz.append(t)
    finally:
        if gc_was:
            gc.enable()

    # ----- timing table --------------------------------------------------------------------
    rows: list[list[str]] = []
    med_o, p90_o, mean_o = summary(ours_us)
    rows.append(["ours legal_plays(cards, last)", fmt_us(med_o), fmt_us(p90_o), fmt_us(mean_o)])
    med_c, p90_c, mean_c = summary(counts_us)
    rows.append(["ours legal_plays_counts(counts)", fmt_us(med_c), fmt_us(p90_c), fmt_us(mean_c)])
    if dz_us:
        med_d, p90_d, mean_d = summary(dz_us)
        rows.append(
            ["DouZero get_legal_card_play_actions", fmt_us(med_d), fmt_us(p90_d), fmt_us(mean_d)]
        )
        rows.append(
            [
                "ratio DouZero / ours (x faster)",
                f"{med_d / med_o:.2f}x",
                f"{p90_d / p90_o:.2f}x",
                f"{mean_d / mean_o:.2f}x",
            ]
        )
    print("Time per position, microseconds")
    print(table(rows, ["", "median", "p90", "mean"]))
    if dz_us:
        follow_o = [t for t, p in zip(ours_us, positions, strict=True) if p.last is not None]
        follow_d = [t for t, p in zip(dz_us, positions, strict=True) if p.last is not None]
        sub = []
        for name, o, d in (("leading", lead_ours, lead_dz), ("following", follow_o, follow_d)):
            if not o:
                continue
            mo, _, ao = summary(o)
            md_, _, ad = summary(d)
            sub.append([name, fmt_us(mo), fmt_us(md_), f"{md_ / mo:.2f}x", f"{ad / ao:.2f}x"])
        print()
        print(
            table(
                sub,
                ["split", "ours median", "DouZero median", "median ratio", "mean ratio"],
            )
        )
        ok = med_d / med_o >= 3.0
        print()
        print(
            f"Target ({args.mix}): median at least 3x faster than DouZero -> "
            f"{med_d / med_o:.2f}x ({'MET' if ok else 'MISSED'})"
        )
    print()

    if dz is None:
        return 0

    # ----- comparison ----------------------------------------------------------------------
    raw_ours = sum(len(r) for r in ours_results)
    raw_dz = sum(sum(1 for m in r if m) for r in dz_results)
    set_ours_total = sum(len({to_dz(p) for p in r}) for r in ours_results)
    set_dz_total = sum(len({tuple(m) for m in r if m}) for r in dz_results)
    diffs: dict[tuple[str, str], list[tuple[int, str, tuple[int, ...]]]] = defaultdict(list)
    agree = 0
    for i, (pos, ours_r, dz_r) in enumerate(zip(positions, ours_results, dz_results, strict=True)):
        found = compare(dz, pos, ours_r, dz_r)
        if not found:
            agree += 1
        for cause, detail, side, move in found:
            diffs[(cause, detail)].append((i, side, move))

    print("Move sets (rank multisets; DouZero's pass [] left out)")
    print(
        table(
            [
                ["raw moves listed", f"{raw_ours:,}", f"{raw_dz:,}"],
                ["distinct rank multisets", f"{set_ours_total:,}", f"{set_dz_total:,}"],
            ],
            ["all positions", "ours", "DouZero"],
        )
    )
    print(
        f"Positions with identical multiset sets: {agree} of {len(positions)} "
        f"({len(positions) - agree} differ)"
    )
    print()
    if diffs:
        print("Differences by cause (moves = multisets listed by one side only)")
        drows = []
        for (cause, detail), items in sorted(diffs.items(), key=lambda kv: -len(kv[1])):
            n_dz = sum(1 for _, s, _ in items if s == "dz")
            label = cause + (f": {detail}" if detail else "")
            n_pos = len({i for i, _, _ in items})
            drows.append([label, str(n_pos), str(n_dz), str(len(items) - n_dz)])
        print(table(drows, ["cause", "positions", "DouZero-only", "ours-only"]))
        print()
        for (cause, detail), items in sorted(diffs.items(), key=lambda kv: -len(kv[1])):
            who, why = CAUSES[cause]
            print(f"* {cause}{': ' + detail if detail else ''} [{who}]")
            print(f"  {why}")
            shown: set[int] = set()
            for i, _side, _move in items:
                if len(shown) >= args.examples or i in shown:
                    continue
                shown.add(i)
                print_example(positions[i], [(s, m) for j, s, m in items if j == i])
        print()
    else:
        print("No differences in the random positions.")
        print()

    # ----- fixed probes for the rarer quirks ---------------------------------------------
    print("Edge cases (fixed positions, not timed)")
    for hand_txt, last_txt, kind, rank_txt in PROBES:
        pos = probe_position(hand_txt, last_txt, kind, rank_txt)
        ours_r = legal_plays(pos.hand, pos.last)
        dz_r = make_dz(pos)() if make_dz else []
        found = compare(dz, pos, ours_r, dz_r)
        rival = dz.md.get_move_type(sorted(pos.last_dz))
        assert pos.last is not None
        print(
            f"- hand {dz_text(pos.hand_dz)}; on the table {pos.last.describe()} "
            f"(DouZero reads {DZ_TYPE_NAME[rival['type']]}, len {rival.get('len', 1)})"
        )
        print(
            f"  ours {len({to_dz(p) for p in ours_r})} multisets, DouZero "
            f"{len({tuple(m) for m in dz_r if m})}"
        )
        by_cause: dict[tuple[str, str], list[tuple[str, tuple[int, ...]]]] = defaultdict(list)
        for cause, _detail, side, move in found:
            by_cause[(cause, side)].append((side, move))
        if not found:
            print("  same move sets")
        for (cause, side), probe_items in by_cause.items():
            who = "DouZero" if side == "dz" else "we"
            listed = ", ".join(dz_text(m) for _, m in probe_items[:3])
            more = f" (+{len(probe_items) - 3} more)" if len(probe_items) > 3 else ""
            print(f"  {cause}: only {who} list {listed}{more}")
    print()

    # ----- how each side represents the moves (leading positions) ---------------------------
    ours_kind_raw: Counter[Kind] = Counter()
    ours_kind_set: Counter[Kind] = Counter()
    dz_type_raw: Counter[int] = Counter()
    dz_type_set: Counter[int] = Counter()
    for pos, ours_r in zip(positions, ours_results, strict=True):
        if pos.last is not None:
            continue
        seen: dict[Kind, set[tuple[int, ...]]] = defaultdict(set)
        for p in ours_r:
            ours_kind_raw[p.kind] += 1
            seen[p.kind].add(to_dz(p))
        for kind, s in seen.items():
            ours_kind_set[kind] += len(s)
        mg = dz.MovesGener(pos.hand_dz.copy())
        for t, gen in DZ_GENERATORS:
            moves = getattr(mg, gen)()
            dz_type_raw[t] += len(moves)
            dz_type_set[t] += len({tuple(sorted(m)) for m in moves})
    rrows = []
    for kind, t in KIND_TO_DZ.items():
        rrows.append(
            [
                f"{kind.label} / {DZ_TYPE_NAME[t]}",
                f"{ours_kind_raw[kind]:,}",
                f"{ours_kind_set[kind]:,}",
                f"{dz_type_raw[t]:,}",
                f"{dz_type_set[t]:,}",
            ]
        )
    print(f"Moves by kind over the {len(positions) - n_follow} leading positions")
    print(table(rrows, ["ours kind / DouZero type", "ours", "distinct", "DouZero", "distinct"]))
    print(
        "(DouZero raw > distinct: its serial 3+1 and 4+2 generators pick kickers as "
        "itertools.combinations of the card list and drop only adjacent duplicates.)"
    )
    demo = dz.MovesGener([3, 3, 5, 5, 9, 9, 9, 9, 20, 30])
    four_two = sorted({tuple(sorted(m)) for m in demo.gen_type_13_4_2()})
    four_22 = sorted({tuple(sorted(m)) for m in demo.gen_type_14_4_22()})
    print(
        "DouZero four+two: a flat sorted list of card ints with no kind tag; from "
        "3 3 5 5 9 9 9 9 BJ RJ its 4+2 list is "
        + ", ".join(str(list(m)) for m in four_two)
        + "; its 4+22 list is "
        + ", ".join(str(list(m)) for m in four_22)
        + f"; its detector reads [3,3,3,3,4,4,4,4] as type "
        f"{DZ_TYPE_NAME[dz.md.get_move_type([3, 3, 3, 3, 4, 4, 4, 4])['type']]}."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
