"""A light nobody holds stays where it lies (gm-review, known-issue 3), on
every path by which the party moves on, as leaving a dungeon leaves it
(``dungeon_left`` version 2): no day on the road (a rest day, a day hunting)
is begun in a dungeon, so nothing set down on its
floor goes with the party; and a day travelled leaves behind a light set
down or dropped on the way (``day_travelled`` version 3; older entries took
it along, and still do). Undo gives it back."""

from __future__ import annotations

import pytest

from tracker.core import chase as ch, lights as L, party, supplies, travel as tr
from tracker.core.dungeon.rules import EnterDungeon, LeaveDungeon
from tracker.core.errors import Refused
from tracker.core.events import decode
from tracker.core.timeline.entries import Undo

RULESETS = ("dyb-og-drager", "dolmenwood", "dnd-2024")


def outdoors(make, rid):
    c = make(rid)
    for n in ("Ana", "Bo"):
        c.dispatch(party.AddCharacter(n, hp=8))
    c.dispatch(supplies.SetSupplies("torches", 5))
    c.dispatch(tr.SetTerrain("grassland" if rid == "dnd-2024" else "clear"
                             if rid == "dyb-og-drager" else "meadow"))
    return c


@pytest.mark.parametrize("rid", RULESETS)
def test_no_day_on_the_road_is_begun_in_a_dungeon(make, rid):
    c = outdoors(make, rid)
    c.dispatch(EnterDungeon("Hole"))
    c.dispatch(L.LightSource("torch"))  # set down on its floor
    head = c.seq
    for cmd in (tr.TravelDay(), tr.RestDay(), tr.Hunt(True), tr.ForageDay()):
        with pytest.raises(Refused, match="the party is in a dungeon: leave it"):
            c.dispatch(cmd)
    assert c.seq == head
    c.dispatch(LeaveDungeon())
    assert c.state.lights == ()


@pytest.mark.parametrize("rid", RULESETS)
def test_a_light_set_down_on_the_way_stays_behind(make, rid):
    c = outdoors(make, rid)
    c.dispatch(L.LightSource("torch"))  # set down at camp
    c.dispatch(L.LightSource("torch", by="Bo"))
    floor, carried = (l.id for l in c.state.lights)
    c.dispatch(tr.TravelDay())
    assert [l.id for l in c.state.lights] == [carried]
    c.dispatch(Undo())
    assert [l.id for l in c.state.lights] == [floor, carried]


def test_a_fallen_carriers_light_stays_where_they_fell(make):
    c = outdoors(make, "dyb-og-drager")
    c.dispatch(L.LightSource("torch", by="Ana"))
    c.dispatch(party.Damage("Ana", 50))
    c.dispatch(tr.TravelDay())
    assert c.state.lights == ()


def test_an_entry_of_before_took_the_light_along():
    ev = decode("day_travelled", 2, '{"terrain":"grassland"}')
    assert ev.floor_stays is False and ev.tired_first is False


@pytest.mark.parametrize("rid", ["dyb-og-drager", "dolmenwood"])
def test_a_day_of_flight_leaves_a_light_set_down_behind(make, rid):
    """B/X pursuit (osr.md §9): the party flees over the land for the day, so
    a light set down at camp stays there (``pursuit_day_rolled`` version 3)."""
    c = outdoors(make, rid)
    c.dispatch(L.LightSource("torch"))  # set down at camp
    c.dispatch(L.LightSource("torch", by="Bo"))
    floor, carried = (l.id for l in c.state.lights)
    c.dispatch(ch.StartEvasion("wilderness", 120, 120, morale=12 if rid == "dyb-og-drager" else 0,
                               pursuers=2, surprised=""))
    c.dispatch(ch.RollEvasion(), [99])  # failed: a day of pursuit
    c.dispatch(ch.PursueDay("north"))
    assert [l.id for l in c.state.lights] == [carried]
    c.dispatch(Undo())
    assert [l.id for l in c.state.lights] == [floor, carried]


def test_a_day_of_flight_of_before_took_the_light_along():
    ev = decode("pursuit_day_rolled", 2, '{"direction":"north"}')
    assert ev.floor_stays is False and ev.lights_burn is True
