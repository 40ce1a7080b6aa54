"""What the travel screen shows, rendered from the state (no I/O here)."""

from __future__ import annotations

from rich.text import Text

from ...core import clock
from ...core.state import State
from ..as_it_stood import shows_as_it_stood
from ...core.travel import calc
from ...core.travel.rules import stage_size
from ...core.travel.status import (day_left, food_days, next_day_estimate, pace_model, pace_of,
                                   party_slowed, rest_penalty, rest_status, water_days)
from ...core.travel.mounts import animal_name
from ...core.travel.sea import vessel_name
from ...core.schema import SOURCE_NOTE, note_kind, source_note
from ...core.travel.views import amount, day_line, short_unit, terrain_name


def _text(t: Text) -> Text:
    t.rstrip()
    t.no_wrap, t.overflow = True, "ellipsis"
    return t


PANE_AT_80 = 36  # characters inside a half-width pane's border on an 80-column screen


def where_panel(state: State) -> Text:
    """Day and time, where the party is (and believes it is), terrain, pace, today's distance."""
    tr, j = state.rules.travel, state.travel
    t = Text()
    t.append(f"Day {j.day or '–'} of the journey", style="bold")
    t.append(f" · {clock.stamp(state.rules, state.clock)}\n")
    place = ", ".join(x for x in (j.place, j.hex and f"hex {j.hex}") if x)
    if j.lost:
        t.append("LOST", style="bold white on red")
        t.append(f"  heading {j.heading or '? (x sets it)'}\n", style="bold red")
        t.append(f"Thinks: {j.believed or '?'}" + (f" from {place}" if place else "") + "\n")
    else:
        t.append(f"At: {place or '(no place named)'}\n", style="cyan" if place else "dim")
    if j.gale:
        t.append("GALE: t chooses what the ship does\n", style="bold white on red")
    elif j.mount:
        rate = f" · {j.mount_rate}'" if j.mount_rate else ""
        t.append(("Flying: " if j.flying else "Riding: ") + animal_name(tr, j.mount) + rate
                 + (" · galloped" if j.gallop_used else "") + "\n")
    if not j.terrain:
        t.append("Terrain: not set (g sets it)\n", style="yellow")
    elif j.vessel:
        t.append(f"{terrain_name(tr, j.terrain)}: {_aboard(tr, j)}\n", style="cyan")
    else:
        road = tr.routes[j.route].name if j.route in tr.routes else "no road"
        line = f"Terrain: {terrain_name(tr, j.terrain)}"
        # the road beside it where the pane has room at 80 columns, else below it
        sep = " · " if len(line) + 3 + len(road) <= PANE_AT_80 else "\n  "
        t.append(f"{line}{sep}{road}\n")
    if pace_model(tr):
        chosen = pace_of(tr, j)
        line = f"Pace (v): {tr.paces[chosen].name}"
        if j.terrain and not tr.terrains[j.terrain].water:
            now = calc.stage_pace(tr, chosen, j.terrain, j.route, flying=j.flying,
                                  slowed=party_slowed(state, tr) and not j.mount)
            if now != chosen:
                line += f" (held to {tr.paces[now].name})"
        t.append(line + "\n")
        left = day_left(state)
        t.append(f"Today: {j.hours_today:g} of {tr.distance.hours_per_day} h"
                 + (f", {amount(tr, left)} left" if left is not None else "") + "\n")
    else:
        est = next_day_estimate(state)
        # two lines: at 80 columns "· 144 miles so far" no longer fits beside it
        t.append("Next day: " + (amount(tr, est) if est is not None else "–") + "\n")
        t.append(f"So far: {amount(tr, j.distance)}\n")
    return _text(t)


def _aboard(tr, j) -> str:
    """'aboard the Havørn · 120' · rowed', 'aboard the Galley · 4 mph'."""
    bits = [f"aboard the {vessel_name(tr, j.vessel)}"]
    if j.ship_rate:
        bits.append(f"{j.ship_rate}'")
    elif j.vessel in tr.sea.vessels:
        bits.append(f"{tr.sea.vessels[j.vessel].mph:g} mph")
    bits += [x for x, on in (("rowed", j.oars), ("land in sight", j.coast)) if on]
    return " · ".join(bits)


def weather_line(state: State) -> Text:
    tr, j = state.rules.travel, state.travel
    t = Text()
    t.append("Weather: ", style="bold")
    if j.weather:
        t.append(j.weather)
        effects = tr.weather.effects if tr.weather is not None else {}
        names = [effects[c].name for c in j.weather_codes if c in effects]
        if names:
            t.append(f" ({', '.join(names)})", style="yellow")
    else:
        t.append("not set (w " + ("rolls it)" if tr.weather and tr.weather.tables
                                  else "enters it)"), style="dim")
    return _text(t)


def needs_panel(state: State) -> Text:
    """Rations and water and how long they last, rest, the next encounter check, the route."""
    tr, j = state.rules.travel, state.travel
    t = Text()
    rations = sum(b.count for b in state.supplies.rations)
    days = food_days(state)
    style = "bold red" if days is not None and days < 2 else ""
    t.append(f"Rations {rations}" + (f", for {_days(days)}" if days is not None else "") + "\n",
             style=style)
    if j.water is not None:
        wd = water_days(state)
        t.append(f"Water {j.water:g} gal" + (f", for {_days(wd)}" if wd is not None else "")
                 + "\n", style="bold red" if wd is not None and wd < 2 else "")
    status = rest_status(state)
    if status == "owed":
        t.append(f"REST DAY OWED ({j.rest_owed})\n", style="bold yellow")
    elif tr.rest is None:
        t.append("Rest days: " + (calc.gm_note(tr, "rest") and "GM decides" or "no rule") + "\n",
                 style="dim")
    elif status == "overdue":
        t.append(f"REST OVERDUE: {rest_penalty(state)} ({j.unrested} days)\n",
                 style="bold white on red")
    elif status == "due":
        t.append(f"Rest day due ({j.unrested} days)\n", style="bold yellow")
    else:
        t.append(f"Rest: {j.unrested} days since; due in {calc.rest_due_in(tr, j.unrested)}\n")
    chance = calc.encounter_chance(tr, j.terrain, "day") if j.terrain else None
    if chance is not None:
        t.append(f"Encounter check: {chance} a day\n")
    else:
        t.append("Encounters: " + ("GM's call (e rolls)" if calc.gm_note(tr, "encounters")
                                   else "no chance here") + "\n", style="dim")
    if j.stages:
        s = j.stages[0]
        size = stage_size(tr, s)
        t.append(f"Next: {s.place or '?'} {j.progress:g}/{size:g} {short_unit(tr)}"
                 + (f" (+{len(j.stages) - 1})" if len(j.stages) > 1 else "") + "\n")
    else:
        t.append("Route: none planned (p plans)\n", style="dim")
    guide = "guide" if j.guide else "no guide"
    t.append(f"{guide}" + (f" · {j.navigator} navigates" if j.navigator else ""), style="dim")
    return _text(t)


def _days(n: int) -> str:
    return f"{n} day" + ("" if n == 1 else "s")


def journal(state: State, rows: int) -> Text:
    """The journey so far, one day a line, the newest last."""
    tr, j = state.rules.travel, state.travel
    t = Text()
    if not j.days:
        t.append("No days on the road yet: t travels a day.", style="dim")
    for d in j.days[-rows:]:
        style = "bold red" if d.encounter or d.exhausted else ("yellow" if d.lost else "")
        t.append(day_line(tr, d) + "\n", style=style)
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
    shown = [("terrain", f"terrains.{j.terrain}.multiplier"),
             ("road", f"routes.{j.route}.multiplier"),
             ("forced march", "forced_march.multiplier"),
             ("encounters", f"terrains.{j.terrain}.encounter"),
             ("encounters", "encounters.times")]
    if j.vessel:
        shown += [("wind", "sea.weather"), ("lost at sea", "sea.lost_open_sea"),
                  ("current", "sea.current")]
    kinds: dict[str, list[str]] = {}
    for label, path in shown:
        note = source_note(notes, path)
        if not SOURCE_NOTE.match(note):  # a "the GM decides" note, not a fill
            continue
        labels = kinds.setdefault(note_kind(notes, path), [])
        if label not in labels:
            labels.append(label)
    return " · ".join(f"{kind}: {', '.join(labels)}" for kind, labels in kinds.items())
