"""Starting the app from the command line: ``doudizhu play`` and ``doudizhu replay CODE``.

Everything the person typed is checked here, before any screen is drawn: a bad
option or a mistyped deal code ends the command with exit status 2 and a
one-line message.  Textual is imported only once the app is about to run, so
that errors (and ``--help``) stay quick.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

import click

from ..core import DealCode, DealCodeError, ProfileError, RuleProfile, new_code, parse_code
from ..core.rules import parse_profile

if TYPE_CHECKING:
    from ..match import Match

__all__ = ["OneLineErrors", "fail", "run_play", "run_replay"]


def fail(message: str) -> NoReturn:
    """Stop the command: one line on stderr, exit status 2."""
    click.echo(f"doudizhu: error: {message}", err=True)
    raise click.exceptions.Exit(2)


class OneLineErrors(click.Command):
    """A command whose usage errors are one line (no usage block), with exit status 2."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            fail(exc.format_message().rstrip("."))


def _level(name: str) -> str:
    from ..bots import UnknownControllerError, resolve

    try:
        resolve(name)
    except UnknownControllerError as exc:
        fail(str(exc))
    return name


def _rules(name: str) -> RuleProfile:
    from ..rulebook import UnknownProfileError, profile_text

    try:
        return parse_profile(profile_text(name))
    except (UnknownProfileError, ProfileError) as exc:
        fail(str(exc))


def _code(text: str) -> DealCode:
    try:
        return parse_code(text)
    except DealCodeError as exc:
        fail(str(exc))


def _pace(pace: float | None) -> float | None:
    if pace is not None and not 0 <= pace <= 10:
        fail(f"--pace is seconds per computer move, 0 to 10, not {pace:g}")
    return pace


@dataclass(frozen=True, slots=True)
class _Resumable:
    """A match to play and the session id it is saved under (None: a new session)."""

    match: Match
    session_id: str | None


def _run(config: Any, pace: float | None, ascii: bool, start: _Resumable | None = None) -> None:
    """Run the app; a scored session is saved after every action and its deals recorded."""
    from .app import DEFAULT_PACE, create_app

    keeper = None
    match = None
    if start is not None:
        from ..store import HistoryDB, SaveSlot, keep

        match = start.match
        keeper = keep(match, slot=SaveSlot(), db=HistoryDB(), session_id=start.session_id)
    shown: set[str] = set()

    def report_problems(_: Any) -> None:
        # Saving and history never stop a game: say once what is not being kept.
        for problem in keeper.problems() if keeper is not None else ():
            if problem not in shown:
                shown.add(problem)
                app.notify(problem, severity="warning", timeout=8)

    app = create_app(
        config if match is None else None,
        match=match,
        pace=DEFAULT_PACE if pace is None else pace,
        ascii=True if ascii else None,
        on_change=report_problems,
    )
    app.run()
    match = app.match
    if match.table is not None:
        code = match.game.code
        click.echo(f"Last deal: {code}  (replay it with: doudizhu replay {code})")


def _resumable(config: Any, resume: bool | None) -> _Resumable:
    """The saved unfinished session if the person wants it, else a new match from ``config``."""
    from ..match import Match
    from ..store import SaveSlot

    slot = SaveSlot()
    result = slot.load()
    if result.damaged:
        click.echo(f"doudizhu: {result.message}", err=True)
    if result.ok and result.match is not None:
        if resume is None and sys.stdin.isatty():
            resume = click.confirm(
                f"Resume your unfinished session ({result.summary})?", default=True
            )
        if resume:
            return _Resumable(result.match, result.session_id)
        slot.clear()
    elif resume:
        click.echo("doudizhu: there is no unfinished session to resume; a new one starts.")
    return _Resumable(Match(config), None)


def run_play(
    *,
    deals: int,
    level: str,
    rules: str,
    code: str | None,
    ascii: bool,
    pace: float | None,
    resume: bool | None = None,
) -> None:
    """Check the options of ``doudizhu play``, offer an unfinished session, and run one."""
    from ..match import MatchConfig

    config = MatchConfig(
        first_code=_code(code) if code else new_code(random.Random()),
        deals=deals,
        level=_level(level),
        rules=_rules(rules),
        scored=True,
    )
    pace = _pace(pace)
    _run(config, pace, ascii, _resumable(config, resume))


def run_replay(*, code: str, level: str, rules: str, ascii: bool, pace: float | None) -> None:
    """Check the options of ``doudizhu replay CODE`` and replay that deal, unscored."""
    from ..match import MatchConfig

    config = MatchConfig(
        first_code=_code(code), level=_level(level), rules=_rules(rules), scored=False
    )
    _run(config, _pace(pace), ascii)
