"""How travel reads in the log (a GM's journal), what the GM must not miss, its
JSON and its lines in the recap."""

from __future__ import annotations

from .. import dice as dicemod
from ..alerts import Alert, alerting
from ..changes import reads_changes
from ..consequences import tells_consequences
from ..timeline.hooks import offers_choices
from ..describe import roll_text
from ..events import describes
from ..state import State
from ..tally import Tally, bar, tally
from ..players import Panel, Table, players_view, secret
from ..schema import not_in_source
from ..view import state_view
from . import calc
from .rules import gm_forages
from .rules import (CampMade, EncounterRolled, ForagedDay, GuideSet, HeadingSet, Hunted,
                    PaceSet, PlaceSet, RestDayTaken, RoutePlanned, Sighting, Travelled,
                    WaterSet, WayFound, WeatherSet, became_lost, day_distance, failed_saves,
                    hunt_found, is_encounter, save_dcs, strayed, weather_text)
from .camp import CampLongRest
from .mounts import Dismounted, Mounted, animal_name
from .sea import Disembarked, Embarked, GaleMet, Sailed, gale_result, lost_at_sea, lost_chance, \
    sail_distance, vessel_name, wind
from .status import (day_left, food_days, next_day_estimate, pace_model, pace_of,
                     rest_penalty, rest_status, water_days)


def short_unit(t) -> str:
    return "TP" if t.distance.unit == "travel points" else t.distance.unit


def amount(t, n: float) -> str:
    return f"{n:g} {short_unit(t)}"


def terrain_name(t, tid: str) -> str:
    x = t.terrains.get(tid)
    return x.name if x else tid


# --- the log, as a journal -------------------------------------------------------------


def _sighting_text(t, ev: Sighting | Travelled) -> str:
    """'encounter 1 (1-in-6), 120 ft, party surprised' or 'quiet'."""
    if ev.check is None and ev.distance is None:
        return ""
    bits = []
    if ev.check is not None:
        bits.append(f"check {roll_text(ev.check)}")
    enc = t.encounters
    if not is_encounter(t, ev):
        return ", ".join(bits + ["quiet"])
    bits.append("ENCOUNTER")
    if ev.surprise_party and ev.surprise_foe and enc is not None and enc.surprise:
        s = dicemod.parse_chance(enc.surprise)
        who = [n for n, r in (("party", ev.surprise_party), ("foe", ev.surprise_foe))
               if s.hits(r.total)]
        bits.append("surprised: " + (" and ".join(who) or "nobody"))
    if ev.distance is not None:
        bits.append(f"{ev.distance.total} ft ({roll_text(ev.distance)})")
    return ", ".join(bits)


@describes(Travelled)
def _describe_travelled(ev: Travelled, rules) -> str:
    t = rules.travel
    what = "Forced march" if ev.forced else ("Stage" if not ev.camp else "Travel day")
    where = terrain_name(t, ev.terrain).lower()
    bits = [f"{what}: {amount(t, day_distance(t, ev))} through {where}"
            + (f" in {ev.hours} h" if ev.hours else "")]
    if ev.lost_roll is not None:
        label = "navigation" if pace_model(t) else "lost?"
        mod = f"{ev.nav_mod:+d}" if ev.nav_mod else ""
        verdict = ("strayed" if strayed(t, ev) else "on course") if pace_model(t) else \
            ("LOST" if became_lost(t, ev) else "no")
        bits.append(f"{label} {roll_text(ev.lost_roll)}{mod} {verdict}")
    if ev.delay is not None and strayed(t, ev):
        bits.append(f"{ev.delay.total}% longer ({roll_text(ev.delay)})")
    sight = _sighting_text(t, ev)
    if sight:
        bits.append(sight)
    if ev.foraging and ev.forage is not None:
        mod = f"{ev.forage_mod:+d}" if ev.forage_mod else ""
        food = f" food {roll_text(ev.food)}" if ev.food else ""
        water = f" water {roll_text(ev.water)}" if ev.water else ""
        bits.append(f"foraging {roll_text(ev.forage)}{mod}{food}{water}")
    if ev.mounted:
        bits.append(("flying on " if ev.flying else "riding ") + animal_name(t, ev.mounted)
                    + (" (doubled hour)" if ev.gallop else ""))
    elif ev.flying:
        bits.append("flying")
    failed = {id(r) for _, r, _ in failed_saves(t, ev)}
    for (name, r, mod), dc in zip(ev.saves, save_dcs(t, ev)):
        bits.append(f"{name} {t.extended.save if t.extended else ''} save "
                    f"{roll_text(r)}{mod:+d} vs DC {dc} "
                    + ("FAILED" if id(r) in failed else "passed"))
    if not ev.camp:
        bits.append("no camp yet")
    return "; ".join(bits)


@describes(Sailed)
def _describe_sailed(ev: Sailed, rules) -> str:
    t = rules.travel
    row = wind(t, ev)
    bits = [f"Sailed: {amount(t, sail_distance(t, ev))} on {terrain_name(t, ev.terrain).lower()}"
            f" aboard the {vessel_name(t, ev.vessel)}" + (f" in {ev.hours} h" if ev.hours else "")]
    if ev.weather is not None:
        bits.append(f"wind {roll_text(ev.weather)} " + (row.result.split(":")[0] if row else "?")
                    + (not_in_source(t.not_in_source, "sea.weather") if row and row.fill else ""))
    if row is not None and row.becalmed:
        bits.append("rowed on" if ev.oars else "becalmed: no sailing")
    if row is not None and row.gale:
        bits.append("GALE: the GM chooses (ride_out, run, unsailed)")
    if ev.current is not None:
        bits.append(f"current {ev.current_dir} {roll_text(ev.current)} miles")
    elif ev.current_dir:
        bits.append(f"{ev.current_dir} the current")
    if ev.headwind:
        bits.append("into a headwind")
    if ev.lost_roll is not None and pace_model(t):
        mod = f"{ev.nav_mod:+d}" if ev.nav_mod else ""
        bits.append(f"navigation {roll_text(ev.lost_roll)}{mod} "
                    + ("strayed" if strayed(t, ev) else "on course"))
    elif (c := lost_chance(t, ev)) is not None:
        rolled = f" {roll_text(ev.lost_roll)}" if ev.lost_roll else ""
        bits.append(f"lost at sea ({c}){rolled}: " + ("LOST" if lost_at_sea(t, ev) else "no"))
    if ev.delay is not None and strayed(t, ev):
        bits.append(f"{ev.delay.total}% longer ({roll_text(ev.delay)})")
    sight = _sighting_text(t, ev)
    if sight:
        bits.append(sight)
    if not ev.camp:
        bits.append("the day goes on")
    return "; ".join(bits)


@describes(GaleMet)
def _describe_gale(ev: GaleMet, rules) -> str:
    what = {"ride_out": "rode the gale out", "run": "ran before the gale",
            "unsailed": "an unsailed ship in the gale"}.get(ev.choice, ev.choice)
    pilot = f", Piloting +{ev.pilot}" if ev.pilot else ""
    coast = ", a clear coast in sight" if ev.clear_coast else ""
    beach = f" beach {roll_text(ev.beach)}" if ev.beach else ""
    if ev.beach and ev.roll:
        beach += " none;"
    roll = f" d100 {roll_text(ev.roll)}" if ev.roll else ""
    return f"Gale: {what}{coast}{beach}{roll}{pilot}: {gale_result(rules.travel, ev).upper()}"


@describes(CampLongRest)
def _describe_camp_rest(ev: CampLongRest, rules) -> str:
    return "The night in camp is a long rest: " + ", ".join(ev.who) + \
        ("; the exhaustion of too little water stays" if ev.dehydrated else "")


@describes(Embarked)
def _describe_embarked(ev: Embarked, rules) -> str:
    t = rules.travel
    how = [x for x, on in ((f"rate {ev.rate}'", ev.rate), ("rowed", ev.oars),
                           ("land in sight", ev.coast)) if on]
    return f"Aboard the {vessel_name(t, ev.vessel)} on {terrain_name(t, ev.terrain).lower()}" + \
        (f" ({', '.join(how)})" if how else "")


@describes(Disembarked)
def _describe_disembarked(ev: Disembarked, rules) -> str:
    where = f" at {ev.place}" if ev.place else ""
    return f"Ashore{where}: {terrain_name(rules.travel, ev.terrain)}"


@describes(Mounted)
def _describe_mounted(ev: Mounted, rules) -> str:
    rate = f" (rate {ev.rate}')" if ev.rate else ""
    return ("Flying on: " if ev.flying else "Riding: ") + animal_name(rules.travel, ev.animal) + rate


@describes(Dismounted)
def _describe_dismounted(ev: Dismounted, rules) -> str:
    return "On foot again"


@describes(PlaceSet)
def _describe_place(ev: PlaceSet, rules) -> str:
    t = rules.travel
    where = ", ".join(x for x in (ev.place, ev.hex and f"hex {ev.hex}") if x)
    road = f" on the {t.routes[ev.route].name.lower()}" if ev.route in t.routes else ""
    return f"Party in {terrain_name(t, ev.terrain)}{road}" + (f" ({where})" if where else "")


@describes(RoutePlanned)
def _describe_planned(ev: RoutePlanned, rules) -> str:
    if not ev.stages:
        return "Route plan cleared"
    return "Route planned: " + " → ".join(
        f"{s.place or '?'} ({s.length} {'hexes' if rules.travel.terrains[s.terrain].cost else short_unit(rules.travel)})"
        for s in ev.stages)


@describes(PaceSet)
def _describe_pace(ev: PaceSet, rules) -> str:
    return f"Pace: {rules.travel.paces[ev.pace].name}"


@describes(GuideSet)
def _describe_guide(ev: GuideSet, rules) -> str:
    bits = ["a guide leads" if ev.guide else "no guide"]
    if ev.navigator:
        bits.append(f"{ev.navigator} navigates")
    return "Travel: " + ", ".join(bits)


@describes(CampMade)
def _describe_camp(ev: CampMade, rules) -> str:
    return "Made camp for the night"


@describes(RestDayTaken)
def _describe_rest(ev: RestDayTaken, rules) -> str:
    return "Rest day"


@describes(Hunted)
def _describe_hunted(ev: Hunted, rules) -> str:
    roll = f" {roll_text(ev.roll)}" if ev.roll else ""
    return f"A day hunting{roll}: " + ("game found" if hunt_found(rules.travel, ev)
                                       else "nothing found")


@describes(ForagedDay)
def _describe_foraged(ev: ForagedDay, rules) -> str:
    if gm_forages(rules.travel):
        return "A day foraging (the GM decides): " + (
            f"{ev.rations} ration(s) found" if ev.found else "nothing found")
    if ev.roll is None:
        return "A day foraging near camp: food found"
    extra = "".join(f" {w} {roll_text(r)}" for w, r in (("food", ev.food), ("water", ev.water))
                    if r is not None)
    x = rules.travel.terrains.get(ev.terrain)
    verdict = "" if x is None or not x.forage_dc else \
        (" found" if ev.roll.total + ev.modifier >= x.forage_dc else " nothing")
    dc = f" vs DC {x.forage_dc}" if x is not None and x.forage_dc else ""
    return f"A day foraging: {roll_text(ev.roll)}{ev.modifier:+d}{dc}{verdict}{extra}"


@describes(WeatherSet)
def _describe_weather(ev: WeatherSet, rules) -> str:
    t = rules.travel
    rolled = ", ".join(f"{n} {roll_text(r)}" for n, r in ev.rolls + ev.then)
    codes = ", ".join(t.weather.effects[c].name for c in ev.codes
                      if t.weather and c in t.weather.effects)
    return "Weather: " + weather_text(t, ev) + (f" ({rolled})" if rolled else "") + \
        (f" [{codes}]" if codes else "")


@describes(HeadingSet)
def _describe_heading(ev: HeadingSet, rules) -> str:
    return f"Lost: heading {ev.heading}" + (f", believed {ev.believed}" if ev.believed else "")


@describes(WayFound)
def _describe_found(ev: WayFound, rules) -> str:
    where = ", ".join(x for x in (ev.place, ev.hex and f"hex {ev.hex}",
                                  ev.terrain and terrain_name(rules.travel, ev.terrain)) if x)
    return "The party knows where it is again" + (f": {where}" if where else "")


@describes(EncounterRolled)
def _describe_encounter(ev: EncounterRolled, rules) -> str:
    return "Encounter check: " + (_sighting_text(rules.travel, ev) or "nothing rolled")


@describes(WaterSet)
def _describe_water(ev: WaterSet, rules) -> str:
    return f"Water: {ev.gallons} gallons"


# --- the journey as a journal line -------------------------------------------------------


def day_line(t, d) -> str:
    """'Day 3: 16 miles through forest; lost (heading NE, believed N); foraged: food for 4'."""
    head = f"Day {d.day}: "
    if d.kind in ("rest", "hunt", "forage"):
        text = {"rest": "rested", "hunt": "hunted", "forage": "foraged near camp"}[d.kind]
    elif d.kind == "sail":
        text = f"sailed {amount(t, d.distance)} on {terrain_name(t, d.terrain).lower()}"
        if d.weather:
            text += f" ({d.weather})"
    else:
        text = f"{amount(t, d.distance)} through {terrain_name(t, d.terrain).lower()}"
        if d.kind == "stage":
            text += f" ({d.hours:g} h)"
    bits = [text]
    if d.lost:
        bits.append("lost" + (f" (heading {d.heading or '?'}, believed {d.believed or '?'})"
                              if d.heading or d.believed else ""))
    if d.strayed:
        bits.append("strayed" + ("" if d.kind == "stage" else f" ({d.hours:g} h)"))
    if d.encounter:
        bits.append("encounter" + (f" at {d.encounter_ft} ft" if d.encounter_ft is not None else ""))
    if d.food:
        bits.append(f"food for {d.food}")
    if d.water:
        bits.append(f"{d.water} gal water")
    if d.exhausted:
        bits.append("exhausted: " + ", ".join(d.exhausted))
    return head + "; ".join(bits)


# --- what time passing did, said in the entry that passed it (core/consequences.py) --


@tells_consequences("travel", order=15)
def _water_drunk(before: State, after: State) -> list[str]:
    """"6 gal of water drunk" (what the day used beyond what it found), and a day
    begun short of water: "a day without enough water: exhaustion +1 each"."""
    was, now = before.travel.water, after.travel.water
    out = []
    if was is not None and now is not None and now < was:
        out.append(f"{round(was - now, 1):g} gal of water drunk")
    dry = after.travel.dry_days - before.travel.dry_days
    if dry > 0:
        out.append(f"{dry} day{'s' * (dry > 1)} without enough water: exhaustion +{dry} each")
    return out


# --- what the GM must not miss -------------------------------------------------------------


@alerting(15)
def _travel_alerts(before: State, after: State) -> list[Alert]:
    t = after.rules.travel
    if t is None or after.travel is before.travel:
        return []
    out = []
    new = after.travel.days[len(before.travel.days):] if \
        len(after.travel.days) > len(before.travel.days) else \
        (after.travel.days[-1:] if after.travel.days != before.travel.days else ())
    for d in new:
        if d.encounter:
            out.append(Alert("error", f"ENCOUNTER on day {d.day}" +
                             (f" at {d.encounter_ft} ft" if d.encounter_ft is not None else "")))
        if d.exhausted:
            out.append(Alert("error", "Exhaustion from extended travel: " + ", ".join(d.exhausted)))
    if after.travel.encounters > before.travel.encounters and not new:
        out.append(Alert("error", "ENCOUNTER on the road"))
    dry = after.travel.dry_days - before.travel.dry_days
    if dry > 0:
        out.append(Alert("error", f"{dry} day{'s' * (dry > 1)} without enough water: "
                         f"exhaustion +{dry} for everyone"))
    if after.travel.lost and not before.travel.lost:
        out.append(Alert("error", "The party is LOST: set the real heading (and what it "
                         "believes); it goes astray until the GM marks it found"))
    r_before, r_after = rest_status(before), rest_status(after)
    if r_after != r_before:
        if r_after == "owed":
            out.append(Alert("warning", "The forced march is done: a rest day is owed"))
        elif r_after == "due":
            out.append(Alert("warning", "A rest day is due tomorrow"))
        elif r_after == "overdue":
            out.append(Alert("error", f"No rest day: {t.rest.penalty}"))
    if rest_penalty(after) < rest_penalty(before):
        out.append(Alert("error", f"Travel rest penalty now {rest_penalty(after)}"))
    fd, fd0 = food_days(after), food_days(before)
    if fd is not None and fd != fd0 and fd <= 1 and after.travel.days:
        out.append(Alert("warning" if fd else "error",
                         "Rations run out tomorrow" if fd else "No rations left"))
    wd, wd0 = water_days(after), water_days(before)
    if wd is not None and wd != wd0 and wd <= 1:
        out.append(Alert("warning" if wd else "error",
                         "Water runs out tomorrow" if wd else f"No water left: {t.water.short}"))
    return out


# --- its part of `tracker state --json` -------------------------------------------------------


@state_view("travel", 60)
def _travel_json(state: State) -> dict | None:
    t = state.rules.travel
    if t is None:
        return None
    j = state.travel
    return {
        "unit": t.distance.unit, "place": j.place, "hex": j.hex, "terrain": j.terrain,
        "route": j.route, "pace": pace_of(t, j) if pace_model(t) else None,
        "guide": j.guide, "navigator": j.navigator,
        "lost": j.lost, "heading": j.heading, "believed": j.believed,
        "day": j.day, "hours_today": j.hours_today,
        "left_today": day_left(state), "next_day": next_day_estimate(state),
        "unrested_days": j.unrested, "rest_owed": j.rest_owed,
        "rest_status": rest_status(state), "rest_penalty": rest_penalty(state),
        "weather": j.weather, "weather_effects": list(j.weather_codes),
        "water_gallons": j.water, "water_days": water_days(state), "dry_days": j.dry_days,
        "vessel": j.vessel or None, "ship_rate": j.ship_rate, "oars": j.oars,
        "land_in_sight": j.coast, "gale": j.gale,
        "mount": j.mount or None, "mount_rate": j.mount_rate, "flying": j.flying,
        "gallop_used": j.gallop_used,
        "food_days": food_days(state), "distance": j.distance,
        "encounter_chance": str(c) if (c := _chance(state)) else None,
        "stages": [{"place": s.place, "terrain": s.terrain, "route": s.route,
                    "length": s.length, "hex": s.hex} for s in j.stages],
        "stage_progress": j.progress,
        "days": [{"day": d.day, "kind": d.kind, "terrain": d.terrain,
                  "distance": d.distance, "hours": d.hours, "lost": d.lost,
                  "strayed": d.strayed, "encounter": d.encounter,
                  "encounter_ft": d.encounter_ft, "food": d.food, "water": d.water,
                  "exhausted": list(d.exhausted), "weather": d.weather,
                  "line": day_line(t, d)} for d in j.days],
    }


def _chance(state: State):
    t, j = state.rules.travel, state.travel
    if t is None or not j.terrain:
        return None
    return calc.encounter_chance(t, j.terrain, "day")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("s" if n != 1 else "")


# --- its part of the recap -----------------------------------------------------------------


@tally(25)
class TravelTally(Tally):
    """Distance travelled, days on the road and lost, weather, food found and eaten."""

    def __init__(self, sessions: list[int]):
        super().__init__(sessions)
        self.distance = {n: 0.0 for n in sessions}
        self.unit = ""
        self.days: set[int] = set()  # the journey's day numbers (a day may be several stages)
        self.lost_days = 0
        self.weather: list[str] = []
        self.food_found = 0
        self.encounters = 0

    def see(self, session, seq, ev, state_at) -> None:
        if not isinstance(ev, (Travelled, Sailed, Hunted, ForagedDay, RestDayTaken, WeatherSet)):
            return
        after = state_at(seq)
        t = after.rules.travel
        if t is None:
            return
        self.unit = short_unit(t)
        if isinstance(ev, WeatherSet):
            if after.travel.weather and after.travel.weather not in self.weather:
                self.weather.append(after.travel.weather)
            return
        d = after.travel.days[-1] if after.travel.days else None
        if d is None:
            return
        self.days.add(d.day)
        self.distance[session] += d.distance
        self.lost_days += d.lost
        self.food_found += d.food
        self.encounters += d.encounter

    def lines(self, e) -> list[str]:
        if not self.days:
            return []
        days = len(self.days)
        also = [f"{self.lost_days} of them lost" if self.lost_days else "",
                plural(self.encounters, "encounter") if self.encounters else ""]
        also = [x for x in also if x]
        out = [f"**Travelled:** {sum(self.distance.values()):g} {self.unit} in "
               f"{plural(days, 'day')}" + (f" ({', '.join(also)})" if also else "")]
        if self.food_found:  # what was eaten is the supplies' line
            out.append(f"**Food found on the road:** {plural(self.food_found, 'ration')}")
        if self.weather:
            out.append(f"**Weather:** {', '.join(map(e, self.weather[-5:]))}")
        return out

    def chart(self, session: int) -> str:
        top = max(self.distance.values(), default=0)
        n = self.distance[session]
        return f"road {n:>6g} {bar(n, top, 12):<12}" if top else ""


# --- how a correction's changes read (core/changes.py) -----------------------------------

def _where(j: dict, t) -> str:
    """The party's position: "Ravnsborg (hex 0412), forest, by the road"."""
    bits = [j["place"] or "", f"hex {j['hex']}" if j["hex"] else ""]
    place = " ".join(b if i == 0 else f"({b})" for i, b in enumerate(bits) if b) \
        if bits[0] else bits[1]
    ground = terrain_name(t, j["terrain"]).lower() if j["terrain"] else ""
    route = t.routes[j["route"]].name.lower() if j["route"] in t.routes else j["route"]
    return ", ".join(b for b in (place, ground, f"by {route}" if route else "") if b) \
        or "nowhere set"


def _lost(j: dict) -> str:
    if not j["lost"]:
        return "on course"
    return "lost" + (f" (heading {j['heading'] or '?'}, believed {j['believed'] or '?'})"
                     if j["heading"] or j["believed"] else "")


def _days(n) -> str:
    return "none" if n is None else f"{n} day{'s' if n != 1 else ''}"


# (the JSON keys a line speaks for, how the journey reads on them)
_TRAVEL_LINES = (
    (("day",), lambda j, t: f"day {j['day']}" if j["day"] else "not begun", "Journey"),
    (("place", "hex", "terrain", "route"), _where, "Position"),
    (("distance",), lambda j, t: amount(t, j["distance"]), "Distance travelled"),
    (("stage_progress",), lambda j, t: amount(t, j["stage_progress"]), "Into the next stage"),
    (("lost", "heading", "believed"), lambda j, t: _lost(j), "Course"),
    (("food_days",), lambda j, t: _days(j["food_days"]), "Rations last"),
    (("water_gallons",), lambda j, t: "not counted" if j["water_gallons"] is None
     else f"{j['water_gallons']:g} gal", "Water"),
    (("water_days",), lambda j, t: _days(j["water_days"]), "Water lasts"),
    (("dry_days",), lambda j, t: _days(j["dry_days"]), "Days short of water"),
    (("weather",), lambda j, t: j["weather"] or "none", "Weather"),
    (("pace",), lambda j, t: j["pace"] or "none", "Pace"),
    (("guide", "navigator"), lambda j, t: ("a guide" if j["guide"] else "no guide") +
     (f", {j['navigator']} navigates" if j["navigator"] else ""), "Guidance"),
    (("hours_today",), lambda j, t: f"{j['hours_today']:g} h", "Travelled today"),
    (("unrested_days",), lambda j, t: _days(j["unrested_days"]), "Days without a rest day"),
    (("rest_status", "rest_penalty", "rest_owed"), lambda j, t: j["rest_status"] +
     (f", penalty {j['rest_penalty']}" if j["rest_penalty"] else ""), "Rest days"),
)
_DERIVED = ("unit", "left_today", "next_day", "encounter_chance", "weather_effects")


@reads_changes(*(f"travel.{k}" for keys, _, _ in _TRAVEL_LINES for k in keys),
               *(f"travel.{k}" for k in _DERIVED), "travel.days", order=60)
def _travel_changes(before: State, after: State) -> list[str]:
    """ "Journey: day 2 → 3", "Course: on course → lost", each day's journal line."""
    a, b = _travel_json(before), _travel_json(after)
    if a is None or b is None:
        return [] if a == b else [f"Travel rules: {'none' if a is None else 'in use'} → "
                                  f"{'none' if b is None else 'in use'}"]
    ta, tb = before.rules.travel, after.rules.travel
    out = [f"{label}: {say(a, ta)} → {say(b, tb)}" for keys, say, label in _TRAVEL_LINES
           if any(a[k] != b[k] for k in keys) and say(a, ta) != say(b, tb)]
    return out + _journal_changes(tb, a["days"], b["days"])


# (a journal day's JSON keys, how the day reads on them)
_DAY_LINES = (
    (("distance",), lambda t, d: amount(t, d["distance"])),
    (("lost", "strayed"), lambda t, d: "lost" if d["lost"] else
     "strayed" if d["strayed"] else "on course"),
    (("encounter", "encounter_ft"), lambda t, d: "quiet" if not d["encounter"] else
     "encounter" + (f" at {d['encounter_ft']} ft" if d["encounter_ft"] is not None else "")),
    (("food",), lambda t, d: f"food found for {d['food']}"),
    (("water",), lambda t, d: f"{d['water']} gal water found"),
    (("exhausted",), lambda t, d: "exhausted: " + (", ".join(d["exhausted"]) or "nobody")),
    (("weather",), lambda t, d: d["weather"] or "no weather"),
)


def _journal_changes(t, old: list[dict], new: list[dict]) -> list[str]:
    """The journal's days, matched in order: new, gone, or what reads otherwise
    ("Day 2: quiet → encounter at 360 ft"); a day of another kind, its whole line."""
    out = []
    for i in range(max(len(old), len(new))):
        x = old[i] if i < len(old) else None
        y = new[i] if i < len(new) else None
        if x is None:
            out.append(f"New in the journal: {y['line']}")
        elif y is None:
            out.append(f"No longer in the journal: {x['line']}")
        elif (x["day"], x["kind"], x["terrain"]) != (y["day"], y["kind"], y["terrain"]):
            out.append(f"Journal: {x['line']} → {y['line']}")
        else:
            out += [f"Day {y['day']}: {say(t, x)} → {say(t, y)}" for keys, say in _DAY_LINES
                    if any(x[k] != y[k] for k in keys)]
    return out


# --- what the players see, and what the GM keeps (core/players.py) -------------------------


@players_view(60)
def _travel_for_players(data: dict, table: Table) -> list[Panel]:
    """The journey: the day, where and through what, the weather, distance
    done and to go, food and water, the rest owed. Whether the party is lost,
    its true heading and the encounter checks stay with the GM."""
    j = data.get("travel")
    if not j or not (j["day"] or j["stages"] or j["place"] or j["terrain"]):
        return []
    t = table.rules.travel
    facts = [("Day", str(j["day"]))]
    if j["place"]:
        facts.append(("At", j["place"] + (f" (hex {j['hex']})" if j["hex"] else "")))
    if j["terrain"]:
        facts.append(("Terrain", terrain_name(t, j["terrain"])))
    if j["weather"]:
        facts.append(("Weather", j["weather"]))
    if j["pace"]:
        facts.append(("Pace", str(j["pace"])))
    facts.append(("Done", amount(t, j["distance"])))
    if j["stages"]:
        to_go = sum(s["length"] for s in j["stages"]) - j["stage_progress"]
        facts.append(("To go", amount(t, max(0, to_go)) + f" to {j['stages'][-1]['place']}"
                      if j["stages"][-1]["place"] else amount(t, max(0, to_go))))
    if j["food_days"] is not None:
        facts.append(("Food", f"{j['food_days']} day(s)"))
    if j["water_days"] is not None:
        facts.append(("Water", f"{j['water_gallons']} gal ({j['water_days']} day(s))"))
    if j["vessel"]:
        facts.append(("Aboard", vessel_name(t, j["vessel"])))
    if j["mount"]:
        facts.append(("Riding", animal_name(t, j["mount"])))
    if j["rest_status"] not in ("ok", None):
        facts.append(("Rest", str(j["rest_status"])))
    lines = [_public_day(d) for d in j["days"][-5:]]
    return [Panel("Travel", facts=facts, lines=lines, kind="travel")]


def _public_day(d: dict) -> str:
    """A day of the journal without what the GM keeps: lost, strayed, encounters."""
    return d["line"].split("; ")[0]


_WHAT_TRAVEL_KEEPS = ("the day's checks: getting lost (or straying) and the encounter "
                      "check, its surprise and distance; the table hears the distance "
                      "walked and the terrain")


@secret(Travelled, _WHAT_TRAVEL_KEEPS,
        when=lambda ev: ev.lost_roll is not None or ev.check is not None)
def _travelled_for_players(ev: Travelled, rules) -> str:
    return _describe_travelled(ev, rules).split("; ")[0]


@secret(Sailed, _WHAT_TRAVEL_KEEPS,
        when=lambda ev: ev.lost_roll is not None or ev.check is not None)
def _sailed_for_players(ev: Sailed, rules) -> str:
    return _describe_sailed(ev, rules).split("; ")[0]


@secret(EncounterRolled, "an encounter check on the road: the table hears nothing")
def _encounter_for_players(ev: EncounterRolled, rules) -> None:
    return None
