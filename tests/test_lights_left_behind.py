"""A light nobody carries stays where it lies (gm-review3 R3): set down, or
dropped where its carrier fell, it is left behind when the party leaves the
dungeon (as spent torches are), so it is neither doused "keeping its fuel"
nor taken up in another dungeon days later. An entry of version 1 (written
before) carried it out, and still does."""

from __future__ import annotations

import pytest

from tracker.core import lights as L, party, supplies
from tracker.core.dungeon.rules import DungeonLeft, EnterDungeon, LeaveDungeon
from tracker.core.errors import Refused
from tracker.core.events import decode
from tracker.core.timeline.entries import Undo

RULESETS = ("dyb-og-drager", "dolmenwood", "dnd-2024")


def delve(make, rid):
    c = make(rid)
    for n in ("Ana", "Bo"):
        c.dispatch(party.AddCharacter(n, hp=8))
    c.dispatch(supplies.SetSupplies("torches", 5))
    c.dispatch(EnterDungeon("Hole"))
    return c


@pytest.mark.parametrize("rid", RULESETS)
def test_a_light_set_down_stays_in_the_dungeon(make, rid):
    c = delve(make, rid)
    c.dispatch(L.LightSource("torch"))          # set down: nobody holds it
    c.dispatch(L.LightSource("torch", by="Bo"))
    floor, held = (l.id for l in c.state.lights)
    c.dispatch(LeaveDungeon())
    assert [l.id for l in c.state.lights] == [held]
    c.dispatch(EnterDungeon("Far"))
    with pytest.raises(Refused, match=f"no light #{floor}"):
        c.dispatch(L.TakeLight(floor, "Bo"))


@pytest.mark.parametrize("rid", ("dyb-og-drager", "dolmenwood"))
def test_a_dead_carriers_light_stays_where_they_fell(make, rid):
    c = delve(make, rid)
    c.dispatch(L.LightSource("torch", by="Ana"))
    c.dispatch(party.Damage("Ana", 50))
    c.dispatch(LeaveDungeon())
    assert c.state.lights == ()
    c.dispatch(EnterDungeon("Far"))
    with pytest.raises(Refused, match="no light"):
        c.dispatch(L.TakeLight(c.state.next_id - 1, "Bo"))


@pytest.mark.parametrize("rid", ("dyb-og-drager", "dolmenwood"))
def test_undo_of_the_exit_gives_the_light_back(make, rid):
    c = delve(make, rid)
    c.dispatch(L.LightSource("torch"))
    c.dispatch(LeaveDungeon())
    c.dispatch(Undo())
    assert len(c.state.lights) == 1
    c.dispatch(L.TakeLight(c.state.lights[0].id, "Bo"))
    c.dispatch(LeaveDungeon())
    assert [l.by for l in c.state.lights] == ["Bo"]  # carried out


def test_an_old_exit_carried_the_floor_out():
    assert decode("dungeon_left", 1, b"{}").floor_stays is False
    assert decode("dungeon_left", 2, b"{}").floor_stays is True
    assert DungeonLeft().floor_stays
