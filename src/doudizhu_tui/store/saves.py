"""The saved session: written after every action, restored exactly on resume.

The save file (``session.json`` in :func:`~doudizhu_tui.store.data_dir`) holds
the match's record (:meth:`Match.to_record`: first code, length, level, rules and
every action so far) inside a small envelope with a format tag, a version, the
session's id, the time of saving and the full rule profile.  Restoring replays
the saved actions through the core, so the position is exact, mid-deal included.

Writing is atomic: the new text goes to a temporary file in the same folder, is
flushed and fsync'ed, and then renamed over the old file, so a crash at any
moment leaves either the old save or the new one, never half of one.  Disk
errors never reach the game: :meth:`SaveSlot.save` returns False and
:attr:`SaveSlot.last_error` says what went wrong, in words that stay the same
while the problem lasts (the data folder's problem when it has one, else the
error and the save's own path, never the random temporary name), so that it is
shown once.  :meth:`SaveSlot.problem` says beforehand why the folder cannot be
used.

A save that cannot be read (not JSON, a foreign or newer format, an action the
core refuses) is never fatal: :meth:`SaveSlot.load` renames it to
``session.damaged-<time>.json`` beside it and returns a ``DAMAGED`` result whose
message says so; the caller starts afresh.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from typing import Any

from ..core import RuleProfile, Seat
from ..match import Match
from .codec import profile_to_dict, resolve_profile
from .paths import data_dir, data_dir_problem, shown_path

__all__ = [
    "SAVE_FORMAT",
    "SAVE_NAME",
    "SAVE_VERSION",
    "AutoSave",
    "LoadResult",
    "LoadStatus",
    "SaveSlot",
    "attach",
    "new_session_id",
    "restore",
]

#: The save file's name in the data directory.
SAVE_NAME = "session.json"
#: The tag that marks a doudizhu-tui save file.
SAVE_FORMAT = "doudizhu-tui/session"
#: The version of the envelope this program writes and reads.
SAVE_VERSION = 1
#: Temporary files older than this (seconds) are left-overs of a crash and are removed.
_STALE_TEMP_SECONDS = 60.0


def new_session_id() -> str:
    """A fresh id for a session (it ties the session's deals together in the history)."""
    return uuid.uuid4().hex


class LoadStatus(Enum):
    """What :meth:`SaveSlot.load` found."""

    #: No saved session (or one that had already ended).
    NONE = "none"
    #: An unfinished session, restored.
    OK = "ok"
    #: A file that could not be restored; it has been kept aside.
    DAMAGED = "damaged"


@dataclass(frozen=True, slots=True)
class LoadResult:
    """The outcome of :meth:`SaveSlot.load`."""

    status: LoadStatus
    #: The restored match (status OK only).
    match: Match | None = None
    #: The session's id as saved (status OK only); pass it on to :func:`attach`.
    session_id: str | None = None
    saved_at: datetime | None = None
    #: For DAMAGED: what was wrong, where the file went, and that a new session starts.
    message: str = ""
    #: For DAMAGED: where the unreadable file was moved (None if it could not be moved).
    kept_as: Path | None = None

    @property
    def ok(self) -> bool:
        """True when an unfinished session was restored."""
        return self.status is LoadStatus.OK

    @property
    def damaged(self) -> bool:
        """True when the save could not be restored (see :attr:`message`)."""
        return self.status is LoadStatus.DAMAGED

    @property
    def summary(self) -> str:
        """One line for the resume prompt, e.g. ``deal 3 of 6, level normal, you +40, ...``."""
        match = self.match
        if match is None:
            return ""
        parts = []
        session = match.session
        if session is not None:
            parts.append(f"deal {session.deal_number} of {session.length}")
        parts.append(f"level {match.config.level}")
        parts.append(f"rules {match.config.rules.name}")
        if session is not None:
            parts.append(f"you {session.totals[Seat.YOU]:+d}")
        if self.saved_at is not None:
            parts.append(f"saved {self.saved_at.astimezone():%Y-%m-%d %H:%M}")
        return ", ".join(parts)


class _Unreadable(Exception):
    """The save file's content cannot be restored (the message says why)."""


class SaveSlot:
    """The one saved session, at ``path`` (``data_dir()/session.json`` by default)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_dir() / SAVE_NAME
        #: What went wrong with the last save or clear, or None if it worked.
        self.last_error: str | None = None

    def exists(self) -> bool:
        """True if there is a save file (readable or not)."""
        return self.path.is_file()

    def problem(self) -> str | None:
        """Why the save's folder cannot be used, in one line, or None.

        For example ``DOUDIZHU_HOME (/x/y) is a file, not a folder`` or
        ``DOUDIZHU_HOME (/x/y) is not writable``; see
        :func:`~doudizhu_tui.store.paths.data_dir_problem`.
        """
        return data_dir_problem(self.path.parent)

    def _disk_reason(self, exc: BaseException) -> str:
        """A disk error in stable words: the folder's problem, or the error and the
        save's path (an error names the random temporary file otherwise)."""
        if isinstance(exc, OSError):
            problem = self.problem()
            if problem is not None:
                return problem
            return f"{exc.strerror or type(exc).__name__}: {shown_path(self.path)}"
        return " ".join((str(exc) or type(exc).__name__).split())

    # ----- writing ---------------------------------------------------------------------

    def save(self, match: Match, session_id: str | None = None) -> bool:
        """Write the match atomically; False (and :attr:`last_error`) on a disk error."""
        envelope = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "session_id": session_id,
            "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "profile": profile_to_dict(match.config.rules),
            "match": match.to_record(),
        }
        try:
            text = json.dumps(envelope, separators=(",", ":"))
            _write_atomic(self.path, text)
        except (OSError, ValueError, TypeError) as exc:
            self.last_error = f"the session is not being saved: {self._disk_reason(exc)}"
            return False
        self.last_error = None
        return True

    def clear(self) -> bool:
        """Remove the save (the session ended or the player chose a fresh start)."""
        try:
            self.path.unlink()
        except (FileNotFoundError, NotADirectoryError):
            pass  # nothing saved there: nothing to remove
        except OSError as exc:
            reason = self._disk_reason(exc)
            self.last_error = f"the saved session could not be removed: {reason}"
            return False
        self.last_error = None
        return True

    # ----- reading ---------------------------------------------------------------------

    def load(self) -> LoadResult:
        """Restore the saved session; never raises for a bad file (see the module notes)."""
        self._remove_stale_temps()
        try:
            if not self.path.exists():
                return LoadResult(LoadStatus.NONE)
            session_id, saved_at, match = self._read()
        except _Unreadable as exc:
            return self._keep_aside(str(exc))
        except OSError as exc:
            problem = data_dir_problem(self.path.parent, write=False)
            if problem is not None:  # nothing to keep aside: the folder itself is the trouble
                message = f"The saved session could not be read: {problem}; a new session starts."
                return LoadResult(LoadStatus.DAMAGED, message=message)
            return self._keep_aside(f"it cannot be read ({_reason(exc)})")
        if match.finished:
            self.clear()
            return LoadResult(LoadStatus.NONE)
        return LoadResult(LoadStatus.OK, match, session_id, saved_at)

    def _read(self) -> tuple[str | None, datetime | None, Match]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise _Unreadable(f"it cannot be read ({_reason(exc)})") from None
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise _Unreadable(f"it is not valid JSON ({exc})") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise _Unreadable("it is not a doudizhu-tui saved session")
        version = data.get("version")
        if version != SAVE_VERSION:
            raise _Unreadable(
                f"it has save version {version!r}, and this program reads version {SAVE_VERSION}"
            )
        record = data.get("match")
        profile = data.get("profile")
        if not isinstance(record, dict) or not isinstance(profile, dict | None):
            raise _Unreadable("its match record is missing")
        session_id = data.get("session_id")
        try:
            saved_at = datetime.fromisoformat(str(data.get("saved_at")))
        except ValueError:
            saved_at = None

        def rules(name: str) -> RuleProfile:
            return resolve_profile(name, profile)

        try:
            match = restore(record, rules)
        except Exception as exc:  # any failure to rebuild means the save is unusable
            raise _Unreadable(_reason(exc)) from None
        return (str(session_id) if session_id else None), saved_at, match

    def _keep_aside(self, problem: str) -> LoadResult:
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        target = self.path.with_name(f"{self.path.stem}.damaged-{stamp}{self.path.suffix}")
        n = 1
        while target.exists():
            target = self.path.with_name(f"{self.path.stem}.damaged-{stamp}-{n}{self.path.suffix}")
            n += 1
        try:
            os.replace(self.path, target)
        except OSError as exc:
            kept: Path | None = None
            where = f"it could not be moved aside ({_reason(exc)}) and stays at {self.path}"
        else:
            kept = target
            where = f"it has been kept as {target}"
        message = (
            f"The saved session could not be restored: {problem}. "
            f"{where[0].upper()}{where[1:]}; a new session starts."
        )
        return LoadResult(LoadStatus.DAMAGED, message=message, kept_as=kept)

    def _remove_stale_temps(self) -> None:
        """Delete temporary files that a crash left behind (old ones only)."""
        folder = self.path.parent
        now = time.time()
        with contextlib.suppress(OSError):
            for tmp in list(folder.glob(f".{self.path.stem}-*.tmp")):
                with contextlib.suppress(OSError):
                    if now - tmp.stat().st_mtime > _STALE_TEMP_SECONDS:
                        tmp.unlink()


def restore(record: dict[str, Any], rules: Callable[[str], RuleProfile] | None = None) -> Match:
    """Rebuild a match from :meth:`Match.to_record`, mid-deal included.

    Replaying the saved actions through the core gives the exact position, and the
    computer seats go on exactly as they would have: the table reseeds a seat's
    generator from the deal code, the seat and the number of actions before every
    decision, so no decision depends on what the seat decided before.

    Raises ValueError (RecordError, IllegalAction, ...) if the record is unusable.
    """
    return Match.from_record(record, rules=rules)


class AutoSave:
    """A match listener that saves after every change and clears the slot at the end.

    Unscored matches (``doudizhu replay CODE``) are never saved.
    """

    def __init__(self, slot: SaveSlot, session_id: str) -> None:
        self.slot = slot
        self.session_id = session_id
        #: How many times the match has been written.
        self.saves = 0

    @property
    def last_error(self) -> str | None:
        """Why the last save failed ("the session is not being saved: ..."), or None."""
        return self.slot.last_error

    def __call__(self, match: Match) -> None:
        if not match.config.scored:
            return
        if match.finished:
            self.slot.clear()
        elif self.slot.save(match, self.session_id):
            self.saves += 1


def attach(match: Match, slot: SaveSlot, session_id: str | None = None) -> AutoSave:
    """Save ``match`` into ``slot`` now and after every change; return the listener.

    Give the ``session_id`` of a restored session (:attr:`LoadResult.session_id`)
    to keep it; a new one is made otherwise.
    """
    saver = AutoSave(slot, session_id or new_session_id())
    match.listeners.append(saver)
    saver(match)
    return saver


def _write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves the old or the new file whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX; a no-op where folders cannot be opened)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        where = f": {exc.filename}" if exc.filename else ""
        return f"{exc.strerror}{where}"
    return str(exc) or type(exc).__name__
