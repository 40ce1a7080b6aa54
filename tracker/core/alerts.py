"""What the GM must not miss after an action, found by comparing two states.

Each area registers what it reports (``@alerting(order)``); the order puts
the most urgent first (an encounter before a light going out).
"""

from __future__ import annotations

from typing import Callable

import msgspec

from .state import State


class Alert(msgspec.Struct, frozen=True):
    severity: str  # "information", "warning" or "error" (Textual's names)
    text: str


_ALERTING: list[tuple[int, Callable[[State, State], list[Alert]]]] = []
_IN_ORDER: tuple[Callable[[State, State], list[Alert]], ...] = ()  # _ALERTING's functions


def alerting(order: int):
    """Register ``fn(before, after) -> [Alert]``; lower orders are shown first."""

    def register(fn):
        global _IN_ORDER
        _ALERTING.append((order, fn))
        _ALERTING.sort(key=lambda x: x[0])
        _IN_ORDER = tuple(f for _, f in _ALERTING)
        return fn
    return register


def alerts(before: State | None, after: State) -> list[Alert]:
    if before is None:
        return []
    out: list[Alert] = []
    for fn in _IN_ORDER:
        found = fn(before, after)
        if found:
            out += found
    return out


def still_there(before: tuple, after: tuple) -> list[tuple]:
    """``(was, now)`` for each item of ``after`` that ``before`` had too (by id):
    a light that burned down, a character who fell."""
    was = {x.id: x for x in before}
    return [(was[x.id], x) for x in after if x.id in was]
