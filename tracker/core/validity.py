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


def validate(state: State, ev) -> None:
    for fn in CHECKS.get(type(ev), ()):
        fn(state, ev)


def checked(event_type: type) -> bool:
    return event_type in CHECKS


__all__ = ["holds_for", "needs_no_check", "validate", "checked", "Refused"]
