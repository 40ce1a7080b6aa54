"""Which characters an entry touched: whose hit points, exhaustion or life
(or light, or place in a chase) it changed, whatever the entry was and
whether it names them or not (a hasty exit's Doom fate, a chase
complication's damage, a travel day's saves, a level of malnutrition).

Read from the states before and after the entry when the log is read, as
``consequences`` is: nothing is stored, so a correction of an earlier entry
changes it too. Each area registers what it reads in its part of the state
(``@touches("party")``: the characters whose sheet changed); this module
names no area. The log's character filter (``history.filtered``: CLI
``log --character`` and the app's log screen) finds an entry under every
character it names or touched.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Callable, Iterable

from .state import State

Toucher = Callable[[State, State], Iterable[str]]
_TOUCHERS: list[tuple[int, Callable[[State], object], Toucher]] = []


def touches(part: str, *, order: int):
    """Register ``fn(before, after) -> names``: the characters an entry
    touched, as the state's ``part`` ("party", "lights") tells. It is asked
    only when that part is not the very object it was (most entries leave
    most parts as they were)."""

    def register(fn: Toucher) -> Toucher:
        _TOUCHERS.append((order, attrgetter(part), fn))
        _TOUCHERS.sort(key=lambda t: t[0])
        return fn
    return register


def touched(before: State | None, after: State | None) -> tuple[str, ...]:
    """Every area's characters touched between two states, each once, in the
    areas' order (empty for the campaign's first entry)."""
    if before is None or after is None:
        return ()
    out: list[str] = []
    for _order, part, fn in _TOUCHERS:
        if part(before) is not part(after):
            for name in fn(before, after):
                if name and name not in out:
                    out.append(name)
    return tuple(out)
