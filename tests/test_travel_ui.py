"""The travel screen: snapshots at 80x24 on each ruleset, and a five-day journey
driven by keys, checked against the reopened log."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.core import dungeon as dun
from tracker.core import travel as tr
from tracker.demo import build
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from tracker.ui.dialogs import Dialog

from support.pilot import settle as _settle
from support.road import ROUTE, START

RULESETS = ["dyb-og-drager", "dolmenwood", "dnd-2024"]
SIZE = (80, 24)


def on_the_road(saves: Path, name: str, rid: str) -> Campaign:
    """The demo party out of its dungeon, on a planned route (the seed fixes the dice)."""
    c = build(saves, name, rid, "fresh")
    c.dispatch(dun.LeaveDungeon())
    terrain, route = START[rid]
    c.dispatch(tr.SetTerrain(terrain, route, "Crossroads"))
    c.dispatch(tr.PlanRoute(ROUTE[rid]))
    return c


async def _to_travel(pilot) -> None:
    await pilot.press("5")
    await _settle(pilot)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_travel_snapshot(snap_compare, fixed_saves, ruleset):
    c = on_the_road(fixed_saves, "road", ruleset)
    if ruleset == "dnd-2024":
        c.dispatch(tr.SetPace("fast"))
        c.dispatch(tr.SetWater(10))
        c.dispatch(tr.RollWeather(), [3, 16, 19])
    else:
        c.dispatch(tr.SetWeather("grey drizzle", ("W",) if ruleset == "dolmenwood" else ()))
    if ruleset == "dnd-2024":  # a good road: no navigation check; encounters are the GM's
        c.dispatch(tr.TravelDay())
        c.dispatch(tr.TravelDay(hours=3, camp=False))
    else:
        c.dispatch(tr.TravelDay(), [6, 6])  # not lost, quiet
        c.dispatch(tr.TravelDay(), [1, 6])  # lost
    if c.state.travel.lost:
        c.dispatch(tr.SetHeading("NE", "N"))
    c.close()

    assert snap_compare(TrackerApp(fixed_saves, "road"), terminal_size=SIZE,
                        run_before=_to_travel)


KEYS = {  # five days by keys: travel, foraging or hunting where the ruleset has it, rest
    "dyb-og-drager": ["t", "t", "f", "r", "t"],
    "dolmenwood": ["t", "t", "r", "t", "t"],
    "dnd-2024": ["t", "s", "4", "enter", "c", "f", "r", "t"],
}


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_five_day_journey_by_keys(saves, ruleset):
    on_the_road(saves, "trip", ruleset).close()
    app = TrackerApp(saves, "trip")
    async with app.run_test(size=SIZE) as pilot:
        await _to_travel(pilot)
        for key in KEYS[ruleset]:
            await pilot.press(key)
            await _settle(pilot)
        state = app.state
        shown = str(app.screen.query_one("#journal").render())
    days = state.travel.days
    assert [d.day for d in days] == [1, 2, 3, 4, 5]
    kinds = [d.kind for d in days]
    assert "rest" in kinds and sum(k in ("travel", "stage") for k in kinds) >= 3
    assert state.clock == 5 * state.rules.time.day_seconds  # five mornings later
    assert "Day 5:" in shown
    reopened = Campaign.open(saves, "trip")
    assert reopened.state == state  # the log holds exactly what the screen showed
    assert reopened.state.travel.distance > 0
    reopened.close()


# --- afloat and mounted ---------------------------------------------------------------------


def _afloat(c: Campaign, ruleset: str) -> None:
    """Dyb & Drager: four days on the open sea, a navigator aboard, then a gale;
    D&D 2024: a galley downstream, then a day with a headwind."""
    if ruleset == "dyb-og-drager":
        c.dispatch(tr.Embark("Havørn", 120, terrain="ocean"))
        c.dispatch(tr.SetGuide(True))
        for dice in ([3, 4, 5, 4], [1, 1, 5, 5], [5, 5, 2, 5], [6, 6, 5]):
            c.dispatch(tr.TravelDay(), dice)
    else:
        c.dispatch(tr.Embark("galley", terrain="waterborne"))
        c.dispatch(tr.TravelDay(hours=12, current="with"), [15])
        c.dispatch(tr.TravelDay(headwind=True), [4, 3])


@pytest.mark.parametrize("ruleset", ["dyb-og-drager", "dnd-2024"])
def test_travel_afloat_snapshot(snap_compare, fixed_saves, ruleset):
    c = on_the_road(fixed_saves, "sea", ruleset)
    _afloat(c, ruleset)
    c.close()

    assert snap_compare(TrackerApp(fixed_saves, "sea"), terminal_size=SIZE,
                        run_before=_to_travel)


def test_travel_mounted_snapshot(snap_compare, fixed_saves):
    c = on_the_road(fixed_saves, "ride", "dnd-2024")
    c.dispatch(tr.Mount("riding_horse"))
    c.dispatch(tr.TravelDay(hours=4, camp=False, gallop=True))
    c.close()

    assert snap_compare(TrackerApp(fixed_saves, "ride"), terminal_size=SIZE,
                        run_before=_to_travel)


async def test_a_four_day_voyage_by_keys(saves):
    """Dyb & Drager: b boards (the ocean, a ship named and its rate typed, sailed),
    four days by t (a gale, if one blows, ridden out by t's choice), b goes ashore."""
    on_the_road(saves, "voyage", "dyb-og-drager").close()
    app = TrackerApp(saves, "voyage")
    keys = ["b", "down", "enter", *"Ravn", "enter", "1", "2", "0", "enter", "enter",
            "t", "t", "t", "t"]
    async with app.run_test(size=SIZE) as pilot:
        await _to_travel(pilot)
        for key in keys:
            await pilot.press(key)
            await _settle(pilot)
            if isinstance(app.screen, Dialog) and app.state.travel.gale:
                await pilot.press("enter")  # ride it out
                await _settle(pilot)
        aboard = app.state.travel
        await pilot.press("b", "enter")  # ashore, onto the first land terrain
        await _settle(pilot)
        state = app.state
        shown = str(app.screen.query_one("#journal").render())
    assert (aboard.vessel, aboard.ship_rate, aboard.terrain) == ("Ravn", 120, "ocean")
    sail = [d for d in state.travel.days if d.kind == "sail"]
    assert len(sail) == 4 and "sailed" in shown
    assert state.travel.vessel == "" and not state.rules.travel.terrains[
        state.travel.terrain].water
    reopened = Campaign.open(saves, "voyage")
    assert reopened.state == state
    reopened.close()
