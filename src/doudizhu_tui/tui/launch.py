"""Running the app for a session, with saving and the history wired in.

The command line (:mod:`doudizhu_tui.cli.launch`) checks what the person typed
and decides which match to play; :func:`run_app` runs it.  A scored match is
saved after every action and each of its deals is recorded in the history (so
is every new session started from the session summary); saving and history
problems never stop a game, each is shown once as a notice.  Textual is
imported only here, once the app is about to run, so that errors (and
``--help``) stay quick.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..match import Match
    from ..store import Keeper
    from .app import DouDizhuApp

__all__ = ["build_app", "run_app"]


def build_app(
    match: Match,
    *,
    pace: float | None,
    ascii: bool,
    save: bool,
    session_id: str | None = None,
    notices: Sequence[str] = (),
) -> DouDizhuApp:
    """The app that :func:`run_app` runs (the tests drive it with ``run_test``).

    See :func:`run_app` for the arguments.
    """
    from .app import DEFAULT_PACE, create_app

    keepers: list[Keeper] = []
    shown: set[str] = set()

    def keep_match(new: Match, sid: str | None = None) -> None:
        if save:
            from ..store import HistoryDB, SaveSlot, keep

            keepers.append(keep(new, slot=SaveSlot(), db=HistoryDB(), session_id=sid))

    def report_problems(_: Match) -> None:
        # Saving and history never stop a game: say once what is not being kept (each
        # problem's line stays the same while it lasts, so this warns once per problem).
        for problem in keepers[-1].problems() if keepers else ():
            if problem not in shown:
                shown.add(problem)
                app.notify(problem, severity="warning", timeout=8)

    keep_match(match, session_id)
    app = create_app(
        match=match,
        pace=DEFAULT_PACE if pace is None else pace,
        ascii=True if ascii else None,
        on_change=report_problems,
        on_new_match=keep_match,
        notices=notices,
    )
    return app


def run_app(
    match: Match,
    *,
    pace: float | None,
    ascii: bool,
    save: bool,
    session_id: str | None = None,
    notices: Sequence[str] = (),
) -> Match:
    """Run the app on ``match`` until it quits, and return the match as it was left
    (a new session's, when one was started from the summary).

    ``save``: save the match after every action and record its deals in the
    history, under ``session_id`` (None: a new session).  ``pace`` is the pause
    per computer move in seconds (None: the app's default); ``ascii`` draws
    cards without suit symbols (False: only when the terminal is not UTF-8).
    ``notices`` (e.g. what was said about the saved session before the app
    started) are shown in the app once it is up, one notification each.
    """
    app = build_app(
        match, pace=pace, ascii=ascii, save=save, session_id=session_id, notices=notices
    )
    app.run()
    return app.match
