"""What the program keeps between runs: the saved session and the history of deals.

Both live in :func:`data_dir` (``$DOUDIZHU_HOME`` or the platform's user data
directory).  Neither ever stops a game: a disk or database problem is reported
as a message (:meth:`Keeper.problems`) and the game goes on.

The app's side of it, in three calls::

    slot = SaveSlot()
    result = slot.load()              # LoadResult: NONE, OK (result.match) or DAMAGED
    ...                               # prompt to resume when result.ok; show result.message
    keeper = keep(match, slot=slot, db=HistoryDB(), session_id=result.session_id)
    ...                               # every action is now saved, every settled deal recorded
    keeper.problems()                 # lines for the status bar, empty when all is well

What the command line needs besides: :func:`data_dir_problem` (why the data
folder cannot be used, in one line), :meth:`SaveSlot.problem` and
:meth:`HistoryDB.problem` (the same for their folder), :meth:`HistoryDB.notices`
(a damaged history kept aside, damaged rows passed over) and :data:`MAX_RECENT`
(the most deals :meth:`HistoryDB.recent` lists).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..match import Match
from .history import (
    HISTORY_NAME,
    MAX_RECENT,
    MIGRATIONS,
    SCHEMA_VERSION,
    DamagedRow,
    DealRow,
    HistoryDB,
    HistoryRecorder,
    HistoryUnavailable,
    StatsRow,
    attach_history,
)
from .paths import HOME_ENV, data_dir, data_dir_problem
from .saves import (
    SAVE_NAME,
    AutoSave,
    LoadResult,
    LoadStatus,
    SaveSlot,
    attach,
    new_session_id,
)

__all__ = [
    "HISTORY_NAME",
    "HOME_ENV",
    "MAX_RECENT",
    "MIGRATIONS",
    "SAVE_NAME",
    "SCHEMA_VERSION",
    "AutoSave",
    "DamagedRow",
    "DealRow",
    "HistoryDB",
    "HistoryRecorder",
    "HistoryUnavailable",
    "Keeper",
    "LoadResult",
    "LoadStatus",
    "SaveSlot",
    "StatsRow",
    "attach",
    "attach_history",
    "data_dir",
    "data_dir_problem",
    "keep",
    "new_session_id",
]


@dataclass(frozen=True, slots=True)
class Keeper:
    """The listeners that keep one match: its save and its history."""

    session_id: str
    autosave: AutoSave | None
    recorder: HistoryRecorder | None

    def problems(self) -> list[str]:
        """What is not being kept right now, and what was done about a damaged history
        (kept aside, a new one started), one line each; empty when all is well.

        Each line stays the same for as long as its problem lasts, so a caller that
        shows every new line once warns once per problem.
        """
        out = []
        if self.autosave is not None and self.autosave.last_error:
            out.append(self.autosave.last_error)
        if self.recorder is not None:
            if self.recorder.notice:
                out.append(self.recorder.notice)
            if self.recorder.last_error:
                out.append(self.recorder.last_error)
        return out


def keep(
    match: Match,
    *,
    slot: SaveSlot | None = None,
    db: HistoryDB | None = None,
    session_id: str | None = None,
) -> Keeper:
    """Save ``match`` after every change and record each settled deal.

    Either part may be left out (None).  Give the :attr:`LoadResult.session_id` of a
    resumed session; a new id is made otherwise.  The history listener goes first,
    so that a deal is recorded before the save that finishes it is written.
    Unscored matches (single-deal replays) are neither saved nor recorded.
    """
    sid = session_id or new_session_id()
    recorder = attach_history(match, db, sid) if db is not None else None
    autosave = attach(match, slot, sid) if slot is not None else None
    return Keeper(sid, autosave, recorder)
