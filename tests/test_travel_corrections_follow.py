"""Corrections of earlier entries reach what later entries derived from them
(D&D 2024):

- every later d20 test whose modifier exhaustion sets follows a correction of
  that exhaustion: the extended-travel saves of later stages, as their
  navigation and foraging checks already did (gm-review4 R8), and the
  malnutrition saves;
- a corrected navigator (``guide``) gives later days the new navigator's whole
  modifier (Wisdom and exhaustion), not only the exhaustion, unless the GM set
  that day's modifier by hand (``amend --set nav_mod``);
- a camping stage whose hours a correction changes rests the night only where
  the night, from the stage's end to the morning, is still long enough for a
  long rest (``Journey.night_from``)."""

from __future__ import annotations

import msgspec

from tracker.core import travel as tr
from tracker.core.events import decode
from tracker.core.timeline.entries import Redo, Undo
from tracker.core.party import AddCharacter, Damage, SetExhaustion
from tracker.core.travel.camp import CampLongRest
from support.amend import seq_of
from support.travel import day, road


def _who(c, name):
    return next(x for x in c.state.party if x.name == name)


# -- 1. exhaustion corrected: the later saves follow ----------------------------------------

def test_a_corrected_exhaustion_reaches_the_later_stages_saves(make):
    c = road(make, "dnd-2024", "grassland")
    tired = c.dispatch(SetExhaustion("Ana", 2))
    day(c, 15, hours=8, camp=False)
    out = day(c, 15, 20, 20, 20, 20, hours=2, camp=False)  # hours 9, 10: both save twice
    saves = out.envelopes[0].event.saves
    ana = [m for n, _r, m in saves if n == "Ana"]
    con = ana[0] + 4  # Ana's Con save before exhaustion's -4
    c.dispatch(c.amend_command(tired.envelopes[0].seq, fields={"level": "1"}))
    now = c.entry_events(out.envelopes[0].seq)[0].saves
    assert [m for n, _r, m in now if n == "Ana"] == [con - 2, con - 2]
    assert [m for n, _r, m in now if n == "Bo"] == [m for n, _r, m in saves if n == "Bo"]


def test_a_failed_save_struck_out_reaches_the_next_stages_saves(make):
    """An earlier stage's failed Con save gave a level; corrected to a success,
    the next stage's saves no longer carry it."""
    c = road(make, "dnd-2024", "grassland")
    first = day(c, 15, 1, 20, hours=9, camp=False)  # hour 9: Ana fails (1), Bo saves
    assert _who(c, "Ana").exhaustion == 1
    later = day(c, 15, 20, 20, hours=1, camp=False)  # hour 10: Ana's save carries it
    was = later.envelopes[0].event.saves[0][2]
    c.dispatch(c.amend_command(first.envelopes[0].seq, dice=[15, 20, 20]))
    assert _who(c, "Ana").exhaustion == 0
    assert c.entry_events(later.envelopes[0].seq)[0].saves[0][2] == was + 2


def test_a_corrected_exhaustion_reaches_the_later_malnutrition_saves(make):
    from tracker.core.supplies.hunger import MalnutritionSaved
    c = road(make, "dnd-2024", "grassland", rations=1)
    c.dispatch(AddCharacter("Cy", "wizard", abilities=(8, 14, 14, 16, 12, 10)))
    tired = c.dispatch(SetExhaustion("Ana", 3))
    c.dispatch(tr.RestDay(), [15, 15, 15])  # three eat 3 a day: 1 is under half
    seq, ev = next((s, e) for s in range(c.seq, 0, -1) for e in c.entry_events(s)
                   if isinstance(e, MalnutritionSaved))
    was = dict((n, m) for n, _r, m in ev.saves)
    c.dispatch(c.amend_command(tired.envelopes[0].seq, fields={"level": "1"}))
    now = next(e for e in c.entry_events(seq) if isinstance(e, MalnutritionSaved))
    # two levels fewer: +4 on Ana's save, the others as they were
    assert dict((n, m) for n, _r, m in now.saves) == {**was, "Ana": was["Ana"] + 4}


# -- 2. the navigator corrected -----------------------------------------------------------

def test_a_corrected_navigator_gives_later_days_the_whole_modifier(make):
    c = road(make, "dnd-2024", "forest")
    guide = c.dispatch(tr.SetGuide(False, "Ana"))  # Wis 12: +1
    out = day(c, 13, 2, hours=4, camp=False)  # 13 + 1 = 14 < DC 15: strayed
    seq = out.envelopes[0].seq
    assert out.envelopes[0].event.nav_mod == 1 and c.state.travel.days[-1].strayed
    c.dispatch(c.amend_command(guide.envelopes[0].seq, fields={"navigator": "Bo"}))  # Wis 14: +2
    ev = c.entry_events(seq)[0]
    assert (ev.nav_mod, ev.delay) == (2, None)  # 13 + 2 = 15: on course
    assert not c.state.travel.days[-1].strayed and c.state.travel.days[-1].longer == 0
    c.dispatch(Undo())  # the correction undone: Ana's +1 and the stray again
    assert c.entry_events(seq)[0].nav_mod == 1 and c.state.travel.days[-1].strayed


def test_a_hand_set_modifier_stays_when_the_navigator_is_corrected(make):
    c = road(make, "dnd-2024", "forest")
    guide = c.dispatch(tr.SetGuide(False, "Ana"))
    out = day(c, 13, 2, hours=4, camp=False)
    seq = out.envelopes[0].seq
    c.dispatch(c.amend_command(seq, fields={"nav_mod": "0"}))  # the GM's own: no kit
    assert c.entry_events(seq)[0].nav_derived is False
    c.dispatch(c.amend_command(guide.envelopes[0].seq, fields={"navigator": "Bo"}))
    ev = c.entry_events(seq)[0]
    assert ev.nav_mod == 0 and c.state.travel.days[-1].strayed


def test_a_corrected_navigator_forages_with_the_new_ones_modifier(make):
    c = road(make, "dnd-2024", "forest")
    guide = c.dispatch(tr.SetGuide(False, "Ana"))  # forages too: Wis +1
    out = c.dispatch(tr.ForageDay(), [9, 4])  # 9 + 1 = 10 meets DC 10: 4 + 1 lb
    seq = out.envelopes[0].seq
    assert c.entry_events(seq)[0].modifier == 1
    c.dispatch(c.amend_command(guide.envelopes[0].seq, fields={"navigator": "Bo"}))  # Wis +2
    assert c.entry_events(seq)[0].modifier == 2
    assert c.state.travel.days[-1].food == 6


def test_an_old_day_keeps_its_modifier():
    """An entry written before the tracker told a derived modifier from a hand-set
    one keeps its modifier (it may be the GM's)."""
    assert decode("day_travelled", 4, msgspec.json.encode({})).nav_derived is False
    assert decode("foraged_day", 4, msgspec.json.encode({})).derived is False
    assert decode("day_travelled", 4, msgspec.json.encode({})).forage_derived is False


# -- 3. a camping stage's hours corrected ------------------------------------------------

def _camping(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", hp=10))
    c.dispatch(tr.SetTerrain("grassland"))
    c.dispatch(tr.TravelDay(hours=8, camp=False), [15])
    c.dispatch(Damage("Ana", 4))
    return c


def test_a_camping_stage_corrected_longer_loses_the_short_nights_rest(make):
    c = _camping(make)
    out = c.dispatch(tr.TravelDay(hours=4), [15] + [20] * 4)  # to 12:00: a 12-hour night
    assert _who(c, "Ana").hp == 10
    seq = out.envelopes[0].seq
    c.dispatch(c.amend_command(seq, fields={"hours": "10"}, dice=[20] * 6))  # to 18:00: 6 h
    assert _who(c, "Ana").hp == 6
    rest = next(e for s in range(seq, c.seq + 1) for e in c.entry_events(s)
                if isinstance(e, CampLongRest))
    assert rest.who == ()
    from tracker.history import entries
    lines = [e.text for e in entries(list(c.store.read()), c.timeline)]
    assert lines[-1].endswith("No long rest: the night in camp is now too short for one")
    c.dispatch(Undo())
    assert _who(c, "Ana").hp == 10
    c.dispatch(Redo())
    assert _who(c, "Ana").hp == 6


def test_corrected_back_the_night_rests_once(make):
    c = _camping(make)
    out = c.dispatch(tr.TravelDay(hours=4), [15] + [20] * 4)
    seq = out.envelopes[0].seq
    c.dispatch(c.amend_command(seq, fields={"hours": "10"}, dice=[20] * 6))
    c.dispatch(c.amend_command(seq, fields={"hours": "3"}))  # to 11:00: a rest again
    assert _who(c, "Ana").hp == 10
    rests = [e for s in range(seq, c.seq + 1) for e in c.entry_events(s)
             if isinstance(e, CampLongRest) and e.who]
    assert len(rests) == 1


# -- 4. days afloat: the same rule as a day on land ------------------------------------------

def _aboard(make):
    """Ana (Wis 12: +1) navigates a galley on waterborne (DC 10) at exhaustion 2
    (-4 on a d20 test)."""
    c = road(make, "dnd-2024", "coastal")
    guide = c.dispatch(tr.SetGuide(False, "Ana"))
    tired = c.dispatch(SetExhaustion("Ana", 2))
    c.dispatch(tr.Embark("galley", terrain="waterborne"))
    return c, guide.envelopes[0].seq, tired.envelopes[0].seq


def test_a_corrected_exhaustion_reaches_a_later_day_afloat(make):
    c, _guide, tired = _aboard(make)
    out = day(c, 12, 2, hours=4, camp=False)  # 12 + 1 - 4 = 9 < DC 10: strayed, the way
    seq = out.envelopes[0].seq  # 20 % longer, the hours the GM's (gm-review7 R4)
    d = c.state.travel.days[-1]
    assert d.strayed and d.longer == 20 and c.state.travel.hours_today == 4
    c.dispatch(c.amend_command(tired, fields={"level": "1"}))  # 12 + 1 - 2 = 11: on course
    ev = c.entry_events(seq)[0]
    assert (ev.nav_tired, ev.delay) == (2, None)
    assert not c.state.travel.days[-1].strayed and c.state.travel.days[-1].longer == 0
    c.dispatch(Undo())
    assert c.entry_events(seq)[0].nav_tired == 4 and c.state.travel.days[-1].strayed
    c.dispatch(Redo())
    assert not c.state.travel.days[-1].strayed


def test_a_corrected_exhaustion_makes_a_day_afloat_stray(make):
    """The other way: a level of exhaustion corrected in strays the day, and its
    delay is rolled then (the preview names the new die)."""
    c, _guide, tired = _aboard(make)
    out = day(c, 14, hours=4, camp=False)  # 14 + 1 - 4 = 11: on course
    seq = out.envelopes[0].seq
    assert out.envelopes[0].event.delay is None
    cmd = c.amend_command(tired, fields={"level": "3"})  # -6: 9, strayed
    changes = "\n".join(c.explain(cmd).changes)
    assert f"#{seq} moves with it" in changes
    c.dispatch(cmd)
    ev = c.entry_events(seq)[0]
    assert ev.nav_tired == 6 and ev.delay is not None and c.state.travel.days[-1].strayed


def test_a_corrected_navigator_gives_a_day_afloat_the_new_ones_modifier(make):
    c, guide, _tired = _aboard(make)
    c.dispatch(SetExhaustion("Ana", 0))
    out = day(c, 8, 2, hours=4, camp=False)  # 8 + 1 = 9 < 10: strayed
    seq = out.envelopes[0].seq
    c.dispatch(c.amend_command(guide, fields={"navigator": "Bo"}))  # Wis 14: +2, on course
    ev = c.entry_events(seq)[0]
    assert (ev.nav_mod, ev.delay) == (2, None) and not c.state.travel.days[-1].strayed


def test_a_hand_set_modifier_afloat_stays_and_strays_the_day(make):
    """``amend --set nav_mod`` on a day afloat is the GM's from then on, and
    (as on land) a day it strays takes the delay it now calls for."""
    c, guide, _tired = _aboard(make)
    c.dispatch(SetExhaustion("Ana", 0))
    out = day(c, 10, hours=4, camp=False)  # 10 + 1 = 11: on course
    seq = out.envelopes[0].seq
    c.dispatch(c.amend_command(seq, fields={"nav_mod": "-2"}, dice=[3]))  # 8: strayed, +30 %
    ev = c.entry_events(seq)[0]
    assert (ev.nav_derived, ev.delay.total) == (False, 30)
    assert c.state.travel.days[-1].longer == 30 and c.state.travel.hours_today == 4
    c.dispatch(c.amend_command(guide, fields={"navigator": "Bo"}))
    assert c.entry_events(seq)[0].nav_mod == -2 and c.state.travel.days[-1].strayed


def test_an_old_day_afloat_keeps_its_check(make):
    """A day afloat written before version 4 keeps its check as rolled."""
    from tracker.core.travel.rules import tired_now
    c, _guide, _tired = _aboard(make)
    old = decode("day_sailed", 3, msgspec.json.encode({
        "terrain": "waterborne", "vessel": "galley", "hours": 4, "nav_mod": 1, "nav_tired": 0,
        "lost_roll": {"expr": "1d20", "dice": [12], "total": 12}}))
    assert (old.checks_tired, old.nav_derived) == (False, False)
    assert tired_now(c.state, old) is old


def test_a_day_afloat_follows_in_the_cli(saves, capsys):
    """``tracker do NAME amend`` of the exhaustion: the day afloat's line after it
    reads on course."""
    from tracker.cli import main

    def run(*argv):
        code = main(["--lang", "en", *argv])
        said = capsys.readouterr()
        assert code == 0, said
        return said.out + said.err
    run("new", "c", "--ruleset", "dnd-2024")
    run("do", "c", "add-character", "Ana", "--class", "fighter", "--abilities",
        "16,14,15,10,12,8")
    run("do", "c", "terrain", "coastal")
    run("do", "c", "guide", "no", "--navigator", "Ana")
    out = run("do", "c", "exhaustion", "Ana", "2")
    tired = int(out.split("#")[1].split()[0])
    run("do", "c", "embark", "galley", "--water", "waterborne")
    out = run("do", "c", "travel", "--hours", "4", "--no-camp", "--dice", "12,2")
    assert "typed-3 strayed" in out, out
    sailed = int(out.split("#")[1].split()[0])
    run("do", "c", "amend", str(tired), "--set", "level=1")
    log = run("log", "c").splitlines()
    now = next(line for line in log if f"Corrected #{sailed}:" in line)
    assert "typed-1 on course" in now and now.split()[4] == "12:00", log


def test_a_day_afloat_corrected_off_course_loses_its_nights_rest(make):
    """The night after a day afloat follows its corrected length (``Journey.night_from``,
    as after a stage on land): on course, 16 hours end at midnight and the night
    is a long rest. Strayed, the way is longer but the day keeps its 16 hours
    (gm-review7 R4): the night is a long rest still; 20 hours afloat, too short."""
    c, _guide, _tired = _aboard(make)
    rested = c.dispatch(SetExhaustion("Ana", 0)).envelopes[0].seq
    c.dispatch(Damage("Ana", 4))
    hp = _who(c, "Ana").hp
    day(c, 12, hours=16)  # 12 + 1 = 13: on course, and the night heals Ana
    assert _who(c, "Ana").hp > hp
    c.dispatch(c.amend_command(rested, fields={"level": "3"}))  # 12 + 1 - 6 = 7: strayed
    assert c.state.travel.days[-1].strayed and _who(c, "Ana").hp > hp
    sailed = seq_of(c, "day_sailed")
    c.dispatch(c.amend_command(sailed, fields={"hours": "20"}))
    assert _who(c, "Ana").hp == hp
