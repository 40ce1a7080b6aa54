"""Moving the campaign clock, and everything that follows from time passing.

Each area registers how it reacts to time (``@on_time``): lights burn,
effects end, rations are eaten and spoil, and the areas to come (travel,
bastions) add theirs. A hook writes its changes into the ``Passing`` it is
given; the state is copied once per step, however many areas react, which
keeps replay fast.
"""

from __future__ import annotations

from typing import Any, Callable

from msgspec.structs import replace

from .state import State


class Passing:
    """Time passing in one step: the state before, and the changes so far."""

    __slots__ = ("state", "elapsed", "clock", "burning", "changes")

    def __init__(self, state: State, elapsed: int, burning: bool, changes: dict[str, Any]):
        self.state = state
        self.elapsed = elapsed
        self.clock = state.clock + elapsed
        self.burning = burning  # False: lights do not burn (e.g. a night at the inn)
        self.changes = changes

    def get(self, part: str) -> Any:
        """A part of the state as the hooks before this one left it."""
        return self.changes[part] if part in self.changes else getattr(self.state, part)

    def set(self, part: str, value: Any) -> None:
        self.changes[part] = value


TIME_HOOKS: list[Callable[[Passing], None]] = []


def on_time(fn: Callable[[Passing], None]) -> Callable[[Passing], None]:
    """Register how an area reacts to time passing (areas' import order)."""
    TIME_HOOKS.append(fn)
    return fn


def pass_time(state: State, elapsed: int, burning: bool = True, **parts: Any) -> State:
    """Advance the clock by ``elapsed`` seconds; every area reacts.

    ``parts`` replace parts of the state in the same step (a turn passes
    ``dungeon=`` so the state is copied once per turn)."""
    passing = Passing(state, elapsed, burning, parts)
    for hook in TIME_HOOKS:
        hook(passing)
    return replace(state, clock=passing.clock, **passing.changes)
