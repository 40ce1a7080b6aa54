"""JSON Lines export and import of a whole campaign log.

One event per line: ``{"seq", "type", "version", "data", "command_id",
"session", "recorded_at"}``. Import checks every line (and replays the whole
log) before it writes anything, and names the first bad line.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Iterable, TextIO

import msgspec

from ..core import events as evmod
from ..core.engine import Timeline, step
from ..core.dice import roll_problem, rolls_in
from ..core.invariants import problems
from ..core.limits import friendly
from ..core.errors import Refused
from ..core.events import Envelope
from . import paths
from .sqlite import EventStore

_FIELDS = {"seq": int, "type": str, "version": int, "data": dict, "command_id": str,
           "session": int, "recorded_at": str}


def export_lines(store: EventStore) -> Iterable[str]:
    """The log as JSON lines. On a damaged file the good entries come first,
    then ``Damaged`` is raised: the caller keeps what was read."""
    for seq, type_, version, data, cid, session, at in store.rows():
        store.decoded(seq, type_, version, data)  # exported as stored, once known to read
        yield json.dumps({"seq": seq, "type": type_, "version": version,
                          "data": json.loads(data), "command_id": cid,
                          "session": session, "recorded_at": at},
                         ensure_ascii=False, separators=(",", ":"))


MAX_LINE = 8 << 20  # characters: the longest event is a ruleset's text (2 MB at most)


def _lines(f: TextIO, origin: str) -> Iterable[tuple[int, str]]:
    n = 0
    while line := f.readline(MAX_LINE + 1):
        n += 1
        if len(line) > MAX_LINE and not line.endswith("\n"):
            raise Refused(f"{origin}, line {n}: longer than {MAX_LINE:,} characters; "
                          "not an export of ours")
        yield n, line


def read_lines(f: TextIO, origin: str) -> list[tuple]:
    """Validate every line; return rows ready for the store."""
    rows: list[tuple] = []
    envs: list[Envelope] = []
    finished: set[str] = set()  # command ids whose entries are over
    for n, line in _lines(f, origin):
        if not line.strip():
            continue
        where = f"{origin}, line {n}"
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise Refused(f"{where}: not JSON ({e.msg} at column {e.colno})") from None
        except (ValueError, RecursionError) as e:  # 5,000-digit numbers, deep nesting
            why = "nested too deeply" if isinstance(e, RecursionError) else str(e).split(";")[0]
            raise Refused(f"{where}: not an event ({why})") from None
        if not isinstance(obj, dict):
            raise Refused(f"{where}: expected a JSON object")
        for key, typ in _FIELDS.items():
            if key not in obj:
                raise Refused(f"{where}: missing {key!r}")
            if not isinstance(obj[key], typ) or (typ is int and isinstance(obj[key], bool)):
                raise Refused(f"{where}: {key!r} should be {typ.__name__}")
        extra = set(obj) - set(_FIELDS)
        if extra:
            raise Refused(f"{where}: unknown field {sorted(extra)[0]!r}")
        if not 0 <= obj["session"] <= 1_000_000:
            raise Refused(f"{where}: session {obj['session']} is out of range")
        try:
            dt.datetime.fromisoformat(obj["recorded_at"])
        except ValueError:
            raise Refused(f"{where}: recorded_at {obj['recorded_at'][:40]!r} is not a "
                          "date and time") from None
        cid = obj["command_id"]
        if not 1 <= len(cid) <= 64:
            raise Refused(f"{where}: command_id must be 1 to 64 characters")
        if cid in finished:
            raise Refused(f"{where}: command_id {cid[:64]!r} was used by an earlier action")
        if rows and rows[-1][4] != cid:
            finished.add(rows[-1][4])
        expected = len(rows) + 1
        if obj["seq"] != expected:
            raise Refused(f"{where}: seq {obj['seq']} out of order (expected {expected})")
        data = json.dumps(obj["data"], ensure_ascii=False, separators=(",", ":"))
        try:
            ev = evmod.decode(obj["type"], obj["version"], data)
        except (msgspec.ValidationError, msgspec.DecodeError) as e:
            raise Refused(f"{where}: bad data for {obj['type']!r}: {friendly(e)}") from None
        except Refused as e:
            raise Refused(f"{where}: {e}") from None
        unknown = set(obj["data"]) - set(type(ev).__struct_fields__)
        if unknown and obj["version"] == type(ev).VERSION:  # older versions are upcast
            raise Refused(f"{where}: {obj['type']} has no field {sorted(unknown)[0][:40]!r}")
        if (expected == 1) != (obj["type"] == "campaign_created"):
            raise Refused(f"{where}: a log starts with campaign_created, and only once")
        rows.append((obj["seq"], obj["type"], obj["version"], data, obj["command_id"],
                     obj["session"], obj["recorded_at"]))
        envs.append(Envelope(obj["seq"], obj["type"], obj["version"], ev,
                             obj["command_id"], obj["session"], obj["recorded_at"]))
    if not rows:
        raise Refused(f"{origin}: no events in the file")
    _replays(envs, origin)
    return rows


def _replays(envs: list[Envelope], origin: str) -> None:
    """Prove the log replays, entry by entry, before anything is written, and
    that no entry breaks what the engine holds true (the checks a command
    gets when it is decided)."""
    timeline = Timeline(lambda lo, hi: envs[lo - 1:hi])
    state, known = None, set()
    for env in envs:
        where = f"{origin}, entry #{env.seq}"
        try:
            state = step(state, env, timeline)
        except Refused as e:
            raise Refused(f"{where}: the log does not replay: {e}") from None
        except (KeyError, IndexError, ValueError, TypeError, AttributeError,
                msgspec.MsgspecError) as e:
            raise Refused(f"{where}: the log does not replay ({type(e).__name__}: {e})") from None
        timeline.remember(env.seq, state)
        for r in rolls_in(env.event):
            wrong = roll_problem(r)
            if wrong:
                raise Refused(f"{where}: the roll {r.expr} does not add up: {wrong}")
        found = set(problems(state))
        new = found - known
        if new:
            raise Refused(f"{where}: this entry would {sorted(new)[0]}")
        known = found


def import_file(src: Path, saves: Path, name: str) -> Path:
    """Create campaign ``name`` from a JSONL export; nothing is written on error."""
    target = paths.check_free(saves, name)
    if not src.is_file():
        what = "no such file" if not src.exists() else "not a regular file"
        raise Refused(f"cannot import {src}: {what}")
    try:
        with open(src, encoding="utf-8") as f:
            rows = read_lines(f, src.name)
    except OSError as e:
        raise Refused(f"cannot read {src}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise Refused(f"{src.name}: not UTF-8 text") from None
    EventStore.create(target, rows).close()
    return target
