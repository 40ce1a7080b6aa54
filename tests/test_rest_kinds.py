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


# -- R11: D&D 2024, the night after a day off is a long rest, as a travel day's is ------


from tracker.core.party import Damage, LongRest, SetExhaustion  # noqa: E402
from tracker.core.supplies import SetSupplies  # noqa: E402
from tracker.core.travel import ForageDay, RestDay, SetTerrain, SetWater  # noqa: E402
from tracker.core.errors import Refused  # noqa: E402


def _cy(make):
    c = make("dnd-2024", seed=2)
    c.dispatch(AddCharacter("Cy", "fighter", abilities=(15, 14, 13, 10, 12, 8)))
    c.dispatch(SetSupplies("rations", 10))
    c.dispatch(SetWater(10))
    c.dispatch(SetTerrain("forest"))
    c.dispatch(Damage("Cy", 5))
    c.dispatch(SetExhaustion("Cy", 2))
    return c


def _sheet(c):
    p = js(c)["party"][0]
    return p["hp"], p["hp_max"], p["exhaustion"]


@pytest.mark.parametrize("day_off", [RestDay(), ForageDay()])  # D&D has no hunting
def test_a_day_off_ends_in_a_long_rest(make, day_off):
    c = _cy(make)
    c.dispatch(day_off)  # seeded dice
    hp, hp_max, exhaustion = _sheet(c)
    assert hp == hp_max and exhaustion == 1
    with pytest.raises(Refused, match="finished a long rest"):
        c.dispatch(LongRest())


def test_days_of_downtime_are_long_rests(make):
    c = _cy(make)
    c.dispatch(Downtime(1))
    assert _sheet(c)[0] == _sheet(c)[1] and _sheet(c)[2] == 1
    c.dispatch(Downtime(3))
    assert _sheet(c)[2] == 0
    with pytest.raises(Refused, match="finished a long rest"):
        c.dispatch(LongRest())


def test_an_old_downtime_rested_nobody():
    ev = decode("downtime_passed", 1, b'{"days": 3}')
    assert ev.rests is False and ev.lights_burn is False
    assert decode("downtime_passed", 2, b'{"days": 3}').rests is False


# -- R15, R10: travel's rest day, and the days that count as one -------------------------


from tracker.core.travel import TravelDay  # noqa: E402


def _road(make):
    c = make("dyb-og-drager", seed=4)
    c.dispatch(AddCharacter("Ana", "fighter", abilities=(14, 10, 9, 12, 13, 8)))
    c.dispatch(SetSupplies("standard", 30))
    c.dispatch(SetTerrain("clear"))
    return c


def _travel(c, n):
    for _ in range(n):
        c.dispatch(TravelDay(), [6, 6])


def _road_js(c):
    return js(c)["travel"]


def test_days_of_downtime_count_as_rest_days(make):
    c = _road(make)
    _travel(c, 4)
    assert _road_js(c)["unrested_days"] == 4
    c.dispatch(Downtime(3))
    assert _road_js(c)["unrested_days"] == 0
    _travel(c, 3)
    assert _road_js(c)["rest_penalty"] == 0 and _road_js(c)["unrested_days"] == 3


def test_a_rest_day_pays_back_the_punished_day_too(make):
    c = _road(make)
    _travel(c, 7)
    assert _road_js(c)["rest_penalty"] == -1 and _road_js(c)["unrested_days"] == 7
    c.dispatch(RestDay())
    assert _road_js(c)["unrested_days"] == 0 and _road_js(c)["rest_penalty"] == 0
    _travel(c, 3)
    j = _road_js(c)
    assert j["unrested_days"] == 3 and j["rest_penalty"] == 0


def test_twelve_days_need_two_rest_days(make):
    """osr.md §8.4's worked example, with the day past it: 13 days, -2, two rest days."""
    c = _road(make)
    _travel(c, 13)
    assert _road_js(c)["rest_penalty"] == -2
    c.dispatch(RestDay())
    assert _road_js(c)["rest_penalty"] == -1
    c.dispatch(RestDay())
    assert _road_js(c)["rest_penalty"] == 0 and _road_js(c)["unrested_days"] == 0


def test_twelve_days_cost_two_steps_on_the_twelfth(make):
    """gm-review4 R7, the seed's own example (000:711, osr.md §8.4): 12 days on the
    road without rest give -2, not -1 until day 13; only the first step waits a day
    (the sixth day makes the rest day owed). One rest day (or a day of downtime)
    leaves -1, the second clears it."""
    c = _road(make)
    _travel(c, 6)
    assert _road_js(c)["rest_penalty"] == 0 and _road_js(c)["rest_status"] == "due"
    _travel(c, 5)
    assert _road_js(c)["rest_penalty"] == -1
    _travel(c, 1)
    assert _road_js(c)["unrested_days"] == 12 and _road_js(c)["rest_penalty"] == -2
    c.dispatch(RestDay())
    assert _road_js(c)["rest_penalty"] == -1 and _road_js(c)["unrested_days"] == 6
    c.undo()
    assert _road_js(c)["rest_penalty"] == -2
    c.dispatch(Downtime(1))  # a day off counts as a rest day: still -1
    assert _road_js(c)["rest_penalty"] == -1 and _road_js(c)["rest_status"] == "overdue"
    c.dispatch(Downtime(1))
    assert _road_js(c)["rest_penalty"] == 0 and _road_js(c)["unrested_days"] == 0
    _travel(c, 6)
    assert _road_js(c)["rest_penalty"] == 0 and _road_js(c)["rest_status"] == "due"


def test_an_old_rest_day_carried_the_days_on():
    assert decode("rest_day_taken", 3, b'{}').whole_step is False
    assert decode("rest_day_taken", 1, b'{}').whole_step is False
