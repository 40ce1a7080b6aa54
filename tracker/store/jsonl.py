"""JSON Lines export and import of a whole campaign log.

One event per line: ``{"seq", "type", "version", "data", "command_id",
"session", "recorded_at"}``. Import checks every line (and replays the whole
log) before it writes anything, and names the first bad line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable, TextIO

import msgspec

from ..core import events as evmod
from ..core.engine import Timeline, step
from ..core.invariants import problems
from ..core.limits import friendly
from ..core.errors import Refused
from ..core.events import Envelope
from . import paths
from .sqlite import EventStore

_FIELDS = {"seq": int, "type": str, "version": int, "data": dict, "command_id": str,
           "session": int, "recorded_at": str}


def export_lines(store: EventStore) -> Iterable[str]:
    for seq, type_, version, data, cid, session, at in store.rows():
        yield json.dumps({"seq": seq, "type": type_, "version": version,
                          "data": json.loads(data), "command_id": cid,
                          "session": session, "recorded_at": at},
                         ensure_ascii=False, separators=(",", ":"))


def read_lines(f: TextIO, origin: str) -> list[tuple]:
    """Validate every line; return rows ready for the store."""
    rows: list[tuple] = []
    envs: list[Envelope] = []
    for n, line in enumerate(f, 1):
        if not line.strip():
            continue
        where = f"{origin}, line {n}"
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise Refused(f"{where}: not JSON ({e.msg} at column {e.colno})") from None
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
        found = set(problems(state))
        new = found - known
        if new:
            raise Refused(f"{where}: this entry would {sorted(new)[0]}")
        known = found


def import_file(src: Path, saves: Path, name: str) -> Path:
    """Create campaign ``name`` from a JSONL export; nothing is written on error."""
    target = paths.campaign_path(saves, name)
    if target.exists():
        raise Refused(f"a campaign named {name!r} already exists; choose another name")
    try:
        with open(src, encoding="utf-8") as f:
            rows = read_lines(f, src.name)
    except OSError as e:
        raise Refused(f"cannot read {src}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise Refused(f"{src.name}: not UTF-8 text") from None
    EventStore.create(target, rows).close()
    return target
