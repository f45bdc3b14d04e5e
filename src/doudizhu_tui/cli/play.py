"""The ``play`` and ``replay`` commands: a session at the card table, or one deal again.

The commands only declare their options; :mod:`doudizhu_tui.cli.launch` checks
them and starts the app.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from .checks import MAX_PACE, Seconds
from .errors import OneLineErrors
from .launch import run_play, run_replay

__all__ = ["play", "replay"]

_LEVEL_HELP = (
    "Computer level: easy, normal, hard (or random, or package.module:factory); "
    "default: the code's, else normal."
)
_PACE_HELP = "Seconds each computer move takes on screen (default 0.7; 0 for no pause)."

F = TypeVar("F", bound=Callable[..., None])


def _table_options(command: F) -> F:
    """The options that play and replay share: --level, --rules, --ascii and --pace."""
    for option in reversed(
        (
            click.option("--level", default=None, metavar="LEVEL", help=_LEVEL_HELP),
            click.option(
                "--rules",
                "rules_name",
                default=None,
                metavar="NAME|FILE",
                help=(
                    "Rule profile: a name (classic, older, or NAME.toml in your rules folder) "
                    "or a house-rule file's path; default: the code's, else classic."
                ),
            ),
            click.option(
                "--ascii", "ascii_", is_flag=True, help="Draw cards without suit symbols."
            ),
            click.option(
                "--pace", type=Seconds(MAX_PACE), default=None, metavar="SECONDS", help=_PACE_HELP
            ),
        )
    ):
        command = option(command)
    return command


@click.command(cls=OneLineErrors)
@click.option(
    "--deals",
    type=click.Choice(["3", "6", "12"]),
    default="6",
    show_default=True,
    help="Scored deals in the session.",
)
@_table_options
@click.option(
    "--code",
    default=None,
    metavar="CODE",
    help="Code of the first deal (it brings its rules and level unless they are given).",
)
@click.option(
    "--resume/--new",
    "resume",
    default=None,
    help="Resume the unfinished session without asking (--new: start afresh without asking).",
)
def play(
    deals: str,
    level: str | None,
    rules_name: str | None,
    code: str | None,
    ascii_: bool,
    pace: float | None,
    resume: bool | None,
) -> None:
    """Play a session of 3, 6 or 12 deals against two computer players (three under
    --rules four).

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


@click.command(cls=OneLineErrors)
@click.argument("code")
@_table_options
def replay(
    code: str, level: str | None, rules_name: str | None, ascii_: bool, pace: float | None
) -> None:
    """Play one deal again from its code (not scored).

    The code names its rules and computer level (3226B-Q524C:older:easy); a bare
    ten-character code is a classic deal against normal computers.
    """
    run_replay(code=code, level=level, rules=rules_name, ascii=ascii_, pace=pace)
