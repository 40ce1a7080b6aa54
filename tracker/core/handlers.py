"""Where each area registers its decide and evolve functions.

``decide(state, command, dice) -> list[Event]`` holds the rules;
``evolve(state, event) -> State`` folds a fact in and rolls nothing.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Callable, ClassVar

import msgspec

DECIDERS: dict[type, Callable] = {}
EVOLVERS: dict[type, Callable] = {}
BEGINNERS: dict[type, Callable] = {}  # the event a log begins with -> its first state


class Command(msgspec.Struct, frozen=True):
    """Base of every GM intent, named in the imperative."""

    # False for an intent about the log's latest entries (undo, redo, rewind):
    # decided again after another tracker wrote, it would take back that
    # tracker's entries, which the GM never saw
    REDECIDE_ON_NEWER_LOG: ClassVar[bool] = True
    # True for a command only the core builds (no CLI action or screen offers it)
    INTERNAL: ClassVar[bool] = False


def decides(command_type: type):
    """Register the one decider of ``command_type``."""

    def register(fn):
        if command_type in DECIDERS:
            raise RuntimeError(f"{command_type.__name__} has a decider already")
        DECIDERS[command_type] = fn
        return fn
    return register


def begins(event_type: type):
    """Register ``fn(event) -> State``: the state a campaign starts in when its
    log begins with ``event_type`` (the campaign's creation); no state comes
    before it, so it is not evolved."""

    def register(fn):
        if event_type in BEGINNERS:
            raise RuntimeError(f"{event_type.__name__} begins a campaign already")
        BEGINNERS[event_type] = fn
        return fn
    return register


def evolves(event_type: type, *, when: str = ""):
    """Register an evolver of ``event_type``. Several areas may react to the
    same event: their evolvers run in the order they were registered (the
    areas' fold order), each on the state the one before returned.

    ``when`` ("chase.winded"): a path into the state that must be non-empty
    for this evolver to be called; an area reacting to another's frequent
    event (every dungeon turn) then costs replay nothing while it is idle."""
    needs = attrgetter(when) if when else None

    def register(fn):
        before = EVOLVERS.get(event_type)
        if before is None and needs is None:
            EVOLVERS[event_type] = fn  # the common case costs no extra call
            return fn
        first = before or (lambda state, ev: state)
        if needs is None:
            def both(state, ev, first=first, then=fn):
                return then(first(state, ev), ev)
        else:
            def both(state, ev, first=first, then=fn, needs=needs):
                state = first(state, ev)
                return then(state, ev) if needs(state) else state
        EVOLVERS[event_type] = both
        return fn
    return register
