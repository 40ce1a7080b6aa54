"""Advance N steps (turns, travel days, bastion weeks), stopping at what the
GM must see: one loop for every area that moves time in repeated steps.

A run that stops short says why (gm-review7 C12: ``turn --count 6`` stopped
after 4 turns and its output did not say so): ``stops`` gives the reason in
the GM's words, and a caller deciding for the log (``watching``, the
application service) is handed each short run's sentence, to show with the
command's alerts in the app and the CLI alike."""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator

from .events import Event
from .state import State

# the sentences of the runs decided while someone watches (None: nobody does)
_SAID: ContextVar[list[str] | None] = ContextVar("advance_said", default=None)


@contextmanager
def watching() -> Iterator[list[str]]:
    """The sentences of the runs that stop short while deciding inside it,
    each saying how far it went and why it stopped."""
    said: list[str] = []
    token = _SAID.set(said)
    try:
        yield said
    finally:
        _SAID.reset(token)


def advance(state: State, n: int, next_event: Callable[[State], Event],
            fold: Callable[[State, Event], State],
            stops: Callable[[State, State], str | bool],
            short: Callable[[int, int, str], str] | None = None) -> list[Event]:
    """Up to ``n`` events, each decided on the state the one before left.

    With more than one step asked for, the run ends after a step where
    ``stops(before, after)`` holds (an encounter, a light going out, a rest
    falling due), so the GM sees it before time moves on: its reason, in
    the GM's words ("at an encounter"). ``short(done, n, why)``: the
    sentence saying so, handed to whoever is ``watching``; None where the
    caller says it itself (fast travel's "stopped with 120 ft left")."""
    out: list[Event] = []
    for step in range(1, n + 1):
        ev = next_event(state)
        out.append(ev)
        after = fold(state, ev)
        if n > 1 and step < n:
            why = stops(state, after)
            if why:
                said = _SAID.get()
                if said is not None and short is not None:
                    said.append(short(step, n, why if isinstance(why, str) else ""))
                break
        state = after
    return out
