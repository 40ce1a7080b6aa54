"""What areas teach corrections: how an entry is rolled again from retyped
dice (``@rerolls``), which values a field may take (``offers_choices``), and
which entries a GM may insert after an earlier one (``@insertable``).

An area registers these from its own modules; the corrections of
``entries.py`` and ``amend.py`` look them up and name no area.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from ..errors import Refused
from ..events import Event
from ..state import State

REROLLERS: dict[type, Callable] = {}


def rerolls(event_type: type):
    """Register ``fn(state, event, dice) -> event``: the entry rolled again from
    the dice the GM retypes, for an event whose later dice depend on its first
    (a quiet check typed into an encounter needs surprise and distance too).
    Subclasses of ``event_type`` are rolled again the same way."""

    def register(fn):
        REROLLERS[event_type] = fn
        return fn
    return register


def reroller(ev: Event) -> Callable | None:
    return next((REROLLERS[t] for t in type(ev).__mro__ if t in REROLLERS), None)


CHOICES: dict[tuple[type, str], Callable[[State], list[str]]] = {}


def offers_choices(event_type: type, field: str):
    """Register ``fn(state) -> values``: the only values ``field`` of
    ``event_type`` may take under the state's ruleset (a turn's activity), so
    a correction offers them instead of asking for text."""

    def register(fn):
        CHOICES[(event_type, field)] = fn
        return fn
    return register


def field_choices(state: State, ev: Event, field: str) -> list[str] | None:
    """The values the GM may choose for ``field`` of ``ev`` under the rules of
    ``state`` (the entry's own moment), or None where it is typed: an area's
    list, or yes and no for a flag."""
    fn = next((CHOICES[(t, field)] for t in type(ev).__mro__ if (t, field) in CHOICES), None)
    if fn is not None:
        return list(fn(state))
    return ["yes", "no"] if isinstance(getattr(ev, field, None), bool) else None


class Insert(NamedTuple):
    label: str  # "a forgotten turn"
    options: Callable[[State], list[str]]  # what the GM may insert, e.g. the activities
    make: Callable[[State, str], Event]  # the event for the chosen option (may refuse)


INSERTS: dict[str, Insert] = {}


def insertable(kind: str, label: str, options: Callable[[State], list[str]]):
    """Register ``make(state, option) -> event``: an entry of ``kind`` the GM may
    insert after an earlier one (``amend --insert-turn rest``)."""

    def register(make):
        if kind in INSERTS:
            raise RuntimeError(f"two areas insert {kind!r}")
        INSERTS[kind] = Insert(label, options, make)
        return make
    return register


def inserted(state: State, kind: str, option: str) -> Event:
    """The event an insertion of ``kind`` stands for, refused if it is unknown."""
    if kind not in INSERTS:
        raise Refused(f"nothing of kind {kind!r} can be inserted (only: {', '.join(INSERTS)})")
    return INSERTS[kind].make(state, option)
