"""What the journey comes to, read from the state: the ruleset's travel rules,
the pace allowed, rest status, days of food and water, distance left today.
Shared by the rules (where several days stop), the views and the screen."""

from __future__ import annotations

from ..party import sheet
from ..errors import Refused
from ..state import State
from . import calc
from ...i18n import _
from .model import Journey, ratio
from .model import Travel as TravelRules


def rules_of(state: State) -> TravelRules:
    t = state.rules.travel
    if t is None:
        raise Refused(_("{ruleset} has no travel rules").format(ruleset=state.rules.meta.name))
    return t


def pace_model(t: TravelRules) -> bool:
    return t.distance.model == "pace"


def pace_of(t: TravelRules, j: Journey) -> str:
    """The chosen pace, or the middle of the table when none was chosen."""
    return j.pace or (t.pace_order[len(t.pace_order) // 2] if t.pace_order else "")


def on_the_road(j) -> bool:
    """A journey under way: a route lies ahead, or the party is aboard."""
    return bool(j.stages or j.vessel)


def living(state: State):
    return [c for c in state.party if sheet.status(state.rules, c) != "dead"]


def party_slowed(state: State, t: TravelRules) -> bool:
    p = state.rules.party
    return bool(p) and any(calc.is_slowed(t, sheet.speed(state.rules, c), p.speed)
                           for c in living(state))


def water_per_day(state: State) -> float:
    t = state.rules.travel
    need = t.water.per_day.get("medium") if t is not None and t.water else None
    if need is None:
        return 0
    a, b = ratio(need.water_gallons)
    return len(living(state)) * a / b


def rest_status(state: State) -> str:
    """'ok', 'owed' (a forced march's rest day), 'due' (the next day should be a rest)
    or 'overdue' (the penalty applies)."""
    t = state.rules.travel
    j = state.travel
    if t is None:
        return "ok"
    if j.rest_owed:
        return "owed"
    if t.rest is None:
        return "ok"
    if rest_penalty(state):
        return "overdue"
    if calc.rest_due_in(t, j.unrested) == 0:
        return "due"
    return "ok"


def _just_travelled(j) -> bool:
    """The journey's latest day was spent on the road (not resting, hunting, foraging)."""
    return bool(j.days) and j.days[-1].kind in ("travel", "stage") and not j.paid_back


def rest_penalty(state: State) -> int:
    t = state.rules.travel
    return calc.rest_penalty(t, state.travel.unrested,
                             just_travelled=_just_travelled(state.travel)) if t is not None else 0


def food_days(state: State) -> int | None:
    """Whole days the party's rations last, or None with no one to feed."""
    eaters = len(living(state)) * state.rules.rations.per_character_per_day
    if not eaters:
        return None
    have = sum(b.count for b in state.supplies.rations)
    return have // eaters


def water_days(state: State) -> int | None:
    j = state.travel
    per = water_per_day(state)
    if j.water is None or not per:
        return None
    return int(j.water // per)


def day_left(state: State) -> float | None:
    """Pace model: miles left in today's normal hours at the current pace."""
    t = state.rules.travel
    if t is None or not pace_model(t) or not state.travel.terrain \
            or t.terrains[state.travel.terrain].water:
        return None
    j = state.travel
    pace = calc.stage_pace(t, pace_of(t, j), j.terrain, j.route, slowed=party_slowed(state, t))
    hours = max(0, t.distance.hours_per_day - j.hours_today)
    return calc.pace_distance(t, pace, hours)


def next_day_estimate(state: State) -> float | None:
    """Speed model: how far a normal day would take the party from here."""
    t = state.rules.travel
    j = state.travel
    if t is None or pace_model(t) or not j.terrain:
        return None
    if j.vessel:  # before the morning's wind
        return j.ship_rate // t.distance.divisor if j.ship_rate else None
    if t.terrains[j.terrain].water:
        return None
    speed = j.mount_rate if j.mount else sheet.party_speed(state)
    if not speed:
        return None
    return calc.day_distance(t, [speed], [j.terrain], j.route, flying=j.flying,
                             weather=list(j.weather_codes))
