"""The travel screen: snapshots at 80x24 on each ruleset, and a five-day journey
driven by keys, checked against the reopened log."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.core import dungeon as dun
from tracker.core import travel as tr
from tracker.core.travel.model import Stage
from tracker.demo import build
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from tracker.ui.dialogs import Dialog
from test_ui import fixed_saves  # noqa: F401  (a fixture: a fixed saves folder)

RULESETS = ["dyb-og-drager", "dolmenwood", "dnd-2024"]
SIZE = (80, 24)
START = {"dyb-og-drager": ("forest", ""), "dolmenwood": ("open_forest", "track"),
         "dnd-2024": ("grassland", "road")}
ROUTE = {"dyb-og-drager": (Stage("Ravnsborg", "forest", 30), Stage("Ulvedal", "hills", 40)),
         "dolmenwood": (Stage("Lankshorn", "open_forest", 4, "track"),
                        Stage("Prigwort", "bog", 3)),
         "dnd-2024": (Stage("Ford", "grassland", 40, "road"), Stage("Greywood", "forest", 30))}


def on_the_road(saves: Path, name: str, rid: str) -> Campaign:
    """The demo party out of its dungeon, on a planned route (the seed fixes the dice)."""
    c = build(saves, name, rid, "fresh")
    c.dispatch(dun.LeaveDungeon())
    terrain, route = START[rid]
    c.dispatch(tr.SetTerrain(terrain, route, "Crossroads"))
    c.dispatch(tr.PlanRoute(ROUTE[rid]))
    return c


async def _settle(pilot) -> None:
    await pilot.pause()
    if not isinstance(pilot.app.screen, Dialog):  # a dialog's worker waits for the GM
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


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

    async def run_before(pilot):
        await pilot.press("5")
        await _settle(pilot)

    assert snap_compare(TrackerApp(fixed_saves, "road"), terminal_size=SIZE,
                        run_before=run_before)


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
        await pilot.press("5")
        await _settle(pilot)
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
