"""The campaign log as entries a GM reads: text, time, area, dice, status."""

from __future__ import annotations

import gc
import sys
import time
from bisect import bisect_right
from contextlib import contextmanager
from itertools import islice
import typing
from typing import Callable, Iterable
from dataclasses import dataclass

import msgspec

from .core import clock
from .core.consequences import consequences
from .core.touched import parts as touched_parts, touched
from .core.describe import describe
from .core.errors import Refused
from .core.dice import Roll
from .core.dice import rolls_in as dice_rolls_in
from .core.events import DESCRIBED_WITH_STATE, EVENT_TYPES, Envelope, current_decoder
from .core.events import _name_fields as name_fields
from .core.timeline.entries import EntryCorrected, Redone, Rewound, Undone, cook
from .core.ruleset import load_cached
from .core.timeline.fold import LABELS, _refold, as_now, refold_corrected, step
from .core.timeline.sessions import MARKS as SESSION_MARKS, Running
from .core.timeline.standing import LOOKING_BACK_TYPES, standing, standing_from
from .core.timeline.views import correction_as_now

def _areas() -> dict[str, set[str]]:
    """Each area and the event types it files, from the events' own registration."""
    out: dict[str, set[str]] = {}
    for name, cls in EVENT_TYPES.items():
        out.setdefault(cls.AREA, set()).add(name)
    return out


AREAS = _areas()
AREA_OF = {t: cls.AREA for t, cls in EVENT_TYPES.items()}
# entries about entries (undo, redo, rewind, a correction): the state they lead
# to is another entry's doing, not time passing in them
ABOUT_ENTRIES = {"history"}


class LogEntry(msgspec.Struct, gc=False):
    """One entry as the GM reads it. Its session and clock are both those of the
    campaign after the entry: a rewind from session 2 into session 1 stands in
    session 1, at session 1's time.

    A struct the garbage collector does not track (``gc=False``; an entry
    refers to nothing that refers back to it): a list of 100,000 made at once
    set off the collector's full passes over the whole app's heap, about half
    the list's sketch (docs/performance.md, sixth pass)."""

    seq: int
    session: int
    # its command id and time recorded, kept beside the list's others (``Ids``):
    # two strings of their own were a quarter of what a listed entry held
    _ids: "Ids"
    type: str
    _event: object  # the event as recorded (None: still its row's data, see ``event``)
    rules: object  # the ruleset in force, to describe it
    clock: int | None  # None: not known yet (a sketch, see ``sketch``)
    area: str
    undone: bool = False
    # taken back by a rewind (``standing``): not undone, yet its effect is gone
    # as an undone entry's is; every reader of the log treats both alike (``stands``)
    rewound: bool = False
    corrected_by: int = 0  # the entry that corrects this one (0: none); the last, in force
    corrections: tuple[int, ...] = ()  # every entry that corrected it, in order
    names: tuple[str, ...] = ()  # characters the entry mentions
    # what time passing did in this entry ("Bless ended"), read from the states
    # before and after it when the log is read (core/consequences.py)
    passed: tuple[str, ...] = ()
    _text: str | None = None
    # a correction in force: its line as the corrected log reads it now
    # (``views.correction_as_now``), kept apart from ``_text``, which settling
    # a part again may clear
    _now: str | None = None
    _now_entry: str | None = None  # ...and the entry it stands for, as it reads now
    _dice: list[Roll] | None = None  # found on first use: most entries' dice are never asked for
    # a sketched entry's event as its row holds it, decoded on first use
    # (``sketch``): ``_decode(seq, _data)``, which raises the store's Damaged
    _data: str | None = None
    _decode: Callable | None = None

    @property
    def command_id(self) -> str:
        """The command the entry is part of (undo and redo name it)."""
        return self._ids.command_id(self.seq)

    @property
    def recorded_at(self) -> str:
        """When the entry was written, as the log records it."""
        return self._ids.recorded_at(self.seq)

    @property
    def event(self):
        """The event as recorded. A sketched entry decodes its row's data the
        first time it is asked (the list of 100,000 is shown before its events
        are decoded); the screen's thread and the worker may both ask, so the
        event is set before the data is let go."""
        ev = self._event
        if ev is None:
            data, decode = self._data, self._decode
            if data is None or decode is None:  # decoded meanwhile by the other thread
                return self._event
            ev = self._event = decode(self.seq, data)
            self._data = self._decode = None  # its decoder keeps the events it shares
        return ev

    @property
    def dice(self) -> list[Roll]:
        """Every roll the entry recorded (a correction's: its stand-ins')."""
        if self._dice is None:
            self._dice = rolls_in(self.event)
        return self._dice

    @property
    def line(self) -> str:
        """The entry's own line. Described on first use: a long log opens
        without describing every entry."""
        if self._now is not None:
            return self._now
        if self._text is None:
            try:
                ev = self.event
            except Refused as e:  # the store's Damaged: its line says so (and the settle, in full)
                return getattr(e, "short", str(e))
            self._text = describe(ev, self.rules)
        return self._text

    @property
    def text(self) -> str:
        """The line, then what time passing did: "Turn: explore — Bless ended"."""
        return f"{self.line} — {'; '.join(self.passed)}" if self.passed else self.line

    @property
    def stands(self) -> bool:
        """Its effect stands: neither undone nor taken back by a rewind (the
        players' log, the recap and the export count only these; the GM's log
        lists the others, marked)."""
        return not (self.undone or self.rewound)

    @property
    def game_time(self) -> str:
        return "" if self.clock is None else clock.stamp(self.rules, self.clock)

    def as_json(self) -> dict:
        return {"seq": self.seq, "session": self.session, "command_id": self.command_id,
                "type": self.type, "area": self.area, "text": self.text,
                "game_time": self.game_time, "clock": self.clock,
                "recorded_at": self.recorded_at, "undone": self.undone,
                "rewound": self.rewound,
                "corrected_by": self.corrected_by or None,
                "corrections": list(self.corrections),
                "dice": [{"expr": r.expr, "dice": list(r.dice), "total": r.total,
                          "typed": r.typed} for r in self.dice]}

    def matches(self, session: int | None = None, area: str | None = None,
                character: str | None = None, text: str | None = None) -> bool:
        if session is not None and self.session != session:
            return False
        if area and self.area != area:
            return False
        if character and character.casefold() not in (n.casefold() for n in self.names):
            return False
        return not text or text.casefold() in self.text.casefold()


class Ids:
    """The command ids and times recorded of the entries from seq ``first`` on,
    for a list of them: each column one string of fields of one width (the
    store's ``id_columns``), or (width 0) a list of strings. A listed entry
    asks for its own (``LogEntry.command_id``); holding them apart cost each of
    100,000 entries 159 B, now 61 (eighth pass)."""

    __slots__ = ("first", "ids", "id_width", "times", "time_width", "finder", "_read")

    def __init__(self, first: int, ids, id_width: int, times, time_width: int,
                 finder: Callable | None = None):
        self.first, self.ids, self.id_width = first, ids, id_width
        self.times, self.time_width = times, time_width
        # ``finder(command_ids, last)``: the seqs up to ``last`` of those commands'
        # entries, from the store's index (None: it cannot tell)
        self.finder = finder
        self._read = None  # ``later``: how to read them, until read

    @classmethod
    def later(cls, log, head: int) -> "Ids":
        """The ids of entries 1..``head`` of ``log``, read when first asked
        for (``fill``), on the thread that reads ``log``: the list is shown
        before them (the log screen's worker reads them right after, before
        the settle, the first to ask; the screen asks only of a settled
        list). Reading them with the columns cost the list shown 0.02 s of
        SQLite's (ninth pass)."""
        ids = cls(1, None, 0, None, 0, getattr(log, "seqs_of", None))
        ids._read = (log, head)
        return ids

    def fill(self) -> None:
        """Read the ids ``later`` left (the store's two strings, or where their
        widths differ, its whole rows' lists); nothing if read."""
        if self._read is None:
            return
        log, head = self._read
        got = log.id_columns(1, head)
        if got is not None:
            ids, id_width, times, time_width = got
        else:  # ids of other widths (an imported one): each apart
            rows = list(log.rows(1, head))
            ids, id_width, times, time_width = [r[4] for r in rows], 0, [r[6] for r in rows], 0
        # the widths first, the strings last: ``ids`` set says all is
        self.id_width, self.time_width, self.times = id_width, time_width, times
        self.ids, self._read = ids, None

    def seqs_of(self, command_ids, last: int) -> list[int] | None:
        """The seqs (``first``..``last``) of the entries of ``command_ids``, by
        the store's index: the list marks the entries of undone commands
        without asking each of 100,000 its command id (0.02 s, ninth pass).
        None where there is no store to ask."""
        if self.finder is None or self.first != 1:
            return None
        return self.finder(command_ids, last)

    @classmethod
    def listed(cls, first: int, ids, times) -> "Ids":
        """From lists from ``first`` on (or dicts by seq, ``first`` 0)."""
        return cls(first, ids, 0, times, 0)

    def command_id(self, seq: int) -> str:
        if self.ids is None:
            self.fill()
        i, w = seq - self.first, self.id_width
        return self.ids[i * w:(i + 1) * w] if w else self.ids[i]

    def recorded_at(self, seq: int) -> str:
        if self.ids is None:
            self.fill()
        i, w = seq - self.first, self.time_width
        return self.times[i * w:(i + 1) * w] if w else self.times[i]

    def part(self, lo: int, hi: int) -> tuple[list[str], list[str]]:
        """The command ids and times recorded of entries ``lo..hi`` (a run)."""
        if self.ids is None:
            self.fill()
        if not (self.id_width and self.time_width):
            seqs = range(lo, hi + 1)
            return [self.command_id(s) for s in seqs], [self.recorded_at(s) for s in seqs]
        a, b = lo - self.first, hi - self.first + 1
        ids, w = self.ids, self.id_width
        times, v = self.times, self.time_width
        return ([ids[i:i + w] for i in range(a * w, b * w, w)],
                [times[i:i + v] for i in range(a * v, b * v, v)])


class Columns:
    """The rows the list reads (seq, type, version, data, session), from seq
    1, as columns: the store's ``listed_columns`` (versions and sessions
    their decimal strings), or made from rows (``of``). One list per column
    and no tuple per row: 100,000 tuples cost the interpreter their making
    and the collector a pass over them (ninth pass)."""

    __slots__ = ("types", "versions", "sessions", "data")

    def __init__(self, types: list, versions: list, sessions: list, data: list):
        self.types, self.versions, self.sessions, self.data = types, versions, sessions, data

    @classmethod
    def of(cls, rows: list[tuple]) -> "Columns":
        """From rows lean (5) or whole (7), seq 1 on."""
        if rows and len(rows[0]) == 5:
            return cls([r[1] for r in rows], [r[2] for r in rows], [r[4] for r in rows],
                       [r[3] for r in rows])
        return cls([r[1] for r in rows], [r[2] for r in rows], [r[5] for r in rows],
                   [r[3] for r in rows])

    def __len__(self) -> int:
        return len(self.types)


def listed_rows(log, head: int) -> tuple[Columns | list[tuple], Ids | None]:
    """The rows ``sketch_rows`` reads, 1..``head``: the store's columns
    (``Columns``) with their command ids and times recorded apart, read
    when first asked for (``Ids.later``);
    or, where the store cannot give those so (``listed_columns`` None), its
    lean rows (seq, type, version, data, session) and ``Ids`` from
    ``id_columns``, or its whole rows (None)."""
    got = log.listed_columns(1, head) if head else None
    if got is not None:  # the ids read when first asked for (``Ids.later``)
        return Columns(*got), Ids.later(log, head)
    columns = log.id_columns(1, head) if head else None
    if columns is None:
        return list(log.rows(1, head)), None
    return list(log.rows(1, head, lean=True)), Ids(1, *columns)


def renamed_from(entries: list[LogEntry], who: str) -> dict[str, float]:
    """The names (casefolded) the character ``who`` went by, each with the seq
    before which an entry naming it is about them (gm-review3 R13: after
    ``rename-character Bo Bob``, Bob's entries as Bo); ``who`` itself always."""
    names: dict[str, float] = {who: float("inf")}
    for e in reversed([e for e in entries if e.type == "character_renamed" and e.stands]):
        ev = e.event
        if names.get(ev.new.casefold(), 0) > e.seq:
            old = ev.old.casefold()
            names[old] = max(names.get(old, 0), e.seq)
    return names


def filtered(entries: list[LogEntry], session: int | None = None, area: str | None = None,
             character: str | None = None, text: str | None = None) -> list[LogEntry]:
    """``[e for e in entries if e.matches(...)]``, one filter at a time, each a
    plain comparison in a list comprehension, the cheapest first: the log
    screen filters 100,000 entries on a keystroke, and ``matches`` per entry
    (its call, its casefolds, a generator per entry for the character) took
    most of it."""
    out = entries
    if session is not None:
        out = [e for e in out if e.session == session]
    if area:
        out = [e for e in out if e.area == area]
    if character:
        who = character.casefold()
        before = renamed_from(entries, who)
        if len(before) == 1:
            out = [e for e in out if e.names and any(n.casefold() == who for n in e.names)]
        else:  # a name the character had before a rename counts for the entries before it
            out = [e for e in out if e.names
                   and any(before.get(n.casefold(), 0) > e.seq for n in e.names)]
    if text:
        what = text.casefold()
        out = [e for e in out if what in e.text.casefold()]
    return out


def describe_all(entries: list[LogEntry], stop=lambda: False, batch: int = 500) -> None:
    """Describe every entry's line now (``LogEntry.text``), a batch at a time,
    pausing between batches so the thread drawing the screen gets its turn;
    ``stop()`` ends it early. The log screen's worker calls it once the whole
    list is shown: the first text search then finds the lines described (it
    described all 100,000 itself, 0.3 s). An entry the screen describes first
    is described once all the same: both give the same line.

    Entries that share their event (``sketch_rows``, the store's ``read``)
    under the same rules share their line, one string: described once
    (eighth pass: each line apart was a tenth of what a listed entry held)."""
    said: dict[int, tuple] = {}  # id(event) -> (event, rules, line); the entries keep each event
    for lo in range(0, len(entries), batch):
        if stop():
            return
        for e in entries[lo:lo + batch]:
            if e._text is None:
                ev, rules = e.event, e.rules
                known = said.get(id(ev))
                if known is not None and known[0] is ev and known[1] is rules:
                    e._text = known[2]
                else:
                    e._text = describe(ev, rules)
                    said[id(ev)] = (ev, rules, e._text)
        time.sleep(0.001)  # a real pause: the app's thread gets the GIL between batches


def rolls_in(obj) -> list[Roll]:
    """Every roll recorded in an event, in the order it was rolled."""
    cls = type(obj)
    may = _MAY_ROLL.get(cls)
    if may is None:  # decided once per event class, from its field types
        may = _MAY_ROLL[cls] = "Roll" in repr(typing.get_type_hints(cls))
    return dice_rolls_in(obj) if may else []


_MAY_ROLL: dict[type, bool] = {}


def undone_commands(envs: list[Envelope]) -> set[str]:
    """Commands whose effect is currently undone."""
    undone: set[str] = set()
    for env in envs:
        if isinstance(env.event, Undone):
            undone.add(env.event.command_id)
        elif isinstance(env.event, Redone):
            undone.discard(env.event.command_id)
    return undone


def entries(envs: list[Envelope], history, state=None) -> list[LogEntry]:
    """Replay ``envs`` into readable entries: a whole log from seq 1, or (with
    ``state``, the state before the first of them) just its tail, whose undone
    and corrected marks then only see the tail."""
    out = _from_events(envs)
    settle(out, envs, history, state)
    return out


def last_entries(envs: list[Envelope], history) -> list[LogEntry]:
    """The log's last entries (``envs``, up to the log's end) as the log screen
    reads them: each under the ruleset in force then, with the state it led
    to, read from the state before the first (``history.state_at``). Every
    pane that shows recent entries (the dungeon's log, the chase's round by
    round, the players' page, ``tracker do``) takes its lines from here, so
    none reads a past entry with the campaign as it stands now (a house rule
    turning an old quiet check into an encounter, an escape taking away the
    end of a round)."""
    if not envs:
        return []
    first = envs[0].seq
    return entries(envs, history, history.state_at(first - 1) if first > 1 else None)


def last_entries_extended(old: list[LogEntry], envs: list[Envelope], history, before,
                          keep: int) -> list[LogEntry] | None:
    """``old`` (``last_entries`` of the log's tail) grown by ``envs``, the
    newest ``keep`` kept, read from the new entries alone when they are plain
    play (their states follow ``before``, the state after ``old``'s last
    entry): a keystroke reads one entry, not the whole tail. None when only a
    whole read gives the same lines: an entry about entries (an undo changes
    older marks, a rewind or correction which corrections stand), or ``envs``
    not following ``old``."""
    if not envs:
        return old[-keep:]
    if before is None or (old and old[-1].seq + 1 != envs[0].seq) or \
            any(AREA_OF.get(env.type) in ABOUT_ENTRIES for env in envs):
        return None
    return (old + entries(envs, history, before))[-keep:]


def sketch(envs: list[Envelope]) -> list[LogEntry] | None:
    """``sketch_rows`` of envelopes already decoded (a short log, the tests)."""
    return sketch_rows([(e.seq, e.type, e.version, e.event, e.command_id, e.session,
                         e.recorded_at) for e in envs])


@contextmanager
def collector_off():
    """The cyclic collector off while the whole list is read and sketched, on
    again however it ends (as ``Timeline.state_at`` does for a long replay).
    The rows read are 100,000 tuples the collector tracks, and making the list
    set off a full pass over the app's whole heap (0.04 s of the worker's 0.4,
    eighth pass); nothing made there is a cycle. Another thread finding it off
    leaves it to this one."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _rules_of(text: str, known) -> object:
    """The rules of ruleset ``text``: those of a ruleset at hand with that
    very text (the states' own, so a settled entry keeps its line), else
    parsed (once per text). Parsing the campaign's first ruleset again was a
    tenth of the 100k sketch (eighth pass)."""
    for loaded in known:
        if loaded is not None and loaded.text == text:
            return loaded.rules
    return load_cached(text).rules


def sketch_rows(rows: Columns | list[tuple], decoded: Callable | None = None,
                rulesets=(), ids: Ids | None = None) -> list[LogEntry] | None:
    """The entries of a whole log from its rows, without replaying it:
    everything but what only the states tell, which ``settle`` fills in
    later. ``rows`` are the store's (seq, type, version, data, command_id,
    session, recorded_at) from seq 1, or its columns (``listed_rows``:
    ``Columns``, with ``ids``); ``decoded(seq, type, version, data)``
    is the store's decoding (``EventStore.decoded``: a row that cannot be read
    raises Damaged, naming it). Without ``decoded`` each row's data is its
    event already (``sketch``). ``rulesets``: rulesets at hand (``LoadedRuleset``,
    a state's), whose rules are taken for a ruleset put in force with the same
    text instead of parsing it. ``ids``: the rows are lean (``listed_rows``),
    their command ids and times recorded these.

    Exact already: each entry's area, characters, dice, undone and corrected
    marks, its session (the log records each entry's, in none while no
    session runs, as an older log did not: core/timeline/sessions.py; an undo,
    redo or rewind returns to the session of the entry it goes back to) and the ruleset in
    force (the one the campaign began with, or the latest house rule's; again
    what an undo, redo or rewind returns to), so its own line
    (``LogEntry.line``). Not yet: its game time (``clock`` None), what time
    passing did in it (``passed``), and the line of an event whose words quote
    the state (``DESCRIBED_WITH_STATE``: its label, "chase ended …", until
    settled). None when a correction in force stands in for a change of
    ruleset (only a replay tells the rules then).

    Only the events the sketch reads are decoded here: those that name
    someone, put a ruleset in force, are about other entries, or are of an
    older version (an upcast) or an unknown kind (refused now, by the store).
    The others keep their row's data and decode when first shown, described
    or settled (``LogEntry.event``, through ``decoded``): the settle decodes
    every one left, so a damaged row fails it with the store's full message,
    and its line says so before that.

    A replay of 100,000 entries takes seconds (docs/performance.md); this
    takes one pass over the rows."""
    if isinstance(rows, Columns):
        cols, to_int = rows, int  # the store's: versions and sessions decimal strings
        if not len(cols):
            return None
    else:
        if not rows or rows[0][0] != 1:
            return None
        if ids is None:  # the store's whole rows: their ids apart, as ``listed_rows`` gives them
            ids = Ids.listed(1, [r[4] for r in rows], [r[6] for r in rows])
        cols, to_int = Columns.of(rows), _same
    out: list[LogEntry] = []
    append = out.append
    undone: set[str] = set()  # as undone_commands, found on the way
    corrections: list[LogEntry] = []
    about: list[LogEntry] = []  # the undos, redos and rewinds (``standing_from`` reads them)
    session, rules = 0, None
    # whether a session runs: an entry made while none does is in none (0), as
    # today's tracker records it and an older one did not (core/timeline/sessions.py)
    running, on = Running(), False
    said, said_as = None, 0  # the last row's session as recorded, and as a number
    # type -> (version, its _Kind, decoded now?, lazy decoder, what an entry takes of it)
    by_type: dict[str, tuple] = {}
    names_of: dict[int, tuple[str, ...]] = {}  # id(event) -> the characters it names
    for seq, type_, version, data, row_session in zip(
            range(1, len(cols) + 1), cols.types, cols.versions, cols.data, cols.sessions):
        known = by_type.get(type_)
        if known is None or known[0] != version:
            known = by_type[type_] = _known(type_, version, to_int, decoded)
        _, kind, now, lazy, plain, name, area = known
        if plain:  # most rows: no event read, no session or ruleset changed
            if on:
                if row_session != said:
                    said, said_as = row_session, to_int(row_session)
                session = said_as
            else:
                session = 0
            append(LogEntry(seq, session, ids, name, None, rules, None, area,
                            _data=data, _decode=lazy))
            continue
        if kind is None:  # a kind only a newer tracker knows: the store refuses it, naming it
            decoded(seq, type_, to_int(version), data)
        if decoded is None or lazy is None:
            ev, data = data, None
        elif now:
            ev, data = lazy(seq, data), None
        else:
            ev = None
        back = kind.back
        if back is None:
            if kind.opens is None:
                session = to_int(row_session) if on else 0
            else:
                session, on = to_int(row_session), kind.opens
                running.mark(seq, on)
            if kind.carries_rules:
                rules = _rules_of(ev.ruleset_toml, rulesets)
        elif back is EntryCorrected:  # in force or not: it was, for a while
            if any(_kind(e.TYPE, type(e)).carries_rules
                   for e in (out[ev.target - 1].event, *(cook(r) for r in ev.events))):
                return None
        else:
            if back is Undone:
                undone.add(ev.command_id)
                at = ev.first_seq - 1
            elif back is Redone:
                undone.discard(ev.command_id)
                at = ev.last_seq
            else:
                at = ev.to_seq
            # the session and ruleset after entry #at (as it was listed: seqs point back)
            session, rules = (out[at - 1].session, out[at - 1].rules) if at else (0, None)
            on = running.back_to(seq, at)
        entry = LogEntry(seq, session, ids, name, ev, rules, None, area,
                         _data=data, _decode=None if data is None else lazy)
        if kind.names is not None:  # one tuple per event shared (each entry holds its event)
            names = names_of.get(id(ev))
            if names is None:
                names = names_of[id(ev)] = kind.names(ev)
            entry.names = names
        if kind.quotes_state:
            entry._text = f"{LABELS[type_]} …"
        if back is EntryCorrected:
            corrections.append(entry)
        elif back is not None:
            about.append(entry)
        append(entry)
    marked: list[int] = []  # the seqs of the undone commands' entries
    if undone:
        found = ids.seqs_of(undone, len(out))
        if found is None:  # no store's index: the few entries of those commands, looked for
            command_id = ids.command_id
            found = [e.seq for e in out if command_id(e.seq) in undone]
        for seq in found:
            out[seq - 1].undone = True
        marked = list(found)
    corrected: dict[int, list[int]] = {}
    # only the entries about entries are read (``standing_from``)
    rewinds = any(e.type == _REWOUND for e in about)
    stand = standing_from(1, len(out), about) if corrections or rewinds or undone else ()
    if rewinds or undone:
        mark_standing(out, stand, marked)
    for entry in corrections:
        _stand_ins(entry, stand, corrected)
    for target, by in corrected.items():
        if 1 <= target <= len(out):
            out[target - 1].corrected_by, out[target - 1].corrections = by[-1], tuple(by)
    return out


def rows_read(rows: Columns | list[tuple], out: list[LogEntry]) -> Callable[[int, int], list[Envelope]]:
    """``Settling``'s ``read`` for ``out``, sketched from ``rows`` (kept): each
    part's envelopes from its rows, each event its entry's own, decoded now if
    the sketch left it (the store's decoding: a damaged row raises, naming
    it). Reading the rows again cost the settle 0.25 s on 100,000 entries."""
    def read(lo: int, hi: int) -> list[Envelope]:
        if isinstance(rows, Columns):  # the store's columns: the ids from the entries'
            cids, ats = _ids_of(out, lo, hi)
            return [Envelope(seq, type_, int(version), e.event, cid, int(session), at)
                    for seq, type_, version, session, e, cid, at
                    in zip(range(lo, hi + 1), rows.types[lo - 1:hi], rows.versions[lo - 1:hi],
                           rows.sessions[lo - 1:hi], out[lo - 1:hi], cids, ats)]
        if rows and len(rows[0]) == 5:  # lean (``listed_rows``): the ids from the entries'
            cids, ats = _ids_of(out, lo, hi)
            return [Envelope(seq, type_, version, e.event, cid, session, at)
                    for (seq, type_, version, _, session), e, cid, at
                    in zip(rows[lo - 1:hi], out[lo - 1:hi], cids, ats)]
        return [Envelope(seq, type_, version, e.event, cid, session, at)
                for (seq, type_, version, _, cid, session, at), e
                in zip(rows[lo - 1:hi], out[lo - 1:hi])]
    return read


def _ids_of(out: list[LogEntry], lo: int, hi: int) -> tuple[list[str], list[str]]:
    """The command ids and times recorded of entries ``lo..hi`` of ``out``."""
    ids = out[lo - 1]._ids
    if ids is out[hi - 1]._ids:  # one run's (else each entry its own)
        return ids.part(lo, hi)
    return [e.command_id for e in out[lo - 1:hi]], [e.recorded_at for e in out[lo - 1:hi]]


def _row_kind(type_name: str, version: int, decoded: Callable | None) -> tuple:
    """What ``sketch_rows`` needs of rows of one type and version: (version,
    the type's ``_Kind``, whether its event is decoded at once, the decoder
    for later, None with no ``decoded``). A kind this tracker does not know
    has no kind (None): the store refuses it, naming the entry."""
    cls = EVENT_TYPES.get(type_name)
    if cls is None:
        return version, None, True, None
    kind = _kind(type_name, cls)
    now = version != cls.VERSION or kind.reads_event
    if decoded is None:
        return version, kind, now, None
    if type(version) is not int or version != cls.VERSION:  # an upcast, or refused: the store's
        return version, kind, now, lambda seq, data: decoded(seq, type_name, version, data)
    fast = current_decoder(type_name, version)
    # equal data decodes to one event, shared (events are frozen), as the
    # store's ``read`` does: a long log repeats its entries' data (the bench's
    # 100k delves hold 2,412 different ones, the mixed 6,055), and each event
    # decoded apart was a third of what a listed entry held (eighth pass)
    seen: dict = {}

    def lazy(seq: int, data):
        """The store's decoding, without its three calls around the decoder
        for a row that decodes (its words for one that does not)."""
        ev = seen.get(data)  # its keys are str: no other kind of value equals one
        if ev is not None:
            return ev
        if type(data) is str:
            try:
                ev = fast(data)
            except Exception:  # noqa: BLE001 - the store says what is wrong with it
                pass
            else:
                if len(seen) >= SHARED_EVENTS:  # a log of ever new data: stay small
                    seen.clear()
                seen[data] = ev
                return ev
        return decoded(seq, type_name, version, data)
    return version, kind, now, lazy


def _same(v):
    return v


def _known(type_name: str, version, to_int: Callable, decoded: Callable | None) -> tuple:
    """``sketch_rows``' own of rows of one type and version (as the rows hold
    it): ``_row_kind``'s, whether a row of it is plain (no event read now, no
    session or ruleset changed: the most of a log, listed in a few steps),
    its name and area."""
    _, kind, now, lazy = _row_kind(type_name, to_int(version), decoded)
    plain = kind is not None and not now and lazy is not None and decoded is not None \
        and kind.back is None and kind.opens is None and not kind.carries_rules \
        and kind.names is None and not kind.quotes_state
    return (version, kind, now, lazy, plain, kind.name if kind else type_name,
            kind.area if kind else None)


SHARED_EVENTS = 4096  # per type, the most different data a list keeps decoded at once


@dataclass(frozen=True, slots=True)
class _Kind:
    """What the list needs to know of an entry's type, found once per type."""

    cls: type
    name: str  # the type's name, one string for every entry of it (not one each: 60 B)
    area: str
    names: Callable | None  # the characters it names (None: it names none)
    carries_rules: bool  # it puts a ruleset in force (the campaign's first, a house rule)
    quotes_state: bool  # its line quotes the state (DESCRIBED_WITH_STATE)
    back: type | None  # an entry about entries (undo, redo, rewind, correction)
    opens: bool | None  # it starts a session (True) or ends one (False); None: neither

    @property
    def reads_event(self) -> bool:
        """The sketch reads this kind's events (names, a ruleset, other entries)."""
        return self.names is not None or self.carries_rules or self.back is not None


def _kind(type_name: str, cls: type) -> _Kind:
    kind = _KINDS.get(type_name)
    if kind is None or kind.cls is not cls:
        kind = _KINDS[type_name] = _Kind(
            cls, sys.intern(type_name), AREA_OF.get(type_name, "campaign"), _names_getter(cls),
            "ruleset_toml" in getattr(cls, "__struct_fields__", ()), cls in DESCRIBED_WITH_STATE,
            cls if cls in (Undone, Redone, Rewound, EntryCorrected) else None,
            SESSION_MARKS.get(type_name))
    return kind


_KINDS: dict[str, _Kind] = {}


def _names_getter(cls: type) -> Callable | None:
    """``Event.names`` for one class, its name fields looked up once (asking
    ``names`` of the mixed log's 30,000 events that name someone cost the
    sketch a third of its time); None for a class that names nobody."""
    fields = name_fields(cls)
    if not fields:
        return None
    if len(fields) == 1:
        (field,) = fields

        def one(ev) -> tuple[str, ...]:
            v = getattr(ev, field)
            if type(v) is str:
                return (v,) if v else ()
            return tuple(n for n in v if isinstance(n, str) and n)
        return one
    return lambda ev: ev.names()


def with_tail(sketched: list[LogEntry], tail: list[LogEntry]) -> list[LogEntry]:
    """``sketched`` with its newest entries taken from ``tail``, the log's last
    entries read whole from a snapshot (``entries`` with a state): the lines
    in view then keep their game times while the rest settles. A tail entry
    is taken where it reads as the whole list would: after the log's last
    entry about entries (undo, redo, rewind, correction), the state written is
    the state as the corrections in force now read it; before it, only where
    no correction in force corrects an entry before the tail (the tail read
    them as now itself)."""
    if not tail or not sketched or tail[-1].seq != sketched[-1].seq:
        return sketched
    first = tail[0].seq
    # from the end: the last entry about entries is near it in a log that has any
    last_about = next((e.seq for e in reversed(sketched) if e.area in ABOUT_ENTRIES), 0)
    corrected = any(e.corrected_by for e in islice(sketched, first - 1))
    exact_from = first if not corrected else max(first, last_about + 1)
    out = sketched[:exact_from - 1]
    out += tail[exact_from - first:]
    return out


def _from_events(envs: list[Envelope]) -> list[LogEntry]:
    """The entries with what their events alone tell; session, rules and clock
    are left for ``sketch`` or ``settle``."""
    undone = undone_commands(envs)
    out = []
    append = out.append
    corrected: dict[int, list[int]] = {}
    stand = None  # found at the first correction: most logs have none
    first = envs[0].seq if envs else 1
    area_of = AREA_OF
    if envs and envs[-1].seq - first + 1 == len(envs):
        ids = Ids.listed(first, [env.command_id for env in envs],
                         [env.recorded_at for env in envs])
    else:  # not a run of entries: by seq (``Ids`` indexes from 0)
        ids = Ids.listed(0, {env.seq: env.command_id for env in envs},
                         {env.seq: env.recorded_at for env in envs})
    for env in envs:
        ev = env.event
        entry = LogEntry(env.seq, 0, ids, sys.intern(env.type), ev, None, None,
                         area_of.get(env.type, "campaign"), env.command_id in undone)
        if type(ev) is EntryCorrected:
            if stand is None:
                stand = standing(envs)
            _stand_ins(entry, stand, corrected)
        else:
            entry.names = _names(ev)
        append(entry)
    for target, by in corrected.items():
        if first <= target < first + len(out):
            out[target - first].corrected_by, out[target - first].corrections = by[-1], tuple(by)
    if undone or any(env.type == _REWOUND for env in envs):
        mark_standing(out, stand if stand is not None else standing(envs),
                      [e.seq for e in out if e.undone])
    return out


_REWOUND = Rewound.TYPE


def mark_standing(out: list[LogEntry], stand, undone: Iterable[int] = ()) -> None:
    """The marks of ``out`` (a run of entries; ``undone``: the seqs among them
    marked ``undone``, their command's last undo not followed by its redo) as
    the log stands (``standing``, the engine's own reading of undo, redo and
    rewind): an entry that stands reads unmarked, whatever undo it had (a
    rewind brought it back); one that does not reads ``undone`` if its
    command is, else ``rewound`` (a rewind took it back). An undo, redo or
    rewind never stands in that reading: the GM's bookkeeping keeps its
    command's mark alone."""
    if not out:
        return
    first, last = out[0].seq, out[-1].seq
    for seq in undone:
        e = out[seq - first]
        if seq in stand and e.type not in LOOKING_BACK_TYPES:
            e.undone = False
    for seq in stand.gaps(first, last):
        e = out[seq - first]
        if not e.undone and e.type not in LOOKING_BACK_TYPES:
            e.rewound = True


class _LooksBack(Exception):
    """A refold's entry looks back to a logged state that holds other corrections."""

    def __init__(self, seq: int):
        super().__init__(seq)
        self.seq = seq


CHUNK = 1000  # entries settled at a time: the store writes a snapshot every 1,000


class Settling:
    """``settle`` for a whole sketched list (``history.sketch``), a part at a
    time, in any order: the GM's view first. Each part of ``CHUNK`` entries
    starts from the state before it (``history.state_at``: a snapshot on disk,
    a checkpoint, a state just folded), so the lines on screen are settled
    within one part's replay wherever the GM scrolls, instead of after the
    replay of everything before them.

    A part read from its own start is the whole list's only where no
    correction in force corrects an entry before its end: the states of the
    log are the states as written, and the whole list says what the corrected
    log led to from the earliest corrected entry on (``_describe_as_now``).
    The entries from that one on (``exact_to`` + 1) are settled as one part,
    from there, as ``settle`` does a tail. ``read(lo, hi)``: the envelopes of
    entries ``lo..hi`` (``rows_read``: from the rows the sketch read, each
    event decoded as its part is settled). ``final``: the state after the last entry
    (its ``corrections`` are the ones in force)."""

    def __init__(self, out: list[LogEntry], read: Callable[[int, int], list[Envelope]],
                 history, final):
        self.out, self.read, self.history = out, read, history
        n = len(out)
        self.stand_ins = dict(final.corrections) if final is not None and final.corrections \
            else {}
        corrected = min(self.stand_ins) if self.stand_ins else n + 1
        self.exact_to = min(n, max(0, corrected - 1))  # parts up to here: as written
        # the parts after it too: each part's states as written, then the entries
        # whose states the corrections in force read otherwise, refolded (``_as_now``)
        self._todo = [(lo, min(lo + CHUNK - 1, self.exact_to))
                      for lo in range(1, self.exact_to + 1, CHUNK)]
        self._todo += [(lo, min(lo + CHUNK - 1, n)) for lo in range(self.exact_to + 1, n + 1, CHUNK)]
        self._targets = sorted(self.stand_ins)
        # (id of a state's corrections, how many targets) -> (them, they hold exactly those)
        self._good: dict[tuple, tuple] = {}
        self._now: dict[int, object] = {}  # the last refold's states, as now (``_refolded``)
        # parts already settled (a tail taken by ``with_tail``) are skipped
        self._todo = [p for p in self._todo if any(e.clock is None for e in out[p[0] - 1:p[1]])]

    @property
    def done(self) -> bool:
        return not self._todo

    def next_part(self, wanted=()) -> tuple[int, int] | None:
        """The next part to settle: the newest of ``wanted`` (seqs the GM has
        on screen unsettled) first, else the oldest left."""
        for seq in reversed(wanted):
            for part in self._todo:
                if part[0] <= seq <= part[1]:
                    return part
        return self._todo[0] if self._todo else None

    def settle(self, part: tuple[int, int], stop=lambda: False) -> bool:
        """Settle the entries ``lo..hi`` in place (False: stopped part way;
        the part is then left to do, and is done whole again)."""
        lo, hi = part
        state = self.history.state_at(lo - 1) if lo > 1 else None
        written = [state] if hi > self.exact_to else None
        whole = settle(self.out[lo - 1:hi], self.read(lo, hi), self.history, state, stop,
                       as_now=False, keep=written)
        if whole and written is not None:
            self._as_now(lo, hi, written)
        if whole:
            self._todo.remove(part)
        return whole

    # -- a part after the earliest corrected entry ------------------------------------
    #
    # Each state of the log equals the refold, from the earliest correction in
    # force there, of its own corrections in force (core/timeline/fold.py,
    # ``refold_corrected``). So where a state as written holds exactly the corrections
    # in force at the end for the entries up to it, it is the state the
    # corrected log leads to there (``as_now``'s, but for its ``corrections``
    # field, which nothing describing it reads). Only the entries whose states
    # hold others (a correction made later of an entry before them, or one in
    # force then and undone since) are refolded, from the nearest state that
    # holds exactly those; before, the part from the earliest corrected entry to
    # the end was one part, refolded whole: on the mixed 100k log a jump to
    # 9/10 of the list waited 6 s for its lines' game times.

    def _holds(self, seq: int, state) -> bool:
        """``state`` (the log's at ``seq``) holds exactly the corrections in
        force at the end of the entries up to ``seq``."""
        targets = self._targets
        if not targets or seq < targets[0]:
            return True  # before the earliest: as written (``as_now``: the log's state)
        k = bisect_right(targets, seq)
        held = state.corrections
        key = (id(held), k)
        found = self._good.get(key)
        if found is not None and found[0] is held:  # kept beside: its id is not reused
            return found[1]
        good = len(held) == k and held == {t: self.stand_ins[t] for t in targets[:k]}
        if len(self._good) > 4096:
            self._good.clear()
        self._good[key] = (held, good)
        return good

    def _base_below(self, seq: int) -> int:
        """The latest entry at or before ``seq`` whose logged state holds
        exactly the corrections in force then (the one before the earliest
        corrected entry at the least): a refold starts after it."""
        floor = self._targets[0] - 1
        while seq > floor:
            state = self.history.state_at(seq)
            if self._holds(seq, state):
                return seq
            held = state.corrections
            end = {t: v for t, v in self.stand_ins.items() if t <= seq}
            differ = [t for t in set(held) | set(end) if held.get(t) != end.get(t)]
            seq = min(min(differ) - 1, seq - 1) if differ else seq - 1
        return floor

    def _as_now(self, lo: int, hi: int, written: list) -> None:
        """Entries ``lo..hi`` (settled from ``written``, the logged states of
        ``lo - 1..hi``) as the corrected log reads them (``_describe_as_now``)."""
        good = [self._holds(seq, st) for seq, st in enumerate(written, start=lo - 1)]
        if all(good):
            return
        out, history = self.out, self.history
        seq = lo
        while seq <= hi:
            if good[seq - lo + 1] and good[seq - lo]:
                seq += 1
                continue
            end = seq  # a run of entries whose states (before or after) differ
            while end < hi and not (good[end - lo + 1] and good[end - lo + 2]):
                end += 1
            now = self._refolded(seq - 1, end, written, lo)
            for entry in out[seq - 1:end]:
                if entry.corrected_by:
                    corr = out[entry.corrected_by - 1]
                    ev = corr.event
                    if isinstance(ev, EntryCorrected) and \
                            self.stand_ins.get(entry.seq) == ev.events:
                        _correction_now(corr, now(entry.seq - 1), now(entry.seq))
                    continue
                before, after = now(entry.seq - 1), now(entry.seq)
                if type(entry.event) in DESCRIBED_WITH_STATE:
                    entry._text = describe(entry.event, entry.rules, after, before)
                if entry.area not in ABOUT_ENTRIES:
                    entry.passed = consequences(before, after)
                    _touch(entry, before, after)
            seq = end + 1

    def _refolded(self, first: int, upto: int, written: list, lo: int):
        """``state_at`` as now for ``first..upto``: a refold with the
        corrections in force, from the nearest logged state at or before
        ``first`` that holds exactly them. An entry of the refold that looks
        back (an undo, a redo, a rewind) to a state that holds others sends it
        back further."""
        base = first if self._holds_at(first, written, lo) else self._base_below(first - 1)
        # the last refold's states go on where it ended: the parts after a
        # correction made long after its entry, settled in order, refold one
        # part each, not each from the corrected entry again
        last = max(self._now, default=0)
        if base < last <= first:
            try:
                return self._refold_from(last, upto)
            except _LooksBack as e:
                base = min(base, self._base_below(e.seq - 1))
        while True:
            try:
                return self._refold_from(base, upto)
            except _LooksBack as e:
                base = min(base, self._base_below(e.seq - 1))

    def _holds_at(self, seq: int, written: list, lo: int) -> bool:
        i = seq - lo + 1
        if 0 <= i < len(written):
            return self._holds(seq, written[i])
        return self._holds(seq, self.history.state_at(seq))

    def _refold_from(self, base: int, upto: int):
        history, floor = self.history, self._targets[0]
        outer = self

        now = self._now

        class Before:  # the log's states before ``base + 1``, each as now or refused
            def state_at(self, seq: int):
                if seq in now:
                    return now[seq]
                state = history.state_at(seq)
                if seq >= floor and not outer._holds(seq, state):
                    raise _LooksBack(seq)
                return state

            def read(self, a: int, b: int):
                return history.read(a, b)

        states: dict[int, object] = {}
        if base in now:  # a state a refold found before: as now
            states[base] = now[base]
        if base < upto:
            start = states[base] if base in states else \
                history.state_at(base) if base > 0 else None
            _refold(Before(), base + 1, upto, self.stand_ins, states.__setitem__, base=start)
            self._now = {seq: st for seq, st in states.items() if seq > upto - 2 * CHUNK}

        def state_at(seq: int):
            return states[seq] if seq in states else history.state_at(seq)
        return state_at

    def settle_all(self, stop=lambda: False, wanted=lambda: ()) -> bool:
        while self._todo:
            if stop() or not self.settle(self.next_part(wanted()), stop):
                return False
        return True


def settle(out: list[LogEntry], envs: list[Envelope], history, state=None,
           stop=lambda: False, as_now: bool = True, keep: list | None = None) -> bool:
    """Fill in, in place, what only the states tell (session, ruleset, clock,
    what time passing did, the lines that quote the state) by replaying
    ``envs`` (``out``'s events) from ``state``, the state before the first.
    Each state folded is handed to ``history.remember`` (a ``Timeline``'s): an
    undo or correction further on then finds the states it looks back to at
    hand, where it replayed up to 1,000 entries from a snapshot for each (the
    mixed 100k log took 13 s). ``stop()`` ends it early: False then, and
    ``out`` is part filled (still a sketch). An entry's own line, described
    before, is kept when its ruleset is the one it was described under.
    ``as_now`` False: the lines as the log wrote them, for a part of the list
    before every corrected entry (``Settling``). ``keep``: each state folded
    is appended to it."""
    remember = getattr(history, "remember", None)
    with_state, about = DESCRIBED_WITH_STATE, ABOUT_ENTRIES
    parts, touched_before = touched_parts(), _Touched  # whom an entry touched (``_touch``)
    for done, (entry, env) in enumerate(zip(out, envs), start=1):
        if done % 1000 == 1 and stop():  # at the first entry, then every 1,000
            return False
        before, state = state, step(state, env, history)
        if remember is not None:
            remember(env.seq, state)
        if keep is not None:
            keep.append(state)
        if entry._event is None:  # a sketch's, still its row's data: decoded now
            entry._event, entry._data, entry._decode = env.event, None, None
        rules = state.ruleset.rules
        if entry.rules is not rules:
            entry._text = None
        # between sessions an entry belongs to none (0), as the log records it
        entry.session = state.session if state.in_session or \
            (before is not None and before.in_session) else 0
        entry.rules = rules
        kind = type(env.event)
        if kind in with_state:  # the state is at hand only now
            entry._text = describe(env.event, rules, state, before)
        if entry.area not in about:
            entry.passed = consequences(before, state)
            # asked only where a part the areas read changed, or settled before
            # (tuples of the parts: equal at once where each is the very object it was)
            if before is not None:
                was, now = parts(before), parts(state)
                if was != now or type(entry.names) is touched_before:
                    _touch(entry, before, state, was, now)
        entry.clock = state.clock
    if as_now:
        _describe_as_now(out, history, state, out[0].seq if out else 1)
    return True


def _names(ev) -> tuple[str, ...]:
    """The characters an event names; most events name none, and asking each
    of 100,000 cost the list 0.3 s."""
    has = _NAMEFUL.get(type(ev))
    if has is None:
        has = _NAMEFUL[type(ev)] = bool(name_fields(type(ev)))
    return ev.names() if has else ()


_NAMEFUL: dict[type, bool] = {}


def _stand_ins(entry: LogEntry, stand, corrected: dict) -> None:
    """A correction that stands shows the dice and names of the events standing
    in; one undone, or gone with a rewind to before it, its own."""
    ev = entry.event
    shown = [ev]
    if entry.seq in stand:
        corrected.setdefault(ev.target, []).append(entry.seq)  # each one; the last in force
        shown = [cook(r) for r in ev.events]
    entry._dice = [r for e in shown for r in rolls_in(e)]
    entry.names = tuple(n for e in shown for n in e.names())


def _in_force(out: list[LogEntry], corrections) -> dict[int, LogEntry]:
    """The corrections in ``out`` in force in ``corrections`` (a state's), by
    the entry each corrects: the last one standing in as the state has it."""
    found: dict[int, LogEntry] = {}
    for entry in out:
        if entry.type != "entry_corrected":
            continue
        ev = entry.event
        if isinstance(ev, EntryCorrected) and corrections.get(ev.target) == ev.events:
            found[ev.target] = entry
    return found


def _now_from(history, final, lo: int, hi: int) -> Callable[[int], object]:
    """``as_now``'s states for ``lo - 1..hi`` only: one refold from ``lo`` where
    the logged state before it holds exactly the corrections in force before
    it (a tail's corrections of entries not long before it), else from the
    earliest correction (``fold.refold_corrected``)."""
    states: dict[int, object] = {}
    refold_corrected(history, dict(final.corrections), lo, hi, states.__setitem__)
    return lambda seq: states[seq] if seq in states else history.state_at(seq)


def _correction_now(corr: LogEntry, before, after) -> None:
    """A correction in force reads as its entry would, recorded that way: its
    line from the states the corrected log leads to, and what time passing did
    there (``core.consequences``: gm-review5 R5)."""
    if before is None or after is None:
        return
    corr._now, corr._now_entry = correction_as_now(corr.event, before, after)
    corr.passed = consequences(before, after)


def _describe_as_now(out: list[LogEntry], history, final, first: int) -> None:
    """A line that quotes the state (a chase save's exhaustion modifier, a
    hasty exit's roll against the party) and what time passing did say what
    the campaign says now: after a correction, from the states the corrected
    log leads to. A tail read only does so when every correction in force
    falls inside it (no long refold)."""
    if final is None or not final.corrections or not out:
        return
    start = min(final.corrections)
    in_force = _in_force(out, final.corrections)
    if start < first:
        # a tail (``tracker do``'s lines): the corrections in force in it
        # still read their entries as the corrected log now has them
        earlier = {t: e for t, e in in_force.items() if t < first}
        if earlier:
            now = _now_from(history, final, min(earlier), max(earlier))
            for target, corr in earlier.items():
                _correction_now(corr, now(target - 1), now(target))
        return
    now = None
    for entry in out[start - first:]:
        if now is None and (not entry.corrected_by or entry.seq in in_force):
            now = as_now(history, final, out[-1].seq)
        if entry.corrected_by:
            corr = in_force.get(entry.seq)
            if corr is not None:
                _correction_now(corr, now(entry.seq - 1), now(entry.seq))
            continue
        before, after = now(entry.seq - 1), now(entry.seq)
        if type(entry.event) in DESCRIBED_WITH_STATE:
            entry._text = describe(entry.event, entry.rules, after, before)
        if entry.area not in ABOUT_ENTRIES:
            entry.passed = consequences(before, after)
            _touch(entry, before, after)


class _Touched(tuple):
    """An entry's names with the characters it touched after them
    (``_touch``); ``base``: how many are its events' own, so that settling it
    again (as the corrected log reads it) starts from those."""

    base: int


def _touch(entry: LogEntry, before, after, was=None, now=None) -> None:
    """Add to ``entry.names`` the characters it touched (core/touched.py:
    whose hit points, exhaustion, life, light or place in a chase it changed,
    read from the states before and after it), so the character filter finds
    a Doom death, a chase complication's damage or a travel day's saves under
    the character (gm-review4 R5). Only what the states tell, so an entry is
    found so once settled, as its words of what time passing did are."""
    found = touched(before, after, was, now)
    names = entry.names
    if type(names) is _Touched:
        names = names[:names.base]  # a plain tuple: settled before, from other states
    elif not found:  # most entries: nobody touched, nothing settled before
        return
    more = [n for n in found if n not in names]
    if more:
        full = _Touched(names + tuple(more))
        full.base = len(names)
        names = full
    entry.names = names


def extended(old: list[LogEntry], envs: list[Envelope], history, before) -> list[LogEntry] | None:
    """``entries`` of a whole log that grew by ``envs`` since ``old`` was built
    (``before``: the state after ``old``'s last entry), built from the new
    entries alone, or None where only a whole rebuild gives the same list.

    A keystroke adds an entry or two to a log of 100,000: rebuilding every
    entry for it cost the log screen a whole replay. The new entries can change
    an older one only by undoing or redoing it (its ``undone`` mark, copied,
    never changed in place: the screen may be drawing it). A correction, a
    rewind, or the undo or redo of a correction changes which corrections
    stand, and so what older lines say (``_describe_as_now``), as does the
    undo or redo of a rewind: the list is then rebuilt whole, as is anything
    but a complete log from entry 1. With the corrections unchanged, a new
    entry, after every correction, reads the same from the state written as
    from the corrected log."""
    if not envs:
        return old
    if not old or old[-1].seq != len(old) or envs[0].seq != len(old) + 1:
        return None
    if before is None or any(isinstance(env.event, (EntryCorrected, Rewound)) for env in envs):
        return None
    tail = entries(envs, history, before)
    out = old + tail
    for env in envs:
        ev = env.event
        if not isinstance(ev, (Undone, Redone)):
            continue
        for i in range(ev.first_seq - 1, min(ev.last_seq, len(out))):
            e = out[i]
            if isinstance(e.event, (EntryCorrected, Rewound)):
                # which corrections stand changes (a rewind undone brings back
                # the corrections it went back past): rebuilt whole
                return None
            if e.command_id == ev.command_id:
                out[i] = msgspec.structs.replace(e, undone=isinstance(ev, Undone))
    return out
