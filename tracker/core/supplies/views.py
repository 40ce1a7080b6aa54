"""How the supplies area shows: its log lines, alerts and JSON."""

from __future__ import annotations

from ..alerts import Alert, alerting
from ..view import state_view
from ..events import describes
from ..state import State
from .rules import SuppliesSet


# --- how its events read in the log ------------------------------------------------

@describes(SuppliesSet)
def _describe_supplies_set(ev: SuppliesSet, rules) -> str:
    name = rules.supplies.get(ev.kind, ev.kind)
    return f"{name}: now {ev.count}"


# --- what the GM must not miss ----------------------------------------------------------


@alerting(50)
def _food(before: State, after: State) -> list[Alert]:
    out = []
    if after.supplies.spoiled > before.supplies.spoiled:
        n = after.supplies.spoiled - before.supplies.spoiled
        out.append(Alert("warning", f"{n} ration(s) spoiled in the damp"))
    if after.supplies.missed_meals > before.supplies.missed_meals:
        n = after.supplies.missed_meals - before.supplies.missed_meals
        out.append(Alert("error", f"Not enough food: {n} meal(s) missed"))
    return out


# --- its part of `tracker state --json` ----------------------------------------------


@state_view("supplies", 50)
def _supplies_json(state: State) -> dict:
    return {**{k: state.supplies.count(k) for k in state.rules.supplies},
            "spoiled": state.supplies.spoiled, "eaten": state.supplies.eaten,
            "missed_meals": state.supplies.missed_meals}
