"""A corrected field passes the checks of the command that first wrote it, and
what followed is replayed against the corrected day: refused in the preview
when it no longer can be (issue 19). The checks are registered once per event
(``core/validity.py``) and run by the decider and by a correction's replay."""

import pytest

from tracker.core.errors import Refused
from tracker.core.party import AddCharacter
from tracker.core.travel import Embark, Gale, SetTerrain, TravelDay
from tracker.core.view import state_json


@pytest.fixture
def afloat(make):
    """Dyb & Drager: aboard the Cog on the ocean (#4); a gale day (#5), then running (#6)."""
    c = make("dyb-og-drager")
    c.dispatch(AddCharacter("Ana", "fighter", 1, (12, 12, 12, 12, 12, 12), hp=8))  # 2
    c.dispatch(SetTerrain("ocean"))  # 3
    c.dispatch(Embark("Cog", rate=120))  # 4
    c.dispatch(TravelDay(), [6, 6, 5])  # 5: 12 on 2d6, a gale
    assert c.state.travel.gale
    c.dispatch(Gale("run"))  # 6
    return c


def amend(c, seq, dice=None, **fields):
    cmd = c.amend_command(seq, dice, {k: str(v) for k, v in fields.items()} or None)
    c.explain(cmd)  # the preview refuses what the correction would
    return c.dispatch(cmd)


@pytest.mark.parametrize("fields,why", [
    ({"terrain": "road"}, r"#4 \(embarked\) would be refused: no terrain 'road'"),
    ({"terrain": "nowhere"}, "no terrain 'nowhere'"),
    ({"terrain": "forest"}, "is land: a vessel goes on"),
    ({"vessel": ""}, "name the vessel: 1 to 40 characters"),
    ({"rate": 0}, "the ship's rate is unknown|Give it: embark SHIP --rate"),
])
def test_an_amended_embark_is_checked_as_embark_was(afloat, fields, why):
    seq = afloat.seq
    with pytest.raises(Refused, match=why):
        amend(afloat, 4, **fields)
    assert afloat.seq == seq
    state_json(afloat.state, afloat.seq)


def test_a_gale_amended_to_calm_refuses_the_gale_choice_that_followed(afloat):
    with pytest.raises(Refused, match=r"#6 \(gale met\) would be refused: no gale blows"):
        amend(afloat, 5, [3, 4])


def test_an_amended_disembark_goes_ashore_onto_land(afloat, make):
    from tracker.core.travel import Disembark
    c = afloat
    c.dispatch(TravelDay())  # 7: a day's sailing
    c.dispatch(Disembark("forest"))  # 8
    for terrain, why in (("ocean", "is water: disembark onto land"), ("road", "no terrain 'road'")):
        with pytest.raises(Refused, match=why):
            amend(c, 8, terrain=terrain)


def test_an_amended_terrain_must_be_one_of_the_ruleset(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "fighter", 3, (15, 14, 13, 12, 10, 8)))
    c.dispatch(SetTerrain("forest"))  # 3
    with pytest.raises(Refused, match="no terrain 'nowhere'"):
        amend(c, 3, terrain="nowhere")
    with pytest.raises(Refused, match="no road, track or river 'nowhere'"):
        amend(c, 3, route="nowhere")
    amend(c, 3, terrain="hill")  # a terrain of the ruleset is fine
    assert c.state.travel.terrain == "hill"


def test_every_travel_event_a_gm_can_amend_is_checked_as_its_command():
    from tracker.core import validity
    from tracker.core.travel import sea
    from tracker.core.travel import rules as tr
    for ev in (sea.Embarked, sea.Disembarked, sea.GaleMet, sea.Sailed, tr.PlaceSet, tr.WayFound):
        assert validity.checked(ev), ev.TYPE
