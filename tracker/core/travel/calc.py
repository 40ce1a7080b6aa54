"""Pure travel calculations over a ruleset's ``[travel]`` section.

No state, no events, no dice rolled here: dice totals come in as arguments
(they are rolled and recorded elsewhere), so the same inputs always give the
same answer and replay never re-rolls. A rule the ruleset lacks gives
``None`` (or raises ``TravelRefused`` when asked for something it forbids);
``gm_note`` says what the app shows instead.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor

import msgspec

from .. import dice
from ..errors import Refused
from ...i18n import _, ngettext
from ...i18n import dice as lettered
from ..schema import lookup
from ..terms import term
from .model import Terrain, Travel, WeatherEffect, WindEntry, ratio


class TravelRefused(Refused):
    """A travel step the ruleset does not allow (forage on a forced march...)."""


def gm_note(t: Travel, path: str, rules=None) -> str:
    """The "not in the source" text for ``path`` or the nearest table above it, or '';
    given the whole ruleset ``rules``, in the GM's language (its [names.xx])."""
    parts = path.split(".")
    for n in range(len(parts), 0, -1):
        key = ".".join(parts[:n])
        if (text := t.not_in_source.get(key)):
            return term(rules, f"travel.not_in_source.{key}", text) if rules else text
    return ""


def _terrain_name(t: Travel, tid: str, rules=None) -> str:
    """A terrain's name for a refusal: the GM's language given ``rules``."""
    name = _terrain(t, tid).name
    return term(rules, f"travel.terrains.{tid}", name) if rules else name


def _frac(text: str) -> Fraction:
    return Fraction(*ratio(text)) if text else Fraction(1)


def _terrain(t: Travel, tid: str) -> Terrain:
    try:
        return t.terrains[tid]
    except KeyError:
        raise TravelRefused(_("no terrain {terrain!r} in this ruleset (known: {known})").format(
            terrain=tid, known=", ".join(t.terrains))) from None


def _route(t: Travel, rid: str):
    if not rid:
        return None
    if rid not in t.routes:
        raise TravelRefused(_("no road, track or river {road!r} in this ruleset").format(road=rid))
    return t.routes[rid]


# --- distance: the speed model (B/X miles, Dolmenwood travel points) --------------


def day_distance(t: Travel, rates: list[int], terrains: list[str] = (), route: str = "", *,
                 forced: bool = False, foraging: bool = False, flying: bool = False,
                 mount_rates: list[int] = (), weather: list[str] = ()) -> int:
    """Miles (or travel points) for a day: the slowest rate ÷ divisor, times the
    worst terrain's multiplier (a route's replaces it; flying ignores both),
    forced march and foraging; weather adds its points. Rounded down once, at
    the end, so ⅔ of 24 is 16 and not 15."""
    if t.distance.model != "speed":
        raise TravelRefused(_("this ruleset travels by pace: use pace_distance"))
    if mount_rates:
        if not (t.mounts and t.mounts.all_ride_use_mount_rate):
            raise TravelRefused(_("this ruleset gives no rule for mounted travel"))
        rates = mount_rates  # everyone rides: the slowest mount sets the pace
    if not rates:
        raise TravelRefused(_("no one to travel"))
    x = Fraction(min(rates), t.distance.divisor)
    r = _route(t, route)
    if flying:
        if not t.distance.flying:
            raise TravelRefused(_("this ruleset gives no rule for flying"))
        x *= _frac(t.distance.flying)
    elif r is not None and r.multiplier:
        x *= _frac(r.multiplier)
    elif terrains:
        x *= min(_frac(_terrain(t, tid).multiplier) for tid in terrains)  # the worst applies
    if forced:
        if t.forced_march is None:
            raise TravelRefused(_("this ruleset has no forced march"))
        x *= _frac(t.forced_march.multiplier)
    if foraging:
        for tid in terrains or [""]:
            forage_allowed(t, tid, forced=forced, raise_=True)
        x *= _frac(t.forage.multiplier)
    return max(0, floor(x) + sum(e.points for e in weather_effects(t, weather)))


def hex_cost(t: Travel, terrain: str, route: str = "") -> int:
    """Travel points to enter a hex: the road's or track's cost, else the terrain's."""
    r = _route(t, route)
    cost = (r.cost if r is not None and r.cost else 0) or _terrain(t, terrain).cost
    if not cost:
        raise TravelRefused(_("{terrain!r} has no travel-point cost in this ruleset").format(
            terrain=terrain))
    return cost


def hexes_for(t: Travel, points: int, terrain: str, route: str = "") -> tuple[int, int]:
    """How many such hexes the points pay for, and the points left over."""
    return divmod(max(0, points), hex_cost(t, terrain, route))


# --- distance: the pace model (D&D 2024) -------------------------------------------


def is_slowed(t: Travel, speed: int, normal_speed: int) -> bool:
    """A member at or below ``slow_member_percent`` of its normal Speed holds the group to Slow."""
    return bool(t.slow_member_percent) and speed * 100 <= normal_speed * t.slow_member_percent


def pace_cap(t: Travel, terrain: str, route: str = "", *, flying: bool = False,
             rules=None) -> str:
    """The fastest pace the terrain allows, a good road raising it by its steps
    (``rules``: the whole ruleset, for a refusal in the GM's language)."""
    order = t.pace_order
    if flying and t.distance.flying_any_pace:
        return order[-1]
    x = _terrain(t, terrain)
    if x.water or not x.max_pace:
        raise TravelRefused(_("{terrain}: the vessel's speed applies, not a pace").format(
            terrain=_terrain_name(t, terrain, rules)))
    r = _route(t, route)
    i = order.index(x.max_pace) + (r.raises_pace if r is not None else 0)
    return order[min(i, len(order) - 1)]


def stage_pace(t: Travel, chosen: str, terrain: str, route: str = "", *,
               slowed: bool = False, flying: bool = False, rules=None) -> str:
    """The pace actually used: the chosen one, no faster than the cap; Slow if slowed."""
    order = t.pace_order
    if chosen not in order:
        raise TravelRefused(_("no pace {pace!r} (known: {known})").format(
            pace=chosen, known=", ".join(order)))
    if slowed:
        return order[0]
    cap = pace_cap(t, terrain, route, flying=flying, rules=rules)
    return order[min(order.index(chosen), order.index(cap))]


def pace_distance(t: Travel, pace: str, hours: float, *, mounted_hours: float = 0) -> float:
    """Miles for ``hours`` at ``pace``: whole travel days at the table's per-day
    value (not per-hour × 8: the table says 30 fast, not 32), other hours at
    per-hour; riders double up to the mounts' allowed hours."""
    p = t.paces[pace]
    day = t.distance.hours_per_day
    days, rest = divmod(hours, day)
    miles = days * p.per_day + rest * p.per_hour
    if mounted_hours:
        if not (t.mounts and t.mounts.doubled_hours):
            raise TravelRefused(_("this ruleset gives mounts no doubled hour"))
        miles += min(mounted_hours, t.mounts.doubled_hours, hours) * p.per_hour
    return miles


def vessel_distance(t: Travel, vessel: str, hours: float, *, downstream: bool = False,
                    headwind: bool = False) -> float:
    """Miles a vessel makes in ``hours`` (mph model): half into a strong wind,
    plus the current downstream."""
    s = t.sea
    if s is None or vessel not in s.vessels:
        raise TravelRefused(_("no vessel {vessel!r} in this ruleset").format(vessel=vessel))
    if s.hours_per_day and hours > s.hours_per_day:
        raise TravelRefused(ngettext("vessels sail at most {n} hour a day",
                                     "vessels sail at most {n} hours a day",
                                     s.hours_per_day).format(n=s.hours_per_day))
    mph = s.vessels[vessel].mph * (float(_frac(s.headwind)) if headwind else 1)
    if downstream:
        mph += s.current_mph
    return mph * hours


def survival_mode(t: Travel, pace: str) -> str:
    """Advantage or disadvantage the pace gives Wisdom (Survival), or ''."""
    return t.paces[pace].survival


# --- getting lost --------------------------------------------------------------------


def lost_chance(t: Travel, terrain: str, route: str = "", *, guide: bool = False,
                weather: list[str] = ()) -> dice.Chance | None:
    """The X-in-Y rolled before the day's travel, or None when nothing is rolled
    (a road, a guide, a terrain without a chance). Weather adds to X."""
    if t.lost is None:
        return None
    if guide and t.lost.guide:
        return None
    r = _route(t, route)
    text = r.lost if r is not None else _terrain(t, terrain).lost
    if not text:
        return None
    c = dice.parse_chance(text)
    extra = sum(e.lost for e in weather_effects(t, weather))
    return dice.Chance(max(0, min(c.y, c.x + extra)), c.y)


def navigation_dc(t: Travel, terrain: str, route: str = "") -> int:
    """The navigator's DC (pace model), or 0 when no check is made (an established road)."""
    if _route(t, route) is not None:
        return 0
    return _terrain(t, terrain).navigation_dc


def lost_stage_hours(hours: float, delay_percent_total: int) -> float:
    """A stage made longer by the rolled percentage (D&D: 1d6 × 10 %)."""
    return hours * (100 + delay_percent_total) / 100


def sea_lost_chance(t: Travel, *, navigator: bool, land_in_sight: bool) -> dice.Chance | None:
    s = t.sea
    if s is None:
        return None
    text = s.lost_navigator if navigator else (s.lost_coast if land_in_sight else s.lost_open_sea)
    return dice.parse_chance(text) if text else None


# --- wandering encounters ------------------------------------------------------------


def encounter_chance(t: Travel, terrain: str, time_of_day: str = "day") -> dice.Chance | None:
    """The terrain's chance for a check at this time of day, or None (no check then)."""
    e = t.encounters
    if e is None or time_of_day not in e.times:
        return None
    text = _terrain(t, terrain).encounter
    return dice.parse_chance(text) if text else None


def encounter_distance_dice(t: Travel, terrain: str, *, party_surprised: bool = False,
                            foe_surprised: bool = False) -> str:
    """Dice (in feet) for how far off an encounter starts: the closer dice when
    the ruleset's surprise condition holds, else the terrain's or the default."""
    e = t.encounters
    if e is not None and e.distance_surprised and e.close_when:
        close = (party_surprised or foe_surprised) if e.close_when == "either" \
            else (party_surprised and foe_surprised)
        if close:
            return e.distance_surprised
    return _terrain(t, terrain).encounter_distance or (e.distance if e is not None else "")


def encounter_distance(t: Travel, total: int, weather: list[str] = ()) -> int:
    """The rolled distance in feet after weather (Dolmenwood: poor visibility halves it)."""
    x = Fraction(total)
    for eff in weather_effects(t, weather):
        x *= _frac(eff.encounter_distance)
    return floor(x)


# --- foraging and hunting ------------------------------------------------------------


class Found(msgspec.Struct, frozen=True):
    found: bool
    food: int = 0  # in the ruleset's forage unit (0 where success is all it says)
    water: int = 0


def forage_allowed(t: Travel, terrain: str, *, forced: bool = False, raise_: bool = False,
                   rules=None) -> str:
    """Why the party cannot forage here today, or '' when it can (``rules``:
    the whole ruleset, for the why in the GM's language)."""
    why = ""
    if t.forage is None:
        why = gm_note(t, "forage", rules) or _("this ruleset has no foraging rule")
    elif forced and t.forced_march is not None and not t.forced_march.forage:
        why = _("no foraging on a forced march")
    elif terrain and not _terrain(t, terrain).forage:
        why = _("nothing to forage in {terrain}").format(
            terrain=_terrain_name(t, terrain, rules))
    if why and raise_:
        raise TravelRefused(why)
    return why


def forage(t: Travel, terrain: str, *, roll: int | None = None, check: int | None = None,
           food: int = 0, water: int = 0, modifier: int = 0, whole_day: bool = False,
           forced: bool = False) -> Found:
    """What foraging found, from dice already rolled: an X-in-Y ``roll`` (B/X;
    a whole day near camp always succeeds where the ruleset says so) or a
    ``check`` total against the terrain's DC with ``food``/``water`` totals
    plus the forager's modifier (D&D; never below 0)."""
    forage_allowed(t, terrain, forced=forced, raise_=True)
    f = t.forage
    if f.check:
        if check is None:
            raise TravelRefused(_("foraging needs a {check} check").format(check=f.check))
        if check < _terrain(t, terrain).forage_dc:
            return Found(False)
        return Found(True, max(0, food + modifier), max(0, water + modifier) if f.water else 0)
    if whole_day and f.whole_day_succeeds:
        return Found(True)
    if roll is None:
        raise TravelRefused(_("foraging needs a roll for {chance}").format(
            chance=dice.chance_text(f.chance)))
    return Found(dice.parse_chance(f.chance).hits(roll))


def gm_finds(t: Travel, activity: str) -> bool:
    """No rule for a day of ``activity`` ("forage", "hunt"), and the ruleset says
    the GM decides what it finds (its ``not_in_source`` note): the GM's word."""
    return getattr(t, activity) is None and bool(gm_note(t, activity))


def hunt_allowed(t: Travel, *, forced: bool = False, rest_day: bool = False,
                 rules=None) -> str:
    """Why the party cannot hunt today, or '' (``rules``: as forage_allowed's)."""
    if t.hunt is None:
        return gm_note(t, "hunt", rules) or _("this ruleset has no hunting rule")
    if forced and t.forced_march is not None and not t.forced_march.hunt:
        return _("no hunting on a forced march")
    if rest_day and t.hunt.not_on_rest_days:
        return _("no hunting on a rest day")
    return ""


# --- rest days and extended travel --------------------------------------------------


def rest_debt(t: Travel, unrested_days: int, *, rested: bool, whole_step: bool = False) -> int:
    """Days travelled without rest after one more day: a travel day adds one,
    a rest day pays back one step (``every_days`` of them); ``whole_step``: and
    the days travelled past that step, which its penalty already paid for
    (osr.md §8.4: 7 days, -1, a rest day: 0 days, no penalty; gm-review3 R10)."""
    if t.rest is None:
        return 0
    if rested and whole_step:
        return max(0, (unrested_days // t.rest.every_days - 1) * t.rest.every_days)
    if rested:
        return max(0, unrested_days - t.rest.every_days)
    return unrested_days + 1


def rest_penalty(t: Travel, unrested_days: int, *, just_travelled: bool = False) -> int:
    """The penalty those days carry: one step per ``every_days`` (only one if not cumulative).
    Where the rest day is owed first (``rest.owed_first``), the first step is owed when the
    latest travel day (``just_travelled``) has just completed it, not yet a penalty: it comes
    with the next day spent without resting. Only the first: the later steps come with the
    day that completes them (osr.md §8.4, seed 000:711: 12 days without rest, -2; gm-review4
    R7, where every step came a day late)."""
    if t.rest is None:
        return 0
    steps = unrested_days // t.rest.every_days
    if t.rest.owed_first and just_travelled and unrested_days == t.rest.every_days:
        steps = 0
    return t.rest.penalty_step * (steps if t.rest.cumulative else min(steps, 1))


def rest_due_in(t: Travel, unrested_days: int) -> int:
    """Days of travel left before a rest day is due (0: due now), where a rule gives one."""
    if t.rest is None:
        return 0
    due_at = t.rest.every_days if t.rest.owed_first else t.rest.every_days - 1
    return max(0, due_at - unrested_days)


def extended_dc(t: Travel, hour: int, *, high_altitude: bool = False) -> int:
    """DC of the save at the end of the ``hour``-th hour of the day's travel, or 0
    when none is due (DC base + per hour past the limit; altitude counts hours double)."""
    x = t.extended
    if x is None:
        return 0
    counted = hour * (x.altitude_hour_counts if high_altitude else 1)
    past = counted - x.after_hours
    return x.base_dc + x.dc_per_hour * past if past > 0 else 0


# --- weather -------------------------------------------------------------------------


def weather_effects(t: Travel, codes: list[str]) -> list[WeatherEffect]:
    """The effects of the weather the GM entered (Dolmenwood I, V, W)."""
    if not codes:
        return []
    known = t.weather.effects if t.weather is not None else {}
    bad = [c for c in codes if c not in known]
    if bad:
        raise TravelRefused(_("no weather effect {code!r} (known: {known})").format(
            code=bad[0], known=", ".join(known) or _("none")))
    return [known[c] for c in codes]


def stage_weather(t: Travel, totals: dict[str, int], rules=None) -> dict[str, str]:
    """Each weather table's result for its rolled total (D&D: three d20s a stage)."""
    if t.weather is None or not t.weather.tables:
        raise TravelRefused(gm_note(t, "weather.tables", rules)
                            or _("this ruleset rolls no weather"))
    out = {}
    for name, table in t.weather.tables.items():
        if name not in totals:
            raise TravelRefused(_("weather needs a roll for {table} ({die})").format(
                table=name, die=table.die))
        row = table.lookup(totals[name])
        if row is None:
            raise TravelRefused(_("{total} is not a result of {die}").format(
                total=totals[name], die=table.die))
        out[name] = row.result
    return out


def sea_weather(t: Travel, total: int, rules=None) -> WindEntry:
    """The morning's weather at sea for its rolled total."""
    w = t.sea.weather if t.sea is not None else None
    if w is None:
        raise TravelRefused(gm_note(t, "sea.weather", rules)
                            or _("this ruleset rolls no weather at sea"))
    row = lookup(w.entries, total)
    if row is None:
        raise TravelRefused(_("{total} is not a result of {die}").format(
            total=total, die=lettered(w.die)))
    return row


def sail_distance(t: Travel, rate: int, row: WindEntry, *, oars: bool = False,
                  current_total: int = 0, with_current: bool | None = None) -> int:
    """Miles a ship makes in a day (speed model): rate ÷ divisor times the
    weather's multiplier; rowed ships ignore a calm; a river current (its
    rolled total) adds downstream and takes away upstream."""
    x = Fraction(rate, t.distance.divisor)
    if not (row.becalmed and oars):
        x *= _frac(row.multiplier)
    miles = floor(x)
    if with_current is not None:
        miles += current_total if with_current else -current_total
    return max(0, miles)


def gale_outcome(t: Travel, choice: str, d100: int, *, pilot_margin: int = 0) -> str:
    """A gale's result from a d100 total (≤ the percentage happens):
    ``ride_out`` -> "sunk"/"afloat"; ``run`` (reaching a coast) ->
    "wrecked"/"landed"; ``unsailed`` -> "swamped"/"survived". A Piloting
    success adds its margin × the bonus to the safe side."""
    g = t.sea.gale if t.sea is not None else None
    if g is None:
        raise TravelRefused(_("this ruleset has no gale rule"))
    bonus = pilot_margin * g.pilot_bonus_per_point
    if choice == "ride_out":
        return "sunk" if d100 <= g.ride_out_sink else "afloat"
    if choice == "run":
        return "wrecked" if d100 <= g.run_wreck_on_coast - bonus else "landed"
    if choice == "unsailed":
        return "survived" if d100 <= g.unsailed_survive + bonus else "swamped"
    raise TravelRefused(_("no gale choice {choice!r} (ride_out, run, unsailed)").format(
        choice=choice))
