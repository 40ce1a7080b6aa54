"""Moving the campaign clock, and everything that follows from time passing.

Each area registers how it reacts to time (``@on_time``): lights burn,
effects end, rations are eaten and spoil, bastion turns fall due. A hook writes its changes into the dict it is given;
the state is copied once per step, however many areas react, which keeps
replay fast.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable

from msgspec.structs import replace

from .state import State


Hook = Callable[[State, int, int, bool, dict], None]
TIME_HOOKS: list[tuple[Hook, str, Callable | None]] = []  # hook, part it needs, rest of the path


def on_time(fn: Hook | None = None, *, when: str = ""):
    """Register ``fn(state, elapsed, clock, burning, changes)``: how an area
    reacts to time passing. ``state`` is the state before, ``clock`` the new
    clock, ``burning`` False where lights do not burn (a night at the inn);
    a hook reads a part as ``changes.get(name, state.<name>)`` (an earlier
    hook may have changed it) and writes ``changes[name] = value``. Hooks run
    in the areas' import order.

    ``when`` ("effects", "bastions.all"): a part of the state (and a path
    into it) the hook needs; while it is empty the hook is not called, which
    keeps replay fast as areas multiply."""
    if fn is None:
        return lambda f: on_time(f, when=when)
    part, _, rest = when.partition(".")
    TIME_HOOKS.append((fn, part, attrgetter(rest) if rest else None))
    return fn


def pass_time(state: State, elapsed: int, burning: bool = True, **parts: Any) -> State:
    """Advance the clock by ``elapsed`` seconds; every area reacts.

    ``parts`` replace parts of the state in the same step (a turn passes
    ``dungeon=`` so the state is copied once per turn)."""
    clock = state.clock + elapsed
    for hook, part, rest in TIME_HOOKS:
        if part:  # only when what it needs is there (as earlier hooks left it)
            needed = parts[part] if part in parts else getattr(state, part)
            if not (rest(needed) if rest is not None else needed):
                continue
        hook(state, elapsed, clock, burning, parts)
    return replace(state, clock=clock, **parts)
