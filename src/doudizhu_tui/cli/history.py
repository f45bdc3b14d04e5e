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
from ..core.rules import MAX_NAME_LENGTH
from ..match import RecordError
from ..rulebook import is_profile_name, is_profile_path
from ..store import MAX_RECENT, DealRow, HistoryDB
from ..store.history import ProfileStatsRow
from .checks import WholeNumber, shown
from .errors import CommandFailure, UsageFailure, notice_line
from .profiles import choose_rules
from .watch import frames, print_frames, step_through

__all__ = [
    "history",
    "history_command",
    "show_command",
    "stats",
    "stats_command",
    "stats_profile",
    "stats_tables",
]

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


#: The columns of a statistics table: heading and justification.
_STATS_COLUMNS: tuple[tuple[str, JustifyMethod], ...] = (
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


#: The spaces between two columns of a statistics table (padding and rule).
_COLUMN_GAP = 3


def _stats_cells(row: ProfileStatsRow) -> tuple[str, ...]:
    return (
        row.level,
        row.role,
        str(row.deals),
        f"{row.win_rate:.0%}",
        _points(row.average_points),
        _points(row.best),
        _points(row.worst),
        str(row.bombs),
        str(row.springs + row.reverse_springs),
    )


def stats_tables(rows: list[ProfileStatsRow], width: int = 80) -> list[Table]:
    """The statistics as rich tables: one per rule profile, in the order of ``rows``
    (classic first), titled with the profile's name, a block of rows per level.

    When they fit in ``width`` columns, the tables' columns have the same widths, so
    that they read as one; a level name too long for that gets a column as wide as
    the room left (and is cut short, as it always has been).
    """
    cells = [_stats_cells(row) for row in rows]
    widest = [
        max([len(name), *(len(line[i]) for line in cells)])
        for i, (name, _) in enumerate(_STATS_COLUMNS)
    ]
    gaps = _COLUMN_GAP * (len(widest) - 1)
    widths: list[int | None] = list(widest)
    if sum(widest) + gaps > width:  # a long level name: that column as rich fits it
        widths[0] = None
        if len(_STATS_COLUMNS[0][0]) + sum(widest[1:]) + gaps > width:
            widths = [None] * len(widest)
    tables: dict[str, Table] = {}
    previous: dict[str, str] = {}
    for row, line in zip(rows, cells, strict=True):
        table = tables.get(row.rules)
        if table is None:
            title = Text("Your deals under the ")
            title.append(row.rules, style="bold")
            title.append(" rules, by level and role")
            table = Table(
                title=title,
                title_justify="left",
                box=box.SIMPLE_HEAD,
                show_edge=False,
                pad_edge=False,
            )
            for (name, justify), least in zip(_STATS_COLUMNS, widths, strict=True):
                table.add_column(name, justify=justify, min_width=least)
            tables[row.rules] = table
        elif previous[row.rules] != row.level:
            table.add_section()
        previous[row.rules] = row.level
        table.add_row(
            *(Text(cell) for cell in line),  # never read as markup: levels are typed names
            style="bold" if row.role == "all" else None,
        )
    return list(tables.values())


def stats_profile(value: str | None) -> str | None:
    """The profile's name that ``stats --rules value`` keeps (None: every profile).

    A name is taken as it is, whether or not this installation has that profile (the
    deals may have been played under a file since removed); a house-rule file's path
    gives the name of the profile in it.  Raises :class:`UsageFailure` (one line) for
    an empty value, a value that cannot be a profile's name, or a file that cannot be
    read or is not a good profile.
    """
    if value is None:
        return None
    if not value.strip() or is_profile_path(value):
        return choose_rules(value).profile.name
    if not is_profile_name(value):
        raise UsageFailure(
            f"--rules: {shown(value)} cannot be a rule profile's name (1 to {MAX_NAME_LENGTH} "
            "lowercase letters, digits, '-', '_' or '.'); give a name such as classic, or a "
            "house-rule file's path"
        )
    return value


def stats_command(as_json: bool, db: HistoryDB | None = None, *, rules: str | None = None) -> None:
    """``doudizhu stats``: win rate, points, bombs and springs per rule profile, level and
    role; ``rules`` (a ``--rules`` value: a name or a house-rule file) keeps one profile."""
    name = stats_profile(rules)
    db = db or HistoryDB()
    rows = db.stats(name)
    _unavailable(db)
    if as_json:
        data: dict[str, Any] = {
            "deals": sum(r.deals for r in rows if r.role == "all"),
            "rows": [r.to_dict() for r in rows],
        }
        click.echo(json.dumps(data, indent=2))
        return
    if not rows:
        click.echo(EMPTY if name is None else f"no deals recorded under the '{name}' rules")
        return
    console = Console()
    for i, table in enumerate(stats_tables(rows, console.width)):
        if i:
            console.print()
        console.print(table)


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
@click.option(
    "--rules",
    "rules_name",
    metavar="NAME|FILE",
    default=None,
    help="Only the deals played under this rule profile (a name, or a house-rule file).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def stats(rules_name: str | None, as_json: bool) -> None:
    """Your results per rule profile, level and role: deals, win rate, points, bombs,
    springs (scores under different profiles are not comparable, so they are apart)."""
    stats_command(as_json, rules=rules_name)


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
