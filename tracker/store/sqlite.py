"""The campaign log: one SQLite file per campaign, append-only, WAL, durable.

Each command's events go in one transaction, committed (fsync'd: WAL with
``synchronous=FULL``) before success is reported. Appends name the head they
expect, so a second writer is refused instead of interleaved. Snapshots are a
cache of state at a seq; they can always be rebuilt by full replay.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path
from typing import Iterator

import msgspec

from ..core import events as evmod
from ..core.campaign import ENGINE_VERSION
from ..core.errors import Refused
from ..core.events import Envelope, Event
from ..core.state import State

APPLICATION_ID = 0x54524B31  # "TRK1": marks a file as ours
FORMAT_VERSION = 1  # the file layout; bump with a migration

_SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    seq         INTEGER PRIMARY KEY,
    type        TEXT    NOT NULL,
    version     INTEGER NOT NULL,
    data        TEXT    NOT NULL,
    command_id  TEXT    NOT NULL,
    session     INTEGER NOT NULL,
    recorded_at TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS events_command ON events(command_id);
CREATE TABLE IF NOT EXISTS snapshots (
    seq            INTEGER PRIMARY KEY,
    engine_version INTEGER NOT NULL,
    ruleset_hash   TEXT    NOT NULL,
    state          BLOB    NOT NULL
);
"""

_STATE_ENCODER = msgspec.msgpack.Encoder()
_STATE_DECODER = msgspec.msgpack.Decoder(State)


class StoreError(Refused):
    """A campaign file that cannot be opened or written."""


class ConcurrentWrite(StoreError):
    """Another process appended to the log since we last read it."""


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds")


class EventStore:
    """Reads and appends the events of one campaign file."""

    def __init__(self, path: Path, conn: sqlite3.Connection):
        self.path = path
        self.conn = conn

    # -- opening -------------------------------------------------------------

    @classmethod
    def create(cls, path: Path) -> "EventStore":
        if path.exists():
            raise StoreError(f"{path.name}: a campaign with that name already exists")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"cannot create the saves folder {path.parent}: {e.strerror}") from None
        conn = cls._connect(path)
        try:
            conn.executescript(_SCHEMA)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {FORMAT_VERSION}")
        except sqlite3.Error as e:
            conn.close()
            path.unlink(missing_ok=True)
            raise StoreError(f"{path}: cannot create the campaign file: {e}") from None
        return cls(path, conn)

    @classmethod
    def open(cls, path: Path) -> "EventStore":
        if not path.exists():
            raise StoreError(f"no campaign file {path}")
        try:
            with open(path, "rb") as f:
                header = f.read(16)
        except OSError as e:
            raise StoreError(f"{path}: cannot read: {e.strerror}") from None
        if header != b"SQLite format 3\x00":
            raise StoreError(f"{path.name} is not a tracker campaign (not an SQLite file)")
        conn = cls._connect(path)
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            fmt = conn.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.DatabaseError as e:
            conn.close()
            raise StoreError(f"{path.name} is damaged or not a campaign: {e}") from None
        if app_id != APPLICATION_ID:
            conn.close()
            raise StoreError(f"{path.name} is an SQLite file but not a tracker campaign")
        if fmt > FORMAT_VERSION:
            conn.close()
            raise StoreError(f"{path.name} was written by a newer tracker (file format {fmt}, "
                             f"this one reads up to {FORMAT_VERSION}); upgrade tracker")
        return cls(path, conn)

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(path, isolation_level=None, timeout=5.0,
                                   check_same_thread=False)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{path.name} is damaged or not a campaign: {e}") from None
        return conn

    def close(self) -> None:
        self.conn.close()

    # -- reading ---------------------------------------------------------------

    def head(self) -> int:
        return self.conn.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()[0]

    def rows(self, lo: int = 1, hi: int | None = None) -> Iterator[tuple]:
        """Raw rows (seq, type, version, data, command_id, session, recorded_at)."""
        hi = self.head() if hi is None else hi
        cur = self.conn.execute(
            "SELECT seq, type, version, data, command_id, session, recorded_at "
            "FROM events WHERE seq BETWEEN ? AND ? ORDER BY seq", (lo, hi))
        while batch := cur.fetchmany(4096):
            yield from batch

    def read(self, lo: int = 1, hi: int | None = None) -> Iterator[Envelope]:
        decode = evmod.decode
        for seq, type_, version, data, cid, session, at in self.rows(lo, hi):
            try:
                ev = decode(type_, version, data)
            except (msgspec.DecodeError, msgspec.ValidationError, Refused) as e:
                raise StoreError(f"{self.path.name}: event {seq} ({type_}) cannot be read: {e}") from None
            yield Envelope(seq, type_, version, ev, cid, session, at)

    def command_seqs(self, command_id: str) -> list[int]:
        return [r[0] for r in self.conn.execute(
            "SELECT seq FROM events WHERE command_id = ? ORDER BY seq", (command_id,))]

    # -- writing ---------------------------------------------------------------

    def append(self, expected_head: int, command_id: str, session: int,
               events: list[Event]) -> list[Envelope]:
        """Append one command's events atomically, if nobody else wrote first."""
        at = _now()
        envs = []
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            raise ConcurrentWrite(f"{self.path.name} is busy in another process ({e}); "
                                  "nothing was recorded, try again") from None
        try:
            head = self.head()
            if head != expected_head:
                raise ConcurrentWrite(
                    f"{self.path.name} was changed by another process (log at {head}, "
                    f"expected {expected_head}); nothing was recorded, reopen the campaign")
            rows = []
            for i, ev in enumerate(events, start=head + 1):
                rows.append((i, ev.TYPE, ev.VERSION, evmod.encode(ev).decode(),
                             command_id, session, at))
                envs.append(Envelope(i, ev.TYPE, ev.VERSION, ev, command_id, session, at))
            self.conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            self.conn.execute("COMMIT")
        except ConcurrentWrite:
            self.conn.execute("ROLLBACK")
            raise
        except sqlite3.Error as e:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise StoreError(f"could not save to {self.path.name}: {e}; "
                             "nothing was recorded and the log is intact") from None
        return envs

    def append_rows(self, rows: list[tuple]) -> None:
        """Write already-validated raw rows in one transaction (import)."""
        try:
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            self.conn.execute("COMMIT")
        except sqlite3.Error as e:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise StoreError(f"could not write {self.path.name}: {e}") from None

    # -- snapshots ---------------------------------------------------------------

    def save_snapshot(self, seq: int, state: State) -> None:
        """Cache a state; failure only costs speed, never data."""
        blob = _STATE_ENCODER.encode(state)
        try:
            self.conn.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?, ?)",
                              (seq, ENGINE_VERSION, state.ruleset.hash, blob))
        except sqlite3.Error:
            pass

    def nearest_snapshot(self, seq: int) -> tuple[int, State] | None:
        row = self.conn.execute(
            "SELECT seq, ruleset_hash, state FROM snapshots WHERE seq <= ? "
            "AND engine_version = ? ORDER BY seq DESC LIMIT 1", (seq, ENGINE_VERSION)).fetchone()
        if row is None:
            return None
        try:
            state = _STATE_DECODER.decode(row[2])
        except (msgspec.DecodeError, msgspec.ValidationError):
            return None  # a stale or damaged cache: replay instead
        if state.ruleset.hash != row[1]:
            return None
        return row[0], state

    def last_snapshot_seq(self) -> int:
        return self.conn.execute("SELECT COALESCE(MAX(seq), 0) FROM snapshots").fetchone()[0]

    def drop_snapshots(self) -> None:
        self.conn.execute("DELETE FROM snapshots")
