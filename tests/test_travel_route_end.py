"""gm-review4 R4: a day that finishes the planned route's last stage leaves the
party where it stands, in that stage's terrain (all three rulesets), and the
later checks read it; the day's line names the terrains the day crossed. Old
entries (``day_travelled`` 3, ``day_sailed`` 2) replay as they were written."""

from __future__ import annotations

import msgspec
import pytest

from tracker.core import dice as dicemod
from tracker.core import travel as tr
from tracker.core.events import decode
from tracker.core.travel import calc
from tracker.core.travel.model import Stage
from tracker.core.travel.rules import decide_day, evolve_travelled
from support.travel import day, js, road


CASES = [  # ruleset, first stage, last stage, the day's dice, the last terrain's chance
    ("dolmenwood", Stage("A", "meadow", 1), Stage("B", "bog", 2), (6, 6), "2-in-6"),
    ("dyb-og-drager", Stage("A", "clear", 6), Stage("B", "swamp", 6), (6, 6), "3-in-6"),
    ("dnd-2024", Stage("A", "grassland", 10), Stage("B", "forest", 10), (15,), None),
]


@pytest.mark.parametrize("rid,first,then,dice,chance", CASES)
def test_the_route_ends_in_its_last_stages_terrain(make, rid, first, then, dice, chance):
    c = road(make, rid, first.terrain)
    c.dispatch(tr.PlanRoute((first, then)))
    day(c, *dice)
    j = c.state.travel
    assert j.place == "B" and j.arrived and j.terrain == then.terrain
    if chance:
        assert js(c)["encounter_chance"] == chance
    if rid == "dnd-2024":  # forest's navigation DC, not grassland's
        assert calc.navigation_dc(c.state.rules.travel, j.terrain, j.route) == 15
    c.undo()
    assert c.state.travel.terrain == first.terrain
    c.redo()
    assert c.state.travel.terrain == then.terrain


def test_the_days_line_names_the_terrains_it_crossed(make):
    from tracker.history import entries
    c = road(make, "dolmenwood", "meadow")
    c.dispatch(tr.PlanRoute((Stage("A", "meadow", 1), Stage("B", "bog", 2))))
    day(c, 6, 6)
    text = [e.text for e in entries(list(c.store.read()), c.timeline) if e.area == "travel"][-1]
    assert "8 TP through meadow then bog; arrived at B" in text
    assert js(c)["days"][-1]["line"].startswith("Day 1: 8 TP through meadow then bog;")


def test_a_day_ending_where_a_stage_ends_goes_on_in_the_next(make):
    c = road(make, "dolmenwood", "meadow")
    c.dispatch(tr.PlanRoute((Stage("A", "meadow", 4), Stage("B", "bog", 2))))
    day(c, 6, 6)  # 8 TP: the four meadow hexes, exactly
    j = c.state.travel
    assert j.place == "A" and not j.arrived and j.terrain == "bog"


def test_a_corrected_day_follows_the_route_again(make):
    c = road(make, "dnd-2024", "grassland")
    c.dispatch(tr.PlanRoute((Stage("A", "grassland", 10), Stage("B", "forest", 10))))
    out = day(c, 15, hours=3, camp=False)  # 9 miles: still in grassland
    assert c.state.travel.terrain == "grassland"
    c.dispatch(c.amend_command(out.envelopes[0].seq, fields={"hours": "7"}))
    assert c.state.travel.place == "B" and c.state.travel.terrain == "forest"


def test_an_old_day_leaves_the_party_where_it_did():
    assert decode("day_travelled", 3, msgspec.json.encode({})).ends_in_stage is False
    assert decode("day_sailed", 2, msgspec.json.encode({})).ends_in_stage is False


def test_an_old_day_replays_in_the_terrain_it_set_out_in(make):
    c = road(make, "dolmenwood", "meadow")
    c.dispatch(tr.PlanRoute((Stage("A", "meadow", 1), Stage("B", "bog", 2))))
    ev = decide_day(c.state, tr.TravelDay(), dicemod.ScriptedDice([6, 6]))
    old = msgspec.structs.replace(ev, ends_in_stage=False)
    assert evolve_travelled(c.state, old).travel.terrain == "meadow"
    assert evolve_travelled(c.state, ev).travel.terrain == "bog"
