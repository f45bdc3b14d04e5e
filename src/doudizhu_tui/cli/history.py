"""The ``stats`` and ``history`` commands: the recorded deals as tables, JSON or a step-through.

The click commands at the end of the module are thin wrappers around the
functions before them.  A history that cannot be read, or a deal that is not
in it, is reported in one ``doudizhu: error: ...`` line on standard error with
exit status 1; an empty history is not an error.
"""

from __future__ import annotations

import json
from typing import Any

import click
from rich import box
from rich.console import Console, JustifyMethod
from rich.table import Table
from rich.text import Text

from ..core import DealCodeError, IllegalAction
from ..match import RecordError
from ..store import MAX_RECENT, DealRow, HistoryDB, StatsRow
from .checks import WholeNumber, shown
from .errors import CommandFailure, UsageFailure, notice_line
from .watch import frames, print_frames, step_through

__all__ = ["history", "history_command", "show_command", "stats", "stats_command"]

EMPTY = "no deals recorded yet"


def _unavailable(db: HistoryDB) -> None:
    """Stop with one line if the history could not be read; else print its notices (a
    damaged file kept aside, damaged deals passed over) on stderr, one line each."""
    problem = db.unavailable
    if problem is not None:
        raise CommandFailure(f"history cannot be read: {problem.reason}")
    for line in db.notices():
        click.echo(notice_line(line), err=True)


def _points(n: int | float) -> str:
    return f"{n:+.1f}" if isinstance(n, float) else f"{n:+d}"


def stats_table(rows: list[StatsRow]) -> Table:
    """The statistics as a rich table, a block of rows per level."""
    table = Table(
        title="Your deals by level and role",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
    )
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("Level", "left"),
        ("Role", "left"),
        ("Deals", "right"),
        ("Win %", "right"),
        ("Avg pts", "right"),
        ("Best", "right"),
        ("Worst", "right"),
        ("Bombs", "right"),
        ("Springs", "right"),
    )
    for name, justify in columns:
        table.add_column(name, justify=justify)
    previous = None
    for row in rows:
        if previous is not None and row.level != previous:
            table.add_section()
        previous = row.level
        table.add_row(
            row.level,
            row.role,
            str(row.deals),
            f"{row.win_rate:.0%}",
            _points(row.average_points),
            _points(row.best),
            _points(row.worst),
            str(row.bombs),
            str(row.springs + row.reverse_springs),
            style="bold" if row.role == "all" else None,
        )
    return table


def stats_command(as_json: bool, db: HistoryDB | None = None) -> None:
    """``doudizhu stats``: win rate, points, bombs and springs per level and role."""
    db = db or HistoryDB()
    rows = db.stats()
    _unavailable(db)
    if as_json:
        data: dict[str, Any] = {
            "deals": sum(r.deals for r in rows if r.role == "all"),
            "rows": [r.to_dict() for r in rows],
        }
        click.echo(json.dumps(data, indent=2))
        return
    if not rows:
        click.echo(EMPTY)
        return
    Console().print(stats_table(rows))


def history_table(rows: list[DealRow]) -> Text:
    """The recent deals, newest first: a line of facts and, under it, the deal's code.

    The code is copied to replay the deal, so it has a line of its own and is never
    cut or wrapped at any terminal width; it names the rules and the level.
    """
    out = Text("Recent deals (a bare code is a classic deal against normal computers)\n")
    out.append("\n")
    number_width = max(len(str(row.id)) for row in rows) + 1
    for row in rows:
        facts = (
            f"{'#' + str(row.id):>{number_width}}  {row.played_at.astimezone():%Y-%m-%d %H:%M}"
            f"  {row.role:<8}  {_points(row.your_points):>6}  {row.result}"
        )
        out.append(facts + "\n")
        out.append(" " * (number_width + 2))
        out.append(str(row.table_code), style="bold")
        out.append("\n")
    return out


def history_command(limit: int, as_json: bool, db: HistoryDB | None = None) -> None:
    """``doudizhu history``: the last ``limit`` deals with their codes and results."""
    db = db or HistoryDB()
    try:
        rows = db.recent(limit)
    except ValueError as exc:  # a limit out of range (the option's type refuses it first)
        raise UsageFailure(str(exc)) from None
    _unavailable(db)
    if as_json:
        click.echo(json.dumps([r.to_dict() for r in rows], indent=2))
        return
    if not rows:
        click.echo(EMPTY)
        return
    Console().print(history_table(rows))
    click.echo("Watch one with: doudizhu history show CODE   (or its # number)")


def find_deal(ref: str, db: HistoryDB) -> DealRow:
    """The deal named by a code (any typed form) or a ``#`` number from ``history``."""
    cleaned = ref.strip().lstrip("#")
    if cleaned.isascii() and cleaned.isdigit() and len(cleaned) < 10:
        row = db.get_id(int(cleaned))
    else:
        try:
            row = db.get(ref)
        except DealCodeError as exc:
            raise click.BadParameter(str(exc), param_hint="CODE") from None
    problem = db.unavailable
    if problem is not None:
        raise CommandFailure(f"history cannot be read: {problem.reason}")
    if row is None and db.skipped:
        reasons = "; ".join(str(damaged) for damaged in db.skipped[:3])
        raise CommandFailure(f"deal {shown(ref)} is recorded but cannot be read: {reasons}")
    _unavailable(db)
    if row is None:
        raise CommandFailure(f"no recorded deal {shown(ref)} (see doudizhu history)")
    return row


def _getchar() -> str:
    try:
        return click.getchar()
    except OSError:  # no terminal to read keys from
        return ""


def show_command(
    ref: str, all_steps: bool, as_json: bool = False, db: HistoryDB | None = None
) -> None:
    """``doudizhu history show CODE``: step through a recorded deal, every hand face up."""
    db = db or HistoryDB()
    row = find_deal(ref, db)
    if as_json:
        click.echo(json.dumps(row.to_dict(full=True), indent=2))
        return
    try:
        shown = frames(row.deal_code, row.actions(), row.rule_profile(), row.first_bidder)
    except (RecordError, IllegalAction, ValueError) as exc:
        raise CommandFailure(f"deal {row.code} cannot be rebuilt: {exc}") from None
    console = Console()
    if all_steps:
        print_frames(shown, console)
    else:
        step_through(shown, console, _getchar)


# ----- the commands --------------------------------------------------------------------


@click.command(name="stats")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def stats(as_json: bool) -> None:
    """Your results per level and role: deals, win rate, points, bombs, springs."""
    stats_command(as_json)


@click.group(name="history", invoke_without_command=True)
@click.option(
    "--limit",
    default=20,
    show_default=True,
    type=WholeNumber(1, MAX_RECENT),
    help="Deals to list (the newest first).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.pass_context
def history(ctx: click.Context, limit: int, as_json: bool) -> None:
    """The recent deals with their codes and results (`history show CODE` to watch one)."""
    if ctx.invoked_subcommand is None:
        history_command(limit, as_json)


@history.command(name="show")
@click.argument("ref", metavar="CODE")
@click.option("--all", "all_steps", is_flag=True, help="Print every step at once.")
@click.option("--json", "as_json", is_flag=True, help="Print the whole record as JSON.")
def history_show(ref: str, all_steps: bool, as_json: bool) -> None:
    """Step through a recorded deal play by play, every hand face up.

    CODE is the deal code, or the # number from `doudizhu history`.  Keys: n, space
    or Right next; b or Left back; s start; e end; q quit.
    """
    show_command(ref, all_steps, as_json)
