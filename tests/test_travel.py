"""Overland travel as a GM plays it: each rule on each ruleset that has it, with
typed dice; replay, undo and amend; the lost and encounter rates against the data.

Dice are typed in order: the lost roll (or navigation check), the encounter
check, surprise (party, foe), distance, then foraging and extended-travel saves.
"""

from __future__ import annotations

import msgspec

import pytest

from area_checks import reopens_and_replays_the_same, undo_then_redo_restores
from tracker.core import dice as dicemod
from tracker.core import travel as tr
from tracker.core.campaign import ChangeHouseRule
from tracker.core.dungeon import EnterDungeon
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter
from tracker.core.supplies import SetSupplies
from tracker.core.travel.model import Stage
from tracker.core.travel.rules import became_lost, decide_day, is_encounter, strayed

from support.travel import PROPS, RATIONS, day, js, last, road
from support.travel import play_journey as _play, z_score as _z


# --- Dyb & Drager -----------------------------------------------------------------------


def test_bx_forest_day_is_16_miles_and_a_day_of_rations(make):
    c = road(make, "dyb-og-drager", "forest")
    clock = c.state.clock
    day(c, 3, 4)  # lost? 3 (2-in-6: no), check 4 (2-in-6: quiet)
    d = last(c)
    assert (d.day, d.distance, d.lost, d.encounter) == (1, 16, False, False)
    assert c.state.clock - clock == c.state.rules.time.day_seconds  # to the next morning
    assert c.state.supplies.count("standard") == 8
    assert js(c)["days"][-1]["line"] == "Day 1: 16 miles through forest"


def test_bx_lost_on_2_in_6_in_forest_until_found(make):
    c = road(make, "dyb-og-drager", "forest")
    out = day(c, 2, 5)
    assert c.state.travel.lost and any("LOST" in a.text for a in out.alerts)
    c.dispatch(tr.SetHeading("NE", "N"))
    out = day(c, 6)  # lost already: only the encounter check is rolled
    assert [r.expr for r in dicemod.rolls_in(out.envelopes[0].event)] == ["1d6"]
    assert js(c)["days"][-1]["line"] == \
        "Day 2: 16 miles through forest; lost (heading NE, believed N)"
    c.dispatch(tr.PlanRoute((Stage("Oakvale", "forest", 20), Stage("Ford", "hills", 9))))
    c.dispatch(tr.Found("Oakvale"))  # found at a stop of the route: on from there
    j = c.state.travel
    assert not j.lost and j.place == "Oakvale"
    assert [s.place for s in j.stages] == ["Ford"] and j.terrain == "hills"
    with pytest.raises(Refused, match="not lost"):
        c.dispatch(tr.Found())


def test_bx_no_lost_roll_on_a_road_or_with_a_guide(make):
    c = road(make, "dyb-og-drager", "forest", "road")
    out = day(c, 6)  # the road: no lost roll, ×1½ whatever the terrain
    assert len(dicemod.rolls_in(out.envelopes[0].event)) == 1 and last(c).distance == 36
    c.dispatch(tr.SetTerrain("forest", "none"))
    c.dispatch(tr.SetGuide(True))
    out = day(c, 6)
    assert len(dicemod.rolls_in(out.envelopes[0].event)) == 1 and last(c).distance == 16


def test_bx_encounter_distance_and_surprise(make):
    c = road(make, "dyb-og-drager", "forest")
    out = day(c, 3, 1, 5, 6, 2, 3, 4, 5)  # encounter; nobody surprised: 4d6×30 = 420
    assert last(c).encounter and last(c).encounter_ft == 420
    assert any("ENCOUNTER" in a.text for a in out.alerts)
    day(c, 3, 2, 2, 6, 3)  # the party surprised: 1d4×30 = 90
    assert last(c).encounter_ft == 90


def test_bx_forage_on_the_way_costs_a_third_and_feeds_the_party(make):
    c = road(make, "dyb-og-drager", "clear")
    day(c, 4, 6, 3, forage=True)  # lost 4 (1-in-6 no), check 6, forage 3 (3-in-6: found)
    assert (last(c).distance, last(c).food) == (16, 2)
    assert c.state.supplies.count("standard") == 10  # found 2, ate 2
    day(c, 4, 6, 5, forage=True)
    assert last(c).food == 0


def test_bx_no_foraging_on_a_forced_march_or_in_a_swamp(make):
    c = road(make, "dyb-og-drager", "clear")
    with pytest.raises(Refused, match="no foraging on a forced march"):
        day(c, 4, 6, 3, forage=True, forced=True)
    c.dispatch(tr.SetTerrain("swamp"))
    with pytest.raises(Refused, match="nothing to forage"):
        c.dispatch(tr.ForageDay())


def test_bx_forced_march_then_a_rest_day(make):
    c = road(make, "dyb-og-drager", "clear")
    out = day(c, 4, 6, forced=True)
    assert last(c).distance == 36 and js(c)["rest_status"] == "owed"
    assert any("rest day is owed" in a.text for a in out.alerts)
    c.dispatch(tr.RestDay())
    assert js(c)["rest_status"] == "ok" and last(c).kind == "rest"


def test_bx_rest_debt_one_step_per_six_days(make):
    """000:711: after six days of travel the rest day is due; the seventh costs -1."""
    c = road(make, "dyb-og-drager", "clear", "road", rations=40)
    for _ in range(5):
        day(c, 6)
    assert js(c)["rest_status"] == "ok" and js(c)["rest_penalty"] == 0
    out = day(c, 6)
    assert js(c)["rest_status"] == "due" and js(c)["rest_penalty"] == 0
    assert any("rest day is due" in a.text for a in out.alerts)
    assert not any(a.severity == "error" for a in out.alerts)
    out = day(c, 6)
    assert js(c)["rest_penalty"] == -1 and js(c)["rest_status"] == "overdue"
    assert any("No rest day" in a.text for a in out.alerts)
    c.dispatch(tr.RestDay())
    # the day past the step was paid for by its penalty: the rest day clears it too
    # (gm-review3 R10; before, one unrested day was carried on)
    assert js(c)["rest_penalty"] == 0 and js(c)["unrested_days"] == 0


def test_bx_rest_day_skipped_for_a_hunt_costs_the_step(make):
    """The owed rest day is skipped by any day that is not a rest, not only travel."""
    c = road(make, "dyb-og-drager", "clear", "road", rations=40)
    for _ in range(6):
        day(c, 6)
    c.dispatch(tr.Hunt(found=True))
    assert js(c)["rest_penalty"] == -1


def test_bx_recorded_ruleset_without_owed_first_keeps_the_sixth_day_penalty(make):
    """A ruleset recorded before ``rest.owed_first`` replays as it did: day six costs."""
    c = road(make, "dyb-og-drager", "clear", "road", rations=40)
    c.dispatch(ChangeHouseRule("travel.rest.owed_first", "false"))
    for _ in range(5):
        day(c, 6)
    assert js(c)["rest_status"] == "due"
    day(c, 6)
    assert js(c)["rest_penalty"] == -1 and js(c)["rest_status"] == "overdue"


def test_bx_hunting_is_the_gms_call_and_weather_the_gms_entry(make):
    c = road(make, "dyb-og-drager", "hills")
    with pytest.raises(Refused, match="leaves finding game to the GM"):
        c.dispatch(tr.Hunt())
    c.dispatch(tr.Hunt(True))
    assert last(c).food == 2 and last(c).kind == "hunt"
    with pytest.raises(Refused, match="Land weather is in neither"):
        c.dispatch(tr.RollWeather())
    c.dispatch(tr.SetWeather("drizzle from the west"))
    assert js(c)["weather"] == "drizzle from the west"


def test_bx_several_days_stop_at_getting_lost(make):
    c = road(make, "dyb-og-drager", "forest")
    out = c.dispatch(tr.TravelDay(5), [3, 4, 5, 6, 1, 6])
    assert c.state.travel.day == 3 and c.state.travel.lost  # day 3 lost: the GM looks
    assert len(out.envelopes) == 3


def test_bx_route_stages_arrive_and_change_terrain(make):
    c = road(make, "dyb-og-drager", "clear")
    c.dispatch(tr.PlanRoute((Stage("Oakvale", "clear", 20), Stage("Ford", "forest", 30))))
    day(c, 4, 6)  # 24 miles: Oakvale reached, 4 miles into the forest
    j = c.state.travel
    assert (j.place, j.terrain, j.progress, len(j.stages)) == ("Oakvale", "forest", 4, 1)
    with pytest.raises(Refused, match="stage 1: no terrain 'moon'"):
        c.dispatch(tr.PlanRoute((Stage("X", "moon", 3),)))


def test_travel_is_refused_in_a_dungeon_and_without_terrain(make):
    c = make("dyb-og-drager")
    c.dispatch(AddCharacter("Ana"))
    with pytest.raises(Refused, match="its terrain, or a planned route"):
        day(c)
    c.dispatch(tr.SetTerrain("clear"))
    c.dispatch(EnterDungeon("Crypt"))
    with pytest.raises(Refused, match="in a dungeon"):
        day(c)


# --- Dolmenwood ------------------------------------------------------------------------------


def test_dw_eight_travel_points_and_hex_costs(make):
    c = road(make, "dolmenwood", "meadow")
    c.dispatch(tr.PlanRoute((Stage("Bogside", "bog", 2), Stage("Lankshorn", "meadow", 3))))
    day(c, 4, 6)  # bog: lost 2-in-6 (4 no), check 2-in-6 (6 quiet)
    j = c.state.travel
    assert last(c).distance == 8  # Speed 40 ÷ 5
    assert (j.place, j.progress) == ("Bogside", 2)  # 2 bog hexes cost 6 TP; 2 TP on
    assert js(c)["days"][-1]["line"].startswith("Day 1: 8 TP through bog")


def test_dw_track_lost_1_in_6_and_road_never(make):
    c = road(make, "dolmenwood", "tangled_forest", "track")
    out = day(c, 1, 6)
    assert c.state.travel.lost and out.envelopes[0].event.lost_roll.expr == "1d6"
    c2 = road(make, "dolmenwood", "tangled_forest", "road", name="d")
    out = day(c2, 6)
    assert out.envelopes[0].event.lost_roll is None


def test_dw_weather_effects_on_lost_distance_and_points(make):
    c = road(make, "dolmenwood", "bog")
    c.dispatch(tr.SetWeather("fog", ("V",)))
    day(c, 3, 1, 3, 3, 3, 4)  # V: lost 3-in-6 (3: lost); encounter 2d6×30 = 210, halved
    assert c.state.travel.lost and last(c).encounter_ft == 105
    c.dispatch(tr.Found())
    c.dispatch(tr.SetWeather("mud", ("I",)))
    day(c, 6, 6)
    assert last(c).distance == 6  # Impeded: −2 TP
    with pytest.raises(Refused, match="no weather effect 'Q'"):
        c.dispatch(tr.SetWeather("odd", ("Q",)))


def test_dw_foraging_and_weather_tables_are_the_gms(make):
    c = road(make, "dolmenwood", "meadow")
    with pytest.raises(Refused, match="Foraging is not in our sources"):
        c.dispatch(tr.ForageDay())
    with pytest.raises(Refused, match="seasonal 2d6 weather tables are not in our sources"):
        c.dispatch(tr.RollWeather())


# --- D&D 2024 ----------------------------------------------------------------------------------


def test_dnd_pace_is_capped_by_terrain_and_raised_by_a_road(make):
    c = road(make, "dnd-2024", "forest")
    c.dispatch(tr.SetPace("fast"))
    day(c, 20)  # navigation only (no encounter chance in the 2024 rules)
    assert last(c).distance == 24  # forest caps Fast to Normal
    c.dispatch(tr.SetTerrain("forest", "road"))
    out = day(c)  # a good road: no navigation check, Fast allowed
    assert last(c).distance == 30 and dicemod.rolls_in(out.envelopes[0].event) == []


def test_dnd_navigation_disadvantage_at_fast_and_a_longer_stage(make):
    c = road(make, "dnd-2024", "grassland")
    c.dispatch(tr.SetPace("fast"))
    out = day(c, 15, 3, 2)  # 2d20kl1 = 3 < DC 5: strayed, 1d6×10 = 20% longer
    ev = out.envelopes[0].event
    assert ev.lost_roll.expr == "2d20kl1" and ev.delay.total == 20
    # the way longer, the day not (gm-review7 R4): 8 h, 30 miles on the road
    assert last(c).strayed and last(c).hours == 8 and last(c).distance == 30
    assert last(c).longer == 20
    c.dispatch(tr.SetPace("slow"))
    out = day(c, 1, 7)
    assert out.envelopes[0].event.lost_roll.total == 7 and not last(c).strayed  # advantage


def test_dnd_navigator_adds_wisdom(make):
    c = road(make, "dnd-2024", "forest")
    c.dispatch(tr.SetGuide(False, "Bo"))  # Wis 14: +2
    out = day(c, 13)  # 13 + 2 = 15 meets DC 15
    assert out.envelopes[0].event.nav_mod == 2 and not last(c).strayed


def test_dnd_extended_travel_saves_land_exhaustion_on_the_party(make):
    c = road(make, "dnd-2024", "grassland", "road")
    out = day(c, 1, 20, 20, 1, hours=10, camp=False)  # hour 9 DC 11: Ana fails; hour 10 DC 12: Bo fails
    assert len(out.envelopes) == 1  # the day's own: its exhaustion is derived from its saves
    assert [ch.exhaustion for ch in c.state.party] == [1, 1]
    assert last(c).exhausted == ("Ana", "Bo")
    assert any("Exhaustion from extended travel" in a.text for a in out.alerts)


def test_dnd_exhaustion_from_one_hours_save_weighs_on_the_next_hours(make):
    """Playtest: a traveller who failed hour 9's save rolled hour 10's without
    the level of exhaustion it had just gained (-2 on every d20 test)."""
    c = road(make, "dnd-2024", "grassland", "road")
    out = day(c, 1, 20, 8, 20, hours=10, camp=False)  # Ana fails hour 9; 8+4 meets DC 12, 8+4-2 not
    assert [m for _, _, m in out.envelopes[0].event.saves] == [4, 1, 2, 1]
    assert [ch.exhaustion for ch in c.state.party] == [2, 0]
    assert "Ana Constitution save 1d20=[8] typed+2 vs DC 12 FAILED" in last_line(c)
    c.dispatch(c.amend_command(out.envelopes[0].seq, [20, 20, 8, 20]))  # she made hour 9's
    assert "Ana Constitution save 1d20=[8] typed+4 vs DC 12 passed" in last_line(c)


def last_line(c, area="travel"):
    """The last log line of ``area`` (a correction stands in for the day it corrects)."""
    from tracker.history import entries
    return [e.text for e in entries(list(c.store.read()), c.timeline)
            if e.area in (area, "history")][-1]


def test_dnd_stage_then_camp(make):
    c = road(make, "dnd-2024", "grassland", "road")
    day(c, hours=3, camp=False)
    assert c.state.travel.hours_today == 3 and js(c)["left_today"] == 15  # 5 h at 3 mph
    with pytest.raises(Refused, match="make camp first"):
        c.dispatch(tr.RestDay())
    c.dispatch(tr.MakeCamp())
    assert c.state.travel.hours_today == 0 and c.state.clock == c.state.rules.time.day_seconds


def test_dnd_weather_three_d20_and_encounters_on_demand(make):
    c = road(make, "dnd-2024", "forest")
    out = c.dispatch(tr.RollWeather(), [15, 3, 18, 1])  # 15: 1d4 × 10 °F colder; the 1d4: 3
    assert c.state.travel.weather == \
        "temperature: 30 °F colder · wind: strong · precipitation: none"
    assert "temperature 1d20=[15] typed, wind 1d20=[18] typed, precipitation 1d20=[1] " \
        "typed, temperature 1d4*10=[3]" in last_line(c)
    c.dispatch(c.amend_command(out.envelopes[0].seq, [2]))  # a normal day: no 1d4
    assert c.state.travel.weather.startswith("temperature: normal for the season · wind")
    c.dispatch(tr.RollEncounter(), [3, 5])  # forest: 2d8×10
    assert c.state.travel.encounters == 1


def test_dnd_water_is_drunk_and_foraging_finds_more(make):
    c = road(make, "dnd-2024", "grassland", "road")
    c.dispatch(tr.SetWater(5))
    day(c, 18, 4, 3, forage=True)  # Survival 18 + Wis (+1) vs DC 15: 4+1 lb, 3+1 gal
    assert last(c).food == 5 and last(c).water == 4
    assert c.state.travel.water == 5 + 4 - 2
    day(c, 5, forage=True)  # fails: nothing more
    assert last(c).food == 0


def test_dnd_under_half_a_days_water_brings_exhaustion_to_everyone(make):
    c = road(make, "dnd-2024", "grassland", "road")
    c.dispatch(tr.SetWater(3))  # two drink 2 gallons a day
    day(c)
    assert c.state.travel.water == 1 and [ch.exhaustion for ch in c.state.party] == [0, 0]
    day(c)  # 1 gallon is half the day's water: enough
    assert [ch.exhaustion for ch in c.state.party] == [0, 0]
    out = c.dispatch(tr.RestDay())  # none left: the day ends in exhaustion, no save
    assert [ch.exhaustion for ch in c.state.party] == [1, 1]
    assert any("1 day without enough water: exhaustion +1" in a.text for a in out.alerts)
    out = c.dispatch(tr.TravelDay(2))
    assert [ch.exhaustion for ch in c.state.party] == [3, 3]  # a level each day
    assert last_line(c).endswith("the exhaustion of too little water stays")  # the night


# --- undo, amend, replay -----------------------------------------------------------------


def test_undo_a_day_and_amend_its_lost_roll(make):
    c = road(make, "dyb-og-drager", "forest")
    before = c.state
    out = day(c, 1, 5)
    assert c.state.travel.lost
    c.undo()
    assert (c.state.travel, c.state.clock, c.state.supplies) == \
        (before.travel, before.clock, before.supplies)
    c.redo()
    seq = out.envelopes[0].seq
    c.dispatch(c.amend_command(seq, [5]))  # the die was a 5: not lost after all
    assert not c.state.travel.lost and c.state.travel.day == 1


# --- the rates match the data (seeded, two-sided z) ----------------------------------------


def _rate(state, trials: int, seed: int, hit) -> float:
    hits = 0
    for i in range(trials):
        ev = decide_day(state, tr.TravelDay(), dicemod.SeededDice(f"{seed}-{i}"))
        hits += hit(ev)
    return hits / trials


@pytest.mark.parametrize("rid,terrain,route,p", [
    ("dyb-og-drager", "clear", "", 1 / 6),
    ("dyb-og-drager", "forest", "", 2 / 6),
    ("dyb-og-drager", "swamp", "", 3 / 6),
    ("dolmenwood", "meadow", "", 1 / 6),  # light
    ("dolmenwood", "bog", "", 2 / 6),  # moderate
    ("dolmenwood", "swamp", "", 3 / 6),  # difficult
    ("dolmenwood", "bog", "track", 1 / 6),
])
def test_lost_rate_per_terrain_class_matches_the_data(make, rid, terrain, route, p):
    c = road(make, rid, terrain, route)
    t = c.state.rules.travel
    n = 3000
    rate = _rate(c.state, n, 11, lambda ev: became_lost(t, ev))
    assert abs(_z(rate, p, n)) < 3.3, (rate, p)


@pytest.mark.parametrize("rid,terrain,p", [
    ("dyb-og-drager", "clear", 1 / 6),
    ("dyb-og-drager", "mountains", 3 / 6),
    ("dolmenwood", "hilly_forest", 2 / 6),
])
def test_encounter_rate_matches_the_data(make, rid, terrain, p):
    c = road(make, rid, terrain)
    t = c.state.rules.travel
    n = 3000
    rate = _rate(c.state, n, 23, lambda ev: is_encounter(t, ev))
    assert abs(_z(rate, p, n)) < 3.3, (rate, p)


def test_the_rate_test_can_fail(make):
    """A house rule halving the chance is caught by the same z-test."""
    c = road(make, "dyb-og-drager", "swamp")
    c.dispatch(ChangeHouseRule("travel.terrains.swamp.lost", '"1-in-6"'))
    t = c.state.rules.travel
    rate = _rate(c.state, 3000, 11, lambda ev: became_lost(t, ev))
    assert abs(_z(rate, 3 / 6, 3000)) > 3.3


# --- property tests: travel replays, undoes and amends like the dungeon does ------------------

import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

from hypothesis import given, strategies as st  # noqa: E402

from tracker.core.engine import replay  # noqa: E402
from tracker.service import Campaign  # noqa: E402

TERRAINS = ["clear", "forest", "swamp", "meadow", "bog", "grassland", "mountain", "hills"]
ROUTES = ["", "road", "track", "trail"]

travel_command = st.one_of(
    st.builds(tr.SetTerrain, st.sampled_from(TERRAINS), st.sampled_from(ROUTES)),
    st.builds(tr.TravelDay, st.integers(1, 4), st.just(0), st.booleans(), st.booleans()),
    st.builds(tr.TravelDay, st.just(1), st.integers(1, 12), st.just(False), st.booleans(),
              st.booleans()),
    st.builds(tr.MakeCamp), st.builds(tr.RestDay), st.builds(tr.ForageDay),
    st.builds(tr.Hunt, st.sampled_from([None, True, False])),
    st.builds(tr.RollWeather), st.builds(tr.SetWeather, st.just("fog"),
                                         st.sampled_from([(), ("V",), ("I", "W")])),
    st.builds(tr.SetHeading, st.sampled_from(["N", "SE"]), st.sampled_from(["", "W"])),
    st.builds(tr.Found), st.builds(tr.RollEncounter),
    st.builds(tr.SetPace, st.sampled_from(["slow", "normal", "fast"])),
    st.builds(tr.SetGuide, st.booleans(), st.sampled_from(["", "Ana"])),
    st.builds(tr.PlanRoute, st.lists(st.builds(Stage, st.just("X"), st.sampled_from(TERRAINS),
                                                st.integers(1, 40)), max_size=3).map(tuple)),
    st.builds(tr.SetWater, st.integers(0, 9)),
    st.builds(SetSupplies, st.sampled_from(list(RATIONS.values())), st.integers(0, 6)),
    st.builds(AddCharacter, st.sampled_from(["Cy", "Di"])),
)
journey = st.tuples(st.sampled_from(list(RATIONS)), st.integers(0, 1000),
                    st.lists(travel_command, min_size=1, max_size=25))


@PROPS
@given(journey)
def test_a_journey_replays_the_same(sc):
    reopens_and_replays_the_same(*_play(*sc), replay)


@PROPS
@given(journey)
def test_undoing_a_travel_step_then_redoing_it_restores(sc):
    undo_then_redo_restores(_play(*sc)[0])


@PROPS
@given(st.sampled_from(list(RATIONS)), st.integers(0, 99), st.integers(2, 8), st.data())
def test_amending_a_days_first_die_rederives_the_day(rid, seed, days, data):
    """Retyping the lost roll (or navigation check) of one day of several: that day
    is lost or not, strays or not, as the new die says; the others stand; the
    amended log replays to the same state."""
    terrain = {"dyb-og-drager": "forest", "dolmenwood": "bog", "dnd-2024": "forest"}[rid]
    c = Campaign.create(Path(tempfile.mkdtemp(prefix="travel-amend-")), "a", rid, seed)
    c.dispatch(AddCharacter("Ana"))
    c.dispatch(SetSupplies(RATIONS[rid], 20))
    c.dispatch(tr.SetTerrain(terrain))
    seqs = []
    for _ in range(days):
        if c.state.travel.lost:
            c.dispatch(tr.Found())
        # D&D: 5 hours, so that a stage made longer by straying stays within the
        # 8 hours before extended-travel saves (their exhaustion could kill Ana)
        hours = 5 if rid == "dnd-2024" else 0
        seqs.append(c.dispatch(tr.TravelDay(hours=hours)).envelopes[0].seq)
    i = data.draw(st.integers(0, days - 1))
    ev = next(iter(c.store.read(seqs[i], seqs[i]))).event
    if ev.lost_roll is None:
        return  # lost already that day: nothing was rolled
    sides = dicemod.parse(ev.lost_roll.expr).groups[0].sides
    new = [data.draw(st.integers(1, sides)) for _ in ev.lost_roll.dice]
    others = [d.lost for k, d in enumerate(c.state.travel.days) if k != i]
    try:
        c.dispatch(c.amend_command(seqs[i], new))
    except Refused:
        return  # the same dice: nothing to change
    t = c.state.rules.travel
    fixed = msgspec.structs.replace(ev, lost_roll=msgspec.structs.replace(
        ev.lost_roll, dice=tuple(new), total=dicemod.total_of(ev.lost_roll.expr, tuple(new))))
    day_i = c.state.travel.days[i]
    assert day_i.lost == became_lost(t, fixed)  # found before each day, so the die decides
    assert day_i.strayed == strayed(t, fixed)
    assert [d.lost for k, d in enumerate(c.state.travel.days) if k != i][:i] == others[:i]
    assert replay(list(c.store.read())) == c.state
    c.close()


# --- water on the road, and the exhaustion a dry day brings (playtest #5, #6a) ------------------


def test_downtime_away_from_the_road_leaves_the_road_water_alone(make):
    """Playtest: downtime at home drank the journey's water and warned of thirst."""
    from tracker.core.bastion import Downtime
    c = road(make, "dnd-2024", "grassland", "road")
    c.dispatch(tr.SetWater(1))
    out = c.dispatch(Downtime(7))
    assert c.state.travel.water == 1 and c.state.travel.dry_days == 0
    assert [ch.exhaustion for ch in c.state.party] == [0, 0]
    assert not any("water" in a.text.lower() for a in out.alerts)


def test_a_dry_day_on_the_road_brings_exhaustion_whatever_passes_it(make):
    """On the road (a route ahead) any day without water tires everyone, as a
    travel day's does: here downtime, which before only counted the dry days."""
    from tracker.core.bastion import Downtime
    c = road(make, "dnd-2024", "grassland", "road")
    c.dispatch(tr.PlanRoute((Stage("Ford", "grassland", 90, "road"),)))
    c.dispatch(tr.SetWater(0))
    out = c.dispatch(Downtime(2))
    assert c.state.travel.dry_days == 2
    assert [ch.exhaustion for ch in c.state.party] == [2, 2]
    assert any("without enough water" in a.text for a in out.alerts)


def test_amending_a_failed_extended_travel_save_takes_its_exhaustion_back(make):
    """Playtest 6a: retyping a failed save as a success kept the exhaustion."""
    c = road(make, "dnd-2024", "grassland", "road")
    out = day(c, 1, 20, hours=9, camp=False)  # hour 9, DC 11: Ana fails
    assert [ch.exhaustion for ch in c.state.party] == [1, 0]
    c.dispatch(c.amend_command(out.envelopes[0].seq, [20, 20]))
    assert [ch.exhaustion for ch in c.state.party] == [0, 0]


def test_the_recap_of_a_road_day_says_only_what_happened(make):
    """Playtest #10: "Food on the road: 0 rations found, 0 eaten" beside the
    supplies' "Rations: 20 eaten", "38 miles in 1 days", and dungeon turns and
    checks on a day with no dungeon."""
    from tracker import recap
    c = road(make, "dnd-2024", "grassland", "road")
    day(c, hours=6, camp=False)
    day(c, hours=2)  # the same day, ended in camp
    text = recap.markdown(recap.build("c", list(c.store.read()), c.timeline.state_at, [0]))
    assert "in 1 day" in text and "1 days" not in text
    assert "Food on the road" not in text and "0 of them lost" not in text
    assert "Turns" not in text and "Wandering checks" not in text


# --- D&D 2024: the night in camp is the long rest (5e2024.md §3.2) -----------------------


def _ana(c):
    return next(x for x in c.state.party if x.name == "Ana")


def test_dnd_the_night_in_camp_is_the_long_rest_with_its_16_hour_gap(make):
    from tracker.core.party import Damage, LongRest, SetExhaustion
    c = road(make, "dnd-2024", "grassland", "road")
    c.dispatch(Damage("Ana", 5))
    c.dispatch(SetExhaustion("Ana", 2))
    day(c)  # 8 h on the road, then the night: a long rest at its end
    assert _ana(c).hp == _ana(c).hp_max and _ana(c).exhaustion == 1
    assert _ana(c).long_rested_at == c.state.clock == c.state.rules.time.day_seconds
    assert last_line(c) == "The night in camp is a long rest: Ana, Bo"
    with pytest.raises(Refused, match="next may start 16 h after"):
        c.dispatch(LongRest())  # no eight more hours: the night was it
    day(c)  # the next night's rest starts 16 h after the last ended: a long rest again
    assert _ana(c).exhaustion == 0


def test_dnd_a_stage_then_camp_rests_and_a_short_night_does_not(make):
    from tracker.core.party import SetExhaustion
    c = road(make, "dnd-2024", "grassland", "road")
    c.dispatch(SetExhaustion("Ana", 2))
    day(c, hours=3, camp=False)
    c.dispatch(tr.MakeCamp())
    assert _ana(c).exhaustion == 1 and "long rest" in last_line(c)
    c2 = road(make, "dnd-2024", "grassland", "road", name="d")
    c2.dispatch(SetExhaustion("Ana", 2))
    day(c2, hours=8, camp=False)
    for _ in range(9):  # 17 h on the road: under 8 h of night, no long rest
        day(c2, 20, 20, hours=1, camp=False)
    c2.dispatch(tr.MakeCamp())
    assert "long rest" not in last_line(c2) and _ana(c2).exhaustion == 2


def test_a_ruleset_without_camp_long_rest_keeps_the_camp_a_night_only(make):
    from tracker.core.party import SetExhaustion
    c = road(make, "dnd-2024", "grassland", "road")
    c.dispatch(ChangeHouseRule("travel.camp_long_rest", "false"))
    c.dispatch(SetExhaustion("Ana", 1))
    day(c)
    assert _ana(c).exhaustion == 1 and "long rest" not in last_line(c)
