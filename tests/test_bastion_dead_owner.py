"""A dead owner gives no orders, founds nothing and builds nothing: every
bastion decider that acts for its owner asks whether they live (the one
check, party.rules.living_character); the screen offers only the living."""

from __future__ import annotations

import pytest

from tracker.core import bastion as bas
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter, Damage

from support.bastion import STATS, b, fid, keep, orders, week


def _dead(c, name="Ana"):
    c.dispatch(Damage(name, 1000))  # far past the maximum: dead at once
    assert any(ch.name == name for ch in c.state.party)


@pytest.mark.parametrize("command", [
    lambda c: bas.RunTurn("Ana", maintain=True),
    lambda c: bas.RunTurn("Ana", ((fid(c, "barrack"), "recruit", 0),)),
    lambda c: bas.AddFacility("Ana", "library"),
    lambda c: bas.SwapFacility("Ana", fid(c, "armory"), "library"),
    lambda c: bas.EnlargeFacility("Ana", fid(c, "barrack"), 30),
    lambda c: bas.BuildBasic("Ana", "cramped", "Kitchen"),
    lambda c: bas.BuildWalls("Ana", 4),
    lambda c: bas.CombineBastions("Bea", "Ana"),
    lambda c: bas.CombineBastions("Ana", "Bea"),
], ids=["maintain", "orders", "add", "swap", "enlarge", "basic", "walls", "combine-with",
        "combine"])
def test_a_dead_owner_is_refused(make, command):
    c = keep(make)
    c.dispatch(AddCharacter("Bea", "fighter", 9, STATS))
    c.dispatch(bas.NewBastion("Bea"))
    week(c)
    made = command(c)
    c.dispatch(Damage("Ana", 1000))
    with pytest.raises(Refused, match="Ana is dead: the dead"):
        c.dispatch(made)


def test_the_dead_found_no_bastion(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Cid", "fighter", 9, STATS))
    _dead(c, "Cid")
    with pytest.raises(Refused, match="Cid is dead: the dead found no bastion"):
        c.dispatch(bas.NewBastion("Cid"))


def test_a_living_owner_is_not_refused_and_the_log_replays(make):
    c = keep(make)
    week(c)
    orders(c, ("barrack", "recruit", 0))
    assert b(c).defenders == 4
    _dead(c)
    assert c.state.bastions.all[0].owner == "Ana"  # the bastion stays, shown
