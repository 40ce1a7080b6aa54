"""The dead do not forage, hunt or lend their Wisdom: a day of foraging is the
living navigator's (or, the navigator dead, the first living member's), and a
party with no one alive neither forages nor hunts. Before, a dead navigator's
modifier went into the forage check, and a dead party found food."""

from __future__ import annotations

import pytest

from tracker.core import travel as tr
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter, Damage



def test_a_dead_navigators_wisdom_does_not_forage(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "fighter", abilities=(16, 14, 15, 10, 18, 8)))  # WIS +4
    c.dispatch(AddCharacter("Bo", "rogue", abilities=(10, 17, 12, 13, 10, 14)))  # WIS +0
    c.dispatch(tr.SetTerrain("forest"))
    c.dispatch(tr.SetGuide(True, "Ana"))
    alive = c.decide(tr.ForageDay(), [5])[0]
    assert alive.modifier == 4  # the living navigator's
    c.dispatch(Damage("Ana", 200))
    assert c.decide(tr.ForageDay(), [5])[0].modifier == 0  # Bo's, not the dead Ana's


@pytest.mark.parametrize("rid,cmd", [("dnd-2024", tr.ForageDay()),
                                     ("dyb-og-drager", tr.ForageDay()),
                                     ("dyb-og-drager", tr.Hunt(True))])
def test_no_one_alive_forages_or_hunts(make, rid, cmd):
    c = make(rid)
    for name in ("Ana", "Bo"):
        c.dispatch(AddCharacter(name, hp=5))
        c.dispatch(Damage(name, 200))
    c.dispatch(tr.SetTerrain("forest"))
    head = c.seq
    with pytest.raises(Refused, match="no one in the party to"):
        c.dispatch(cmd)
    assert c.seq == head
