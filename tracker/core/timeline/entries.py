"""Entries about entries: undo, redo, rewind and corrections.

Undo and redo are events naming a command. Undo restores the state as it
stood just before that command (``state_at(first_seq - 1)``); redo restores
it as it stood just after (``state_at(last_seq)``). History is linear, as in
any editor: a new action clears the redo stack.

A correction is a new entry naming the entry it corrects; the events it holds
stand in for that entry when the log is replayed, and everything after it is
recomputed (``fold.step`` refolds). The corrections in force are part of the
state, so undoing a correction, or rewinding past it, simply restores the
state without it. A rewind returns the campaign to how it stood right after
an earlier entry.
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta

from ...i18n import _, ngettext
from ..errors import Refused
from ..events import EVENT_TYPES, Envelope, Event, declare_log_area, decode, encode, event
from ..handlers import STEPPED, Command, decides
from ..limits import Seq, friendly
from ..state import State
from .hooks import counts
from .kinds import type_words
from .model import Raw

declare_log_area("history", by=__file__)  # the log's --area for every entry here

UNCORRECTABLE = {"campaign_created", "undone", "redone", "entry_corrected", "rewound",
                 "ruleset_changed"}


class Undo(Command, frozen=True):
    REDECIDE_ON_NEWER_LOG = False


class Redo(Command, frozen=True):
    REDECIDE_ON_NEWER_LOG = False


class CorrectEntry(Command, frozen=True):
    """Stand ``events`` in for entry ``seq`` (built by ``amend.amended`` / ``hooks.inserted``)."""

    seq: int
    events: tuple[Raw, ...]
    note: str = ""
    # later entries the correction moves, refitted to their new place (a check
    # now due on a turn the insertion pushed onto the schedule): (seq, events)
    also: tuple[tuple[int, tuple[Raw, ...]], ...] = ()


class Rewind(Command, frozen=True):
    """Return the campaign to how it stood right after entry ``to_seq``."""

    REDECIDE_ON_NEWER_LOG = False
    to_seq: int


@event("entry_corrected", area="history")
class EntryCorrected(Event, frozen=True):
    target: Seq
    events: Annotated[tuple[Raw, ...], Meta(min_length=1, max_length=64)]
    note: Annotated[str, Meta(max_length=10_000)] = ""


def _corrections(types) -> int:
    """A correction is one command however many entries it wrote (the entry
    corrected and each later one it moved): undo names it so (gm-review3 C1:
    "Undid: 4 × entry corrected" for one inserted turn)."""
    return 1 if types and all(t == "entry_corrected" for t in types) else 0


counts("correction", "corrections",
       lambda n: ngettext("a correction", "{n} corrections", n).format(n=n), _corrections,
       first=True)


@event("rewound", area="history")
class Rewound(Event, frozen=True):
    to_seq: Seq


@event("undone", area="history")
class Undone(Event, frozen=True):
    command_id: Annotated[str, Meta(min_length=1, max_length=64)]
    first_seq: Seq
    last_seq: Seq
    label: Annotated[str, Meta(max_length=200)] = ""


@event("redone", area="history")
class Redone(Event, frozen=True):
    command_id: Annotated[str, Meta(min_length=1, max_length=64)]
    first_seq: Seq
    last_seq: Seq
    label: Annotated[str, Meta(max_length=200)] = ""


LOOKING_BACK = frozenset({Undone, Redone, Rewound, EntryCorrected})  # fold.step's own
STEPPED.update(LOOKING_BACK)  # no area may evolve them (see handlers.STEPPED)


def points_back(env: Envelope) -> None:
    """An entry about other entries may only name earlier ones (a log that
    names itself or the future could never be replayed)."""
    ev = env.event
    # (the earliest and latest named, without the builtins ``min`` and ``max``,
    # whose calls parse keywords: every undo and redo of a replay comes here)
    if isinstance(ev, (Undone, Redone)):
        lo, hi, bad = ev.first_seq, ev.last_seq, ev.first_seq > ev.last_seq
    else:
        lo = hi = ev.to_seq if isinstance(ev, Rewound) else ev.target
        bad = False
    if bad or hi >= env.seq or lo < 1:
        seqs = (lo, hi)
        raise Refused(_("entry #{seq} ({kind}) names entry #{named}, which is not before it")
                      .format(seq=env.seq, kind=type_words(env.type), named=max(seqs)))


def raw(ev: Event) -> Raw:
    return Raw(ev.TYPE, ev.VERSION, encode(ev).decode())


def cook(r: Raw) -> Event:
    return decode(r.type, r.version, r.data)


@decides(Undo)
def _decide_undo(state: State, cmd: Undo, dice) -> list[Event]:
    ref = state.last_done
    if ref is None:
        raise Refused(_("nothing to undo"))
    return [Undone(ref.id, ref.first_seq, ref.last_seq, ref.label)]


@decides(Redo)
def _decide_redo(state: State, cmd: Redo, dice) -> list[Event]:
    if not state.redo:
        raise Refused(_("nothing to redo"))
    ref = state.redo[0]
    return [Redone(ref.id, ref.first_seq, ref.last_seq, ref.label)]


@decides(CorrectEntry)
def decide_correct(state: State, cmd: CorrectEntry, dice) -> list[Event]:
    if cmd.seq < 2:
        raise Refused(_("the campaign's first entry cannot be corrected"))
    corrections = ((cmd.seq, cmd.events), *cmd.also)
    for seq, events in corrections:
        if not events:
            raise Refused(_("a correction needs at least one event"))
        for r in events:
            if r.type not in EVENT_TYPES or r.type in UNCORRECTABLE:
                raise Refused(_("{kind!r} cannot stand in a correction").format(
                    kind=type_words(r.type)))
            try:
                cook(r)
            except (msgspec.DecodeError, msgspec.ValidationError) as e:
                raise Refused(_("bad corrected {kind}: {problem}").format(
                    kind=r.type, problem=friendly(e))) from None
    if any(seq <= cmd.seq for seq, _events in cmd.also):
        raise Refused(_("a correction may move only the entries after the one it corrects"))
    return [EntryCorrected(seq, events, cmd.note) for seq, events in corrections]


@decides(Rewind)
def decide_rewind(state: State, cmd: Rewind, dice) -> list[Event]:
    if cmd.to_seq < 1:
        raise Refused(_("rewind to an entry number of 1 or more"))
    return [Rewound(cmd.to_seq)]

