"""Voyages, mounts, a forced march's rest day owed, corrections of a day: each
rule per ruleset that has it, with typed dice; replay, undo and amend.

A day afloat rolls, in order: the morning's wind (Dyb & Drager 2d6), the
river's current, lost at sea (or D&D's navigation d20, then its delay), the
encounter check, surprise (party, foe), distance.
"""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from tracker.core import dice as dicemod
from tracker.core import travel as tr
from tracker.core.dice import DiceNeeded
from tracker.core.errors import Refused
from tracker.core.engine import replay
from tracker.core.campaign.rules import SetManualDice
from tracker.core.party import AddCharacter
from tracker.core.supplies import SetSupplies
from tracker.core.travel.rules import decide_day
from tracker.core.travel.sea import lost_at_sea
from tracker.service import Campaign

from support.travel import PROPS, RATIONS, day, js, last, road
from support.travel import play_journey as _play, z_score as _z


def afloat(make, rid="dyb-og-drager", water="ocean", name="c", **kw):
    c = road(make, rid, "clear" if rid != "dnd-2024" else "coastal", name=name)
    c.dispatch(tr.Embark(**({"vessel": "Havørn", "rate": 120} | kw), terrain=water))
    return c


def lines(c) -> list[str]:
    from tracker.history import entries
    return [e.text for e in entries(list(c.store.read()), c.timeline)]


def log_line(c) -> str:
    from tracker.history import entries
    return entries(list(c.store.read()), c.timeline)[-1].text


# --- Dyb & Drager at sea ------------------------------------------------------------------


def test_bx_ship_rate_is_the_gms_and_said_so(make):
    c = road(make, "dyb-og-drager")
    with pytest.raises(Refused, match="ship table is missing.*--rate FEET"):
        c.dispatch(tr.Embark("Havørn"))
    with pytest.raises(Refused, match="is land"):
        c.dispatch(tr.Embark("Havørn", 120, terrain="forest"))
    c.dispatch(tr.SetTerrain("ocean"))
    with pytest.raises(Refused, match="needs a vessel"):
        day(c)


def test_bx_a_fresh_breeze_day_with_a_navigator(make):
    c = afloat(make)
    c.dispatch(tr.SetGuide(True))  # a navigator aboard: 2-in-6
    day(c, 3, 4, 5, 4)  # wind 7 fresh breeze ×1, lost? 5 no, check 4 quiet
    d = last(c)
    assert (d.kind, d.distance, d.lost, d.encounter, d.weather) == \
        ("sail", 24, False, False, "fresh breeze")
    assert js(c)["days"][-1]["line"] == "Day 1: sailed 24 miles on ocean (fresh breeze)"
    assert "lost at sea (2-in-6) 1d6=[5] typed: no" in log_line(c)
    day(c, 4, 5, 2, 2, 1, 6, 3)  # strong breeze ×4/3, lost 2, encounter, surprise, distance
    d = last(c)
    assert (d.distance, d.lost, d.encounter, d.encounter_ft) == (32, True, True, 90)


def test_bx_open_sea_without_a_navigator_is_always_lost_and_rolls_nothing(make):
    c = afloat(make)
    day(c, 3, 4, 5)  # wind, then straight to the encounter check
    assert last(c).lost and "lost at sea (6-in-6): LOST" in log_line(c)
    c2 = afloat(make, name="d", coast=True)  # land in sight: 2-in-6
    day(c2, 3, 4, 3, 5)
    assert not last(c2).lost


def test_bx_becalmed_stops_sails_not_oars(make):
    c = afloat(make)
    c.dispatch(tr.SetGuide(True))
    day(c, 1, 1, 5, 5)
    assert last(c).distance == 0 and "becalmed: no sailing" in log_line(c)
    c.dispatch(tr.Embark("Havørn", 120, oars=True, terrain="ocean"))
    day(c, 1, 1, 5, 5)
    assert last(c).distance == 24


def test_bx_gale_waits_for_the_choice_then_rolls_its_chance(make):
    c = afloat(make)
    c.dispatch(tr.SetGuide(True))
    day(c, 6, 6, 5, 5)  # gale
    assert last(c).distance == 0 and js(c)["gale"]
    with pytest.raises(Refused, match="a gale blows"):
        day(c)
    with pytest.raises(Refused, match="sailing ship rides the gale out or runs"):
        c.dispatch(tr.Gale("unsailed"))
    c.dispatch(tr.Gale("ride_out"), [81])  # 80% sink: 81 stays afloat
    assert not js(c)["gale"] and c.state.travel.vessel == "Havørn"
    assert log_line(c) == "Gale: rode the gale out d100 1d100=[81] typed: AFLOAT"
    day(c, 6, 6, 5, 5)
    c.dispatch(tr.Gale("ride_out"), [80])
    assert c.state.travel.vessel == "" and last(c).weather == "gale: sunk"
    with pytest.raises(Refused, match="needs a vessel"):
        day(c)


def test_bx_running_before_a_gale_drives_three_times_and_loses_the_way(make):
    c = afloat(make)
    c.dispatch(tr.SetGuide(True))
    day(c, 6, 6, 5, 5)
    c.dispatch(tr.Gale("run"))  # open sea: no coast, no roll
    assert last(c).distance == 72 and c.state.travel.lost
    c.dispatch(tr.Found())
    day(c, 6, 6, 5, 5)
    c.dispatch(tr.Gale("run", pilot=3, coast=True), [61])  # 75% - 3×5% = 60: landed
    assert "LANDED" in log_line(c) and c.state.travel.vessel


def test_bx_unsailed_ship_in_a_gale(make):
    c = afloat(make, oars=True)
    c.dispatch(tr.SetGuide(True))
    day(c, 6, 6, 5, 5)
    with pytest.raises(Refused, match="rowed ship has only its chance"):
        c.dispatch(tr.Gale("run"))
    c.dispatch(tr.Gale("unsailed"), [21])  # 20% survive
    assert c.state.travel.vessel == "" and "SWAMPED" in log_line(c)


def test_bx_river_current_with_and_against_and_no_lost_roll(make):
    c = afloat(make, water="river")
    day(c, 3, 5, current="with")  # no wind on a river; current 1d6+6 = 9, check 5
    assert last(c).distance == 33 and not last(c).lost
    day(c, 3, 5, current="against")
    assert last(c).distance == 15
    assert "current against 1d6+6=[3]=9 typed miles" in log_line(c)


def test_bx_disembark_goes_ashore(make):
    c = afloat(make)
    with pytest.raises(Refused, match="is water"):
        c.dispatch(tr.Disembark("ocean"))
    c.dispatch(tr.Disembark("forest", "Havn"))
    assert (c.state.travel.terrain, c.state.travel.place, c.state.travel.vessel) == \
        ("forest", "Havn", "")
    with pytest.raises(Refused, match="not aboard"):
        c.dispatch(tr.Disembark("forest"))


def test_dw_water_travel_is_not_in_the_source(make):
    c = road(make, "dolmenwood", "meadow")
    with pytest.raises(Refused, match="Water travel is not in our sources"):
        c.dispatch(tr.Embark("Boat", 60))


# --- D&D 2024 vessels -----------------------------------------------------------------------


def test_dnd_vessel_mph_current_and_headwind(make):
    c = afloat(make, "dnd-2024", "waterborne", vessel="galley", rate=0)
    day(c, 15, hours=12, current="with")  # navigation 15 vs DC 10; (4 + 3) × 12
    assert last(c).distance == 84 and not last(c).strayed
    day(c, 15, hours=8, headwind=True)
    assert last(c).distance == 16
    assert "Sailed: 16 miles on waterborne aboard the Galley (8 h afloat); into a headwind" \
        in lines(c)[-2] and lines(c)[-1].startswith("The night in camp is a long rest")
    with pytest.raises(Refused, match="at most 24 hours"):
        day(c, hours=20, camp=False) and day(c, hours=8)


def test_dnd_vessel_refusals(make):
    c = road(make, "dnd-2024", "coastal")
    with pytest.raises(Refused, match="no vessel 'dragon'"):
        c.dispatch(tr.Embark("dragon", terrain="waterborne"))
    with pytest.raises(Refused, match="no --rate"):
        c.dispatch(tr.Embark("galley", 30, terrain="waterborne"))
    c.dispatch(tr.Embark("keelboat", terrain="waterborne"))
    with pytest.raises(Refused, match="no speed against the current"):
        day(c, current="against")
    with pytest.raises(Refused, match="aboard ship: no forced march"):
        day(c, gallop=True)


# --- mounts and flying ----------------------------------------------------------------------


def test_bx_mounts_rate_is_the_gms_and_everyone_rides_at_it(make):
    c = road(make, "dyb-og-drager", "clear")
    with pytest.raises(Refused, match="Mount rates are not in our sources"):
        c.dispatch(tr.Mount("hest"))
    c.dispatch(tr.Mount("hest", 240))
    day(c, 3, 4)
    assert last(c).distance == 48 and "riding hest" in log_line(c)
    c.dispatch(tr.Dismount())
    day(c, 3, 4)
    assert last(c).distance == 24


def test_bx_flying_doubles_the_day_and_ignores_the_terrain(make):
    c = road(make, "dyb-og-drager", "mountains")
    c.dispatch(tr.Mount("pegasus", 120, flying=True))
    day(c, 3, 4)
    assert last(c).distance == 48


def test_dnd_mounts_double_one_hour_until_camp(make):
    c = road(make, "dnd-2024", "grassland", "road")
    with pytest.raises(Refused, match="rides no mounts"):
        day(c, gallop=True)
    with pytest.raises(Refused, match="no mount 'unicorn'"):
        c.dispatch(tr.Mount("unicorn"))
    c.dispatch(tr.Mount("riding_horse"))
    day(c, hours=4, camp=False, gallop=True)  # normal: 4 h × 3 + the doubled hour 3
    assert last(c).distance == 15
    with pytest.raises(Refused, match="doubled hour is spent"):
        day(c, hours=4, gallop=True)
    c.dispatch(tr.MakeCamp())
    day(c, gallop=True)
    assert last(c).distance == 27  # 24 + 3


def test_dnd_flying_goes_fast_over_mountains(make):
    c = road(make, "dnd-2024", "mountain")
    c.dispatch(tr.SetPace("fast"))
    day(c, 15, 15)  # navigation at Slow: advantage
    assert last(c).distance == 18  # slow: the mountain's cap
    c.dispatch(tr.Mount("griffon", flying=True))
    day(c, 15, 15)  # at Fast: disadvantage
    assert last(c).distance == 30


def test_dw_has_no_mount_rule(make):
    c = road(make, "dolmenwood", "meadow")
    with pytest.raises(Refused, match="no rule for mounted travel"):
        c.dispatch(tr.Mount("horse", 80))


# --- a forced march's rest day, extended saves, water ------------------------------------------


def test_bx_a_rest_day_owed_is_refused_unless_pushing_on(make):
    c = road(make, "dyb-og-drager", "clear")
    day(c, 4, 6, forced=True)
    with pytest.raises(Refused, match="owed 1 rest day: take it .* push on"):
        day(c, 4, 6)
    day(c, 4, 6, push_on=True)
    assert js(c)["rest_status"] == "owed"
    c.dispatch(tr.RestDay())
    day(c, 4, 6)
    assert js(c)["rest_status"] == "ok"


def test_dnd_extended_saves_show_their_dc_and_result(make):
    c = road(make, "dnd-2024", "grassland", "road")
    day(c, 1, 20, 20, 1, hours=10)
    from tracker.history import entries  # the exhaustion entries follow the day
    text = [e.text for e in entries(list(c.store.read()), c.timeline) if "save" in e.text][-1]
    assert "Ana Constitution save 1d20=[1] typed+4 vs DC 11 FAILED" in text
    assert "Bo Constitution save 1d20=[20] typed+1 vs DC 11 passed" in text
    assert "Bo Constitution save 1d20=[1] typed+1 vs DC 12 FAILED" in text


def test_dry_days_in_the_state(make):
    c = road(make, "dnd-2024", "grassland", "road")
    c.dispatch(tr.SetWater(0))
    c.dispatch(tr.RestDay())
    assert js(c)["dry_days"] == 1


# --- amending a quiet day into an encounter -------------------------------------------------


def test_with_manual_dice_a_quiet_day_corrected_into_an_encounter_asks_for_its_dice(make):
    c = road(make, "dyb-og-drager", "forest")
    day(c, 4, 5)  # not lost, quiet
    seq = c.seq
    c.dispatch(SetManualDice(True))
    with pytest.raises(DiceNeeded):
        c.amend_command(seq, [4, 1])  # an encounter now: surprise and distance are the GM's
    c.dispatch(c.amend_command(seq, [4, 1, 1, 6, 3]))
    d = c.state.travel.days[-1]
    assert d.encounter and d.encounter_ft == 90 and not d.lost
    c.dispatch(SetManualDice(False))
    c.dispatch(c.amend_command(seq, [4, 5]))  # quiet again: nothing more rolled
    assert not c.state.travel.days[-1].encounter
    assert replay(list(c.store.read())) == c.state


def test_retyping_the_lost_roll_keeps_the_days_other_dice(make):
    c = road(make, "dyb-og-drager", "forest")
    day(c, 4, 1, 1, 6, 3)  # not lost, an encounter
    seq = c.seq
    c.dispatch(c.amend_command(seq, [2]))  # lost now; the encounter stands as rolled
    d = c.state.travel.days[-1]
    assert d.lost and d.encounter and d.encounter_ft == 90


def test_a_day_afloat_amended_into_an_encounter(make):
    c = afloat(make)
    c.dispatch(tr.SetGuide(True))
    day(c, 3, 4, 5, 4)
    seq = c.seq
    c.dispatch(SetManualDice(True))
    with pytest.raises(DiceNeeded):
        c.amend_command(seq, [3, 4, 5, 1])
    c.dispatch(c.amend_command(seq, [3, 4, 5, 1, 6, 6, 4, 4, 4, 4]))
    assert c.state.travel.days[-1].encounter


# --- the sea's lost chance against the data --------------------------------------------------


@pytest.mark.parametrize("coast,navigator,p", [(False, True, 2 / 6), (True, False, 2 / 6)])
def test_lost_at_sea_rate_matches_the_data(make, coast, navigator, p):
    c = afloat(make, coast=coast)
    if navigator:
        c.dispatch(tr.SetGuide(True))
    t, n = c.state.rules.travel, 3000
    hits = sum(lost_at_sea(t, decide_day(c.state, tr.TravelDay(),
                                         dicemod.SeededDice(f"sea-{i}"))) for i in range(n))
    assert abs(_z(hits / n, p, n)) < 3.3, hits / n


def test_the_sea_rate_test_can_fail(make):
    c = afloat(make, coast=True)
    t, n = c.state.rules.travel, 3000
    hits = sum(lost_at_sea(t, decide_day(c.state, tr.TravelDay(),
                                         dicemod.SeededDice(f"sea-{i}"))) for i in range(n))
    assert abs(_z(hits / n, 1 / 6, n)) > 3.3


# --- property tests: voyages and mounts replay, undo and amend ----------------------------------

sea_command = st.one_of(
    st.builds(tr.Embark, st.sampled_from(["Havørn", "galley", "rowboat"]),
              st.sampled_from([0, 120]), st.booleans(), st.booleans(),
              st.sampled_from(["", "ocean", "river", "waterborne"])),
    st.builds(tr.Disembark, st.sampled_from(["clear", "forest", "coastal", "meadow"])),
    st.builds(tr.TravelDay, st.integers(1, 3), st.just(0), st.just(False), st.just(False),
              st.just(True), st.booleans(), st.sampled_from(["", "with", "against"]),
              st.booleans()),
    st.builds(tr.TravelDay, st.just(1), st.integers(0, 10), st.booleans(), st.just(False),
              st.booleans(), st.booleans(), st.just(""), st.just(False), st.booleans()),
    st.builds(tr.Gale, st.sampled_from(["ride_out", "run", "unsailed"]), st.integers(0, 3),
              st.booleans()),
    st.builds(tr.Mount, st.sampled_from(["riding_horse", "hest"]), st.sampled_from([0, 240]),
              st.booleans()),
    st.builds(tr.Dismount), st.builds(tr.RestDay), st.builds(tr.MakeCamp), st.builds(tr.Found),
    st.builds(tr.SetGuide, st.booleans()),
    st.builds(tr.SetTerrain, st.sampled_from(["clear", "grassland", "meadow"])),
    st.builds(SetSupplies, st.sampled_from(list(RATIONS.values())), st.integers(0, 6)),
)
voyage = st.tuples(st.sampled_from(list(RATIONS)), st.integers(0, 1000),
                   st.lists(sea_command, min_size=1, max_size=20))


@PROPS
@given(voyage)
def test_a_voyage_replays_undoes_and_redoes(sc):
    c, saves = _play(*sc)
    reopened = Campaign.open(saves, "p")
    assert reopened.state == c.state and replay(list(c.store.read())) == c.state
    reopened.close()
    before = c.state
    try:
        c.undo()
    except Refused:
        c.close()
        return
    c.redo()
    assert c.state == before
    c.close()


@PROPS
@given(st.integers(0, 999), st.lists(st.integers(1, 6), min_size=1, max_size=6))
def test_amending_a_day_afloat_replays(seed, new):
    """Any dice retyped into a day at sea: the correction refolds and replays the same."""
    import tempfile
    from pathlib import Path
    c = Campaign.create(Path(tempfile.mkdtemp(prefix="sea-amend-")), "a", "dyb-og-drager", seed)
    c.dispatch(AddCharacter("Ana"))
    c.dispatch(tr.SetTerrain("clear"))
    c.dispatch(tr.Embark("Havørn", 120, terrain="ocean"))
    c.dispatch(tr.SetGuide(True))
    seq = c.dispatch(tr.TravelDay()).envelopes[0].seq
    try:
        c.dispatch(c.amend_command(seq, new))
    except Refused:
        c.close()
        return
    assert replay(list(c.store.read())) == c.state
    c.close()


@pytest.mark.parametrize("rest", ["short", "long"])
def test_dnd_a_short_or_long_rest_rests_the_mounts_for_their_doubled_hour(make, rest):
    """Seed 003 (l. 84): after the doubled hour the mounts need a Short or Long
    Rest before they can go at that pace again; a camp was the only way."""
    from tracker.core.party import LongRest, ShortRest
    c = road(make, "dnd-2024", "grassland", "road")
    c.dispatch(tr.Mount("riding_horse"))
    day(c, hours=4, camp=False, gallop=True)
    c.dispatch(ShortRest() if rest == "short" else LongRest())
    day(c, hours=2, camp=False, gallop=True)  # refused before: "doubled hour is spent"
    assert last(c).distance == 9  # 2 h × 3 + the doubled hour 3


# --- Dyb & Drager: the seed's 2d6 at sea, its beach (000:763, 775) ----------------------


def test_bx_no_wind_roll_on_a_river(make):
    """The seed's 2d6 is rolled sailing at sea: on a river the day rolls no wind."""
    c = afloat(make, water="river")
    day(c, 5)  # straight to the encounter check
    assert "wind" not in log_line(c) and last(c).distance == 24


def test_bx_wind_rows_between_calm_and_gale_say_they_are_ose_fill(make):
    c = afloat(make)
    c.dispatch(tr.SetGuide(True))
    day(c, 3, 4, 5, 4)  # 7: fresh breeze, OSE's row
    assert "fresh breeze (OSE fill: not in the source)" in log_line(c)
    day(c, 1, 1, 5, 5)  # 2: the seed's calm
    assert "wind 2d6=[1,1]=2 typed becalmed;" in log_line(c)  # the seed's own row: no label


def test_bx_rowed_ship_by_a_clear_coast_lands_before_the_gale(make):
    c = afloat(make, oars=True, coast=True)
    c.dispatch(tr.SetGuide(True))
    day(c, 6, 6, 5, 5)
    c.dispatch(tr.Gale("unsailed", clear_coast=True), [])  # nothing to roll
    assert "a clear coast in sight: LANDED" in log_line(c) and c.state.travel.vessel


@pytest.mark.parametrize("beach,d100,result,aboard", [
    (2, None, "BEACHED", True),  # 1-2 on a d6: the pilot finds a beach or bay
    (3, 21, "SWAMPED", False),   # no beach: the 20% chance to survive
    (3, 20, "SURVIVED", True),
])
def test_bx_rowed_ship_by_a_rough_coast_rolls_for_a_beach(make, beach, d100, result, aboard):
    c = afloat(make, oars=True, coast=True)
    c.dispatch(tr.SetGuide(True))
    day(c, 6, 6, 5, 5)
    c.dispatch(tr.Gale("unsailed"), [beach] + ([d100] if d100 else []))
    line = log_line(c)
    assert f"beach 1d6=[{beach}] typed" in line and line.endswith(result)
    assert bool(c.state.travel.vessel) == aboard


def test_bx_clear_coast_needs_land_in_sight_and_no_sails(make):
    c = afloat(make, oars=True)
    c.dispatch(tr.SetGuide(True))
    day(c, 6, 6, 5, 5)
    with pytest.raises(Refused, match="clear-coast"):
        c.dispatch(tr.Gale("unsailed", clear_coast=True))
