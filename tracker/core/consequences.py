"""What time passing did, in words the log adds to the entry that caused it:
"Turn: explore — 6 fresh rations spoiled; Bless ended".

Nothing here is stored: the words are read from the states before and after
the entry when its line is shown, so a correction of an earlier entry changes
them too. Each area registers what time passing changes in its part
(``@tells_consequences("lights", order=20)``: lights going out, effects
ending, rations eaten and spoiled, bastion turns falling due, water drunk);
this module names no area.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Callable

from .state import State

Teller = Callable[[State, State], list[str]]
_TELLERS: list[tuple[int, Callable[[State], object], Teller]] = []
_AT_ONCE: list[tuple[int, Callable[[State], object], Teller]] = []


def tells_consequences(part: str, *, order: int, at_once: bool = False):
    """Register ``fn(before, after) -> [words]``: what time passing changed in
    the state's ``part`` ("lights", "bastions.all"). It is asked only when the
    clock moved on and that part is not the very object it was; ``at_once``:
    also when the clock stood still (a death lets a light fall)."""

    def register(fn: Teller) -> Teller:
        tellers = _AT_ONCE if at_once else _TELLERS
        tellers.append((order, attrgetter(part), fn))
        tellers.sort(key=lambda t: t[0])
        return fn
    return register


def consequences(before: State | None, after: State | None) -> tuple[str, ...]:
    """Every area's words for what passed between two states (empty when the
    clock did not move forward: a choice the GM made says itself)."""
    if before is None or after is None:
        return ()
    tellers = _AT_ONCE if after.clock <= before.clock else \
        sorted(_TELLERS + _AT_ONCE, key=lambda t: t[0])
    return tuple(w for _, part, fn in tellers
                 if part(before) is not part(after) for w in fn(before, after))
