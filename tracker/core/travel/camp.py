"""The night's camp as a long rest, where the ruleset says so (D&D 2024: the party
sleeps in camp; ``[travel] camp_long_rest``).

The long rest is the party's own (``party.rules``): who gains from it (able to
rest, past the gap since their last one) and what it gives. The camp only says
when it happens: the last ``long_hours`` of the night, ending at the morning, so
a party that travels by day and sleeps by night meets the 16-hour gap each night.
Who slept is decided when the night is, and recorded in the event. Exhaustion from
too little water stays until a full day's water (5e2024.md §3.3): a night after a
dry day gives back the rest, not that level.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from msgspec.structs import replace

from ..bastion.commands import DowntimePassed
from ..events import Event, event
from ..handlers import evolves
from ..timeline.hooks import reschedules
from ..limits import CharacterName
from ..party.rules import long_rest_ends, long_rest_takers, rest_takers_hold
from ..validity import holds_for
from ..state import State
from . import calc


@event("camp_long_rest", area="travel")
class CampLongRest(Event, frozen=True):
    """The night's camp was a long rest for ``who``."""

    who: Annotated[tuple[CharacterName, ...], Meta(max_length=100)] = ()
    dehydrated: bool = False  # the day ended short of water: that exhaustion stays


def night_rest(before: State, after: State, night_from: int) -> list[Event]:
    """The long rest of a night that began at ``night_from`` and ended with ``after``'s
    clock (the morning), or [] where the camp is no rest or the night too short."""
    t, rests = after.rules.travel, after.rules.party.rests if after.rules.party else None
    if t is None or not t.camp_long_rest or rests is None:
        return []
    length = rests.long_hours * after.rules.time.hour_seconds
    starts = after.clock - length
    if starts < night_from:
        return []
    who = long_rest_takers(after, starts)
    dry = after.travel.dry_days > before.travel.dry_days
    return [CampLongRest(who, dry)] if who else []


@reschedules(CampLongRest)
def night_on_schedule(state: State, ev: CampLongRest, dice, planned=None) -> CampLongRest:
    """A night's long rest after a correction before it (known-issue 4): none
    where the day no longer ends in camp (a stage corrected to go on: the
    party is still on the road, ``hours_today``) or in a night long enough
    for a long rest (``Journey.night_from``: a camping stage's hours
    corrected); where it does again, its sleepers as the rest finds them."""
    rests = state.rules.party.rests if state.rules.party else None
    starts = state.clock - rests.long_hours * state.rules.time.hour_seconds if rests else 0
    night = state.travel.night_from
    # none where the day goes on, or where its night, from the end of the
    # stage that made camp to the morning, is now shorter than a long rest (a
    # stage corrected longer, or shorter so that it ends past midnight)
    if state.travel.hours_today or (rests is not None and night is not None
                                    and starts < night):
        return ev if not ev.who else replace(ev, who=())
    if ev.who or rests is None:
        return ev
    who = long_rest_takers(state, starts)
    return replace(ev, who=who) if who else ev


@holds_for(CampLongRest)
def camp_rest_holds(state: State, ev: CampLongRest) -> None:
    """The night's sleepers may each gain from a long rest (alive, with the hit
    points it needs): a correction before the night that kills one, or drops
    one to 0 HP, must not see them raised by it (gm-review4 R1)."""
    rests = state.rules.party.rests if state.rules.party else None
    if rests is not None:
        rest_takers_hold(state, rests, ev.who)


@evolves(CampLongRest)
def evolve_camp_rest(state: State, ev: CampLongRest) -> State:
    # where water's exhaustion is held apart (travel.water.exhaustion_lasts), the
    # rest removes any other level; before that key, a dry day's night removed none
    t = state.rules.travel
    lasts = t is not None and t.water is not None and t.water.exhaustion_lasts
    return long_rest_ends(state, ev.who, exhaustion=lasts or not ev.dehydrated)


@evolves(DowntimePassed)
def evolve_days_off(state: State, ev: DowntimePassed) -> State:
    """Days of downtime (and bastion weeks) are days off, as a rest day on the
    road is: each pays back the road's rest debt (gm-review3 R15), and each night
    is a long rest where the ruleset has them (R11). Before version 3, none was."""
    if not ev.rests:
        return state
    t, j = state.rules.travel, state.travel
    if t is not None and t.rest is not None and (j.unrested or j.rest_owed):
        unrested = j.unrested
        for _day in range(min(ev.days, unrested)):
            unrested = calc.rest_debt(t, unrested, rested=True, whole_step=True)
        state = replace(state, travel=replace(j, unrested=unrested,
                                              rest_owed=max(0, j.rest_owed - ev.days),
                                              paid_back=j.paid_back or unrested < j.unrested))
    rests = state.rules.party.rests if state.rules.party else None
    if rests is None or not state.party:
        return state
    who = long_rest_takers(state, state.clock - rests.long_hours * state.rules.time.hour_seconds)
    for _night in range(ev.days):
        rested = long_rest_ends(state, who)
        if rested.party == state.party:
            break  # nothing more to restore
        state = rested
    return state
