"""What the GM must not miss after an action, found by comparing two states.

Each area registers what it reports (``@alerting(order)``); the order puts
the most urgent first (an encounter before a light going out).
"""

from __future__ import annotations

from typing import Callable

import msgspec

from .invariants import is_part, same_of
from .state import State


class Alert(msgspec.Struct, frozen=True):
    severity: str  # "information", "warning" or "error" (Textual's names)
    text: str


_ALERTING: list[tuple[int, Callable[[State, State], list[Alert]], tuple[str, ...]]] = []
# (``same(before, after)``: whether each part some function names is the same
# object in both, {that tuple: the functions to call, in order}, [(function,
# the indexes of its parts, or None: always called)]), made again on each
# registration
_PLAN: list[tuple] = [(same_of([]), {}, [])]


def alerting(order: int, parts: tuple[str, ...] = ()):
    """Register ``fn(before, after) -> [Alert]``; lower orders are shown first.

    ``parts``: fields of the state (or paths into them: "dungeon.checks") such
    that, when each is the same object in ``before`` and ``after``, ``fn`` says
    nothing (most start with that very
    test: ``if after.travel is before.travel: return []``); it is then not
    called at all (a ``t`` in a dungeon changes the clock and the dungeon, and
    called eleven functions that said nothing). None named: always called.
    ``tests/test_append_shortcuts.py`` holds each function to its parts."""
    unknown = [p for p in parts if not is_part(p)]
    if unknown:
        raise TypeError(f"alerting: {unknown} are not parts of the state")

    def register(fn):
        _ALERTING.append((order, fn, tuple(parts)))
        _ALERTING.sort(key=lambda x: x[0])
        names = sorted({p for _o, _f, ps in _ALERTING for p in ps})
        index = {name: i for i, name in enumerate(names)}
        _PLAN[:] = [(same_of(names), {}, [(f, [index[p] for p in ps] if ps else None)
                                          for _o, f, ps in _ALERTING])]
        return fn
    return register


def alerts(before: State | None, after: State) -> list[Alert]:
    if before is None:
        return []
    same, runs, every = _PLAN[0]
    changed = same(before, after)
    run = runs.get(changed)
    if run is None:  # a handful of patterns: made once each
        run = runs[changed] = tuple(fn for fn, idx in every
                                    if idx is None or not all(changed[i] for i in idx))
    out: list[Alert] = []
    for fn in run:
        found = fn(before, after)
        if found:
            out += found
    return out


def registered() -> list[tuple[Callable[[State, State], list[Alert]], tuple[str, ...]]]:
    """Every alert function in order, with the parts it names."""
    return [(fn, parts) for _o, fn, parts in _ALERTING]


def still_there(before: tuple, after: tuple) -> list[tuple]:
    """``(was, now)`` for each item of ``after`` that ``before`` had too (by id):
    a light that burned down, a character who fell."""
    was = {x.id: x for x in before}
    return [(was[x.id], x) for x in after if x.id in was]
