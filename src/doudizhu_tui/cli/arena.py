"""The ``doudizhu arena`` command: option checks, progress bar, result tables.

The playing and the statistics live in :mod:`doudizhu_tui.arena`; this module turns
the command's options into a run, shows a rich progress bar while it plays (on
stderr), and prints the result as tables or as one JSON object.  When a level made
illegal choices (counted by the arena, which plays on), the result is printed all
the same, then one ``doudizhu: error: ...`` line, and the exit status is 1.
"""

from __future__ import annotations

import json

import click
from rich.console import Console, Group, RenderableType
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from ..arena import (
    SIDES,
    ArenaError,
    ArenaPlayError,
    ArenaResult,
    RowStats,
    run_arena,
)
from ..core import (
    CLASSIC,
    DealCode,
    DealCodeError,
    RuleProfile,
    parse_code,
)
from .checks import MAX_DEALS, MAX_JOBS, WholeNumber, check_level
from .errors import CommandFailure, OneLineErrors, UsageFailure, notice_line
from .profiles import choose_rules

__all__ = ["arena", "arena_command", "illegal_message", "render_result"]


@click.command(name="arena", cls=OneLineErrors)
@click.option(
    "--a",
    "a",
    default="hard",
    show_default=True,
    metavar="LEVEL",
    help="Level A: easy, normal, hard, random, or package.module:factory.",
)
@click.option(
    "--b",
    "b",
    default="normal",
    show_default=True,
    metavar="LEVEL",
    help="Level B, A's opponent (same choices).",
)
@click.option(
    "--deals",
    default=100,
    show_default=True,
    type=WholeNumber(1, MAX_DEALS),
    help="Deals to play; each is played twice, A and B changing seats.",
)
@click.option(
    "--seed",
    default=None,
    metavar="CODE",
    help="Deal code of the first deal (default: a fixed code, so runs repeat).",
)
@click.option(
    "--no-auction", is_flag=True, help="Skip the bidding: the first bidder is landlord at bid 1."
)
@click.option(
    "--jobs",
    default=1,
    show_default=True,
    type=WholeNumber(1, MAX_JOBS),
    help="Processes to play in.",
)
@click.option(
    "--rules",
    "rules_name",
    default="classic",
    show_default=True,
    metavar="NAME|FILE",
    help="Rule profile: a name (yours: NAME.toml in your rules folder) or a file's path.",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print one JSON object (no progress bar, no tables)."
)
def arena(
    a: str,
    b: str,
    deals: int,
    seed: str | None,
    no_auction: bool,
    jobs: int,
    rules_name: str,
    as_json: bool,
) -> None:
    """Play two computer levels against each other headless and compare them.

    Each deal is played twice on the same cards: A alone in the first bidder's
    seat against two B (three B with --rules four), then B alone against the A
    seats.  With --no-auction the first
    bidder is landlord at bid 1; otherwise the levels bid, and thrown-in deals are
    left out.  WP is A's share of the games won, ADP A's average points per game.
    An illegal choice is counted, replaced by a pass (or, to lead, the first legal
    play) and reported; the exit status is then 1.
    """
    arena_command(
        a=a,
        b=b,
        deals=deals,
        seed=seed,
        no_auction=no_auction,
        jobs=jobs,
        rules=rules_name,
        as_json=as_json,
    )


def _load_rules(value: str) -> tuple[RuleProfile, str | None]:
    """The profile of ``--rules`` (a name or a house-rule file's path, see
    :func:`~.profiles.choose_rules`) and what to say about it, if anything."""
    if not value.strip():
        raise UsageFailure(
            "--rules is empty; give a rule profile's name such as classic, or a file's path"
        )
    if value == CLASSIC.name:
        return CLASSIC, None
    chosen = choose_rules(value)
    return chosen.profile, chosen.notice


def _parse_seed(text: str | None) -> DealCode | None:
    if text is None:
        return None
    if not text.strip():
        raise UsageFailure("--seed is empty; give a deal code such as 3226B-Q524C, or leave it out")
    try:
        return parse_code(text)
    except DealCodeError as exc:
        raise UsageFailure(f"bad --seed: {exc}") from None


def arena_command(
    *,
    a: str,
    b: str,
    deals: int,
    seed: str | None,
    no_auction: bool,
    jobs: int,
    rules: str,
    as_json: bool,
) -> None:
    """Check the options, run the arena and print the result (the ``arena`` command)."""
    if not 1 <= deals <= MAX_DEALS:
        raise UsageFailure(f"--deals must be a whole number from 1 to {MAX_DEALS}, not {deals}")
    if not 1 <= jobs <= MAX_JOBS:
        raise UsageFailure(f"--jobs must be a whole number from 1 to {MAX_JOBS}, not {jobs}")
    seed_code = _parse_seed(seed)
    profile, notice = _load_rules(rules)
    a = check_level(a, "--a")
    b = check_level(b, "--b")
    if notice is not None:  # said once every option is known to be good
        click.echo(notice_line(notice), err=True)
    try:
        if as_json:
            result = run_arena(a, b, deals, seed_code, no_auction, jobs, rules=profile)
        else:
            progress = Progress(
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("deals"),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
            )
            with progress:
                task = progress.add_task(f"{a} vs {b}", total=deals)
                result = run_arena(
                    a,
                    b,
                    deals,
                    seed_code,
                    no_auction,
                    jobs,
                    lambda done, _total: progress.update(task, completed=done),
                    rules=profile,
                )
    except ArenaError as exc:
        raise UsageFailure(str(exc)) from None
    except ArenaPlayError as exc:
        raise CommandFailure(str(exc)) from None
    if as_json:
        click.echo(json.dumps(result.to_dict()))
    else:
        Console().print(render_result(result))
    message = illegal_message(result)
    if message is not None:
        raise CommandFailure(message)


def illegal_message(result: ArenaResult) -> str | None:
    """The error that ends a run with illegal choices (None when there were none)."""
    counts = {side: result.illegal(side) for side in SIDES}
    total = sum(counts.values())
    if total == 0:
        return None
    each = ", ".join(f"{side} ({result.level(side)}) {counts[side]}" for side in SIDES)
    choices = "choice" if total == 1 else "choices"
    return f"{total} illegal {choices} ({each}); the first: {result.first_illegal}"


# ----- rendering -----------------------------------------------------------------------


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _pct_ci(ci: tuple[float, float] | None) -> str:
    return "-" if ci is None else f"{100 * ci[0]:.1f}-{100 * ci[1]:.1f}%"


def _points(x: float | None) -> str:
    return "-" if x is None else f"{x:+.1f}"


def _points_ci(ci: tuple[float, float] | None) -> str:
    return "-" if ci is None else f"{ci[0]:+.1f}..{ci[1]:+.1f}"


def _ms(x: float | None) -> str:
    if x is None:
        return "-"
    if x >= 100:
        return f"{x:.0f}"
    if x >= 1:
        return f"{x:.2f}"
    return f"{x:.3g}"


def render_result(result: ArenaResult) -> RenderableType:
    """The result tables: A's WP and ADP, each level's bombs and springs, decision times."""
    mode = (
        "no auction: the first bidder is landlord at 1"
        if result.no_auction
        else "with the auction: the levels bid"
    )
    head = Text.assemble(
        ("Arena ", "bold"),
        (f"A = {result.a}", "bold cyan"),
        " vs ",
        (f"B = {result.b}", "bold magenta"),
        f"\n{result.deals} deals x 2 games from {result.seed}, {result.rules.name} rules",
        f"\n{mode}",
    )

    wp = Table(title="A's results (95% confidence intervals)", title_justify="left")
    wp.add_column("", no_wrap=True)
    for name in ("games", "A won"):
        wp.add_column(name, justify="right")
    wp.add_column("WP", justify="right", style="bold", no_wrap=True)
    wp.add_column("95% CI", justify="right", no_wrap=True)
    wp.add_column("ADP", justify="right", style="bold", no_wrap=True)
    wp.add_column("95% CI", justify="right", no_wrap=True)
    rows: list[tuple[str, RowStats]] = [
        ("overall", result.overall()),
        ("A as landlord", result.as_landlord()),
        ("A as peasants", result.as_peasants()),
    ]
    for label, row in rows:
        wp.add_row(
            label,
            str(row.games),
            str(row.wins),
            _pct(row.wp),
            _pct_ci(row.wp_ci),
            _points(row.adp),
            _points_ci(row.adp_ci),
        )

    sides = Table(title="By level", title_justify="left")
    sides.add_column("")
    sides.add_column("level")
    for name in ("landlord", "won", "bombs", "rockets", "springs", "rev. springs"):
        sides.add_column(name, justify="right")
    sides.add_column("illegal", justify="right")
    times = Table(title="Decision times (ms)", title_justify="left")
    times.add_column("")
    times.add_column("level")
    for name in ("decisions", "mean", "p50", "p90", "p99", "max"):
        times.add_column(name, justify="right")
    for side in SIDES:
        s = result.side(side)
        sides.add_row(
            side,
            s.level,
            str(s.landlord_games),
            str(s.wins),
            str(s.bombs),
            str(s.rockets),
            str(s.springs),
            str(s.reverse_springs),
            Text(str(result.illegal(side)), style="bold red" if result.illegal(side) else ""),
        )
        t = result.timing(side)
        times.add_row(
            side,
            t.level,
            str(t.decisions),
            _ms(t.mean_ms),
            _ms(t.p50_ms),
            _ms(t.p90_ms),
            _ms(t.p99_ms),
            _ms(t.max_ms),
        )

    notes = [
        "WP: share of games A won. ADP: A's average points per game "
        f"(base {result.rules.base}; B's are the opposite).",
    ]
    if not result.no_auction:
        notes.append(
            f"Thrown in: {result.thrown_in} of {len(result.games)} games (left out of the figures)."
        )
    jobs = "1 job" if result.jobs == 1 else f"{result.jobs} jobs"
    notes.append(f"Played in {result.elapsed:.1f} s with {jobs}.")
    parts: list[RenderableType] = [head, Text(), wp, sides, times]
    parts.append(Text("\n".join(notes), style="dim"))
    illegal = sum(result.illegal(side) for side in SIDES)
    if illegal:
        parts.append(
            Text(
                f"Illegal choices: {illegal}, each replaced by a pass (or, to lead, the first "
                "legal play) so that the game went on; the figures include those games.",
                style="bold red",
            )
        )
    return Group(*parts)
