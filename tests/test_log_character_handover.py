"""The log's character filter finds a light's handover under either character
(known-issue 5): the entry names the carrier it was taken from
(``light_taken`` version 2, ``from_by``), so the event itself declares both
(core/limits ``Carrier``), and the filter (CLI ``log --character``, the app's
log screen: ``history.filtered``) needs no special case. A correction that
gives the light another carrier before the handover names that one; an
entry of version 1 names the taker alone."""

from __future__ import annotations

from tracker import history
from tracker.core import lights as L, party, supplies
from tracker.core.dungeon.rules import EnterDungeon
from tracker.core.events import decode


def delve(make):
    c = make("dnd-2024")
    for n in ("Ana", "Bo", "Cy"):
        c.dispatch(party.AddCharacter(n, hp=8))
    c.dispatch(supplies.SetSupplies("torches", 5))
    c.dispatch(EnterDungeon("Hole"))
    return c


def seqs(c, who):
    log = history.entries(list(c.store.read()), c.timeline)
    return [e.seq for e in history.filtered(log, character=who)]


def test_a_handover_is_found_under_either_character(make):
    c = delve(make)
    lit = c.dispatch(L.LightSource("torch", "Ana")).envelopes[0].seq
    light = c.state.lights[0].id
    taken = c.dispatch(L.TakeLight(light, "Bo")).envelopes[0].seq
    assert taken in seqs(c, "Ana") and lit in seqs(c, "Ana")
    assert taken in seqs(c, "Bo")
    assert taken not in seqs(c, "Cy")
    # the light lit by Cy instead: the handover is from Cy (the correction
    # that moves it names Cy, as a correction's entry names what stands in)
    fixed = c.dispatch(c.amend_command(lit, fields={"by": "Cy"})).envelopes[0].seq
    assert [e.from_by for e in c.entry_events(taken)] == ["Cy"]
    assert fixed in seqs(c, "Cy")
    assert [s for s in seqs(c, "Cy") if s > fixed]  # the handover's correction too


def test_a_light_taken_from_the_floor_names_the_taker(make):
    c = delve(make)
    c.dispatch(L.LightSource("torch"))
    ev = c.dispatch(L.TakeLight(c.state.lights[0].id, "Bo")).envelopes[0].event
    assert ev.names() == ("Bo",)


def test_the_cli_filter(cli):
    cli("new", "c", "--ruleset", "dnd-2024")
    for n in ("Ana", "Bo"):
        cli("do", "c", "add-character", n, "--hp", "8")
    cli("do", "c", "supplies", "torches", "3")
    cli("do", "c", "enter-dungeon", "Hole")
    cli("do", "c", "light", "torch", "Ana")
    out = cli("do", "c", "take-light", "3", "Bo")
    assert "Bo takes Ana's torch (#3)" in out
    assert "Bo takes Ana's torch (#3)" in cli("log", "c", "--character", "Ana")


def test_an_entry_of_before_names_the_taker_alone():
    ev = decode("light_taken", 1, '{"id": 3, "by": "Bo"}')
    assert ev.from_by == "" and ev.names() == ("Bo",)
