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

from ..core import (
    DealCodeError,
    ProfileError,
    RuleProfile,
    TableCode,
    new_code,
    parse_profile,
    parse_table_code,
)
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


def _rules(name: str, code: TableCode | None = None) -> RuleProfile:
    from ..rulebook import UnknownProfileError, profile_names, profile_text

    try:
        return parse_profile(profile_text(name))
    except UnknownProfileError as exc:
        if code is None:
            fail(str(exc))
        known = ", ".join(profile_names())
        fail(
            f"code {code} was played under the '{name}' rules, which this installation "
            f"does not have (it has: {known})"
        )
    except ProfileError as exc:
        fail(f"rule profile '{name}': {exc}")


def _code(text: str) -> TableCode:
    if not text.strip():
        fail("the deal code is empty; give one such as 3226B-Q524C, or leave it out")
    try:
        return parse_table_code(text)
    except DealCodeError as exc:
        fail(str(exc))


def _settings(code: TableCode | None, level: str | None, rules: str | None) -> tuple[str, str]:
    """The level and the profile name to play: the code's, unless the options say
    otherwise.  Other rules than the code's are refused (that would be another deal);
    another level is announced and taken (the computers will decide differently)."""
    if level is not None and ":" not in level:
        level = level.strip().lower()
    if code is None:
        return level or "normal", rules or "classic"
    if rules is not None and rules != code.profile:
        fail(
            f"code {code} was played under the '{code.profile}' rules, not '{rules}'; "
            "leave out --rules to replay it"
        )
    if level is not None and level != code.level:
        click.echo(
            f"doudizhu: code {code} was played against {code.level} computers; "
            f"these are {level}, as asked, so they may play differently.",
            err=True,
        )
    return level or code.level, code.profile


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
        code = match.code
        click.echo(f"Last deal: {code}  (replay it with: doudizhu replay {code})")


def run_play(
    *,
    deals: int,
    level: str | None,
    rules: str | None,
    code: str | None,
    ascii: bool,
    pace: float | None,
    resume: bool | None = None,
) -> None:
    """Check the options of ``doudizhu play``, offer an unfinished session, and run one.

    ``level`` and ``rules`` are None when not given: a code's own (or the defaults).
    """
    from ..match import MatchConfig

    table = _code(code) if code is not None else None
    level, rules = _settings(table, level, rules)
    config = MatchConfig(
        first_code=table.deal if table is not None else new_code(random.Random()),
        deals=deals,
        level=_level(level),
        rules=_rules(rules, table),
        scored=True,
        opener=table.opener if table is not None else None,
    )
    pace = _pace(pace)
    start = _resumable(config, resume)
    _run(start.match, pace, ascii, save=True, session_id=start.session_id)


def run_replay(
    *, code: str, level: str | None, rules: str | None, ascii: bool, pace: float | None
) -> None:
    """Check the options of ``doudizhu replay CODE`` and replay that deal, unscored.

    The code alone decides the rules, the level and the opener; ``level`` (if given)
    changes the computers, ``rules`` (if given) must agree with the code.
    """
    from ..match import Match, MatchConfig

    table = _code(code)
    level, rules = _settings(table, level, rules)
    config = MatchConfig(
        first_code=table.deal,
        level=_level(level),
        rules=_rules(rules, table),
        scored=False,
        opener=table.opener,
    )
    pace = _pace(pace)
    _run(Match(config), pace, ascii, save=False, session_id=None)
