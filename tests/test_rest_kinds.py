"""What counts as rest, for which rule, and from when each clock counts
(gm-review3 R16, R11, R15, R10): the dungeon's rest turn, travel's rest day,
D&D's long rest, on every path that passes days or leaves a dungeon."""

import pytest

from tracker.core.bastion import Downtime
from tracker.core.campaign import ChangeHouseRule
from tracker.core.dungeon import AdvanceTurn, EnterDungeon, LeaveDungeon
from tracker.core.events import decode
from tracker.core.party import AddCharacter
from tracker.core.view import state_json


def js(c):
    return state_json(c.state, c.seq)


# -- R16: the dungeon's rest count goes with the party ----------------------------------


def _tired(make, rid="dolmenwood"):
    c = make(rid)
    c.dispatch(AddCharacter("Ana"))
    c.dispatch(ChangeHouseRule("dungeon.wandering.every_turns", "0"))
    c.dispatch(EnterDungeon("A"))
    c.dispatch(AdvanceTurn(5))
    c.dispatch(AdvanceTurn(1))
    d = js(c)["dungeon"]
    assert d["rest_overdue"] and d["rest_penalty"] == -1
    return c


@pytest.mark.parametrize("rid", ["dolmenwood", "dyb-og-drager"])
def test_stepping_out_and_back_in_rests_nobody(make, rid):
    c = _tired(make, rid)
    c.dispatch(LeaveDungeon())
    c.dispatch(EnterDungeon("A"))
    d = js(c)["dungeon"]
    assert d["turns_since_rest"] == 6 and d["rest_penalty"] == -1 and d["rest_overdue"]
    assert d["turn"] == 0  # the turn count and the checks start afresh


def test_a_rest_due_stays_due_across_a_doorway(make):
    c = make("dolmenwood")
    c.dispatch(AddCharacter("Ana"))
    c.dispatch(ChangeHouseRule("dungeon.wandering.every_turns", "0"))
    c.dispatch(EnterDungeon("A"))
    c.dispatch(AdvanceTurn(5))
    c.dispatch(LeaveDungeon())
    c.dispatch(EnterDungeon("B"))
    assert js(c)["dungeon"]["rest_status"] == "due"


def test_time_out_of_the_dungeon_is_its_rest(make):
    c = _tired(make)
    c.dispatch(LeaveDungeon())
    c.dispatch(Downtime(1))
    c.dispatch(EnterDungeon("A"))
    d = js(c)["dungeon"]
    assert d["turns_since_rest"] == 0 and d["rest_penalty"] == 0 and d["rest_status"] == "ok"


def test_an_old_entry_began_each_delve_rested():
    ev = decode("dungeon_entered", 1, b'{"name": "A", "depth": 1}')
    assert ev.keeps_rest is False
