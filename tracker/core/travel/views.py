"""How travel reads in the log (a GM's journal), what the GM must not miss, its
JSON and its lines in the recap."""

from __future__ import annotations

from ... import i18n
from ...i18n import N_, _, ngettext, pgettext
from .. import dice as dicemod
from ..alerts import Alert, alerting
from ..changes import reads_changes
from ..consequences import tells_consequences
from ..timeline.hooks import names_a_term
from ..describe import roll_text
from ..events import describes
from ..state import State
from ..tally import Met, Tally, bar, tally
from .model import DaySummary
from ..players import Panel, Table, players_view, secret
from ..schema import not_in_source
from ..terms import term
from ..view import state_view
from . import calc
from .rules import gm_forages, gm_hunts
from .rules import (CampMade, EncounterRolled, ForagedDay, GuideSet, HeadingSet, Hunted,
                    PaceSet, PlaceSet, RestDayTaken, RoutePlanned, Sighting, Travelled,
                    WaterSet, WayFound, WeatherSet, along, became_lost, day_distance, failed_saves,
                    headway, hunt_found, is_encounter, save_dcs, sighting, stage_seconds,
                    strayed, way_longer, weather_text)
from .camp import CampLongRest
from .mounts import Dismounted, Mounted
from .sea import Disembarked, Embarked, GaleMet, Sailed, gale_result, lost_at_sea, lost_chance, \
    sail_distance, wind
from .status import (day_left, food_days, next_day_estimate, pace_model, pace_of,
                     rest_penalty, rest_status, water_days)


def short_unit(t) -> str:
    # TRANSLATORS: travel points (Dolmenwood), kept short
    return _("TP") if t.distance.unit == "travel points" else _(t.distance.unit)


# the units' words where one is shown alone (the needs panel's "Next:" line)
N_("miles"), N_("travel points")


def num(n: float) -> str:
    """A distance, hours or gallons as ``{n:g}`` wrote it (no grouping, so the
    English lines stay as they were), with the locale's decimal sign: 2,5."""
    from babel.numbers import format_decimal

    return format_decimal(float(f"{n:g}"), format="0.######",
                          locale=i18n._babel_locale())  # noqa: SLF001 (the locale's rules)


def _count(n: float) -> int:
    """The count a plural form is chosen by: a fraction reads like 2 (Ukrainian
    "2,5 милі", never the singular)."""
    return int(n) if n == int(n) else 2


def amount(t, n: float) -> str:
    """"16 miles", "8 TP" in the active language (Danish "2,5 mil")."""
    if t.distance.unit == "travel points":
        return _("{n} TP").format(n=num(n))
    if t.distance.unit == "miles":
        return ngettext("{n} mile", "{n} miles", _count(n)).format(n=num(n))
    return f"{num(n)} {_(t.distance.unit)}"


def hours(h: float) -> str:
    # TRANSLATORS: hours, abbreviated
    return _("{n} h").format(n=num(h))


def gallons(g: float) -> str:
    # TRANSLATORS: gallons of water, abbreviated
    return _("{n} gal").format(n=num(g))


def days(n: int) -> str:
    return ngettext("{n} day", "{n} days", n).format(n=n)


def terrain_name(rules, tid: str) -> str:
    """The terrain's name in the active language (``rules``: the whole ruleset)."""
    return term(rules, f"travel.terrains.{tid}", tid)


def route_name(rules, rid: str) -> str:
    return term(rules, f"travel.routes.{rid}", rid)


def pace_name(rules, pid: str) -> str:
    return term(rules, f"travel.paces.{pid}", pid)


def vessel_name(rules, vessel: str) -> str:
    """A vessel of the ruleset by its name, or the GM's own ship's name."""
    return term(rules, f"travel.sea.vessels.{vessel}", vessel)


def animal_name(rules, animal: str) -> str:
    return term(rules, f"travel.mounts.animals.{animal}", animal)


def effect_name(rules, code: str) -> str:
    return term(rules, f"travel.weather.effects.{code}", code)


def weather_words(rules, english: str) -> str:
    """The rolled weather, which the state keeps in the ruleset's own words
    ("wind: light · precipitation: none"), in the GM's language: each part is
    found again in the ruleset's tables and named through ``term()``. Weather
    the GM typed (no table's name before a colon) stays as typed."""
    weather = rules.travel.weather
    if english in _GALE_WEATHER:
        return _(english)
    if english and (sea := _wind_row(rules, english)) is not None:
        return wind_words(rules, sea)
    if not english or weather is None or not weather.tables:
        return english
    parts = []
    for part in english.split(" · "):
        name, sep, said = part.partition(": ")
        table = weather.tables.get(name) if sep else None
        if table is None:
            return english
        parts.append(_("{table}: {weather}").format(
            table=term(rules, f"travel.weather.tables.{name}", name),
            weather=_row_words(rules, name, table, said)))
    return " · ".join(parts)


# The weather a gale leaves in the state (sea.py: "gale: " and how it ended), whole
_GALE_WEATHER = frozenset((N_("gale: sunk"), N_("gale: afloat"), N_("gale: wrecked"),
                           N_("gale: landed"), N_("gale: swamped"), N_("gale: survived"),
                           N_("gale: driven"), N_("gale: beached")))


def _wind_row(rules, said: str):
    """The row of the wind table whose words the state keeps (a day afloat's
    weather is the row's text up to its colon), or None."""
    s = rules.travel.sea
    if s is None or s.weather is None:
        return None
    return next((row for row in s.weather.entries if row.result.split(":")[0] == said), None)


def wind_words(rules, row) -> str:
    """A row of the wind table as the log and the weather line say it, in the
    GM's language: its words up to the colon ("moderate breeze")."""
    entries = rules.travel.sea.weather.entries
    i = next((n for n, x in enumerate(entries) if x is row), None)
    said = term(rules, f"travel.sea.weather.entries.{i}.result", row.result) \
        if i is not None else row.result
    return said.split(":")[0]


def _row_words(rules, name: str, table, said: str) -> str:
    for i, row in enumerate(table.entries):
        key = f"travel.weather.tables.{name}.entries.{i}"
        if said == row.result:
            return term(rules, f"{key}.result", row.result)
        head, braces, tail = row.rolled.partition("{}")
        number = said[len(head):len(said) - len(tail)] if braces else ""
        if number and said.startswith(head) and said.endswith(tail) \
                and number.lstrip("-").isdigit():
            return term(rules, f"{key}.rolled", row.rolled).replace("{}", number)
    return said


def _ground(rules, tid: str) -> str:
    """A terrain as it reads inside a sentence ("through forest")."""
    return terrain_name(rules, tid).lower()


def _grounds(rules, tid: str, crossed: list[str]) -> str:
    """The terrains a day went through, in order ("meadow then bog"): the one
    it set out in, then those of the route's later stages it entered
    (gm-review4 R4: "through meadow" for a day mostly in bog)."""
    names = [tid] + [x for x in crossed[1:]]
    names = [x for i, x in enumerate(names) if i == 0 or x != names[i - 1]]
    text = _ground(rules, names[0])
    for later in names[1:]:
        text = _("{earlier} then {later}").format(earlier=text, later=_ground(rules, later))
    return text


# --- the log, as a journal -------------------------------------------------------------


def _surprised(party: bool, foe: bool) -> str:
    """Whole phrases: the words order differently in other languages."""
    if party and foe:
        return _("surprised: party and foe")
    if party:
        return _("surprised: party")
    if foe:
        return _("surprised: foe")
    return _("surprised: nobody")


def _sighting_text(t, ev: Sighting | Travelled, rules=None, codes=()) -> str:
    """'encounter 1 (1-in-6), 120 ft, party surprised' or 'quiet'; ``codes``:
    the weather in force, which may change the distance (as the day's record)."""
    if ev.check is None and ev.distance is None:
        return ""
    bits = []
    if ev.check is not None:
        bits.append(_("check {roll}").format(roll=roll_text(ev.check)))
    enc = t.encounters
    if not is_encounter(t, ev):
        return ", ".join(bits + [_("quiet")])
    bits.append(_("ENCOUNTER"))
    if ev.surprise_party and ev.surprise_foe and enc is not None and enc.surprise:
        s = dicemod.parse_chance(enc.surprise)
        bits.append(_surprised(s.hits(ev.surprise_party.total), s.hits(ev.surprise_foe.total)))
    if ev.distance is not None:
        bits.append(_distance_text(t, ev.distance, rules, codes))
    return ", ".join(bits)


def _distance_text(t, roll, rules, codes) -> str:
    """'120 ft (2d6*30=...)', and where the weather changes it the distance that
    holds, as the journey and the alert say it: '..., poor visibility: 60 ft'."""
    said = _("{feet} ft ({roll})").format(feet=roll.total, roll=roll_text(roll))
    effects = t.weather.effects if t.weather is not None else {}
    why = [c for c in codes if c in effects and effects[c].encounter_distance]
    feet = calc.encounter_distance(t, roll.total, why)
    if not why or feet == roll.total or rules is None:
        return said
    return _("{distance}, {weather}: {feet} ft").format(
        distance=said, weather=", ".join(effect_name(rules, c).lower() for c in why), feet=feet)


def _lost_before(before) -> bool:
    """The party was lost when the day began: a lost party rolls no lost die
    (an earlier day corrected into lost leaves a later day's roll void)."""
    return before is not None and before.travel.lost


def _weather_then(ev, before) -> tuple[str, ...]:
    """The weather effects a day's sighting was read under: the state's just
    before the entry (as the fold reads it), else what the entry recorded."""
    if before is not None:
        return before.travel.weather_codes
    return getattr(ev, "effects", ())


def _in_hours(h, afloat: bool = False) -> str:
    """How long the day or stage took: "(8 h on the road)". A log line tells
    the past: "in 8 h" read as eight hours from now (gm-review F5)."""
    if not h:
        return ""
    return " " + (_("({hours} afloat)") if afloat else _("({hours} on the road)")).format(
        hours=hours(h))


def _hours_taken(t, ev: Travelled) -> float:
    """The hours the day or stage took: a stage that strayed took longer than
    the hours asked (gm-review3 R2: "(8 h on the road)" for 11.2 h)."""
    return stage_seconds(t, ev) / 3600 if pace_model(t) else ev.hours


def _navigation(t, ev) -> str:
    """The day's navigation check (pace model) or lost roll, with its verdict."""
    roll = roll_text(ev.lost_roll)
    # the check's modifier with what exhaustion took, as the saves show theirs
    net = ev.nav_mod - getattr(ev, "nav_tired", 0)
    mod = f"{net:+d}" if net else ""
    if pace_model(t):
        line = _("navigation {roll}{mod} strayed") if strayed(t, ev) else \
            _("navigation {roll}{mod} on course")
    else:
        line = _("lost? {roll}{mod} LOST") if became_lost(t, ev) else _("lost? {roll}{mod} no")
    return line.format(roll=roll, mod=mod)


def _delay(ev) -> str:
    # the sign goes with the number: "% l" in a msgid reads to Babel as a %-format
    return _("{percent} longer ({roll})").format(percent=f"{ev.delay.total}%",
                                                  roll=roll_text(ev.delay))


def _way_longer(t, ev, dist: float) -> str:
    """A stage whose way straying made longer (``way_longer``): by how much,
    and the headway the ``dist`` covered made along the route (gm-review7 R4)."""
    longer = way_longer(t, ev)
    return _("the way {percent} longer ({roll}): {distance} of headway").format(
        percent=f"{longer}%", roll=roll_text(ev.delay),
        distance=amount(t, round(headway(dist, longer), 1)))


def halt_words(halt: str, place: str) -> str:
    """Where the planned route stopped a day: its end, or where it goes on by
    water or by land ("" where it did not)."""
    if halt == "end":
        return _("arrived at {place}, the end of the route").format(place=place) if place \
            else _("at the end of the route")
    if halt == "water":
        return _("at {place}: the route goes on by water").format(place=place) if place \
            else _("the route goes on by water from here")
    if halt == "land":
        return _("at {place}: the route goes on by land").format(place=place) if place \
            else _("the route goes on by land from here")
    return ""


@describes(Travelled, with_before=True)
def _describe_travelled(ev: Travelled, rules, state=None, before=None) -> str:
    """``before``, where at hand: the day goes no farther than the route takes it."""
    t = rules.travel
    dist, halt, place, crossed = along(before, day_distance(t, ev), became_lost(t, ev),
                                       way_longer(t, ev))
    what = _("Forced march: {distance} through {terrain}") if ev.forced else (
        _("Stage: {distance} through {terrain}") if not ev.camp else
        _("Travel day: {distance} through {terrain}"))
    bits = [what.format(distance=amount(t, dist), terrain=_grounds(rules, ev.terrain, crossed))
            + _in_hours(_hours_taken(t, ev))]
    if halt:
        bits.append(halt_words(halt, place))
    if ev.lost_roll is not None and not _lost_before(before):
        bits.append(_navigation(t, ev))
    if way_longer(t, ev):
        bits.append(_way_longer(t, ev, dist))
    elif ev.delay is not None and strayed(t, ev):
        bits.append(_delay(ev))
    sight = _sighting_text(t, ev, rules, _weather_then(ev, before))
    if sight:
        bits.append(sight)
    if ev.foraging and ev.forage is not None:
        net = ev.forage_mod - ev.forage_tired
        mod = f"{net:+d}" if net else ""
        food = " " + _("food {roll}").format(roll=roll_text(ev.food)) if ev.food else ""
        water = " " + _("water {roll}").format(roll=roll_text(ev.water)) if ev.water else ""
        bits.append(_("foraging {roll}{mod}").format(roll=roll_text(ev.forage), mod=mod)
                    + food + water)
    if ev.mounted:
        ride = _("flying on {animal}") if ev.flying else _("riding {animal}")
        bits.append(ride.format(animal=animal_name(rules, ev.mounted))
                    + (" " + _("(doubled hour)") if ev.gallop else ""))
    elif ev.flying:
        bits.append(_("flying"))
    failed = {id(r) for _x, r, _y in failed_saves(t, ev)}
    ability = term(rules, "travel.extended.save") if t.extended else ""
    for (name, r, mod), dc in zip(ev.saves, save_dcs(t, ev)):
        line = _("{name} {ability} save {roll} vs DC {dc} FAILED") if id(r) in failed else \
            _("{name} {ability} save {roll} vs DC {dc} passed")
        bits.append(line.format(name=name, ability=ability, roll=f"{roll_text(r)}{mod:+d}",
                                dc=dc))
    if not ev.camp:
        bits.append(_("no camp yet"))
    return "; ".join(bits)


@describes(Sailed, with_before=True)
def _describe_sailed(ev: Sailed, rules, state=None, before=None) -> str:
    t = rules.travel
    row = wind(t, ev)
    dist, halt, place, crossed = along(before, sail_distance(t, ev), lost_at_sea(t, ev),
                                       way_longer(t, ev))
    bits = [_("Sailed: {distance} on {water} aboard the {vessel}").format(
        distance=amount(t, dist), water=_grounds(rules, ev.terrain, crossed),
        vessel=vessel_name(rules, ev.vessel)) + _in_hours(ev.hours, afloat=True)]
    if halt:
        bits.append(halt_words(halt, place))
    if ev.weather is not None:
        bits.append(_("wind {roll} {result}").format(
            roll=roll_text(ev.weather), result=wind_words(rules, row) if row else "?")
            + (not_in_source(t.not_in_source, "sea.weather") if row and row.fill else ""))
    if row is not None and row.becalmed:
        bits.append(_("rowed on") if ev.oars else _("becalmed: no sailing"))
    if row is not None and row.gale:
        bits.append(_("GALE: the GM chooses (ride_out, run, unsailed)"))
    if ev.current is not None:
        line = _("current with {roll} miles") if ev.current_dir == "with" else \
            _("current against {roll} miles")
        bits.append(line.format(roll=roll_text(ev.current)))
    elif ev.current_dir:
        bits.append(_("with the current") if ev.current_dir == "with" else
                    _("against the current"))
    if ev.headwind:
        bits.append(_("into a headwind"))
    if _lost_before(before) and not pace_model(t):
        pass  # lost already: no roll stands (a day corrected into lost before it)
    elif ev.lost_roll is not None and pace_model(t):
        bits.append(_navigation(t, ev))
    elif (c := lost_chance(t, ev)) is not None:
        rolled = f" {roll_text(ev.lost_roll)}" if ev.lost_roll else ""
        line = _("lost at sea ({chance}){roll}: LOST") if lost_at_sea(t, ev) else \
            _("lost at sea ({chance}){roll}: no")
        bits.append(line.format(chance=dicemod.chance_text(c), roll=rolled))
    if way_longer(t, ev):  # as a day on land's (gm-review7 R4)
        bits.append(_way_longer(t, ev, dist))
    elif ev.delay is not None and strayed(t, ev):
        bits.append(_delay(ev))
    sight = _sighting_text(t, ev, rules, _weather_then(ev, before))
    if sight:
        bits.append(sight)
    if not ev.camp:
        bits.append(_("the day goes on"))
    return "; ".join(bits)


_GALE_CHOICES = {"ride_out": N_("rode the gale out"), "run": N_("ran before the gale"),
                 "unsailed": N_("an unsailed ship in the gale")}
_GALE_RESULTS = {"sunk": N_("SUNK"), "afloat": N_("AFLOAT"), "wrecked": N_("WRECKED"),
                 "landed": N_("LANDED"), "swamped": N_("SWAMPED"), "survived": N_("SURVIVED"),
                 "driven": N_("DRIVEN"), "beached": N_("BEACHED")}


@describes(GaleMet)
def _describe_gale(ev: GaleMet, rules) -> str:
    what = _(_GALE_CHOICES[ev.choice]) if ev.choice in _GALE_CHOICES else ev.choice
    pilot = ", " + _("Piloting +{n}").format(n=ev.pilot) if ev.pilot else ""
    coast = ", " + _("a clear coast in sight") if ev.clear_coast else ""
    beach = " " + _("beach {roll}").format(roll=roll_text(ev.beach)) if ev.beach else ""
    if ev.beach and ev.roll:
        beach += " " + _("none;")
    roll = f" d100 {roll_text(ev.roll)}" if ev.roll else ""
    result = gale_result(rules.travel, ev)
    return _("Gale: {what}: {result}").format(
        what=f"{what}{coast}{beach}{roll}{pilot}",
        result=_(_GALE_RESULTS[result]) if result in _GALE_RESULTS else result.upper())


@describes(CampLongRest, with_state=True)
def _describe_camp_rest(ev: CampLongRest, rules, state=None) -> str:
    if not ev.who:  # emptied by a correction: why, as the state after it says
        return _no_camp_rest(state)
    return _("The night in camp is a long rest: {who}").format(who=", ".join(ev.who)) + \
        ("; " + _("the exhaustion of too little water stays") if ev.dehydrated else "")


def _no_camp_rest(state) -> str:
    """Why a night's long rest a correction emptied is none: the day goes on,
    the night (from the stage's end, ``Journey.night_from``) is too short for
    one, or the night's rest came with the corrected entry before it."""
    rests = state.rules.party.rests if state is not None and state.rules.party else None
    if rests is None or state.travel.hours_today:
        return _("No long rest: the day no longer ends in camp")
    night = state.travel.night_from
    if night is not None and state.clock - rests.long_hours * state.rules.time.hour_seconds \
            < night:
        return _("No long rest: the night in camp is now too short for one")
    return _("No long rest here: the corrected stage's entry holds the night's rest")


@describes(Embarked)
def _describe_embarked(ev: Embarked, rules) -> str:
    how = [x for x, on in ((_("rate {rate}'").format(rate=ev.rate), ev.rate),
                           (_("rowed"), ev.oars), (_("land in sight"), ev.coast)) if on]
    return _("Aboard the {vessel} on {water}").format(
        vessel=vessel_name(rules, ev.vessel), water=_ground(rules, ev.terrain)) + \
        (f" ({', '.join(how)})" if how else "")


@describes(Disembarked)
def _describe_disembarked(ev: Disembarked, rules) -> str:
    land = terrain_name(rules, ev.terrain)
    if ev.place:
        return _("Ashore at {place}: {terrain}").format(place=ev.place, terrain=land)
    return _("Ashore: {terrain}").format(terrain=land)


@describes(Mounted)
def _describe_mounted(ev: Mounted, rules) -> str:
    rate = " " + _("(rate {rate}')").format(rate=ev.rate) if ev.rate else ""
    line = _("Flying on: {animal}") if ev.flying else _("Riding: {animal}")
    return line.format(animal=animal_name(rules, ev.animal)) + rate


@describes(Dismounted)
def _describe_dismounted(ev: Dismounted, rules) -> str:
    return _("On foot again")


def _hex(h: str) -> str:
    return _("hex {hex}").format(hex=h)


@describes(PlaceSet)
def _describe_place(ev: PlaceSet, rules) -> str:
    t = rules.travel
    where = ", ".join(x for x in (ev.place, ev.hex and _hex(ev.hex)) if x)
    land = terrain_name(rules, ev.terrain)
    line = _("Party in {terrain} on the {road}").format(
        terrain=land, road=route_name(rules, ev.route).lower()) if ev.route in t.routes else \
        _("Party in {terrain}").format(terrain=land)
    return line + (f" ({where})" if where else "")


def _stage_length(rules, s) -> str:
    if rules.travel.terrains[s.terrain].cost:
        return ngettext("{n} hex", "{n} hexes", s.length).format(n=s.length)
    return amount(rules.travel, s.length)


@describes(RoutePlanned)
def _describe_planned(ev: RoutePlanned, rules) -> str:
    if not ev.stages:
        return _("Route plan cleared")
    return _("Route planned: {stages}").format(stages=" → ".join(
        f"{s.place or '?'} ({_stage_length(rules, s)})" for s in ev.stages))


@describes(PaceSet)
def _describe_pace(ev: PaceSet, rules) -> str:
    return _("Pace: {pace}").format(pace=pace_name(rules, ev.pace))


def _guidance(guide: bool, navigator: str) -> str:
    bits = [_("a guide leads") if guide else _("no guide")]
    if navigator:
        bits.append(_("{name} navigates").format(name=navigator))
    return ", ".join(bits)


@describes(GuideSet)
def _describe_guide(ev: GuideSet, rules) -> str:
    return _("Travel: {guidance}").format(guidance=_guidance(ev.guide, ev.navigator))


@describes(CampMade)
def _describe_camp(ev: CampMade, rules) -> str:
    return _("Made camp for the night")


@describes(RestDayTaken)
def _describe_rest(ev: RestDayTaken, rules) -> str:
    return _("Rest day")


@describes(Hunted)
def _describe_hunted(ev: Hunted, rules) -> str:
    if gm_hunts(rules.travel):
        if ev.found:
            return ngettext("A day hunting (the GM decides): {n} ration found",
                            "A day hunting (the GM decides): {n} rations found",
                            ev.rations).format(n=ev.rations)
        return _("A day hunting (the GM decides): nothing found")
    roll = f" {roll_text(ev.roll)}" if ev.roll else ""
    line = _("A day hunting{roll}: game found") if hunt_found(rules.travel, ev) else \
        _("A day hunting{roll}: nothing found")
    return line.format(roll=roll)


@describes(ForagedDay)
def _describe_foraged(ev: ForagedDay, rules) -> str:
    if gm_forages(rules.travel):
        if ev.found:
            return ngettext("A day foraging (the GM decides): {n} ration found",
                            "A day foraging (the GM decides): {n} rations found",
                            ev.rations).format(n=ev.rations)
        return _("A day foraging (the GM decides): nothing found")
    if ev.roll is None:
        return _("A day foraging near camp: food found")
    extra = "".join(" " + w.format(roll=roll_text(r))
                    for w, r in ((_("food {roll}"), ev.food), (_("water {roll}"), ev.water))
                    if r is not None)
    x = rules.travel.terrains.get(ev.terrain)
    verdict = "" if x is None or not x.forage_dc else " " + (
        pgettext("foraging", "found") if ev.roll.total + ev.modifier - ev.tired >= x.forage_dc
        else pgettext("foraging", "nothing"))
    dc = " " + _("vs DC {dc}").format(dc=x.forage_dc) if x is not None and x.forage_dc else ""
    return _("A day foraging: {roll}").format(
        roll=f"{roll_text(ev.roll)}{ev.modifier - ev.tired:+d}") + dc + verdict + extra


@describes(WeatherSet)
def _describe_weather(ev: WeatherSet, rules) -> str:
    t = rules.travel
    rolled = ", ".join(f"{term(rules, f'travel.weather.tables.{n}', n)} {roll_text(r)}"
                       for n, r in ev.rolls + ev.then)
    codes = ", ".join(effect_name(rules, c) for c in ev.codes
                      if t.weather and c in t.weather.effects)
    return _("Weather: {weather}").format(weather=weather_words(rules, weather_text(t, ev))) + \
        (f" ({rolled})" if rolled else "") + (f" [{codes}]" if codes else "")


@describes(HeadingSet)
def _describe_heading(ev: HeadingSet, rules) -> str:
    if ev.believed:
        return _("Lost: heading {heading}, believed {believed}").format(
            heading=ev.heading, believed=ev.believed)
    return _("Lost: heading {heading}").format(heading=ev.heading)


@describes(WayFound)
def _describe_found(ev: WayFound, rules) -> str:
    where = ", ".join(x for x in (ev.place, ev.hex and _hex(ev.hex),
                                  ev.terrain and terrain_name(rules, ev.terrain)) if x)
    if where:
        return _("The party knows where it is again: {where}").format(where=where)
    return _("The party knows where it is again")


@describes(EncounterRolled, with_before=True)
def _describe_encounter(ev: EncounterRolled, rules, state=None, before=None) -> str:
    return _("Encounter check: {result}").format(
        result=_sighting_text(rules.travel, ev, rules, _weather_then(ev, before))
        or _("nothing rolled"))


@describes(WaterSet)
def _describe_water(ev: WaterSet, rules) -> str:
    return ngettext("Water: {n} gallon", "Water: {n} gallons", ev.gallons).format(n=ev.gallons)


# --- the journey as a journal line -------------------------------------------------------


def _lost_words(heading: str, believed: str) -> str:
    if heading or believed:
        return _("lost (heading {heading}, believed {believed})").format(
            heading=heading or "?", believed=believed or "?")
    return _("lost")


def _encounter_words(ft) -> str:
    return _("encounter at {feet} ft").format(feet=ft) if ft is not None else _("encounter")


def day_line(rules, d) -> str:
    """'Day 3: 16 miles through forest; lost (heading NE, believed N); foraged: food for 4'."""
    t = rules.travel
    if d.kind in ("rest", "hunt", "forage"):
        text = {"rest": _("rested"), "hunt": _("hunted"),
                "forage": _("foraged near camp")}[d.kind]
    elif d.kind == "sail":
        text = _("sailed {distance} on {water}").format(
            distance=amount(t, d.distance), water=_grounds(rules, d.terrain, list(d.crossed)))
        if d.weather:
            text += f" ({weather_words(rules, d.weather)})"
    else:
        text = _("{distance} through {terrain}").format(
            distance=amount(t, d.distance), terrain=_grounds(rules, d.terrain, list(d.crossed)))
        if d.kind == "stage":
            text += f" ({hours(d.hours)})"
    bits = [text]
    if d.lost:
        bits.append(_lost_words(d.heading, d.believed))
    if d.strayed and d.longer:  # the way longer, the hours the GM's (gm-review7 R4)
        bits.append(_("strayed: the way {percent} longer").format(percent=f"{d.longer}%"))
    elif d.strayed:
        bits.append(_("strayed") + ("" if d.kind == "stage" else f" ({hours(d.hours)})"))
    if d.encounter:
        bits.append(_encounter_words(d.encounter_ft))
    if d.food:
        bits.append(_("food for {n}").format(n=d.food))
    if d.water:
        bits.append(_("{water} water").format(water=gallons(d.water)))
    if d.exhausted:
        bits.append(_("exhausted: {who}").format(who=_levels_each(d.exhausted)))
    if d.halt:
        bits.append(halt_words(d.halt, d.at))
    return _("Day {day}: {what}").format(day=d.day, what="; ".join(bits))


# --- what time passing did, said in the entry that passed it (core/consequences.py) --


@tells_consequences("travel", order=15)
def _water_drunk(before: State, after: State) -> list[str]:
    """"6 gal of water drunk" (what the day used beyond what it found), and a day
    begun short of water: "a day without enough water: exhaustion +1 each"."""
    was, now = before.travel.water, after.travel.water
    out = []
    if was is not None and now is not None and now < was:
        out.append(_("{water} of water drunk").format(water=gallons(round(was - now, 1))))
    dry = after.travel.dry_days - before.travel.dry_days
    if dry > 0:
        out.append(ngettext("{n} day without enough water: exhaustion +{n} each",
                            "{n} days without enough water: exhaustion +{n} each",
                            dry).format(n=dry))
    return out


# --- what the GM must not miss -------------------------------------------------------------


def _levels_each(names: tuple[str, ...]) -> str:
    """"Bo (2 levels), Cy": a name once, with the levels gained where more
    than one (a name stands once for each failed save)."""
    counted = {n: names.count(n) for n in names}  # in order of the first failure
    return ", ".join(n if k == 1 else ngettext("{name} ({n} level)", "{name} ({n} levels)",
                                               k).format(name=n, n=k)
                     for n, k in counted.items())


@alerting(15, parts=("travel",))
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
            out.append(Alert("error", _("ENCOUNTER on day {day} at {feet} ft").format(
                day=d.day, feet=d.encounter_ft) if d.encounter_ft is not None else
                _("ENCOUNTER on day {day}").format(day=d.day)))
        if d.exhausted:
            out.append(Alert("error", _("Exhaustion from extended travel: {who}").format(
                who=_levels_each(d.exhausted))))
    if after.travel.encounters > before.travel.encounters and not new:
        out.append(Alert("error", _("ENCOUNTER on the road")))
    dry = after.travel.dry_days - before.travel.dry_days
    if dry > 0:
        out.append(Alert("error", ngettext(
            "{n} day without enough water: exhaustion +{n} for everyone",
            "{n} days without enough water: exhaustion +{n} for everyone", dry).format(n=dry)))
    for d in new:
        if d.halt == "end":
            out.append(Alert("warning", _arrival(d, after)))
        elif d.halt:
            out.append(Alert("warning", _onward(d)))
    if after.travel.lost and not before.travel.lost:
        out.append(Alert("error", _("The party is LOST: set the real heading (and what it "
                                    "believes); it goes astray until the GM marks it found")))
    r_before, r_after = rest_status(before), rest_status(after)
    if r_after != r_before:
        if r_after == "owed":
            out.append(Alert("warning", _("The forced march is done: a rest day is owed")))
        elif r_after == "due":
            out.append(Alert("warning", _("A rest day is due tomorrow")))
        elif r_after == "overdue":
            out.append(Alert("error", _("No rest day: {penalty}").format(
                penalty=term(after.rules, "travel.rest.penalty"))))
    if rest_penalty(after) < rest_penalty(before):
        out.append(Alert("error", _("Travel rest penalty now {penalty}").format(
            penalty=rest_penalty(after))))
    fd, fd0 = food_days(after), food_days(before)
    if fd is not None and fd != fd0 and fd <= 1 and after.travel.days:
        out.append(Alert("warning" if fd else "error",
                         _("Rations run out tomorrow") if fd else _("No rations left")))
    wd, wd0 = water_days(after), water_days(before)
    if wd is not None and wd != wd0 and wd <= 1:
        out.append(Alert("warning" if wd else "error",
                         _("Water runs out tomorrow") if wd else
                         _("No water left: {what}").format(
                             what=term(after.rules, "travel.water.short"))))
    return out


def _onward(d) -> str:
    """Where the route changes from land to water, or back: the GM's move."""
    if d.halt == "water":
        return _("At {place}: the route goes on by water. Embark to follow it.").format(
            place=d.at) if d.at else _("The route goes on by water from here. Embark to "
                                       "follow it.")
    return _("At {place}: the route goes on by land. Disembark to follow it.").format(
        place=d.at) if d.at else _("The route goes on by land from here. Disembark to "
                                   "follow it.")


def _arrival(d, after: State) -> str:
    """The route's end reached: travel stops until the GM plans the next leg."""
    said = _("Arrived at {place}, the end of the route: travel stops here until the next "
             "route is planned (or the route cleared).").format(place=d.at) if d.at else \
        _("The end of the route: travel stops here until the next route is planned (or "
          "the route cleared).")
    if after.travel.hours_today:  # a stage cut short: the day goes on at the place
        said += " " + _("The day goes on here (make camp at nightfall).")
    return said


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
        "stage_progress": j.progress, "arrived": j.arrived,
        "days": [{"day": d.day, "kind": d.kind, "terrain": d.terrain,
                  "distance": d.distance, "hours": d.hours, "lost": d.lost,
                  "strayed": d.strayed, "encounter": d.encounter,
                  "encounter_ft": d.encounter_ft, "food": d.food, "water": d.water,
                  "exhausted": list(d.exhausted), "weather": d.weather, "halt": d.halt,
                  "line": day_line(state.rules, d)} for d in j.days],
    }


def _chance(state: State):
    t, j = state.rules.travel, state.travel
    if t is None or not j.terrain:
        return None
    return calc.encounter_chance(t, j.terrain, "day")


# --- its part of the recap -----------------------------------------------------------------


# the entries that add a day (or stage) to the journey's journal, and those
# that change the last one after it was made (a gale's run drives it on, lost)
DAY_ADDED = (Travelled, Sailed, Hunted, ForagedDay, RestDayTaken)
DAY_CHANGED = (GaleMet,)


@tally(25)
class TravelTally(Tally):
    """Distance travelled, days on the road and lost, weather, food found and
    eaten: each day as the journey's journal holds it (one source: a gale's
    run, a correction, a lost roll change the day there, and so here); and
    the encounters met on the way, the days' and the extra checks' (or the
    GM's encounters, where the ruleset rolls none by the day)."""

    def __init__(self, sessions: list[int]):
        super().__init__(sessions)
        self.travel = None  # the travel rules in force at the last day seen (its unit)
        # (session, entry, day or stage) in order
        self.stages: list[tuple[int, int, DaySummary]] = []
        self.weather: list[str] = []
        self.extra: list[Met] = []  # the encounters met by a check of their own

    def see(self, session, seq, ev, state_at) -> None:
        if not isinstance(ev, (DAY_ADDED, DAY_CHANGED, WeatherSet, EncounterRolled)):
            return
        after = state_at(seq)
        t = after.rules.travel
        if t is None:
            return
        if isinstance(ev, EncounterRolled):
            met, ft = sighting(t, ev, after.travel.weather_codes)
            if met:
                j = after.travel
                self.extra.append(Met(session, seq, _met_words(
                    "sea" if j.vessel else "road", j.day, ft)))
            return
        self.travel = t
        if isinstance(ev, WeatherSet):
            said = weather_words(after.rules, after.travel.weather)
            if said and said not in self.weather:
                self.weather.append(said)
            return
        d = after.travel.days[-1] if after.travel.days else None
        if d is None:
            return
        if isinstance(ev, DAY_CHANGED) and self.stages:  # the last day, as it now ends
            self.stages[-1] = self.stages[-1][:2] + (d,)
        else:
            self.stages.append((session, seq, d))

    def encounters_met(self) -> list[Met]:
        days = [Met(session, seq, _met_words("sea" if d.kind == "sail" else "road", d.day,
                                             d.encounter_ft))
                for session, seq, d in self.stages if d.encounter]
        return sorted(days + self.extra, key=lambda m: m.seq)

    @property
    def distance(self) -> dict[int, float]:
        out = {n: 0.0 for n in self.sessions}
        for session, _seq, d in self.stages:
            out[session] = out.get(session, 0.0) + d.distance
        return out

    @property
    def days(self) -> set[int]:
        """The journey's day numbers (a day may be several stages)."""
        return {d.day for _s, _n, d in self.stages}

    @property
    def lost_days(self) -> int:
        """Days with a stage lost, as the journal marks them."""
        return len({d.day for _s, _n, d in self.stages if d.lost})

    @property
    def food_found(self) -> int:
        return sum(d.food for _s, _n, d in self.stages)

    @property
    def encounters(self) -> int:
        """The days' encounters and those of checks of their own."""
        return sum(d.encounter for _s, _n, d in self.stages) + len(self.extra)

    def lines(self, e) -> list[str]:
        if not self.days:  # no day on the road: its encounters, if any, are all there is
            return [ngettext("**Encounters on the road:** {n}", "**Encounters on the road:** {n}",
                             len(self.extra)).format(n=len(self.extra))] if self.extra else []
        also = [ngettext("{n} of them lost", "{n} of them lost", self.lost_days).format(
                    n=self.lost_days) if self.lost_days else "",
                ngettext("{n} encounter", "{n} encounters", self.encounters).format(
                    n=self.encounters) if self.encounters else ""]
        also = [x for x in also if x]
        out = [_("**Travelled:** {distance} in {days}").format(
            distance=amount(self.travel, sum(self.distance.values())), days=days(len(self.days)))
            + (f" ({', '.join(also)})" if also else "")]
        if self.food_found:  # what was eaten is the supplies' line
            out.append(ngettext("**Food found on the road:** {n} ration",
                                "**Food found on the road:** {n} rations",
                                self.food_found).format(n=self.food_found))
        if self.weather:
            out.append(_("**Weather:** {weather}").format(
                weather=", ".join(map(e, self.weather[-5:]))))
        return out

    def chart(self, session: int) -> str:
        top = max(self.distance.values(), default=0)
        n = self.distance[session]
        # TRANSLATORS: the recap's chart label for distance travelled, 4 letters at most
        label = pgettext("recap chart", "road")
        return f"{label:<4} {num(n):>6} {bar(n, top, 12):<12}" if top else ""


def _met_words(where: str, day: int, feet: int | None) -> str:
    """"on the road, day 3: encounter at 420 ft" (``where``: road or sea; day
    0: before the journey's first day)."""
    if where == "sea":
        place = _("at sea, day {day}").format(day=day) if day else _("at sea")
    else:
        place = _("on the road, day {day}").format(day=day) if day else _("on the road")
    if feet is None:
        return _("{where}: encounter").format(where=place)
    return _("{where}: encounter at {feet} ft").format(where=place, feet=i18n.number(feet))


# --- how a correction's changes read (core/changes.py) -----------------------------------

def _where(j: dict, rules) -> str:
    """The party's position: "Ravnsborg (hex 0412), forest, by the road"."""
    t = rules.travel
    bits = [j["place"] or "", _hex(j["hex"]) if j["hex"] else ""]
    place = " ".join(b if i == 0 else f"({b})" for i, b in enumerate(bits) if b) \
        if bits[0] else bits[1]
    ground = _ground(rules, j["terrain"]) if j["terrain"] else ""
    route = route_name(rules, j["route"]).lower() if j["route"] in t.routes else j["route"]
    return ", ".join(b for b in (place, ground, _("by {road}").format(road=route)
                                 if route else "") if b) or _("nowhere set")


def _lost(j: dict) -> str:
    if not j["lost"]:
        return _("on course")
    return _lost_words(j["heading"], j["believed"])


def _days(n) -> str:
    return _("none") if n is None else days(n)


def _rest_line(j: dict) -> str:
    status = _rest_word(j["rest_status"])
    if j["rest_penalty"]:
        return _("{status}, penalty {penalty}").format(status=status, penalty=j["rest_penalty"])
    return status


# the rest status ids (status.rest_status), as the GM reads them
_REST_STATUS = {"ok": N_("ok"), "due": N_("due"), "owed": N_("owed"), "overdue": N_("overdue")}


def _rest_word(status) -> str:
    word = _REST_STATUS.get(status)
    return _(word) if word else str(status)

# (the JSON keys a line speaks for, how the journey reads on them, its label)
_TRAVEL_LINES = (
    (("day",), lambda j, r: _("day {n}").format(n=j["day"]) if j["day"] else _("not begun"),
     N_("Journey")),
    (("place", "hex", "terrain", "route"), _where, N_("Position")),
    (("distance",), lambda j, r: amount(r.travel, j["distance"]), N_("Distance travelled")),
    (("stage_progress",), lambda j, r: amount(r.travel, j["stage_progress"]),
     N_("Into the next stage")),
    (("lost", "heading", "believed"), lambda j, r: _lost(j), N_("Course")),
    (("food_days",), lambda j, r: _days(j["food_days"]), N_("Rations last")),
    (("water_gallons",), lambda j, r: _("not counted") if j["water_gallons"] is None
     else gallons(j["water_gallons"]), N_("Water")),
    (("water_days",), lambda j, r: _days(j["water_days"]), N_("Water lasts")),
    (("dry_days",), lambda j, r: _days(j["dry_days"]), N_("Days short of water")),
    (("weather",), lambda j, r: j["weather"] or _("none"), N_("Weather")),
    (("pace",), lambda j, r: pace_name(r, j["pace"]) if j["pace"] else _("none"), N_("Pace")),
    (("guide", "navigator"), lambda j, r: (_("a guide") if j["guide"] else _("no guide")) +
     (", " + _("{name} navigates").format(name=j["navigator"]) if j["navigator"] else ""),
     N_("Guidance")),
    (("hours_today",), lambda j, r: hours(j["hours_today"]), N_("Travelled today")),
    (("unrested_days",), lambda j, r: _days(j["unrested_days"]), N_("Days without a rest day")),
    (("rest_status", "rest_penalty", "rest_owed"), lambda j, r: _rest_line(j), N_("Rest days")),
)
_DERIVED = ("unit", "left_today", "next_day", "encounter_chance", "weather_effects")


@reads_changes(*(f"travel.{k}" for keys, _x, _y in _TRAVEL_LINES for k in keys),
               *(f"travel.{k}" for k in _DERIVED), "travel.days", order=60)
def _travel_changes(before: State, after: State) -> list[str]:
    """ "Journey: day 2 → 3", "Course: on course → lost", each day's journal line."""
    a, b = _travel_json(before), _travel_json(after)
    if a is None or b is None:
        if a == b:
            return []
        return [_("Travel rules: none → in use") if a is None else
                _("Travel rules: in use → none")]
    ra, rb = before.rules, after.rules
    out = [f"{_(label)}: {say(a, ra)} → {say(b, rb)}" for keys, say, label in _TRAVEL_LINES
           if any(a[k] != b[k] for k in keys) and say(a, ra) != say(b, rb)]
    return out + _journal_changes(rb, a["days"], b["days"])


# (a journal day's JSON keys, how the day reads on them)
_DAY_LINES = (
    (("distance",), lambda r, d: amount(r.travel, d["distance"])),
    (("lost", "strayed"), lambda r, d: _("lost") if d["lost"] else
     _("strayed") if d["strayed"] else _("on course")),
    (("encounter", "encounter_ft"), lambda r, d: _("quiet") if not d["encounter"] else
     _encounter_words(d["encounter_ft"])),
    (("food",), lambda r, d: _("food found for {n}").format(n=d["food"])),
    (("water",), lambda r, d: _("{water} water found").format(water=gallons(d["water"]))),
    (("exhausted",), lambda r, d: _("exhausted: {who}").format(
        who=", ".join(d["exhausted"]) or _("nobody"))),
    (("weather",), lambda r, d: d["weather"] or _("no weather")),
)


def _journal_changes(rules, old: list[dict], new: list[dict]) -> list[str]:
    """The journal's days, matched in order: new, gone, or what reads otherwise
    ("Day 2: quiet → encounter at 360 ft"); a day of another kind, its whole line."""
    out = []
    for i in range(max(len(old), len(new))):
        x = old[i] if i < len(old) else None
        y = new[i] if i < len(new) else None
        if x is None:
            out.append(_("New in the journal: {line}").format(line=y["line"]))
        elif y is None:
            out.append(_("No longer in the journal: {line}").format(line=x["line"]))
        elif (x["day"], x["kind"], x["terrain"]) != (y["day"], y["kind"], y["terrain"]):
            out.append(_("Journal: {before} → {after}").format(before=x["line"],
                                                               after=y["line"]))
        else:
            out += [_("Day {day}: {before} → {after}").format(
                day=y["day"], before=say(rules, x), after=say(rules, y))
                for keys, say in _DAY_LINES if any(x[k] != y[k] for k in keys)]
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
    rules = table.rules
    t = rules.travel
    facts = [(_("Day"), i18n.number(j["day"]))]
    if j["place"]:
        facts.append((_("At"), j["place"] + (f" ({_hex(j['hex'])})" if j["hex"] else "")))
    if j["terrain"]:
        facts.append((_("Terrain"), terrain_name(rules, j["terrain"])))
    if j["weather"]:
        facts.append((_("Weather"), j["weather"]))
    if j["pace"]:
        facts.append((_("Pace"), pace_name(rules, str(j["pace"]))))
    facts.append((_("Done"), amount(t, j["distance"])))
    if j["stages"]:
        to_go = amount(t, max(0, sum(s["length"] for s in j["stages"]) - j["stage_progress"]))
        last = j["stages"][-1]["place"]
        facts.append((_("To go"), _("{distance} to {place}").format(distance=to_go, place=last)
                      if last else to_go))
    if j["food_days"] is not None:
        facts.append((_("Food"), days(j["food_days"])))
    if j["water_days"] is not None:
        facts.append((_("Water"), f"{gallons(j['water_gallons'])} ({days(j['water_days'])})"))
    if j["vessel"]:
        facts.append((_("Aboard"), vessel_name(rules, j["vessel"])))
    if j["mount"]:
        facts.append((_("Riding"), animal_name(rules, j["mount"])))
    if j["rest_status"] not in ("ok", None):
        facts.append((_("Rest"), _rest_word(j["rest_status"])))
    lines = [_public_day(d) for d in j["days"][-5:]]
    return [Panel(_("Travel"), facts=facts, lines=lines, kind="travel")]


def _public_day(d: dict) -> str:
    """A day of the journal without what the GM keeps: lost, strayed, encounters."""
    return d["line"].split("; ")[0]


_WHAT_TRAVEL_KEEPS = N_("the day's checks: getting lost (or straying) and the encounter "
                      "check, its surprise and distance; the table hears the distance "
                      "walked and the terrain")


@secret(Travelled, _WHAT_TRAVEL_KEEPS, from_line=True,
        when=lambda ev: ev.lost_roll is not None or ev.check is not None)
def _travelled_for_players(ev: Travelled, rules, line: str) -> str:
    return line.split("; ")[0]  # the GM's line: its miles stop at the route's end


@secret(Sailed, _WHAT_TRAVEL_KEEPS, from_line=True,
        when=lambda ev: ev.lost_roll is not None or ev.check is not None)
def _sailed_for_players(ev: Sailed, rules, line: str) -> str:
    return line.split("; ")[0]


@secret(EncounterRolled, N_("an encounter check on the road: the table hears nothing"))
def _encounter_for_players(ev: EncounterRolled, rules) -> None:
    return None


# --- the fields of its entries that name the ruleset's things (corrections) ----------------

for _ev, _field, _path, _optional in (
        (PlaceSet, "terrain", "travel.terrains", False),
        (PlaceSet, "route", "travel.routes", True),
        (PaceSet, "pace", "travel.paces", False),
        (Travelled, "terrain", "travel.terrains", True),
        (Travelled, "route", "travel.routes", True),
        (Travelled, "pace", "travel.paces", True),
        (ForagedDay, "terrain", "travel.terrains", True),
        (WayFound, "terrain", "travel.terrains", True),
        (EncounterRolled, "terrain", "travel.terrains", True),
        (Embarked, "terrain", "travel.terrains", False),
        (Disembarked, "terrain", "travel.terrains", False),
        (Sailed, "terrain", "travel.terrains", True)):
    names_a_term(_ev, _field, _path, optional=_optional)
# a ship or a mount may bear the GM's own name: the ruleset's are read as its ids
for _ev, _field, _path in ((Embarked, "vessel", "travel.sea.vessels"),
                           (Sailed, "vessel", "travel.sea.vessels"),
                           (Mounted, "animal", "travel.mounts.animals"),
                           (Travelled, "mounted", "travel.mounts.animals")):
    names_a_term(_ev, _field, _path, free=True)
