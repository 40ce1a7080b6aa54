"""A stage corrected to end in camp gets the night's long rest that camping
gives (D&D 2024, ``[travel] camp_long_rest``; known-issue 4): its hit points
back, a level of exhaustion less, as a stage entered so would have had them;
corrected back to go on, that rest is taken back (the rest's entry then
reads as no rest). Undo of the correction gives back what was. CLI and app
share ``amend_command``; the log and the recap read the corrected entries."""

from __future__ import annotations

import json

from tracker.core import travel as tr
from tracker.core.party import AddCharacter, Damage, SetExhaustion
from tracker.core.timeline.entries import Undo
from tracker.core.travel.camp import CampLongRest


def ana(c):
    return next(x for x in c.state.party if x.name == "Ana")


def road(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", hp=10))
    c.dispatch(Damage("Ana", 4))
    c.dispatch(SetExhaustion("Ana", 2))
    c.dispatch(tr.SetTerrain("grassland"))
    return c


def stage_seq(c):
    return next(s for s in range(c.seq, 0, -1) if type(c.entry(s).event) is tr.Travelled)


def test_a_stage_corrected_to_camp_rests_the_night(make):
    c = road(make)
    c.dispatch(tr.TravelDay(hours=6, camp=False), [15])
    assert (ana(c).hp, ana(c).exhaustion) == (6, 2)
    seq = stage_seq(c)
    c.dispatch(c.amend_command(seq, fields={"camp": "yes"}))
    assert (ana(c).hp, ana(c).exhaustion) == (10, 1)
    assert [type(e) for e in c.entry_events(seq)] == [tr.Travelled, CampLongRest]
    c.dispatch(Undo())
    assert (ana(c).hp, ana(c).exhaustion) == (6, 2)


def test_a_stage_corrected_to_go_on_loses_the_nights_rest(make):
    c = road(make)
    c.dispatch(tr.TravelDay(hours=6), [15])
    assert (ana(c).hp, ana(c).exhaustion) == (10, 1)
    seq = stage_seq(c)
    c.dispatch(c.amend_command(seq, fields={"camp": "no"}))
    assert (ana(c).hp, ana(c).exhaustion) == (6, 2)
    # and back again: one rest, not two
    c.dispatch(c.amend_command(seq, fields={"camp": "yes"}))
    assert (ana(c).hp, ana(c).exhaustion) == (10, 1)


def test_the_log_says_the_rest_is_gone(cli):
    cli("new", "c", "--ruleset", "dnd-2024")
    cli("do", "c", "add-character", "Ana", "--hp", "10")
    cli("do", "c", "damage", "Ana", "4")
    cli("do", "c", "terrain", "grassland")
    out = cli("do", "c", "travel", "--hours", "6", "--dice", "15")
    assert "The night in camp is a long rest: Ana" in out
    out = cli("do", "c", "amend", "6", "--set", "camp=no")
    assert "No long rest: the day no longer ends in camp" in out
    assert json.loads(cli("state", "c", "--json"))["party"][0]["hp"] == 6
    out = cli("do", "c", "amend", "6", "--set", "camp=yes")
    assert json.loads(cli("state", "c", "--json"))["party"][0]["hp"] == 10
