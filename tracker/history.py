"""The campaign log as entries a GM reads: text, time, area, dice, status."""

from __future__ import annotations

import time
import typing
from dataclasses import dataclass, field, replace

from .core import clock
from .core.consequences import consequences
from .core.describe import describe
from .core.dice import Roll
from .core.dice import rolls_in as dice_rolls_in
from .core.events import DESCRIBED_WITH_STATE, EVENT_TYPES, Envelope
from .core.timeline.entries import EntryCorrected, Redone, Rewound, Undone, cook
from .core.timeline.fold import as_now, step

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


@dataclass(slots=True)  # no __dict__ per entry: a 100k list holds 100k of them
class LogEntry:
    """One entry as the GM reads it. Its session and clock are both those of the
    campaign after the entry: a rewind from session 2 into session 1 stands in
    session 1, at session 1's time."""

    seq: int
    session: int
    command_id: str
    type: str
    event: object  # the event as recorded
    rules: object  # the ruleset in force, to describe it
    clock: int
    recorded_at: str
    area: str
    dice: list[Roll] = field(default_factory=list)
    undone: bool = False
    corrected_by: int = 0  # the entry that corrects this one (0: none)
    names: tuple[str, ...] = ()  # characters the entry mentions
    # what time passing did in this entry ("Bless ended"), read from the states
    # before and after it when the log is read (core/consequences.py)
    passed: tuple[str, ...] = ()
    _text: str | None = None

    @property
    def line(self) -> str:
        """The entry's own line. Described on first use: a long log opens
        without describing every entry."""
        if self._text is None:
            self._text = describe(self.event, self.rules)
        return self._text

    @property
    def text(self) -> str:
        """The line, then what time passing did: "Turn: explore — Bless ended"."""
        return f"{self.line} — {'; '.join(self.passed)}" if self.passed else self.line

    @property
    def game_time(self) -> str:
        return clock.stamp(self.rules, self.clock)

    def as_json(self) -> dict:
        return {"seq": self.seq, "session": self.session, "command_id": self.command_id,
                "type": self.type, "area": self.area, "text": self.text,
                "game_time": self.game_time, "clock": self.clock,
                "recorded_at": self.recorded_at, "undone": self.undone,
                "corrected_by": self.corrected_by or None,
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


def describe_all(entries: list[LogEntry], stop=lambda: False, batch: int = 500) -> None:
    """Describe every entry's line now (``LogEntry.text``), a batch at a time,
    pausing between batches so the thread drawing the screen gets its turn;
    ``stop()`` ends it early. The log screen's worker calls it once the whole
    list is shown: the first text search then finds the lines described (it
    described all 100,000 itself, 0.3 s). An entry the screen describes first
    is described once all the same: both give the same line."""
    for lo in range(0, len(entries), batch):
        if stop():
            return
        for e in entries[lo:lo + batch]:
            if e._text is None:
                e._text = describe(e.event, e.rules)
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
    undone = undone_commands(envs)
    out = []
    corrected: dict[int, int] = {}
    first = envs[0].seq if envs else 1
    for env in envs:
        before, state = state, step(state, env, history)
        ev = env.event
        if isinstance(ev, EntryCorrected) and env.command_id not in undone:
            corrected[ev.target] = env.seq
            shown = [cook(r) for r in ev.events]
        else:
            shown = [ev]
        entry = LogEntry(
            env.seq, state.session, env.command_id, env.type, ev, state.ruleset.rules,
            state.clock, env.recorded_at,
            AREA_OF.get(env.type, "campaign"), [r for e in shown for r in rolls_in(e)],
            env.command_id in undone, 0, tuple(n for e in shown for n in e.names()))
        if type(ev) in DESCRIBED_WITH_STATE:  # the state is at hand only now
            entry._text = describe(ev, entry.rules, state, before)
        if entry.area not in ABOUT_ENTRIES:
            entry.passed = consequences(before, state)
        out.append(entry)
    for target, by in corrected.items():
        if first <= target < first + len(out):
            out[target - first].corrected_by = by
    _describe_as_now(out, history, state, first)
    return out


def _describe_as_now(out: list[LogEntry], history, final, first: int) -> None:
    """A line that quotes the state (a chase save's exhaustion modifier, a
    hasty exit's roll against the party) and what time passing did say what
    the campaign says now: after a correction, from the states the corrected
    log leads to. A tail read only does so when every correction in force
    falls inside it (no long refold)."""
    if final is None or not final.corrections or not out:
        return
    start = min(final.corrections)
    if start < first:
        return
    now = None
    for entry in out[start - first:]:
        if entry.corrected_by:
            continue
        if now is None:
            now = as_now(history, final, out[-1].seq)
        before, after = now(entry.seq - 1), now(entry.seq)
        if type(entry.event) in DESCRIBED_WITH_STATE:
            entry._text = describe(entry.event, entry.rules, after, before)
        if entry.area not in ABOUT_ENTRIES:
            entry.passed = consequences(before, after)



def extended(old: list[LogEntry], envs: list[Envelope], history, before) -> list[LogEntry] | None:
    """``entries`` of a whole log that grew by ``envs`` since ``old`` was built
    (``before``: the state after ``old``'s last entry), built from the new
    entries alone, or None where only a whole rebuild gives the same list.

    A keystroke adds an entry or two to a log of 100,000: rebuilding every
    entry for it cost the log screen a whole replay. The new entries can change
    an older one only by undoing or redoing it (its ``undone`` mark, copied,
    never changed in place: the screen may be drawing it). A correction, a
    rewind, or the undo or redo of a correction changes which corrections
    stand, and so what older lines say (``_describe_as_now``): the list is
    then rebuilt whole, as is anything but a complete log from entry 1. With
    the corrections unchanged, a new entry, after every correction, reads the
    same from the state written as from the corrected log."""
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
            if isinstance(e.event, EntryCorrected):
                return None  # which correction stands changes: rebuilt whole
            if e.command_id == ev.command_id:
                out[i] = replace(e, undone=isinstance(ev, Undone))
    return out
