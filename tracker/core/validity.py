"""What an event needs of the state it is folded into, as its command checked it.

A decider checks its command against the campaign before it writes an event.
A correction can change an event's fields afterwards (``amend N --set``) or the
state an old event is folded into (a gale day amended to calm, before the
``gale run`` that followed): so the checks that depend only on the state and
the event's own fields are registered here, once, and both the decider and a
correction's replay run them. ``validate(state, ev)`` raises ``Refused``.

Replay of a written log does not run them: what was written was checked then,
and an old campaign replays as it did.
"""

from __future__ import annotations

from typing import Callable

from ..i18n import _
from .errors import Refused
from .state import State

Check = Callable[[State, object], None]
CHECKS: dict[type, list[Check]] = {}
NO_CHECK: dict[type, str] = {}  # event types whose fields need no check, and why


def holds_for(*event_types: type):
    """Register ``fn(state, event)``: raises ``Refused`` when ``event`` cannot
    stand in ``state`` (its decider calls it too, so the two never differ)."""

    def register(fn: Check) -> Check:
        for t in event_types:
            CHECKS.setdefault(t, []).append(fn)
        return fn
    return register


def needs_no_check(why: str, *event_types: type) -> None:
    """Say that what a GM may amend in ``event_types`` cannot stand wrong in any
    state (a free note, a yes/no that any state takes): ``why`` says so, for
    the test that every amendable event is either checked or listed here."""
    for t in event_types:
        NO_CHECK[t] = why


# what a command takes from the state when the GM says nothing (an evasion's gap
# and surprise from the encounter it follows): (fn(state, ev) -> {field: (value,
# words)}, what it takes them from)
TAKEN: dict[type, tuple[Callable[[State, object], dict[str, tuple[object, str]]], str]] = {}


def takes_from_state(*event_types: type, source: str):
    """Register ``fn(state, event) -> {field: (value, words)}``: the value each
    field of ``event`` gets from ``state`` when the GM gives none, and how it
    reads; ``source`` (marked with ``N_``) names where it comes from. A later
    entry whose field held what the state gave when it was written must still
    hold what the corrected state gives, else the correction is refused
    (``stale``): its command would have taken the new value."""

    def register(fn):
        for t in event_types:
            TAKEN[t] = (fn, source)
        return fn
    return register


def stale(then: State | None, now: State, ev) -> None:
    """Refuse ``ev`` when fields it took from ``then`` (the state it was
    written in) read otherwise in ``now`` (the state a correction folds it
    into). A field the GM gave otherwise than the state said is the GM's: kept."""
    if then is None or type(ev) not in TAKEN:
        return
    take, source = TAKEN[type(ev)]
    becomes = take(now, ev)
    changed = [(words, becomes[f][1]) for f, (value, words) in take(then, ev).items()
               if getattr(ev, f) == value and becomes[f][0] != value]
    if changed:
        raise Refused(_("it took {was} from {source}, which now gives {now}: correct it "
                        "or undo it first").format(
            was=", ".join(w for w, _n in changed), source=_(source),
            now=", ".join(n for _w, n in changed)))


def validate(state: State, ev) -> None:
    for fn in CHECKS.get(type(ev), ()):
        fn(state, ev)


def checked(event_type: type) -> bool:
    return event_type in CHECKS


__all__ = ["holds_for", "needs_no_check", "takes_from_state", "stale", "validate", "checked",
           "Refused"]
