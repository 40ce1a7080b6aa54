"""Overland travel rules as data (the [travel] section) and the pure calculations
over it, per ruleset, with the numbers of the rules digests (osr.md §6.2, §6.3,
§7.1, §8; 5e2024.md §4, §5)."""

from pathlib import Path

import pytest

from tracker.core import dice
from tracker.core.ruleset import RulesetError, load_text
from tracker.core.travel import calc
from tracker.core.travel.calc import TravelRefused

ROOT = Path(__file__).resolve().parents[1]


def text(rid):
    return (ROOT / "rulesets" / f"{rid}.toml").read_text()


@pytest.fixture(scope="module")
def bx():
    return load_text(text("dyb-og-drager")).rules.travel


@pytest.fixture(scope="module")
def dw():
    return load_text(text("dolmenwood")).rules.travel


@pytest.fixture(scope="module")
def dnd():
    return load_text(text("dnd-2024")).rules.travel


def C(s):
    return dice.parse_chance(s)


# --- Dyb & Drager: miles per day -----------------------------------------------------


@pytest.mark.parametrize("rates,terrains,miles", [
    ([120], ["clear"], 24),            # 120 ÷ 5
    ([120, 90], ["clear"], 18),        # the slowest member sets the pace
    ([120], ["forest"], 16),           # ×⅔
    ([90], ["forest"], 12),
    ([120], ["swamp"], 12),            # ×½
    ([60], ["mountains"], 6),
    ([120], ["forest", "swamp"], 12),  # the worst condition applies, never both
    ([120], ["grassland", "hills"], 16),
])
def test_bx_miles_per_day(bx, rates, terrains, miles):
    assert calc.day_distance(bx, rates, terrains) == miles


def test_bx_road_replaces_the_terrain_and_forced_march(bx):
    assert calc.day_distance(bx, [120], ["forest"], "road") == 36   # ×1½ whatever the terrain
    assert calc.day_distance(bx, [120], ["clear"], forced=True) == 36
    assert calc.day_distance(bx, [120], ["forest"], forced=True) == 24
    assert bx.forced_march.rest_days_after == 1
    assert calc.day_distance(bx, [120], flying=True) == 48


def test_bx_trail_has_no_speed_of_its_own_and_says_so(bx):
    assert calc.day_distance(bx, [120], ["forest"], "trail") == 16
    assert "not in our sources" in calc.gm_note(bx, "routes.trail.multiplier")


def test_bx_mounts_everyone_rides_at_the_mounts_rate(bx):
    assert calc.day_distance(bx, [90], ["clear"], mount_rates=[240, 180]) == 36
    assert calc.gm_note(bx, "mounts.animals.horse")  # rates are GM-entered


def test_bx_foraging_costs_a_third_and_not_on_forced_march(bx):
    assert calc.day_distance(bx, [120], ["clear"], foraging=True) == 16
    with pytest.raises(TravelRefused, match="forced march"):
        calc.day_distance(bx, [120], ["clear"], forced=True, foraging=True)
    with pytest.raises(TravelRefused, match="nothing to forage"):
        calc.day_distance(bx, [120], ["swamp"], foraging=True)
    assert calc.forage_allowed(bx, "ocean") and not calc.forage_allowed(bx, "forest")


def test_bx_forage_3_in_6_and_whole_day_near_camp(bx):
    assert calc.forage(bx, "forest", roll=3).found
    assert not calc.forage(bx, "forest", roll=4).found
    assert calc.forage(bx, "forest", whole_day=True).found
    with pytest.raises(TravelRefused):
        calc.forage(bx, "forest")  # no roll given


def test_bx_hunting_not_on_forced_march_or_rest_day(bx):
    assert calc.hunt_allowed(bx) == ""
    assert "forced march" in calc.hunt_allowed(bx, forced=True)
    assert "rest day" in calc.hunt_allowed(bx, rest_day=True)
    assert calc.gm_note(bx, "hunt.chance")


@pytest.mark.parametrize("terrain,chance", [
    ("clear", "1-in-6"), ("grassland", "1-in-6"), ("city", "1-in-6"),  # 000:701: towns are clear
    ("swamp", "3-in-6"), ("jungle", "3-in-6"),
    ("desert", "3-in-6"), ("forest", "2-in-6"), ("hills", "2-in-6"), ("mountains", "2-in-6"),
])
def test_bx_lost_chance_by_terrain(bx, terrain, chance):
    assert calc.lost_chance(bx, terrain) == C(chance)


def test_bx_no_lost_roll_on_road_trail_river_or_with_guide(bx):
    for route in ("road", "trail", "river"):
        assert calc.lost_chance(bx, "swamp", route) is None
    assert calc.lost_chance(bx, "swamp", guide=True) is None


def test_bx_lost_at_sea(bx):
    assert calc.sea_lost_chance(bx, navigator=True, land_in_sight=False) == C("2-in-6")
    assert calc.sea_lost_chance(bx, navigator=False, land_in_sight=False).hits(6)  # always
    assert calc.sea_lost_chance(bx, navigator=False, land_in_sight=True) == C("2-in-6")


@pytest.mark.parametrize("terrain,chance", [
    ("clear", "1-in-6"), ("city", "1-in-6"), ("forest", "2-in-6"), ("desert", "2-in-6"),
    ("swamp", "3-in-6"), ("mountains", "3-in-6"), ("ocean", "2-in-6"), ("river", "2-in-6"),
])
def test_bx_encounter_chance_by_terrain(bx, terrain, chance):
    assert calc.encounter_chance(bx, terrain) == C(chance)


def test_bx_encounters_once_a_day_distance_and_surprise(bx):
    assert calc.encounter_chance(bx, "clear", "night") is None  # one check, by day
    assert calc.encounter_chance(bx, "broken") is None
    assert calc.gm_note(bx, "terrains.broken.encounter")
    assert calc.encounter_distance_dice(bx, "forest") == "4d6*30"  # 4d6 × 10 yards
    assert calc.encounter_distance_dice(bx, "forest", foe_surprised=True) == "1d4*30"
    assert bx.encounters.surprise == "2-in-6"


def test_bx_rest_debt_one_day_in_six_cumulative(bx):
    """000:711: a rest day is owed after six days of travel; going on without it costs
    -1, a further -1 per six more days; each rest day pays back one step."""
    days = 0
    for _ in range(12):
        days = calc.rest_debt(bx, days, rested=False)
    # the seed's example: 12 days, -2 (gm-review4 R7: the second step came a day late)
    assert days == 12 and calc.rest_penalty(bx, days, just_travelled=True) == -2
    assert calc.rest_penalty(bx, 13, just_travelled=True) == -2
    assert calc.rest_penalty(bx, 7, just_travelled=True) == -1  # the first step skipped
    assert calc.rest_penalty(bx, 18, just_travelled=True) == -3
    days = calc.rest_debt(bx, days, rested=True)
    assert calc.rest_penalty(bx, days) == -1                  # one rest day: still -1
    days = calc.rest_debt(bx, days, rested=True)
    assert days == 0 and calc.rest_penalty(bx, days) == 0
    assert calc.rest_penalty(bx, 5, just_travelled=True) == 0
    assert calc.rest_penalty(bx, 6, just_travelled=True) == 0  # owed, not yet skipped
    assert calc.rest_penalty(bx, 7, just_travelled=True) == -1
    assert calc.rest_due_in(bx, 5) == 1 and calc.rest_due_in(bx, 6) == 0
    assert calc.rest_debt(bx, 5, rested=True) == 0
    assert bx.rest.mounts


@pytest.mark.parametrize("total,becalmed,gale", [(2, True, False), (7, False, False),
                                                 (12, False, True)])
def test_bx_sea_weather_2d6(bx, total, becalmed, gale):
    row = calc.sea_weather(bx, total)
    assert (row.becalmed, row.gale) == (becalmed, gale)


def test_bx_sailing_in_the_weather(bx):
    calm, fresh, gale = (calc.sea_weather(bx, n) for n in (2, 7, 12))
    assert calc.sail_distance(bx, 360, fresh) == 72          # a 360' ship
    assert calc.sail_distance(bx, 360, calm) == 0            # sails only: stays put
    assert calc.sail_distance(bx, 360, calm, oars=True) == 72  # rowed: unaffected
    assert calc.sail_distance(bx, 360, gale) == 216          # running at 3×
    assert calc.sail_distance(bx, 360, fresh, current_total=9, with_current=False) == 63
    assert dice.parse(bx.sea.current).bounds() == (7, 12)
    assert calc.gm_note(bx, "sea.vessels.cog")


def test_bx_gale(bx):
    assert calc.gale_outcome(bx, "ride_out", 80) == "sunk"
    assert calc.gale_outcome(bx, "ride_out", 81) == "afloat"
    assert calc.gale_outcome(bx, "run", 75) == "wrecked"
    assert calc.gale_outcome(bx, "run", 75, pilot_margin=1) == "landed"  # +5% per point
    assert calc.gale_outcome(bx, "unsailed", 20) == "survived"
    assert calc.gale_outcome(bx, "unsailed", 21) == "swamped"
    assert bx.sea.gale.beach_chance == "2-in-6"


def test_bx_land_weather_is_gm_entered(bx):
    assert "GM" in calc.gm_note(bx, "weather")
    with pytest.raises(TravelRefused, match="GM enters"):
        calc.stage_weather(bx, {})


# --- Dolmenwood: travel points and hex costs --------------------------------------


def test_dw_travel_points(dw):
    assert dw.distance.unit == "travel points"
    assert calc.day_distance(dw, [40]) == 8
    assert calc.day_distance(dw, [40, 30]) == 6
    assert calc.day_distance(dw, [40], forced=True) == 12          # +50%
    assert calc.day_distance(dw, [40], weather=["I"]) == 6         # impeded: -2


@pytest.mark.parametrize("terrain,cost,chance,mounts", [
    ("meadow", 2, "1-in-6", "ridden"), ("open_forest", 2, "1-in-6", "ridden"),
    ("bog", 3, "2-in-6", "led"), ("tangled_forest", 3, "2-in-6", "led"),
    ("swamp", 4, "3-in-6", "none"), ("thorny_forest", 4, "3-in-6", "none"),
])
def test_dw_terrain_classes(dw, terrain, cost, chance, mounts):
    assert calc.hex_cost(dw, terrain) == cost
    assert calc.lost_chance(dw, terrain) == C(chance)
    assert calc.encounter_chance(dw, terrain) == C(chance)
    assert dw.terrains[terrain].mounts == mounts
    assert dw.terrains[terrain].vehicles == (mounts == "ridden")


def test_dw_roads_and_tracks(dw):
    assert calc.hex_cost(dw, "thorny_forest", "road") == 2
    assert calc.hex_cost(dw, "bog", "track") == 2
    assert calc.lost_chance(dw, "swamp", "road") is None
    assert calc.lost_chance(dw, "swamp", "track") == C("1-in-6")
    assert calc.hexes_for(dw, 8, "bog") == (2, 2)
    assert calc.hexes_for(dw, 8, "swamp") == (2, 0)


def test_dw_weather_effects(dw):
    assert calc.lost_chance(dw, "bog", weather=["V"]) == C("3-in-6")   # +1-in-6
    assert calc.lost_chance(dw, "swamp", "road", weather=["V"]) is None
    assert calc.encounter_distance(dw, 210, ["V"]) == 105              # halved
    assert calc.encounter_distance(dw, 210, ["W"]) == 210
    assert calc.encounter_distance_dice(dw, "bog") == "2d6*30"
    with pytest.raises(TravelRefused, match="no weather effect 'X'"):
        calc.day_distance(dw, [40], weather=["X"])
    with pytest.raises(TravelRefused, match="GM enters"):
        calc.stage_weather(dw, {})


def test_dw_gaps_are_marked(dw):
    assert calc.forage_allowed(dw, "meadow")  # a reason: not in our sources
    assert "not in our sources" in calc.gm_note(dw, "forage")
    assert calc.rest_penalty(dw, 30) == 0 and calc.gm_note(dw, "rest")


# --- D&D 2024: paces, terrain caps, roads, mounts, vessels -------------------------


def test_dnd_pace_table_values(dnd):
    p = dnd.paces
    assert [(p[k].per_minute_ft, p[k].per_hour, p[k].per_day) for k in dnd.pace_order] == \
        [(200, 2, 18), (300, 3, 24), (400, 4, 30)]
    assert calc.pace_distance(dnd, "fast", 8) == 30          # the table's value, not 4 × 8
    assert calc.pace_distance(dnd, "slow", 8) == 18
    assert calc.pace_distance(dnd, "normal", 3) == 9
    assert calc.pace_distance(dnd, "normal", 10) == 30       # a day and two hours more


@pytest.mark.parametrize("chosen,terrain,route,pace", [
    ("fast", "forest", "", "normal"),       # capped at Normal
    ("fast", "grassland", "", "fast"),
    ("normal", "mountain", "", "slow"),
    ("fast", "mountain", "road", "normal"),  # a good road raises the cap a step
    ("fast", "forest", "road", "fast"),
    ("fast", "grassland", "road", "fast"),   # no step above Fast
    ("slow", "grassland", "road", "slow"),   # never faster than chosen
])
def test_dnd_stage_pace(dnd, chosen, terrain, route, pace):
    assert calc.stage_pace(dnd, chosen, terrain, route) == pace


def test_dnd_slow_member_and_flying(dnd):
    assert calc.is_slowed(dnd, 15, 30) and not calc.is_slowed(dnd, 20, 30)
    assert calc.stage_pace(dnd, "fast", "grassland", slowed=True) == "slow"
    assert calc.stage_pace(dnd, "fast", "swamp", flying=True) == "fast"
    assert "skis" in dnd.terrains["arctic"].max_pace_note
    with pytest.raises(TravelRefused):
        calc.stage_pace(dnd, "normal", "waterborne")


def test_dnd_mounts_double_one_hour(dnd):
    assert calc.pace_distance(dnd, "normal", 8, mounted_hours=1) == 27
    assert calc.pace_distance(dnd, "normal", 8, mounted_hours=3) == 27   # only one hour
    assert dnd.mounts.animals["riding_horse"].speed == 60


def test_dnd_vessels_in_mph(dnd):
    assert calc.vessel_distance(dnd, "sailing_ship", 24) == 48
    assert calc.vessel_distance(dnd, "rowboat", 8) == 12
    assert calc.vessel_distance(dnd, "keelboat", 8, downstream=True) == 32  # + 3 mph current
    assert calc.vessel_distance(dnd, "galley", 10, headwind=True) == 20
    with pytest.raises(TravelRefused, match="24 hours"):
        calc.vessel_distance(dnd, "galley", 25)


@pytest.mark.parametrize("terrain,nav,forage_dc,dist", [
    ("arctic", 10, 20, "6d6*10"), ("coastal", 5, 10, "2d10*10"), ("forest", 15, 10, "2d8*10"),
    ("grassland", 5, 15, "6d6*10"), ("mountain", 15, 20, "4d10*10"), ("swamp", 15, 10, "2d8*10"),
    ("underdark", 10, 20, "2d6*10"), ("urban", 15, 20, "2d6*10"), ("waterborne", 10, 15, "6d6*10"),
])
def test_dnd_terrain_table(dnd, terrain, nav, forage_dc, dist):
    assert calc.navigation_dc(dnd, terrain) == nav
    assert dnd.terrains[terrain].forage_dc == forage_dc
    assert calc.encounter_distance_dice(dnd, terrain, party_surprised=True) == dist


def test_dnd_navigation(dnd):
    assert calc.navigation_dc(dnd, "forest", "road") == 0    # an established path
    assert calc.survival_mode(dnd, "fast") == "disadvantage"
    assert calc.survival_mode(dnd, "slow") == "advantage"
    assert calc.survival_mode(dnd, "normal") == ""
    assert calc.lost_stage_hours(8, 30) == pytest.approx(10.4)  # 1d6 × 10 % longer
    assert dice.parse(dnd.lost.delay_percent).bounds() == (10, 60)
    assert calc.encounter_chance(dnd, "forest") is None and calc.gm_note(dnd, "encounters")


def test_dnd_extended_travel(dnd):
    assert [calc.extended_dc(dnd, h) for h in (7, 8, 9, 10, 12)] == [0, 0, 11, 12, 14]
    assert calc.extended_dc(dnd, 5, high_altitude=True) == 12
    assert calc.extended_dc(dnd, 4, high_altitude=True) == 0


def test_dnd_foraging(dnd):
    assert calc.forage(dnd, "forest", check=9, food=6, water=6) == calc.Found(False)  # DC 10
    assert calc.forage(dnd, "forest", check=10, food=4, water=2, modifier=2) == calc.Found(True, 6, 4)
    assert calc.forage(dnd, "arctic", check=19, food=6, water=6) == calc.Found(False)  # DC 20
    assert calc.forage(dnd, "coastal", check=12, food=1, water=1, modifier=-3) == calc.Found(True, 0, 0)
    assert dnd.forage.multiplier == ""  # no cost in distance


def test_dnd_food_and_water(dnd):
    need = dnd.water.per_day
    assert (need["medium"].food_lb, need["medium"].water_gallons) == ("1", "1")
    assert need["tiny"].water_gallons == "1/4" and need["gargantuan"].food_lb == "64"


@pytest.mark.parametrize("totals,expect", [
    ({"temperature": 14, "wind": 1, "precipitation": 14}, ("normal for the season", "none", "none")),
    ({"temperature": 15, "wind": 17, "precipitation": 16},
     ("1d4 × 10 °F colder", "light", "light rain or light snow")),
    ({"temperature": 18, "wind": 20, "precipitation": 18},
     ("1d4 × 10 °F hotter", "strong", "heavy rain or heavy snow")),
])
def test_dnd_weather_three_d20(dnd, totals, expect):
    w = calc.stage_weather(dnd, totals)
    assert (w["temperature"], w["wind"], w["precipitation"]) == expect
    assert dnd.weather.per == "stage"


def test_dnd_weather_needs_every_roll(dnd):
    with pytest.raises(TravelRefused, match="precipitation"):
        calc.stage_weather(dnd, {"temperature": 3, "wind": 3})
    with pytest.raises(TravelRefused, match="not a result"):
        calc.stage_weather(dnd, {"temperature": 21, "wind": 3, "precipitation": 3})


def test_models_do_not_mix(bx, dnd):
    with pytest.raises(TravelRefused, match="pace"):
        calc.day_distance(dnd, [30], ["forest"])
    with pytest.raises(TravelRefused, match="no terrain 'moor'"):
        calc.day_distance(bx, [120], ["moor"])
    with pytest.raises(TravelRefused, match="forced march"):
        calc.day_distance(dnd.__class__(distance=bx.distance, terrains=bx.terrains), [120],
                          forced=True)


# --- bad data ------------------------------------------------------------------------


@pytest.mark.parametrize("rid,old,new,expect", [
    ("dyb-og-drager", 'name = "Forest"\nmultiplier = "2/3"\nlost = "2-in-6"',
     'name = "Forest"\nmultiplier = "2/3"\nlost = "2 in 6"',
     "key travel.terrains.forest.lost: bad chance"),
    ("dyb-og-drager", 'multiplier = "3/2"        # OSE fill', 'multiplier = "3/0"',
     "key travel.routes.road.multiplier: bad multiplier"),
    ("dyb-og-drager", '{ roll = [6, 8], result = "fresh breeze", multiplier = "1", fill = true },', "",
     "key travel.sea.weather: no entry for a roll of 6"),
    ("dyb-og-drager", 'distance = "4d6*30"', 'distance = "4d6**30"',
     "key travel.encounters.distance: bad dice"),
    ("dyb-og-drager", 'every_days = 6', 'every_days = 0', "key travel.rest.every_days"),
    ("dyb-og-drager", 'close_when = "either"', 'close_when = "one"', "key travel.encounters.close_when"),
    ("dolmenwood", 'cost = 3\nlost = "2-in-6"', 'cots = 3\nlost = "2-in-6"',
     "key travel.terrains.bog.cots: Object contains unknown field"),
    ("dolmenwood", '"weather.tables" =', '"wether.tables" =',
     "key travel.not_in_source: 'wether.tables': 'wether' is not a key of [travel]"),
    ("dolmenwood", 'divisor = 5               # travel points', 'divisor = 0  #',
     "key travel.distance.divisor: the speed model needs a divisor"),
    ("dnd-2024", 'max_pace = "slow"', 'max_pace = "crawl"',
     "key travel.terrains.mountain.max_pace: 'crawl' is not in [travel.paces]"),
    ("dnd-2024", 'pace_order = ["slow", "normal", "fast"]', 'pace_order = ["slow", "fast"]',
     "key travel.pace_order"),
    ("dnd-2024", '{ roll = [15, 17], result = "light" },', '{ roll = [15, 18], result = "light" },',
     "key travel.weather.tables.wind: two entries cover a roll of 18"),
    ("dnd-2024", 'per_day = 24', 'per_day = -24', "key travel.paces.normal.per_day"),
    ("dnd-2024", 'survival = "advantage"', 'survival = "adv"', "key travel.paces.slow.survival"),
    ("dnd-2024", 'delay_percent = "1d6*10"', 'delay_percent = "d"', "key travel.lost.delay_percent"),
])
def test_broken_travel_table_names_the_key(rid, old, new, expect):
    t = text(rid)
    assert old in t
    with pytest.raises(RulesetError) as e:
        load_text(t.replace(old, new, 1), "mine.toml")
    assert str(e.value).startswith("mine.toml, line ")
    assert expect in str(e.value)


def test_a_ruleset_without_travel_still_loads():
    t = text("dolmenwood")
    cut = t[:t.index("# --- overland travel")]
    assert load_text(cut).rules.travel is None


def test_speed_terrain_needs_a_multiplier_or_a_note():
    t = text("dyb-og-drager").replace('name = "Forest"\nmultiplier = "2/3"\n',
                                      'name = "Forest"\n', 1)
    t = "\n".join(x for x in t.splitlines() if not x.startswith('"terrains.forest.multiplier"'))
    with pytest.raises(RulesetError, match="key travel.terrains.forest.multiplier: expected"):
        load_text(t)
