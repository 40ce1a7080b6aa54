"""The campaign log: one SQLite file per campaign, append-only, WAL, durable.

Each command's events go in one transaction, committed (fsync'd: WAL with
``synchronous=FULL``) before success is reported. Appends name the head they
expect, so a second writer is refused instead of interleaved. Snapshots are a
cache of state at a seq; they can always be rebuilt by full replay.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import shlex
import sqlite3
import time
from pathlib import Path
from typing import Iterator, Mapping, Sequence

import msgspec

from .. import atomic
from ..core import events as evmod
from ..core.campaign import ENGINE_VERSION
from ..core.errors import Refused, WrittenByNewer
from ..core.ruleset import RULESET_SCHEMA, LoadedRuleset
from ..core.events import Envelope, Event
from ..core.limits import friendly
from ..core.state import KEPT_WORDING, State
from ..core.timeline import undecoded
from ..i18n import _

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



# A snapshot's state without its ruleset, its corrections in force and its
# redo stack, which are written apart (see ``Snapshot``); the same fields as
# ``State`` otherwise.
_APART = ("ruleset", "corrections", "redo")
_KEPT = tuple(f.name for f in msgspec.structs.fields(State) if f.name not in _APART)
BareState = msgspec.defstruct(
    "BareState", [(f.name, f.type) for f in msgspec.structs.fields(State)
                  if f.name not in _APART],
    module=__name__, kw_only=True, frozen=True, gc=False, array_like=True)


class Snapshot(msgspec.Struct, array_like=True):
    """A cached state and the entry it follows (seq and that entry's command id).

    The state's ruleset, its corrections in force and its redo stack are
    written apart from the rest of it, each as its own msgpack bytes (issue
    22, benchmark 6): nearly every snapshot of a campaign holds the very same
    ruleset (44 kB, 90% of a snapshot, and half of an open's work when
    decoded), so equal ruleset bytes are decoded once per store
    (``EventStore._ruleset``); 1,000 corrections or 1,000 undos in a row cost
    more to decode than the rest of an open, and an open needs neither, so
    they are decoded only when something reads them
    (``core.timeline.undecoded``), and equal bytes give the same object.
    ``first_corrected`` and ``last_corrected`` are the earliest and latest
    entry the corrections correct (0 when none)."""

    seq: int
    command_id: str
    state: BareState
    ruleset: bytes
    corrections: bytes
    first_corrected: int
    last_corrected: int
    redo: bytes


_SNAPSHOT_ENCODER = msgspec.msgpack.Encoder()
_SNAPSHOT_DECODER = msgspec.msgpack.Decoder(Snapshot)
_RULESET_DECODER = msgspec.msgpack.Decoder(LoadedRuleset)


@functools.cache
def snapshot_engine() -> int:
    """What a snapshot's ``engine_version`` must be for this tracker to trust
    it: the engine version, the ruleset schema, the shape of the state (a
    hash of its msgspec schema) and the wording of the messages it keeps, so a
    snapshot written by any other engine, older or newer, before a field was
    added or a kept message renamed, is passed over and rebuilt."""
    # the ruleset and the corrections are bytes in it: their shapes count too
    shape = msgspec.json.encode(msgspec.json.schema(tuple[Snapshot, LoadedRuleset, State]))
    if KEPT_WORDING > 1:  # 1 (before it counted): the hash as it was
        shape += b"kept wording %d" % KEPT_WORDING
    digest = int.from_bytes(hashlib.sha256(shape).digest()[:3], "big")
    return (ENGINE_VERSION * 1000 + RULESET_SCHEMA) * (1 << 24) + digest  # cached: 30 ms


class StoreError(Refused):
    """A campaign file that cannot be opened or written."""


class Damaged(StoreError):
    """A campaign file with entries that cannot be read; those before are good."""

    def __init__(self, message: str, last_good: int, short: str = ""):
        super().__init__(message)
        self.last_good = last_good
        self.short = short or message  # without the advice to export


class NewerFile(StoreError, WrittenByNewer):
    """A campaign file a later tracker wrote: refused, never touched."""


class ConcurrentWrite(StoreError):
    """Another process appended to the log since we last read it."""


_COLUMNS = "seq, type, version, data, command_id, session, recorded_at"  # ``rows``
_LEAN = "seq, type, version, data, session"  # ``rows(lean=True)``: the log list's
_DECIMAL = re.compile(r"-?[0-9]+")  # an integer as group_concat writes it
_SHARED_EVENTS = 4096  # per type, the most different data ``read`` keeps decoded at once
_PARTIAL = "partial"  # suffix of a campaign file still being built


def _unlink_db(path: Path) -> None:
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal")):
        try:
            p.unlink(missing_ok=True)
        except OSError:
            pass


def _sweep_partial(folder: Path, older_than: float = 3600.0) -> None:
    """Remove files left by a ``new`` or ``import`` that was killed midway."""
    now = time.time()
    for p in folder.glob(f".*.{_PARTIAL}"):
        try:
            if now - p.stat().st_mtime > older_than:
                _unlink_db(p)
        except OSError:
            pass


def _durable(path: Path) -> None:
    """fsync a finished file before it gets its real name."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _link_into_place(tmp: Path, path: Path) -> None:
    """Give ``tmp`` the name ``path``, never replacing a file that has it."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise StoreError(_taken(path)) from None
    except OSError:  # a file system without hard links
        if path.exists():
            raise StoreError(_taken(path)) from None
        os.replace(tmp, path)
    atomic.fsync_dir(path.parent)  # the new name survives a crash too


def _taken(path: Path) -> str:
    return _("{file}: a campaign with that name already exists").format(file=path.name)


def _bytes_at_fault(e: sqlite3.Error) -> bool:
    """Whether SQLite's error is about the file's bytes (damaged), not about
    opening, locking or reading it."""
    name = getattr(e, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or not name


def _connect_checked(path: Path, mode: str) -> sqlite3.Connection:
    """A connection to ``path`` once its header says it is a campaign of ours."""
    try:
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode={mode}", uri=True,
                               isolation_level=None, timeout=5.0, check_same_thread=False)
    except sqlite3.Error as e:
        raise StoreError(_("{file}: cannot open: {reason}").format(file=path.name,
                                                                  reason=e)) from None
    try:
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        fmt = conn.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.DatabaseError as e:
        conn.close()
        if "not a database" in str(e):
            raise StoreError(_("{file} is not a tracker campaign (not an SQLite file)").format(
                file=path.name)) from None
        if not _bytes_at_fault(e):  # cannot open, locked, an I/O error: not the file's bytes
            if not os.access(path.parent, os.W_OK):
                raise StoreError(_("{folder} ({file}: {reason})").format(
                    folder=read_only_folder(path.parent), file=path.name, reason=e)) from None
            raise StoreError(_("{file}: cannot open: {reason}").format(file=path.name,
                                                                      reason=e)) from None
        raise StoreError(_("{file} is damaged or not a campaign: {reason}").format(
            file=path.name, reason=e)) from None
    if app_id != APPLICATION_ID:
        conn.close()
        raise StoreError(_("{file} is an SQLite file but not a tracker campaign").format(
            file=path.name))
    if fmt > FORMAT_VERSION:
        conn.close()
        raise NewerFile(_("{file} was written by a newer tracker (file format {format}, this "
                          "one reads up to {known}): upgrade to open it").format(
            file=path.name, format=fmt, known=FORMAT_VERSION))
    return conn


def _wal_holds_entries(path: Path) -> bool:
    """Whether ``path``'s WAL holds entries not yet copied into the file (looked
    at with stat only: opening the WAL would drop SQLite's locks on it)."""
    try:
        return os.stat(f"{path}-wal").st_size > 0
    except OSError:
        return False


def read_only_folder(folder: Path) -> str:
    """The one line that says a saves folder cannot be written."""
    return _("the saves folder {folder} is read-only: its campaigns can be read and "
             "exported, not changed").format(folder=folder)


def _read_mode(path: Path, readonly: bool, look_only: bool, folder_writable: bool) -> str:
    """How SQLite must open ``path``. Reading a WAL file needs its -shm (the
    WAL's index) and -wal: SQLite makes them beside the file, so in a folder
    that cannot be written a plain read-only open fails ("unable to open
    database file"). There, a file whose WAL holds nothing is read with
    ``immutable=1`` (the file alone, no -shm needed); one whose -wal and -shm
    are both there is read through them; one with entries in its -wal and no
    -shm cannot be read whole, and is refused rather than shown without them."""
    if not readonly:
        return "rw"
    holds = _wal_holds_entries(path)
    if look_only and not os.path.exists(f"{path}-wal"):
        # a listing: with no WAL nobody has the file open, and an immutable
        # read makes no -wal or -shm of its own
        return "ro&immutable=1"
    if folder_writable:
        return "ro"  # SQLite makes the -shm it needs
    if not holds:
        return "ro&immutable=1"
    if os.path.exists(f"{path}-shm"):
        return "ro"
    raise StoreError(_("{folder}; {file}'s last entries are still in {wal}, which SQLite "
                       "cannot read without writing beside it: open it once where the "
                       "folder can be written").format(
        folder=read_only_folder(path.parent), file=path.name, wal=f"{path.name}-wal"))


def _printable(text: str, limit: int = 160) -> str:
    """Text from a damaged file, fit for one line of a message."""
    text = "".join(ch if ch.isprintable() else "?" for ch in text.replace("\ufffd", "?"))
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _now() -> str:
    """The time now, UTC, to the millisecond, as ``datetime.isoformat`` writes
    it ("2026-12-02T14:43:28.123+00:00"); the part up to the second is made
    once a second (a keystroke's append asked datetime for all of it)."""
    global _second
    t = time.time()
    second = int(t)
    was, text = _second
    if second != was:
        text = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second))
        _second = (second, text)
    return f"{text}.{int((t - second) * 1000):03d}+00:00"


_second: tuple[int, str] = (-1, "")  # the second _now last wrote, and its text


# a command's first row, numbered by SQLite itself: the log's end + 1
_APPEND_FIRST = ("INSERT INTO events VALUES ((SELECT COALESCE(MAX(seq), 0) + 1 FROM events), "
                 "?, ?, ?, ?, ?, ?)")


def row(seq: int, ev: Event, command_id: str, session: int, at: str | None = None) -> tuple:
    """An event as a row of the events table."""
    return (seq, ev.TYPE, ev.VERSION, evmod.encode(ev).decode(), command_id, session,
            at or _now())


class EventStore:
    """Reads and appends the events of one campaign file."""

    def __init__(self, path: Path, conn: sqlite3.Connection, readonly: bool = False):
        self.path = path
        self.conn = conn
        self.readonly = readonly
        self.snapshot_in_use = 0  # the newest usable snapshot found so far
        # the ruleset and the corrections of the last snapshot read, and their
        # bytes: a snapshot holding those very bytes shares them (equal bytes,
        # equal value, never changed in place: they cannot go stale)
        self._ruleset: tuple[bytes, LoadedRuleset | None] = (b"", None)
        self._corrections: tuple[bytes, Mapping] = (undecoded.NO_CORRECTIONS, {})
        self._redo: tuple[bytes, Sequence] = (undecoded.NO_REDO, ())

    # -- opening -------------------------------------------------------------

    @classmethod
    def create(cls, path: Path, first: list[tuple] | None = None) -> "EventStore":
        """A new campaign file holding the rows ``first``.

        The file is built under a temporary name and linked into place only
        when complete, so an interrupted ``new`` (a kill, a full disk) never
        leaves a file that blocks the name."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(_("cannot create the saves folder {folder}: {reason}").format(
                folder=path.parent, reason=e.strerror)) from None
        if path.exists():
            raise StoreError(_taken(path))
        if not os.access(path.parent, os.W_OK):
            raise StoreError(_("{folder}; {file} cannot be made there").format(
                folder=read_only_folder(path.parent), file=path.name))
        _sweep_partial(path.parent)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{_PARTIAL}")
        _unlink_db(tmp)
        try:
            conn = sqlite3.connect(tmp, isolation_level=None)
            try:
                conn.executescript(_SCHEMA)
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                conn.execute(f"PRAGMA user_version = {FORMAT_VERSION}")
                if first:
                    conn.execute("BEGIN IMMEDIATE")
                    conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", first)
                    conn.execute("COMMIT")
            finally:
                conn.close()
            _durable(tmp)
            _link_into_place(tmp, path)
        except sqlite3.Error as e:
            raise StoreError(_("{file}: cannot create the campaign file: {reason}").format(
                file=path, reason=e)) from None
        except OSError as e:
            raise StoreError(_("{file}: cannot create the campaign file: {reason}").format(
                file=path, reason=e.strerror)) from None
        finally:
            _unlink_db(tmp)
        return cls.open(path)

    @classmethod
    def open(cls, path: Path, readonly: bool = False, look_only: bool = False) -> "EventStore":
        """Open a campaign file, refusing anything that is not one of ours.

        The file is only ever touched through SQLite: a plain ``open()`` and
        ``close()`` of it would drop every POSIX lock this process holds on
        it, SQLite's included, and let another process delete the WAL under
        a live connection. Where the file or its folder cannot be written the
        campaign opens read-only: it can be read and exported, not played."""
        if not path.exists():
            raise StoreError(_("no campaign file {file}").format(file=path))
        if not path.is_file():
            raise StoreError(_("{file} is not a tracker campaign (not a regular file)").format(
                file=path.name))
        if path.stat().st_size == 0:
            raise StoreError(_("{file} is not a tracker campaign (an empty file)").format(
                file=path.name))
        folder_writable = os.access(path.parent, os.W_OK)
        if not readonly and not (os.access(path, os.W_OK) and folder_writable):
            readonly = True
        readonly = readonly or look_only
        conn = _connect_checked(path, _read_mode(path, readonly, look_only, folder_writable))
        if readonly:
            try:
                conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            except sqlite3.DatabaseError as e:
                conn.close()
                if _bytes_at_fault(e):
                    raise StoreError(_("{file} is damaged: {reason}; it cannot be opened")
                                     .format(file=path.name, reason=e)) from None
                if _wal_holds_entries(path):  # the file alone would lack its last entries
                    raise StoreError(_("{file}: cannot open: {reason}").format(
                        file=path.name, reason=e)) from None
                # a -shm we may not write, and no WAL to read: the file is the whole log
                conn = _connect_checked(path, "ro&immutable=1")
        try:  # only now that the file is known to be ours may anything be set on it
            if not readonly:
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("CREATE TABLE IF NOT EXISTS snapshots (seq INTEGER PRIMARY KEY, "
                             "engine_version INTEGER NOT NULL, ruleset_hash TEXT NOT NULL, "
                             "state BLOB NOT NULL)")  # a cache: lost, it is rebuilt
            conn.execute("PRAGMA synchronous = FULL")
            tables = {r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.DatabaseError as e:
            conn.close()
            if not _bytes_at_fault(e):  # locked, unreadable: not damaged
                raise StoreError(_("{file}: cannot open: {reason}").format(
                    file=path.name, reason=e)) from None
            raise StoreError(_("{file} is damaged: {reason}; it cannot be opened").format(
                file=path.name, reason=e)) from None
        if "events" not in tables:
            conn.close()
            raise StoreError(_("{file} is damaged: it has no events table, so nothing in it "
                               "can be read").format(file=path.name))
        return cls(path, conn, readonly)

    def close(self) -> None:
        self.conn.close()

    # -- reading ---------------------------------------------------------------

    def head(self) -> int:
        try:
            return self.conn.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()[0]
        except sqlite3.DatabaseError as e:
            raise StoreError(_("{file} is damaged: {reason}; SQLite cannot read its list of "
                               "entries").format(file=self.path.name, reason=e)) from None

    def rows(self, lo: int = 1, hi: int | None = None, lean: bool = False) -> Iterator[tuple]:
        """Raw rows (seq, type, version, data, command_id, session, recorded_at),
        in order and without gaps; a row the file cannot give raises Damaged.
        ``lean``: (seq, type, version, data, session), the log list's, whose
        command ids and times recorded come apart (``id_columns``)."""
        for batch in self._batches(lo, hi, _LEAN if lean else _COLUMNS):
            yield from batch

    def of_types(self, types: tuple[str, ...]) -> list[Envelope]:
        """The entries of the given types, in order (a scan of the table: for
        the few entries about entries, asked by a correction, not replay)."""
        rows = self.conn.execute(
            f"SELECT {_COLUMNS} FROM events WHERE type IN ({', '.join('?' * len(types))}) ORDER BY seq", types).fetchall()
        return [Envelope(seq, t, v, self.decoded(seq, t, v, data), cid, session, at)
                for seq, t, v, data, cid, session, at in rows]

    def id_columns(self, lo: int, hi: int) -> tuple[str, int, str, int] | None:
        """The command ids and times recorded of entries ``lo..hi``, each column
        one string of fields of one width, in order: (ids, width, times,
        width). None when their widths differ or the file cannot give them
        (the caller reads them with ``rows`` then). Two strings made by SQLite
        instead of two per row, which were a third of the log list's rows and
        of what each listed entry held (eighth pass)."""
        try:
            widths = self.conn.execute(
                "SELECT length(command_id), length(recorded_at) FROM events WHERE seq = ?",
                (lo,)).fetchone()
            if widths is None:
                return None
            # NOT INDEXED: the table's own scan, in seq order (the order the
            # strings are made in); the widths checked on every row
            got = self.conn.execute(
                "SELECT group_concat(command_id, ''), group_concat(recorded_at, ''), count(*), "
                "total(length(command_id) != ?1 OR length(recorded_at) != ?2 "
                "OR typeof(type) != 'text' OR typeof(data) != 'text') "
                "FROM events NOT INDEXED WHERE seq BETWEEN ?3 AND ?4",
                (*widths, lo, hi)).fetchone()
        except sqlite3.DatabaseError:
            return None
        ids, times, n, odd = got
        id_width, time_width = widths
        if not (n == hi - lo + 1 and not odd and type(ids) is str and type(times) is str
                and id_width and time_width
                and len(ids) == n * id_width and len(times) == n * time_width):
            return None
        return ids, id_width, times, time_width

    def listed_columns(self, lo: int, hi: int) -> tuple | None:
        """The log list's columns of entries ``lo..hi`` in one scan, each one
        string SQLite makes, split: (types, versions, sessions, data), lists
        of strings. None where the file cannot give them so exactly (a type
        or data holding the separator, a value not of its column's kind, a
        gap, an unreadable page): the caller reads the rows (``rows``), which
        name a damaged one. The command ids and times recorded are
        ``id_columns``'.

        A row read as a tuple cost the list about a microsecond of the
        interpreter's for each of its columns, and 100,000 tuples the
        collector a pass (ninth pass); the strings are made by SQLite,
        which does not hold the interpreter, and split in one call each."""
        try:
            # NOT INDEXED: the table's own scan, in seq order (the order the
            # strings are made in); every row checked in the same pass
            got = self.conn.execute(
                "SELECT group_concat(type, ','), group_concat(version, ','), "
                "group_concat(session, ','), group_concat(data, char(0)), count(*), "
                "total(typeof(type) != 'text' OR typeof(data) != 'text') "
                "FROM events NOT INDEXED WHERE seq BETWEEN ?1 AND ?2", (lo, hi)).fetchone()
        except sqlite3.DatabaseError:
            return None
        types, versions, sessions, data, n, odd = got
        if not (n == hi - lo + 1 and n and not odd):
            return None
        # NOT NULL, so a column of more pieces than rows has a value holding the
        # separator; a version or session is an integer or text an integer
        # column would not take (affinity): its few different values checked
        columns = types.split(","), versions.split(","), sessions.split(","), data.split("\0")
        if any(len(c) != n for c in columns) or not all(
                _DECIMAL.fullmatch(v) for v in {*columns[1], *columns[2]}):
            return None
        return columns

    def seqs_of(self, command_ids, last: int) -> list[int] | None:
        """The seqs, 1..``last``, of the entries of ``command_ids`` (by the
        command id's index); None where the file cannot tell."""
        try:
            return [r[0] for r in self.conn.execute(
                "SELECT seq FROM events WHERE command_id IN (SELECT value FROM json_each(?1)) "
                "AND seq BETWEEN 1 AND ?2", (json.dumps(sorted(command_ids)), last))]
        except sqlite3.DatabaseError:
            return None

    def _batches(self, lo: int, hi: int | None, columns: str = "") -> Iterator[list[tuple]]:
        """``rows`` a batch at a time (``read`` decodes a batch in one loop)."""
        columns = columns or _COLUMNS
        hi = self.head() if hi is None else hi
        expected = lo
        while expected <= hi:
            try:
                cur = self.conn.execute(
                    f"SELECT {columns} "
                    "FROM events WHERE seq BETWEEN ? AND ? ORDER BY seq", (expected, hi))
                batch = cur.fetchmany(4096)
            except sqlite3.DatabaseError:
                batch = self._rows_one_by_one(expected, hi, columns)
            if not batch:
                raise self.damaged(_("entry #{seq} is missing").format(seq=expected),
                                   expected - 1)
            if batch[-1][0] != expected + len(batch) - 1:  # a gap somewhere in this batch
                for i, r in enumerate(batch):
                    if r[0] != expected + i:
                        yield batch[:i]
                        raise self.damaged(_("entry #{seq} is missing").format(
                            seq=expected + i), expected + i - 1)
            expected = batch[-1][0] + 1
            yield batch

    def _rows_one_by_one(self, lo: int, hi: int, columns: str = "") -> list[tuple]:
        """The rows from ``lo`` up to the first the file cannot give (which raises)."""
        out = []
        for seq in range(lo, hi + 1):
            try:
                r = self.conn.execute(
                    f"SELECT {columns or _COLUMNS} "
                    "FROM events WHERE seq = ?", (seq,)).fetchone()
            except sqlite3.DatabaseError as e:
                if out:
                    return out  # the caller yields them, then comes back to this one
                raise self.damaged(_("entry #{seq} cannot be read ({reason})").format(
                    seq=seq, reason=e), seq - 1) from None
            if r is None:
                break
            out.append(r)
        return out

    def read(self, lo: int = 1, hi: int | None = None) -> Iterator[Envelope]:
        # replay reads every entry through here: one loop per batch, and each
        # type's decoder looked up once (an old version goes the long way)
        # by type, then version: a (type, version) key cost a tuple and its hash a row.
        # A long log repeats its entries' data (20,000 entries of the bench's
        # campaigns hold 1,130 and 1,756 different ones): within one read, equal
        # data of one type and version is decoded once and its event, immutable,
        # shared (a string's hash and a lookup cost far less than a decode)
        # A run of entries of one type and version (most of a delve's turns) asks
        # for its decoder and decoded events once: the row's type compared with
        # the last one (equal strings, no hash), not looked up by it.
        decoders: dict[str, tuple[int, object, dict]] = {}
        current = evmod.current_decoder
        last_type = last_version = known = seen = object()  # no row's type or version
        for batch in self._batches(lo, hi):
            for seq, type_, version, data, cid, session, at in batch:
                try:
                    if type_ != last_type or version != last_version:
                        known = decoders.get(type_)
                        if known is None or known[0] != version:
                            known = decoders[type_] = (version, current(type_, version), {})
                        last_type, last_version, seen = type_, version, known[2]
                    ev = seen.get(data)  # its keys are str: no other kind of value equals one
                    if ev is None:
                        if type(data) is not str:
                            raise TypeError
                        ev = known[1](data)
                        if len(seen) >= _SHARED_EVENTS:  # a log of ever new data: stay small
                            seen.clear()
                        seen[data] = ev
                except Exception:
                    ev = self.decoded(seq, type_, version, data)  # raises, naming the fault
                yield Envelope(seq, type_, version, ev, cid, session, at)

    def decoded(self, seq: int, type_: str, version: int, data: str) -> Event:
        """The event of row ``seq``; Damaged when it cannot be read."""
        try:
            if type(data) is not str or type(version) is not int:
                raise TypeError(_("fields of the wrong kind"))
            return evmod.decode(type_, version, data)
        except TypeError as e:  # a row whose columns hold the wrong kinds of value
            raise self.damaged(_("entry #{seq} has {problem}").format(seq=seq, problem=e),
                               seq - 1) from None
        except (msgspec.DecodeError, msgspec.ValidationError) as e:
            raise self.damaged(_("entry #{seq} ({type}) cannot be read: {problem}").format(
                seq=seq, type=type_, problem=friendly(e)), seq - 1) from None
        except WrittenByNewer as e:  # an event type or version from a newer tracker
            raise NewerFile(_("{file}, entry #{seq}: {problem}").format(
                file=self.path.name, seq=seq, problem=e)) from None
        except Refused as e:
            raise StoreError(_("{file}: entry #{seq} ({type}) cannot be read: {problem}").format(
                file=self.path.name, seq=seq, type=type_, problem=e)) from None

    def damaged(self, what: str, last_good: int | None = None) -> "Damaged":
        name = self.path.name.removesuffix(".campaign")
        short = _("{file} is damaged: {problem}").format(file=self.path.name,
                                                         problem=_printable(what))
        if last_good == 0:
            return Damaged(_("{damage}; not even its first entry can be read").format(
                damage=short), 0, short)
        command = f"`tracker export {shlex.quote(name)} -o FILE`"
        if last_good is None:
            said = _("{damage}. {command} saves what can be read")
        else:
            said = _("{damage}; the last good entry is #{seq}. {command} saves what can be "
                     "read")
        return Damaged(said.format(damage=short, seq=last_good, command=command),
                       last_good or 0, short)

    def command_seqs(self, command_id: str) -> list[int]:
        return [r[0] for r in self.conn.execute(
            "SELECT seq FROM events WHERE command_id = ? ORDER BY seq", (command_id,))]

    # -- writing ---------------------------------------------------------------

    def append(self, expected_head: int, command_id: str, session: int,
               events: list[Event]) -> list[Envelope]:
        """Append one command's events atomically, if nobody else wrote first."""
        self._writable()
        if not events:
            return []
        at = _now()
        data = [evmod.encode(ev).decode() for ev in events]  # before BEGIN: none left open
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            raise ConcurrentWrite(_("{file} is busy in another process ({reason}); nothing "
                                    "was recorded, try again").format(file=self.path.name,
                                                                      reason=e)) from None
        try:
            first = events[0]
            # the head check of optimistic concurrency in the first row's own
            # statement: its seq is the log's end + 1 as SQLite finds it under
            # BEGIN IMMEDIATE (nobody else can write until COMMIT), and the row
            # stands only if that is the entry after the one the command was
            # decided at; otherwise it is rolled back, nothing written. (An
            # INSERT ... SELECT ... WHERE over the same table made SQLite copy
            # the row through a temporary table first: 27k of a commit's 95k
            # instructions, and malloc's brk calls; issue 22, eighth pass.)
            written = self.conn.execute(_APPEND_FIRST, (
                first.TYPE, first.VERSION, data[0], command_id, session, at)).lastrowid
            if written != expected_head + 1:
                raise ConcurrentWrite(
                    _("{file} was changed by another process (log at {head}, expected "
                      "{expected}); nothing was recorded, try again").format(
                        file=self.path.name, head=written - 1, expected=expected_head))
            if len(events) > 1:
                self.conn.executemany(
                    "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(written + i, ev.TYPE, ev.VERSION, data[i], command_id, session, at)
                     for i, ev in enumerate(events) if i])
            self.conn.execute("COMMIT")
        except ConcurrentWrite:
            self.conn.execute("ROLLBACK")
            raise
        except sqlite3.Error as e:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise StoreError(_("could not save to {file}: {reason}; nothing was recorded and "
                               "the log is intact").format(file=self.path.name,
                                                           reason=e)) from None
        return [Envelope(i, ev.TYPE, ev.VERSION, ev, command_id, session, at)
                for i, ev in enumerate(events, start=written)]

    def read_only_reason(self) -> str:
        """Why this file cannot be written here ("" when it can)."""
        if not self.readonly:
            return ""
        if not os.access(self.path.parent, os.W_OK):
            return read_only_folder(self.path.parent)
        return _("{file} is read-only here (the file or the saves folder cannot be written); "
                 "it can be read and exported, not changed").format(file=self.path.name)

    def _writable(self) -> None:
        if self.readonly:
            raise StoreError(self.read_only_reason())

    def append_rows(self, rows: list[tuple]) -> None:
        """Write already-validated raw rows in one transaction (import)."""
        self._writable()
        try:
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            self.conn.execute("COMMIT")
        except sqlite3.Error as e:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise StoreError(_("could not write {file}: {reason}").format(
                file=self.path.name, reason=e)) from None

    # -- snapshots ---------------------------------------------------------------

    def save_snapshot(self, seq: int, state: State) -> str:
        """Cache a state; failure only costs speed, never data. Returns what
        went wrong, or "" when the snapshot was written."""
        if self.readonly:
            return ""
        try:
            (cid,) = self.conn.execute("SELECT command_id FROM events WHERE seq = ?",
                                       (seq,)).fetchone()
            raw, first, last = undecoded.encoded_corrections(state.corrections)
            bare = BareState(**{name: getattr(state, name) for name in _KEPT})
            blob = _SNAPSHOT_ENCODER.encode(Snapshot(
                seq, cid, bare, self._ruleset_bytes(state.ruleset), raw, first, last,
                undecoded.encoded_redo(state.redo)))
            # read back before it is kept: encoding checks no types, and a value the
            # schema does not admit would be passed over on every open, silently
            # (each open a full replay); said here, it is one clear line
            _SNAPSHOT_DECODER.decode(blob)
            self.conn.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?, ?)",
                              (seq, snapshot_engine(), state.ruleset.hash, blob))
        except (sqlite3.Error, msgspec.MsgspecError, OverflowError, TypeError) as e:
            return _("snapshot at #{seq} not written ({reason}); the log is intact, opening "
                     "the campaign just replays more").format(seq=seq, reason=e)
        return ""

    def _ruleset_bytes(self, ruleset: LoadedRuleset) -> bytes:
        raw, known = self._ruleset
        if ruleset is not known:
            raw = _SNAPSHOT_ENCODER.encode(ruleset)
            self._ruleset = (raw, ruleset)
        return raw

    def nearest_snapshot(self, seq: int) -> tuple[int, State] | None:
        """The latest usable snapshot at or before ``seq``. A snapshot is used
        only if it says which entry it follows and that entry is in the log
        (a moved or stale one is passed over: it is only a cache). Only the
        blob of the snapshot tried is read (three were: 110 kB each)."""
        try:
            found = self.conn.execute(
                "SELECT s.seq, s.ruleset_hash, e.command_id FROM snapshots AS s "
                "LEFT JOIN events AS e ON e.seq = s.seq WHERE s.seq <= ? "
                "AND s.engine_version = ? ORDER BY s.seq DESC LIMIT 3",
                (seq, snapshot_engine())).fetchall()
        except sqlite3.DatabaseError:
            return None  # no snapshots table, or a damaged one: replay instead
        for at, ruleset_hash, command_id in found:
            try:
                (blob,) = self.conn.execute("SELECT state FROM snapshots WHERE seq = ?",
                                            (at,)).fetchone()
                snap = _SNAPSHOT_DECODER.decode(blob)
                if snap.seq != at or command_id is None or command_id != snap.command_id:
                    continue
                ruleset = self._ruleset_of(snap.ruleset)
                if ruleset.hash != ruleset_hash:
                    continue
                state = State(ruleset=ruleset, corrections=self._corrections_of(snap),
                              redo=self._redo_of(snap.redo),
                              **msgspec.structs.asdict(snap.state))
            except (msgspec.MsgspecError, TypeError, sqlite3.DatabaseError):
                continue
            self.snapshot_in_use = max(self.snapshot_in_use, at)
            return at, state
        return None

    def _ruleset_of(self, raw: bytes) -> LoadedRuleset:
        """The ruleset these bytes hold: the last one read when they are equal."""
        seen, ruleset = self._ruleset
        if raw != seen or ruleset is None:
            ruleset = _RULESET_DECODER.decode(raw)
            self._ruleset = (raw, ruleset)
        return ruleset

    def _corrections_of(self, snap: Snapshot) -> Mapping:
        """The snapshot's corrections in force, undecoded; the same bytes as
        the last snapshot's give the same mapping, so the correction at the
        tail finds the state before it holding the very corrections in force
        (``fold.refold_corrected``: no comparison)."""
        raw = snap.corrections
        if raw == undecoded.NO_CORRECTIONS:
            return {}
        seen, corrections = self._corrections
        if raw != seen:
            if not 1 <= snap.first_corrected <= snap.last_corrected:
                raise TypeError("corrections without the entries they correct")
            corrections = undecoded.UndecodedCorrections(raw, snap.first_corrected,
                                                         snap.last_corrected)
            self._corrections = (raw, corrections)
        return corrections

    def _redo_of(self, raw: bytes) -> Sequence:
        """The snapshot's redo stack, undecoded (the same bytes: the same one)."""
        if raw == undecoded.NO_REDO:
            return ()
        seen, redo = self._redo
        if raw != seen:
            redo = undecoded.UndecodedRedo(raw)
            self._redo = (raw, redo)
        return redo

    def last_snapshot_seq(self) -> int:
        return self.conn.execute("SELECT COALESCE(MAX(seq), 0) FROM snapshots").fetchone()[0]

    def drop_snapshots(self) -> None:
        self.conn.execute("DELETE FROM snapshots")
