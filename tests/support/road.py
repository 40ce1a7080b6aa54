"""A party two days on a planned route in each shipped ruleset (the seed and
the dice fix them): what the travel and grammar language tests look at."""

from __future__ import annotations

from pathlib import Path

from tracker.core import dungeon as dun
from tracker.core import travel as tr
from tracker.core.travel.model import Stage
from tracker.demo import build

START = {"dyb-og-drager": ("forest", ""), "dolmenwood": ("open_forest", "track"),
         "dnd-2024": ("grassland", "road")}
ROUTE = {"dyb-og-drager": (Stage("Ravnsborg", "forest", 30), Stage("Ulvedal", "hills", 40)),
         "dolmenwood": (Stage("Lankshorn", "open_forest", 4, "track"),
                        Stage("Prigwort", "bog", 3)),
         "dnd-2024": (Stage("Ford", "grassland", 40, "road"), Stage("Greywood", "forest", 30))}


def on_the_road(saves: Path, ruleset: str, name: str = "road") -> None:
    """Two days on a planned route (the seed and the dice fix them), a gale-free
    journey with weather, lost on the second day where the ruleset can be."""
    c = build(saves, name, ruleset, "fresh")
    c.dispatch(dun.LeaveDungeon())
    terrain, route = START[ruleset]
    c.dispatch(tr.SetTerrain(terrain, route, "Crossroads"))
    c.dispatch(tr.PlanRoute(ROUTE[ruleset]))
    if ruleset == "dnd-2024":
        c.dispatch(tr.SetPace("fast"))
        c.dispatch(tr.SetWater(10))
        c.dispatch(tr.RollWeather(), [3, 16, 19])
        c.dispatch(tr.TravelDay())
        c.dispatch(tr.TravelDay(hours=3, camp=False))
    else:
        c.dispatch(tr.SetWeather("grey drizzle", ("W",) if ruleset == "dolmenwood" else ()))
        c.dispatch(tr.TravelDay(), [6, 6])  # not lost, quiet
        c.dispatch(tr.TravelDay(), [1, 6])  # lost
        c.dispatch(tr.SetHeading("NE", "N"))
    c.close()
