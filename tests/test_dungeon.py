"""The dungeon turn clock, rule by rule, on each ruleset that has the rule.

Dice are typed in with ``dice=[...]`` so every outcome is known.
"""

import pytest

from tracker.core.campaign import ChangeHouseRule, SetManualDice
from tracker.core.dungeon import (AdvanceTurn, ChangeDepth, EnterDungeon, FastTravel,
                                  LeaveDungeon, RollCheck)
from tracker.core.effects import EndEffect, StartEffect
from tracker.core.errors import Refused
from tracker.core.lights import DouseLight, LightSource, RelightLight
from tracker.core.party import AddCharacter, RemoveCharacter, RenameCharacter
from tracker.core.supplies import SetSupplies
from tracker.core.view import state_json


def delve(c, party=("Ana", "Bo"), torches=5):
    for n in party:
        c.dispatch(AddCharacter(n))
    c.dispatch(SetSupplies("torches", torches))
    c.dispatch(EnterDungeon("Crypt"))
    return c


def js(c):
    return state_json(c.state, c.seq)


def lantern(c, by="Ana"):
    """A lit lantern (24 turns): fast travel needs light for the whole way."""
    from tracker.core.lights import LightSource
    c.dispatch(SetSupplies("oil", 2))
    c.dispatch(LightSource("lantern", by))
    return c


def turn(c, *dice, activity="explore", count=1):
    return c.dispatch(AdvanceTurn(count, activity), list(dice) if dice else None)


def test_osr_checks_every_second_turn_at_1_in_6(make):
    c = delve(make("dyb-og-drager"))
    turn(c)  # turn 1: no check, no dice
    with pytest.raises(Refused, match="2 dice given, but this action rolled only 1"):
        turn(c, 3, 4)  # turn 2 rolls one die: a second one is refused, nothing recorded
    turn(c, 2)  # turn 2: check 2, quiet
    turn(c)
    turn(c, 1, 6, 6, 3, 4)  # turn 4: encounter; nobody surprised; 2d6*10 = 70
    checks = js(c)["dungeon"]["checks"]
    assert [(k["turn"], k["roll"], k["encounter"]) for k in checks] == [(2, 2, False), (4, 1, True)]
    assert checks[1]["distance_ft"] == 70
    assert checks[1]["surprise"] == {"party": False, "monsters": False}


def test_check_is_the_first_die_of_a_turn(make):
    c = delve(make("dolmenwood"))
    turn(c)
    out = turn(c, 5)
    assert out.envelopes[0].event.check.dice == (5,)


def test_dolmenwood_both_surprised_is_closer(make):
    c = delve(make("dolmenwood"))
    turn(c)
    turn(c, 1, 2, 1, 3)  # encounter, both surprised: 1d4*10 = 30
    k = js(c)["dungeon"]["checks"][-1]
    assert k["surprise"] == {"party": True, "monsters": True} and k["distance_ft"] == 30
    assert c.state.dungeon.checks[-1].roll.expr == "1d6"


def test_dnd_has_no_schedule_but_checks_on_demand(make):
    c = delve(make("dnd-2024"))
    for _ in range(4):
        turn(c)
    assert js(c)["dungeon"]["checks"] == [] and js(c)["dungeon"]["next_check_in"] is None
    c.dispatch(RollCheck(), [1, 2, 5])  # encounter; D&D rolls no surprise
    k = js(c)["dungeon"]["checks"][-1]
    assert k["encounter"] and k["distance_ft"] == 70 and k["surprise"] is None
    assert not k["scheduled"] and js(c)["clock"]["seconds"] == 4 * 600


def test_house_rule_gives_dnd_a_schedule(make):
    c = delve(make("dnd-2024"))
    c.dispatch(ChangeHouseRule("dungeon.wandering.every_turns", "3"))
    turn(c), turn(c)
    turn(c, 4)
    assert [k["turn"] for k in js(c)["dungeon"]["checks"]] == [3]
    with pytest.raises(Refused, match="unknown field `nope`"):
        c.dispatch(ChangeHouseRule("dungeon.wandering.nope", "3"))
    with pytest.raises(Refused, match="bad chance"):
        c.dispatch(ChangeHouseRule("dungeon.wandering.chance", '"often"'))


def test_multi_turn_advance_stops_at_an_encounter(make):
    c = delve(make("dyb-og-drager"))
    out = turn(c, 6, 1, 3, 3, 2, 2, count=6)  # turn 2 quiet, turn 4 encounter
    assert js(c)["dungeon"]["turn"] == 4 and len(out.envelopes) == 4
    assert any("ENCOUNTER" in a.text for a in out.alerts)


@pytest.mark.parametrize("rid,penalty_after_12", [("dyb-og-drager", -1), ("dolmenwood", -2)])
def test_rest_one_turn_in_six_and_its_penalty(make, rid, penalty_after_12):
    c = delve(make(rid))
    c.dispatch(ChangeHouseRule("dungeon.wandering.every_turns", "0"))
    turn(c, count=5)
    assert js(c)["dungeon"]["rest_status"] == "due"
    out = turn(c)
    assert js(c)["dungeon"]["rest_overdue"] and any("Rest overdue" in a.text for a in out.alerts)
    assert js(c)["dungeon"]["rest_penalty"] == -1
    turn(c, count=6)  # stops before the turn that deepens the penalty
    assert js(c)["dungeon"]["turns_since_rest"] == 11 and js(c)["dungeon"]["rest_penalty"] == -1
    turn(c)  # one turn alone pushes on
    assert js(c)["dungeon"]["rest_penalty"] == penalty_after_12
    turn(c, activity="rest")
    d = js(c)["dungeon"]
    assert d["turns_since_rest"] == 0 and d["rest_penalty"] == 0 and not d["rest_overdue"]


def test_bx_order_encounter_interrupts_a_rest_but_dolmenwood_does_not(make):
    for rid, rested in (("dyb-og-drager", False), ("dolmenwood", True)):
        c = delve(make(rid, name=rid))
        turn(c)
        turn(c, 1, 6, 6, 2, 2, activity="rest")
        assert (js(c)["dungeon"]["turns_since_rest"] == 0) is rested, rid


def test_dnd_has_no_rest_requirement(make):
    c = delve(make("dnd-2024"))
    turn(c, count=12)
    assert js(c)["dungeon"]["rest_status"] == "ok" and js(c)["dungeon"]["rest_penalty"] == 0


@pytest.mark.parametrize("rid,torch_turns", [("dyb-og-drager", 6), ("dolmenwood", 6), ("dnd-2024", 6)])
def test_torch_burns_down_and_stays_listed_when_spent(make, rid, torch_turns):
    c = delve(make(rid))
    c.dispatch(ChangeHouseRule("dungeon.wandering.every_turns", "0")) if rid != "dnd-2024" else None
    c.dispatch(LightSource("torch", "ana"))
    assert js(c)["supplies"]["torches"] == 4
    turn(c, count=torch_turns - 1)
    light = js(c)["dungeon"]["lights"][0]
    assert light["turns_left"] == 1 and light["lit"] and light["by"] == "Ana"
    out = turn(c)
    assert js(c)["dungeon"]["lights"][0] == {**light, "turns_left": 0, "seconds_left": 0, "lit": False}
    assert any("gone out" in a.text for a in out.alerts)
    with pytest.raises(Refused, match="spent"):
        c.dispatch(RelightLight(light["id"]))


def test_lantern_keeps_fuel_when_doused_and_refills_when_spent(make):
    c = delve(make("dolmenwood"))
    c.dispatch(ChangeHouseRule("dungeon.wandering.every_turns", "0"))
    with pytest.raises(Refused, match="no oil flasks"):
        c.dispatch(LightSource("lantern"))
    c.dispatch(SetSupplies("oil", 2))
    c.dispatch(LightSource("lantern", "Bo"))
    lid = js(c)["dungeon"]["lights"][0]["id"]
    turn(c, count=4)
    c.dispatch(DouseLight(lid))
    turn(c, count=3)
    c.dispatch(RelightLight(lid))
    assert js(c)["dungeon"]["lights"][0]["turns_left"] == 20 and js(c)["supplies"]["oil"] == 1
    turn(c, count=25, activity="rest")  # stops when the light goes out
    assert js(c)["dungeon"]["lights"][0]["turns_left"] == 0
    c.dispatch(RelightLight(lid))
    assert js(c)["dungeon"]["lights"][0]["turns_left"] == 24 and js(c)["supplies"]["oil"] == 0


def test_carrier_follows_rename_and_removal(make):
    c = delve(make("dyb-og-drager"))
    c.dispatch(LightSource("torch", "Bo"))
    c.dispatch(RenameCharacter("bo", "Bodil"))
    assert js(c)["dungeon"]["lights"][0]["by"] == "Bodil"
    c.dispatch(RemoveCharacter("Bodil"))
    assert js(c)["dungeon"]["lights"][0]["by"] == ""
    with pytest.raises(Refused, match="not in the party"):
        c.dispatch(LightSource("torch", "Zed"))


def test_effects_expire_on_their_own(make):
    c = delve(make("dnd-2024"))
    c.dispatch(StartEffect("Bless", 60))  # 1 minute: gone after one 10-minute turn
    c.dispatch(StartEffect("Light", 3600))
    out = turn(c)
    assert [e["name"] for e in js(c)["dungeon"]["effects"]] == ["Light"]
    assert any("Bless" in a.text for a in out.alerts)
    eid = js(c)["dungeon"]["effects"][0]["id"]
    c.dispatch(EndEffect(eid))
    assert js(c)["dungeon"]["effects"] == []


def test_rations_eaten_daily_and_spoil_in_the_dungeon(make):
    c = delve(make("dolmenwood"), party=("Ana",))
    c.dispatch(ChangeHouseRule("dungeon.wandering.every_turns", "0"))
    c.dispatch(SetSupplies("fresh", 3))
    c.dispatch(SetSupplies("preserved", 2))
    turn(c, count=5, activity="rest")
    turn(c, count=6 * 16 - 5, activity="rest")  # to midnight: Ana eats a fresh ration (it spoils first)
    s = js(c)["supplies"]
    assert (s["fresh"], s["preserved"], s["eaten"]) == (2, 2, 1)
    turn(c, count=6 * 8, activity="rest")  # 24 h underground: the fresh ones spoil
    s = js(c)["supplies"]
    assert (s["fresh"], s["spoiled"]) == (0, 2)


def test_osr_rations_do_not_spoil(make):
    c = delve(make("dyb-og-drager"), party=("Ana",))
    c.dispatch(ChangeHouseRule("dungeon.wandering.every_turns", "0"))
    c.dispatch(SetSupplies("standard", 3))
    turn(c, count=5, activity="rest")
    turn(c, count=6 * 40 - 5, activity="rest")
    s = js(c)["supplies"]
    assert s["spoiled"] == 0 and s["standard"] == 1 and s["eaten"] == 2


def test_fast_travel_turns_and_stop_at_encounter(make):
    c = lantern(delve(make("dolmenwood")))
    c.dispatch(FastTravel(1200), [5])  # 1200 / (40*10) = 3 turns; turn 2 checks
    assert js(c)["dungeon"]["turn"] == 3
    out = c.dispatch(FastTravel(2000), [1, 6, 6, 4, 4])  # turn 4 checks: encounter
    assert js(c)["dungeon"]["turn"] == 4 and len(out.envelopes) == 2
    with pytest.raises(Refused, match="no fast-travel rule"):
        make("dyb-og-drager", name="x").dispatch(FastTravel(100))


def test_hasty_exit_saves_versus_doom_with_modifiers(make):
    c = delve(make("dolmenwood"))
    c.dispatch(ChangeDepth(4))  # -3
    c.dispatch(LeaveDungeon(hasty=True, marked_map=True), [13, 12, 6])  # +2: 13-1=12 ok; 11 fails
    d = js(c)["dungeon"]
    assert not d["active"]
    ana, bo = d["hasty_exit"]
    assert (ana["saved"], ana["modifier"]) == (True, -1)
    assert (bo["saved"], bo["doom_roll"]) == (False, 6) and "dead" in bo["fate"]
    with pytest.raises(Refused, match="no hasty-exit rule"):
        delve(make("dyb-og-drager", name="o")).dispatch(LeaveDungeon(hasty=True))


def test_hasty_exit_takes_the_gms_bonus_or_penalty_for_the_dungeon(make):
    """Seed 004: a very small dungeon may give a bonus, a sprawling one a penalty, at
    the referee's choice: given with the exit, kept in the event, applied to each save."""
    from tracker.core.describe import describe
    c = delve(make("dolmenwood"))
    out = c.dispatch(LeaveDungeon(hasty=True, gm_modifier=2), [10, 9, 3])
    ev = out.envelopes[0].event
    assert ev.gm_modifier == 2
    ana, bo = js(c)["dungeon"]["hasty_exit"]
    assert (ana["saved"], ana["modifier"]) == (True, 2)  # 10 + 2 >= 12
    assert (bo["saved"], bo["modifier"], bo["doom_roll"]) == (False, 2, 3)  # 9 + 2 < 12
    assert "GM +2" in describe(ev, c.state.rules)
    c.dispatch(EnterDungeon("Maze"))
    c.dispatch(ChangeDepth(2))
    out = c.dispatch(LeaveDungeon(hasty=True, known_route=True, gm_modifier=-3), [12, 20])
    line = describe(out.envelopes[0].event, c.state.rules, c.state)
    assert "level 2 -1" in line and "route +4" in line and "GM -3" in line
    assert js(c)["dungeon"]["hasty_exit"][0]["modifier"] == 0


def test_the_gms_modifier_is_refused_out_of_range_or_without_a_hasty_exit(make):
    c = delve(make("dolmenwood"))
    top = c.state.rules.dungeon.hasty_exit.gm_modifier_max
    with pytest.raises(Refused, match=f"the GM's bonus or penalty is -{top} to \\+{top}"):
        c.dispatch(LeaveDungeon(hasty=True, gm_modifier=top + 1))
    with pytest.raises(Refused, match="only to a hasty exit"):
        c.dispatch(LeaveDungeon(gm_modifier=1))
    assert c.state.dungeon.active


def test_leaving_douses_lights(make):
    c = delve(make("dyb-og-drager"))
    c.dispatch(LightSource("torch", "Ana"))  # carried out (one set down stays: R3)
    c.dispatch(LeaveDungeon())
    assert not js(c)["dungeon"]["lights"][0]["lit"]
    with pytest.raises(Refused, match="not in a dungeon"):
        turn(c)


def test_manual_dice_mode_refuses_without_dice(make):
    from tracker.core.dice import DiceNeeded

    c = delve(make("dyb-og-drager"))
    c.dispatch(SetManualDice(True))
    turn(c)  # no dice needed
    with pytest.raises(DiceNeeded):
        turn(c)
    turn(c, 4)
    assert c.state.dungeon.checks[-1].roll.typed
    turn(c)
    with pytest.raises(Refused, match="not possible on a d6"):
        turn(c, 1, 9)


def test_several_turns_stop_when_a_rest_falls_due(make):
    """Issue 14: `n` ran past 'the next turn must be a rest' into the penalty."""
    from tracker.core.dungeon import AdvanceTurn, EnterDungeon, rest_status
    c = make("dyb-og-drager")
    c.dispatch(EnterDungeon("Crypt"))
    out = c.dispatch(AdvanceTurn(count=20), dice_values=[6, 6])  # quiet checks
    assert c.state.dungeon.turn == 5 and rest_status(c.state) == "due"
    assert len(out.envelopes) == 5


@pytest.mark.parametrize("rid", ["dyb-og-drager", "dolmenwood"])
def test_no_run_of_turns_walks_into_the_rest_penalty(make, rid):
    """Issue 20: at 'rest due in 1' a Fight turn, then `n` 20, reached the
    penalty; and `n` again right after it stopped ran into it. Every path with
    several turns (turn N, fast travel) stops before it; one turn alone pushes on."""
    from tracker.core.dungeon import AdvanceTurn, EnterDungeon, FastTravel, rest_status
    c = make(rid)
    c.dispatch(ChangeHouseRule("dungeon.wandering.every_turns", "0"))
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(AdvanceTurn(count=4))
    c.dispatch(AdvanceTurn(activity="fight"))  # rest due in 1 -> due
    assert rest_status(c.state) == "due"
    for cmd in (AdvanceTurn(count=20), AdvanceTurn(count=2, activity="fight")):
        with pytest.raises(Refused, match="next turn must be a rest.*rest penalty"):
            c.dispatch(cmd)
    if c.state.rules.dungeon.fast_travel is not None:
        c.dispatch(AddCharacter("Ana"))
        lantern(c)
        with pytest.raises(Refused, match="fast travel would run into the rest penalty"):
            c.dispatch(FastTravel(2000))
    assert c.state.dungeon.penalty == 0
    out = c.dispatch(AdvanceTurn(count=3, activity="rest"))  # rests are never refused
    assert c.state.dungeon.turns_since_rest == 0 and len(out.envelopes) == 3
    out = c.dispatch(AdvanceTurn(count=20))  # stops at due again, never past it
    assert rest_status(c.state) == "due" and c.state.dungeon.penalty == 0
    out = c.dispatch(AdvanceTurn())  # the GM's one turn: into the penalty, said
    assert c.state.dungeon.penalty == -1 and any("Rest overdue" in a.text for a in out.alerts)


def test_an_encounter_during_a_rest_turn_reads_as_interrupted(make):
    from tracker.core.dungeon import AdvanceTurn, EnterDungeon
    from tracker.history import entries
    c = make("dyb-og-drager")
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(AdvanceTurn(count=1))
    c.dispatch(AdvanceTurn(activity="rest"), dice_values=[1, 5, 5, 2, 4])
    last = entries(list(c.store.read()), c.timeline)[-1]
    assert "rest interrupted" in last.text and c.state.dungeon.turns_since_rest == 2


def test_an_interrupted_rest_is_said_in_the_alert_and_does_not_count(make):
    """B/X order (Dyb & Drager): the check comes first, so an encounter stops the rest;
    the rest is not taken, the alert says why. Dolmenwood: the rest completes first."""
    from tracker.core.dungeon import AdvanceTurn, EnterDungeon, rest_status
    c = make("dyb-og-drager")
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(AdvanceTurn(count=5), dice_values=[6, 6])
    assert rest_status(c.state) == "due"
    out = c.dispatch(AdvanceTurn(activity="rest"), dice_values=[1, 5, 5, 2, 4])
    d = c.state.dungeon
    assert d.checks[-1].interrupted_rest and d.turns_since_rest == 6
    assert rest_status(c.state) == "overdue" and d.penalty == -1
    said = [a.text for a in out.alerts if "ENCOUNTER" in a.text]
    assert said and "rest interrupted: it does not count" in said[0]
    c.dispatch(AdvanceTurn(activity="rest"))  # turn 7: no check, the rest is taken
    assert c.state.dungeon.turns_since_rest == 0 and not c.state.dungeon.penalty

    w = make("dolmenwood", name="w")
    w.dispatch(EnterDungeon("Barrow"))
    w.dispatch(AdvanceTurn(count=1))
    out = w.dispatch(AdvanceTurn(activity="rest"), dice_values=[1, 5, 5, 2, 4])
    assert w.state.dungeon.turns_since_rest == 0 and not w.state.dungeon.checks[-1].interrupted_rest
    assert not any("interrupted" in a.text for a in out.alerts)


def test_fast_travel_goes_at_the_party_speed(make):
    """Issue 14 rules audit: the source divides the distance by the party's
    speed x 10; a fixed 40 was used whatever the party carried."""
    from tracker.core.party import SetLoad
    c = lantern(delve(make("dolmenwood")))
    slow = next(b for b in c.state.rules.party.encumbrance if b.value < c.state.rules.party.speed)
    c.dispatch(SetLoad("Bo", slow.range[0]))
    speed = js(c)["party_speed"]
    assert speed == slow.value < 40
    out = c.dispatch(FastTravel(speed * 10 * 4), [6, 6])  # four turns at the slow pace
    assert out.envelopes[0].event.turns == 4  # at a fixed 40 it was 3


def test_a_doused_light_is_named_by_its_carrier_in_the_log(make):
    """Issue 14: "Doused light #6" told the GM nothing; it reads "Bo's lantern (#6)"."""
    from tracker.history import entries
    c = delve(make("dolmenwood"))
    c.dispatch(SetSupplies("oil", 2))
    c.dispatch(LightSource("lantern", "Bo"))
    lid = js(c)["dungeon"]["lights"][0]["id"]
    c.dispatch(DouseLight(lid))
    c.dispatch(RelightLight(lid))
    c.dispatch(LightSource("torch"))
    c.dispatch(DouseLight(js(c)["dungeon"]["lights"][1]["id"]))
    texts = [e.text for e in entries(list(c.store.read()), c.timeline)[-4:]]
    assert texts[0] == f"Doused Bo's lantern (#{lid})" and texts[1] == f"Relit Bo's lantern (#{lid})"
    assert texts[3].startswith("Doused a torch set down (#")


def test_with_manual_dice_a_check_corrected_into_an_encounter_asks_for_its_dice(make):
    """Issue 14: the correction rolled surprise and distance itself and logged them as rolled."""
    from tracker.core.dice import DiceNeeded
    from tracker.core.dungeon import RollCheck
    c = make("dyb-og-drager")
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(RollCheck(), [5])  # a quiet check
    seq = c.seq
    c.dispatch(SetManualDice(True))
    with pytest.raises(DiceNeeded):
        c.amend_command(seq, [1])  # an encounter now: surprise and distance are the GM's
    fix = c.amend_command(seq, [1, 2, 6, 3, 4])
    c.dispatch(fix)
    check = c.state.dungeon.checks[-1]
    assert check.encounter and check.distance_ft == 70 and check.surprise_party
    c.dispatch(SetManualDice(False))
    c.dispatch(c.amend_command(seq, [5]))  # back to quiet: nothing more to roll
    assert not c.state.dungeon.checks[-1].encounter


def test_a_doom_fate_that_changes_the_sheet_is_applied_and_the_rest_named_for_the_gm(make):
    """Playtest #7: "escaped at 1 HP" left Bramble at 17/17. #22: a classless
    hireling's save showed no target in the log line."""
    from tracker.core.describe import describe
    c = make("dolmenwood")
    c.dispatch(AddCharacter("Bramble", "fighter", abilities=(13, 10, 10, 10, 10, 10), hp=17))
    c.dispatch(AddCharacter("Hob"))  # classless: the default target
    c.dispatch(EnterDungeon("Crypt"))
    out = c.dispatch(LeaveDungeon(hasty=True), [2, 3, 3, 1])  # both fail; fates 3 and 1
    bramble = c.state.party[0]
    assert (bramble.hp, bramble.hp_max) == (1, 17)
    alerts = " | ".join(a.text for a in out.alerts)
    assert "HP set to 1" in alerts and "GM: lower a random ability by 1" in alerts
    assert "GM: take 1d6 of their items away" in alerts
    line = describe(out.envelopes[0].event, c.state.rules, c.state)
    assert "Hob 1d20=[3] typed vs 12 failed" in line
    c.dispatch(c.amend_command(out.envelopes[0].seq, [20, 3, 1]))  # Bramble got out
    assert c.state.party[0].hp == 17


def test_each_doom_fate_left_to_the_gm_reads_as_an_instruction(make):
    """GM review 5 C8: "GM: apply changed into, or ruled by, a dungeon monster"
    repeated the fate after a verb that did not fit it, and the log read "GM
    applies roll again on the Doom table"."""
    from tracker.core.describe import describe
    c = make("dolmenwood")
    c.dispatch(AddCharacter("Hob"))
    c.dispatch(AddCharacter("Ash"))
    c.dispatch(EnterDungeon("Crypt"))
    out = c.dispatch(LeaveDungeon(hasty=True), [1, 5, 1, 10])  # fates 5 and 10
    alerts = " | ".join(a.text for a in out.alerts)
    line = describe(out.envelopes[0].event, c.state.rules, c.state)
    for said in (alerts, line):
        assert "apply" not in said and "GM applies" not in said
        assert said.count("dungeon monster") == 1
        assert "GM: decide what the fate means for the character" in said
        assert "GM: roll again on the Doom table (1d10); they may swap fates" in said
