"""What holds the clock for the other areas: a chase runs in rounds of
seconds, and days of downtime, bastion weeks, a dungeon turn, a travel day or
a rest cannot pass in the middle of it. An area registers
``@holds_clock``: ``fn(state, command) -> why`` ("" when it does not hold
the clock for that command); the engine refuses, with ``why``, a command
whose events would move the clock while one holds it. The check is the
deciders' (a command refused, nothing in the log), so every path that passes
time meets it, and a campaign written before replays as it did."""

from __future__ import annotations

from typing import Callable

from .state import State

Holder = Callable[[State, object], str]
HOLDERS: list[Holder] = []


def holds_clock(fn: Holder) -> Holder:
    HOLDERS.append(fn)
    return fn


def held(state: State, command) -> str:
    """Why ``command`` may not pass time now, or ""."""
    for fn in HOLDERS:
        if why := fn(state, command):
            return why
    return ""
