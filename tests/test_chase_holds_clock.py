"""A chase (D&D 2024) or an evasion (Dyb & Drager, Dolmenwood) runs in rounds
or pursuit days: no other command passes time while it runs (downtime,
bastion weeks, a dungeon turn, fast travel, a travel or rest day, a short or
long rest): each is refused with a message naming how to end it. Combat
rounds and the chase's own commands still move the clock; a command that
passes no time is not refused; once it ended, time passes again."""

from __future__ import annotations

import pytest

from tracker.core import bastion as bas
from tracker.core import chase as ch
from tracker.core.campaign.rules import AddNote
from tracker.core.dungeon import AdvanceTurn, EnterDungeon, FastTravel
from tracker.core.chase.model import GAVE_UP
from tracker.core.errors import Refused
from tracker.core.lights import LightSource
from tracker.core.supplies import SetSupplies
from tracker.core.party import AddCharacter, AdvanceRounds, LongRest, ShortRest
from tracker.core.travel.rules import RestDay, SetTerrain, TravelDay

from support.bastion import STATS

BX = ["dyb-og-drager", "dolmenwood"]
HELD = "no other time passes until it ends; end it first (end-chase, or x on the chase screen)"

DND_TIME = {
    "downtime": lambda: bas.Downtime(7),
    "bastion-weeks": lambda: bas.RunWeeks(1),
    "long-rest": lambda: LongRest(),
    "short-rest": lambda: ShortRest(),
    "travel": lambda: TravelDay(),
    "rest-day": lambda: RestDay(),
}
DUNGEON_TIME = {
    "turn": lambda: AdvanceTurn(1),
    "rest-turn": lambda: AdvanceTurn(1, "rest"),
    "fast-travel": lambda: FastTravel(600),
}


def chasing(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "rogue", 9, STATS))
    c.dispatch(bas.NewBastion("Ana"))
    c.dispatch(SetTerrain("forest"))
    c.dispatch(ch.StartChase("urban", 40))
    c.dispatch(ch.JoinChase("Ana"), [20])
    c.dispatch(ch.JoinChase("Thug", "pursuer", speed=30, con=1, perception=12), [10])
    return c


@pytest.mark.parametrize("what", list(DND_TIME))
def test_a_chase_refuses_time_passing_elsewhere(make, what):
    c = chasing(make)
    seq, clock = c.seq, c.state.clock
    with pytest.raises(Refused, match=r"a chase is running \(round 1\): " + HELD.replace("(", r"\(")
                       .replace(")", r"\)")):
        c.dispatch(DND_TIME[what]())
    assert (c.seq, c.state.clock, c.state.chase.active) == (seq, clock, True)
    c.dispatch(ch.EndChase(GAVE_UP))
    c.dispatch(DND_TIME[what]())  # ended: time passes again
    assert c.state.clock > clock


@pytest.mark.parametrize("what", ["turn", "rest-turn"])  # D&D 2024 has no fast travel
def test_a_chase_in_a_dungeon_refuses_its_turns(make, what):
    c = chasing(make)
    c.dispatch(EnterDungeon("Vault"))  # no time passes: allowed
    with pytest.raises(Refused, match="a chase is running"):
        c.dispatch(DUNGEON_TIME[what]())


def test_combat_rounds_and_notes_pass_in_a_chase(make):
    c = chasing(make)
    clock = c.state.clock
    c.dispatch(AdvanceRounds(2))
    c.dispatch(AddNote("they run"))
    assert c.state.clock == clock + 12 and c.state.chase.active


@pytest.mark.parametrize("rid", BX)
@pytest.mark.parametrize("where, commands", [
    ("dungeon", DUNGEON_TIME),
    ("wilderness", {"travel": lambda: TravelDay(), "rest-day": lambda: RestDay(),
                    "downtime": lambda: bas.Downtime(7)}),
])
def test_an_evasion_refuses_time_passing_elsewhere(make, rid, where, commands):
    c = make(rid)
    c.dispatch(AddCharacter("Bo"))
    if where == "dungeon":
        c.dispatch(EnterDungeon("Vault"))
        c.dispatch(SetSupplies("torches", 1))
        c.dispatch(LightSource("torch", "Bo"))
    else:
        c.dispatch(SetTerrain("clear" if rid == "dyb-og-drager" else "meadow"))
    c.dispatch(ch.StartEvasion(where, 150, 120, pursue=True,
                               morale=12 if rid == "dyb-og-drager" else 0,
                               **({"gap": 60} if where == "dungeon" else {"surprised": ""})))
    assert c.state.chase.active
    for what, command in commands.items():
        if what == "fast-travel" and c.state.rules.dungeon.fast_travel is None:
            continue
        with pytest.raises(Refused, match="an evasion is running: " + HELD.replace("(", r"\(")
                           .replace(")", r"\)")):
            c.dispatch(command())
