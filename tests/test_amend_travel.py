"""Land travel: an amended day, pace, guide, mount, hunt, forage, weather,
water or encounter passes the checks of the command that wrote it (issue 19),
on every ruleset with the rule, and what followed is checked against it."""

import pytest

from tracker.core import validity
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter, Damage
from tracker.core.travel import mounts
from tracker.core.travel import rules as tr
from tracker.core.view import state_json

RULESETS = ["dyb-og-drager", "dolmenwood", "dnd-2024"]
LAND = {"dyb-og-drager": "forest", "dolmenwood": "open_forest", "dnd-2024": "forest"}


from support.amend import refused, seq_of  # noqa: E402


@pytest.fixture(params=RULESETS)
def road(request, make):
    """Ana alive, Bo dead, in the forest; Ana guides; mounted where the ruleset
    rides; a day on the road, the weather, an encounter roll."""
    c = make(request.param)
    c.dispatch(AddCharacter("Ana", "fighter", 3, (15, 14, 13, 12, 10, 8), hp=20))
    c.dispatch(AddCharacter("Bo", "fighter", 1, (12,) * 6, hp=8))
    c.dispatch(Damage("Bo", 40))
    c.dispatch(tr.SetTerrain(LAND[request.param]))
    c.dispatch(tr.SetGuide(True, "Ana"))
    if c.state.rules.travel.mounts is not None:
        c.dispatch(mounts.Mount("camel") if request.param == "dnd-2024"
                   else mounts.Mount("horse", rate=240))
    c.dispatch(tr.TravelDay())
    c.dispatch(tr.SetWeather("rain"))
    c.dispatch(tr.RollEncounter())
    return c


@pytest.mark.parametrize("fields,why", [
    ({"terrain": "nowhere"}, "no terrain 'nowhere'"),
    ({"route": "nowhere"}, "no road, track or river 'nowhere'"),
    ({"mounted": "griffon"}, "the party rides"),
    ({"from_hour": 20}, "from hour is kept by the tracker"),  # gm-review3 R7
])
def test_an_amended_day_is_checked_as_travel_was(road, fields, why):
    refused(road, seq_of(road, "day_travelled"), why, **fields)


def test_an_amended_day_by_the_model_of_its_ruleset(road):
    seq = seq_of(road, "day_travelled")
    if road.state.rules.travel.paces:  # D&D: by pace and hours
        refused(road, seq, "no pace 'warp'", pace="warp")
        refused(road, seq, "make camp, or give --hours|hours must be", hours=0)
        refused(road, seq, "no pace", rate=30)
    else:
        refused(road, seq, "cannot move: its slowest member's speed is 0", rate=0)
        refused(road, seq, "travels by the day, not by hours", hours=5)
        refused(road, seq, "has no paces", pace="slow")
        refused(road, seq, "gives mounts no doubled hour|the party rides no mounts", gallop="yes")


@pytest.mark.parametrize("fields,why", [
    ({"navigator": "Bo"}, "Bo is dead: the dead guide no one"),
    ({"navigator": "Nobody"}, "no one called 'Nobody' in the party"),
    ({"navigator": "ana"}, "no one called 'ana' in the party"),
])
def test_an_amended_guide_is_a_living_member(road, fields, why):
    refused(road, seq_of(road, "guide_set"), why, **fields)


def test_an_amended_weather_says_what_the_weather_is(road):
    refused(road, seq_of(road, "weather_set"), "say what the weather is", text="")


def test_an_amended_encounter_roll_is_on_a_terrain_of_the_ruleset(road):
    refused(road, seq_of(road, "travel_encounter_rolled"), "no terrain 'nowhere'",
            terrain="nowhere")


def test_an_amended_mount_is_checked_as_mount_was(road):
    c = road
    if c.state.rules.travel.mounts is None:
        pytest.skip(f"{c.state.rules.meta.name} has no mounted travel")
    seq = seq_of(c, "party_mounted")
    refused(c, seq, "name the mounts: 1 to 40 characters", animal="")
    if c.state.rules.travel.paces:
        refused(c, seq, "no mount 'dragon'", animal="dragon")
        refused(c, seq, "no --rate", rate=30)
    else:
        refused(c, seq, "the mounts' rate is unknown|Give it: mount ANIMAL --rate", rate=0)
        refused(c, seq, "rate must be", rate=10**6)
    # the day that followed rode the mount as first written
    refused(c, seq, r"\(day travelled\) would be refused: the party rides",
            animal="mule" if not c.state.rules.travel.paces else "mastiff")


def test_an_amended_pace_is_one_of_the_ruleset(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "fighter", 3, (15, 14, 13, 12, 10, 8)))
    c.dispatch(tr.SetPace("slow"))
    refused(c, c.seq, "no pace 'warp'", pace="warp")


def test_an_amended_water_where_the_ruleset_counts_it(make):
    c = make("dnd-2024")
    c.dispatch(tr.SetWater(10))
    refused(c, c.seq, "gallons must be|water is 0 to 100,000", gallons=10**6)
    refused(c, c.seq, "gallons must be|water is 0 to 100,000", gallons=-1)


def test_an_amended_forage_the_gm_decided(make):
    c = make("dolmenwood")
    c.dispatch(AddCharacter("Ana", "fighter", 1, (12,) * 6, hp=8))
    c.dispatch(tr.SetTerrain("open_forest"))
    c.dispatch(tr.ForageDay(True, 6))
    refused(c, c.seq, "say how much was found: 1 to 1,000 rations", rations=0)
    refused(c, c.seq, "say how much was found|rations must be", rations=5000)
    refused(c, c.seq, "nothing was found: no rations", found="no")
    refused(c, c.seq, "no terrain 'nowhere'", terrain="nowhere")


def test_an_amended_forage_the_ruleset_rolls(make):
    c = make("dyb-og-drager")
    c.dispatch(AddCharacter("Ana", "fighter", 1, (12,) * 6, hp=8))
    c.dispatch(tr.SetTerrain("forest"))
    c.dispatch(tr.ForageDay())
    refused(c, c.seq, "rolls foraging: no --found or --nothing", found="yes")
    refused(c, c.seq, "the party is in", terrain="hill" if "hill" in c.state.rules.travel.terrains
            else next(t for t in c.state.rules.travel.terrains if t != "forest"))


def test_a_hunt_the_gm_decides_may_be_amended_and_stays_checked(make):
    """Dyb & Drager leaves the hunt to the GM: found or not may be corrected
    (the check lets the GM's word through, as ``hunt --found`` did)."""
    c = make("dyb-og-drager")
    c.dispatch(AddCharacter("Ana", "fighter", 1, (12,) * 6, hp=8))
    c.dispatch(tr.SetTerrain("forest"))
    t = c.state.rules.travel
    assert t.hunt is not None and not t.hunt.chance
    c.dispatch(tr.Hunt(False))
    c.dispatch(c.amend_command(c.seq, fields={"found": "yes"}))
    assert validity.checked(tr.Hunted)


def test_every_land_travel_event_is_checked():
    for ev in (tr.Travelled, tr.PaceSet, tr.GuideSet, tr.Hunted, tr.ForagedDay, tr.WeatherSet,
               tr.HeadingSet, tr.WaterSet, tr.EncounterRolled, mounts.Mounted):
        assert validity.checked(ev), ev.TYPE
