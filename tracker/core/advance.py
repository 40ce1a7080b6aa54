"""Advance N steps (turns, travel days, bastion weeks), stopping at what the
GM must see: one loop for every area that moves time in repeated steps."""

from __future__ import annotations

from typing import Callable

from .events import Event
from .state import State


def advance(state: State, n: int, next_event: Callable[[State], Event],
            fold: Callable[[State, Event], State],
            stops: Callable[[State, State], bool]) -> list[Event]:
    """Up to ``n`` events, each decided on the state the one before left.

    With more than one step asked for, the run ends after a step where
    ``stops(before, after)`` holds (an encounter, a light going out, a rest
    falling due), so the GM sees it before time moves on."""
    out: list[Event] = []
    for _ in range(n):
        ev = next_event(state)
        out.append(ev)
        after = fold(state, ev)
        if n > 1 and stops(state, after):
            break
        state = after
    return out
