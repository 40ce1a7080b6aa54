"""A quarry the turn's move catches is out of the chase: the turn's
complication does not land on them (D&D 2024; gm-review7 C6: a thief just
caught rolled the complication's save, and it filled the alerts line). It
lands on the next runner still running, or on nobody; in play, through a
correction that makes the move catch them, and not for entries written
before (version 1 let it land on the one caught: it still does)."""

from __future__ import annotations

from msgspec.structs import replace

from tracker.core import campaign as camp
from tracker.core import chase as ch
from tracker.core import party
from tracker.core.chase.rules import TurnTaken, evolve_turn
from tracker.history import last_entries

FIGHTER = (15, 14, 13, 12, 10, 8)


def _chase(make, *others):
    """Оля (pursuer, first in initiative) after Злодюжка, 60 ft ahead."""
    c = make("dnd-2024", "borg", 5)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Оля", "fighter", 1, FIGHTER))
    c.dispatch(ch.StartChase("urban", 60))
    c.dispatch(ch.JoinChase("Оля", "pursuer"), [19])
    c.dispatch(ch.JoinChase("Злодюжка", "quarry", 30, 2, 3, 12), [5])
    for name, at in others:
        c.dispatch(ch.JoinChase(name, "quarry", 30, 0, 0, 10, at=at), [2])
    return c


def _runner(c, name):
    return next(r for r in c.state.chase.runners if r.name == name)


def test_a_quarry_caught_by_the_move_gets_no_complication(make):
    c = _chase(make)
    out = c.dispatch(ch.TakeTurn(None, True), [3])  # a dash of 60 ft; complication 3: crates
    turn = next(e.event for e in out.envelopes if e.type == "chase_turn_taken")
    assert turn.victim_save is None and turn.spares_the_caught
    thief = _runner(c, "Злодюжка")
    assert thief.status == "caught" and thief.complication is None
    assert not [a for a in out.alerts if "Злодюжка" in a.text and "save" in a.text.lower()]
    line = last_entries(out.envelopes, c.timeline)[-1].line
    assert "next runner's save" not in line and "catches Злодюжка" in line


def test_the_complication_lands_on_the_next_runner_still_running(make):
    c = _chase(make, ("Бо", 200))
    out = c.dispatch(ch.TakeTurn(None, True), [3, 15])  # crates; Бо's save 15
    turn = next(e.event for e in out.envelopes if e.type == "chase_turn_taken")
    assert turn.victim_save is not None and turn.victim_save.dice == (15,)
    assert _runner(c, "Злодюжка").complication is None
    assert _runner(c, "Бо").complication is not None


def test_a_correction_that_makes_the_move_catch_takes_the_complication_off(make):
    c = _chase(make)
    out = c.dispatch(ch.TakeTurn(20, False), [3, 4])  # 20 ft: not caught; her save 4 missed
    seq = out.envelopes[-1].seq
    assert _runner(c, "Злодюжка").complication is not None
    c.dispatch(c.amend_command(seq, fields={"feet": "30", "dash": "yes"}))
    c.dispatch(c.amend_command(seq, fields={"feet": "60"}))
    thief = _runner(c, "Злодюжка")
    assert thief.status == "caught" and thief.complication is None and thief.hindered == 0


def test_an_entry_written_before_still_lands_on_the_one_caught(make):
    c = _chase(make)
    before = c.state
    out = c.dispatch(ch.TakeTurn(None, True), [3])
    turn = next(e.event for e in out.envelopes if e.type == "chase_turn_taken")
    old = replace(turn, spares_the_caught=False, victim_save=None)
    # as version 1 decided it: the save rolled for the one caught
    from tracker.core.dice import Roll
    old = replace(old, victim_save=Roll("1d20", (4,), 4, False))
    after = evolve_turn(before, old)
    thief = next(r for r in after.chase.runners if r.name == "Злодюжка")
    assert thief.status == "caught" and thief.complication is not None
