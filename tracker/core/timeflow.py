"""Moving the campaign clock, and everything that follows from time passing."""

from __future__ import annotations

from msgspec.structs import replace

from . import effects, lights, supplies
from .clock import day
from .state import State


def pass_time(state: State, elapsed: int, burning: bool = True) -> State:
    """Advance the clock: lights burn (when ``burning``), effects expire,
    rations are eaten at each new day and spoil while underground."""
    rules = state.rules
    clock = state.clock + elapsed
    sup = state.supplies
    new_days = day(rules, clock) - day(rules, state.clock)
    if new_days > 0 and state.party:
        state = replace(state, supplies=supplies.eat(
            state, new_days * len(state.party) * rules.rations.per_character_per_day))
        sup = state.supplies
    if state.dungeon.active and sup.rations:
        sup = supplies.spoil(state, elapsed)
    return replace(
        state,
        clock=clock,
        supplies=sup,
        lights=lights.burn(state.lights, elapsed) if burning else state.lights,
        effects=effects.expire(state.effects, clock),
    )
