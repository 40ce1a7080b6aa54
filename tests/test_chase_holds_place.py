"""A chase (D&D 2024) or an evasion (Dyb & Drager, Dolmenwood) holds the
party where it runs (known-issue 7): going aboard another vessel or ashore
is refused while it runs, as a travel stage or day is (no other time
passes), with a message naming how to end it; once ended, the party goes.
Nothing is written by a refused command. (A chase may lead into a dungeon
or out of it: test_chase_holds_clock.)"""

from __future__ import annotations

import pytest

from tracker.core import chase as ch
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter
from tracker.core.travel.rules import SetTerrain, TravelDay
from tracker.core.travel.sea import Disembark, Embark

GOES = "the party goes nowhere else until it ends; end it first (end-chase, or x on the chase screen)"
TIME = "no other time passes until it ends"


def dnd_chase(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", hp=10))
    c.dispatch(SetTerrain("grassland"))
    c.dispatch(ch.StartChase("urban", 30))
    return c


def test_a_chase_holds_the_party_where_it_runs(make):
    c = dnd_chase(make)
    head = c.seq
    for cmd, why in ((Embark("rowboat", terrain="waterborne"), GOES),
                     (TravelDay(hours=2), TIME)):
        with pytest.raises(Refused, match=f"a chase is running \\(round 1\\): .*{why[:20]}"):
            c.dispatch(cmd)
    assert c.seq == head
    c.dispatch(ch.EndChase("gave up"))
    c.dispatch(Embark("rowboat", terrain="waterborne"))
    assert c.state.travel.vessel == "rowboat"


def test_nor_ashore(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", hp=10))
    c.dispatch(SetTerrain("grassland"))
    c.dispatch(Embark("rowboat", terrain="waterborne"))
    c.dispatch(ch.StartChase("urban", 30))
    with pytest.raises(Refused, match=GOES[:30]):
        c.dispatch(Disembark("grassland"))


def test_aboard_the_ship_may_still_take_to_the_oars(make):
    c = make("dyb-og-drager")
    c.dispatch(AddCharacter("Ana", hp=10))
    c.dispatch(SetTerrain("ocean"))
    c.dispatch(Embark("ship", rate=120))
    c.dispatch(ch.StartEvasion("sea", 120, gap=300))
    c.dispatch(Embark("ship", rate=120, oars=True))  # the same ship, rowed
    assert c.state.travel.oars
    with pytest.raises(Refused, match="an evasion is running: the party goes nowhere else"):
        c.dispatch(Disembark("clear"))
