"""The ``doudizhu`` command line.

Each command is a thin layer over the rest of the package; ``rules`` prints the
rule book, rendered from the project's ``rules/`` folder.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.markdown import Markdown

from doudizhu_tui import __version__
from doudizhu_tui.rulebook import rule_book_text
from doudizhu_tui.tui.launch import OneLineErrors, run_play, run_replay


class _Doudizhu(click.Group):
    """The command group: every usage error, in any command, is one line with exit status 2."""

    def main(  # type: ignore[override]
        self,
        args: list[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            status = super().main(args, prog_name, complete_var, False, **extra)
        except click.UsageError as exc:
            click.echo(f"doudizhu: error: {exc.format_message().rstrip('.')}", err=True)
            sys.exit(2)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        sys.exit(status if isinstance(status, int) else 0)


@click.group(cls=_Doudizhu, invoke_without_command=True)
@click.version_option(__version__, prog_name="doudizhu")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Dou Dizhu (Fight the Landlord) in the terminal.

    With no command, starts a session: the same as `doudizhu play`.
    """
    if ctx.invoked_subcommand is None:
        ctx.invoke(play)


_LEVEL_HELP = "Computer level: easy, normal, hard (or random, or package.module:factory)."
_PACE_HELP = "Seconds each computer move takes on screen (default 0.7; 0 for no pause)."

F = TypeVar("F", bound=Callable[..., None])


def _table_options(command: F) -> F:
    """The options that play and replay share: --level, --rules, --ascii and --pace."""
    for option in reversed(
        (
            click.option(
                "--level", default="normal", show_default=True, metavar="LEVEL", help=_LEVEL_HELP
            ),
            click.option(
                "--rules",
                "rules_name",
                default="classic",
                show_default=True,
                metavar="NAME",
                help="Rule profile (rules/NAME.toml).",
            ),
            click.option(
                "--ascii", "ascii_", is_flag=True, help="Draw cards without suit symbols."
            ),
            click.option("--pace", type=float, default=None, metavar="SECONDS", help=_PACE_HELP),
        )
    ):
        command = option(command)
    return command


@main.command(cls=OneLineErrors)
@click.option(
    "--deals",
    type=click.Choice(["3", "6", "12"]),
    default="6",
    show_default=True,
    help="Scored deals in the session.",
)
@_table_options
@click.option("--code", default=None, metavar="CODE", help="Deal code of the first deal.")
@click.option(
    "--resume/--new",
    "resume",
    default=None,
    help="Resume the unfinished session without asking (--new: start afresh without asking).",
)
def play(
    deals: str,
    level: str,
    rules_name: str,
    code: str | None,
    ascii_: bool,
    pace: float | None,
    resume: bool | None,
) -> None:
    """Play a session of 3, 6 or 12 deals against two computer players.

    The session is saved after every action; an interrupted one (closed terminal,
    Ctrl+C) is offered again on the next start, or taken up at once with --resume.
    """
    run_play(
        deals=int(deals),
        level=level,
        rules=rules_name,
        code=code,
        ascii=ascii_,
        pace=pace,
        resume=resume,
    )


@main.command(cls=OneLineErrors)
@click.argument("code")
@_table_options
def replay(code: str, level: str, rules_name: str, ascii_: bool, pace: float | None) -> None:
    """Play one deal again from its deal code (not scored)."""
    run_replay(code=code, level=level, rules=rules_name, ascii=ascii_, pace=pace)


@main.command()
def rules() -> None:
    """Print the rule book."""
    Console().print(Markdown(rule_book_text()))


@main.command(name="arena", cls=OneLineErrors)
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
    type=int,
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
@click.option("--jobs", default=1, show_default=True, type=int, help="Processes to play in.")
@click.option(
    "--rules",
    "rules_name",
    default="classic",
    show_default=True,
    metavar="NAME",
    help="Rule profile to play by.",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print one JSON object (no progress bar, no tables)."
)
def arena_cmd(
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
    seat against two B, then B alone against two A.  With --no-auction the first
    bidder is landlord at bid 1; otherwise the levels bid, and thrown-in deals are
    left out.  WP is A's share of the games won, ADP A's average points per game.
    """
    from doudizhu_tui.arena_view import arena_command

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


@main.command(name="stats")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def stats_cmd(as_json: bool) -> None:
    """Your results per level and role: deals, win rate, points, bombs, springs."""
    from doudizhu_tui.history_view import stats_command

    stats_command(as_json)


@main.group(name="history", invoke_without_command=True)
@click.option(
    "--limit", default=20, show_default=True, type=click.IntRange(1), help="Deals to list."
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.pass_context
def history_cmd(ctx: click.Context, limit: int, as_json: bool) -> None:
    """The recent deals with their codes and results (`history show CODE` to watch one)."""
    if ctx.invoked_subcommand is None:
        from doudizhu_tui.history_view import history_command

        history_command(limit, as_json)


@history_cmd.command(name="show")
@click.argument("ref", metavar="CODE")
@click.option("--all", "all_steps", is_flag=True, help="Print every step at once.")
@click.option("--json", "as_json", is_flag=True, help="Print the whole record as JSON.")
def history_show_cmd(ref: str, all_steps: bool, as_json: bool) -> None:
    """Step through a recorded deal play by play, every hand face up.

    CODE is the deal code, or the # number from `doudizhu history`.  Keys: n, space
    or Right next; b or Left back; s start; e end; q quit.
    """
    from doudizhu_tui.history_view import show_command

    show_command(ref, all_steps, as_json)
