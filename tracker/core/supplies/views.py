"""How the supplies area shows: its log lines, alerts and JSON."""

from __future__ import annotations

from ...i18n import N_, _, ngettext, number, pgettext
from ..alerts import Alert, alerting
from ..changes import field_name, reads_changes
from ..consequences import tells_consequences
from ..timeline.hooks import names_a_term
from ..players import Panel, Table, players_view
from ..view import state_view
from ..events import describes
from ..state import State
from .rules import SuppliesSet
from .hunger import CAUSE, MalnutritionSaved, save_failed
from ..describe import roll_text
from ..tally import Tally, tally
from ..terms import term


# --- how its events read in the log ------------------------------------------------

@describes(SuppliesSet)
def _describe_supplies_set(ev: SuppliesSet, rules) -> str:
    name = term(rules, f"supplies.{ev.kind}", ev.kind)
    return _("{supply}: now {n}").format(supply=name, n=ev.count)


# --- what time passing did, said in the entry that passed it (core/consequences.py) --


@tells_consequences("supplies", order=50)
def _rations_used(before: State, after: State) -> list[str]:
    """"6 fresh rations spoiled", "4 rations eaten", "2 meals missed"."""
    b, a = before.supplies, after.supplies
    out = []
    spoiled = a.spoiled - b.spoiled
    if spoiled > 0:
        kind = _spoiling_kind(before, after)
        if kind is None:
            out.append(ngettext("{n} ration spoiled", "{n} rations spoiled",
                                spoiled).format(n=spoiled))
        else:
            # TRANSLATORS: {kind} is the ruleset's name of the rations, lower case and
            # plural for any n ("fresh rations"): its count comes after it
            out.append(ngettext("{kind} spoiled: {n}", "{kind} spoiled: {n}",
                                spoiled).format(n=spoiled, kind=kind))
    if a.eaten > b.eaten:
        n = a.eaten - b.eaten
        out.append(ngettext("{n} ration eaten", "{n} rations eaten", n).format(n=n))
    if a.missed_meals > b.missed_meals:
        n = a.missed_meals - b.missed_meals
        out.append(ngettext("{n} meal missed", "{n} meals missed", n).format(n=n))
    return out


def _spoiling_kind(before: State, after: State) -> str | None:
    """The rations that spoiled, by name when one kind that spoils went down
    ("fresh rations"), else None (plain "rations")."""
    rules = after.rules
    fell = [k for k, kind in rules.rations.kinds.items() if kind.spoils_in_dungeon
            and after.supplies.count(k) < before.supplies.count(k)]
    if len(fell) != 1:
        return None
    return term(rules, f"supplies.{fell[0]}", fell[0]).lower()


@describes(MalnutritionSaved)
def _describe_malnutrition(ev: MalnutritionSaved, rules) -> str:
    m = rules.rations.malnutrition
    save = _save_name(rules, m.save) if m else _("save")
    bits = [f"{n} {roll_text(r)}{mod:+d} = {r.total + mod}: "
            + (_("failed, +1 exhaustion") if save_failed(rules, r, mod) else _("made"))
            for n, r, mod in ev.saves]
    return _("Malnutrition: {save} save DC {dc} — {saves}").format(
        save=save, dc=m.dc if m else "?", saves="; ".join(bits))


def _save_name(rules, save: str) -> str:
    return (rules.party.abilities.get(save, save) if rules.party else save)


def _held(state: State, cause: str) -> dict[str, int]:
    return {c.name: n for c in state.party for k, n in c.held if k == cause}


def _hunger_bits(before: State, after: State) -> list[str] | None:
    """What the missed meals did, where the ruleset says (malnutrition); None
    where it has no malnutrition rule."""
    m = after.rules.rations.malnutrition
    if m is None:
        return None
    bits = []
    was, now = _held(before, CAUSE), _held(after, CAUSE)
    worse = [n for n in now if now[n] > was.get(n, 0)]
    if worse:
        bits.append(_("malnutrition: +exhaustion for {names}").format(names=", ".join(worse)))
    if after.supplies.hunger_owed:
        bits.append(_("{save} save DC {dc} owed by {names} (roll: {action})").format(
            save=_save_name(after.rules, m.save), dc=m.dc,
            names=", ".join(dict.fromkeys(after.supplies.hunger_owed)), action="malnutrition"))
    if after.supplies.fasting:
        n = after.supplies.fasting
        if m.fasting_days:
            bits.append(ngettext(
                "{n} day without food (a level of exhaustion a day from day {day})",
                "{n} days without food (a level of exhaustion a day from day {day})",
                n).format(n=n, day=m.fasting_days))
        else:
            bits.append(ngettext("{n} day without food", "{n} days without food",
                                 n).format(n=n))
    return bits


def _hunger(bits: list[str] | None) -> str:
    """" — what it did" after the line that says meals were missed."""
    if bits is None:
        return ""
    return " — " + ("; ".join(bits) if bits else _("no exhaustion from it"))


# --- what the GM must not miss ----------------------------------------------------------


@alerting(50, parts=("supplies",))
def _food(before: State, after: State) -> list[Alert]:
    out = []
    if after.supplies.spoiled > before.supplies.spoiled:
        n = after.supplies.spoiled - before.supplies.spoiled
        out.append(Alert("warning", ngettext("{n} ration spoiled in the damp",
                                             "{n} rations spoiled in the damp", n).format(n=n)))
    if after.supplies.missed_meals > before.supplies.missed_meals:
        n = after.supplies.missed_meals - before.supplies.missed_meals
        bits = _hunger_bits(before, after)
        level = "warning" if bits == [] else "error"  # a rule, and it did nothing
        out.append(Alert(level, ngettext("Not enough food: {n} meal missed",
                                         "Not enough food: {n} meals missed", n).format(n=n)
                         + _hunger(bits)))
    elif after.supplies.hunger_owed and after.supplies.hunger_owed != before.supplies.hunger_owed:
        out.append(Alert("error", _("Malnutrition") + _hunger(_hunger_bits(before, after))))
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
    """Supplies used and rations eaten and spoiled. Used is what play took
    (a light lit, a meal eaten, ...): the GM's own count of a supply, up or
    down, is stock kept, not use (gm-review8 R2: +1,000 then -1,000 by hand
    used nothing)."""

    def __init__(self, sessions: list[int]):
        super().__init__(sessions)
        # what the GM's own counts (`supplies KIND N`, `+N`, `-N`) added to a
        # supply during the span, net: negative when the GM took some away
        self.stocked: dict[str, int] = {}
        self.supplies_used: dict[str, int] = {}

    def see(self, session, seq, ev, state_at) -> None:
        if isinstance(ev, SuppliesSet):
            had = state_at(seq - 1).supplies.count(ev.kind)
            self.stocked[ev.kind] = self.stocked.get(ev.kind, 0) + ev.count - had

    def finish(self, before, after) -> None:
        for kind in after.rules.supplies:
            found = after.supplies.found.get(kind, 0) - before.supplies.found.get(kind, 0)
            used = (before.supplies.count(kind) + self.stocked.get(kind, 0) + found
                    - after.supplies.count(kind))
            if used > 0:
                self.supplies_used[term(after.rules, f"supplies.{kind}")] = used
        self.spoiled = after.supplies.spoiled - before.supplies.spoiled
        self.eaten = after.supplies.eaten - before.supplies.eaten

    def lines(self, e) -> list[str]:
        out = []
        if self.supplies_used:
            # a ruleset names its supplies in the plural only: a count before the
            # name reads "1 torches" (gm-review F12), so the name comes first,
            # as the supplies line of the turn panel has it, and no number bends it
            out.append(_("**Supplies used:** {supplies}").format(supplies=", ".join(
                # TRANSLATORS: a count of a ruleset's named thing ("torches: 3"); the name
                # is the ruleset's plural, lower case: it must read right for any n
                pgettext("count of a named thing", "{name}: {n}").format(n=n, name=e(k.lower()))
                for k, n in self.supplies_used.items())))
        if self.eaten or self.spoiled:
            out.append(_("**Rations:** {eaten} eaten, {spoiled} spoiled").format(
                eaten=self.eaten, spoiled=self.spoiled))
        return out


# --- how a correction's changes read (core/changes.py) -----------------------------------

_TOTALS = {"eaten": N_("Rations eaten"), "spoiled": N_("Rations spoiled"),
           "missed_meals": N_("Meals missed")}


@reads_changes("supplies", order=50)
def _supplies_changes(before: State, after: State) -> list[str]:
    """ "Torches: 4 → 3", then the rations eaten, spoiled and missed."""
    a, b = _supplies_json(before), _supplies_json(after)
    def name(k: str) -> str:
        if k in _TOTALS:
            return _(_TOTALS[k])
        rules = after.rules if k in after.rules.supplies else before.rules
        # a supply by the ruleset's name, any other key by the field's words
        return term(rules, f"supplies.{k}", field_name(k))
    def value(v) -> str:  # who still owes a save against malnutrition: a list of names
        if isinstance(v, list):
            return ", ".join(map(str, v)) or pgettext("value", "none")
        return number(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else str(v)
    return [f"{name(k)}: {value(a.get(k, 0))} → {value(b.get(k, 0))}"
            for k in [*a, *(k for k in b if k not in a)] if a.get(k, 0) != b.get(k, 0)]


names_a_term(SuppliesSet, "kind", "supplies")


# --- what the players see (core/players.py) ---------------------------------------------


@players_view(50)
def _supplies_for_players(data: dict, table: Table) -> list[Panel]:
    """What the party carries: torches, oil, rations by kind."""
    s = data.get("supplies") or {}
    facts = [(term(table.rules, f"supplies.{k}", name).split(" (")[0], number(s[k]))
             for k, name in table.rules.supplies.items() if s.get(k)]
    return [Panel(_("Supplies"), facts=facts, kind="supplies")] if facts else []
