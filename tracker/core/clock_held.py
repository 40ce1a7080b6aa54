"""What holds the clock for the other areas: a chase runs in rounds of
seconds, and days of downtime, bastion weeks, a dungeon turn, a travel day or
a rest cannot pass in the middle of it. An area registers
``@holds_clock``: ``fn(state, command) -> why`` ("" when it does not hold
the clock for that command); the engine refuses, with ``why``, a command
whose events would move the clock while one holds it, or one that takes
the party elsewhere (``moves_party``). The check is the
deciders' (a command refused, nothing in the log), so every path that passes
time meets it, and a campaign written before replays as it did."""

from __future__ import annotations

from typing import Callable

from .state import State

Holder = Callable[[State, object], str]
HOLDERS: list[Holder] = []
# commands that take the party elsewhere (aboard another vessel, ashore):
# held as time is, though they pass none (known-issue 7), so a chase
# in one place does not go on in another. An area registers its own.
MOVES_PARTY: dict[type, Callable[[State, object], bool]] = {}


def moves_party(*command_types: type, when: Callable[[State, object], bool] | None = None
                ) -> None:
    """``command_types`` take the party elsewhere (``when(state, command)``:
    only where it says so, as going aboard another vessel, not the one the
    party is on)."""
    for t in command_types:
        MOVES_PARTY[t] = when or (lambda state, command: True)


def goes_elsewhere(state: State, command) -> bool:
    """``command`` takes the party elsewhere (``moves_party``)."""
    when = MOVES_PARTY.get(type(command))
    return when is not None and when(state, command)


def holds_clock(fn: Holder) -> Holder:
    HOLDERS.append(fn)
    return fn


def held(state: State, command) -> str:
    """Why ``command`` may not pass time now, or ""."""
    for fn in HOLDERS:
        if why := fn(state, command):
            return why
    return ""
