"""Chases, rule by rule, on each ruleset that has the rule: the D&D 2024 chase
(dashes, exhaustion, complications, escape, rounds on the clock) and B/X
evasion (morale, dungeon rounds, wilderness and sea chances, pursuit).

Dice are typed in with ``dice=[...]`` so every outcome is known.
"""

import math

import pytest

from tracker.core import chase as ch
from tracker.core.dice import DiceNeeded, ManualDice, ScriptedDice, SeededDice
from tracker.core.engine import decide, evolve
from tracker.core.errors import Refused
from tracker.core.lights import LightSource
from tracker.core.party import AddCharacter, SetExhaustion
from tracker.core.supplies import SetSupplies
from tracker.core.view import state_json
from tracker.core.chase.standing import current, fates, over

ROGUE = (10, 16, 14, 12, 14, 10)  # str dex con int wis cha: Dex +3, Con +2, Wis +2


def js(c):
    return state_json(c.state, c.seq)["chase"]


def runner(c, name):
    return next(r for r in js(c)["runners"] if r["name"] == name)


def urban(make, distance=40):
    """Ana (party, quarry, initiative 20+3) runs from a Thug (initiative 10)."""
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "rogue", 1, ROGUE))
    c.dispatch(ch.StartChase("urban", distance))
    c.dispatch(ch.JoinChase("Ana"), [20])
    c.dispatch(ch.JoinChase("Thug", "pursuer", speed=30, con=1, perception=12), [10])
    return c


# --- D&D 2024 ---------------------------------------------------------------------------


def test_party_member_numbers_come_from_the_party(make):
    c = urban(make)
    ana = runner(c, "Ana")
    assert (ana["speed"], ana["free_dashes"], ana["initiative"]) == (30, 5, 23)
    assert [r["name"] for r in js(c)["runners"]] == ["Ana", "Thug"]  # initiative order
    assert js(c)["turn"] == "Ana" and runner(c, "Thug")["quarry"] == "Ana"
    assert runner(c, "Thug")["gap_ft"] == 40


def test_exhaustion_from_the_party_slows_the_runner(make):
    c = urban(make)
    c.dispatch(SetExhaustion("Ana", 2))
    assert runner(c, "Ana")["speed"] == 20 and runner(c, "Ana")["exhaustion"] == 2
    with pytest.raises(Refused, match="dashes 0 to 40 ft"):
        c.dispatch(ch.TakeTurn(45, True))


def test_free_dashes_are_3_plus_con_at_least_1(make):
    c = urban(make)
    c.dispatch(ch.JoinChase("Slug", "pursuer", speed=20, con=-4), [1])
    assert runner(c, "Slug")["free_dashes"] == 1
    assert runner(c, "Thug")["free_dashes"] == 4


def test_dash_beyond_the_free_ones_saves_or_the_party_member_gains_exhaustion(make):
    c = urban(make)
    for _ in range(5):  # Ana's five free dashes: only the complication die each turn
        out = c.dispatch(ch.TakeTurn(None, True), [12])
        assert out.envelopes[0].event.save is None
        c.dispatch(ch.TakeTurn(0), [12])  # the thug stands
    out = c.dispatch(ch.TakeTurn(None, True), [7, 12])  # sixth: the save first, 7+2 = 9 < DC 10
    assert out.envelopes[0].event.save.total == 9
    # the exhaustion is derived from the save's die (no party event to go stale on an amend)
    assert [e.event.TYPE for e in out.envelopes] == ["chase_turn_taken"]
    assert c.state.party[0].exhaustion == 1 and runner(c, "Ana")["exhaustion"] == 1
    c.dispatch(ch.TakeTurn(0), [12])
    c.dispatch(ch.TakeTurn(None, True), [10, 12])  # 10+2-2 (tired now) meets the DC
    assert c.state.party[0].exhaustion == 1


def test_someone_outside_the_party_keeps_its_exhaustion_in_the_chase(make):
    c = urban(make, 1000)
    c.dispatch(ch.TakeTurn(0), [12])
    for _ in range(4):
        c.dispatch(ch.TakeTurn(None, True), [12])  # four free dashes (Con +1)
        c.dispatch(ch.TakeTurn(0), [12])
    c.dispatch(ch.TakeTurn(None, True), [1, 12])  # 1+1 fails
    assert runner(c, "Thug")["exhaustion"] == 1 and runner(c, "Thug")["speed"] == 25


def test_five_levels_of_exhaustion_drop_a_runner_out(make):
    c = urban(make)
    c.dispatch(SetExhaustion("Ana", 5))
    assert runner(c, "Ana")["status"] == "dropped out"
    assert js(c)["turn"] == "Thug"


def test_complication_afflicts_the_next_runner_in_initiative_order(make):
    c = urban(make, 1000)
    c.dispatch(ch.JoinChase("Guard", "pursuer", speed=30, perception=11), [2])
    c.dispatch(ch.TakeTurn(30), [4])  # Ana rolls slick ground: it lands on the thug
    assert "slippery ground" in runner(c, "Thug")["complication"]
    assert "DC 10 Dex" in runner(c, "Thug")["complication"]
    c.dispatch(ch.TakeTurn(30), [12])  # the thug's turn ends: its complication is spent
    assert runner(c, "Thug")["complication"] is None
    out = c.dispatch(ch.TakeTurn(30), [5])  # the last runner's lands on the first, round the table
    assert "brawl" in runner(c, "Ana")["complication"] and "2d4" in runner(c, "Ana")["complication"]
    assert any("Complication for Ana" in a.text for a in out.alerts)


def test_7_to_12_is_no_complication_and_wilderness_has_its_own_table(make):
    c = make("dnd-2024")
    c.dispatch(ch.StartChase("wilderness", 100))
    c.dispatch(ch.JoinChase("Elk", "quarry", speed=50), [20])
    c.dispatch(ch.JoinChase("Wolf", "pursuer", speed=40), [1])
    c.dispatch(ch.TakeTurn(), [7])
    assert runner(c, "Wolf")["complication"] is None
    c.dispatch(ch.TakeTurn(), [6])
    assert "joins the chase with it as its quarry" in runner(c, "Elk")["complication"]


def test_each_round_is_six_seconds_on_the_one_clock_and_lights_burn(make):
    c = urban(make, 1000)
    c.dispatch(SetSupplies("torches", 1))
    c.dispatch(LightSource("torch", "Ana"))
    left = c.state.lights[0].left(c.state.clock)
    for _ in range(10):  # ten rounds: a minute
        c.dispatch(ch.TakeTurn(30), [12])
        c.dispatch(ch.TakeTurn(30), [12])
    assert state_json(c.state, c.seq)["clock"]["seconds"] == 60 and js(c)["round"] == 11
    assert c.state.lights[0].left(c.state.clock) == left - 60


def test_a_pursuer_within_reach_catches_its_quarry(make):
    c = urban(make, 40)
    c.dispatch(ch.TakeTurn(0), [12])
    c.dispatch(ch.TakeTurn(30), [12])  # 10 ft short
    assert runner(c, "Ana")["status"] == "in"
    c.dispatch(ch.TakeTurn(0), [12])
    out = c.dispatch(ch.TakeTurn(5), [12])  # 5 ft: within reach
    assert runner(c, "Ana")["status"] == "caught" and js(c)["over"] == "caught"
    assert any("end it" in a.text for a in out.alerts)
    with pytest.raises(Refused, match="the chase is over"):
        c.dispatch(ch.TakeTurn(0), [12])
    c.dispatch(ch.EndChase("caught"))
    assert not js(c)["active"] and js(c)["outcome"] == "caught"


@pytest.mark.parametrize("die,factors,faces,escaped", [
    ("1d20", (), [10], True),  # 10 + 3 = 13 > 12
    ("1d20", (), [9], False),  # 12 ties: no escape
    ("2d20kh1", ("cover",), [2, 9], False),
    ("2d20kh1", ("cover", "crowd"), [2, 10], True),
    ("2d20kl1", ("open",), [18, 9], False),
    ("1d20", ("cover", "open"), [10], True),  # advantage and disadvantage cancel
])
def test_stealth_escape_beats_the_highest_passive_perception(make, die, factors, faces, escaped):
    c = urban(make)
    c.dispatch(ch.JoinChase("Guard", "pursuer", speed=30, perception=9), [1])
    out = c.dispatch(ch.TryEscape("Ana", factors), faces)
    assert out.envelopes[0].event.roll.expr == die
    assert (runner(c, "Ana")["status"] == "escaped") is escaped


def test_escaping_on_its_own_turn_spends_it_and_the_last_runner_ends_the_round(make):
    """Playtest: the last runner in the order slipped away on its turn and the
    round started over, the first runner moving twice in it."""
    c = urban(make, 1000)
    c.dispatch(ch.JoinChase("Bo", "quarry", speed=30, at=1000), [1])  # last in the order
    c.dispatch(ch.TakeTurn(30), [12])  # Ana
    c.dispatch(ch.TakeTurn(30), [12])  # the thug
    c.dispatch(ch.TryEscape("Bo"), [20])
    assert runner(c, "Bo")["status"] == "escaped"
    assert (js(c)["round"], js(c)["turn"]) == (2, "Ana")
    assert state_json(c.state, c.seq)["clock"]["seconds"] == 6


def test_escaping_mid_round_passes_the_turn_on(make):
    c = urban(make, 1000)
    c.dispatch(ch.JoinChase("Cy", "quarry", speed=30, at=1000), [5])
    c.dispatch(ch.JoinChase("Bo", "quarry", speed=30, at=1000), [1])  # Ana, Thug, Cy, Bo
    c.dispatch(ch.TryEscape("Ana"), [20])  # on her own turn, first in the order
    assert (js(c)["round"], js(c)["turn"]) == (1, "Thug")
    c.dispatch(ch.TakeTurn(30), [12])  # the thug
    c.dispatch(ch.TakeTurn(30), [12])  # Cy
    c.dispatch(ch.LeaveChase("Bo"))  # the last runner gives up on its turn
    assert (js(c)["round"], js(c)["turn"]) == (2, "Thug")


def test_escape_refusals(make):
    c = urban(make)
    with pytest.raises(Refused, match="only a quarry"):
        c.dispatch(ch.TryEscape("Thug"))
    with pytest.raises(Refused, match="unknown escape factor 'fog'"):
        c.dispatch(ch.TryEscape("Ana", ("fog",)))


def test_bad_input_is_refused_with_nothing_written(make):
    c = make("dnd-2024")
    with pytest.raises(Refused, match="no chase is running"):
        c.dispatch(ch.JoinChase("Ana"))
    with pytest.raises(Refused, match="no complication table for 'moon'"):
        c.dispatch(ch.StartChase("moon"))
    c.dispatch(ch.StartChase())
    seq = c.seq
    for cmd, why in [(ch.JoinChase("Zed"), "give a speed"),
                     (ch.JoinChase("Zed", "ally", speed=30), "a side is"),
                     (ch.JoinChase("Zed", speed=-5), "speed must be 0 to"),
                     (ch.JoinChase("Zed", speed=30, perception=99), "passive Perception must"),
                     (ch.JoinChase("Zed", "pursuer", speed=30, target="Nobody"), "names a quarry"),
                     (ch.TakeTurn(), "the chase is over|nobody"),
                     (ch.EndChase("won"), "a chase ends"),
                     (ch.StartChase(), "already running")]:
        with pytest.raises(Refused, match=why):
            c.dispatch(cmd, [10])
    assert c.seq == seq


def test_osr_rulesets_have_no_2024_chase(make):
    c = make("dyb-og-drager")
    with pytest.raises(Refused, match="no round-by-round chase; use an evasion"):
        c.dispatch(ch.StartChase())


def test_gave_up_and_role_of_a_named_target(make):
    c = urban(make)
    c.dispatch(ch.JoinChase("Bo", "quarry", speed=30, at=100), [1])
    c.dispatch(ch.JoinChase("Dog", "pursuer", speed=40, target="Bo", at=60), [1])
    assert runner(c, "Dog")["gap_ft"] == 40 and runner(c, "Bo")["gap_ft"] == 40
    c.dispatch(ch.LeaveChase("Thug"))
    assert runner(c, "Thug")["status"] == "gave up"
    assert runner(c, "Ana")["gap_ft"] is None  # nobody chases Ana now
    assert js(c)["over"] is None  # the dog still runs after Bo


# --- B/X evasion --------------------------------------------------------------------------


def bx(make, rid="dyb-og-drager"):
    c = make(rid)
    for n in ("Ana", "Bo", "Cy"):
        c.dispatch(AddCharacter(n))
    return c


@pytest.mark.parametrize("morale,dice,pursue", [(8, [4, 4], True), (8, [4, 5], False),
                                                (2, [], False), (12, [], True)])
def test_dyb_og_drager_morale_decides_pursuit(make, morale, dice, pursue):
    c = bx(make)
    out = c.dispatch(ch.StartEvasion("dungeon", 120, 120, morale), dice)
    assert (out.envelopes[0].event.morale_roll is None) is (not dice)
    assert js(c)["evasion"]["pursue"] is pursue and js(c)["active"] is pursue


def test_dolmenwood_has_no_morale_roll_the_gm_says(make):
    c = bx(make, "dolmenwood")
    out = c.dispatch(ch.StartEvasion("dungeon", 120, 120, 8, pursue=False))
    assert out.envelopes[0].event.morale_roll is None and js(c)["outcome"] == "escaped"


@pytest.mark.parametrize("rid", ["dyb-og-drager", "dolmenwood"])
def test_dungeon_faster_party_escapes_at_once(make, rid):
    c = bx(make, rid)
    c.dispatch(ch.StartEvasion("dungeon", 90, 120))
    assert js(c)["outcome"] == "escaped" and not js(c)["active"]


@pytest.mark.parametrize("rid", ["dyb-og-drager", "dolmenwood"])
def test_thirty_rounds_of_running_exhaust_the_party(make, rid):
    c = bx(make, rid)
    c.dispatch(ch.StartEvasion("dungeon", 150, 120, morale=12 if rid == "dyb-og-drager" else 0,
                               gap=1000))
    for _ in range(29):
        c.dispatch(ch.RunRound())
    assert not any("exhausted" in p.conditions for p in c.state.party)
    out = c.dispatch(ch.RunRound())
    assert all("exhausted" in p.conditions for p in c.state.party)
    assert js(c)["evasion"]["exhausted"] and any("exhausted" in a.text for a in out.alerts)
    assert state_json(c.state, c.seq)["clock"]["seconds"] == 300


@pytest.mark.parametrize("rid", ["dyb-og-drager", "dolmenwood"])
@pytest.mark.parametrize("die,stops", [(3, True), (4, False)])
def test_dropped_treasure_or_food_stops_them_on_3_in_6(make, rid, die, stops):
    c = bx(make, rid)
    c.dispatch(SetSupplies(next(iter(c.state.rules.rations.kinds)), 1))
    c.dispatch(ch.StartEvasion("dungeon", 150, 120, morale=12 if rid == "dyb-og-drager" else 0,
                               gap=1000))
    c.dispatch(ch.DropBait("food"), [die])
    assert (js(c)["outcome"] == "escaped") is stops


@pytest.mark.parametrize("fleeing,pursuers,speeds,terrain,want", [
    (4, 1, (120, 120), (), 50), (3, 3, (120, 120), (), 70), (12, 9, (120, 120), (), 70),
    (13, 6, (120, 120), (), 25), (30, 31, (120, 120), (), 35),
    (4, 1, (120, 60), (), 75), (4, 1, (60, 120), (), 25),
    (30, 5, (60, 120), (), 5),  # 10 - 25 stops at the 5% floor
    (5, 5, (120, 120), ("dense_woods",), 75),
])
def test_wilderness_evasion_chance(make, fleeing, pursuers, speeds, terrain, want):
    c = bx(make)
    c.dispatch(ch.StartEvasion("wilderness", speeds[1], speeds[0], 12, True, fleeing, pursuers))
    c.dispatch(ch.RollEvasion(terrain), [want + 1 if want < 100 else 100])
    assert js(c)["evasion"]["chance"] == want and js(c)["active"]  # one over: failed


def test_wilderness_success_then_pursuit_day(make):
    c = bx(make)
    c.dispatch(ch.StartEvasion("wilderness", 240, 120, 12))
    with pytest.raises(Refused, match="roll the evasion first"):
        c.dispatch(ch.PursueDay())
    c.dispatch(ch.RollEvasion(), [71])  # 3 fleeing from 1 at half speed: 50 - 25 = 25
    c.dispatch(ch.PursueDay(), [51])
    assert js(c)["active"]
    c.dispatch(ch.PursueDay(), [50])
    assert js(c)["outcome"] == "caught"


@pytest.mark.parametrize("party,monsters,want", [(150, 120, 80), (120, 150, 50),
                                                 (90, 150, 40), (30, 150, 25), (10, 150, 10)])
def test_sea_chance_from_the_speed_difference(make, party, monsters, want):
    c = bx(make)
    c.dispatch(ch.StartEvasion("sea", monsters, party, 12, gap=100))
    c.dispatch(ch.RollEvasion(), [want])
    assert js(c)["outcome"] == "escaped"


def test_sea_failure_closes_the_gap_round_by_round(make):
    c = bx(make, "dolmenwood")
    c.dispatch(ch.StartEvasion("sea", 130, 120, gap=70))
    c.dispatch(ch.RollEvasion(), [51])
    c.dispatch(ch.RunRound())  # at least 30 ft a round
    assert js(c)["evasion"]["gap_ft"] == 40
    c.dispatch(ch.RunRound()), c.dispatch(ch.RunRound())
    assert js(c)["outcome"] == "caught"


def test_dnd_has_no_bx_evasion(make):
    with pytest.raises(Refused, match="no B/X evasion; run a chase"):
        make("dnd-2024").dispatch(ch.StartEvasion("dungeon", 120))


def test_manual_dice_ask_for_every_roll(make):
    c = urban(make)
    with pytest.raises(DiceNeeded, match="complication"):
        decide(c.state, ch.TakeTurn(), ManualDice())
    out = c.dispatch(ch.TakeTurn(), [9])
    assert out.envelopes[0].event.complication.typed


# --- statistics ---------------------------------------------------------------------------


def z(hits: int, n: int, p: float) -> float:
    return (hits - n * p) / math.sqrt(n * p * (1 - p))


def test_complication_rate_matches_the_table(make):
    """1-6 on a d12 afflicts someone: half the turns, over 2,000 seeded turns."""
    c = urban(make, 1000)
    entries = c.state.rules.chase.complications["urban"].entries
    p = sum(e.roll[1] - e.roll[0] + 1 for e in entries if e.result) / 12
    n, hits = 2000, 0
    for i in range(n):
        ev = decide(c.state, ch.TakeTurn(30), SeededDice(f"comp{i}"))[0]
        hits += bool(ch.complication_text(c.state.rules, "urban", ev.complication))
    assert p == 0.5 and abs(z(hits, n, p)) < 3.3


@pytest.mark.parametrize("fleeing,pursuers", [(4, 1), (8, 9), (20, 3), (40, 40)])
def test_wilderness_evasion_rate_matches_the_chance(make, fleeing, pursuers):
    c = bx(make)
    c.dispatch(ch.StartEvasion("wilderness", 120, 120, 12, True, fleeing, pursuers))
    p = ch.wilderness_chance(c.state.rules, c.state.chase.evasion) / 100
    n, hits = 1500, 0
    for i in range(n):
        ev = decide(c.state, ch.RollEvasion(), SeededDice(f"ev{fleeing}-{pursuers}-{i}"))[0]
        hits += evolve(c.state, ev).chase.outcome == "escaped"
    assert abs(z(hits, n, p)) < 3.3


def test_a_pursuer_catches_only_the_nearest_quarry_and_stops_there(make):
    c = urban(make, 40)
    c.dispatch(ch.JoinChase("Bo", "quarry", speed=30, at=50), [15])
    c.dispatch(ch.TakeTurn(0), [12]), c.dispatch(ch.TakeTurn(0), [12])
    c.dispatch(ch.TakeTurn(60, True), [12])  # the thug runs past both: it stops at Ana
    assert runner(c, "Ana")["status"] == "caught" and runner(c, "Bo")["status"] == "in"
    assert runner(c, "Thug")["position_ft"] == 40 and runner(c, "Bo")["gap_ft"] == 10


def test_roles_reverse(make):
    c = urban(make, 100)
    c.dispatch(ch.JoinChase("Bo", "quarry", speed=30, at=120), [1])
    c.dispatch(ch.SwapSide("Ana", "Bo"))  # Ana turns on Bo, the thug chases Bo alone now
    assert runner(c, "Ana")["side"] == "pursuer" and runner(c, "Ana")["quarry"] == "Bo"
    assert runner(c, "Bo")["gap_ft"] == 20
    with pytest.raises(Refused, match="names a quarry"):
        c.dispatch(ch.SwapSide("Thug", "Bo"))  # a pursuer turning quarry names nobody
    c.dispatch(ch.SwapSide("Thug"))
    assert runner(c, "Thug")["side"] == "quarry"


@pytest.mark.parametrize("rid", ["dyb-og-drager", "dolmenwood"])
def test_wilderness_surprise(make, rid):
    c = bx(make, rid)
    c.dispatch(ch.StartEvasion("wilderness", 120, 120, 12, surprised="party"))
    with pytest.raises(Refused, match="a surprised party cannot evade"):
        c.dispatch(ch.RollEvasion(), [1])
    c.dispatch(ch.EndChase("caught"))
    c.dispatch(ch.StartEvasion("wilderness", 120, 120, 12, surprised="monsters"))
    assert js(c)["outcome"] == "escaped" and js(c)["evasion"]["surprised"] == "monsters"
    with pytest.raises(Refused, match="only in the wilderness"):
        c.dispatch(ch.StartEvasion("dungeon", 120, 120, 12, surprised="party"))


# --- complications: the afflicted's save rolled, a failure applied ------------------------


def test_a_complication_save_missed_costs_the_next_runner_movement(make):
    c = urban(make)
    out = c.dispatch(ch.TakeTurn(0), [1, 5])  # a cart; the Thug's Dex save (not known: +0)
    assert out.envelopes[0].event.victim_save.expr == "1d20"
    thug = runner(c, "Thug")
    assert "save 5: failed" in thug["complication"] and thug["hindered_ft"] == 10
    with pytest.raises(Refused, match="less 10 ft lost to a complication"):
        c.dispatch(ch.TakeTurn(30), [12])
    c.dispatch(ch.TakeTurn(None), [12])
    assert runner(c, "Thug")["position_ft"] == 20 and runner(c, "Thug")["complication"] is None


def test_blinded_by_blowing_sand_halves_speed_and_a_dash_with_it(make):
    """Speed halved is halved, a dash's too (50 ft dashed becomes 50, not 75)."""
    c = make("dnd-2024")
    c.dispatch(ch.StartChase("wilderness", 1000))
    c.dispatch(ch.JoinChase("Wolf", "pursuer", speed=40), [20])
    c.dispatch(ch.JoinChase("Elk", "quarry", speed=50), [1])
    c.dispatch(ch.TakeTurn(0), [3, 2])  # blowing sand; the Elk's Con save fails
    elk = runner(c, "Elk")
    assert elk["speed_halved"] and elk["hindered_ft"] == 0 and "speed halved" in elk["complication"]
    with pytest.raises(Refused, match=r"dashes 0 to 50 ft \(speed halved"):
        c.dispatch(ch.TakeTurn(51, True), [12])
    with pytest.raises(Refused, match=r"moves 0 to 25 ft \(50 with a dash\)"):
        c.dispatch(ch.TakeTurn(26), [12])
    c.dispatch(ch.TakeTurn(None, True), [12])
    assert runner(c, "Elk")["position_ft"] == 1050 and not runner(c, "Elk")["speed_halved"]


def test_the_gm_types_a_save_modifier_the_tracker_lacks(make):
    c = urban(make)
    out = c.dispatch(ch.TakeTurn(0, save_bonus=4), [1, 6])  # 6+4 = 10 meets DC 10
    assert out.envelopes[0].event.victim_save.total == 10
    assert "made" in runner(c, "Thug")["complication"]
    c.dispatch(ch.TakeTurn(None), [12])
    assert runner(c, "Thug")["position_ft"] == 30


def test_complication_damage_lands_on_the_party_members_hit_points(make):
    c = urban(make)
    hp = c.state.party[0].hp
    c.dispatch(ch.TakeTurn(0), [12])
    out = c.dispatch(ch.TakeTurn(0), [5, 4, 3, 2])  # brawl: Ana's best of Str/Dex/Cha saves
    ev = out.envelopes[0].event  # is Dex: +3, and +2 a rogue's proficiency
    assert ev.victim_save.expr == "1d20+5" and ev.victim_save.total == 9  # < DC 15
    assert ev.damage.total == 5 and c.state.party[0].hp == hp - 5
    assert "takes 5" in runner(c, "Ana")["complication"]


def test_a_party_members_saves_are_its_saving_throws_with_proficiency_and_exhaustion(make):
    """Playtest: a tired fighter rolled its complication and dash saves on the
    bare ability modifier, without its proficiency and its exhaustion."""
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Bo", "fighter", 5, (16, 14, 14, 10, 12, 8)))  # Dex +2, Con +2
    c.dispatch(SetExhaustion("Bo", 1))  # -2 on every d20 test
    c.dispatch(ch.StartChase("wilderness", 1000))
    c.dispatch(ch.JoinChase("Wolf", "pursuer", speed=40), [20])
    c.dispatch(ch.JoinChase("Bo"), [1])
    out = c.dispatch(ch.TakeTurn(0), [3, 15])  # blowing sand: Bo's Con save, proficient (+3)
    assert out.envelopes[0].event.victim_save.expr == "1d20+3"
    c.dispatch(ch.TakeTurn(0), [12])
    out = c.dispatch(ch.TakeTurn(0), [4, 15])  # a sudden drop: Dex, not proficient
    assert out.envelopes[0].event.victim_save.expr == "1d20"
    for _ in range(5):  # Bo's free dashes: 3 + Con
        c.dispatch(ch.TakeTurn(None, True), [12])
        c.dispatch(ch.TakeTurn(0), [12])
    out = c.dispatch(ch.TakeTurn(None, True), [15, 12])
    assert out.envelopes[0].event.save.expr == "1d20+3"


def test_exhaustion_weighs_on_initiative_and_the_stealth_to_escape(make):
    """Both are d20 tests: -2 a level of exhaustion, as on the saves."""
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "rogue", 1, ROGUE))  # Dex +3
    c.dispatch(SetExhaustion("Ana", 1))
    c.dispatch(ch.StartChase("urban", 40))
    c.dispatch(ch.JoinChase("Ana"), [10])
    assert runner(c, "Ana")["initiative"] == 11  # 10 + 3 - 2
    c.dispatch(ch.JoinChase("Thug", "pursuer", speed=30, perception=12), [1])
    c.dispatch(ch.TryEscape("Ana"), [10])  # 10 + 3 - 2 = 11: not above 12
    assert runner(c, "Ana")["status"] == "in"
    c.dispatch(ch.TryEscape("Ana"), [12])
    assert runner(c, "Ana")["status"] == "escaped"


def test_a_made_save_leaves_the_runner_unharmed(make):
    c = urban(make)
    hp = c.state.party[0].hp
    c.dispatch(ch.TakeTurn(0), [12])
    out = c.dispatch(ch.TakeTurn(0), [5, 12])  # 12+3 = 15 meets DC 15: no damage die
    assert out.envelopes[0].event.damage is None and c.state.party[0].hp == hp


def test_prone_costs_half_the_speed_on_the_next_turn(make):
    c = urban(make)
    c.dispatch(ch.TakeTurn(0), [12])
    c.dispatch(ch.TakeTurn(0), [4, 1])  # slippery ground: 1+3 < 10, falls prone
    assert "prone" in runner(c, "Ana")["complication"]
    with pytest.raises(Refused, match="less 15 ft"):
        c.dispatch(ch.TakeTurn(20), [12])
    c.dispatch(ch.TakeTurn(15), [12])


def _a_wolf_joins(make):
    """Ana chased by a Thug; the Thug's complication brings a Wolf in after her."""
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "rogue", 1, ROGUE))
    c.dispatch(ch.StartChase("wilderness", 40))
    c.dispatch(ch.JoinChase("Ana"), [20])
    c.dispatch(ch.JoinChase("Thug", "pursuer", speed=30, con=1, perception=12), [10])
    c.dispatch(ch.TakeTurn(0), [12])
    return c, c.dispatch(ch.TakeTurn(0, creature="Wolf", creature_speed=40), [6, 1, 15])


def test_a_creature_joins_the_chase_after_its_quarry(make):
    c, out = _a_wolf_joins(make)
    assert out.envelopes[0].event.victim_save.expr == "1d20+2"  # Wis +2 beats Cha +0
    wolf = runner(c, "Wolf")
    assert (wolf["side"], wolf["quarry"], wolf["speed"], wolf["initiative"]) == \
        ("pursuer", "Ana", 40, 15)
    assert [r["name"] for r in js(c)["runners"]] == ["Ana", "Wolf", "Thug"]


def test_amending_a_dash_save_die_recomputes_the_party_members_exhaustion(make):
    c = urban(make)
    for _ in range(5):
        c.dispatch(ch.TakeTurn(None, True), [12])
        c.dispatch(ch.TakeTurn(0), [12])
    out = c.dispatch(ch.TakeTurn(None, True), [7, 12])  # the save first: 9 < DC 10: exhaustion 1
    assert c.state.party[0].exhaustion == 1
    c.dispatch(c.amend_command(out.envelopes[0].seq, [8, 12]))  # it was an 8: 10 saves
    assert c.state.party[0].exhaustion == 0 and runner(c, "Ana")["exhaustion"] == 0


def test_manual_dice_ask_for_the_afflicted_runners_save_and_damage(make):
    c = urban(make)
    c.dispatch(ch.TakeTurn(0), [12])
    with pytest.raises(DiceNeeded, match="Ana: DC 15 Str, Dex or Cha save"):
        decide(c.state, ch.TakeTurn(0), ScriptedDice([5]))
    with pytest.raises(DiceNeeded, match="Ana: damage"):
        decide(c.state, ch.TakeTurn(0), ScriptedDice([5, 1]))


def test_complication_damage_dice_are_checked_at_load():
    from pathlib import Path

    from tracker.core.ruleset import RulesetError, load_text
    t = (Path(__file__).parent.parent / "rulesets" / "dnd-2024.toml").read_text()
    with pytest.raises(RulesetError, match=r"chase\.complications\.urban\.entries\[5\]\.damage"):
        load_text(t.replace('damage = "1d4"', 'damage = "1d"', 1), "mine.toml")


@pytest.mark.parametrize("ruleset", ["dyb-og-drager", "dolmenwood"])
def test_a_day_of_pursuit_moves_the_clock_a_day_and_says_where_the_party_fled(make, ruleset):
    c = make(ruleset)
    c.dispatch(ch.StartEvasion("wilderness", 240, 120, 12, True, 3, 1))
    c.dispatch(ch.RollEvasion(), [99])
    before = c.state.clock
    out = c.dispatch(ch.PursueDay("north, up the valley"), [51])
    assert c.state.clock - before == c.state.rules.time.day_seconds and js(c)["active"]
    ev = out.envelopes[0].event
    assert ev.direction_roll is None and ev.direction == "north, up the valley"
    assert ch.direction(c.state.rules, ch.PursuitDayRolled(None, None)) == \
        "a random direction (not in the source: GM enters it)"


def test_a_house_rule_direction_table_is_rolled_first(make):
    from pathlib import Path

    from tracker.core.ruleset import load_text
    t = (Path(__file__).parent.parent / "rulesets" / "dyb-og-drager.toml").read_text()
    t = t.replace('not_in_source = ["the random direction',
                  'directions = { die = "1d2", entries = [{ roll = [1, 1], result = "east" }, '
                  '{ roll = [2, 2], result = "west" }] }\nnot_in_source = ["the random direction', 1)
    rules = load_text(t, "house.toml")
    with pytest.raises(Exception, match="directions"):
        load_text(t.replace('roll = [2, 2], result = "west"', 'roll = [3, 3], result = "west"'),
                  "house.toml")
    c = make("dyb-og-drager")
    c.dispatch(ch.StartEvasion("wilderness", 240, 120, 12, True, 3, 1))
    c.dispatch(ch.RollEvasion(), [99])
    from msgspec.structs import replace
    state = replace(c.state, ruleset=rules)
    [ev] = decide(state, ch.PursueDay(), ScriptedDice([2, 50]))
    assert ev.direction_roll.total == 2 and ev.roll.total == 50
    assert ch.direction(rules.rules, ev) == "west" and evolve(state, ev).chase.outcome == "caught"


def _run_out(c, rid):
    c.dispatch(ch.StartEvasion("dungeon", 150, 120, morale=12 if rid == "dyb-og-drager" else 0,
                               gap=1000))
    for _ in range(30):
        c.dispatch(ch.RunRound())


@pytest.mark.parametrize("rid,effects", [
    ("dyb-og-drager", {"monster_to_hit": 2, "party_damage": -2}),
    ("dolmenwood", {"party_to_hit": -2, "party_damage": -2, "party_ac": -2})])
def test_running_exhaustion_lasts_until_three_dungeon_rest_turns(make, rid, effects):
    from tracker.core.dungeon import AdvanceTurn, EnterDungeon
    c = bx(make, rid)
    c.dispatch(EnterDungeon("Crypt"))
    _run_out(c, rid)
    c.dispatch(ch.EndChase("escaped"))
    worn = js(c)["running_exhaustion"]
    assert worn["rest_turns_left"] == 3 and worn["effects"] == effects
    if rid == "dyb-og-drager":
        assert worn["text"] == "monsters +2 to hit, -2 damage (at least 1)"

    def turn(activity):  # a quiet wandering check where the turn makes one
        try:
            return c.dispatch(AdvanceTurn(1, activity), [6])
        except Refused:
            return c.dispatch(AdvanceTurn(1, activity))
    turn("explore")  # no rest: no nearer its end
    turn("rest")
    turn("rest")
    assert js(c)["running_exhaustion"]["rest_turns_left"] == 1
    assert all("exhausted" in p.conditions for p in c.state.party)
    out = turn("rest")
    assert "running_exhaustion" not in js(c)
    assert not any("exhausted" in p.conditions for p in c.state.party)
    assert any("rested off" in a.text for a in out.alerts)


def test_undoing_the_thirtieth_round_lifts_the_running_exhaustion(make):
    c = bx(make)
    _run_out(c, "dyb-og-drager")
    assert all("exhausted" in p.conditions for p in c.state.party)
    c.undo()
    assert not any("exhausted" in p.conditions for p in c.state.party)
    assert "running_exhaustion" not in js(c)


def test_the_log_reads_round_by_round_with_the_complications_outcome(make):
    from tracker.history import entries
    c = urban(make)
    c.dispatch(ch.TakeTurn(0), [12])
    c.dispatch(ch.TakeTurn(10), [5, 4, 3, 2])  # the Thug's brawl lands on Ana
    ana, thug = [e.text for e in entries(list(c.store.read()), c.timeline)[-2:]]
    assert "End of round" not in ana
    assert "the next runner's save 1d20+5=[4]=9 typed; damage 2d4=[3,2]=5 typed" in thug
    assert thug.endswith(". End of round 1 (6 s in): Ana 30 ft ahead")


def test_a_brawls_save_fails_as_often_as_d20_plus_5_misses_dc_15(make):
    """Ana (Dex save +5) against the brawl's DC 15: a d20 of 1 to 9 misses, 9 in 20,
    over 2,000 seeded saves (the complication die typed as 5)."""
    c = urban(make)
    c.dispatch(ch.TakeTurn(0), [12])
    n, hits = 2000, 0
    for i in range(n):
        ev = decide(c.state, ch.TakeTurn(0), ScriptedDice([5], SeededDice(f"brawl{i}")))[0]
        hits += ev.damage is not None
        assert (ev.damage is not None) == (ev.victim_save.total < 15)
    assert abs(z(hits, n, 9 / 20)) < 3.3


def test_a_complication_amended_into_one_with_a_save_says_it_was_not_rolled(make):
    c = urban(make)
    out = c.dispatch(ch.TakeTurn(0), [12])
    c.dispatch(c.amend_command(out.envelopes[0].seq, [1]))  # it was a cart after all
    thug = runner(c, "Thug")
    assert thug["complication"].endswith("save not rolled (undo and take the turn again)")
    assert thug["hindered_ft"] == 0


def _chase_lines(c):
    from tracker.history import entries
    return [e.text for e in entries(list(c.store.read()), c.timeline) if e.area == "chase"]


def test_the_log_says_who_caught_whom(make):
    """Playtest #9: a creature a complication brought in caught Ana, and only
    a toast and the table said so."""
    c, _ = _a_wolf_joins(make)
    c.dispatch(ch.TakeTurn(0), [12])  # Ana
    c.dispatch(ch.TakeTurn(0), [12])  # the Wolf, beside her: caught
    assert runner(c, "Ana")["status"] == "caught"
    assert "Wolf moves 0 ft" in _chase_lines(c)[-1] and "catches Ana" in _chase_lines(c)[-1]
    assert not any("catches" in line for line in _chase_lines(c)[:-1])


def test_a_dash_rolls_its_save_before_the_complication_as_the_log_line_reads(make):
    """Playtest: `dash --dice` took the complication's d12 first while the log
    line (and docs/cli.md) show the save first; manual dice asked in that order
    too. One order: the GM's reading order, for rolling, prompting and amending."""
    from tracker.core.describe import describe
    from tracker.core.dice import rolls_in
    c = urban(make)
    for _ in range(5):
        c.dispatch(ch.TakeTurn(None, True), [12])
        c.dispatch(ch.TakeTurn(0), [12])
    with pytest.raises(DiceNeeded, match="Ana: DC 10 Con save"):
        decide(c.state, ch.TakeTurn(None, True), ScriptedDice([]))
    out = c.dispatch(ch.TakeTurn(None, True), [3, 11])
    ev = out.envelopes[0].event
    assert (ev.save.dice, ev.complication.dice) == ((3,), (11,))
    assert [r.expr for r in rolls_in(ev)] == ["1d20+2", "1d12"]
    line = describe(ev, c.state.rules)
    assert line.index("Con save") < line.index("complication")


def test_the_dead_take_no_chase_actions(make):
    """Playtest: a dead character still had chase keys. Join, move, dash,
    escape and turning about refuse a party member the sheet says is dead."""
    from tracker.core.party import Damage
    c = urban(make, 1000)
    c.dispatch(AddCharacter("Cy", "rogue", 1, ROGUE))
    c.dispatch(Damage("Cy", 500))
    with pytest.raises(Refused, match="Cy is dead"):
        c.dispatch(ch.JoinChase("Cy"), [5])
    c.dispatch(AddCharacter("Bo", "rogue", 1, ROGUE))
    c.dispatch(ch.JoinChase("Bo"), [15])
    c.dispatch(Damage("Ana", 500))  # Ana, whose turn it is, dies mid-chase
    for cmd in (ch.TryEscape("Ana"), ch.SwapSide("Ana")):
        with pytest.raises(Refused, match="Ana is dead and takes no chase actions"):
            c.dispatch(cmd, [12, 12])
    assert current(c.state).name != "Ana"  # her turn passes to the living
    with pytest.raises(Refused, match=r"Ana is already out of the chase \(down\)"):
        c.dispatch(ch.LeaveChase("Ana"))


def test_a_chase_whose_only_quarry_falls_is_over_and_not_escaped(make):
    """A quarry killed mid-chase is the pursuers': the chase reads caught
    (Ana down), never escaped."""
    from tracker.core.party import Damage
    c = urban(make, 1000)
    c.dispatch(Damage("Ana", 500))
    assert over(c.state) == "caught"
    assert fates(c.state) == [("Ana", "down")]


def test_dyb_og_drager_an_exhausted_party_runs_only_at_encounter_speed(make):
    """Seed 000 (~l. 679): forced to run while exhausted, a character runs at
    its encounter speed (a third) until rested. OSE (Dolmenwood) has no such rule."""
    c = bx(make)
    c.dispatch(ch.StartEvasion("dungeon", 150, 120, morale=12, gap=1000))
    for _ in range(30):
        c.dispatch(ch.RunRound())
    assert js(c)["evasion"]["running_speed"] == 40
    c.dispatch(ch.EndChase("escaped"))
    # still winded, it flees slower monsters: 40 ft a round is not faster than 90
    c.dispatch(ch.StartEvasion("dungeon", 90, 120, morale=12, gap=1000))
    assert js(c)["active"] and js(c)["evasion"]["running_speed"] == 40
    d = make("dolmenwood", name="d")
    d.dispatch(AddCharacter("Ana"))
    d.dispatch(ch.StartEvasion("dungeon", 150, 120, gap=1000))
    for _ in range(30):
        d.dispatch(ch.RunRound())
    assert "running_speed" not in js(d)["evasion"]
    d.dispatch(ch.EndChase("escaped"))
    d.dispatch(ch.StartEvasion("dungeon", 90, 120))
    assert js(d)["outcome"] == "escaped" and not js(d)["active"]


def _tired_ana(make):
    """Ana fails a dash save past her five free dashes: a level of exhaustion from the chase."""
    c = urban(make)
    for _ in range(5):
        c.dispatch(ch.TakeTurn(None, True), [12])
        c.dispatch(ch.TakeTurn(0), [12])
    c.dispatch(ch.TakeTurn(None, True), [1, 12])
    assert c.state.party[0].exhaustion == 1
    return c


def test_dnd_a_short_rest_removes_the_exhaustion_gained_in_the_chase(make):
    """Seed 003 (l. 176): a creature removes the levels of exhaustion it gained
    in the chase by finishing a Short or Long Rest."""
    from tracker.core.party import ShortRest
    c = _tired_ana(make)
    assert js(c)["exhaustion_from_chases"] == {"Ana": 1}
    c.dispatch(ch.EndChase("escaped"))
    c.dispatch(ShortRest())
    assert c.state.party[0].exhaustion == 0 and "exhaustion_from_chases" not in js(c)


def test_dnd_a_long_rest_removes_the_chase_levels_and_its_own_one(make):
    from tracker.core.party import LongRest
    c = _tired_ana(make)
    c.dispatch(ch.EndChase("escaped"))
    c.dispatch(SetExhaustion("Ana", 3))  # two more from elsewhere (a forced march)
    c.dispatch(LongRest())
    assert c.state.party[0].exhaustion == 1  # 3 - the long rest's 1 - the chase's 1


def test_dnd_a_rest_removes_no_more_than_the_chase_gave_nor_than_is_left(make):
    from tracker.core.party import ShortRest
    c = _tired_ana(make)
    c.dispatch(ch.EndChase("escaped"))  # no rest while the chase runs
    c.dispatch(SetExhaustion("Ana", 0))  # the GM took it off already
    c.dispatch(ShortRest())
    assert c.state.party[0].exhaustion == 0
    c.dispatch(SetExhaustion("Ana", 2))
    c.dispatch(ShortRest())  # nothing from a chase left to remove
    assert c.state.party[0].exhaustion == 2


def test_dnd_a_sudden_drop_leaves_the_faller_prone_when_it_took_damage(make):
    """Seed 003 (l. 142): a creature that falls lands Prone unless it took no
    damage from the fall. In the chase: prone, standing costs half its speed."""
    c = make("dnd-2024")
    c.dispatch(ch.StartChase("wilderness", 1000))
    c.dispatch(ch.JoinChase("Elk", "quarry", speed=50), [20])
    c.dispatch(ch.JoinChase("Wolf", "pursuer", speed=40), [1])
    c.dispatch(ch.TakeTurn(), [4, 2, 3])  # a sudden drop: the wolf's Dex save 2 fails, 3 damage
    wolf = runner(c, "Wolf")
    assert "prone" in wolf["complication"] and wolf["hindered_ft"] == 20


def test_a_chase_with_several_quarries_ends_with_each_ones_fate(make):
    """Playtest: one quarry escaped, another was caught, and the chase's
    outcome (and the recap) read "caught". The log line, the JSON, the screen
    and the recap say each one's fate."""
    from tracker import recap
    from tracker.core.describe import describe
    c = urban(make, 1000)
    c.dispatch(ch.JoinChase("Bo", "quarry", speed=30, stealth=5), [15])
    c.dispatch(ch.TakeTurn(0), [12])  # Ana stands
    c.dispatch(ch.TryEscape("Bo"), [20])  # 20 + 5 > 12: Bo is away
    out = c.dispatch(ch.EndChase("caught"))  # the GM: Ana, still running, is caught
    assert describe(out.envelopes[0].event, c.state.rules, c.state) == \
        "Chase over: Ana caught, Bo escaped"
    from tracker.core.engine import Timeline
    envs = list(c.store.read())
    md = recap.markdown(recap.build(c.name, envs, Timeline(c.store.read).state_at, None))
    assert "Ana caught, Bo escaped" in md


def test_the_ended_chase_keeps_each_quarrys_fate_in_json_and_on_screen(make):
    from tracker.ui.widgets.chase_panels import summary
    c = urban(make, 1000)
    c.dispatch(ch.JoinChase("Bo", "quarry", speed=30, stealth=5), [15])
    c.dispatch(ch.TakeTurn(0), [12])
    c.dispatch(ch.TryEscape("Bo"), [20])
    c.dispatch(ch.EndChase("caught"))
    assert js(c)["fates"] == {"Ana": "caught", "Bo": "escaped"}
    assert "last: Ana caught, Bo escaped" in summary(c.state).plain


def test_an_evasion_takes_surprise_and_gap_from_the_encounter_it_follows(make):
    """Playtest: a party the wandering check rolled as surprised evaded at 90%.
    The evasion takes who was surprised and the starting gap from the last
    encounter met (the GM may still say otherwise); starting uses it up."""
    from tracker.core.dungeon import EnterDungeon, RollCheck
    c = bx(make)
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(RollCheck(), [1, 1, 5, 3, 4])  # encounter; party surprised (1 of 2-in-6); 70 ft
    c.dispatch(ch.StartEvasion("wilderness", 120, 120, 12, pursuers=4))
    assert js(c)["evasion"]["surprised"] == "party" and js(c)["evasion"]["gap_ft"] == 70
    with pytest.raises(Refused, match="a surprised party cannot evade"):
        c.dispatch(ch.RollEvasion(), [50])
    c.dispatch(ch.EndChase("caught"))
    c.dispatch(ch.StartEvasion("wilderness", 120, 120, 12, pursuers=4))  # used up: nobody
    assert js(c)["evasion"]["surprised"] is None and js(c)["evasion"]["gap_ft"] == 0


def test_the_gm_overrides_the_encounters_surprise(make):
    from tracker.core.dungeon import EnterDungeon, RollCheck
    c = bx(make)
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(RollCheck(), [1, 1, 5, 3, 4])
    c.dispatch(ch.StartEvasion("wilderness", 120, 120, 12, pursuers=4, gap=20, surprised=""))
    assert js(c)["evasion"]["surprised"] is None and js(c)["evasion"]["gap_ft"] == 20
    c.dispatch(ch.RollEvasion(), [90])  # 90%: away
    assert js(c)["outcome"] == "escaped"


def test_an_evasion_at_sea_or_on_the_road_follows_the_travel_encounter(make):
    from tracker.core import travel as tr
    c = bx(make)
    c.dispatch(tr.SetTerrain("clear"))
    c.dispatch(tr.RollEncounter(), [1, 5, 1, 2])  # encounter; the foe surprised; 1d4×30: 60 ft
    c.dispatch(ch.StartEvasion("wilderness", 120, 120, 12))
    assert js(c)["outcome"] == "escaped"  # monsters surprised: away at once
    assert js(c)["evasion"]["gap_ft"] == 60


def test_the_escape_line_shows_modifier_total_target_and_result(make):
    """Playtest: the line gave only the die. It reads as the GM checks it."""
    c = urban(make, 1000)
    c.dispatch(ch.TakeTurn(0), [12])
    c.dispatch(ch.TakeTurn(0), [12])
    c.dispatch(ch.TryEscape("Ana"), [8])  # Dex +3: 11 vs the thug's 12
    from tracker.core.describe import describe
    env = list(c.store.read())[-1]
    assert describe(env.event, c.state.rules, c.state).endswith(
        "+ 3 = 11 vs Perception 12: spotted")
    c.dispatch(ch.TryEscape("Ana", ("cover",)), [10, 15])
    env = list(c.store.read())[-1]
    assert "+ 3 = 18 vs Perception 12: escapes (plenty to hide behind)" in \
        describe(env.event, c.state.rules, c.state)


def test_dropped_food_takes_the_partys_rations_and_terrain_reads_as_words(make):
    from tracker.core.describe import describe
    c = bx(make)
    food = next(iter(c.state.rules.rations.kinds))
    c.dispatch(SetSupplies(food, 3))
    c.dispatch(ch.StartEvasion("dungeon", 150, 120, morale=12, gap=1000))
    with pytest.raises(Refused, match="has 3 rations to drop, not 5"):
        c.dispatch(ch.DropBait("food", 5))
    out = c.dispatch(ch.DropBait("food", 2), [5])
    assert c.state.supplies.count(food) == 1
    assert describe(out.envelopes[0].event, c.state.rules).startswith("Dropped 2 rations of food")
    c.dispatch(ch.EndChase("caught"))
    c.dispatch(ch.StartEvasion("wilderness", 120, 120, 12))
    out = c.dispatch(ch.RollEvasion(("dense_woods",)), [99])
    assert "(dense woods)" in describe(out.envelopes[0].event, c.state.rules)


def test_the_evasion_screen_labels_its_ose_fills_and_offers_only_the_keys_that_apply(make):
    """Playtest: the evasion table and modifiers were OSE's but not labelled;
    after an evasion ended its keys stayed, and `v` was offered in a dungeon."""
    from tracker.ui.screens.chase import ChaseScreen
    from tracker.ui.widgets.chase_panels import evasion_sources, source
    c = bx(make)
    assert evasion_sources(c.state) == "OSE fill: bait, chance table, modifiers, pursuit"
    assert source(c.state).startswith("Dyb & Drager")
    c.dispatch(ch.StartEvasion("dungeon", 150, 120, morale=12, gap=1000))
    assert evasion_sources(c.state) == "OSE fill: bait"
    keys = {a: ChaseScreen._evasion_key(c.state, a) for a in ("run", "bait", "evade", "day")}
    assert keys == {"run": True, "bait": True, "evade": False, "day": False}
    c.dispatch(ch.EndChase("escaped"))
    assert not any(ChaseScreen._evasion_key(c.state, a) for a in ("run", "bait", "evade", "day"))
