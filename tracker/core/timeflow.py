"""Moving the campaign clock, and everything that follows from time passing.

Each area registers how it reacts to time (``@on_time``): lights burn,
effects end, rations are eaten and spoil, bastion turns fall due. A hook writes its changes into the dict it is given;
the state is copied once per step, however many areas react, which keeps
replay fast.
"""

from __future__ import annotations

from typing import Any, Callable

from msgspec.structs import replace

from .state import State


Hook = Callable[[State, int, int, bool, dict], None]
TIME_HOOKS: list[Hook] = []


def on_time(fn: Hook) -> Hook:
    """Register ``fn(state, elapsed, clock, burning, changes)``: how an area
    reacts to time passing. ``state`` is the state before, ``clock`` the new
    clock, ``burning`` False where lights do not burn (a night at the inn);
    a hook reads a part as ``changes.get(name, state.<name>)`` (an earlier
    hook may have changed it) and writes ``changes[name] = value``. Hooks run
    in the areas' import order."""
    TIME_HOOKS.append(fn)
    return fn


def pass_time(state: State, elapsed: int, burning: bool = True, **parts: Any) -> State:
    """Advance the clock by ``elapsed`` seconds; every area reacts.

    ``parts`` replace parts of the state in the same step (a turn passes
    ``dungeon=`` so the state is copied once per turn)."""
    clock = state.clock + elapsed
    for hook in TIME_HOOKS:
        hook(state, elapsed, clock, burning, parts)
    return replace(state, clock=clock, **parts)
