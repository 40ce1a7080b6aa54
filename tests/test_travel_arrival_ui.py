"""The travel screen at a route's end: t arrives and says so, the panel says the
route is done, and t again is refused with the reason, writing nothing."""

from __future__ import annotations

import pytest

from tracker.core import dungeon as dun
from tracker.core import travel as tr
from tracker.core.travel.model import Stage
from tracker.demo import build
from tracker.ui.app import TrackerApp

from support.pilot import SIZE, settle

ROADS = {"dyb-og-drager": ("clear", "road"), "dolmenwood": ("meadow", "road"),
         "dnd-2024": ("grassland", "road")}


@pytest.mark.parametrize("rid", list(ROADS))
async def test_t_at_the_end_of_the_route_is_refused_and_the_panel_says_arrived(saves, rid):
    c = build(saves, "trip", rid, "fresh")
    c.dispatch(dun.LeaveDungeon())
    terrain, road = ROADS[rid]
    c.dispatch(tr.SetTerrain(terrain, road, "Crossroads"))
    c.dispatch(tr.PlanRoute((Stage("Town", terrain, 3, road),)))
    c.close()
    app = TrackerApp(saves, "trip")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        j = app.state.travel
        assert j.arrived and j.place == "Town" and j.days[-1].halt == "end"
        where = str(app.screen.query_one("#needs").render())
        assert "Route done (p plans the next)" in where
        journal = str(app.screen.query_one("#journal").render())
        assert "arrived at Town" in journal
        head = app.campaign.seq
        await pilot.press("t")
        await settle(pilot)
        told = " | ".join(f"{n.title}: {n.message}" for n in app._notifications)
        assert "Refused: the party has arrived at Town" in told
        assert app.campaign.seq == head and len(app.state.travel.days) == 1
