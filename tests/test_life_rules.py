"""Life and death change only by the life rules (gm-review4 R1, R9, R6):
damage, healing, death saves. Lowering a dead character's exhaustion, a level
gained at 0 HP, a rest, days of travel or downtime neither raise the dead
nor wake the dying; while someone is dying (D&D 2024, ``[party.death_saves]``)
no more than a round passes, in a command or in a correction; an owner who
cannot act gives no bastion orders."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from tracker.core import bastion as bas
from tracker.core import engine
from tracker.core.dungeon import AdvanceTurn, EnterDungeon, LeaveDungeon
from tracker.core.errors import Refused
from tracker.core.events import decode
from tracker.core.party import (AddCharacter, AdvanceRounds, AwardXP, Damage, DeathSave, Heal,
                                LevelUp, LongRest, SetExhaustion, ShortRest)
from tracker.core.party import sheet
from tracker.core.party.rules import LevelledUp, ShortRested, find
from tracker.core.travel.rules import SetTerrain, TravelDay

WIZARD = (8, 14, 13, 16, 12, 10)
FIGHTER = (15, 14, 13, 10, 12, 8)
DYING = "Bo is dying: no more than a round passes until they are stable, healed or dead"


def party(make, rid="dnd-2024"):
    c = make(rid)
    cls = {"dnd-2024": ("wizard", "fighter"), "dyb-og-drager": ("magiker", "kriger"),
           "dolmenwood": ("magician", "fighter")}[rid]
    c.dispatch(AddCharacter("Bo", cls[0], abilities=WIZARD if rid == "dnd-2024" else
                            (9, 16, 12, 14, 12, 10), hp=None if rid == "dnd-2024" else 4))
    c.dispatch(AddCharacter("Ana", cls[1], abilities=FIGHTER if rid == "dnd-2024" else
                            (15, 10, 12, 12, 13, 10), hp=None if rid == "dnd-2024" else 8))
    return c


def bo(c):
    return find(c.state, "Bo")


def status(c, name="Bo"):
    return sheet.status(c.state.rules, find(c.state, name))


# -- R1: the dead of exhaustion stay dead ---------------------------------------------------


def test_a_dead_characters_exhaustion_is_refused(make):
    c = party(make)
    c.dispatch(SetExhaustion("Bo", 6))
    assert status(c) == "dead"
    seq = c.seq
    for level in (4, 0, 5):
        with pytest.raises(Refused, match="Bo is dead: the dead gain or lose no exhaustion"):
            c.dispatch(SetExhaustion("Bo", level))
    assert c.seq == seq and status(c) == "dead" and bo(c).exhaustion == 6


def test_a_mistaken_fatal_level_is_taken_back_by_undo_or_amend(make):
    c = party(make)
    out = c.dispatch(SetExhaustion("Bo", 6))
    c.dispatch(c.amend_command(out.envelopes[0].seq, fields={"level": "4"}))
    assert status(c) == "ok" and bo(c).exhaustion == 4
    c.undo()  # the correction
    assert status(c) == "dead"
    c.undo()  # the entry itself
    assert status(c) == "ok" and bo(c).exhaustion == 0


def test_a_correction_cannot_lower_the_level_after_a_death(make):
    c = party(make)
    c.dispatch(SetExhaustion("Bo", 5))
    low = c.dispatch(SetExhaustion("Bo", 3))
    with pytest.raises(Refused, match="Bo is dead: the dead gain or lose no exhaustion"):
        # the entry before it corrected to 6: Bo died there, and #low raised him
        c.dispatch(c.amend_command(low.envelopes[0].seq - 1, fields={"level": "6"}))
    assert bo(c).exhaustion == 3


def test_a_long_rest_named_for_one_a_correction_killed_is_refused(make):
    c = party(make)
    hurt = c.dispatch(Damage("Bo", 2))
    c.dispatch(LongRest())
    assert bo(c).hp == bo(c).hp_max
    with pytest.raises(Refused, match="Bo is dead at 0 HP: a rest needs 1 HP or more"):
        c.dispatch(c.amend_command(hurt.envelopes[0].seq, fields={"amount": "20"}))
    with pytest.raises(Refused, match="Bo is dying at 0 HP: a rest needs 1 HP or more"):
        c.dispatch(c.amend_command(hurt.envelopes[0].seq, fields={"amount": "7"}))
    assert status(c) == "ok"


def test_a_short_rest_takes_the_chases_exhaustion_off_the_living_only(make):
    """A chase's levels come off in a short rest (5e2024.md §3.3); not off one
    who has died of exhaustion since: that would raise them."""
    c = party(make)
    c.dispatch(SetExhaustion("Bo", 6))
    c.dispatch(SetExhaustion("Ana", 2))
    state = replace(c.state, chase=replace(c.state.chase, gained=(("Bo", 2), ("Ana", 2))))
    after = engine.evolve(state, ShortRested())
    assert sheet.status(after.rules, find(after, "Bo")) == "dead"
    assert find(after, "Bo").exhaustion == 6 and find(after, "Ana").exhaustion == 0
    # an entry written before version 2 took them off everyone, and still does
    old = decode("short_rested", 1, b"{}")
    assert old.spares_the_dead is False
    assert find(engine.evolve(state, old), "Bo").exhaustion == 4


# -- R9: a level raises the maximum, not the dying --------------------------------------------


def test_levelling_up_at_zero_hp_keeps_the_character_dying(make):
    c = party(make)
    c.dispatch(Damage("Bo", 7))
    c.dispatch(DeathSave("Bo"), [5])
    c.dispatch(AwardXP(600))
    c.dispatch(LevelUp("Bo"))
    b = bo(c)
    assert (b.level, b.hp, b.hp_max, b.death_failures) == (2, 0, 12, 1)
    assert status(c) == "dying"
    from tracker.history import entries
    assert entries(list(c.store.read()), c.timeline)[-1].text == \
        "Bo reached level 2 (+5 HP, 12 max); still at 0 HP (a level heals nobody)"
    c.dispatch(Heal("Bo", 3))  # healing wakes him, from 0
    assert (bo(c).hp, status(c)) == (3, "ok")
    c.dispatch(LevelUp("Ana"))  # one standing gains the level's hit points too
    assert find(c.state, "Ana").hp == find(c.state, "Ana").hp_max


def test_an_old_level_up_entry_replays_as_written():
    old = decode("levelled_up", 1, b'{"name": "Bo"}')
    assert old == LevelledUp("Bo", keeps_zero=False)


# -- R6: the dying hold the clock past a round ---------------------------------------------


TIME = {
    "turn": lambda: AdvanceTurn(1),
    "rounds-2": lambda: AdvanceRounds(2),
    "long-rest": lambda: LongRest(),
    "short-rest": lambda: ShortRest(),
    "travel": lambda: TravelDay(),
    "downtime": lambda: bas.Downtime(30),
    "bastion-weeks": lambda: bas.RunWeeks(2),
}


@pytest.mark.parametrize("what", list(TIME))
def test_time_does_not_pass_while_someone_is_dying(make, what):
    c = party(make)
    c.dispatch(AddCharacter("Cyr", "cleric", 5, FIGHTER))
    c.dispatch(bas.NewBastion("Cyr"))
    c.dispatch(SetTerrain("grassland"))
    if what == "turn":
        c.dispatch(EnterDungeon("X"))
    c.dispatch(Damage("Bo", 7))
    seq, clock = c.seq, c.state.clock
    with pytest.raises(Refused, match=DYING + r"; roll their death saves \(death-save NAME"):
        c.dispatch(TIME[what]())
    assert (c.seq, c.state.clock, status(c)) == (seq, clock, "dying")


def test_a_round_passes_and_saves_settle_it(make):
    c = party(make)
    c.dispatch(Damage("Bo", 7))
    c.dispatch(AdvanceRounds(1))  # the round of one death save
    for die in (10, 12, 15):
        c.dispatch(DeathSave("Bo"), [die])
    assert status(c) == "stable"
    c.dispatch(LongRest())  # stable: time passes (Bo gains nothing from it)
    assert (bo(c).hp, status(c)) == (0, "stable")


def test_two_dying_are_named(make):
    c = party(make)
    c.dispatch(Damage("Bo", 7))
    c.dispatch(Damage("Ana", 12))
    with pytest.raises(Refused, match="Bo, Ana are dying: no more than a round passes"):
        c.dispatch(LongRest())


@pytest.mark.parametrize("rid", ["dyb-og-drager", "dolmenwood"])
def test_rulesets_without_death_saves_hold_nothing(make, rid):
    c = party(make, rid)
    c.dispatch(Damage("Bo", 4))  # dead at 0 HP there
    assert status(c) == "dead"
    c.dispatch(EnterDungeon("X"))
    c.dispatch(AdvanceTurn(3))
    c.dispatch(LeaveDungeon())


def test_a_correction_cannot_leave_someone_dying_through_later_time(make):
    c = party(make)
    hurt = c.dispatch(Damage("Bo", 3))
    c.dispatch(EnterDungeon("X"))
    c.dispatch(AdvanceTurn(2))
    with pytest.raises(Refused, match=r"turn advanced\) would be refused: " + DYING):
        c.dispatch(c.amend_command(hurt.envelopes[0].seq, fields={"amount": "7"}))
    c.dispatch(c.amend_command(hurt.envelopes[0].seq, fields={"amount": "5"}))
    assert bo(c).hp == 2


# -- R6: a bastion owner who cannot act gives no orders ------------------------------------


def _owner_stable(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Cyr", "cleric", 5, (10, 12, 14, 10, 16, 13)))
    c.dispatch(bas.NewBastion("Cyr"))
    c.dispatch(bas.AddFacility("Cyr", "garden", True, ("food",)))
    c.dispatch(Damage("Cyr", find(c.state, "Cyr").hp_max))
    with pytest.raises(Refused, match="Cyr is dying: no more than a round passes"):
        c.dispatch(bas.RunWeeks(2))
    for die in (10, 10, 10):
        c.dispatch(DeathSave("Cyr"), [die])
    return c


def test_an_owner_at_zero_hp_gives_no_orders(make):
    c = _owner_stable(make)
    c.dispatch(bas.RunWeeks(2))
    b = bas.find(c.state, "Cyr")
    assert b.neglect == 2  # no Maintain given for him: neglect counts
    assert [r.lines for r in b.results[-2:]] == [("No orders",), ("No orders",)]
    assert not any(r.rolls for r in b.results)  # no bastion event rolled
    with pytest.raises(Refused, match=r"Cyr is at 0 HP \(unconscious\) and gives no orders"):
        c.dispatch(bas.RunTurn("Cyr", maintain=True))


# -- C2: healing takes dice, as damage does ------------------------------------------------


@pytest.mark.parametrize("rid", ["dnd-2024", "dyb-og-drager", "dolmenwood"])
def test_heal_rolls_dice_records_them_and_amend_retypes_them(make, rid):
    from tracker.core.party import heal_from
    c = party(make, rid)
    c.dispatch(Damage("Ana", 6))
    out = c.dispatch(heal_from("Ana", "1d4+1"), [2])
    ev = out.envelopes[0].event
    assert (ev.amount, ev.roll.expr, ev.roll.dice) == (3, "1d4+1", (2,))
    assert find(c.state, "Ana").hp == find(c.state, "Ana").hp_max - 3
    c.dispatch(c.amend_command(out.envelopes[0].seq, [4]))
    assert find(c.state, "Ana").hp == find(c.state, "Ana").hp_max - 1
    c.dispatch(heal_from("Ana", "2d4+2"))  # more than she lacks: up to the maximum
    assert find(c.state, "Ana").hp == find(c.state, "Ana").hp_max
    with pytest.raises(Refused, match="Ana is already at full hit points"):
        c.dispatch(heal_from("Ana", "2d4+2"))
    assert heal_from("Ana", " 5 ").amount == 5 and heal_from("Ana", "5").dice == ""


def test_heal_dice_on_the_command_line(make, cli, saves):
    cli("new", "h", "--ruleset", "dnd-2024", "--seed", "3")
    cli("do", "h", "add-character", "Bo", "--class", "wizard", "--abilities", "8,14,13,16,12,10")
    cli("do", "h", "damage", "Bo", "6")
    assert "Bo healed 5 (2d4+2=[1,2]=5 typed)" in cli("do", "h", "heal", "Bo", "2d4+2",
                                                       "--dice", "1,2")
    assert "Bo healed 1" in cli("do", "h", "heal", "Bo", "1")


def test_an_old_healed_entry_reads_without_dice():
    assert decode("healed", 1, b'{"name": "Bo", "amount": 3}').roll is None


def test_a_doom_fate_does_not_raise_one_a_correction_killed(make):
    """Dolmenwood: a hasty exit's "escaped at 1 HP" sets hit points; a correction
    that kills the character before the exit must not see them raised by it."""
    c = party(make, "dolmenwood")
    c.dispatch(EnterDungeon("X"))
    hurt = c.dispatch(Damage("Bo", 1))
    # Bo fails his save (1) and meets the Doom table's 2 (escaped at 1 HP); Ana saves (20)
    c.dispatch(LeaveDungeon(hasty=True), [1, 2, 20])
    assert bo(c).hp == 1
    with pytest.raises(Refused, match=r"hasty exit rolled\) would be refused: Bo is dead"):
        c.dispatch(c.amend_command(hurt.envelopes[0].seq, fields={"amount": "4"}))
    assert (bo(c).hp, status(c)) == (1, "ok")
