"""What the travel screen shows, rendered from the state (no I/O here)."""

from __future__ import annotations

from rich.text import Text

from ...core import clock, dice
from ...core.state import State
from ...i18n import _
from ..as_it_stood import shows_as_it_stood
from ...core.travel import calc
from ...core.travel.rules import stage_size
from ...core.travel.status import (day_left, food_days, next_day_estimate, pace_model, pace_of,
                                   party_slowed, rest_penalty, rest_status, water_days)
from ...core.schema import SOURCE_NOTE, note_kind, source_note
from ...core.travel.views import (amount, animal_name, day_line, days, effect_name, gallons,
                                  hours, num, pace_name, route_name, short_unit, terrain_name,
                                  vessel_name, weather_words)


def _text(t: Text) -> Text:
    t.rstrip()
    t.no_wrap, t.overflow = True, "ellipsis"
    return t


PANE_AT_80 = 36  # characters inside a half-width pane's border on an 80-column screen


def where_panel(state: State) -> Text:
    """Day and time, where the party is (and believes it is), terrain, pace, today's distance."""
    rules = state.rules
    tr, j = rules.travel, state.travel
    t = Text()
    t.append(_("Day {day} of the journey").format(day=j.day or "–"), style="bold")
    t.append(f" · {clock.stamp(rules, state.clock)}\n")
    place = ", ".join(x for x in (j.place, j.hex and _("hex {hex}").format(hex=j.hex)) if x)
    if j.lost:
        t.append(_("LOST"), style="bold white on red")
        t.append("  " + _("heading {heading}").format(heading=j.heading or _("? (x sets it)"))
                 + "\n", style="bold red")
        thinks = _("Thinks: {believed} from {place}") if place else _("Thinks: {believed}")
        t.append(thinks.format(believed=j.believed or "?", place=place) + "\n")
    else:
        t.append(_("At: {place}").format(place=place or _("(no place named)")) + "\n",
                 style="cyan" if place else "dim")
    if j.gale:
        t.append(_("GALE: t chooses what the ship does") + "\n", style="bold white on red")
    elif j.mount:
        rate = f" · {j.mount_rate}'" if j.mount_rate else ""
        ride = _("Flying: {animal}") if j.flying else _("Riding: {animal}")
        t.append(ride.format(animal=animal_name(rules, j.mount)) + rate
                 + (" · " + _("galloped") if j.gallop_used else "") + "\n")
    if not j.terrain:
        t.append(_("Terrain: not set (g sets it)") + "\n", style="yellow")
    elif j.vessel:
        t.append(f"{terrain_name(rules, j.terrain)}: {_aboard(rules, j)}\n", style="cyan")
    else:
        road = route_name(rules, j.route) if j.route in tr.routes else _("no road")
        line = _("Terrain: {terrain}").format(terrain=terrain_name(rules, j.terrain))
        # the road beside it where the pane has room at 80 columns, else below it
        sep = " · " if len(line) + 3 + len(road) <= PANE_AT_80 else "\n  "
        t.append(f"{line}{sep}{road}\n")
    if pace_model(tr):
        chosen = pace_of(tr, j)
        line = _("Pace (v): {pace}").format(pace=pace_name(rules, chosen))
        if j.terrain and not tr.terrains[j.terrain].water:
            now = calc.stage_pace(tr, chosen, j.terrain, j.route, flying=j.flying,
                                  slowed=party_slowed(state, tr) and not j.mount)
            if now != chosen:
                line += " " + _("(held to {pace})").format(pace=pace_name(rules, now))
        t.append(line + "\n")
        left = day_left(state)
        today = _("Today: {done} of {day} h, {left} left") if left is not None else \
            _("Today: {done} of {day} h")
        t.append(today.format(done=num(j.hours_today), day=tr.distance.hours_per_day,
                              left=amount(tr, left) if left is not None else "") + "\n")
    else:
        est = next_day_estimate(state)
        # two lines: at 80 columns "· 144 miles so far" no longer fits beside it
        t.append(_("Next day: {distance}").format(
            distance=amount(tr, est) if est is not None else "–") + "\n")
        t.append(_("So far: {distance}").format(distance=amount(tr, j.distance)) + "\n")
    return _text(t)


def _aboard(rules, j) -> str:
    """'aboard the Havørn · 120' · rowed', 'aboard the Galley · 4 mph'."""
    tr = rules.travel
    bits = [_("aboard the {vessel}").format(vessel=vessel_name(rules, j.vessel))]
    if j.ship_rate:
        bits.append(f"{j.ship_rate}'")
    elif j.vessel in tr.sea.vessels:
        bits.append(_("{n} mph").format(n=num(tr.sea.vessels[j.vessel].mph)))
    bits += [x for x, on in ((_("rowed"), j.oars), (_("land in sight"), j.coast)) if on]
    return " · ".join(bits)


def weather_line(state: State) -> Text:
    tr, j = state.rules.travel, state.travel
    t = Text()
    t.append(_("Weather:") + " ", style="bold")
    if j.weather:
        t.append(weather_words(state.rules, j.weather))
        effects = tr.weather.effects if tr.weather is not None else {}
        names = [effect_name(state.rules, c) for c in j.weather_codes if c in effects]
        if names:
            t.append(f" ({', '.join(names)})", style="yellow")
    else:
        t.append(_("not set (w rolls it)") if tr.weather and tr.weather.tables
                 else _("not set (w enters it)"), style="dim")
    return _text(t)


def needs_panel(state: State) -> Text:
    """Rations and water and how long they last, rest, the next encounter check, the route."""
    tr, j = state.rules.travel, state.travel
    t = Text()
    rations = sum(b.count for b in state.supplies.rations)
    food = food_days(state)
    style = "bold red" if food is not None and food < 2 else ""
    t.append((_("Rations {n}, for {days}").format(n=rations, days=days(food))
              if food is not None else _("Rations {n}").format(n=rations)) + "\n", style=style)
    if j.water is not None:
        wd = water_days(state)
        t.append((_("Water {water}, for {days}").format(water=gallons(j.water), days=days(wd))
                  if wd is not None else _("Water {water}").format(water=gallons(j.water)))
                 + "\n", style="bold red" if wd is not None and wd < 2 else "")
    status = rest_status(state)
    if status == "owed":
        t.append(_("REST DAY OWED ({n})").format(n=j.rest_owed) + "\n", style="bold yellow")
    elif tr.rest is None:
        t.append(_("Rest days: GM decides") if calc.gm_note(tr, "rest") else
                 _("Rest days: no rule"), style="dim")
        t.append("\n")
    elif status == "overdue":
        t.append(_("REST OVERDUE: {penalty} ({days})").format(
            penalty=rest_penalty(state), days=days(j.unrested)) + "\n",
            style="bold white on red")
    elif status == "due":
        t.append(_("Rest day due ({days})").format(days=days(j.unrested)) + "\n",
                 style="bold yellow")
    else:
        t.append(_("Rest: {days} since; due in {n}").format(
            days=days(j.unrested), n=calc.rest_due_in(tr, j.unrested)) + "\n")
    chance = calc.encounter_chance(tr, j.terrain, "day") if j.terrain else None
    if chance is not None:
        t.append(_("Encounter check: {chance} a day").format(chance=dice.chance_text(chance))
                 + "\n")
    else:
        t.append(_("Encounters: GM's call (e rolls)") if calc.gm_note(tr, "encounters")
                 else _("Encounters: no chance here"), style="dim")
        t.append("\n")
    if j.stages:
        s = j.stages[0]
        size = stage_size(tr, s)
        t.append(_("Next: {place} {done}/{size} {unit}").format(
            place=s.place or "?", done=num(j.progress), size=num(size), unit=short_unit(tr))
            + (f" (+{len(j.stages) - 1})" if len(j.stages) > 1 else "") + "\n")
    elif j.arrived:  # travel is refused until the next route: say so where the GM looks
        t.append(_("Route done (p plans the next)") + "\n", style="bold yellow")
    else:
        t.append(_("Route: none planned (p plans)") + "\n", style="dim")
    guide = _("guide") if j.guide else _("no guide")
    t.append(guide + (" · " + _("{name} navigates").format(name=j.navigator)
                      if j.navigator else ""), style="dim")
    return _text(t)


def journal(state: State, rows: int) -> Text:
    """The journey so far, one day a line, the newest last."""
    j = state.travel
    t = Text()
    if not j.days:
        t.append(_("No days on the road yet: t travels a day."), style="dim")
    for d in j.days[-rows:]:
        style = "bold red" if d.encounter or d.exhausted else ("yellow" if d.lost else "")
        t.append(day_line(state.rules, d) + "\n", style=style)
    return _text(t)


@shows_as_it_stood("travel")
def travel_as_it_stood(state: State) -> Text:
    """The log's "as it stood" pane for a travel entry: where the party was
    and what it carried."""
    t = where_panel(state)
    t.append("\n")
    t.append_text(needs_panel(state))
    t.rstrip()
    return t


def travel_sources(state: State) -> str:
    """What the travel screen shows that the source does not give, for a border:
    "OSE fill: terrain, road, forced march, encounters" (the notes are in the ruleset)."""
    tr, j = state.rules.travel, state.travel
    notes = tr.not_in_source
    shown = [(_("terrain"), f"terrains.{j.terrain}.multiplier"),
             (_("road"), f"routes.{j.route}.multiplier"),
             (_("forced march"), "forced_march.multiplier"),
             (_("encounters"), f"terrains.{j.terrain}.encounter"),
             (_("encounters"), "encounters.times")]
    if j.vessel:
        shown += [(_("wind"), "sea.weather"), (_("lost at sea"), "sea.lost_open_sea"),
                  (_("current"), "sea.current")]
    kinds: dict[str, list[str]] = {}
    for label, path in shown:
        note = source_note(notes, path)
        if not SOURCE_NOTE.match(note):  # a "the GM decides" note, not a fill
            continue
        labels = kinds.setdefault(_(note_kind(notes, path)), [])
        if label not in labels:
            labels.append(label)
    return " · ".join(f"{kind}: {', '.join(labels)}" for kind, labels in kinds.items())
