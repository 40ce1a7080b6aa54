"""D&D 2024 at the table (issue 14): short and long rests with Hit Point Dice,
death saving throws at 0 HP, and combat rounds moving the clock.

The numbers come from ../shared/rules/5e2024.md §3 and the brief's death-save
rule; a typo in rulesets/dnd-2024.toml fails here.
"""

import math
import random

import pytest

from tracker.core import effects
from tracker.core.dice import DiceNeeded, SeededDice
from tracker.core.errors import Refused
from tracker.core.party import (AddCharacter, AdvanceRounds, Damage, DeathSave, Heal, LongRest,
                                SetExhaustion, ShortRest)
from tracker.core.party.rules import death_save_result
from tracker.core.view import state_json
from tracker.history import entries

HOUR = 3600


def js(c):
    return state_json(c.state, c.seq)


def pc(c, i=0):
    return js(c)["party"][i]


def last_line(c):
    return entries(list(c.store.read()), c.timeline)[-1].text


@pytest.fixture
def brom(make):
    """A level-3 D&D fighter (d10, CON 14: +2, 28 HP) and a wizard (d6, CON 8: -1, 4 HP)."""
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Brom", "fighter", level=3, abilities=(16, 12, 14, 10, 10, 8)))
    c.dispatch(AddCharacter("Wil", "wizard", abilities=(8, 14, 8, 16, 12, 10)))
    return c


# -- short rests --------------------------------------------------------------------------


def test_short_rest_spends_hit_point_dice_each_roll_plus_con(brom):
    brom.dispatch(Damage("Brom", 20))
    clock = brom.state.clock
    brom.dispatch(ShortRest((("Brom", 2),)), [3, 7])
    b = pc(brom)
    assert b["hp"] == 8 + (3 + 2) + (7 + 2)
    assert b["hit_dice"] == {"die": "d10", "left": 1, "of": 3}
    assert brom.state.clock == clock + 1 * HOUR
    assert last_line(brom) == ("Short rest (1 h): Brom spent 2 Hit Point Dice "
                               "(1d10=[3] typed, 1d10=[7] typed)")


def test_a_hit_point_die_heals_at_least_one(brom):
    brom.dispatch(Damage("Wil", 3))  # 1 of 5 HP left... wizard: 6 + (-1) = 5
    brom.dispatch(ShortRest((("Wil", 1),)), [1])  # 1 - 1 = 0: at least 1
    assert pc(brom, 1)["hp"] == pc(brom, 1)["hp_max"] - 3 + 1


def test_short_rest_refusals_write_nothing(brom):
    brom.dispatch(Damage("Brom", 5))
    seq = brom.seq
    with pytest.raises(Refused, match="1 of 1 Hit Point Dice left, not 2"):
        brom.dispatch(ShortRest((("Wil", 2),)))
    with pytest.raises(Refused, match="Wil is at full hit points"):
        brom.dispatch(ShortRest((("Wil", 1),)))
    with pytest.raises(Refused, match="named twice"):
        brom.dispatch(ShortRest((("Brom", 1), ("brom", 1))))
    with pytest.raises(Refused, match="not in the party"):
        brom.dispatch(ShortRest((("Zed", 1),)))
    with pytest.raises(Refused, match="at least 1"):
        brom.dispatch(ShortRest((("Brom", 0),)))
    brom.dispatch(Damage("Wil", 5))
    with pytest.raises(Refused, match="Wil is dying at 0 HP: a rest needs 1 HP"):
        brom.dispatch(ShortRest((("Wil", 1),)))
    brom.dispatch(AddCharacter("Hob"))
    with pytest.raises(Refused, match="Hob has no class"):
        brom.dispatch(ShortRest((("Hob", 1),)))
    assert brom.seq == seq + 2  # only the damage and the hireling


def test_a_short_rest_with_nobody_spending_still_takes_the_hour(brom):
    clock = brom.state.clock
    brom.dispatch(ShortRest())
    assert brom.state.clock == clock + HOUR and last_line(brom) == "Short rest (1 h)"


@pytest.mark.parametrize("rid,name", [("dyb-og-drager", "Dyb & Drager"),
                                      ("dolmenwood", "Dolmenwood")])
def test_osr_rulesets_have_no_rests_and_no_death_saves(make, rid, name):
    c = make(rid)
    c.dispatch(AddCharacter("A", hp=5))
    seq = c.seq
    with pytest.raises(Refused, match=f"{name} has no short rests"):
        c.dispatch(ShortRest())
    with pytest.raises(Refused, match=f"{name} has no long rests"):
        c.dispatch(LongRest())
    with pytest.raises(Refused, match=f"{name} has no death saves"):
        c.dispatch(DeathSave("A"))
    with pytest.raises(Refused, match=f"{name} has no death saves"):
        c.dispatch(Damage("A", 1, critical=True))
    assert c.seq == seq and "hit_dice" not in pc(c) and "death_saves" not in pc(c)


# -- long rests ---------------------------------------------------------------------------


def test_long_rest_restores_all_hp_and_dice_and_one_exhaustion_level(brom):
    brom.dispatch(Damage("Brom", 20))
    brom.dispatch(ShortRest((("Brom", 3),)), [1, 1, 1])
    brom.dispatch(SetExhaustion("Brom", 3))
    stable(brom)  # at 0 HP: Wil gains nothing from the rest
    clock = brom.state.clock
    brom.dispatch(LongRest())
    b, w = pc(brom), pc(brom, 1)
    assert (b["hp"], b["hit_dice"]["left"], b["exhaustion"]) == (28, 3, 2)
    assert (w["hp"], w["status"]) == (0, "stable")
    assert brom.state.clock == clock + 8 * HOUR
    assert last_line(brom) == ("Long rest (8 h): hit points and Hit Point Dice back for Brom, "
                               "exhaustion -1")


def stable(c):
    """Wil at 0 HP, stable: three death saves made (dying, no time passes: gm-review4 R6)."""
    c.dispatch(Damage("Wil", 6))
    for _ in range(3):
        c.dispatch(DeathSave("Wil"), [10])
    assert pc(c, 1)["status"] == "stable"


def test_the_next_long_rest_starts_16_hours_after_the_last(brom):
    stable(brom)  # Wil is out of it: not named in the refusal
    brom.dispatch(LongRest())
    seq = brom.seq
    with pytest.raises(Refused, match="Brom finished a long rest 0 h ago: the next may start "
                                      "16 h after the last"):
        brom.dispatch(LongRest())
    brom.dispatch(AdvanceRounds(600 * 16 - 1))  # a round short of 16 hours
    with pytest.raises(Refused, match="15 h ago"):
        brom.dispatch(LongRest())
    assert brom.seq == seq + 1
    brom.dispatch(AdvanceRounds(1))
    brom.dispatch(LongRest())
    assert pc(brom)["long_rested_at"] == brom.state.clock


def test_a_house_rule_of_half_the_dice_back(brom):
    from tracker.core.campaign import ChangeHouseRule
    brom.dispatch(ChangeHouseRule("party.rests.long_hit_dice_percent", "50"))
    brom.dispatch(Damage("Brom", 20))
    brom.dispatch(ShortRest((("Brom", 3),)), [1, 1, 1])
    brom.dispatch(LongRest())
    assert pc(brom)["hit_dice"]["left"] == 1  # half of 3, rounded down


def test_rests_burn_lights_and_end_effects(brom):
    brom.dispatch(effects.StartEffect("Bless", 60))
    brom.dispatch(ShortRest())
    assert brom.state.effects == ()


# -- death saves --------------------------------------------------------------------------


@pytest.mark.parametrize("die,result", [(1, "fumble"), (2, "failure"), (9, "failure"),
                                        (10, "success"), (19, "success"), (20, "wake")])
def test_death_save_results(make, die, result):
    c = make("dnd-2024")
    assert death_save_result(c.state.rules.party.death_saves, die) == result


def dying(c):
    c.dispatch(Damage("Wil", 5))
    assert pc(c, 1)["status"] == "dying"


def saves(c):
    return pc(c, 1)["death_saves"], pc(c, 1)["status"]


def test_three_successes_stabilise_and_a_hit_starts_the_count_again(brom):
    dying(brom)
    brom.dispatch(DeathSave("Wil"), [5])
    for d in (10, 15, 19):
        brom.dispatch(DeathSave("Wil"), [d])
    assert saves(brom) == ({"successes": 3, "failures": 0}, "stable")
    with pytest.raises(Refused, match="Wil is stable: no death saves"):
        brom.dispatch(DeathSave("Wil"))
    brom.dispatch(Damage("Wil", 1))
    assert saves(brom) == ({"successes": 0, "failures": 1}, "dying")


def test_three_failures_kill_a_one_counts_twice(brom):
    dying(brom)
    brom.dispatch(DeathSave("Wil"), [1])
    assert saves(brom) == ({"successes": 0, "failures": 2}, "dying")
    assert last_line(brom) == "Wil's death save (1d20=[1] typed): 2 failures"
    brom.dispatch(DeathSave("Wil"), [9])
    assert saves(brom)[1] == "dead"
    with pytest.raises(Refused, match="is dead"):
        brom.dispatch(DeathSave("Wil"))
    with pytest.raises(Refused, match="is dead"):
        brom.dispatch(Heal("Wil", 3))


def test_a_natural_20_wakes_with_one_hp_and_healing_resets(brom):
    dying(brom)
    brom.dispatch(DeathSave("Wil"), [4])
    brom.dispatch(DeathSave("Wil"), [20])
    assert (pc(brom, 1)["hp"], *saves(brom)) == (1, {"successes": 0, "failures": 0}, "ok")
    with pytest.raises(Refused, match="Wil has 1 HP: death saves are rolled at 0 HP"):
        brom.dispatch(DeathSave("Wil"))
    brom.dispatch(Damage("Wil", 1))
    brom.dispatch(DeathSave("Wil"), [3])
    brom.dispatch(Heal("Wil", 2))
    assert saves(brom) == ({"successes": 0, "failures": 0}, "ok")


def test_a_hit_at_zero_is_a_failure_a_critical_two(brom):
    dying(brom)
    brom.dispatch(Damage("Wil", 1))
    assert saves(brom)[0]["failures"] == 1
    brom.dispatch(Damage("Wil", 1, critical=True))
    assert saves(brom)[1] == "dead"
    assert last_line(brom) == "Wil took 1 damage, a critical hit"


def test_exhaustion_lowers_a_death_save_but_not_a_natural_1_or_20(brom):
    """5e2024.md: every D20 Test, saving throws included, is reduced by 2 per
    exhaustion level; the 1 and the 20 are the die's own face."""
    dying(brom)
    brom.dispatch(SetExhaustion("Wil", 2))  # -4
    brom.dispatch(DeathSave("Wil"), [12])  # 12 - 4 = 8: a failure
    assert saves(brom)[0] == {"successes": 0, "failures": 1}
    assert last_line(brom) == "Wil's death save (1d20=[12] typed, -4 exhaustion): a failure"
    brom.dispatch(DeathSave("Wil"), [14])  # 10: a success
    assert saves(brom)[0] == {"successes": 1, "failures": 1}
    brom.dispatch(DeathSave("Wil"), [20])  # still wakes
    assert pc(brom, 1)["hp"] == 1


def test_death_saves_in_manual_dice_mode_ask_for_the_die(brom):
    from tracker.core.campaign import SetManualDice
    brom.dispatch(SetManualDice(True))
    dying(brom)
    with pytest.raises(DiceNeeded) as e:
        brom.dispatch(DeathSave("Wil"))
    assert e.value.group.sides == 20
    brom.dispatch(Damage("Brom", 5))
    with pytest.raises(DiceNeeded) as e:
        brom.dispatch(ShortRest((("Brom", 1),)))
    assert e.value.group.sides == 10
    brom.dispatch(DeathSave("Wil"), [12])
    assert saves(brom)[0]["successes"] == 1


def test_death_saves_can_be_amended(brom):
    dying(brom)
    out = brom.dispatch(DeathSave("Wil"), [5])
    brom.dispatch(brom.amend_command(out.envelopes[0].seq, [20]))
    assert pc(brom, 1)["hp"] == 1


def test_death_save_chances_over_many_rolls():
    """Seeded: success 10/20 (10-19), failure 8/20 (2-9), a 1 and a 20 1/20 each."""
    from tracker.core import dice as dicemod
    from tracker.core.ruleset import load_text
    from tracker.store.paths import PROJECT_ROOT
    ds = load_text((PROJECT_ROOT / "rulesets" / "dnd-2024.toml").read_text()).rules.party.death_saves
    src = SeededDice("death-saves:7")
    n = 4000
    seen = {"success": 0, "failure": 0, "fumble": 0, "wake": 0}
    for _ in range(n):
        seen[death_save_result(ds, dicemod.roll(ds.die, src).total)] += 1
    for result, p in {"success": 0.5, "failure": 0.4, "fumble": 0.05, "wake": 0.05}.items():
        z = (seen[result] - n * p) / math.sqrt(n * p * (1 - p))
        assert abs(z) < 3.3, (result, seen)


# -- combat rounds ------------------------------------------------------------------------


def test_a_ten_round_spell_ends_after_ten_rounds_not_a_turn(brom):
    """Issue 14: a 10-round spell ended in one 10-minute turn: nothing advanced rounds."""
    from tracker.core.schema import seconds
    brom.dispatch(effects.StartEffect("Bless", seconds(brom.state.rules, "10 rounds")))
    clock = brom.state.clock
    brom.dispatch(AdvanceRounds(9))
    assert [e.name for e in brom.state.effects] == ["Bless"]
    assert brom.state.clock == clock + 9 * 6
    brom.dispatch(AdvanceRounds(1))
    assert brom.state.effects == ()
    assert last_line(brom) == "1 combat round (6 s) — Bless ended"  # the round it ran out


@pytest.mark.parametrize("rid,seconds", [("dyb-og-drager", 10), ("dolmenwood", 10)])
def test_rounds_use_each_rulesets_round_length(make, rid, seconds):
    c = make(rid)
    c.dispatch(AdvanceRounds(6))
    assert c.state.clock == 6 * seconds
    with pytest.raises(Refused, match="advance 1 to 10000 rounds"):
        c.dispatch(AdvanceRounds(0))


def test_cli_actions(brom, capsys):
    from tracker import cli
    brom.dispatch(Damage("Brom", 10))
    brom.close()
    saves_dir = str(brom.store.path.parent)

    def do(*args):
        return cli.main(["--saves", saves_dir, "do", brom.name, *args])

    assert do("short-rest", "Brom=2", "--dice", "4,6") == 0
    assert "Brom spent 2 Hit Point Dice (1d10=[4] typed, 1d10=[6] typed)" in capsys.readouterr().out
    assert do("damage", "Wil", "9", "--critical") == 0
    assert do("death-save", "Wil", "--dice", "10") == 0
    assert "Wil's death save (1d20=[10] typed): a success" in capsys.readouterr().out
    assert do("rounds", "10") != 0  # Wil is dying: a round at a time (gm-review4 R6)
    assert "Wil is dying: no more than a round passes" in capsys.readouterr().err
    assert do("heal", "Wil", "1") == 0
    assert do("rounds", "10") == 0 and do("long-rest") == 0
    out = capsys.readouterr().out
    assert "10 combat rounds (60 s)" in out and "Long rest (8 h)" in out
    assert do("short-rest", "Brom=x") != 0
    assert "expected NAME or NAME=N" in capsys.readouterr().err


def test_short_rest_as_the_gm_types_it():
    from tracker.core.party import short_rest_from
    assert short_rest_from("Brom=2, Old Tom") == ShortRest((("Brom", 2), ("Old Tom", 1)))
    assert short_rest_from(" ") == ShortRest()
    for bad in ("Brom=x", "=2", "Brom=-1"):
        with pytest.raises(Refused, match="expected NAME or NAME=N"):
            short_rest_from(bad)


@pytest.mark.parametrize("old,new,expect", [
    ('die = "1d20"', 'die = "1x20"', "key party.death_saves.die: bad dice"),
    ("long_hours = 8", "long_hours = 0", "line {line}: key party.rests.long_hours: expected a positive number"),
    ("long_hit_dice_percent = 100", "long_hit_dice_percent = 150",
     "key party.rests.long_hit_dice_percent: expected a number from 0 to 100"),
    ("[party.death_saves]", "[party.death_saving]", "key party.death_saving"),
    ('zero_hp = "dying"', 'zero_hp = "dead"', 'key party.death_saves: expected with zero_hp'),
])
def test_bad_rest_and_death_save_data_is_named(old, new, expect):
    from tracker.core.ruleset import RulesetError, load_text
    from tracker.store.paths import PROJECT_ROOT
    t = (PROJECT_ROOT / "rulesets" / "dnd-2024.toml").read_text()
    assert old in t
    with pytest.raises(RulesetError) as e:
        load_text(t.replace(old, new, 1), "mine.toml")
    # the key's own line, wherever the ruleset's keys above it have moved it
    assert expect.format(line=t[:t.index(old)].count("\n") + 1) in str(e.value)


def _long_rest_ends_one_by_one(state, who, exhaustion=True):
    """``party.rules.long_rest_ends`` as it was before its fast path (perf-areas):
    each sleeper found as ``find`` does, every member of its exact name changed."""
    from msgspec.structs import replace
    from tracker.core.party.rules import _rests, member, rested_exhaustion
    rests = _rests(state, "long rest")
    removed = rests.long_exhaustion_removed if exhaustion else 0
    if not who:
        return state
    party = list(state.party)
    clock, percent = state.clock, rests.long_hit_dice_percent
    for name in who:
        c = next((x for x in party if x.name == name or x.name.casefold() == name.casefold()),
                 None)
        if c is None:
            member(state, name)
        spent = max(0, c.hit_dice_spent - max(1, c.level * percent // 100))
        level = rested_exhaustion(c, removed)
        for j, x in enumerate(party):
            if x.name == c.name:
                party[j] = replace(x, hp=c.hp_max, hit_dice_spent=spent, exhaustion=level,
                                   death_successes=0, death_failures=0, long_rested_at=clock)
    return replace(state, party=tuple(party))


def test_a_long_rest_by_the_fast_path_is_the_rest_sleeper_by_sleeper(brom):
    """perf-areas: ``long_rest_ends`` rebuilds the party in one pass where each
    sleeper is named as exactly one member is (no two members alike in any case);
    random parties (names alike in case or in full included), sleepers, levels of
    exhaustion and held levels give what the search per sleeper gave."""
    from msgspec.structs import replace
    from tracker.core.party.rules import long_rest_ends
    base = brom.state
    proto = base.party[0]
    rnd = random.Random(24)
    pool = ["Ana", "ana", "Bo", "Cy", "Dag", "Eve"]
    for _ in range(1500):
        names = [rnd.choice(pool) for _ in range(rnd.randint(1, 5))]
        party = tuple(replace(proto, id=i + 1, name=n, exhaustion=rnd.choice([0, 0, 1, 3]),
                              held=(("malnutrition", 1),) if rnd.random() < .2 else (),
                              hp=rnd.randint(0, 20), hit_dice_spent=rnd.randint(0, 9),
                              level=rnd.randint(1, 20))
                      for i, n in enumerate(names))
        state = replace(base, party=party, clock=rnd.randint(0, 10 ** 6))
        who = tuple(rnd.sample(names + ["ANA", "bo"], rnd.randint(0, len(names))))
        lasts = rnd.random() < .5
        try:
            want = _long_rest_ends_one_by_one(state, who, lasts)
        except Exception as e:  # refused: nobody by that name
            with pytest.raises(type(e)):
                long_rest_ends(state, who, lasts)
            continue
        assert long_rest_ends(state, who, lasts) == want, (names, who)


# -- hirelings (no hit points tracked) ----------------------------------------------------


def test_a_hireling_sheds_exhaustion_on_a_long_rest(brom):
    """The road's saves give a hireling levels of exhaustion (fix-known); the long
    rest that takes a level off the others took none off them, who have no hit
    points to count: they stayed tired for good."""
    brom.dispatch(AddCharacter("Hob"))
    brom.dispatch(SetExhaustion("Hob", 2))
    brom.dispatch(LongRest())
    assert [c["exhaustion"] for c in js(brom)["party"]] == [0, 0, 1]
    assert last_line(brom).endswith("for Brom, Wil, Hob, exhaustion -1")


def test_a_hireling_sheds_exhaustion_in_the_nights_camp(make):
    from support.travel import day, road
    c = road(make, "dnd-2024", "grassland")
    c.dispatch(AddCharacter("Hob"))
    c.dispatch(SetExhaustion("Hob", 2))
    day(c)
    assert "Hob" in last_line(c).split(": ", 1)[1].split(", ")
    assert js(c)["party"][-1]["exhaustion"] == 1
