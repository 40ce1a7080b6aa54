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
_TOUCHERS: list[tuple[int, str, Toucher]] = []
# every registered part at once (one C call a state: the log settles 100,000
# entries, most of which change none of them), and each toucher in order
_PARTS: list = [lambda state: ()]
_FNS: list[tuple[Toucher, ...]] = [()]


def touches(part: str, *, order: int):
    """Register ``fn(before, after) -> names``: the characters an entry
    touched, as the state's ``part`` ("party", "lights") tells. It is asked
    only when that part is not the very object it was (most entries leave
    most parts as they were)."""

    def register(fn: Toucher) -> Toucher:
        _TOUCHERS.append((order, part, fn))
        _TOUCHERS.sort(key=lambda t: t[0])
        parts = [p for _o, p, _f in _TOUCHERS]
        get = attrgetter(*parts)
        _PARTS[0] = get if len(parts) > 1 else (lambda state: (get(state),))
        _FNS[0] = tuple(f for _o, _p, f in _TOUCHERS)
        return fn
    return register


def parts() -> Callable[[State], tuple]:
    """Every registered part of a state at once, as a tuple: where the two
    tuples are equal (each part the very object it was) nobody was touched. For a loop over many entries (the log's settle), which asks
    ``touched`` only then."""
    return _PARTS[0]


def touched(before: State | None, after: State | None, was: tuple | None = None,
            now: tuple | None = None) -> tuple[str, ...]:
    """Every area's characters touched between two states, each once, in the
    areas' order (empty for the campaign's first entry). ``was``, ``now``:
    their ``parts()``, where the caller has them already."""
    if before is None or after is None:
        return ()
    if was is None or now is None:
        get = _PARTS[0]
        was, now = get(before), get(after)
    if was == now:  # each part the very object it was (a tuple compares identity first)
        return ()
    out: list[str] = []
    for a, b, fn in zip(was, now, _FNS[0]):
        if a is not b:
            for name in fn(before, after):
                if name and name not in out:
                    out.append(name)
    return tuple(out)
