"""A house rule is refused when the campaign as it stands cannot go on under it
(issue 19): the areas' invariants hold of the state under the new ruleset, and
the refusal names what depends on the old value. Divisors have minimums."""

import pytest

from tracker.core import bastion as bas
from tracker.core.campaign import ChangeHouseRule
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter
from tracker.core.travel import Embark, SetTerrain
from tracker.core.view import state_json
from support.bastion import CHOSEN

STATS = (15, 14, 13, 12, 10, 8)


def party(make, ruleset="dnd-2024"):
    c = make(ruleset)
    c.dispatch(AddCharacter("Ana", "fighter", 9, STATS))
    return c


def test_a_zero_per_day_food_is_refused_as_a_divisor(make):
    c = party(make)
    with pytest.raises(Refused, match=r"food_lb: '0': expected more than 0"):
        c.dispatch(ChangeHouseRule("travel.water.per_day.medium.food_lb", '"0"'))


ROAD = {"dnd-2024": 'max_pace = "fast"', "dyb-og-drager": 'multiplier = "1"',
        "dolmenwood": "cost = 2"}


@pytest.mark.parametrize("ruleset,terrain", [("dnd-2024", "forest"),
                                             ("dolmenwood", "open_forest")])
def test_new_terrains_without_the_partys_terrain_are_refused(make, ruleset, terrain):
    c = make(ruleset)
    c.dispatch(SetTerrain(terrain))
    with pytest.raises(Refused, match=f"the party in terrain '{terrain}', which travel.terrains lacks"):
        c.dispatch(ChangeHouseRule("travel.terrains",
                                   f'{{ road = {{ name = "Road", {ROAD[ruleset]} }} }}'))
    state_json(c.state, c.seq)  # still readable


def test_new_vessels_without_the_partys_vessel_are_refused(make):
    c = party(make)
    c.dispatch(Embark("galley", terrain="waterborne"))
    with pytest.raises(Refused, match="aboard 'galley', which travel.sea.vessels lacks"):
        c.dispatch(ChangeHouseRule("travel.sea.vessels", '{ rowboat = { name = "Rowboat", mph = 1.5 } }'))


def keep(make):
    c = party(make)
    c.dispatch(bas.NewBastion("Ana", "Greywatch"))
    for kind in ("barrack", "workshop"):
        c.dispatch(bas.AddFacility("Ana", kind, True, CHOSEN.get(kind, ())))
    c.dispatch(bas.MoveGold("Ana", 5000, "hoard"))
    c.dispatch(bas.Downtime(7))
    return c


def fid(c, kind):
    return next(f.id for f in bas.find(c.state, "Ana").facilities if f.kind == kind)


def test_replacing_orders_while_one_is_in_progress_is_refused(make):
    c = keep(make)
    c.dispatch(bas.RunTurn("Ana", ((fid(c, "workshop"), "uncommon", 0),)))
    assert any(f.order == "uncommon" for f in bas.find(c.state, "Ana").facilities)
    with pytest.raises(Refused, match=r"Workshop #\d+ working on order 'uncommon', which "
                                      r"bastion.facilities.workshop.orders lacks"):
        c.dispatch(ChangeHouseRule("bastion.facilities.workshop.orders",
                                   '[{ id = "tools", order = "craft", text = "t", gm_cost = true }]'))


def test_a_barrack_housing_nobody_is_refused_while_defenders_live_there(make):
    c = keep(make)
    c.dispatch(bas.RunTurn("Ana", ((fid(c, "barrack"), "recruit", 0),)))
    assert bas.find(c.state, "Ana").defenders > 0
    with pytest.raises(Refused, match=r"Barrack #\d+ housing \d+ defenders? with room for 0"):
        c.dispatch(ChangeHouseRule("bastion.facilities.barrack.houses", "0"))
