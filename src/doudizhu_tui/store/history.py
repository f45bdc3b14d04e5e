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
    from any thread) and runs its writes in a transaction.  Any SQLite error (a
    locked, damaged or foreign file) is caught: writes return False, reads return
    nothing, and :attr:`HistoryDB.unavailable` holds a :class:`HistoryUnavailable`
    whose message is "history is not being saved: ...".  The next operation tries
    again, so a lock that goes away heals by itself.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager, suppress
from datetime import datetime
from pathlib import Path
from typing import Any

from ..core import DealCode, Game, Phase, Seat, parse_table_code
from ..match import Match
from .paths import data_dir
from .records import (
    COLUMNS,
    DealRow,
    HistoryUnavailable,
    StatsRow,
    deal_row,
    row_values,
    stats_row,
)

__all__ = [
    "HISTORY_NAME",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "DealRow",
    "HistoryDB",
    "HistoryRecorder",
    "HistoryUnavailable",
    "Migration",
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


class HistoryDB:
    """The history database at ``path`` (``data_dir()/history.sqlite3`` by default).

    Nothing here raises for a database problem; see :attr:`unavailable`.
    ``timeout`` is how long (seconds) a write waits for another program's lock.
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
        self._ready = False

    @property
    def available(self) -> bool:
        """False after an operation failed (until one succeeds again)."""
        return self.unavailable is None

    @property
    def version(self) -> int:
        """The schema version this object writes (the number of migration steps)."""
        return len(self.migrations)

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
            for step in self.migrations[found:]:
                step(conn)
            conn.execute("DELETE FROM meta")
            conn.execute("INSERT INTO meta (version) VALUES (?)", (self.version,))

    def _fail(self, exc: BaseException) -> None:
        self.unavailable = HistoryUnavailable(_explain(exc, self.path))
        self._ready = False  # check the schema again next time (the file may have changed)

    def migrate(self) -> bool:
        """Create or upgrade the file now (it is done on first use anyway)."""
        try:
            with self._connect():
                pass
        except (sqlite3.Error, OSError, _TooNew) as exc:
            self._fail(exc)
            return False
        self.unavailable = None
        return True

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
        try:
            with self._connect() as conn, _transaction(conn):
                conn.execute(
                    f"INSERT OR IGNORE INTO deals ({COLUMNS.removeprefix('id, ')}) "
                    f"VALUES ({placeholders})",
                    values,
                )
        except (sqlite3.Error, OSError, _TooNew) as exc:
            self._fail(exc)
            return False
        self.unavailable = None
        return True

    # ----- reading ---------------------------------------------------------------------

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[DealRow]:
        if not self.path.exists():
            self.unavailable = None
            return []
        try:
            with self._connect() as conn:
                rows = conn.execute(sql, params).fetchall()
            out = [deal_row(r) for r in rows]
        except (sqlite3.Error, OSError, _TooNew, ValueError, TypeError, KeyError) as exc:
            self._fail(exc)
            return []
        self.unavailable = None
        return out

    def recent(self, n: int = 20) -> list[DealRow]:
        """The last ``n`` deals recorded, newest first."""
        return self._query(f"SELECT {COLUMNS} FROM deals ORDER BY id DESC LIMIT ?", (n,))

    def get(self, code: str | DealCode) -> DealRow | None:
        """The latest deal with this code (typed in any form, bare or with its rules and
        level), or None.

        Raises :class:`~doudizhu_tui.core.DealCodeError` if ``code`` is mistyped.
        """
        text = str(code if isinstance(code, DealCode) else parse_table_code(code).deal)
        rows = self._query(
            f"SELECT {COLUMNS} FROM deals WHERE code = ? ORDER BY id DESC LIMIT 1", (text,)
        )
        return rows[0] if rows else None

    def get_id(self, deal_id: int) -> DealRow | None:
        """The deal with this row number, or None."""
        rows = self._query(f"SELECT {COLUMNS} FROM deals WHERE id = ?", (deal_id,))
        return rows[0] if rows else None

    def count(self) -> int:
        """How many deals are recorded (0 if the history is unavailable)."""
        if not self.path.exists():
            return 0
        try:
            with self._connect() as conn:
                (n,) = conn.execute("SELECT COUNT(*) FROM deals").fetchone()
        except (sqlite3.Error, OSError, _TooNew) as exc:
            self._fail(exc)
            return 0
        self.unavailable = None
        return int(n)

    def stats(self) -> list[StatsRow]:
        """Figures per level and role, plus an ``all`` row per level; sorted by level."""
        if not self.path.exists():
            self.unavailable = None
            return []
        sql = (
            "SELECT level, role, won, your_points, code, bombs, rockets, spring, reverse_spring"
            " FROM deals ORDER BY id"
        )
        try:
            with self._connect() as conn:
                rows = conn.execute(sql).fetchall()
        except (sqlite3.Error, OSError, _TooNew) as exc:
            self._fail(exc)
            return []
        self.unavailable = None
        groups: dict[tuple[str, str], list[tuple[Any, ...]]] = {}
        for row in rows:
            level, role = str(row[0]), str(row[1])
            groups.setdefault((level, role), []).append(row)
            groups.setdefault((level, "all"), []).append(row)
        order = {"landlord": 0, "peasant": 1, "all": 2}
        keys = sorted(groups, key=lambda k: (k[0], order.get(k[1], 3), k[1]))
        return [stats_row(level, role, groups[level, role]) for level, role in keys]


class _TooNew(Exception):
    """The file was written by a newer program."""


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


def _explain(exc: BaseException, path: Path) -> str:
    text = str(exc) or type(exc).__name__
    if isinstance(exc, _TooNew):
        return text
    if isinstance(exc, sqlite3.OperationalError) and "locked" in text:
        return f"{path.name} is locked by another program ({text})"
    if isinstance(exc, sqlite3.DatabaseError) and (
        "not a database" in text or "malformed" in text or "corrupt" in text
    ):
        return f"{path} is damaged or not a history database ({text}); move it away to start anew"
    if isinstance(exc, OSError):
        return f"{path} cannot be used ({exc.strerror or text})"
    return f"{path.name}: {text}"


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
