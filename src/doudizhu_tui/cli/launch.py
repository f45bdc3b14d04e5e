"""Starting the app from the command line: ``doudizhu play`` and ``doudizhu replay CODE``.

Everything the person typed is checked here, before any screen is drawn: a bad
option or a mistyped deal code ends the command with exit status 2 and a
one-line message.  An unfinished saved session is offered before a new one
starts.  The app itself is run by :func:`doudizhu_tui.tui.launch.run_app`.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from ..core import DealCode, DealCodeError, ProfileError, RuleProfile, new_code, parse_code
from ..core.rules import parse_profile
from .errors import fail

if TYPE_CHECKING:
    from ..match import Match, MatchConfig

__all__ = ["run_play", "run_replay"]


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


def _resumable(config: MatchConfig, resume: bool | None) -> _Resumable:
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


def _run(match: Match, pace: float | None, ascii: bool, save: bool, session_id: str | None) -> None:
    """Run the app, then print the code of the last deal played."""
    from ..tui.launch import run_app

    match = run_app(match, pace=pace, ascii=ascii, save=save, session_id=session_id)
    if match.table is not None:
        code = match.game.code
        click.echo(f"Last deal: {code}  (replay it with: doudizhu replay {code})")


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
    start = _resumable(config, resume)
    _run(start.match, pace, ascii, save=True, session_id=start.session_id)


def run_replay(*, code: str, level: str, rules: str, ascii: bool, pace: float | None) -> None:
    """Check the options of ``doudizhu replay CODE`` and replay that deal, unscored."""
    from ..match import Match, MatchConfig

    config = MatchConfig(
        first_code=_code(code), level=_level(level), rules=_rules(rules), scored=False
    )
    pace = _pace(pace)
    _run(Match(config), pace, ascii, save=False, session_id=None)
