"""The history of finished deals and the statistics drawn from it (SQLite).

Every finished deal is one row of ``deals`` in ``history.sqlite3`` (in
:func:`~doudizhu_tui.store.data_dir`): its code, rule profile, level, your seat
and role, the bids, every event as text, the hands, the multiplier items, the
settlement, and the actions, from which the deal can be rebuilt through the core
(:meth:`DealRow.rebuild`) and replayed or watched step by step.

Schema versions
    ``meta`` holds one row, the schema version.  :data:`MIGRATIONS` lists the
    steps from an empty file: step *n* (index ``n - 1``) takes a version ``n - 1``
    file to version ``n``.  To change the schema, write ``_v2(conn)`` (``ALTER
    TABLE``/``CREATE`` what is new, move the rows over) and append it to
    :data:`MIGRATIONS`; opening an older file then applies the missing steps, all
    in one transaction.  A file written by a newer program is left untouched.

Never in the way of a game
    Each operation opens its own short connection (so the database can be used
    from any thread) and runs its writes in a transaction.  Any SQLite or disk
    error (a locked file, a data folder that is a file or cannot be written) is
    caught: writes return False, reads return nothing, and
    :attr:`HistoryDB.unavailable` holds a :class:`HistoryUnavailable` whose
    message is "history is not being saved: ...".  The next operation tries
    again, so a lock that goes away heals by itself.

Damaged files and rows
    A file that is not a database, is malformed or is another program's
    database is renamed ``history.damaged-<time>.sqlite3`` beside it (as a
    damaged save is) and a new history starts; :attr:`HistoryDB.notice` says
    where the old one was kept.  A row with a value of the wrong type (text
    where a number belongs, NULL, JSON that does not parse) is passed over by
    every read, and :attr:`HistoryDB.skipped` names it and what is wrong.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from ..core import DealCode, Game, Phase, Seat, parse_table_code
from ..match import Match
from ..rulebook import is_profile_name
from .paths import data_dir, data_dir_problem, shown_path
from .records import (
    COLUMNS,
    STATS_COLUMNS,
    DamagedRow,
    DealRow,
    HistoryUnavailable,
    StatsRow,
    deal_row,
    row_values,
    stats_row,
    stats_values,
)
from .records import _shown as _shown_value

__all__ = [
    "HISTORY_NAME",
    "MAX_RECENT",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "DamagedRow",
    "DealRow",
    "HistoryDB",
    "HistoryRecorder",
    "HistoryUnavailable",
    "Migration",
    "ProfileStatsRow",
    "StatsRow",
    "attach_history",
]

#: The database's name in the data directory.
HISTORY_NAME = "history.sqlite3"

Migration = Callable[[sqlite3.Connection], None]


def _v1(conn: sqlite3.Connection) -> None:
    """Version 1: the ``meta`` and ``deals`` tables."""
    conn.execute("CREATE TABLE IF NOT EXISTS meta (version INTEGER NOT NULL)")
    conn.execute(
        """
        CREATE TABLE deals (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            played_at TEXT NOT NULL,          -- ISO 8601, UTC
            session_id TEXT,                  -- ties the deals of one session together
            game_index INTEGER,               -- the game's place in its session (0-based)
            code TEXT NOT NULL,               -- XXXXX-XXXXX
            rules TEXT NOT NULL,              -- profile name
            profile TEXT NOT NULL,            -- JSON: every option of the profile
            level TEXT NOT NULL,
            seat INTEGER NOT NULL,            -- your seat (0 You, 1 Right, 2 Left)
            role TEXT NOT NULL,               -- your role: landlord | peasant
            landlord INTEGER NOT NULL,
            first_bidder INTEGER NOT NULL,
            bid INTEGER NOT NULL,
            multiplier INTEGER NOT NULL,
            value INTEGER NOT NULL,           -- base x bid x multiplier
            your_points INTEGER NOT NULL,
            won INTEGER NOT NULL,
            bombs INTEGER NOT NULL,
            rockets INTEGER NOT NULL,
            spring INTEGER NOT NULL,
            reverse_spring INTEGER NOT NULL,
            scores TEXT NOT NULL,             -- JSON [you, right, left]
            items TEXT NOT NULL,              -- JSON [[label, factor], ...]
            bids TEXT NOT NULL,               -- JSON [[seat, amount], ...]
            plays TEXT NOT NULL,              -- JSON: every event as text
            hands TEXT NOT NULL,              -- JSON card ids: dealt, kitty, left
            actions TEXT NOT NULL,            -- JSON: match.action_to_dict of each action
            UNIQUE (session_id, game_index)
        )
        """
    )
    conn.execute("CREATE INDEX deals_code ON deals (code)")
    conn.execute("CREATE INDEX deals_level_role ON deals (level, role)")


#: The schema steps, oldest first (see the module notes).
MIGRATIONS: tuple[Migration, ...] = (_v1,)
#: The schema version this program writes.
SCHEMA_VERSION = len(MIGRATIONS)
#: The most deals :meth:`HistoryDB.recent` lists at once (the least is 1).
MAX_RECENT = 10_000
#: The largest row number SQLite can hold.
_MAX_ROW_ID = 2**63 - 1
#: How many damaged rows a message lists by number before "and N more".
_LISTED = 3
#: The profile whose figures :meth:`HistoryDB.stats` lists first.
FIRST_PROFILE = "classic"
#: The order of the roles within a level.
_ROLE_ORDER = {"landlord": 0, "peasant": 1, "all": 2}
#: SQLite's result codes for a file that is not a database or is damaged.
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26

T = TypeVar("T")


class HistoryDB:
    """The history database at ``path`` (``data_dir()/history.sqlite3`` by default).

    Nothing here raises for a database problem:

    * a file that cannot be used (locked, a data folder that is a file or cannot
      be written) makes the operation return False or nothing, and
      :attr:`unavailable` says why;
    * a damaged file (not a database, malformed, another program's database) is
      renamed ``history.damaged-<time>.sqlite3`` beside it and a new history
      starts; :attr:`notice` says so and where it was kept;
    * a damaged row is passed over by the reads; :attr:`skipped` lists them and
      :attr:`skipped_message` sums them up in one line.

    :meth:`notices` gives the last two as lines to show.  ``timeout`` is how long
    (seconds) a write waits for another program's lock.
    """

    def __init__(
        self,
        path: Path | None = None,
        *,
        timeout: float = 1.0,
        migrations: Sequence[Migration] = MIGRATIONS,
    ) -> None:
        self.path = path if path is not None else data_dir() / HISTORY_NAME
        self.timeout = timeout
        self.migrations = tuple(migrations)
        #: Set while the database cannot be used; None when the last operation worked.
        self.unavailable: HistoryUnavailable | None = None
        #: Where a damaged file was moved aside (None if none was).
        self.kept_aside: Path | None = None
        #: One line saying that a damaged file was kept aside and where (None if none was).
        self.notice: str | None = None
        #: The damaged rows the last read passed over, oldest first.
        self.skipped: tuple[DamagedRow, ...] = ()
        self._ready = False

    @property
    def available(self) -> bool:
        """False after an operation failed (until one succeeds again)."""
        return self.unavailable is None

    @property
    def version(self) -> int:
        """The schema version this object writes (the number of migration steps)."""
        return len(self.migrations)

    def problem(self) -> str | None:
        """Why the history's folder cannot be used, in one line, or None.

        For example ``DOUDIZHU_HOME (/x/y) is a file, not a folder``; see
        :func:`~doudizhu_tui.store.paths.data_dir_problem`.
        """
        return data_dir_problem(self.path.parent)

    @property
    def skipped_message(self) -> str | None:
        """The damaged rows of the last read in one line, or None if there were none.

        For example ``2 damaged deals were passed over: deal #3: won is NULL, not 0 or
        1; deal #7: scores is not valid JSON``.
        """
        if not self.skipped:
            return None
        n = len(self.skipped)
        head = "1 damaged deal was" if n == 1 else f"{n} damaged deals were"
        listed = "; ".join(str(row) for row in self.skipped[:_LISTED])
        more = f"; and {n - _LISTED} more" if n > _LISTED else ""
        return f"{head} passed over: {listed}{more}"

    def notices(self) -> list[str]:
        """What a command should tell the person besides its result, one line each:
        :attr:`notice` and :attr:`skipped_message` (empty when all is well)."""
        return [line for line in (self.notice, self.skipped_message) if line]

    # ----- connections and schema ------------------------------------------------------

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        with closing(conn):
            if not self._ready:
                self._migrate(conn)
                self._ready = True
            yield conn

    def _migrate(self, conn: sqlite3.Connection) -> None:
        """Bring the file to :attr:`version`, in one transaction."""
        found = _schema_version(conn)
        if found == self.version:
            return
        if found > self.version:
            raise _TooNew(
                f"{self.path.name} has schema version {found}; "
                f"this program knows up to version {self.version}"
            )
        with _transaction(conn):
            found = _schema_version(conn)  # again, now that the file is locked
            if found == 0:
                _check_not_foreign(conn)
            for step in self.migrations[found:]:
                step(conn)
            conn.execute("DELETE FROM meta")
            conn.execute("INSERT INTO meta (version) VALUES (?)", (self.version,))

    def _fail(self, exc: BaseException) -> None:
        self.unavailable = HistoryUnavailable(self._explain(exc))
        self._ready = False  # check the schema again next time (the file may have changed)

    def _explain(self, exc: BaseException) -> str:
        text = " ".join((str(exc) or type(exc).__name__).split())
        if isinstance(exc, _TooNew):
            return text
        if isinstance(exc, sqlite3.OperationalError) and "locked" in text:
            return f"{self.path.name} is locked by another program ({text})"
        if isinstance(exc, OSError | sqlite3.OperationalError):
            problem = self.problem()
            if problem is not None:
                return problem
        if isinstance(exc, OSError):
            return f"{shown_path(self.path)} cannot be used ({exc.strerror or text})"
        return f"{self.path.name}: {text}"

    def _run(self, op: Callable[[sqlite3.Connection], T], default: T, *, create: bool) -> T:
        """``op`` on a connection; ``default`` (and :attr:`unavailable`) if it fails.

        A damaged file is kept aside first; then a write (``create``) goes on in a
        new file and a read finds nothing.  Reads never create the file.
        """
        for _ in range(2):
            if not create and not self.path.exists():
                problem = self.problem()
                self.unavailable = HistoryUnavailable(problem) if problem else None
                return default
            try:
                with self._connect() as conn:
                    result = op(conn)
            except (sqlite3.DatabaseError, _Foreign) as exc:
                if not _is_damage(exc):
                    self._fail(exc)
                    return default
                if not self._keep_aside(exc):
                    return default
                continue
            except (sqlite3.Error, OSError, _TooNew, OverflowError) as exc:
                # OverflowError: a number past SQLite's 64-bit integers (never from a
                # bounded rule profile, but a game is not to be stopped for it)
                self._fail(exc)
                return default
            self.unavailable = None
            return result
        return default  # damaged twice in a row: reported by _keep_aside

    def _keep_aside(self, exc: BaseException) -> bool:
        """Move the damaged file aside; False if it could not be.

        SQLite has already dropped a journal that did not belong to a database.
        """
        self._ready = False
        problem = " ".join((str(exc) or type(exc).__name__).split())
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        stem, suffix = self.path.stem, self.path.suffix
        target = self.path.with_name(f"{stem}.damaged-{stamp}{suffix}")
        n = 1
        while target.exists():
            target = self.path.with_name(f"{stem}.damaged-{stamp}-{n}{suffix}")
            n += 1
        try:
            os.replace(self.path, target)
        except FileNotFoundError:
            return True  # another program moved it first
        except OSError as move:
            reason = move.strerror or type(move).__name__
            self.unavailable = HistoryUnavailable(
                f"{shown_path(self.path)} is damaged ({problem}) and could not be moved "
                f"aside ({reason}); move it away to start anew"
            )
            return False
        self.kept_aside = target
        self.notice = (
            f"The history could not be read: {problem}. "
            f"It has been kept as {shown_path(target)}; a new history starts."
        )
        return True

    def migrate(self) -> bool:
        """Create or upgrade the file now (it is done on first use anyway)."""
        return self._run(lambda conn: True, False, create=True)

    # ----- writing ---------------------------------------------------------------------

    def record_deal(
        self,
        game: Game,
        level: str,
        seat: Seat = Seat.YOU,
        *,
        session_id: str | None = None,
        game_index: int | None = None,
        played_at: datetime | None = None,
    ) -> bool:
        """Record a finished deal; False if the history is unavailable (never raises).

        A deal with the same ``session_id`` and ``game_index`` as one already
        recorded is not recorded twice.  Raises ValueError only for a game that
        has not been settled (a programming error, not a database one).
        """
        values = row_values(game, level, seat, session_id, game_index, played_at)
        placeholders = ", ".join("?" * len(values))
        sql = (
            f"INSERT OR IGNORE INTO deals ({COLUMNS.removeprefix('id, ')}) VALUES ({placeholders})"
        )

        def insert(conn: sqlite3.Connection) -> bool:
            with _transaction(conn):
                conn.execute(sql, values)
            return True

        return self._run(insert, False, create=True)

    # ----- reading ---------------------------------------------------------------------

    def _select(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        self.skipped = ()
        return self._run(lambda conn: conn.execute(sql, params).fetchall(), [], create=False)

    def _deal_rows(self, rows: list[tuple[Any, ...]]) -> list[DealRow]:
        out: list[DealRow] = []
        skipped: list[DamagedRow] = []
        for raw in rows:
            try:
                out.append(deal_row(raw))
            except DamagedRow as exc:
                skipped.append(exc)
        self.skipped = tuple(sorted(skipped, key=lambda d: d.deal_id or 0))
        return out

    def recent(self, n: int = 20) -> list[DealRow]:
        """The last ``n`` deals recorded, newest first; damaged ones are passed over
        (see :attr:`skipped`).

        Raises ValueError, with a one-line message, unless 1 <= n <= :data:`MAX_RECENT`.
        """
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_RECENT:
            raise ValueError(
                f"the number of deals to list must be 1 to {MAX_RECENT}, not {_shown_number(n)}"
            )
        rows = self._select(f"SELECT {COLUMNS} FROM deals ORDER BY id DESC LIMIT ?", (n,))
        return self._deal_rows(rows)

    def get(self, code: str | DealCode) -> DealRow | None:
        """The latest readable deal with this code (typed in any form, bare or with its
        rules and level), or None; damaged ones are passed over (see :attr:`skipped`).

        Raises :class:`~doudizhu_tui.core.DealCodeError` if ``code`` is mistyped.
        """
        text = str(code if isinstance(code, DealCode) else parse_table_code(code).deal)
        rows = self._select(
            f"SELECT {COLUMNS} FROM deals WHERE code = ? ORDER BY id DESC LIMIT ?",
            (text, MAX_RECENT),
        )
        skipped: list[DamagedRow] = []
        found: DealRow | None = None
        for raw in rows:
            try:
                found = deal_row(raw)
            except DamagedRow as exc:
                skipped.append(exc)
            else:
                break
        self.skipped = tuple(reversed(skipped))
        return found

    def get_id(self, deal_id: int) -> DealRow | None:
        """The deal with this row number, or None (also for a damaged row: then
        :attr:`skipped` says what is wrong with it)."""
        if isinstance(deal_id, bool) or not isinstance(deal_id, int):
            return None
        if not 1 <= deal_id <= _MAX_ROW_ID:
            self.skipped = ()
            return None
        rows = self._deal_rows(
            self._select(f"SELECT {COLUMNS} FROM deals WHERE id = ?", (deal_id,))
        )
        return rows[0] if rows else None

    def count(self) -> int:
        """How many deals are recorded, damaged ones included (0 if the history is
        unavailable)."""

        def counted(conn: sqlite3.Connection) -> int:
            (n,) = conn.execute("SELECT COUNT(*) FROM deals").fetchone()
            return int(n)

        return self._run(counted, 0, create=False)

    def stats(self, rules: str | None = None) -> list[ProfileStatsRow]:
        """Figures per rule profile, level and role, plus an ``all`` row per level.

        Scores under different profiles are not comparable, so each profile (by
        name, the ``rules`` column) has rows of its own: classic first, then the
        others by name; within a profile, by level, then landlord, peasant, all.
        ``rules`` keeps only the deals played under the profile of that name (no
        rows when there are none).  Damaged rows are left out of the figures (see
        :attr:`skipped`), a rules value that cannot be a profile's name among them.
        """
        where, params = ("WHERE rules = ?", (rules,)) if rules is not None else ("", ())
        rows = self._select(f"SELECT rules, {STATS_COLUMNS} FROM deals {where} ORDER BY id", params)
        groups: dict[tuple[str, str, str], list[tuple[Any, ...]]] = {}
        skipped: list[DamagedRow] = []
        for raw in rows:
            try:
                row = stats_values(raw[1:])
                name = _profile_name(raw[1], raw[0])
            except DamagedRow as exc:
                skipped.append(exc)
                continue
            level, role = row[0], row[1]
            groups.setdefault((name, level, role), []).append(row)
            groups.setdefault((name, level, "all"), []).append(row)
        self.skipped = tuple(skipped)
        keys = sorted(
            groups,
            key=lambda k: (k[0] != FIRST_PROFILE, k[0], k[1], _ROLE_ORDER.get(k[2], 3), k[2]),
        )
        return [
            ProfileStatsRow.of(name, stats_row(level, role, groups[name, level, role]))
            for name, level, role in keys
        ]


@dataclass(frozen=True, slots=True)
class ProfileStatsRow(StatsRow):
    """The figures for one rule profile, level and role (``role`` is ``all`` for both).

    ``rules`` is the profile's name, as the deals recorded it.
    """

    rules: str = FIRST_PROFILE

    @classmethod
    def of(cls, rules: str, row: StatsRow) -> ProfileStatsRow:
        """``row``'s figures under the profile ``rules``."""
        return cls(**{f.name: getattr(row, f.name) for f in fields(StatsRow)}, rules=rules)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: the profile's name (``rules``), then the figures."""
        return {"rules": self.rules, **StatsRow.to_dict(self)}


def _profile_name(deal_id: int, value: object) -> str:
    """The ``rules`` value of a deal, checked to be a rule profile's name."""
    if isinstance(value, str) and is_profile_name(value):
        return value
    raise DamagedRow(deal_id, f"rules is {_shown_value(value)}, not a rule profile's name")


class _TooNew(Exception):
    """The file was written by a newer program."""


class _Foreign(Exception):
    """The file is a database, but another program's."""


def _is_damage(exc: BaseException) -> bool:
    """True for a file that is not a database, is damaged, is another program's, or
    lacks the history's tables."""
    if isinstance(exc, _Foreign):
        return True
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int) and code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
        return True
    text = str(exc)
    if isinstance(exc, sqlite3.OperationalError) and text.startswith(
        ("no such table", "no such column")
    ):
        return True  # the schema says version 1 but the tables are not the history's
    return "not a database" in text or "malformed" in text


def _shown_number(n: object) -> str:
    if isinstance(n, int) and not isinstance(n, bool) and n.bit_length() > 64:
        return "a number far too large"
    text = repr(n)
    return text if len(text) <= 30 else text[:27] + "..."


def _check_not_foreign(conn: sqlite3.Connection) -> None:
    """Raise _Foreign if a file with no history schema already holds other tables."""
    names = [
        str(name)
        for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')"
            " AND name NOT IN ('meta', 'sqlite_sequence') ORDER BY name"
        )
    ]
    if names:
        shown = ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")
        raise _Foreign(f"it is another program's database (tables: {shown})")


@contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[None]:
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        with suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _schema_version(conn: sqlite3.Connection) -> int:
    has_meta = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
    ).fetchone()
    if not has_meta:
        return 0
    row = conn.execute("SELECT MAX(version) FROM meta").fetchone()
    return int(row[0]) if row and row[0] is not None else 0


class HistoryRecorder:
    """A match listener that records each deal of the session once it is settled.

    Unscored matches and replays of an earlier deal are not recorded.  A deal
    whose recording failed (a locked database) is tried again on the next change.
    """

    def __init__(self, db: HistoryDB, session_id: str | None = None) -> None:
        self.db = db
        self.session_id = session_id
        #: How many deals this recorder has stored.
        self.recorded = 0
        self._done: set[int] = set()
        self._pending: dict[int, Game] = {}

    @property
    def last_error(self) -> str | None:
        """The "history is not being saved: ..." line while the history is unavailable."""
        problem = self.db.unavailable
        return problem.message if problem is not None else None

    @property
    def notice(self) -> str | None:
        """The line saying that a damaged history was kept aside, and where (or None)."""
        return self.db.notice

    def __call__(self, match: Match) -> None:
        if not match.config.scored or match.replaying or match.table is None:
            return
        game = match.table.game
        index = len(match.history) - 1
        if game.phase is Phase.FINISHED and index not in self._done:
            self._pending[index] = game
        for i, pending in sorted(self._pending.items()):
            ok = self.db.record_deal(
                pending, match.config.level, session_id=self.session_id, game_index=i
            )
            if not ok:
                break
            del self._pending[i]
            self._done.add(i)
            self.recorded += 1


def attach_history(match: Match, db: HistoryDB, session_id: str | None = None) -> HistoryRecorder:
    """Record each deal of ``match`` in ``db`` when it is settled; return the listener.

    Pass the session's id (the one the save slot uses) so that a deal is never
    recorded twice, even across a crash and a resume.
    """
    recorder = HistoryRecorder(db, session_id)
    match.listeners.append(recorder)
    recorder(match)
    return recorder
