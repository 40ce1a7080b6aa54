"""Voyages: embarking, a day afloat, a gale, disembarking.

Dyb & Drager: the ship's rate ÷ 5 miles a day (the GM enters the rate: the
seed's ship table is missing), times the morning's 2d6 wind; a calm stops a
sailing ship, a gale waits for the GM's choice (ride it out, run before it,
or an unsailed ship's chance) and its d100; a river's current rolled each
day with or against it; lost at sea by the navigator's or the sea's chance.
D&D 2024: the vessel's mph for the hours sailed, halved into a headwind, the
current added downstream; the navigator's check against the water's DC.
As on land, the events hold conditions and dice; ``evolve`` derives the rest.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Annotated

from msgspec import Meta
from msgspec.structs import replace

from ..clock_held import moves_party
from .. import dice as dicemod
from ..timeline.hooks import counts, refits, repeated, reschedules, rerolls
from ..dice import Roll
from ..errors import Refused
from ...i18n import _, ngettext
from ..events import Event, derived_until_set, event, fields_added, kept_by_tracker
from ..validity import holds_for
from ..handlers import Command, decides, evolves
from ..limits import Key, PlaceName
from ..state import State
from ..terms import known_words, term
from ..timeflow import pass_time
from . import calc
from .day import decides_day
from .holds import along_route
from .model import DaySummary, WindEntry, ratio
from .model import Travel as TravelRules
from .rules import (Hours, again, Modifier, Text, TravelDay,
                    with_day, to_morning, checks_on_schedule, course_on_schedule, stage_refit,
                    travel_hours, hours_to_halt, reroll_shared, roll_navigation, roll_sighting,
                    sighting, strayed, advance_strayed, stray_lengths, way_longer)
from .status import pace_model, rules_of

Rate = Annotated[int, Meta(ge=0, le=10_000)]
VesselName = Annotated[str, Meta(max_length=40)]
Pilot = Annotated[int, Meta(ge=0, le=20)]
GALE_CHOICES = ("ride_out", "run", "unsailed")
CURRENT = ("", "with", "against")
LOST_SHIP = ("sunk", "wrecked", "swamped")


class Embark(Command, frozen=True):
    """Go aboard (or change how the ship goes: rowed, in sight of land, the water)."""

    vessel: str
    rate: int = 0  # speed model: the ship's rate in feet
    oars: bool = False
    coast: bool = False
    terrain: str = ""  # a water terrain ("": the one the party is on, or the first)


class Disembark(Command, frozen=True):
    terrain: str
    place: str | None = None


# not in the middle of a chase (core/clock_held); aboard the same vessel, an
# Embark changes how it goes (rowed, in sight of land): the party stays put
moves_party(Embark, when=lambda state, cmd: state.travel.vessel != cmd.vessel)
moves_party(Disembark)


class Gale(Command, frozen=True):
    choice: str  # ride_out, run, unsailed
    pilot: int = 0  # the Piloting roll's margin of success
    coast: bool = False  # running: the storm drives the ship onto a coast
    clear_coast: bool = False  # unsailed, land in sight: the coast is clear terrain


@event("embarked", area="travel")
class Embarked(Event, frozen=True):
    vessel: VesselName
    terrain: Key
    rate: Rate = 0
    oars: bool = False
    coast: bool = False


@event("disembarked", area="travel")
class Disembarked(Event, frozen=True):
    terrain: Key
    place: PlaceName = ""


@event("day_sailed", version=5, area="travel")
class Sailed(Event, frozen=True):
    """A day (or, D&D, some hours) afloat. Rolls in the order rolled: the
    morning's wind, the current, lost, the encounter check and what follows."""

    terrain: Text = ""
    vessel: Text = ""
    rate: Rate = 0
    oars: bool = False
    coast: bool = False
    navigator: bool = False  # a navigator aboard (the guide setting)
    hours: Hours = 0
    camp: bool = True  # pace model: the day ends (False: it goes on)
    current_dir: Key = ""  # "with" or "against" a river's current
    headwind: bool = False
    nav_mod: Modifier = 0
    # version 3: what the navigator's exhaustion took from the check (as Travelled's)
    nav_tired: Annotated[int, Meta(ge=0, le=100)] = 0
    weather: Roll | None = None
    current: Roll | None = None
    lost_roll: Roll | None = None
    delay: Roll | None = None
    check: Roll | None = None
    surprise_party: Roll | None = None
    surprise_foe: Roll | None = None
    distance: Roll | None = None
    lights_burn: bool = True  # version 2 (as in Travelled)
    ends_in_stage: bool = True  # version 3 (as in Travelled's version 4)
    # version 4: a correction of an earlier entry (the navigator's exhaustion,
    # the navigator) reaches the navigation check, as a day on land's does:
    # ``nav_tired`` kept as the state before the entry has it (Travelled's
    # ``checks_tired``), ``nav_mod`` derived until the GM sets it by hand
    # (Travelled's ``nav_derived``); older entries keep their checks as rolled
    checks_tired: bool = True
    nav_derived: bool = True
    # version 5: a failed navigation check (pace model) makes the way longer by
    # ``delay`` %, not the day, as on land (Travelled's ``strays_farther``,
    # gm-review7 R4): the ship sails the hours the GM set and makes that much
    # less headway. Older entries sailed that much longer, as recorded
    strays_farther: bool = True


counts("day sailed", "days sailed",  # what undo names ``travel --days N`` afloat
       lambda n: ngettext("{n} day sailed", "{n} days sailed", n).format(n=n),
       repeated("day_sailed"))


fields_added("day_sailed", 2, lights_burn=False)
fields_added("day_sailed", 3, ends_in_stage=False)
fields_added("day_sailed", 4, checks_tired=False, nav_derived=False)
fields_added("day_sailed", 5, strays_farther=False)
kept_by_tracker("day_sailed", "nav_tired")
derived_until_set("day_sailed", "nav_mod", "nav_derived")


def _course_on_schedule(state: State, ev: Sailed, dice, planned=None) -> Sailed:
    """A day afloat after a corrected entry: its own lost-at-sea roll where
    the party, lost when it was written, is now on course (gm-review7 R1;
    ``rules.course_on_schedule``), as ``decide_sail_day`` rolls it."""
    def chance(day: Sailed):  # the day as the corrected entries leave it
        c = lost_chance(rules_of(state), day)
        return c if c is not None and c.x < c.y else None  # certain: nothing to roll
    j = state.travel
    return course_on_schedule(state, ev, dice, chance, _("lost at sea?"),
                              under={"navigator": j.guide, "coast": j.coast})


@reschedules(Sailed)
def _sailed_on_schedule(state: State, ev: Sailed, dice, planned=None) -> Sailed:
    """A correction before a day afloat, or of the day's own fields, refits it
    as it does a day on land, by the same steps (rules.py): its own lost-at-sea
    roll where it now begins on course, then its checks as the corrected
    entries leave the navigator."""
    return checks_on_schedule(state, _course_on_schedule(state, ev, dice), dice)


refits(Sailed)(stage_refit)


@event("gale_met", area="travel")
class GaleMet(Event, frozen=True):
    choice: Key
    roll: Roll | None = None  # d100: ≤ the percentage happens
    pilot: Pilot = 0
    clear_coast: bool = False  # unsailed by a clear coast: it lands before the gale
    beach: Roll | None = None  # unsailed, land in sight but not clear: the pilot's beach


# --- reading the events -----------------------------------------------------------------


def vessel_name(t: TravelRules, vessel: str) -> str:
    v = t.sea.vessels.get(vessel) if t.sea is not None else None
    return v.name if v else vessel


def wind(t: TravelRules, ev: Sailed) -> WindEntry | None:
    """The morning's row of the wind table, or None where none was rolled."""
    if ev.weather is None or t.sea is None or t.sea.weather is None:
        return None
    return calc.lookup(t.sea.weather.entries, ev.weather.total)


def sail_distance(t: TravelRules, ev: Sailed) -> float:
    """Miles made on the day; 0 in a gale (the GM's choice moves the ship)."""
    row = wind(t, ev)
    if row is not None and row.gale:
        return 0
    if pace_model(t):
        if ev.vessel not in t.sea.vessels:
            return 0
        return calc.vessel_distance(t, ev.vessel, ev.hours, downstream=ev.current_dir == "with",
                                    headwind=ev.headwind)
    row = row or WindEntry(roll=(0, 0), result="", multiplier="1")
    with_current = None if not (ev.current_dir and ev.current) else ev.current_dir == "with"
    return calc.sail_distance(t, ev.rate, row, oars=ev.oars,
                              current_total=ev.current.total if ev.current else 0,
                              with_current=with_current)


def lost_chance(t: TravelRules, ev: Sailed) -> dicemod.Chance | None:
    """Speed model, open water: the chance of losing the way at sea, or None."""
    x = t.terrains.get(ev.terrain)
    if pace_model(t) or x is None or not x.open_water:
        return None
    return calc.sea_lost_chance(t, navigator=ev.navigator, land_in_sight=ev.coast)


def lost_at_sea(t: TravelRules, ev: Sailed) -> bool:
    c = lost_chance(t, ev)
    if c is None:
        return False
    return c.x >= c.y or (ev.lost_roll is not None and c.hits(ev.lost_roll.total))


def beached(t: TravelRules, ev: GaleMet) -> bool:
    """An unsailed ship's pilot found a safe beach or bay (the gale's beach chance)."""
    g = t.sea.gale if t.sea is not None else None
    return ev.beach is not None and g is not None and bool(g.beach_chance) and \
        dicemod.parse_chance(g.beach_chance).hits(ev.beach.total)


def gale_result(t: TravelRules, ev: GaleMet) -> str:
    """sunk/afloat, wrecked/landed, swamped/survived, "driven" (running, no coast);
    unsailed in sight of land: "landed" by a clear coast, "beached" on the beach roll."""
    if ev.clear_coast:
        return "landed"
    if beached(t, ev):
        return "beached"
    if ev.roll is None:
        return "driven"
    return calc.gale_outcome(t, ev.choice, ev.roll.total, pilot_margin=ev.pilot)


# --- decide -------------------------------------------------------------------------------


def _water(t: TravelRules, terrain: str, rules) -> str:
    x = calc._terrain(t, terrain)
    if not x.water:
        waters = [k for k, v in t.terrains.items() if v.water]
        raise Refused(_("{terrain} is land: a vessel goes on {waters}").format(
            terrain=calc._terrain_name(t, terrain, rules), waters=", ".join(waters)))
    return terrain


@decides(Embark)
def decide_embark(state: State, cmd: Embark, dice) -> list[Event]:
    t, j = rules_of(state), state.travel
    vessel = cmd.vessel.strip()
    waters = [k for k, v in t.terrains.items() if v.water]
    here = j.terrain if j.terrain in waters else ""
    terrain = cmd.terrain.strip() or here or (waters[0] if waters else "")
    rate, s = cmd.rate, t.sea
    if s is not None and not pace_model(t):
        known = s.vessels.get(vessel)
        rate = cmd.rate or (known.rate if known else 0)
    ev = Embarked(vessel, terrain, rate, cmd.oars, cmd.coast)
    embark_holds(state, ev)
    if (j.vessel, j.terrain, j.ship_rate, j.oars, j.coast) == (vessel, terrain, rate, cmd.oars,
                                                               cmd.coast):
        raise Refused(_("the party is already aboard, going so"))
    return [ev]


@holds_for(Embarked)
def embark_holds(state: State, ev: Embarked) -> None:
    """``embark`` (and an amended ``embarked``): a named vessel of the data (D&D)
    or with a rate (Dyb & Drager), on a water terrain, out of any gale or dungeon."""
    t, j = rules_of(state), state.travel
    if state.dungeon.active:
        raise Refused(_("the party is in a dungeon: leave it before going aboard"))
    s = t.sea
    if s is None:
        raise Refused(calc.gm_note(t, "sea", state.rules)
                      or _("{ruleset} has no travel by water").format(
                          ruleset=state.rules.meta.name))
    if j.gale:
        raise Refused(_("a gale blows: choose what the ship does first (gale CHOICE)"))
    if ev.vessel != ev.vessel.strip() or not 1 <= len(ev.vessel) <= 40:
        raise Refused(_("name the vessel: 1 to 40 characters"))
    _water(t, ev.terrain, state.rules)
    if pace_model(t):
        if ev.vessel not in s.vessels:
            raise Refused(_("no vessel {vessel!r} (known: {known})").format(
                vessel=ev.vessel, known=known_words(state.rules, "travel.sea.vessels", s.vessels)))
        if ev.rate:
            raise Refused(_("a vessel's speed is in the data (mph): no --rate"))
    elif not 1 <= ev.rate <= 10_000:
        raise Refused((calc.gm_note(t, "sea.vessels", state.rules) or _("the ship's rate is unknown"))
                      + " " + _("Give it: embark SHIP --rate FEET (1 to 10,000)."))


@decides(Disembark)
def decide_disembark(state: State, cmd: Disembark, dice) -> list[Event]:
    place = (cmd.place or "").strip()
    if len(place) > 60:
        raise Refused(_("a place name is at most 60 characters"))
    ev = Disembarked(cmd.terrain.strip(), place)
    disembark_holds(state, ev)
    return [ev]


@holds_for(Disembarked)
def disembark_holds(state: State, ev: Disembarked) -> None:
    """``disembark``: aboard, out of a gale, onto a land terrain of the ruleset."""
    t, j = rules_of(state), state.travel
    if not j.vessel:
        raise Refused(_("the party is not aboard a vessel"))
    if j.gale:
        raise Refused(_("a gale blows: choose what the ship does first (gale CHOICE)"))
    x = calc._terrain(t, ev.terrain)
    if x.water:
        raise Refused(_("{terrain} is water: disembark onto land (a land terrain)").format(
            terrain=calc._terrain_name(t, ev.terrain, state.rules)))


@decides_day("afloat", when=lambda state: bool(state.travel.vessel))
def decide_sail_day(state: State, cmd: TravelDay, dice) -> Sailed:
    """``travel`` while aboard: a day (or stage) afloat."""
    t, j = rules_of(state), state.travel
    s = t.sea
    if j.gale:
        raise Refused(_("a gale blows: choose what the ship does first "
                        "(gale ride_out, run or unsailed)"))
    if cmd.forced or cmd.forage or cmd.gallop:
        raise Refused(_("aboard ship: no forced march, foraging or galloping"))
    if cmd.current not in CURRENT:
        raise Refused(_("the current: 'with' or 'against' (got {current!r})").format(
            current=cmd.current))
    if cmd.current and not (s.current or s.current_mph):
        raise Refused(_("{ruleset} gives no river current").format(ruleset=state.rules.meta.name))
    if cmd.current == "against" and pace_model(t):
        raise Refused(_("the source gives no speed against the current (the GM adjusts): "
                        "{note}").format(note=term(state.rules, "travel.sea.note", s.note)))
    if cmd.headwind and not s.headwind:
        raise Refused(_("{ruleset} rolls the wind each morning: no --headwind").format(
            ruleset=state.rules.meta.name))
    along_route(state, t, j)
    hours = travel_hours(t, j, cmd.hours)
    most = s.hours_per_day or 24
    if pace_model(t) and j.hours_today + hours > most:
        raise Refused(ngettext("vessels sail at most {n} hour a day ({today} sailed today)",
                               "vessels sail at most {n} hours a day ({today} sailed today)",
                               int(most)).format(n=most, today=f"{j.hours_today:g}"))
    camp = cmd.camp
    f: dict = {}
    if s.weather is not None and (not s.weather_open_water_only
                                  or calc._terrain(t, j.terrain).open_water):
        f["weather"] = dicemod.roll(s.weather.die, dice, _("weather at sea"))
    if cmd.current and s.current:
        f["current"] = dicemod.roll(s.current, dice, _("current (miles)"))
    ev = Sailed(terrain=j.terrain, vessel=j.vessel, rate=j.ship_rate, oars=j.oars,
                coast=j.coast, navigator=j.guide, hours=hours, camp=camp,
                current_dir=cmd.current, headwind=cmd.headwind)
    if not j.lost:
        if pace_model(t):
            f.update(roll_navigation(state, t, j.terrain, "", "", dice))
        elif (c := lost_chance(t, ev)) is not None and c.x < c.y:  # certain: nothing to roll
            f["lost_roll"] = dicemod.roll(f"1d{c.y}", dice, _("lost at sea?"))
    if pace_model(t) and j.vessel in s.vessels:  # the ship puts in where the route stops it,
        # its headway on a way straying made longer, as on land (``way_longer``)
        longer = way_longer(t, replace(ev, **{
            k: f[k] for k in ("lost_roll", "nav_mod", "nav_tired", "delay") if k in f}))
        hours, camp = hours_to_halt(t, j, hours, camp, lambda h: calc.vessel_distance(
            t, j.vessel, h, downstream=cmd.current == "with", headwind=cmd.headwind), longer)
        ev = replace(ev, hours=hours, camp=camp)
    f.update(roll_sighting(state, t, j.terrain, dice))
    return replace(ev, **{k: v for k, v in f.items() if k != "terrain"})


@holds_for(Sailed)
def sail_holds(state: State, ev: Sailed) -> None:
    """A day afloat: aboard, with no gale waiting for the GM's choice, on the
    planned route's water (not past its end)."""
    j = state.travel
    if not j.vessel:
        raise Refused(_("the party is not aboard a vessel"))
    if j.gale:
        raise Refused(_("a gale blows: choose what the ship does first "
                        "(gale ride_out, run or unsailed)"))
    along_route(state, rules_of(state), j)


@decides(Gale)
def decide_gale(state: State, cmd: Gale, dice) -> list[Event]:
    gale_holds(state, GaleMet(cmd.choice, None, 0))
    j = state.travel
    if not 0 <= cmd.pilot <= 20:
        raise Refused(_("the Piloting margin is 0 to 20"))
    if cmd.coast and cmd.choice != "run":
        raise Refused(_("--coast is for running before the gale"))
    if cmd.clear_coast and not (cmd.choice == "unsailed" and j.coast):
        raise Refused(_("--clear-coast is for an unsailed ship with land in sight"))
    if cmd.clear_coast:  # it lands before the gale strikes: nothing to roll
        return [GaleMet(cmd.choice, None, cmd.pilot, clear_coast=True)]
    g = rules_of(state).sea.gale
    beach = None
    if cmd.choice == "unsailed" and j.coast and g is not None and g.beach_chance:
        chance = dicemod.parse_chance(g.beach_chance)
        beach = dicemod.roll(f"1d{chance.y}", dice, _("gale: a beach or bay?"))
        if chance.hits(beach.total):
            return [GaleMet(cmd.choice, None, cmd.pilot, beach=beach)]
    roll = None
    if cmd.choice != "run" or cmd.coast:
        roll = dicemod.roll("1d100", dice, _("gale: {choice}").format(
            choice=cmd.choice.replace("_", " ")))
    return [GaleMet(cmd.choice, roll, cmd.pilot, beach=beach)]


@holds_for(GaleMet)
def gale_holds(state: State, ev: GaleMet) -> None:
    """``gale``: only while a gale blows, and the choice the ship has."""
    j = state.travel
    if not j.gale:
        raise Refused(_("no gale blows"))
    if ev.choice not in GALE_CHOICES:
        raise Refused(_("no gale choice {choice!r} (ride_out, run, unsailed)").format(
            choice=ev.choice))
    if j.oars != (ev.choice == "unsailed"):
        raise Refused(_("a rowed ship has only its chance (unsailed)") if j.oars else
                      _("a sailing ship rides the gale out or runs before it"))


@rerolls(Sailed)
def reroll_sail(state: State, ev: Sailed, dice) -> Sailed:
    """A day afloat rolled again: the wind and current as they were, then the rest."""
    t = rules_of(state)
    f = {k: again(r, r.expr, dice, k) for k in ("weather", "current")
         if (r := getattr(ev, k)) is not None}
    return replace(ev, **f, **reroll_shared(state, t, ev, dice))


# --- evolve -------------------------------------------------------------------------------


@evolves(Embarked)
def evolve_embarked(state: State, ev: Embarked) -> State:
    return replace(state, travel=replace(
        state.travel, vessel=ev.vessel, terrain=ev.terrain, route="", ship_rate=ev.rate,
        oars=ev.oars, coast=ev.coast, mount="", mount_rate=0, flying=False))


@evolves(Disembarked)
def evolve_disembarked(state: State, ev: Disembarked) -> State:
    j = state.travel
    return replace(state, travel=replace(
        j, vessel="", ship_rate=0, oars=False, coast=False, gale=False, terrain=ev.terrain,
        place=ev.place or j.place))


@evolves(Sailed)
def evolve_sailed(state: State, ev: Sailed) -> State:
    t, j = rules_of(state), state.travel
    row = wind(t, ev)
    lost = j.lost or lost_at_sea(t, ev)
    stray = strayed(t, ev)
    # straying: a way that much longer, or, in an entry of before, a day that
    # much longer afloat, by the same steps as a day on land
    farther, later = stray_lengths(ev, stray)
    moved, dist, halt, crossed = advance_strayed(t, replace(j, lost=lost), sail_distance(t, ev),
                                                 farther, ev.ends_in_stage)
    met, ft = sighting(t, ev, j.weather_codes)
    hours = ev.hours if pace_model(t) else t.distance.hours_per_day
    busy = hours * 3600 * (100 + later) // 100
    new_day = not (pace_model(t) and j.hours_today)
    weather = row.result.split(":")[0] if row else j.weather
    summary = DaySummary(
        day=j.day + 1 if new_day else max(1, j.day), kind="sail", terrain=ev.terrain,
        distance=dist, hours=busy / 3600, lost=lost, strayed=stray,
        heading=j.heading if lost else "", believed=j.believed if lost else "",
        encounter=met, encounter_ft=ft, weather=weather, halt=halt,
        at=moved.place if halt else "", crossed=crossed, longer=farther)
    journey = replace(
        moved, day=summary.day, hours_today=0 if ev.camp else j.hours_today + busy / 3600,
        night_from=state.clock + busy if ev.camp else j.night_from,
        distance=j.distance + dist, days=with_day(j, summary), encounters=j.encounters + met,
        weather=weather, gale=bool(row and row.gale))
    elapsed = to_morning(state, busy) if ev.camp else busy
    return pass_time(state, elapsed, burning=ev.lights_burn, travel=journey)


@evolves(GaleMet)
def evolve_gale(state: State, ev: GaleMet) -> State:
    """The gale's end: running drives the ship off its course (lost) and far;
    a lost ship leaves the party in the water with no vessel."""
    t, j = rules_of(state), state.travel
    result = gale_result(t, ev)
    driven = 0
    if ev.choice == "run" and not pace_model(t):
        driven = floor(Fraction(j.ship_rate, t.distance.divisor)
                       * Fraction(*ratio(t.sea.gale.run_multiplier or "1")))
    last = j.days[-1] if j.days else None
    days = j.days
    if last is not None:
        days = j.days[:-1] + (replace(last, distance=last.distance + driven,
                                      lost=last.lost or ev.choice == "run",
                                      weather=f"gale: {result.replace('_', ' ')}"),)
    journey = replace(j, gale=False, days=days, distance=j.distance + driven,
                      lost=j.lost or ev.choice == "run", weather=f"gale: {result}")
    if result in LOST_SHIP:
        journey = replace(journey, vessel="", ship_rate=0, oars=False)
    return replace(state, travel=journey)
