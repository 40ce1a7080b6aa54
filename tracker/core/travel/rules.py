"""Overland travel, day by day (or stage by stage in D&D 2024), on the campaign clock.

Events hold what the GM chose and what the dice said. Whether the party got
lost, met something, found food or how far it went is derived here in
``evolve`` from the ruleset (``calc.py``), so retyping a die with ``amend
--dice`` recomputes the day. So is the exhaustion a day brings: one level per
failed extended-travel save (evolved with the day) and, on the road, one for
everyone per day ended with too little water (evolved as the day ends,
whatever passes it), so a corrected save or day takes its exhaustion back.
"""

from __future__ import annotations

from math import floor
from typing import Annotated, NamedTuple

import msgspec
from msgspec import Meta
from msgspec.structs import replace

from .. import dice as dicemod
from ..party import sheet
from ..advance import advance
from ..dice import Roll
from ..errors import Refused
from ...i18n import _, ngettext
from ..terms import known_words, term
from ..events import Event, derived_until_set, event, fields_added, kept_by_tracker
from ..timeline.hooks import counts, refits, repeated, rerolls, reschedules
from ..handlers import EVOLVERS, Command, decides, evolves
from ..invariants import invariant
from ..validity import holds_for
from ..limits import Carrier, CharacterName, Count, Key, PlaceName
from ..state import State
from ..supplies.rules import add_found
from ..lights.rules import left_behind
from ..party.rules import able, able_character, exhausted, find, release_exhaustion
from ..supplies.hunger import evolve_saved, owed_saves, with_hunger_saves
from ..clock import days_begun
from .. import timeflow
from ..timeflow import on_time, pass_time
from . import calc, day, holds
from .holds import check_gallop as _check_gallop, day_travelled, where as _where
from .camp import evolve_camp_rest, night_rest
from .status import (food_days, living, on_the_road, pace_model, pace_of, party_slowed,
                     rest_status, rules_of, water_per_day)
from .model import DAYS_KEPT, DaySummary, Journey, Stage, ratio
from .model import Travel as TravelRules

MAX_DAYS = 60  # one command; a longer journey is several
Hours = Annotated[int, Meta(ge=0, le=24)]
Heading = Annotated[str, Meta(max_length=20)]
HexId = Annotated[str, Meta(max_length=20)]
Text = Annotated[str, Meta(max_length=200)]
Modifier = Annotated[int, Meta(ge=-30, le=30)]
Length = Annotated[int, Meta(ge=1, le=10_000)]
Gallons = Annotated[int, Meta(ge=0, le=100_000)]


# --- commands ---------------------------------------------------------------------


class SetTerrain(Command, frozen=True):
    """Where the party is now: terrain, road/track/river, place, hex (None: unchanged)."""

    terrain: str | None = None
    route: str | None = None
    place: str | None = None
    hex: str | None = None


class PlanRoute(Command, frozen=True):
    stages: tuple[Stage, ...] = ()  # empty: clear the plan


class SetPace(Command, frozen=True):
    pace: str


class SetGuide(Command, frozen=True):
    guide: bool = True
    navigator: str = ""


class TravelDay(Command, frozen=True):
    """Travel a day (or, in the pace model, ``hours``; 0: the rest of the day)."""

    days: int = 1
    hours: int = 0
    forced: bool = False
    forage: bool = False
    camp: bool = True  # pace model: make camp at the end (False: a stage, the day goes on)
    push_on: bool = False  # travel although a forced march's rest day is owed
    current: str = ""  # afloat on a river: "with" or "against" the current
    headwind: bool = False  # pace model, afloat: sailing into a strong wind
    gallop: bool = False  # pace model, riding: the mounts' doubled hour


class MakeCamp(Command, frozen=True):
    pass


class RestDay(Command, frozen=True):
    pass


class Hunt(Command, frozen=True):
    found: bool | None = None  # where the ruleset leaves it to the GM
    rations: int = 0  # what the GM says was found, where the ruleset has no hunting rule


class ForageDay(Command, frozen=True):
    found: bool | None = None  # where the ruleset leaves foraging to the GM
    rations: int = 0  # what the GM says was found, in rations (with found)


class RollWeather(Command, frozen=True):
    pass


class SetWeather(Command, frozen=True):
    text: str
    codes: tuple[str, ...] = ()


class SetHeading(Command, frozen=True):
    """While lost: where the party really goes, and where it thinks it goes."""

    heading: str
    believed: str = ""


class Found(Command, frozen=True):
    """The party knows where it is again (optionally: where that is)."""

    place: str | None = None
    terrain: str | None = None
    hex: str | None = None


class RollEncounter(Command, frozen=True):
    """An extra encounter check (or, where the ruleset has no chance, the GM's
    encounter: its distance and surprise)."""


class SetWater(Command, frozen=True):
    gallons: int


# --- events -------------------------------------------------------------------------


@event("travel_place_set", area="travel")
class PlaceSet(Event, frozen=True):
    terrain: Key
    route: Text = ""
    place: PlaceName = ""
    hex: HexId = ""


class PlannedStage(msgspec.Struct, frozen=True, omit_defaults=True):
    place: PlaceName
    terrain: Key
    length: Length
    route: Text = ""
    hex: HexId = ""


@event("route_planned", area="travel")
class RoutePlanned(Event, frozen=True):
    stages: tuple[PlannedStage, ...] = ()


@event("pace_set", area="travel")
class PaceSet(Event, frozen=True):
    pace: Key


@event("guide_set", area="travel")
class GuideSet(Event, frozen=True):
    guide: bool
    navigator: Carrier = ""


class Sighting(Event, frozen=True):
    """An encounter check and, on an encounter, surprise then distance."""

    terrain: Text = ""  # the terrain checked (its chance decides the encounter)
    check: Roll | None = None
    surprise_party: Roll | None = None
    surprise_foe: Roll | None = None
    distance: Roll | None = None


@event("day_travelled", version=6, area="travel")
class Travelled(Event, frozen=True):
    """A day (or stage) on the road. The rolls are fields in the order they are
    rolled, so ``amend --dice`` retypes them in that order."""

    terrain: Text = ""  # the day's conditions, as they stood: terrain, road, rate or pace
    route: Text = ""
    rate: Annotated[int, Meta(ge=0, le=10_000)] = 0  # speed model: the slowest member's feet
    pace: Text = ""  # pace model: the pace the terrain allowed
    effects: tuple[Key, ...] = ()  # weather effects in force
    hours: Hours = 0  # pace model: hours on the road (0: the speed model's day)
    camp: bool = True
    forced: bool = False
    foraging: bool = False
    mounted: Text = ""  # the animal ridden ("": on foot); its rate is ``rate``
    flying: bool = False
    gallop: bool = False  # pace model: the mounts' doubled hour taken
    from_hour: Hours = 0  # pace model: hours already travelled that day (the saves' DCs)
    lost_roll: Roll | None = None  # X-in-Y, or the navigator's d20
    nav_mod: Modifier = 0
    # version 4: what the navigator's exhaustion took from the check (a d20 test:
    # ``sheet.check``; gm-review4 R8), as the state had it when it was rolled
    nav_tired: Annotated[int, Meta(ge=0, le=100)] = 0
    delay: Roll | None = None  # pace model: % longer after a failed navigation check
    check: Roll | None = None  # the encounter check, then surprise and distance
    surprise_party: Roll | None = None
    surprise_foe: Roll | None = None
    distance: Roll | None = None
    forage: Roll | None = None  # X-in-Y, or the forager's d20
    food: Roll | None = None
    water: Roll | None = None
    forage_mod: Modifier = 0  # the forager's: on the check and on the food found
    forage_tired: Annotated[int, Meta(ge=0, le=100)] = 0  # version 4: as ``nav_tired``
    saves: tuple[tuple[CharacterName, Roll, Modifier], ...] = ()  # extended travel
    # the last hour of the day the saves cover, where a failed navigation check
    # made the stage longer (0: from_hour + hours, the hours asked)
    saves_to: Annotated[int, Meta(ge=0, le=48)] = 0
    # version 2: lit lights burn through the time this entry passes (older
    # entries passed it with their time standing still: they still do)
    lights_burn: bool = True
    # version 3: the exhaustion of the failed saves lands before the time the
    # entry passes, so one they kill does not eat, drink or rest in it (older
    # entries gave it after: they still do)
    tired_first: bool = True
    # version 3: a light nobody holds (set down, or dropped where its carrier
    # fell) stays where it lies as the party travels on (core/lights; older
    # entries took it along: they still do)
    floor_stays: bool = True
    # version 4: a day that finishes the planned route's last stage of its kind
    # leaves the party in that stage's terrain, where it stands (gm-review4 R4;
    # older entries left it in the terrain it set out in: they still do)
    ends_in_stage: bool = True
    # version 4: the tracker keeps ``nav_tired`` and ``forage_tired`` as the state
    # before the entry has them, when a correction of an earlier entry changes
    # it (older entries, written without them, keep their checks as rolled)
    checks_tired: bool = True
    # version 5: ``nav_mod`` and ``forage_mod`` are the navigator's and the
    # forager's ability modifiers as the tracker derived them, until the GM sets
    # one by hand (``amend --set nav_mod=...``): a correction of the navigator
    # before the entry gives the new one's modifier to a derived one, never to
    # the GM's (older entries' modifiers may be the GM's: they stay)
    nav_derived: bool = True
    forage_derived: bool = True
    # version 6: a failed navigation check (pace model) makes the stage's way
    # longer by ``delay`` %, not the day: the party is on the road the hours the
    # GM set, makes that much less headway along its route, and no
    # extended-travel save comes of straying (5e2024.md §5.8; gm-review7 R4).
    # Older entries made the stage take that much longer on the road, with the
    # saves of the hours it then ran past the limit: they still do
    strays_farther: bool = True


# where the stage began and how far its saves ran: derived when it was decided
kept_by_tracker("day_travelled", "from_hour", "saves_to", "nav_tired", "forage_tired")
derived_until_set("day_travelled", "nav_mod", "nav_derived")
derived_until_set("day_travelled", "forage_mod", "forage_derived")


counts("day travelled", "days travelled",  # what undo names ``travel --days N``
       lambda n: ngettext("{n} day travelled", "{n} days travelled", n).format(n=n),
       repeated("day_travelled"))


@event("camp_made", version=2, area="travel")
class CampMade(Event, frozen=True):
    lights_burn: bool = True  # version 2 (as in Travelled)


@event("rest_day_taken", version=4, area="travel")
class RestDayTaken(Event, frozen=True):
    lights_burn: bool = True  # version 2 (as in Travelled)
    # version 3: the day ends at the next morning, as a travel day begun then
    # does (older entries passed a whole day from whenever they began: they still do)
    to_morning: bool = True
    # version 4: the rest day pays back one whole step of the debt, with the days
    # travelled past it under that step's penalty (gm-review3 R10; older entries
    # paid back ``every_days`` and carried those days on: they still do)
    whole_step: bool = True


@event("hunted", version=3, area="travel")
class Hunted(Event, frozen=True):
    roll: Roll | None = None
    found: bool = False  # where the GM decides (no chance in the ruleset)
    lights_burn: bool = True  # version 2 (as in Travelled)
    to_morning: bool = True  # version 3 (as in RestDayTaken)
    # where the ruleset has no hunting rule and leaves it to the GM (Dolmenwood):
    # the rations the GM says the day found (a default no earlier entry could hold)
    rations: int = 0


@event("foraged_day", version=5, area="travel")
class ForagedDay(Event, frozen=True):
    terrain: Text = ""  # where: its DC decides the check
    roll: Roll | None = None
    food: Roll | None = None
    water: Roll | None = None
    modifier: Modifier = 0
    # version 4: what the forager's exhaustion took from the check (as Travelled's)
    tired: Annotated[int, Meta(ge=0, le=100)] = 0
    # where the ruleset leaves foraging to the GM (Dolmenwood): what the GM decided
    found: bool = False
    rations: Count = 0
    lights_burn: bool = True  # version 2 (as in Travelled)
    to_morning: bool = True  # version 3 (as in RestDayTaken)
    checks_tired: bool = True  # version 4 (as in Travelled)
    derived: bool = True  # version 5: ``modifier`` as Travelled's ``forage_derived``


kept_by_tracker("foraged_day", "tired")
derived_until_set("foraged_day", "modifier", "derived")
for _name in ("day_travelled", "camp_made", "rest_day_taken", "hunted", "foraged_day"):
    fields_added(_name, 2, lights_burn=False)
for _name in ("rest_day_taken", "hunted", "foraged_day"):
    fields_added(_name, 3, to_morning=False)
fields_added("rest_day_taken", 4, whole_step=False)
fields_added("foraged_day", 4, checks_tired=False)
fields_added("day_travelled", 3, tired_first=False, floor_stays=False)
fields_added("day_travelled", 4, ends_in_stage=False, checks_tired=False)
fields_added("day_travelled", 5, nav_derived=False, forage_derived=False)
fields_added("day_travelled", 6, strays_farther=False)
fields_added("foraged_day", 5, derived=False)


@event("weather_set", area="travel")
class WeatherSet(Event, frozen=True):
    text: Text = ""  # GM-entered
    codes: tuple[Key, ...] = ()
    rolls: tuple[tuple[Key, Roll], ...] = ()  # table -> its roll (results derived)
    then: tuple[tuple[Key, Roll], ...] = ()  # table -> the dice its row asked for (1d4*10 °F)


@event("heading_set", area="travel")
class HeadingSet(Event, frozen=True):
    heading: Heading
    believed: Heading = ""


@event("way_found", area="travel")
class WayFound(Event, frozen=True):
    place: PlaceName = ""
    terrain: Text = ""
    hex: HexId = ""


@event("travel_encounter_rolled", area="travel")
class EncounterRolled(Sighting, frozen=True):
    pass


@event("water_set", area="travel")
class WaterSet(Event, frozen=True):
    gallons: Gallons


# what each event needs of the state, as its command checked it (holds.py)
day_holds = holds_for(Travelled)(holds.day_holds)
pace_holds = holds_for(PaceSet)(holds.pace_holds)
guide_holds = holds_for(GuideSet)(holds.guide_holds)
hunt_holds = holds_for(Hunted)(holds.hunt_holds)
forage_holds = holds_for(ForagedDay)(holds.forage_holds)
weather_holds = holds_for(WeatherSet)(holds.weather_holds)
heading_holds = holds_for(HeadingSet)(holds.heading_holds)
water_holds = holds_for(WaterSet)(holds.water_holds)
encounter_holds = holds_for(EncounterRolled)(holds.encounter_holds)


# --- reading the ruleset --------------------------------------------------------------


def weather_text(t: TravelRules, ev: WeatherSet) -> str:
    if ev.text:
        return ev.text
    bits = []
    for name, r in ev.rolls:
        if name == "sea" and t.sea is not None and t.sea.weather is not None:
            row = calc.lookup(t.sea.weather.entries, r.total)
            bits.append(row.result.split(":")[0] if row else "?")
        elif t.weather is not None and name in t.weather.tables:
            row = t.weather.tables[name].lookup(r.total)
            then = dict(ev.then).get(name)
            text = row.rolled.replace("{}", str(then.total)) if row and row.then and then \
                else (row.result if row else "?")
            bits.append(f"{name}: {text}")
    return " · ".join(bits)


def roll_weather(t: TravelRules, dice, old: WeatherSet | None = None) -> WeatherSet:
    """A roll on each weather table, and the dice a row asks for when it comes
    up (``old``: the entry corrected, whose dice stand where not retyped)."""
    was = dict(old.rolls) if old else {}
    was_then = dict(old.then) if old else {}
    rolls, then = [], []
    for name, tb in t.weather.tables.items():
        r = again(was.get(name), tb.die, dice, _("weather: {table}").format(table=name))
        rolls.append((name, r))
        row = tb.lookup(r.total)
        if row is not None and row.then:
            then.append((name, again(was_then.get(name), row.then, dice, _(
                "weather: {table}, {result}").format(table=name, result=row.result))))
    return WeatherSet(rolls=tuple(rolls), then=tuple(then))


# --- decide -------------------------------------------------------------------------


def _check_terrain(t: TravelRules, terrain: str, route: str) -> None:
    calc._terrain(t, terrain)
    calc._route(t, route)


def again(was: Roll | None, expr: str, dice, label: str) -> Roll:
    """Roll ``expr``; in a correction (``was``: the roll in the entry corrected),
    the GM's typed dice first, then the die as it was (same expression), and
    only a roll that is new (an encounter where it was quiet) from ``dice``,
    which asks for it when the GM rolls by hand."""
    if was is not None and was.expr == expr and not dice.unused():
        return was
    return dicemod.roll(expr, dice, label)


def roll_sighting(state: State, t: TravelRules, terrain: str, dice, forced: bool = False,
                  old=None) -> dict:
    """The encounter check (where the ruleset has a chance), then surprise and
    distance (``old``: the day corrected, whose dice stand where not retyped)."""

    def was(key: str) -> Roll | None:
        return getattr(old, key, None)

    rolls: dict = {"terrain": terrain}
    chance = calc.encounter_chance(t, terrain, "day")
    if chance is not None:
        rolls["check"] = again(was("check"), f"1d{chance.y}", dice, _("encounter check"))
        if not chance.hits(rolls["check"].total) and not forced:
            return rolls
    elif not forced:
        return rolls
    e = t.encounters
    sp = sf = False
    if e is not None and e.surprise:
        s = dicemod.parse_chance(e.surprise)
        rolls["surprise_party"] = again(was("surprise_party"), f"1d{s.y}", dice,
                                        _("party surprised?"))
        rolls["surprise_foe"] = again(was("surprise_foe"), f"1d{s.y}", dice, _("foe surprised?"))
        sp, sf = s.hits(rolls["surprise_party"].total), s.hits(rolls["surprise_foe"].total)
    expr = calc.encounter_distance_dice(t, terrain, party_surprised=sp, foe_surprised=sf)
    if expr:
        rolls["distance"] = again(was("distance"), expr, dice, _("encounter distance (ft)"))
    return rolls


def roll_navigation(state: State, t: TravelRules, terrain: str, route: str, mode: str,
                    dice) -> dict:
    """Pace model: the navigator's check against the terrain's DC, and how much
    longer the stage takes on a failure."""
    j = state.travel
    dc = calc.navigation_dc(t, terrain, route)
    if not (dc and t.lost is not None and t.lost.check):
        return {}
    mod, tired = sheet.check(state.rules, find(state, j.navigator), "wis") if j.navigator \
        else (0, 0)
    f = {"lost_roll": dicemod.roll(_d20(mode), dice, _("navigation: {check}").format(
        check=term(state.rules, "travel.lost.check"))), "nav_mod": mod, "nav_tired": tired}
    if f["lost_roll"].total + mod - tired < dc and t.lost.delay_percent:
        f["delay"] = dicemod.roll(t.lost.delay_percent, dice, _("stage longer by (%)"))
    return f


def _d20(mode: str) -> str:
    return {"advantage": "2d20kh1", "disadvantage": "2d20kl1"}.get(mode, "1d20")


def _forager(state: State):
    """Who makes the foraging check: the navigator, while alive and able to act,
    else the first who is (None: no one)."""
    alive = [c for c in living(state) if able(state, c)]
    return next((c for c in alive if c.name == state.travel.navigator), None) or \
        next(iter(alive), None)


def tired_now(state: State, ev):
    """``ev`` (a travel day, a day afloat or a day foraging, decided where
    exhaustion weighs on its checks) with what exhaustion takes from its navigation and foraging
    checks as ``state`` has them: a correction of an earlier entry (a level of
    exhaustion struck out, a failed save made) reaches the checks after it."""
    t = state.rules.travel
    if not getattr(ev, "checks_tired", False) or t is None:
        return ev
    if isinstance(ev, ForagedDay):
        if ev.roll is None or t.forage is None or not t.forage.check:
            return ev
        mod, tired = _forage_check(state, t)
        return replace(ev, tired=tired, modifier=mod if ev.derived else ev.modifier)
    nav_mod, nav = sheet.check(state.rules, find(state, state.travel.navigator), "wis") \
        if ev.lost_roll is not None and state.travel.navigator and pace_model(t) else (0, 0)
    # the modifiers too, as the navigator (and so the forager) now is, unless
    # the GM set them by hand or the entry is older than that knowledge
    now = {"nav_tired": nav, "nav_mod": nav_mod if ev.nav_derived else ev.nav_mod}
    if isinstance(ev, Travelled):  # a day afloat (sea.Sailed) forages not
        forage_mod, forage = _forage_check(state, t) \
            if ev.forage is not None and t.forage is not None and t.forage.check else (0, 0)
        now.update(forage_tired=forage,
                   forage_mod=forage_mod if ev.forage_derived else ev.forage_mod)
    return replace(ev, **now)


def _forage_check(state: State, t: TravelRules) -> tuple[int, int]:
    """The foraging check's (modifier, what exhaustion takes), as ``_roll_forage``
    rolls it."""
    return sheet.check(state.rules, _forager(state), t.forage.add) if t.forage.add else (0, 0)


def _roll_forage(state: State, t: TravelRules, dice, mode: str = "") -> dict:
    f = t.forage
    if f.check:
        # a d20 test: the forager's ability modifier, less what exhaustion takes
        mod, tired = _forage_check(state, t)
        out = {"forage": dicemod.roll(_d20(mode), dice, _("foraging: {check}").format(
            check=term(state.rules, "travel.forage.check"))),
               "forage_mod": mod, "forage_tired": tired}
        if out["forage"].total + mod - tired >= t.terrains[state.travel.terrain].forage_dc:
            if f.food:
                out["food"] = dicemod.roll(f.food, dice, _("food found (lb)"))
            if f.water:
                out["water"] = dicemod.roll(f.water, dice, _("water found (gallons)"))
        return out
    return {"forage": dicemod.roll(f"1d{dicemod.parse_chance(f.chance).y}", dice, _("foraging"))}


def travel_hours(t: TravelRules, j: Journey, hours: int) -> int:
    if not pace_model(t):
        return 0
    if hours:
        return hours
    left = t.distance.hours_per_day - j.hours_today
    if left <= 0:
        raise Refused(day_travelled(t.distance.hours_per_day))
    return int(left)


def hours_to_halt(t: TravelRules, j: Journey, hours: int, camp: bool, miles,
                  longer: int = 0) -> tuple[int, bool]:
    """Pace model: the whole hours of a stage of ``hours`` that take the party to
    where its planned route stops it (``miles(h)``: how far ``h`` hours go, on a
    way ``longer`` % longer for straying: ``way_longer``, on land or afloat), and
    whether it camps: a stage cut short by arriving does not (the day goes on
    there); ``(hours, camp)`` when that is farther than the stage goes."""
    ahead = route_ahead(t, j)
    if ahead is None:
        return hours, camp
    need = next((h for h in range(1, hours + 1) if headway(miles(h), longer) >= ahead - EPS),
                hours)
    return need, camp and need == hours


def decide_day(state: State, cmd: TravelDay, dice) -> Event:
    t, j = _where(state, afloat=True)
    if not living(state):
        raise Refused(_("no one in the party to travel (add characters first)"))
    if j.navigator and find(state, j.navigator) is not None:
        able_character(state, j.navigator, "guide")
    if j.rest_owed and not cmd.push_on:
        raise Refused(ngettext(
            "the forced march is owed {n} rest day: take it (rest-day), or push on anyway "
            "(travel --push-on)",
            "the forced march is owed {n} rest days: take them (rest-day), or push on anyway "
            "(travel --push-on)", j.rest_owed).format(n=j.rest_owed))
    if (way := day.decider_for(state)) is not None:  # afloat: sea.py's
        return way(state, cmd, dice)
    if cmd.current or cmd.headwind:
        raise Refused(_("--current and --headwind are for a day afloat: embark first"))
    hours = travel_hours(t, j, cmd.hours)
    rate = j.mount_rate if j.mount else sheet.party_speed(state)
    f: dict = {}
    # the pace the terrain allows sets the Survival checks' advantage
    pace = calc.stage_pace(t, pace_of(t, j), j.terrain, j.route, flying=j.flying,
                           slowed=party_slowed(state, t) and not j.mount,
                           rules=state.rules) if pace_model(t) else ""
    camp = cmd.camp
    mode = calc.survival_mode(t, pace) if pace else ""
    day_holds(state, Travelled(terrain=j.terrain, route=j.route, rate=0 if pace else rate or 0,
                               pace=pace, hours=hours, forced=cmd.forced, foraging=cmd.forage,
                               mounted=j.mount, flying=j.flying, gallop=cmd.gallop,
                               from_hour=int(j.hours_today)))  # before the dice
    if not j.lost:  # lost already: no roll until the GM marks the way found
        if pace_model(t):
            f.update(roll_navigation(state, t, j.terrain, j.route, mode, dice))
        else:
            chance = calc.lost_chance(t, j.terrain, j.route, guide=j.guide,
                                      weather=list(j.weather_codes))
            if chance is not None:
                f["lost_roll"] = dicemod.roll(f"1d{chance.y}", dice, _("lost?"))
    if pace:  # a stage ends where the route stops the party, and the day goes on there:
        # its headway, on a way straying made longer (``way_longer``)
        doubled = t.mounts.doubled_hours if cmd.gallop and t.mounts else 0
        longer = way_longer(t, Travelled(terrain=j.terrain, route=j.route, **{
            k: f[k] for k in ("lost_roll", "nav_mod", "nav_tired", "delay") if k in f}))
        hours, camp = hours_to_halt(t, j, hours, camp, lambda h: calc.pace_distance(
            t, pace, h, mounted_hours=doubled), longer)
    f.update(roll_sighting(state, t, j.terrain, dice))
    if cmd.forage:
        f.update(_roll_forage(state, t, dice, mode))
    saves, last = (), 0
    if t.extended is not None and pace_model(t):
        last = int(j.hours_today + stage_seconds(t, Travelled(
            terrain=j.terrain, route=j.route, hours=hours, **{
                k: f[k] for k in ("lost_roll", "nav_mod", "nav_tired", "delay") if k in f})) / 3600)
        travellers = living(state)
        saves = hourly_saves(
            state, t, int(j.hours_today), last, [c.name for c in travellers],
            {c.name: _save_mod(state, c, t.extended.save) for c in travellers},
            lambda hour, name, dc: dicemod.roll("1d20", dice, _(
                "{name}: {ability} save DC {dc}").format(
                    name=name, ability=term(state.rules, "travel.extended.save"), dc=dc)))
    if pace:
        f["pace"] = pace
    else:
        f["rate"] = rate or 0
    return Travelled(hours=hours, route=j.route, effects=j.weather_codes, camp=camp,
                     forced=cmd.forced, foraging=cmd.forage, mounted=j.mount,
                     flying=j.flying, gallop=cmd.gallop, from_hour=int(j.hours_today),
                     saves=tuple(saves),
                     saves_to=last if last != int(j.hours_today) + hours else 0, **f)


def reroll_shared(state: State, t: TravelRules, ev, dice) -> dict:
    """A day's lost roll and sighting rolled again in field order, each later die
    only where the first ones call for it (a correction: see ``reroll_day``)."""
    f: dict = {"delay": None, "surprise_party": None, "surprise_foe": None, "distance": None}
    if ev.lost_roll is not None:
        f["lost_roll"] = dicemod.roll(ev.lost_roll.expr, dice, _("lost?"))
        if strayed(t, replace(ev, lost_roll=f["lost_roll"])) and t.lost.delay_percent:
            f["delay"] = again(ev.delay, t.lost.delay_percent, dice, _("stage longer by (%)"))
    if ev.check is not None:
        f.update(roll_sighting(state, t, ev.terrain, dice, old=ev))
        f.pop("terrain")
    return f


@rerolls(Travelled)
def reroll_day(state: State, ev: Travelled, dice) -> Travelled:
    """``ev`` with its dice rolled again from ``dice``: a quiet day typed into an
    encounter needs surprise and distance, a found meal its food and water."""
    t = rules_of(state)
    f = reroll_shared(state, t, ev, dice)
    if ev.forage is not None:
        f.update(forage=again(ev.forage, ev.forage.expr, dice, _("foraging")))
        f.update(_found_dice(t, ev, f["forage"], ev.forage_mod - ev.forage_tired, dice))
    if t.extended is not None and pace_model(t):
        f.update(_saves_again(state, t, ev, replace(ev, **f), dice))
    return replace(ev, **f)


def _found_dice(t: TravelRules, ev: Travelled, roll: Roll, mod: int, dice,
                keep: bool = False) -> dict:
    """The food and water dice of a day's foraging whose check (``roll`` +
    ``mod``) now finds something, none where it no longer does: the GM's typed
    ``dice`` first, then the day's own (``keep``: the day's own, the dice only
    for those it lacked)."""
    fo, f = t.forage, {"food": None, "water": None}

    def die(was: Roll | None, expr: str, label: str) -> Roll:
        return was if keep and was is not None else again(was, expr, dice, label)
    if fo.check and roll.total + mod >= t.terrains[ev.terrain].forage_dc:
        if fo.food:
            f["food"] = die(ev.food, fo.food, _("food found (lb)"))
        if fo.water:
            f["water"] = die(ev.water, fo.water, _("water found (gallons)"))
    return f


def _saves_again(state: State, t: TravelRules, ev: Travelled, new: Travelled, dice,
                 keep: bool = False) -> dict:
    """The extended-travel saves of a stage corrected into ``new``: one per
    living traveller for each hour travelled past the limit, as long as the
    retyped navigation check makes the stage; a save of an hour it had keeps
    its die (or takes the one retyped, unless ``keep``: the typed dice are
    for the saves it gains), one of an hour it gains is rolled. A traveller
    the corrected saves kill saves no more (``hourly_saves``)."""
    step = _d20_step(state)
    rested = _tired(ev.saves, save_dcs(t, ev), -step)  # the modifiers the stage began with
    names = list(dict.fromkeys(n for n, _r, _m in rested)) or [c.name for c in living(state)]
    mods = {n: m for n, _r, m in rested}
    for n in names:
        if n not in mods and (c := find(state, n)) is not None:
            mods[n] = _save_mod(state, c, t.extended.save)
    was = dict(zip(zip(save_hours(t, ev), (n for n, _r, _m in rested)),
                   (r for _n, r, _m in rested)))
    last = int(ev.from_hour + stage_seconds(t, new) / 3600)

    def die(hour: int, n: str, dc: int) -> Roll:
        kept = was.get((hour, n))
        return kept if keep and kept is not None else again(
            kept, "1d20", dice, _("{name}: save").format(name=n))

    return {"saves": hourly_saves(state, t, ev.from_hour, last, names, mods, die),
            "saves_to": last if last != ev.from_hour + new.hours else 0}


@refits(Travelled)
def stage_refit(state: State, was: Travelled, now: Travelled, dice) -> Travelled | None:
    """A stage whose corrected fields change how long it takes (its hours; its
    terrain or road, which set whether its navigation die strayed; its pace,
    which gives that check advantage or disadvantage) gets what
    entering it so would have given (gm-review3 R18): the delay of a stage
    now strayed (rolled), none where it no longer strays, and the
    extended-travel saves of the hours it now takes at their DCs (5e2024.md
    §5.4), the dice of an hour it had kept, those of an hour it gains rolled
    (or asked for). None where the stage's length and saves stay as they were."""
    t = state.rules.travel
    if t is None or not pace_model(t) or now.terrain not in t.terrains:
        return None
    fitted = now
    if now.lost_roll is not None and getattr(now, "pace", "") in t.paces \
            and now.pace != was.pace:  # (a day afloat has no pace)
        # the pace sets the navigation check's advantage: its die kept, one added
        expr = _d20(calc.survival_mode(t, now.pace))
        if expr != now.lost_roll.expr:
            fitted = replace(fitted, lost_roll=dicemod.roll_keeping(
                expr, now.lost_roll, dice, _("navigation: {check}").format(
                    check=term(state.rules, "travel.lost.check"))))
    fitted = _course_again(state, t, was, fitted, dice)
    rest = _night_of(state, fitted)
    if rest and not _night_of(state, was):
        # now ending in a camp whose night is a long rest (known-issue 4): the
        # rest follows in the entry, as the stage entered so would have had it;
        # one it no longer ends in is emptied on schedule (``camp.night_on_schedule``)
        return [fitted, *rest]
    return None if fitted == now else fitted


def _night_of(state: State, ev: Travelled) -> list[Event]:
    """The night's long rest a stage ``ev`` begun from ``state`` ends in ([]:
    none, or no camp), as ``decide_travel`` gives it."""
    if not ev.camp:
        return []
    try:
        after = EVOLVERS[type(ev)](state, ev)
    except Refused:
        return []
    if not after.travel.days:
        return []
    return night_rest(state, after, state.clock + int(after.travel.days[-1].hours * 3600))


def _checks_again(state: State, was: Travelled, now: Travelled, dice) -> Travelled:
    """``now`` (``was`` with its checks' exhaustion as the state has it) with
    what its checks' verdicts then call for: the delay of a stage now strayed
    (rolled), none where it no longer strays, and the saves of the hours it
    now takes; the food and water dice of foraging that now finds something."""
    t = state.rules.travel
    if isinstance(now, Travelled) and now.forage is not None and t.forage is not None:
        now = replace(now, **_found_dice(t, now, now.forage, now.forage_mod - now.forage_tired,
                                         dice, keep=True))
    if not pace_model(t) or now.lost_roll is None or strayed(t, now) == strayed(t, was):
        return now
    return _course_again(state, t, was, now, dice)


def _course_again(state: State, t, was: Travelled, now: Travelled, dice) -> Travelled:
    """``now`` with what its navigation's verdict calls for: the delay of a
    stage now strayed (rolled), none where it no longer strays, and the
    extended-travel saves of the hours it then takes (those of an hour it
    kept keep their dice)."""
    if not strayed(t, now):
        now = replace(now, delay=None)
    elif now.delay is None and t.lost is not None and t.lost.delay_percent:
        now = replace(now, delay=dicemod.roll(t.lost.delay_percent, dice,
                                              _("stage longer by (%)")))
    if t.extended is not None and isinstance(now, Travelled):  # (none afloat)
        now = replace(now, **_saves_again(state, t, was, now, dice, keep=True))
    return now


@reschedules(ForagedDay)
def forage_on_schedule(state: State, ev: ForagedDay, dice, planned=None) -> ForagedDay:
    """A day foraging after a corrected entry: its check takes what exhaustion
    takes as the corrected entries leave the forager (gm-review4 R8), and its
    food and water dice follow the check's verdict."""
    now = tired_now(state, ev)
    return now if now == ev else _forage_dice(state, now, dice, keep=True)


@rerolls(ForagedDay)
def reroll_forage(state: State, ev: ForagedDay, dice) -> ForagedDay:
    """A day foraging with its check retyped: the food and water it now finds
    rolled (the day's own kept), none where it now finds nothing."""
    if ev.roll is None:
        return ev
    return _forage_dice(state, replace(ev, roll=again(ev.roll, ev.roll.expr, dice,
                                                      _("foraging"))), dice)


def _forage_dice(state: State, ev: ForagedDay, dice, keep: bool = False) -> ForagedDay:
    t = state.rules.travel
    if ev.roll is None or t is None or t.forage is None or not t.forage.check \
            or (ev.terrain or state.travel.terrain) not in t.terrains:
        return ev
    return replace(ev, **_found_dice(t, replace(ev, terrain=ev.terrain or state.travel.terrain),
                                     ev.roll, ev.modifier - ev.tired, dice, keep))


def checks_on_schedule(state: State, ev, dice):
    """A day on land or afloat after a corrected entry: its navigation (and
    foraging) checks as the corrected entries before it leave the navigator
    and the forager (``tired_now``: exhaustion, and the modifier of a
    navigator corrected), with what their verdicts then call for (the delay
    of a stage now strayed; ``_checks_again``). The same entry where nothing
    changed."""
    tired = tired_now(state, ev)
    return ev if tired == ev else _checks_again(state, ev, tired, dice)


def course_on_schedule(state: State, ev, dice, chance=None, label: str = "", under=None):
    """A day on land or afloat after a corrected entry, begun on course as the
    corrected entries leave the party, that holds no navigation check because
    the party was lost when it was written (an earlier day, since corrected to
    on course, lost it): its own check, rolled now from ``dice`` as its command
    would have rolled it (gm-review7 R1: ten days through forest with none).
    ``chance(day)``: the day's X-in-Y to roll, or None where its command rolls
    none (speed model; where not given, ``calc.lost_chance`` of its terrain,
    road, the guide and its weather, as a day on land rolls it), ``label``
    the roll's. A day that holds a check keeps it as recorded; one begun lost
    rolls none, and a check it holds (an earlier day corrected into lost)
    stands void until a correction finds the way before it again. The same
    entry where nothing is owed.
    ``under``: the day's fields its lost chance is rolled under that it
    records from the state before it (the weather's effects; afloat, the
    navigator and land in sight), as that state now has them: a correction of
    the guide, the weather or the ship's course reaches every later day, and
    a check the day now has no chance for (a guide corrected in) goes, as its
    command would have rolled none (gm-review7: a guide corrected in left the
    party lost on the later days it led)."""
    t, j = state.rules.travel, state.travel
    if t is None or ev.terrain not in t.terrains:
        return ev
    now = {k: v for k, v in (under or {}).items() if getattr(ev, k) != v}
    if now:
        ev = replace(ev, **now)
    if j.lost or (ev.lost_roll is not None and pace_model(t)):
        return ev
    if pace_model(t):
        pace = getattr(ev, "pace", "")
        mode = calc.survival_mode(t, pace) if pace in t.paces else ""
        f = roll_navigation(state, t, ev.terrain, getattr(ev, "route", ""), mode, dice)
        return replace(ev, **f) if f else ev
    c = chance(ev) if chance is not None else calc.lost_chance(
        t, ev.terrain, ev.route, guide=j.guide, weather=list(ev.effects))
    if ev.lost_roll is not None:  # kept as recorded, unless now nothing is rolled
        return replace(ev, lost_roll=None) if c is None else ev
    if c is None:  # nothing to roll: a road, a guide, a terrain without a chance
        return ev
    return replace(ev, lost_roll=dicemod.roll(f"1d{c.y}", dice, label or _("lost?")))


@reschedules(Travelled)
def stage_on_schedule(state: State, ev: Travelled, dice, planned=None) -> Travelled:
    """A later stage of a day whose earlier stage a correction made longer or
    shorter (its navigation die retyped): it begins at the hour that stage now
    ends, and its extended-travel saves are those of the hours it now covers,
    each at its DC (``[travel.extended]``, 5e2024.md §5.4), as a dungeon turn
    follows a turn inserted before it (gm-review3 R6). Each traveller's saves
    keep the dice the table rolled, in their order; only a save of an hour
    the stage gains is rolled, and one of an hour it no longer reaches goes.
    Its navigation and foraging checks take what exhaustion takes as the
    corrected entries before it leave the navigator and the forager
    (``tired_now``; gm-review4 R8), and so do its saves' modifiers, where the
    stage stays where it was too: a level of exhaustion corrected away (an
    ``exhaustion`` entry, an earlier stage's failed save) reaches every later
    d20 test that recorded it."""
    t, given = state.rules.travel, ev
    ev = checks_on_schedule(state, course_on_schedule(
        state, ev, dice, under={"effects": tuple(state.travel.weather_codes)}), dice)
    now = int(state.travel.hours_today)
    if t is None or not pace_model(t):
        return ev
    moved = replace(ev, from_hour=now, saves_to=0) if ev.from_hour != now else ev
    if t.extended is None:
        return moved
    step = _d20_step(state)
    rested = _tired(ev.saves, save_dcs(t, ev), -step)  # the modifiers the stage began with
    names = list(dict.fromkeys(n for n, _r, _m in rested)) or [c.name for c in living(state)]
    mods = {n: m for n, _r, m in rested}  # where a traveller is no longer in the party
    for n in names:  # the modifier as the state now has it (the earlier stage's exhaustion)
        if (c := find(state, n)) is not None:
            mods[n] = _save_mod(state, c, t.extended.save)
    rolled = {n: [r for who, r, _m in rested if who == n] for n in names}
    last = int(now + stage_seconds(t, ev) / 3600)

    def die(hour: int, n: str, dc: int) -> Roll:
        return rolled[n].pop(0) if rolled[n] else \
            dicemod.roll("1d20", dice, _("{name}: save").format(name=n))

    fitted = replace(moved, saves=hourly_saves(state, t, now, last, names, mods, die),
                     saves_to=last if last != now + ev.hours else 0)
    return given if fitted == given else fitted  # the same entry: nothing moved


def hourly_saves(state: State, t: TravelRules, first: int, last: int, names: list[str],
                 mods: dict[str, int], die) -> tuple:
    """The extended-travel saves of the hours after ``first`` up to ``last``
    (5e2024.md §5.4), in rolled order: at the end of each hour past the limit,
    each of ``names`` still alive saves (``die(hour, name, dc)`` its roll), its
    modifier ``mods[name]`` less a level's d20 penalty for each save it failed
    earlier in the stage. The dead do not save: one dead before the stage (in
    the party as the state has it), or one whose failed saves have brought to
    the ruleset's last level of exhaustion, saves no more that stage."""
    step, p = _d20_step(state), state.rules.party
    top = p.exhaustion_max if p is not None else 0
    party = {c.name: c for c in state.party}
    out, failed = [], {}
    for hour in range(first + 1, last + 1):
        if not (dc := calc.extended_dc(t, hour)):
            continue
        for n in names:
            c, down = party.get(n), failed.get(n, 0)
            if c is not None and (sheet.status(state.rules, c) == "dead"
                                  or (top and c.exhaustion + down >= top)):
                continue
            r = die(hour, n, dc)
            now = mods.get(n, 0) - step * down
            out.append((n, r, now))
            failed[n] = down + (r.total + now < dc)
    return tuple(out)


def _d20_step(state: State) -> int:
    """What a level of exhaustion takes from a d20 test."""
    return state.rules.party.exhaustion_d20 if state.rules.party else 0


def _tired(saves, dcs: list[int], step: int) -> tuple:
    """Extended-travel saves in rolled order, each modifier less ``step`` for
    every save its traveller failed earlier in the stage: that hour's level of
    exhaustion lands before the next hour's save. A negative ``step`` takes the
    recorded modifiers back to the ones the stage began with."""
    out, failed = [], {}
    for (name, r, mod), dc in zip(saves, dcs):
        now = mod - step * failed.get(name, 0)
        out.append((name, r, now))
        failed[name] = failed.get(name, 0) + (r.total + (mod if step < 0 else now) < dc)
    return tuple(out)


def _save_mod(state: State, c, save: str) -> int:
    own = sheet.saves(state.rules, c)
    key = next((k for k in own if save.casefold().startswith(k.casefold())), None)
    # one with no class (a hireling) has no save bonus, but its exhaustion
    # still takes from the d20 test
    return own[key] if key else -sheet.d20_penalty(state.rules, c)


def save_dcs(t: TravelRules, ev: Travelled) -> list[int]:
    """The DC of each extended-travel save in ``ev.saves``, in rolled order
    (everyone saves at the end of each hour past the limit)."""
    if not ev.saves or t.extended is None:
        return []
    return [calc.extended_dc(t, h) if h else 0 for h in save_hours(t, ev)]


def save_hours(t: TravelRules, ev: Travelled) -> list[int]:
    """The hour of the day each extended-travel save in ``ev.saves`` was made
    at the end of (0 where the stage has no such hour left), in rolled order.
    Each hour past the limit, each living traveller saves once, in the same
    order: an hour's saves end where a name comes again. A traveller dead
    since (``hourly_saves``) leaves the later hours shorter; entries of before
    that had every traveller save every hour, which reads the same."""
    hours = range(ev.from_hour + 1, (ev.saves_to or ev.from_hour + ev.hours) + 1)
    due = [h for h in hours if calc.extended_dc(t, h)]
    out, seen, at = [], set(), 0
    for name, _r, _m in ev.saves:
        if name in seen:
            at, seen = at + 1, set()
        seen.add(name)
        out.append(due[min(at, len(due) - 1)] if due else 0)
    return out


def failed_saves(t: TravelRules, ev: Travelled) -> list[tuple[str, Roll, int]]:
    """(name, roll, DC) of each failed extended-travel save, in rolled order."""
    return [(name, r, dc) for (name, r, mod), dc in zip(ev.saves, save_dcs(t, ev))
            if r.total + mod < dc]


def _stops(before: State, after: State) -> str:
    """Several days stop at what the GM must see before the next one: why, in
    the GM's words ("" goes on)."""
    if after.travel.days and after.travel.days[-1].encounter:
        return _("at an encounter")
    if after.travel.lost and not before.travel.lost:
        return _("when the party got lost")
    status = rest_status(after)
    if status != "ok" and status != rest_status(before):
        return {"owed": _("with a day of rest owed for the forced march"),
                "due": _("with a rest day due")}.get(
            status, _("with a rest day overdue (its penalty applies)"))
    if food_days(after) is not None and food_days(after) < 1:
        return _("with no food left for tomorrow")
    if len(after.travel.stages) < len(before.travel.stages):
        return _("on arriving")
    return ""


def _days_short(done: int, planned: int, why: str) -> str:
    """A run of days that stopped short, as the GM reads it after it."""
    return ngettext("Stopped after {done} day of {planned}, {why}",
                    "Stopped after {done} days of {planned}, {why}", done).format(
        done=done, planned=planned, why=why)


@decides(TravelDay)
def decide_travel(state: State, cmd: TravelDay, dice) -> list[Event]:
    t = rules_of(state)
    if not 1 <= cmd.days <= MAX_DAYS:
        raise Refused(ngettext("travel 1 to {most} day at a time",
                               "travel 1 to {most} days at a time", MAX_DAYS).format(
                                   most=MAX_DAYS))
    if cmd.hours and not pace_model(t):
        raise Refused(_("{ruleset} travels by the day, not by hours").format(
            ruleset=state.rules.meta.name))
    if not 0 <= cmd.hours <= 24:
        raise Refused(_("a stage is 1 to 24 hours"))
    if cmd.days > 1 and (cmd.hours or not cmd.camp):
        raise Refused(_("several days at once are whole days, each ending in camp"))
    out: list[Event] = []

    def fold(s: State, ev: Event) -> State:
        out.append(ev)
        after = EVOLVERS[type(ev)](s, ev)  # a day on land or afloat, as replay folds it
        if ev.camp and after.travel.days:
            night_from = s.clock + int(after.travel.days[-1].hours * 3600)
            for rest in night_rest(s, after, night_from):
                out.append(rest)
                after = evolve_camp_rest(after, rest)
        for saved in owed_saves(after, dice):  # a day begun short of food
            out.append(saved)
            after = evolve_saved(after, saved)
        return after

    advance(state, cmd.days, lambda s: decide_day(s, cmd, dice), fold, _stops, _days_short)
    return out


@decides(SetTerrain)
def decide_terrain(state: State, cmd: SetTerrain, dice) -> list[Event]:
    t, j = rules_of(state), state.travel
    terrain = j.terrain if cmd.terrain is None else cmd.terrain.strip()
    route = j.route if cmd.route is None else cmd.route.strip()
    if route in ("none", "-"):
        route = ""
    place = j.place if cmd.place is None else cmd.place.strip()
    hexid = j.hex if cmd.hex is None else cmd.hex.strip()
    ev = PlaceSet(terrain, route, place, hexid)
    place_holds(state, ev)
    if (terrain, route, place, hexid) == (j.terrain, j.route, j.place, j.hex) and not j.arrived:
        raise Refused(_("that is where the party already is"))  # arrived: it sets out from here
    return [ev]


@holds_for(PlaceSet)
def place_holds(state: State, ev: PlaceSet) -> None:
    """``terrain`` (and an amended ``travel_place_set``): a terrain and route of the ruleset."""
    t = rules_of(state)
    if not ev.terrain:
        raise Refused(_("give a terrain (known: {terrains})").format(
            terrains=known_words(state.rules, "travel.terrains", t.terrains)))
    _check_terrain(t, ev.terrain, ev.route)


@holds_for(WayFound)
def found_holds(state: State, ev: WayFound) -> None:
    """``found``: only while lost; a terrain named is one of the ruleset."""
    t = rules_of(state)
    if not state.travel.lost:
        raise Refused(_("the party is not lost"))
    if ev.terrain:
        calc._terrain(t, ev.terrain)


@decides(PlanRoute)
def decide_plan(state: State, cmd: PlanRoute, dice) -> list[Event]:
    t = rules_of(state)
    if len(cmd.stages) > 50:
        raise Refused(_("a route is at most 50 stages"))
    out = []
    for i, s in enumerate(cmd.stages, 1):
        try:
            _check_terrain(t, s.terrain, s.route)
        except Refused as e:
            raise Refused(_("stage {n}: {why}").format(n=i, why=e)) from None
        if s.length < 1:
            raise Refused(_("stage {n}: its length must be at least 1").format(n=i))
        if t.terrains[s.terrain].water and t.sea is None:
            raise Refused(_("stage {n}: {why}").format(
                n=i, why=calc.gm_note(t, "sea", state.rules) or _("no travel by water")))
        out.append(PlannedStage(s.place.strip(), s.terrain, s.length, s.route, s.hex.strip()))
    if not out and not state.travel.stages and not state.travel.arrived:
        raise Refused(_("no route is planned to clear"))  # arrived: clearing it sets out
    return [RoutePlanned(tuple(out))]


@decides(SetPace)
def decide_pace(state: State, cmd: SetPace, dice) -> list[Event]:
    t = rules_of(state)
    pace_holds(state, PaceSet(cmd.pace))
    if cmd.pace == pace_of(t, state.travel):
        raise Refused(_("the pace is already {pace}").format(
            pace=term(state.rules, f"travel.paces.{cmd.pace}")))
    return [PaceSet(cmd.pace)]


@decides(SetGuide)
def decide_guide(state: State, cmd: SetGuide, dice) -> list[Event]:
    rules_of(state)
    nav = cmd.navigator.strip()
    guide_holds(state, GuideSet(cmd.guide, nav))
    if (cmd.guide, nav) == (state.travel.guide, state.travel.navigator):
        raise Refused(_("nothing changes"))
    return [GuideSet(cmd.guide, nav)]


@holds_for(CampMade)
def camp_holds(state: State, ev: CampMade) -> None:
    """``camp``: the pace model, after travel today."""
    if not pace_model(rules_of(state)) or not state.travel.hours_today:
        raise Refused(_("no travel today to end: a travel day ends in camp on its own"))


@holds_for(RestDayTaken)
def rest_day_holds(state: State, ev: RestDayTaken) -> None:
    """``rest-day``: no travel today (a day travelled ends in camp first)."""
    rules_of(state)
    if state.travel.hours_today:
        raise Refused(_("make camp first: the party has travelled today"))


@decides(MakeCamp)
def decide_camp(state: State, cmd: MakeCamp, dice) -> list[Event]:
    camp = CampMade()
    camp_holds(state, camp)
    return with_hunger_saves(state, [camp] + night_rest(state, evolve_camp(state, camp),
                                                        state.clock), dice)


@decides(RestDay)
def decide_rest(state: State, cmd: RestDay, dice) -> list[Event]:
    holds.out_of_the_dungeon(state, _("the party is in a dungeon: leave it before a rest day "
                                      "on the road (a rest there is a rest turn: rest)"))
    rest_day_holds(state, RestDayTaken())
    return with_hunger_saves(state, _with_night(state, [RestDayTaken()]), dice)


def _with_night(state: State, events: list[Event]) -> list[Event]:
    """A day off (rest, hunting, foraging) ends as a travel day does: its hours,
    then the night, to the morning; where the camp's night is a long rest (D&D
    2024), so is this one (gm-review3 R11)."""
    after = state
    for ev in events:
        after = EVOLVERS[type(ev)](after, ev)
    night_from = state.clock + rules_of(state).distance.hours_per_day * 3600
    return events + night_rest(state, after, night_from)


@decides(Hunt)
def decide_hunt(state: State, cmd: Hunt, dice) -> list[Event]:
    t = rules_of(state)
    holds.out_of_the_dungeon(state, _("the party is in a dungeon: leave it before hunting"))
    if gm_hunts(t):  # no hunting rule: the GM's word, and how many rations
        if cmd.found is None:
            raise Refused(calc.gm_note(t, "hunt", state.rules) + " " +
                          _("Say --found N (rations) or --nothing."))
        ev = Hunted(found=cmd.found, rations=cmd.rations if cmd.found else 0)
        hunt_holds(state, ev, rolled=False)
        _someone_hunts(state)
        return with_hunger_saves(state, _with_night(state, [ev]), dice)
    hunt_holds(state, Hunted(found=bool(cmd.found), rations=cmd.rations), rolled=False)
    if t.hunt.chance:
        if cmd.found is not None:
            raise Refused(_("the ruleset rolls the hunt ({chance}): no --found").format(
                chance=dicemod.chance_text(t.hunt.chance)))
        c = dicemod.parse_chance(t.hunt.chance)
        _someone_hunts(state)
        return with_hunger_saves(
            state, _with_night(state, [Hunted(roll=dicemod.roll(f"1d{c.y}", dice, _("hunting")))]),
            dice)
    if cmd.found is None:
        raise Refused((calc.gm_note(t, "hunt.chance", state.rules) or _("the GM decides")) + " " +
                      _("Say --found or --nothing."))
    _someone_hunts(state)
    return with_hunger_saves(state, _with_night(state, [Hunted(found=cmd.found)]), dice)


def _someone_hunts(state: State) -> None:
    """After the ruleset's say (how the hunt is decided comes first): someone alive."""
    if not living(state):
        raise Refused(_("no one in the party to hunt (add characters first)"))
    if not any(able(state, c) for c in living(state)):
        raise Refused(_("no one in the party is able to hunt: each is dead or cannot act"))


@decides(ForageDay)
def decide_forage_day(state: State, cmd: ForageDay, dice) -> list[Event]:
    t, j = _where(state)
    gm = gm_forages(t)
    if not gm and cmd.found is not None:
        raise Refused(_("{ruleset} rolls foraging: no --found or --nothing").format(
            ruleset=state.rules.meta.name))
    if gm and cmd.found is None and not j.hours_today:
        raise Refused(calc.gm_note(t, "forage", state.rules) + " " + _("Say --found N (rations) or --nothing."))
    ev = ForagedDay(j.terrain, found=bool(cmd.found), rations=cmd.rations if cmd.found else 0)
    forage_holds(state, ev, rolled=False)
    if gm or t.forage.whole_day_succeeds:
        return with_hunger_saves(state, _with_night(state, [ev]), dice)
    r = _roll_forage(state, t, dice)
    return with_hunger_saves(state, _with_night(state, [ForagedDay(
        j.terrain, r.get("forage"), r.get("food"), r.get("water"), r.get("forage_mod", 0),
        tired=r.get("forage_tired", 0))]), dice)


def gm_forages(t: TravelRules) -> bool:
    """No foraging rule, and the ruleset says the GM decides what a day of it finds."""
    return calc.gm_finds(t, "forage")


def gm_hunts(t: TravelRules) -> bool:
    """No hunting rule, and the ruleset says the GM decides what a day of it finds."""
    return calc.gm_finds(t, "hunt")


@decides(RollWeather)
def decide_roll_weather(state: State, cmd: RollWeather, dice) -> list[Event]:
    t = rules_of(state)
    j = state.travel
    if j.terrain and t.terrains[j.terrain].water and t.sea and t.sea.weather:
        return [WeatherSet(rolls=(("sea", dicemod.roll(t.sea.weather.die, dice,
                                                      _("weather at sea"))),))]
    if t.weather is None or not t.weather.tables:
        raise Refused(calc.gm_note(t, "weather.tables", state.rules) or calc.gm_note(t, "weather", state.rules)
                      or _("{ruleset} rolls no weather: enter it (weather TEXT)").format(
                          ruleset=state.rules.meta.name))
    return [roll_weather(t, dice)]


@rerolls(WeatherSet)
def reroll_weather(state: State, ev: WeatherSet, dice) -> WeatherSet:
    """A retyped table roll may bring up a row asking for dice, or drop one."""
    t = rules_of(state)
    if ev.text or t.weather is None or any(n not in t.weather.tables for n, _ in ev.rolls):
        return replace(ev, rolls=tuple((n, again(r, r.expr, dice, f"weather: {n}"))
                                       for n, r in ev.rolls))
    return roll_weather(t, dice, ev)


@decides(SetWeather)
def decide_weather(state: State, cmd: SetWeather, dice) -> list[Event]:
    t = rules_of(state)
    text = cmd.text.strip()
    codes = tuple(c.strip() for c in cmd.codes if c.strip())
    ev = WeatherSet(text=text, codes=codes)
    weather_holds(state, ev)
    return [ev]


@decides(SetHeading)
def decide_heading(state: State, cmd: SetHeading, dice) -> list[Event]:
    ev = HeadingSet(cmd.heading.strip(), cmd.believed.strip())
    heading_holds(state, ev)
    return [ev]


@decides(Found)
def decide_found(state: State, cmd: Found, dice) -> list[Event]:
    ev = WayFound((cmd.place or "").strip(), (cmd.terrain or "").strip(), (cmd.hex or "").strip())
    found_holds(state, ev)
    return [ev]


@decides(RollEncounter)
def decide_encounter(state: State, cmd: RollEncounter, dice) -> list[Event]:
    t, j = rules_of(state), state.travel
    encounter_holds(state, EncounterRolled(terrain=j.terrain))
    rolls = roll_sighting(state, t, j.terrain, dice,
                          forced=calc.encounter_chance(t, j.terrain) is None)
    if len(rolls) == 1:
        raise Refused(_("nothing to roll for an encounter here"))
    return [EncounterRolled(**rolls)]


@decides(SetWater)
def decide_water(state: State, cmd: SetWater, dice) -> list[Event]:
    water_holds(state, WaterSet(cmd.gallons))
    return [WaterSet(cmd.gallons)]


# --- evolve ---------------------------------------------------------------------------


def to_morning(state: State, busy: int) -> int:
    """Seconds from now to the first morning after ``busy`` seconds of work."""
    day = state.rules.time.day_seconds
    end = state.clock + max(busy, 1)
    return -(-end // day) * day - state.clock


def with_day(j: Journey, summary: DaySummary) -> tuple[DaySummary, ...]:
    days = j.days + (summary,)
    return days[-DAYS_KEPT:]


def is_encounter(t: TravelRules, ev: Sighting | Travelled) -> bool:
    """The check met the terrain's chance; with no chance, the GM called one."""
    if ev.check is None:
        return ev.distance is not None or ev.surprise_party is not None
    chance = calc.encounter_chance(t, ev.terrain, "day") if ev.terrain in t.terrains else None
    return chance is not None and chance.hits(ev.check.total)


def sighting(t: TravelRules, ev: Sighting | Travelled, codes=()) -> tuple[bool, int | None]:
    """Whether it is an encounter and how far off (feet, after weather)."""
    met = is_encounter(t, ev)
    ft = calc.encounter_distance(t, ev.distance.total, list(codes)) \
        if met and ev.distance is not None else None
    return met, ft


def became_lost(t: TravelRules, ev: Travelled) -> bool:
    """A lost roll that hit (speed model); the pace model strays instead."""
    if ev.lost_roll is None or pace_model(t) or ev.terrain not in t.terrains:
        return False
    c = calc.lost_chance(t, ev.terrain, ev.route, weather=list(ev.effects))
    return c is not None and c.hits(ev.lost_roll.total)


def stage_seconds(t: TravelRules, ev: Travelled) -> int:
    """Pace model: the seconds a stage (or a day afloat) takes: the hours
    asked. In an entry written before ``strays_farther`` (``day_travelled``
    6, ``day_sailed`` 5) a failed navigation check made them that much longer."""
    longer = ev.delay.total if ev.delay and not getattr(ev, "strays_farther", False) \
        and strayed(t, ev) else 0
    return ev.hours * 3600 * (100 + longer) // 100


def way_longer(t: TravelRules, ev) -> int:
    """The % a failed navigation check made the stage's way longer (5e2024.md
    §5.8: 1d6 × 10 %): of the miles the party covers, only 100/(100 + that)
    are headway along its route. 0 where it kept its course, and for an entry
    whose straying made the day longer instead (``strays_farther``)."""
    if not getattr(ev, "strays_farther", False) or ev.delay is None or not strayed(t, ev):
        return 0
    return ev.delay.total


def headway(dist: float, longer: int) -> float:
    """The headway along the route of ``dist`` covered on a way ``longer`` % longer."""
    return dist * 100 / (100 + longer) if longer else dist


def stray_lengths(ev, stray: bool) -> tuple[int, int]:
    """(way, day): the % a failed navigation check (``stray``) made the day's
    way longer, and the % it made the day longer on the road. An entry with
    ``strays_farther`` (a day on land of ``day_travelled`` 6, a day afloat of
    ``day_sailed`` 5) strays farther, in the hours the GM set (gm-review7 R4);
    an older one took that much longer instead, as it was recorded."""
    longer = ev.delay.total if stray and ev.delay else 0
    return (longer, 0) if getattr(ev, "strays_farther", False) else (0, longer)


def advance_strayed(t: TravelRules, j: Journey, dist: float, farther: int,
                    ends_in_stage: bool) -> tuple[Journey, float, str, tuple[str, ...]]:
    """A day on land or afloat of ``dist`` along the planned route, its way
    ``farther`` % longer for straying (``stray_lengths``): (the journey moved,
    the distance covered, where the route stopped it: ``advance_route``, the
    terrains it crossed where more than one: ``DaySummary.crossed``)."""
    aimed = headway(dist, farther)
    moved, went, halt = advance_route(t, j, aimed, ends_in_stage)
    crossed = tuple(seen) if ends_in_stage and len(
        seen := terrains_crossed(t, j, went)) > 1 else ()
    return moved, covered(went, aimed, dist, farther), halt, crossed


def covered(went: float, aimed: float, dist: float, longer: int) -> float:
    """The distance covered for ``went`` of the headway ``aimed`` at (the route
    may stop it short): all of ``dist`` where it went the whole of it."""
    if not longer or went >= aimed - EPS:
        return dist if longer else went
    return went * (100 + longer) / 100


def strayed(t: TravelRules, ev) -> bool:
    """A failed navigation check (pace model) on a day on land or afloat."""
    if ev.lost_roll is None or not pace_model(t) or ev.terrain not in t.terrains:
        return False
    route = getattr(ev, "route", "")
    return ev.lost_roll.total + ev.nav_mod - getattr(ev, "nav_tired", 0) < \
        calc.navigation_dc(t, ev.terrain, route)


def _food_found(state: State, t: TravelRules, terrain: str, roll: Roll | None, check_mod: int,
                food: Roll | None, water: Roll | None, whole_day: bool,
                tired: int = 0) -> tuple[int, int]:
    """(rations, gallons) the foragers bring in: ``check_mod`` on the check (less
    ``tired``, exhaustion's) and on the amounts found."""
    f = t.forage
    if f is None:
        return 0, 0
    eaters = len(living(state))
    if f.check:
        if roll is None or roll.total + check_mod - tired < t.terrains[terrain].forage_dc:
            return 0, 0
        lb = max(0, (food.total if food else 0) + check_mod)
        gal = max(0, (water.total if water else 0) + check_mod)
        need = t.water.per_day.get("medium") if t.water else None
        per = ratio(need.food_lb) if need else (1, 1)
        return floor(lb * per[1] / per[0]), gal
    found = whole_day and f.whole_day_succeeds or \
        (roll is not None and dicemod.parse_chance(f.chance).hits(roll.total))
    return (eaters if found else 0), 0


def _with_food(state: State, rations: int) -> State:
    if rations <= 0:
        return state
    return replace(state, supplies=add_found(state, rations))


EPS = 1e-9  # stage sizes are whole numbers; a day's miles may be a float's sum


def route_ahead(t: TravelRules, j: Journey) -> float | None:
    """How far the planned route takes the party from here before it must stop:
    to the route's end, or to where the route goes on by water (the party on
    foot) or by land (aboard). None: no route to follow (none planned, lost, or
    the stage under way is of the other kind, which ``travel`` refuses)."""
    afloat = bool(j.vessel)
    if j.lost or not j.stages or t.terrains[j.stages[0].terrain].water != afloat:
        return None
    ahead = 0.0
    for s in j.stages:
        if t.terrains[s.terrain].water != afloat:
            break
        ahead += stage_size(t, s)
    return max(0.0, ahead - j.progress)


def advance_route(t: TravelRules, j: Journey, dist: float,
                  ends_in_stage: bool = True) -> tuple[Journey, float, str]:
    """Move along the planned route: arriving ends a stage and starts the next.
    A ship makes way only on a water stage, the party on foot only on land, and
    no one beyond the route's end: the day stops there. Returns the journey, the
    distance the day went (``dist``, or less where the route stopped it) and
    where it stopped (DaySummary.halt: "end", "water", "land" or "").
    The party stands in the terrain (and on the road) of the stage it goes on
    with, or, where none follows of its kind (the route's end, or where it goes
    on by water or by land), of the last stage it finished: it is at that
    stage's place (gm-review4 R4). ``ends_in_stage`` False: the entry was
    written when such a day left the party in the terrain it set out in."""
    ahead = route_ahead(t, j)
    if ahead is None:
        return j, dist, ""
    afloat = bool(j.vessel)
    went = min(dist, ahead)
    progress, stages = j.progress + went, list(j.stages)
    place, hexid = j.place, j.hex
    done = None
    while stages and t.terrains[stages[0].terrain].water == afloat \
            and progress >= stage_size(t, stages[0]) - EPS:
        progress -= stage_size(t, stages[0])
        place, hexid = stages[0].place, stages[0].hex
        done = stages.pop(0)
    halt = ""
    if dist >= ahead - EPS:
        halt = "end" if not stages else ("land" if afloat else "water")
    nxt = stages[0] if stages else None
    if nxt is not None and t.terrains[nxt.terrain].water != afloat:
        nxt = None  # ashore or aboard first: the GM disembarks or embarks
    here = nxt or (done if ends_in_stage else None)
    return replace(j, stages=tuple(stages), progress=max(0.0, progress) if stages else 0,
                   place=place, hex=hexid, arrived=j.arrived or halt == "end",
                   terrain=here.terrain if here else j.terrain,
                   route=here.route if here else j.route), went, halt


def terrains_crossed(t: TravelRules, j: Journey, went: float) -> list[str]:
    """The terrains of the planned route's stages a day going ``went`` from
    ``j`` travels through, in order, from the one it sets out in ([]: no route
    followed). A day that ends where a stage ends does not enter the next."""
    afloat = bool(j.vessel)
    if j.lost or not j.stages or t.terrains[j.stages[0].terrain].water != afloat:
        return []
    out, left, progress = [], went, j.progress
    for s in j.stages:
        if t.terrains[s.terrain].water != afloat:
            break
        if not out or out[-1] != s.terrain:
            out.append(s.terrain)
        left -= stage_size(t, s) - progress
        progress = 0.0
        if left <= EPS:
            break
    return out


def stage_size(t: TravelRules, s: Stage) -> float:
    """A stage's length in the day's unit: miles, or hexes times their cost."""
    if t.distance.model == "speed" and t.terrains[s.terrain].cost:
        return s.length * calc.hex_cost(t, s.terrain, s.route)
    return s.length


def along(before: State | None, dist: float, lost: bool,
          longer: int = 0) -> tuple[float, str, str, list[str]]:
    """(distance, halt, place, terrains) of a day on land or afloat folded into
    ``before`` (the state just before it; ``lost``: the day's own roll lost the
    party; ``longer``: the % straying made its way longer, ``way_longer``): how
    far it went where the route stopped it and the terrains of the route it
    went through (``terrains_crossed``), for its log line; the day's own
    ``dist`` (and no terrains) where ``before`` is not at hand."""
    if before is None or before.rules.travel is None:
        return dist, "", "", []
    j = replace(before.travel, lost=before.travel.lost or lost)
    aimed = headway(dist, longer)
    moved, went, halt = advance_route(before.rules.travel, j, aimed)
    return covered(went, aimed, dist, longer), halt, moved.place if halt else "", \
        terrains_crossed(before.rules.travel, j, went)


def day_distance(t: TravelRules, ev: Travelled) -> float:
    """How far the day took the party, in the ruleset's unit, from its conditions."""
    if pace_model(t):
        gallop = t.mounts.doubled_hours if ev.gallop and t.mounts else 0
        return calc.pace_distance(t, ev.pace, ev.hours, mounted_hours=gallop) \
            if ev.pace in t.paces else 0
    return calc.day_distance(t, [ev.rate], [ev.terrain], ev.route, forced=ev.forced,
                             foraging=ev.foraging, flying=ev.flying,
                             weather=list(ev.effects))


# evolve_travelled builds a DaySummary by position: a field added, moved or renamed must be seen there
if DaySummary.__struct_fields__ != ("day", "kind", "terrain", "distance", "hours", "lost", "heading",
                                    "believed", "strayed", "encounter", "encounter_ft", "food",
                                    "water", "exhausted", "weather", "halt", "at", "crossed",
                                    "longer"):
    raise RuntimeError("evolve_travelled builds a DaySummary by position: its fields changed")


class _DayRules(NamedTuple):
    """What a travel day reads of the ruleset in force, read once per ruleset (a
    ruleset is immutable: the same object, the same values), and three tables
    of pure functions of it, filled as days ask: the pace model's distance by
    (pace, hours, gallop), the navigation DC by (terrain, route), the day's
    encounter chance by terrain."""

    rules: object
    t: TravelRules
    pace: bool  # the pace model (``pace_model``)
    day_busy: int  # the speed model's day, in seconds
    forced_rest: int  # rest days a forced march owes (0: none)
    rest: bool  # a rest rule (``calc.rest_debt`` counts days)
    day_seconds: int
    distance: dict
    nav_dc: dict
    chance: dict

    @classmethod
    def of(cls, rules, t: TravelRules) -> "_DayRules":
        return cls(rules, t, pace_model(t), t.distance.hours_per_day * 3600,
                   t.forced_march.rest_days_after if t.forced_march else 0,
                   t.rest is not None, rules.time.day_seconds, {}, {}, {})


# the last ruleset's (a strong reference: no other ruleset can take its id);
# one tuple, swapped whole, as timeflow keeps its due times
_DAY_RULES = [_DayRules(object(), None, False, 0, 0, False, 0, {}, {}, {})]


@evolves(Travelled)
def evolve_travelled(state: State, ev: Travelled) -> State:
    # a travel day is a fifth of a mixed campaign's replay: the ruleset's values
    # read once per ruleset (``_DayRules``), each derived fact once here (the
    # distance, the stray, the sighting, the saves), the journey copied for
    # being lost only where the day lost it
    rules, j = state.ruleset.rules, state.travel
    known = _DAY_RULES[0]
    if known.rules is not rules:
        known = _DAY_RULES[0] = _DayRules.of(rules, rules_of(state))
    t, pace = known.t, known.pace
    terrain = ev.terrain
    if terrain not in t.terrains:
        raise Refused(_("no terrain {terrain!r} in this ruleset").format(terrain=terrain))
    lost = j.lost or (not pace and became_lost(t, ev))
    if pace and type(ev.hours) is int:  # day_distance's, by its arguments
        key = (ev.pace, ev.hours, ev.gallop)
        dist = known.distance.get(key)
        if dist is None:
            dist = known.distance[key] = day_distance(t, ev)
    else:
        dist = day_distance(t, ev)
    roll = ev.lost_roll
    if pace and roll is not None:  # strayed, the terrain known
        key = (terrain, ev.route)
        dc = known.nav_dc.get(key)
        if dc is None:
            dc = known.nav_dc[key] = calc.navigation_dc(t, terrain, ev.route)
        stray = roll.total + ev.nav_mod - ev.nav_tired < dc
    else:
        stray = False
    # straying: a way that much longer (``way_longer``), or, in an entry of
    # before, a day that much longer on the road (``stage_seconds``)
    farther, later = stray_lengths(ev, stray)
    crossed = ()
    if lost or not j.stages:  # route_ahead: no route to follow
        moved, halt = j if lost is j.lost else replace(j, lost=lost), ""
    else:
        moved, dist, halt, crossed = advance_strayed(t, j, dist, farther, ev.ends_in_stage)
    check = ev.check
    if check is None:  # sighting: is_encounter, the terrain known
        met = ev.distance is not None or ev.surprise_party is not None
    else:
        if terrain in known.chance:
            chance = known.chance[terrain]
        else:
            chance = known.chance[terrain] = calc.encounter_chance(t, terrain, "day")
        met = chance is not None and chance.hits(check.total)
    ft = calc.encounter_distance(t, ev.distance.total, list(j.weather_codes)) \
        if met and ev.distance is not None else None
    rations, gallons = _food_found(state, t, terrain, ev.forage, ev.forage_mod, ev.food,
                                   ev.water, False, ev.forage_tired) if ev.foraging else (0, 0)
    if pace:  # stage_seconds, its stray known
        busy = ev.hours * 3600 * (100 + later) // 100
    else:
        busy = known.day_busy
    failed = tuple(n for n, _, _ in failed_saves(t, ev)) if ev.saves else ()
    new_day = not (pace and j.hours_today)
    day_no = j.day + 1 if new_day else max(1, j.day)
    camp = ev.camp
    # by position (the import-time guard above refuses a change of its fields)
    summary = DaySummary(
        day_no, "travel" if camp else "stage", terrain, dist, busy / 3600, lost,
        j.heading if lost else "", j.believed if lost else "", stray, met, ft, rations,
        gallons, failed, j.weather, halt, moved.place if halt else "", crossed, farther)
    days = j.days
    # with_day: the last DAYS_KEPT (one tuple made, not a longer one then its slice)
    days = days[1 - DAYS_KEPT:] + (summary,) if len(days) >= DAYS_KEPT else days + (summary,)
    journey = replace(
        moved, day=day_no, hours_today=0 if camp else j.hours_today + busy / 3600,
        night_from=state.clock + busy if camp else j.night_from,
        gallop_used=(j.gallop_used or ev.gallop) and not camp,
        unrested=(j.unrested + 1 if known.rest else 0) if new_day else j.unrested,  # rest_debt
        paid_back=j.paid_back and not new_day,
        rest_owed=j.rest_owed + known.forced_rest if ev.forced else j.rest_owed,
        distance=j.distance + dist, days=days, encounters=j.encounters + met,
        water=None if j.water is None else j.water + gallons)
    if rations > 0:
        state = _with_food(state, rations)
    if camp:  # to_morning
        day = known.day_seconds
        end = state.clock + (busy if busy > 1 else 1)
        elapsed = -(-end // day) * day - state.clock
    else:
        elapsed = busy
    if failed and ev.tired_first:
        state = replace(state, party=exhausted(state.party, state.rules,
                                               {n: failed.count(n) for n in failed}))
    state = timeflow.run_hooks(state, elapsed, ev.lights_burn, {"travel": journey})  # pass_time
    if ev.floor_stays and state.lights:  # a light nobody holds stays where it lies
        state = left_behind(state)
    if not failed or ev.tired_first:  # nobody failed a save (most days): no second copy
        return state
    return replace(state, party=exhausted(state.party, state.rules,
                                       {n: failed.count(n) for n in failed}))


@evolves(CampMade)
def evolve_camp(state: State, ev: CampMade) -> State:
    j = state.travel
    return pass_time(state, to_morning(state, 0), burning=ev.lights_burn,
                     travel=replace(j, hours_today=0, gallop_used=False,
                                    night_from=state.clock))


def _day_off(state: State, ev: RestDayTaken | Hunted | ForagedDay, kind: str,
             rations: int = 0, gallons: int = 0) -> State:
    t, j = rules_of(state), state.travel
    rested = kind == "rest"
    summary = DaySummary(day=j.day + 1, kind=kind, terrain=j.terrain, food=rations,
                         water=gallons, weather=j.weather)
    journey = replace(j, day=j.day + 1, hours_today=0, days=with_day(j, summary),
                      unrested=calc.rest_debt(t, j.unrested, rested=True,
                                              whole_step=ev.whole_step) if rested
                      else j.unrested,
                      rest_owed=max(0, j.rest_owed - 1) if rested else j.rest_owed,
                      water=None if j.water is None else j.water + gallons,
                      # the night begins when a travel day's hours would end
                      # (``_with_night``)
                      night_from=state.clock + t.distance.hours_per_day * 3600)
    state = _with_food(state, rations)
    # a day off ends when a travel day begun now would: its hours, then the
    # night, to the next morning (gm-review F16); before version 3, a whole day
    elapsed = to_morning(state, t.distance.hours_per_day * 3600) if ev.to_morning \
        else state.rules.time.day_seconds
    return pass_time(state, elapsed, burning=ev.lights_burn, travel=journey)


@evolves(RestDayTaken)
def evolve_rest(state: State, ev: RestDayTaken) -> State:
    return _day_off(state, ev, "rest")


def hunt_found(t: TravelRules, ev: Hunted) -> bool:
    if ev.roll is not None and t.hunt is not None and t.hunt.chance:
        return dicemod.parse_chance(t.hunt.chance).hits(ev.roll.total)
    return ev.found


@evolves(Hunted)
def evolve_hunted(state: State, ev: Hunted) -> State:
    t = rules_of(state)
    if gm_hunts(t):  # the GM's word: found or not, and how many rations
        return _day_off(state, ev, "hunt", ev.rations if ev.found else 0)
    return _day_off(state, ev, "hunt", len(living(state)) if hunt_found(t, ev) else 0)


@evolves(ForagedDay)
def evolve_foraged(state: State, ev: ForagedDay) -> State:
    t, j = rules_of(state), state.travel
    if gm_forages(t):  # the GM's word: found or not, and how many rations
        return _day_off(state, ev, "forage", ev.rations if ev.found else 0)
    rations, gallons = _food_found(state, t, ev.terrain or j.terrain, ev.roll, ev.modifier,
                                   ev.food, ev.water, True, ev.tired)
    return _day_off(state, ev, "forage", rations, gallons)


@evolves(PlaceSet)
def evolve_place(state: State, ev: PlaceSet) -> State:
    t = rules_of(state)
    _check_terrain(t, ev.terrain, ev.route)
    # the GM says where the party is: from an arrival, it sets out across country
    return replace(state, travel=replace(state.travel, terrain=ev.terrain, route=ev.route,
                                         place=ev.place, hex=ev.hex, arrived=False))


@evolves(RoutePlanned)
def evolve_planned(state: State, ev: RoutePlanned) -> State:
    stages = tuple(Stage(s.place, s.terrain, s.length, s.route, s.hex) for s in ev.stages)
    j = replace(state.travel, stages=stages, progress=0, arrived=False)
    if stages:
        j = replace(j, terrain=stages[0].terrain, route=stages[0].route)
    return replace(state, travel=j)


@evolves(PaceSet)
def evolve_pace(state: State, ev: PaceSet) -> State:
    return replace(state, travel=replace(state.travel, pace=ev.pace))


@evolves(GuideSet)
def evolve_guide(state: State, ev: GuideSet) -> State:
    return replace(state, travel=replace(state.travel, guide=ev.guide, navigator=ev.navigator))


@evolves(WeatherSet)
def evolve_weather(state: State, ev: WeatherSet) -> State:
    t = rules_of(state)
    return replace(state, travel=replace(state.travel, weather=weather_text(t, ev),
                                         weather_codes=ev.codes))


@evolves(HeadingSet)
def evolve_heading(state: State, ev: HeadingSet) -> State:
    return replace(state, travel=replace(state.travel, heading=ev.heading, believed=ev.believed))


@evolves(WayFound)
def evolve_found(state: State, ev: WayFound) -> State:
    j = state.travel
    j = replace(j, lost=False, heading="", believed="", place=ev.place or j.place,
                terrain=ev.terrain or j.terrain, hex=ev.hex or j.hex)
    names = [s.place for s in j.stages]
    if ev.place and ev.place in names:  # found at a stop of the route: go on from there
        j = replace(j, stages=j.stages[names.index(ev.place) + 1:], progress=0)
        j = replace(j, arrived=j.arrived or not j.stages)  # found at the route's end
        if j.stages and not ev.terrain:
            j = replace(j, terrain=j.stages[0].terrain, route=j.stages[0].route)
    return replace(state, travel=j)


@evolves(EncounterRolled)
def evolve_encounter(state: State, ev: EncounterRolled) -> State:
    met = is_encounter(rules_of(state), ev)
    return replace(state, travel=replace(state.travel, encounters=state.travel.encounters + met))


@evolves(WaterSet)
def evolve_water(state: State, ev: WaterSet) -> State:
    return replace(state, travel=replace(state.travel, water=float(ev.gallons)))


# --- time, and what must hold ----------------------------------------------------------


@on_time(daily=True)
def _drink(state: State, elapsed: int, clock: int, burning: bool, changes: dict) -> None:
    """On the road, where water is counted, the party drinks a day's water at
    each new day; a day begun with under half a day's water ends with a level
    of exhaustion for everyone. On the road: a day of the journey's own (a
    travel, rest, hunting... day passes ``travel=``), or any time passing with
    a route ahead or aboard a vessel; downtime at home leaves the water alone."""
    road_day = "travel" in changes
    j = changes.get("travel", state.travel)
    if j.water is None or not (road_day or on_the_road(j)):
        return
    need, water, dry = water_per_day(state), j.water, j.dry_days
    lasts = rules_of(state).water.exhaustion_lasts
    party = changes.get("party", state.party)
    for _day in range(days_begun(state.rules, state.clock, clock)):
        short = water < need / 2
        if lasts and water >= need:  # a full day's water: its exhaustion may go now
            party = release_exhaustion(party, "dehydration")
        dry += short
        water = max(0.0, water - need)
        if short:
            party = exhausted(party, state.rules, {c.name: 1 for c in party},
                               hold="dehydration" if lasts else "")
    changes["travel"] = replace(j, water=water, dry_days=dry)
    if party is not changes.get("party", state.party):
        changes["party"] = party


@invariant
def _journey_holds(state: State):
    j = state.travel
    if j.water is not None and j.water < 0:
        yield "leave less than no water"


@invariant
def _journey_under_rules(state: State):
    """What the journey as it stands needs of the ruleset's [travel]: a house
    rule (or a correction) that takes it away is refused, naming what depends on it."""
    j, t = state.travel, state.rules.travel
    if j == Journey():
        return
    if t is None:
        yield "leave the journey under way without a [travel] section"
        return
    terrains = [("the party", j.terrain)] + [(f"the route's stage to {s.place}", s.terrain)
                                             for s in j.stages]
    for who, tid in terrains:
        if tid and tid not in t.terrains:
            yield f"leave {who} in terrain {tid!r}, which travel.terrains lacks"
    routes = [("the party", j.route)] + [(f"the route's stage to {s.place}", s.route)
                                         for s in j.stages]
    for who, rid in routes:
        if rid and rid not in t.routes:
            yield f"leave {who} on {rid!r}, which travel.routes lacks"
    if j.pace and j.pace not in t.paces:
        yield f"leave the party at pace {j.pace!r}, which travel.paces lacks"
    if j.vessel:
        x = t.terrains.get(j.terrain)
        if x is not None and not x.water:
            yield f"leave the party aboard {j.vessel!r} on land ({j.terrain!r})"
        if t.sea is None:
            yield f"leave the party aboard {j.vessel!r} without travel.sea"
        elif pace_model(t) and j.vessel not in t.sea.vessels:
            yield f"leave the party aboard {j.vessel!r}, which travel.sea.vessels lacks"
    if j.mount and pace_model(t) and not j.flying and \
            (t.mounts is None or j.mount not in t.mounts.animals):
        yield f"leave the party riding {j.mount!r}, which travel.mounts.animals lacks"

