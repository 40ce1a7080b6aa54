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
from ..i18n import _, ngettext, number
from ..i18n import dice
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
            raise Refused(ngettext("{origin}, line {n}: longer than {most} character; not an "
                                   "export of ours",
                                   "{origin}, line {n}: longer than {most} characters; not an "
                                   "export of ours", MAX_LINE).format(
                                       origin=origin, n=n, most=number(MAX_LINE)))
        yield n, line


def read_lines(f: TextIO, origin: str) -> list[tuple]:
    """Validate every line; return rows ready for the store."""
    rows: list[tuple] = []
    envs: list[Envelope] = []
    finished: set[str] = set()  # command ids whose entries are over
    for n, line in _lines(f, origin):
        if not line.strip():
            continue
        where = _("{origin}, line {n}").format(origin=origin, n=n)
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise Refused(_("{where}: not JSON ({reason} at column {column})").format(
                where=where, reason=e.msg, column=e.colno)) from None
        except (ValueError, RecursionError) as e:  # 5,000-digit numbers, deep nesting
            why = _("nested too deeply") if isinstance(e, RecursionError) else \
                str(e).split(";")[0]
            raise Refused(_("{where}: not an event ({reason})").format(where=where,
                                                                       reason=why)) from None
        if not isinstance(obj, dict):
            raise Refused(_("{where}: expected a JSON object").format(where=where))
        for key, typ in _FIELDS.items():
            if key not in obj:
                raise Refused(_("{where}: missing {key}").format(where=where, key=repr(key)))
            if not isinstance(obj[key], typ) or (typ is int and isinstance(obj[key], bool)):
                raise Refused(_("{where}: {key} should be {kind}").format(
                    where=where, key=repr(key), kind=typ.__name__))
        extra = set(obj) - set(_FIELDS)
        if extra:
            raise Refused(_("{where}: unknown field {key}").format(
                where=where, key=repr(sorted(extra)[0])))
        if not 0 <= obj["session"] <= 1_000_000:
            raise Refused(_("{where}: session {n} is out of range").format(
                where=where, n=obj["session"]))
        try:
            dt.datetime.fromisoformat(obj["recorded_at"])
        except ValueError:
            raise Refused(_("{where}: recorded_at {value} is not a date and time").format(
                where=where, value=repr(obj["recorded_at"][:40]))) from None
        cid = obj["command_id"]
        if not 1 <= len(cid) <= 64:
            raise Refused(_("{where}: command_id must be 1 to 64 characters").format(
                where=where))
        if cid in finished:
            raise Refused(_("{where}: command_id {id} was used by an earlier action").format(
                where=where, id=repr(cid[:64])))
        if rows and rows[-1][4] != cid:
            finished.add(rows[-1][4])
        expected = len(rows) + 1
        if obj["seq"] != expected:
            raise Refused(_("{where}: seq {seq} out of order (expected {expected})").format(
                where=where, seq=obj["seq"], expected=expected))
        data = json.dumps(obj["data"], ensure_ascii=False, separators=(",", ":"))
        try:
            ev = evmod.decode(obj["type"], obj["version"], data)
        except (msgspec.ValidationError, msgspec.DecodeError) as e:
            raise Refused(_("{where}: bad data for {type}: {problem}").format(
                where=where, type=repr(obj["type"]), problem=friendly(e))) from None
        except Refused as e:
            raise Refused(_("{where}: {problem}").format(where=where, problem=e)) from None
        unknown = set(obj["data"]) - set(type(ev).__struct_fields__)
        if unknown and obj["version"] == type(ev).VERSION:  # older versions are upcast
            raise Refused(_("{where}: {type} has no field {field}").format(
                where=where, type=obj["type"], field=repr(sorted(unknown)[0][:40])))
        if (expected == 1) != (obj["type"] == "campaign_created"):
            raise Refused(_("{where}: a log starts with campaign_created, and only once")
                          .format(where=where))
        rows.append((obj["seq"], obj["type"], obj["version"], data, obj["command_id"],
                     obj["session"], obj["recorded_at"]))
        envs.append(Envelope(obj["seq"], obj["type"], obj["version"], ev,
                             obj["command_id"], obj["session"], obj["recorded_at"]))
    if not rows:
        raise Refused(_("{origin}: no events in the file").format(origin=origin))
    _replays(envs, origin)
    return rows


def _replays(envs: list[Envelope], origin: str) -> None:
    """Prove the log replays, entry by entry, before anything is written, and
    that no entry breaks what the engine holds true (the checks a command
    gets when it is decided)."""
    timeline = Timeline(lambda lo, hi: envs[lo - 1:hi])
    state, known = None, set()
    for env in envs:
        try:
            state = step(state, env, timeline)
        except Refused as e:
            raise Refused(_("{origin}, entry #{seq}: the log does not replay: {problem}").format(
                origin=origin, seq=env.seq, problem=e)) from None
        except (KeyError, IndexError, ValueError, TypeError, AttributeError,
                msgspec.MsgspecError) as e:
            raise Refused(_("{origin}, entry #{seq}: the log does not replay ({problem})")
                          .format(origin=origin, seq=env.seq,
                                  problem=f"{type(e).__name__}: {e}")) from None
        timeline.remember(env.seq, state)
        for r in rolls_in(env.event):
            wrong = roll_problem(r)
            if wrong:
                raise Refused(_("{origin}, entry #{seq}: the roll {expr} does not add up: "
                                "{problem}").format(origin=origin, seq=env.seq, expr=dice(r.expr),
                                                    problem=wrong))
        found = set(problems(state))
        new = found - known
        if new:
            raise Refused(_("{origin}, entry #{seq}: this entry would {problem}").format(
                origin=origin, seq=env.seq, problem=sorted(new)[0]))
        known = found


def import_file(src: Path, saves: Path, name: str) -> Path:
    """Create campaign ``name`` from a JSONL export; nothing is written on error."""
    target = paths.check_free(saves, name)
    if not src.is_file():
        raise Refused((_("cannot import {file}: no such file") if not src.exists() else
                       _("cannot import {file}: not a regular file")).format(file=src))
    try:
        with open(src, encoding="utf-8") as f:
            rows = read_lines(f, src.name)
    except OSError as e:
        raise Refused(_("cannot read {file}: {reason}").format(file=src,
                                                              reason=e.strerror)) from None
    except UnicodeDecodeError:
        raise Refused(_("{file}: not UTF-8 text").format(file=src.name)) from None
    EventStore.create(target, rows).close()
    return target
