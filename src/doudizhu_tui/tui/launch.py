"""Running the app for a session, with saving and the history wired in.

The command line (:mod:`doudizhu_tui.cli.launch`) checks what the person typed
and decides which match to play; :func:`run_app` runs it.  A scored match is
saved after every action and each of its deals is recorded in the history;
saving and history problems never stop a game, they are shown once as a notice.
Textual is imported only here, once the app is about to run, so that errors
(and ``--help``) stay quick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..match import Match

__all__ = ["run_app"]


def run_app(
    match: Match,
    *,
    pace: float | None,
    ascii: bool,
    save: bool,
    session_id: str | None = None,
) -> Match:
    """Run the app on ``match`` until it quits, and return the match as it was left.

    ``save``: save the match after every action and record its deals in the
    history, under ``session_id`` (None: a new session).  ``pace`` is the pause
    per computer move in seconds (None: the app's default); ``ascii`` draws
    cards without suit symbols (False: only when the terminal is not UTF-8).
    """
    from .app import DEFAULT_PACE, create_app

    keeper = None
    if save:
        from ..store import HistoryDB, SaveSlot, keep

        keeper = keep(match, slot=SaveSlot(), db=HistoryDB(), session_id=session_id)
    shown: set[str] = set()

    def report_problems(_: Any) -> None:
        # Saving and history never stop a game: say once what is not being kept.
        for problem in keeper.problems() if keeper is not None else ():
            if problem not in shown:
                shown.add(problem)
                app.notify(problem, severity="warning", timeout=8)

    app = create_app(
        match=match,
        pace=DEFAULT_PACE if pace is None else pace,
        ascii=True if ascii else None,
        on_change=report_problems,
    )
    app.run()
    return app.match
