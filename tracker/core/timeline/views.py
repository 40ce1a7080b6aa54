"""How the timeline's entries read in the log, and a correction or rewind in
words before it is recorded."""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import _
from ..changes import changes_in_words
from ..consequences import consequences
from ..describe import describe
from ..events import Event, describes
from ..handlers import EVOLVERS
from ..state import State
from .entries import EntryCorrected, Redone, Rewound, Undone, cook
from .kinds import kind_words


# --- how its events read in the log ------------------------------------------------

@describes(Undone)
def _describe_undone(ev: Undone, rules) -> str:
    return _("Undid: {what} (from #{seq})").format(what=kind_words(ev.label), seq=ev.first_seq)


@describes(Redone)
def _describe_redone(ev: Redone, rules) -> str:
    return _("Redid: {what} (from #{seq})").format(what=kind_words(ev.label), seq=ev.first_seq)


def stand_in_lines(stand_ins, rules) -> list[tuple[Event, str]]:
    """The events standing in for a corrected entry (``Raw``s: a correction's,
    or ``state.corrections``'), each with its line as the correction reads it:
    the one reading of a corrected entry, for the GM's log and the players'."""
    return [(ev, describe(ev, rules)) for ev in map(cook, stand_ins)]


@describes(EntryCorrected)
def _describe_entry_corrected(ev: EntryCorrected, rules) -> str:
    return _corrected_line(ev, "; ".join(line for _ev, line in stand_in_lines(ev.events, rules)))


def correction_as_now(ev: EntryCorrected, before: State, after: State) -> tuple[str, str]:
    """A correction in force as the log reads it now, and the entry it stands
    for as it reads now: its events described as the entry would be, with the
    states the corrected log leads to (``before``: just before the entry
    corrected, ``after``: just after), so a corrected hasty exit still says who
    saved against what and each fate (gm-review5 R4), as the original entry's
    line did. The players' view reads the second."""
    new = stand_in_text([cook(r) for r in ev.events], before, after)
    return _corrected_line(ev, new), new


def _corrected_line(ev: EntryCorrected, new: str) -> str:
    if ev.note:
        return _("Corrected #{seq}: {entry} ({note})").format(seq=ev.target, entry=new,
                                                             note=ev.note)
    return _("Corrected #{seq}: {entry}").format(seq=ev.target, entry=new)


def stand_in_text(events: list[Event], before: State, after: State) -> str:
    """Events standing in for an entry, in words: each with the state it makes
    from the one before it (the last's: ``after``, the entry's own)."""
    rules = after.ruleset.rules
    lines, state = [], before
    for i, e in enumerate(events):
        step_before = state
        state = after if i == len(events) - 1 else _evolved(state, e)
        lines.append(describe(e, rules, state, step_before))
    return "; ".join(lines)


def with_passed(line: str, before: State | None, after: State | None) -> str:
    """``line``, then what time passing did between the two states, as the
    log shows an entry: "Turn: explore — Wren's torch (#2) went out"."""
    passed = consequences(before, after)
    return f"{line} — {'; '.join(passed)}" if passed else line


def _evolved(state: State, ev: Event) -> State:
    fn = EVOLVERS.get(type(ev))
    return state if fn is None or state is None else fn(state, ev)


@describes(Rewound)
def _describe_rewound(ev: Rewound, rules) -> str:
    return _("Rewound the campaign to #{seq}").format(seq=ev.to_seq)


# --- what a correction or rewind would do, in words (shown before it is recorded) ---------

@dataclass(frozen=True)
class Preview:
    """A correction or rewind as the GM confirms it."""

    after: State  # the campaign once it is recorded
    entry_now: str  # the entry's log line as it reads now ('' for a rewind)
    entry_after: str  # ...and as it will read
    changes: list[str]  # what changes in the campaign, one line each
    undoes: list[str]  # later corrections it undoes: "the correction of #12"


def entry_line(events: list[Event], rules, state: State | None,
               before: State | None = None) -> str:
    """The entry's line; ``before`` (the state just before the entry) reaches
    its first event's describer, as the log's does (a day's miles to the route's end)."""
    return "; ".join(describe(e, rules, state, before if i == 0 else None)
                     for i, e in enumerate(events))


def preview(before: State, after: State, entry_now: str = "", entry_after: str = "",
            replacing: int = 0) -> Preview:
    """Compare the campaign now and after: what changes, and which corrections
    in force now no longer are (rewinding to before they were made undoes them;
    correcting entry ``replacing`` again replaces its correction, not undoes it)."""
    gone = sorted(t for t, stand_in in before.corrections.items()
                  if t != replacing and after.corrections.get(t) != stand_in)
    return Preview(after, entry_now, entry_after, changes_in_words(before, after),
                   [_("the correction of #{seq}").format(seq=t) for t in gone])
