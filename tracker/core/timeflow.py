"""Moving the campaign clock, and everything that follows from time passing."""

from __future__ import annotations

from msgspec.structs import replace

from . import effects, lights, sheet, supplies
from .state import Dungeon, State


def pass_time(state: State, elapsed: int, burning: bool = True,
              dungeon: Dungeon | None = None) -> State:
    """Advance the clock: lights burn (when ``burning``), effects expire,
    rations are eaten at each new day and spoil while underground.

    ``dungeon`` replaces the dungeon part in the same step (one copy of the
    state per turn keeps replay fast)."""
    rules = state.ruleset.rules
    t = rules.time
    start = t.start_hour * t.hour_seconds
    clock = state.clock + elapsed
    new_days = (start + clock) // t.day_seconds - (start + state.clock) // t.day_seconds
    sup = state.supplies
    eaters = sum(1 for c in state.party if sheet.status(rules, c) != "dead") \
        if new_days > 0 else 0
    if eaters:
        sup = supplies.eat(state, new_days * eaters * rules.rations.per_character_per_day)
        state = replace(state, supplies=sup)
    d = state.dungeon if dungeon is None else dungeon
    if d.active and sup.rations:
        sup = supplies.spoil(state, elapsed)
    return replace(
        state,
        clock=clock,
        dungeon=d,
        supplies=sup,
        lights=lights.burn(state.lights, elapsed) if burning else state.lights,
        effects=effects.expire(state.effects, clock) if state.effects else state.effects,
    )
