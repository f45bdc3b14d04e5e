"""Starting the app from the command line: ``doudizhu play`` and ``doudizhu replay CODE``.

Everything the person typed is checked here, before any screen is drawn: a bad
option, a mistyped deal code or a computer level that does not load ends the
command with exit status 2 and a one-line message.  An unfinished saved session
is offered before a new one starts.  What is said before the app starts (a damaged
save kept aside, a discarded session, another level than the code's) is printed
on standard error and handed to the app as well, since the full-screen app hides
it.  The app itself is run by :func:`doudizhu_tui.tui.launch.run_app`.
"""

from __future__ import annotations

import math
import random
import sys
import textwrap
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import click

from ..core import (
    DealCodeError,
    RuleProfile,
    Seat,
    TableCode,
    new_code,
    parse_table_code,
)
from ..core.deal import shorten
from .checks import MAX_PACE, check_level
from .errors import fail, notice_line
from .profiles import choose_rules

if TYPE_CHECKING:
    from ..match import Match, MatchConfig
    from ..store import LoadResult

__all__ = ["RESUME_WIDTH", "resume_question", "run_play", "run_replay"]

#: The width the lines printed around the app are kept to (they must read well at 80
#: columns): the resume question and the code of the last deal.
RESUME_WIDTH = 79


class _Notices(list[str]):
    """What is said before the app starts: each line is printed on stderr
    (``doudizhu: ...``) and kept, to be shown again in the app."""

    def __init__(self) -> None:
        super().__init__()
        self.held: list[str] = []

    def say(self, message: str, *, stdout: bool = False) -> None:
        """Print ``message`` as one ``doudizhu:`` line and keep it for the app."""
        click.echo(notice_line(message), err=not stdout)
        self.append(message)

    def hold(self, message: str) -> None:
        """Say ``message`` once every option has been checked (:meth:`say_held`), so
        that a command refused for a bad option prints its error line alone."""
        self.held.append(message)

    def say_held(self) -> None:
        """Say the messages held so far."""
        for message in self.held:
            self.say(message)
        self.held.clear()


def _code_text(code: TableCode) -> str:
    """A code for a one-line message (a custom level can make it long)."""
    return shorten(str(code), 60)


def _code(text: str) -> TableCode:
    if not text.strip():
        fail("the deal code is empty; give one such as 3226B-Q524C, or leave it out")
    try:
        return parse_table_code(text)
    except DealCodeError as exc:
        fail(str(exc))


def _settings(
    code: TableCode | None, level: str | None, rules: str | None, notices: _Notices
) -> tuple[str, RuleProfile]:
    """The level and the rule profile to play: the code's, unless the options say
    otherwise.  The level is checked to load (:func:`~.checks.check_level`).  Other
    rules than the code's are refused (that would be another deal); another level is
    announced and taken (the computers will decide differently).  ``rules`` is a
    profile's name or a house-rule file's path (:func:`~.profiles.choose_rules`)."""
    if rules is not None and not rules.strip():
        fail(
            "--rules is empty; give a rule profile's name such as classic, or a file's path, "
            "or leave it out"
        )
    if level is not None:
        level = check_level(level, "--level")
    chosen = choose_rules(rules, code)
    if chosen.notice is not None:
        notices.hold(chosen.notice)
    if code is None:
        return level or "normal", chosen.profile
    if level is None:
        return check_level(code.level, f"code {_code_text(code)}"), chosen.profile
    if level != code.level:
        notices.hold(
            f"code {_code_text(code)} was played against {shorten(code.level)} computers; "
            f"these are {shorten(level)}, as asked, so they may play differently."
        )
    return level, chosen.profile


def _opener(code: TableCode | None, profile: RuleProfile) -> Seat | None:
    """The code's opener, refused when the profile's table has no such seat (an
    ``across`` opener under a three-player profile)."""
    if code is None or code.opener is None:
        return None
    if code.opener not in profile.seats:
        seats = ", ".join(seat.label.lower() for seat in profile.seats)
        fail(
            f"code {_code_text(code)} has the {code.opener.label.lower()} seat open the "
            f"auction, but the '{shorten(profile.name)}' table has only {seats}"
        )
    return code.opener


def _pace(pace: float | None) -> float | None:
    if pace is not None and not (math.isfinite(pace) and 0 <= pace <= MAX_PACE):
        fail(f"--pace is seconds per computer move, 0 to {MAX_PACE:g}, not {pace:g}")
    return pace


@dataclass(frozen=True, slots=True)
class _Resumable:
    """A match to play and the session id it is saved under (None: a new session)."""

    match: Match
    session_id: str | None
    #: What was said about the saved session (also printed), for the app to show.
    notices: list[str] = field(default_factory=list)


def _described(result: LoadResult) -> str:
    """The saved session in a few words: ``deal 3 of 6, you +40``."""
    match = result.match
    assert match is not None
    session = match.session
    if session is None:
        return "no deal played yet"
    from ..core import Seat

    return f"deal {session.deal_number} of {session.length}, you {session.totals[Seat.YOU]:+d}"


def resume_question(result: LoadResult) -> str:
    """The question that offers the saved session, in lines of at most
    :data:`RESUME_WIDTH` characters (click adds `` [Y/n]: `` to the last)::

        You have an unfinished session, saved 2026-11-30 14:02:
        deal 3 of 6, you +40, against normal computers, classic rules.
        Resume it? (No: a new session starts and this one is discarded.) [Y/n]:
    """
    assert result.match is not None
    config = result.match.config
    saved = (
        "" if result.saved_at is None else f", saved {result.saved_at.astimezone():%Y-%m-%d %H:%M}"
    )
    about = textwrap.fill(
        f"{_described(result)}, against {shorten(config.level, 30)} computers, "
        f"{shorten(config.rules.name, 30)} rules.",
        width=RESUME_WIDTH,
        break_on_hyphens=False,
    )
    return (
        f"You have an unfinished session{saved}:\n{about}\n"
        "Resume it? (No: a new session starts and this one is discarded.)"
    )


def _can_ask() -> bool:
    """True when a question can be put to the person (standard input is a terminal)."""
    return sys.stdin.isatty()


def _resumable(config: MatchConfig, resume: bool | None) -> _Resumable:
    """The saved unfinished session if the person wants it, else a new match from ``config``.

    ``resume`` None asks (the answer Enter gives is yes); with no terminal to ask on,
    that answer is taken.  A session not taken up is discarded, and that is said.
    """
    from ..match import Match
    from ..store import SaveSlot

    notices = _Notices()
    slot = SaveSlot()
    result = slot.load()
    if result.damaged:
        notices.say(result.message)
    if result.ok and result.match is not None:
        if resume is None:
            if _can_ask():
                resume = click.confirm(resume_question(result), default=True)
            else:
                resume = True
                notices.say(
                    f"resuming the unfinished session ({_described(result)}); --new starts afresh"
                )
        if resume:
            return _Resumable(result.match, result.session_id, notices)
        if slot.clear():
            notices.say(
                f"the unfinished session ({_described(result)}) was discarded; a new one starts"
            )
        else:  # the new session's first save replaces it
            notices.say(f"{slot.last_error}; a new session starts")
    elif resume:
        notices.say("there is no unfinished session to resume; a new one starts", stdout=True)
    return _Resumable(Match(config), None, notices)


def _run(
    match: Match,
    pace: float | None,
    ascii: bool,
    save: bool,
    session_id: str | None,
    notices: list[str],
) -> None:
    """Run the app, then print the code of the last deal played.

    ``notices`` (already printed) are handed to the app to show once it is up.
    """
    from ..tui.launch import run_app

    match = run_app(
        match, pace=pace, ascii=ascii, save=save, session_id=session_id, notices=tuple(notices)
    )
    if match.table is not None:
        code = match.code
        line = f"Last deal: {code}  (replay it with: doudizhu replay {code})"
        if len(line) > RESUME_WIDTH:  # a code with its rules and level: two lines
            line = f"Last deal: {code}\nReplay it with: doudizhu replay {code}"
        click.echo(line)


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

    notices = _Notices()
    table = _code(code) if code is not None else None
    level, profile = _settings(table, level, rules, notices)
    config = MatchConfig(
        first_code=table.deal if table is not None else new_code(random.Random()),
        deals=deals,
        level=level,
        rules=profile,
        scored=True,
        opener=_opener(table, profile),
    )
    pace = _pace(pace)
    notices.say_held()
    start = _resumable(config, resume)
    notices.extend(start.notices)
    _run(start.match, pace, ascii, save=True, session_id=start.session_id, notices=notices)


def run_replay(
    *, code: str, level: str | None, rules: str | None, ascii: bool, pace: float | None
) -> None:
    """Check the options of ``doudizhu replay CODE`` and replay that deal, unscored.

    The code alone decides the rules, the level and the opener; ``level`` (if given)
    changes the computers, ``rules`` (if given) must agree with the code.
    """
    from ..match import Match, MatchConfig

    notices = _Notices()
    table = _code(code)
    level, profile = _settings(table, level, rules, notices)
    config = MatchConfig(
        first_code=table.deal,
        level=level,
        rules=profile,
        scored=False,
        opener=_opener(table, profile),
    )
    pace = _pace(pace)
    notices.say_held()
    _run(Match(config), pace, ascii, save=False, session_id=None, notices=notices)
