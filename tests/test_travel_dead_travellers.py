"""The dead do not travel on (gm-review, known-issue 1): in a D&D 2024 stage, a
traveller whose failed extended-travel saves bring them to the last level of
exhaustion (death) saves no more that stage, nor do they eat the next
morning's meal; one already dead rolls nothing. The same holds where a
correction rolls the saves again (amend --dice, a stage's hours corrected,
a later stage rescheduled). A hireling's exhaustion takes from its save as
a classed character's does."""

from __future__ import annotations

import re

from tracker.core import travel as tr
from tracker.core.events import decode
from tracker.core.party import AddCharacter, Damage, SetExhaustion
from tracker.core.supplies import SetSupplies
from tracker.core.travel.rules import save_dcs


def road(make, food=0):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", hp=10))
    c.dispatch(AddCharacter("Bo", hp=10))
    if food:
        c.dispatch(SetSupplies("rations", food))
    c.dispatch(tr.SetTerrain("grassland"))
    return c


def status(c, name):
    from tracker.core.party import sheet
    return sheet.status(c.state.rules, next(x for x in c.state.party if x.name == name))


def test_a_traveller_killed_by_a_save_saves_no_more(make):
    c = road(make)
    c.dispatch(SetExhaustion("Ana", 5))
    # navigation 2d20 (on course), then hour 9: Ana fails (her death), Bo fails;
    # hours 10-12: Bo alone
    ev = c.dispatch(tr.TravelDay(hours=12), [5, 18, 4, 9, 16, 2, 9]).envelopes[0].event
    assert [n for n, _r, _m in ev.saves] == ["Ana", "Bo", "Bo", "Bo", "Bo"]
    assert save_dcs(c.state.rules.travel, ev) == [11, 11, 12, 13, 14]
    assert status(c, "Ana") == "dead"
    bo = next(x for x in c.state.party if x.name == "Bo")
    assert bo.exhaustion == 3 - 1  # three failed; the night's long rest takes one


def test_a_hirelings_exhaustion_takes_from_its_save(make):
    c = road(make)
    c.dispatch(SetExhaustion("Ana", 2))
    ev = c.dispatch(tr.TravelDay(hours=9), [15, 20, 20]).envelopes[0].event
    assert [(n, m) for n, _r, m in ev.saves] == [("Ana", -4), ("Bo", 0)]


def test_the_dead_before_the_stage_roll_nothing(make):
    c = road(make)
    c.dispatch(Damage("Ana", 50))
    ev = c.dispatch(tr.TravelDay(hours=10), [15, 20, 20]).envelopes[0].event
    assert [n for n, _r, _m in ev.saves] == ["Bo", "Bo"]


def test_the_one_a_stage_killed_does_not_eat_the_next_morning(make):
    c = road(make, food=10)
    c.dispatch(SetExhaustion("Ana", 5))
    c.dispatch(tr.TravelDay(hours=12), [5, 18, 4, 20, 20, 20, 20])
    assert status(c, "Ana") == "dead"
    assert sum(b.count for b in c.state.supplies.rations) == 10 - 1  # Bo's alone


def test_a_correction_that_kills_earlier_drops_the_later_saves(make):
    c = road(make)
    c.dispatch(SetExhaustion("Ana", 4))
    # Ana (-8) passes at hours 9 and 10, fails at 11 and dies failing at 12
    c.dispatch(tr.TravelDay(hours=12), [5, 18] + [20] * 8)
    seq = next(s for s in range(c.seq, 0, -1) if type(c.entry(s).event) is tr.Travelled)
    # retyped: Ana fails at hours 9 and 10 and dies; her hour 11 and 12 saves go
    c.dispatch(c.amend_command(seq, dice=[5, 18, 1, 20, 1, 20, 20, 20]))
    ev = c.entry_events(seq)[0]
    assert [n for n, _r, _m in ev.saves] == ["Ana", "Bo", "Ana", "Bo", "Bo", "Bo"]
    assert status(c, "Ana") == "dead"


def test_an_entry_of_before_replays_as_written():
    """A version 2 entry gave its exhaustion after the time it passed."""
    roll = '{"expr":"1d20","dice":[10],"total":10}'
    ev = decode("day_travelled", 2, (
        '{"terrain":"grassland","pace":"normal","hours":9,'
        f'"saves":[["Ana",{roll},0],["Bo",{roll},0]]}}'))
    assert ev.tired_first is False
    assert decode("day_travelled", 3, '{"terrain":"grassland"}').tired_first is True


def test_the_log_reads_the_hours_of_a_shortened_stage(cli):
    cli("new", "c", "--ruleset", "dnd-2024", "--seed", "3")
    cli("do", "c", "add-character", "Ana", "--hp", "10")
    cli("do", "c", "add-character", "Bo", "--hp", "10")
    cli("do", "c", "exhaustion", "Ana", "5")
    cli("do", "c", "terrain", "grassland")
    out = cli("do", "c", "travel", "--hours", "12", "--dice", "5,18,4,9,16,2,9")
    assert re.findall(r"(\w+) Constitution save .*? vs DC (\d+)", out) and \
        [(n, int(dc)) for n, dc in re.findall(r"(Ana|Bo) Constitution save [^;]*? vs DC (\d+)",
                                              out)] == \
        [("Ana", 11), ("Bo", 11), ("Bo", 12), ("Bo", 13), ("Bo", 14)]
    assert "Ana is dead" in out
