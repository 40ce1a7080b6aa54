"""How the supplies area shows: its log lines, alerts and JSON."""

from __future__ import annotations

from ..alerts import Alert, alerting
from ..changes import reads_changes
from ..consequences import tells_consequences
from ..timeline.hooks import offers_choices
from ..players import Panel, Table, players_view
from ..view import state_view
from ..events import describes
from ..state import State
from .rules import SuppliesSet
from .hunger import CAUSE, MalnutritionSaved, save_failed
from ..describe import roll_text
from ..tally import Tally, tally


# --- how its events read in the log ------------------------------------------------

@describes(SuppliesSet)
def _describe_supplies_set(ev: SuppliesSet, rules) -> str:
    name = rules.supplies.get(ev.kind, ev.kind)
    return f"{name}: now {ev.count}"


# --- what time passing did, said in the entry that passed it (core/consequences.py) --


@tells_consequences("supplies", order=50)
def _rations_used(before: State, after: State) -> list[str]:
    """"6 fresh rations spoiled", "4 rations eaten", "2 meals missed"."""
    b, a = before.supplies, after.supplies
    out = []
    spoiled = a.spoiled - b.spoiled
    if spoiled > 0:
        out.append(f"{spoiled} {_spoiling_kind(before, after)} spoiled")
    if a.eaten > b.eaten:
        out.append(f"{a.eaten - b.eaten} ration{'s' * (a.eaten - b.eaten != 1)} eaten")
    if a.missed_meals > b.missed_meals:
        n = a.missed_meals - b.missed_meals
        out.append(f"{n} meal{'s' * (n != 1)} missed")
    return out


def _spoiling_kind(before: State, after: State) -> str:
    """The rations that spoiled, by name when one kind that spoils went down
    ("fresh rations"), else "rations"."""
    rules = after.rules
    fell = [k for k, kind in rules.rations.kinds.items() if kind.spoils_in_dungeon
            and after.supplies.count(k) < before.supplies.count(k)]
    if len(fell) != 1:
        return "rations"
    return rules.supplies.get(fell[0], fell[0]).lower()


@describes(MalnutritionSaved)
def _describe_malnutrition(ev: MalnutritionSaved, rules) -> str:
    m = rules.rations.malnutrition
    save = _save_name(rules, m.save) if m else "save"
    bits = [f"{n} {roll_text(r)}{mod:+d} = {r.total + mod}: "
            + ("failed, +1 exhaustion" if save_failed(rules, r, mod) else "made")
            for n, r, mod in ev.saves]
    return f"Malnutrition: {save} save DC {m.dc if m else '?'} — " + "; ".join(bits)


def _save_name(rules, save: str) -> str:
    return (rules.party.abilities.get(save, save) if rules.party else save)


def _held(state: State, cause: str) -> dict[str, int]:
    return {c.name: n for c in state.party for k, n in c.held if k == cause}


def _hunger(before: State, after: State) -> str:
    """What the missed meals did, where the ruleset says (malnutrition)."""
    m = after.rules.rations.malnutrition
    if m is None:
        return ""
    bits = []
    was, now = _held(before, CAUSE), _held(after, CAUSE)
    worse = [n for n in now if now[n] > was.get(n, 0)]
    if worse:
        bits.append("malnutrition: +exhaustion for " + ", ".join(worse))
    if after.supplies.hunger_owed:
        bits.append(f"{_save_name(after.rules, m.save)} save DC {m.dc} owed by "
                    + ", ".join(dict.fromkeys(after.supplies.hunger_owed))
                    + " (roll: malnutrition)")
    if after.supplies.fasting:
        bits.append(f"{after.supplies.fasting} day(s) without food"
                    + (f" (a level of exhaustion a day from day {m.fasting_days})"
                       if m.fasting_days else ""))
    return " — " + ("; ".join(bits) if bits else "no exhaustion from it")


# --- what the GM must not miss ----------------------------------------------------------


@alerting(50)
def _food(before: State, after: State) -> list[Alert]:
    out = []
    if after.supplies.spoiled > before.supplies.spoiled:
        n = after.supplies.spoiled - before.supplies.spoiled
        out.append(Alert("warning", f"{n} ration(s) spoiled in the damp"))
    if after.supplies.missed_meals > before.supplies.missed_meals:
        n = after.supplies.missed_meals - before.supplies.missed_meals
        effect = _hunger(before, after)
        level = "warning" if effect.endswith("no exhaustion from it") else "error"
        out.append(Alert(level, f"Not enough food: {n} meal(s) missed" + effect))
    elif after.supplies.hunger_owed and after.supplies.hunger_owed != before.supplies.hunger_owed:
        out.append(Alert("error", "Malnutrition" + _hunger(before, after)))
    return out


# --- its part of `tracker state --json` ----------------------------------------------


@state_view("supplies", 50)
def _supplies_json(state: State) -> dict:
    return {**{k: state.supplies.count(k) for k in state.rules.supplies},
            "spoiled": state.supplies.spoiled, "eaten": state.supplies.eaten,
            "missed_meals": state.supplies.missed_meals,
            **({"malnutrition_owed": list(state.supplies.hunger_owed),
                "days_without_food": state.supplies.fasting}
               if state.rules.rations.malnutrition else {})}


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
