"""Malnutrition (``[rations.malnutrition]``, D&D 2024): what too little food does.

The rations are shared out: each day begun, the supplies' time hook counts what the
party ate (``rules._eat``). A day with some food but under the ruleset's share owes a
save from every living member (``Supplies.hunger_owed``); the dice are rolled by the
command that passed the day where it can (a travel day, a rest day, a camp...), or by
``RollMalnutrition`` (``tracker malnutrition``) when something else passed it (a
dungeon turn). ``MalnutritionSaved`` records the dice and modifiers; evolve derives
the levels, and only for saves still owed, so a correction that feeds the party takes
them back. The fasting days' levels need no dice and are evolved with the day.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from ...i18n import _
from .. import dice as dicemod
from ..party import sheet
from ..dice import Roll
from ..errors import Refused
from ..events import Event, event
from ..handlers import EVOLVERS, Command, decides, evolves
from ..timeline.hooks import reschedules
from ..limits import CharacterName
from ..party.rules import exhausted, release_exhaustion
from ..state import State
from .rations import _COUNT, eat_from
from msgspec.structs import replace

Modifier = Annotated[int, Meta(ge=-30, le=30)]
CAUSE = "malnutrition"


class RollMalnutrition(Command, frozen=True):
    """Roll the malnutrition saves the party owes (a day begun short of food)."""


@event("malnutrition_saved", area="supplies")
class MalnutritionSaved(Event, frozen=True):
    """Each owed save: who, the d20, the save's modifier then."""

    saves: Annotated[tuple[tuple[CharacterName, Roll, Modifier], ...], Meta(max_length=600)] = ()


def save_failed(state_rules, roll: Roll, mod: int) -> bool:
    m = state_rules.rations.malnutrition
    return m is not None and roll.total + mod < m.dc


def _modifier(state: State, name: str, save: str) -> int:
    c = next((c for c in state.party if c.name == name), None)
    return sheet.saves(state.rules, c).get(save, 0) if c is not None else 0


def owed_saves(state: State, dice) -> list[Event]:
    """The saves ``state`` owes rolled, as one event ([] when none is owed)."""
    m = state.rules.rations.malnutrition
    owed = state.supplies.hunger_owed
    if m is None or not owed:
        return []
    return [MalnutritionSaved(tuple(
        (n, dicemod.roll("1d20", dice, _("{name}: {save} save DC {dc} (malnutrition)").format(
            name=n, save=m.save, dc=m.dc)),
         _modifier(state, n, m.save)) for n in owed))]


def with_hunger_saves(state: State, events: list[Event], dice) -> list[Event]:
    """``events`` and, where the state they lead to owes malnutrition saves, those
    saves rolled: a command that passes a day has its hunger settled with it."""
    if state.rules.rations.malnutrition is None:
        return events
    after = state
    for ev in events:
        after = EVOLVERS[type(ev)](after, ev)
    return events + owed_saves(after, dice)


@reschedules(MalnutritionSaved)
def saves_on_schedule(state: State, ev: MalnutritionSaved, dice,
                      planned=None) -> MalnutritionSaved:
    """Malnutrition saves after a corrected entry: each save's modifier as the
    corrected entries leave its maker (a level of exhaustion struck out before
    it is a d20 test's penalty gone); the dice stay as rolled."""
    m = state.rules.rations.malnutrition
    if m is None:
        return ev
    party = {c.name for c in state.party}
    saves = tuple((n, r, _modifier(state, n, m.save) if n in party else mod)
                  for n, r, mod in ev.saves)
    return ev if saves == ev.saves else replace(ev, saves=saves)


@decides(RollMalnutrition)
def decide_malnutrition(state: State, cmd: RollMalnutrition, dice) -> list[Event]:
    if state.rules.rations.malnutrition is None:
        raise Refused(_("{ruleset} has no malnutrition rule: meals are only missed").format(
            ruleset=state.rules.meta.name))
    out = owed_saves(state, dice)
    if not out:
        raise Refused(_("no malnutrition save is owed (a day begun short of food owes one)"))
    return out


@evolves(MalnutritionSaved)
def evolve_saved(state: State, ev: MalnutritionSaved) -> State:
    owed = list(state.supplies.hunger_owed)
    failed: dict[str, int] = {}
    for name, roll, mod in ev.saves:
        if name not in owed:  # no longer owed (a correction fed the party): no effect
            continue
        owed.remove(name)
        if save_failed(state.rules, roll, mod):
            failed[name] = failed.get(name, 0) + 1
    state = replace(state, supplies=replace(state.supplies, hunger_owed=tuple(owed)))
    if failed:
        state = replace(state, party=exhausted(state.party, state.rules, failed, hold=CAUSE))
    return state


def eat_days(state: State, days: int, eaters: list[str], per: int, changes: dict):
    """``days`` days of food for ``eaters`` (living members), counted day by day for
    malnutrition: writes supplies (and the party's exhaustion) into ``changes``."""
    rules, clock = state.ruleset.rules, state.clock  # (``state.rules``, without the property)
    m = rules.rations.malnutrition
    supplies = changes.get("supplies", state.supplies)
    party = changes.get("party", state.party)
    need = len(eaters) * per
    if days == 1:  # a travel day's or a turn's new day: as the loop below, one day
        fed = eat_from(supplies, clock, rules, need)
        if fed.eaten - supplies.eaten >= need:  # a full day's food
            released = release_exhaustion(party, CAUSE)
            changes["supplies"] = replace(fed, fasting=0) if fed.fasting else fed
            if released is not party:
                changes["party"] = released
            return
    owed, fasting = list(supplies.hunger_owed), supplies.fasting
    full = _full_days(supplies.rations, need, days) if days > 1 else 0
    if full:
        # the first ``full`` days are each a full day's food (the rations hold
        # them all): eating them at once leaves the batches as day by day did
        # (eating changes no batch's urgency, so each day ate on from where the
        # last stopped), the held levels go on the first day (releasing again
        # changes nothing), and nobody fasts; a downtime's week costs one
        # meal's work, not seven, and the days the rations do not feed are
        # counted one by one below, from there
        supplies = eat_from(supplies, clock, rules, full * need)
        party = release_exhaustion(party, CAUSE)
        days, fasting = days - full, 0
    for _day in range(days):
        before = supplies.eaten
        supplies = eat_from(supplies, clock, rules, need)  # no state copy a day
        ate = supplies.eaten - before
        if ate >= need:  # a full day's food: its exhaustion may go now
            party = release_exhaustion(party, CAUSE)
            fasting = 0
        elif ate == 0:
            fasting += 1
            if m.fasting_days and fasting >= m.fasting_days:
                party = exhausted(party, rules, {n: 1 for n in eaters}, hold=CAUSE)
        else:
            fasting = 0
            if ate * 100 < need * m.under_percent:
                owed += eaters
    if fasting != supplies.fasting or len(owed) != len(supplies.hunger_owed):
        supplies = replace(supplies, hunger_owed=tuple(owed), fasting=fasting)
    changes["supplies"] = supplies  # (owed only grows: the same length, the same names)
    if party is not changes.get("party", state.party):
        changes["party"] = party


def _full_days(rations, need: int, days: int) -> int:
    """How many of ``days`` days of ``need`` meals ``rations`` hold, every batch
    a positive count (``eat_from`` takes a batch of none or fewer differently:
    0 then); all ``days`` where a day needs nothing."""
    counts = list(map(_COUNT, rations))  # (in C: no bytecode a batch)
    if counts and min(counts) <= 0:
        return 0
    if need <= 0:
        return days
    return min(days, sum(counts) // need)


def fed_elsewhere(before: State, after: State) -> State:
    """``after`` (time passed since ``before``) as if the party ate from another
    larder (a bastion's Dining Room): its rations, meals and hunger as they were,
    and no level of malnutrition gained meanwhile."""
    s = before.supplies
    after = replace(after, supplies=replace(after.supplies, rations=s.rations, eaten=s.eaten,
                                            missed_meals=s.missed_meals,
                                            hunger_owed=s.hunger_owed, fasting=s.fasting))
    if not any(c.held for c in after.party):  # nobody holds a level: none was gained
        return after
    was = {c.name: c for c in before.party}
    party = []
    for c in after.party:
        old = was.get(c.name)
        gained = dict(c.held).get(CAUSE, 0) - (dict(old.held).get(CAUSE, 0) if old else 0)
        if gained > 0:
            c = replace(c, exhaustion=c.exhaustion - gained, held=old.held)
        party.append(c)
    return replace(after, party=tuple(party))
