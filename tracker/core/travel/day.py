"""The day on the road: how a travel day is decided depends on how the party
goes (on foot or mounted, or afloat). Each way registers its decider here,
so the travel day's own checks (``rules.decide_travel``) hand a day afloat to
the sea's rules without importing them (sea.py builds on rules.py; the land
rules never reach back into sea.py)."""

from __future__ import annotations

from typing import Callable

from ..state import State

Decider = Callable  # (state, TravelDay, dice) -> list[Event]
_WAYS: list[tuple[str, Callable[[State], bool], Decider]] = []


def decides_day(way: str, *, when: Callable[[State], bool]):
    """Register ``fn(state, cmd, dice)`` as the decider of a travel day while
    ``when(state)`` holds (afloat: the party is aboard a vessel)."""
    def register(fn: Decider) -> Decider:
        if any(w == way for w, _, _ in _WAYS):
            raise RuntimeError(f"two deciders of a travel day {way!r}")
        _WAYS.append((way, when, fn))
        return fn
    return register


def decider_for(state: State) -> Decider | None:
    """The registered way the party travels today, or None for the land rules."""
    return next((fn for _, when, fn in _WAYS if when(state)), None)
