"""The ``[travel]`` section of a ruleset, and the checks msgspec cannot make.

Each ruleset models distance its own way (``distance.model``):

* ``"speed"``: per day = the slowest member's rate ÷ ``divisor`` (B/X miles,
  Dolmenwood travel points), times the terrain's or route's multiplier;
* ``"pace"``: D&D 2024 paces with per-hour and per-day values as data, capped
  by the terrain's maximum pace.

Every sub-table is optional, so a ruleset leaves out what it lacks. What the
sources leave to the GM is written in ``not_in_source`` (a dotted path under
``travel`` -> the text the app shows), never filled with a stand-in.

This module is imported while ``tracker.core.ruleset`` loads: it may import
only that module's primitives, ``..dice`` and msgspec.
"""

from __future__ import annotations

import re
from typing import Annotated

import msgspec
from msgspec import Meta as _M

from ...i18n import _
from .. import dice
from ..errors import Refused
from ..parts import ruleset_section, state_part
from ..schema import BIG, Int as _int, Pair as _pair, lookup, problem_at, rolled_table_problem

Miles = Annotated[float, _M(ge=0, le=100_000)]
Chance = str  # "X-in-Y"; "" where the rule rolls none
Ratio = str  # "2/3", "3/2", "1": a multiplier written as a fraction

_S = dict(frozen=True, forbid_unknown_fields=True)

PACE_MODES = ("", "advantage", "disadvantage")
MOUNT_USE = ("", "ridden", "led", "none")


class Distance(msgspec.Struct, **_S):
    """How far a day (or an hour) takes the party."""

    model: str  # "speed" or "pace"
    unit: str  # what the number counts: "miles", "travel points"
    divisor: _int(0, 1000) = 0  # speed model: per day = rate ÷ divisor
    hours_per_day: _int(1, 24) = 8  # a travel day's hours (pace model; the clock)
    flying: Ratio = ""  # speed model: flying multiplies the day so, terrain ignored
    flying_any_pace: bool = False  # pace model: fliers may go Fast over any terrain
    note: str = ""


class Pace(msgspec.Struct, **_S):
    """A D&D-style pace: table values, never derived from each other."""

    name: str
    per_minute_ft: _int(0, 100_000)
    per_hour: Miles
    per_day: Miles
    survival: str = ""  # "advantage"/"disadvantage" on Survival (and Perception)
    stealth: str = ""  # "disadvantage" on Stealth, or ""
    effect: str = ""


class Terrain(msgspec.Struct, **_S):
    """One terrain and every number the ruleset gives it ("" or 0: none)."""

    name: str
    group: str = ""  # the ruleset's class of terrain, shown only (Dolmenwood)
    multiplier: Ratio = ""  # speed model: the day's distance times this
    cost: _int(0, 1000) = 0  # travel points to enter a hex of it (0: not hex-costed)
    max_pace: str = ""  # pace model: the fastest pace allowed ("": vessel decides)
    max_pace_note: str = ""
    lost: Chance = ""  # rolled before the day's travel
    navigation_dc: _int(0, 100) = 0  # pace model: Survival against this
    encounter: Chance = ""  # per check
    encounter_distance: str = ""  # dice, in feet; "": the section's default
    forage: bool = True  # False: nothing to forage here
    forage_dc: _int(0, 100) = 0
    search_dc: _int(0, 100) = 0
    mounts: str = ""  # "ridden", "led" (walked beside) or "none"; "": no rule
    vehicles: bool = True
    water: bool = False  # travelled by vessel; its speed is the vessel's
    open_water: bool = False  # out at sea: the lost-at-sea chances apply (not on a river)


class Route(msgspec.Struct, **_S):
    """A road, track or river: it replaces the terrain's pace/cost, not its encounters."""

    name: str
    multiplier: Ratio = ""  # speed model: replaces the terrain's ("": terrain's applies)
    cost: _int(0, 1000) = 0  # travel points per hex (0: the terrain's)
    raises_pace: _int(0, 3) = 0  # pace model: steps the terrain's maximum up
    lost: Chance = ""  # "": no risk of getting lost along it


class ForcedMarch(msgspec.Struct, **_S):
    multiplier: Ratio  # on the day's distance or travel points
    rest_days_after: _int(0, 30) = 0
    forage: bool = False  # foraging allowed on a forced-march day
    hunt: bool = False


class Lost(msgspec.Struct, **_S):
    """Getting lost: a chance by terrain, or a check against its DC."""

    when: str = "before the day's travel"
    guide: bool = True  # a reliable guide removes the risk
    check: str = ""  # pace model: the navigator's check ("Wisdom (Survival)")
    delay_percent: str = ""  # dice: a failed check makes the stage this % longer
    effect: str = ""


class Encounters(msgspec.Struct, **_S):
    """Wandering encounters: the terrain gives the chance, these the rest."""

    times: list[str] = msgspec.field(default_factory=lambda: ["day"])  # when a check is rolled
    distance: str = ""  # dice in feet, where the terrain gives none
    distance_surprised: str = ""  # dice in feet when close_when holds
    close_when: str = ""  # "either" or "both" sides surprised ("": no rule)
    surprise: Chance = ""  # per side; "": no surprise roll
    note: str = ""


class TravelRest(msgspec.Struct, **_S):
    """A rest day owed every so many days of travel, else a penalty."""

    every_days: _int(1, 365)
    penalty: str  # what it costs, in our words
    penalty_step: _int(-100, -1) = -1
    cumulative: bool = True  # a further step per further ``every_days``
    mounts: bool = False  # mounts owe the rest day too
    # True: the day that completes the first ``every_days`` makes the rest day owed, and
    # the first step of the penalty comes only with the next day spent without it; each
    # later step comes with the day that completes it (Dyb & Drager's seed: 12 days, -2).
    # False (rulesets recorded before this key): that day itself carries the step.
    owed_first: bool = False


class Extended(msgspec.Struct, **_S):
    """Travelling past the day's hours: a save each extra hour."""

    after_hours: _int(1, 24)
    save: str
    base_dc: _int(0, 100)
    dc_per_hour: _int(0, 100)
    on_failure: str
    altitude_hour_counts: _int(1, 10) = 1  # at high altitude an hour counts as this many


class Forage(msgspec.Struct, **_S):
    """Finding food on the way: a chance (B/X) or a check against the terrain's DC."""

    chance: Chance = ""
    check: str = ""  # pace model: "Wisdom (Survival)" against the terrain's forage_dc
    multiplier: Ratio = ""  # the day's distance while foraging ("": no cost)
    food: str = ""  # dice (plus the forager's modifier where ``add`` says so)
    water: str = ""  # dice, rolled apart from the food
    add: str = ""  # ability whose modifier is added to food and water
    unit: str = ""  # what ``food`` counts, or what a success gives
    whole_day_succeeds: bool = False  # a full day near camp always finds food
    note: str = ""


class Hunt(msgspec.Struct, **_S):
    chance: Chance = ""  # "": the GM decides
    whole_day: bool = True  # no travel that day
    not_on_rest_days: bool = True
    note: str = ""


class Need(msgspec.Struct, **_S):
    food_lb: Ratio
    water_gallons: Ratio


class Water(msgspec.Struct, **_S):
    """Water counted apart from rations: by creature size, per day."""

    per_day: dict[str, Need]
    short: str = ""  # what drinking too little does
    # True: the exhaustion too little water brings stays through every rest until a
    # day begun with a full day's water (5e2024 §3.3); False (and rulesets recorded
    # before this key): a rest removes it as any other level
    exhaustion_lasts: bool = False


class WeatherEffect(msgspec.Struct, **_S):
    """What a kind of weather does to a day's travel."""

    name: str
    points: _int(-1000, 1000) = 0  # added to the day's travel points/distance
    lost: _int(-100, 100) = 0  # added to X of the lost chance X-in-Y
    encounter_distance: Ratio = ""  # encounter distance times this
    note: str = ""


class WeatherEntry(msgspec.Struct, **_S):
    """A row of a weather table; ``then``: dice rolled when the row comes up
    (how many degrees colder), its total put for "{}" in ``rolled``."""

    roll: _pair(-BIG, BIG)
    result: str
    then: str = ""
    rolled: str = ""


class WeatherTable(msgspec.Struct, **_S):
    die: str
    entries: list[WeatherEntry]

    def lookup(self, total: int) -> WeatherEntry | None:
        return lookup(self.entries, total)


class Weather(msgspec.Struct, **_S):
    """Weather rolled per day or stage on one or more tables, and what it does."""

    per: str = "day"  # "day" or "stage"
    tables: dict[str, WeatherTable] = {}  # e.g. temperature, wind, precipitation
    effects: dict[str, WeatherEffect] = {}


class WindEntry(msgspec.Struct, **_S):
    """A row of a wind table: the totals it covers and what it does to sailing."""

    roll: _pair(-BIG, BIG)
    result: str
    multiplier: Ratio = ""  # on the ship's rate ("0": no sailing)
    becalmed: bool = False
    gale: bool = False
    fill: bool = False  # not the source's row: the note at not_in_source "sea.weather" says what


class WindTable(msgspec.Struct, **_S):
    die: str
    entries: list[WindEntry]


class Gale(msgspec.Struct, **_S):
    """A gale at sea (percentages: d100 ≤ the number happens)."""

    ride_out_sink: _int(0, 100) = 0  # a sailing ship that stays put sinks
    run_multiplier: Ratio = ""  # running before the wind, random heading
    run_wreck_on_coast: _int(0, 100) = 0
    unsailed_survive: _int(0, 100) = 0  # galleys, boats, rafts
    beach_chance: Chance = ""  # coast in sight but not clear terrain
    pilot_bonus_per_point: _int(0, 100) = 0


class Vessel(msgspec.Struct, **_S):
    name: str
    mph: Miles = 0  # pace model: miles per hour
    rate: _int(0, 10_000) = 0  # speed model: feet, per day = rate ÷ divisor
    crew: _int(0, 100_000) = 0
    passengers: _int(0, 100_000) = 0
    air: bool = False


class Sea(msgspec.Struct, **_S):
    """Ships and rivers: rates, wind, current, weather at sea, being lost at sea."""

    hours_per_day: _int(0, 24) = 0  # pace model: how long vessels may sail
    current: str = ""  # dice, miles per day with or against the current
    current_mph: Miles = 0
    headwind: Ratio = ""  # sailing into a strong wind
    calm: str = ""  # what a dead calm does
    weather: WindTable | None = None  # rolled each morning afloat
    weather_open_water_only: bool = False  # True: only out at sea, never on a river
    gale: Gale | None = None
    lost_navigator: Chance = ""
    lost_open_sea: Chance = ""  # without a navigator, out of sight of land
    lost_coast: Chance = ""  # without a navigator, land in sight
    sight_land_miles: _int(0, 1000) = 0
    vessels: dict[str, Vessel] = {}
    note: str = ""


class Animal(msgspec.Struct, **_S):
    name: str
    speed: _int(0, 10_000)
    carry_lb: _int(0, 1_000_000) = 0


class Mounts(msgspec.Struct, **_S):
    all_ride_use_mount_rate: bool = False  # speed model: everyone mounted -> the mounts' rate
    doubled_hours: _int(0, 24) = 0  # pace model: riders go double for this many hours
    recover: str = ""  # what the mounts need before doubling again
    animals: dict[str, Animal] = {}


class Travel(msgspec.Struct, **_S):
    distance: Distance
    terrains: dict[str, Terrain]
    paces: dict[str, Pace] = {}
    pace_order: list[str] = []  # slowest first
    slow_member_percent: _int(0, 100) = 0  # a member at or below this % of normal speed: Slow
    routes: dict[str, Route] = {}
    forced_march: ForcedMarch | None = None
    lost: Lost | None = None
    encounters: Encounters | None = None
    rest: TravelRest | None = None
    extended: Extended | None = None
    forage: Forage | None = None
    hunt: Hunt | None = None
    water: Water | None = None
    weather: Weather | None = None
    sea: Sea | None = None
    mounts: Mounts | None = None
    # True: the night's camp is the party's long rest (its hours, its gap); False (and
    # rulesets recorded before this key): the camp only passes the night
    camp_long_rest: bool = False
    not_in_source: dict[str, str] = {}  # dotted path under travel -> what the GM is told


# --- checks ---------------------------------------------------------------------

_RATIO = re.compile(r"^\s*(\d{1,6})\s*(?:/\s*(\d{1,6}))?\s*$")


def ratio(text: str) -> tuple[int, int]:
    """``"2/3"`` -> (2, 3); ``"1"`` -> (1, 1). Fractions keep the tables' thirds exact."""
    m = _RATIO.match(text)
    if not m or (m.group(2) is not None and int(m.group(2)) == 0):
        raise ValueError(_("bad multiplier {text}: expected a whole number or a fraction like "
                           "2/3").format(text=repr(text)))
    return int(m.group(1)), int(m.group(2) or 1)


def check_travel(rules) -> list[tuple[str, str]]:
    """Problems in ``rules.travel`` as (key path, problem) pairs; [] when none or absent."""
    t = getattr(rules, "travel", None)
    if t is None:
        return []
    out: list[tuple[str, str]] = []
    P = "travel"

    def chance(path: str, text: str) -> None:
        if text:
            try:
                dice.parse_chance(text)
            except Refused as e:
                out.append((path, str(e).splitlines()[0]))

    def roll(path: str, text: str) -> None:
        if text:
            try:
                dice.parse(text)
            except Refused as e:
                out.append((path, str(e).splitlines()[0]))

    def mult(path: str, text: str, divisor: bool = False) -> None:
        if text:
            try:
                top, _bottom = ratio(text)
            except ValueError as e:
                out.append((path, str(e)))
                return
            if divisor and top == 0:  # the code divides by it (checked since schema 2)
                out.append(problem_at(path, _("{value}: expected more than 0 (it divides)").format(
                    value=repr(text)), 2))

    def one_of(path: str, value: str, allowed) -> None:
        if value not in allowed:
            out.append((path, _("{value}: expected one of {known}").format(
                value=repr(value), known=", ".join(repr(a) for a in allowed))))

    d = t.distance
    one_of(f"{P}.distance.model", d.model, ("speed", "pace"))
    mult(f"{P}.distance.flying", d.flying)
    speed, pace = d.model == "speed", d.model == "pace"
    if speed and d.divisor == 0:
        out.append((f"{P}.distance.divisor", _("the speed model needs a divisor above 0")))
    if pace:
        if not t.paces:
            out.append((f"{P}.paces", _("the pace model needs at least one pace")))
        if sorted(t.pace_order) != sorted(t.paces):
            out.append((f"{P}.pace_order", _("expected each pace in [travel.paces] exactly once")))
    for pid, p in t.paces.items():
        one_of(f"{P}.paces.{pid}.survival", p.survival, PACE_MODES)
        one_of(f"{P}.paces.{pid}.stealth", p.stealth, PACE_MODES)
    if not t.terrains:
        out.append((f"{P}.terrains", _("expected at least one terrain")))
    gm = t.not_in_source
    for tid, x in t.terrains.items():
        w = f"{P}.terrains.{tid}"
        mult(f"{w}.multiplier", x.multiplier)
        chance(f"{w}.lost", x.lost)
        chance(f"{w}.encounter", x.encounter)
        roll(f"{w}.encounter_distance", x.encounter_distance)
        one_of(f"{w}.mounts", x.mounts, MOUNT_USE)
        if x.max_pace and x.max_pace not in t.paces:
            out.append((f"{w}.max_pace", _("{pace} is not in [travel.paces]").format(
                pace=repr(x.max_pace))))
        if x.water:
            continue
        if speed and not x.multiplier and not x.cost and f"terrains.{tid}.multiplier" not in gm:
            out.append((f"{w}.multiplier",
                        _("expected a multiplier or a cost (or a not_in_source note)")))
        if pace and not x.max_pace:
            out.append((f"{w}.max_pace", _("expected a pace from [travel.paces]")))
    for rid, r in t.routes.items():
        mult(f"{P}.routes.{rid}.multiplier", r.multiplier)
        chance(f"{P}.routes.{rid}.lost", r.lost)
    if (f := t.forced_march) is not None:
        mult(f"{P}.forced_march.multiplier", f.multiplier)
    if (lo := t.lost) is not None:
        roll(f"{P}.lost.delay_percent", lo.delay_percent)
    if (e := t.encounters) is not None:
        roll(f"{P}.encounters.distance", e.distance)
        roll(f"{P}.encounters.distance_surprised", e.distance_surprised)
        chance(f"{P}.encounters.surprise", e.surprise)
        one_of(f"{P}.encounters.close_when", e.close_when, ("", "either", "both"))
        if not e.times:
            out.append((f"{P}.encounters.times", _("expected at least one time of day")))
    if (fo := t.forage) is not None:
        chance(f"{P}.forage.chance", fo.chance)
        mult(f"{P}.forage.multiplier", fo.multiplier)
        roll(f"{P}.forage.food", fo.food)
        roll(f"{P}.forage.water", fo.water)
    if (h := t.hunt) is not None:
        chance(f"{P}.hunt.chance", h.chance)
    if (wa := t.water) is not None:
        for size, need in wa.per_day.items():
            mult(f"{P}.water.per_day.{size}.food_lb", need.food_lb, divisor=True)
            mult(f"{P}.water.per_day.{size}.water_gallons", need.water_gallons)
    if (we := t.weather) is not None:
        one_of(f"{P}.weather.per", we.per, ("day", "stage"))
        for name, table in we.tables.items():
            wrong = rolled_table_problem(table.die, table.entries)
            if wrong:
                out.append(problem_at(f"{P}.weather.tables.{name}", wrong))
            for i, row in enumerate(table.entries):
                if row.then:
                    roll(f"{P}.weather.tables.{name}.entries[{i}].then", row.then)
                if bool(row.then) != ("{}" in row.rolled):
                    out.append((f"{P}.weather.tables.{name}.entries[{i}]",
                                _("then (dice) and rolled (text with {} for their total) "
                                  "go together")))
        for name, eff in we.effects.items():
            mult(f"{P}.weather.effects.{name}.encounter_distance", eff.encounter_distance)
    if (s := t.sea) is not None:
        roll(f"{P}.sea.current", s.current)
        mult(f"{P}.sea.headwind", s.headwind)
        for key in ("lost_navigator", "lost_open_sea", "lost_coast"):
            chance(f"{P}.sea.{key}", getattr(s, key))
        if s.weather is not None:
            wrong = rolled_table_problem(s.weather.die, s.weather.entries)
            if wrong:
                out.append(problem_at(f"{P}.sea.weather", wrong))
            for i, row in enumerate(s.weather.entries):
                mult(f"{P}.sea.weather.entries[{i}].multiplier", row.multiplier)
        if s.gale is not None:
            mult(f"{P}.sea.gale.run_multiplier", s.gale.run_multiplier)
            chance(f"{P}.sea.gale.beach_chance", s.gale.beach_chance)
    for path in gm:
        head, *rest = path.split(".")
        if head not in Travel.__struct_fields__:
            out.append((f"{P}.not_in_source", _("{path}: {key} is not a key of [travel]").format(
                path=repr(path), key=repr(head))))
        elif head in ("terrains", "routes", "paces") and rest and rest[0] not in getattr(t, head):
            out.append((f"{P}.not_in_source", _("{path}: no {kind} {id}").format(
                path=repr(path), kind=head[:-1], id=repr(rest[0]))))
    return out


# --- the journey: travel's part of the campaign state ------------------------------

DAYS_KEPT = 60  # day summaries kept in the state; the log keeps every day


class Stage(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """A leg of the planned route: where it ends, what it crosses, how long it is
    (miles, or hexes where the ruleset costs hexes in travel points)."""

    place: str
    terrain: str
    length: int
    route: str = ""  # a road, track or river from [travel.routes], or ""
    hex: str = ""


class DaySummary(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """One day (or stage) of the journey, as the journal shows it."""

    day: int
    kind: str  # "travel", "stage", "rest", "hunt", "forage"
    terrain: str = ""
    distance: float = 0  # in the ruleset's unit
    hours: float = 0
    lost: bool = False
    heading: str = ""
    believed: str = ""
    strayed: bool = False  # D&D: a failed navigation check made the stage longer (``longer``)
    encounter: bool = False
    encounter_ft: int | None = None
    food: int = 0  # rations found
    water: int = 0  # gallons found
    exhausted: tuple[str, ...] = ()
    weather: str = ""
    # where the planned route stopped the day: "end" (arrived), "water" (it goes
    # on by water: embark), "land" (it goes on by land: disembark), or ""
    halt: str = ""
    at: str = ""  # the place it stopped at (the stage's end), where it halted
    # the terrains of the planned route's stages it went through, in order,
    # where it entered a later stage ((): it stayed in ``terrain``)
    crossed: tuple[str, ...] = ()
    # D&D: the % a failed navigation check made the day's way longer: of its
    # ``distance``, 100/(100 + this) was headway along the route (0: on course,
    # or a day of before, which straying made longer in ``hours`` instead)
    longer: int = 0


class Journey(msgspec.Struct, frozen=True, gc=False):
    """Where the party is on the road and what the road has cost it so far."""

    place: str = ""
    hex: str = ""
    terrain: str = ""  # an id from [travel.terrains]; "" until the GM sets one
    route: str = ""  # an id from [travel.routes]; "": across country
    stages: tuple[Stage, ...] = ()  # the route ahead; the first is the one under way
    progress: float = 0  # done of the first stage (its unit: miles or travel points)
    arrived: bool = False  # the planned route's end is reached: no travel until the next
    pace: str = ""  # pace model: the chosen pace ("": the ruleset's middle one)
    guide: bool = False
    navigator: str = ""  # pace model: who makes the navigation check
    lost: bool = False
    heading: str = ""  # where the party really goes, while lost
    believed: str = ""  # where it thinks it goes
    day: int = 0  # days of the journey begun (travel, rest, hunting...)
    hours_today: float = 0  # pace model: hours travelled since the last camp
    unrested: int = 0  # days of travel since the rest debt was last paid back
    rest_owed: int = 0  # rest days a forced march still owes
    # days off outside the journey (downtime) paid back some of ``unrested`` since
    # its latest travel day: that day no longer just made a rest day owed
    paid_back: bool = False
    weather: str = ""
    weather_codes: tuple[str, ...] = ()  # effects in [travel.weather.effects] (I, V, W)
    water: float | None = None  # gallons carried, where the GM counts water
    dry_days: int = 0  # days ended with under half a day's water
    vessel: str = ""  # aboard: a vessel of [travel.sea.vessels], or the GM's ship's name
    ship_rate: int = 0  # speed model: the ship's rate in feet (the GM's where the data has none)
    oars: bool = False  # rowed, not sailed: a calm does not stop it; a gale is "unsailed"
    coast: bool = False  # land in sight
    gale: bool = False  # a gale blows: the GM chooses what the ship does before sailing on
    mount: str = ""  # riding: an animal of [travel.mounts.animals] or the GM's name
    mount_rate: int = 0  # speed model: the mounts' rate in feet
    flying: bool = False
    gallop_used: bool = False  # pace model: the mounts' doubled hour is spent until camp
    distance: float = 0  # travelled on this journey, in the ruleset's unit
    encounters: int = 0  # met on the road (day checks and extra ones)
    days: tuple[DaySummary, ...] = ()
    # the clock when the last night in camp began (the end of the stage or day
    # that made camp): a correction before the night reads from it whether the
    # night is still long enough for a long rest (None: not known, a state an
    # older tracker kept)
    night_from: int | None = None


state_part("travel", Journey, Journey())
ruleset_section("travel", Travel | None, default=None, check=check_travel,
                terms=("travel.terrains.*", "travel.routes.*", "travel.paces.*",
                       "travel.sea.vessels.*", "travel.mounts.animals.*",
                       "travel.weather.effects.*", "travel.weather.tables.*",
                       "travel.weather.tables.*.entries.*.result",
                       "travel.weather.tables.*.entries.*.rolled", "travel.rest.penalty", "travel.water.short",
                       "travel.extended.save", "travel.lost.check", "travel.forage.check",
                       "travel.mounts.recover", "travel.sea.weather.entries.*.result",
                       "travel.sea.note", "travel.not_in_source.*"))
