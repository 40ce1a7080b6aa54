"""How the supplies area shows: its log lines, alerts and JSON."""

from __future__ import annotations

from ..alerts import Alert, alerting
from ..changes import reads_changes
from ..corrections.rules import offers_choices
from ..players import Panel, Table, players_view
from ..view import state_view
from ..events import describes
from ..state import State
from .rules import SuppliesSet
from ..tally import Tally, tally


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


# --- its part of the recap ---------------------------------------------------------------


@tally(30)
class SuppliesTally(Tally):
    """Supplies used (stocking up is not use) and rations eaten and spoiled."""

    def __init__(self, sessions: list[int]):
        super().__init__(sessions)
        self.stocked: dict[str, int] = {}  # supplies bought or found during the span
        self.supplies_used: dict[str, int] = {}

    def see(self, session, seq, ev, state_at) -> None:
        if isinstance(ev, SuppliesSet):
            had = state_at(seq - 1).supplies.count(ev.kind)
            self.stocked[ev.kind] = self.stocked.get(ev.kind, 0) + max(0, ev.count - had)

    def finish(self, before, after) -> None:
        for kind, label in after.rules.supplies.items():
            used = (before.supplies.count(kind) + self.stocked.get(kind, 0)
                    - after.supplies.count(kind))
            if used:
                self.supplies_used[label] = used
        self.spoiled = after.supplies.spoiled - before.supplies.spoiled
        self.eaten = after.supplies.eaten - before.supplies.eaten

    def lines(self, e) -> list[str]:
        out = []
        if self.supplies_used:
            out.append("**Supplies used:** " + ", ".join(
                f"{n} {e(k.lower())}" for k, n in self.supplies_used.items()))
        if self.eaten or self.spoiled:
            out.append(f"**Rations:** {self.eaten} eaten, {self.spoiled} spoiled")
        return out


# --- how a correction's changes read (core/changes.py) -----------------------------------

_TOTALS = {"eaten": "Rations eaten", "spoiled": "Rations spoiled", "missed_meals": "Meals missed"}


@reads_changes("supplies", order=50)
def _supplies_changes(before: State, after: State) -> list[str]:
    """ "Torches: 4 → 3", then the rations eaten, spoiled and missed."""
    a, b = _supplies_json(before), _supplies_json(after)
    names = {**before.rules.supplies, **after.rules.supplies, **_TOTALS}
    return [f"{names.get(k, k)}: {a.get(k, 0)} → {b.get(k, 0)}"
            for k in [*a, *(k for k in b if k not in a)] if a.get(k, 0) != b.get(k, 0)]


@offers_choices(SuppliesSet, "kind")
def _supply_choices(state: State) -> list[str]:
    return list(state.rules.supplies)


# --- what the players see (core/players.py) ---------------------------------------------


@players_view(50)
def _supplies_for_players(data: dict, table: Table) -> list[Panel]:
    """What the party carries: torches, oil, rations by kind."""
    s = data.get("supplies") or {}
    facts = [(name.split(" (")[0], str(s[k])) for k, name in table.rules.supplies.items()
             if s.get(k)]
    return [Panel("Supplies", facts=facts, kind="supplies")] if facts else []
