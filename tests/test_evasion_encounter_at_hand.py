"""An evasion follows the encounter at hand, not one long past (gm-review3
R1): evasion is possible before combat starts (osr.md §9), so once time
passes (a turn, a day, a rest day), a quiet check comes, or the party goes in
or out of a dungeon, the encounter noted before gives an evasion no surprise
and no gap, and "a surprised party cannot evade" is not said of it. The app
offers the same (it asks ``at_hand``, as ``evade`` does)."""

from __future__ import annotations

import pytest

from tracker.core import chase as ch
from tracker.core.chase.model import at_hand
from tracker.core.errors import Refused
from tracker.core.dungeon.rules import AdvanceTurn, EnterDungeon, LeaveDungeon, RollCheck
from tracker.core.party import AddCharacter
from tracker.core.supplies import SetSupplies
from tracker.core.timeline.entries import Undo
from tracker.core.travel import rules as tr

BX = ("dyb-og-drager", "dolmenwood")
TERRAIN = {"dyb-og-drager": "forest", "dolmenwood": "open_forest"}
# not lost; an encounter, the party surprised (1), the foe not (3); its distance
MET = {"dyb-og-drager": [6, 1, 1, 3, 2], "dolmenwood": [6, 1, 1, 3, 2, 2]}
QUIET = {"dyb-og-drager": [6, 6], "dolmenwood": [6, 6]}


def party(make, rid):
    c = make(rid)
    for n in ("A", "B"):
        c.dispatch(AddCharacter(n))
    c.dispatch(SetSupplies(next(iter(c.state.rules.rations.kinds)), 20))
    c.dispatch(tr.SetTerrain(TERRAIN[rid]))
    return c


def evasion_after(c, where: str):
    c.dispatch(ch.StartEvasion(where, 120, 120, pursue=True, pursuers=1))
    return c.state.chase.evasion


@pytest.mark.parametrize("rid", BX)
def test_met_on_the_road_counts_at_once(make, rid):
    c = party(make, rid)
    c.dispatch(tr.TravelDay(), MET[rid])
    e = evasion_after(c, "wilderness")
    assert e.surprised == "party" and e.gap > 0


@pytest.mark.parametrize("rid", BX)
@pytest.mark.parametrize("moved_on", ["quiet day", "rest day", "dungeon"])
def test_an_encounter_days_ago_gives_no_surprise(make, rid, moved_on):
    c = party(make, rid)
    c.dispatch(tr.TravelDay(), MET[rid])
    if moved_on == "quiet day":
        c.dispatch(tr.TravelDay(), QUIET[rid])
    elif moved_on == "rest day":
        c.dispatch(tr.RestDay())
    else:  # in and out of a dungeon, no time passing
        c.dispatch(EnterDungeon("Pit"))
        c.dispatch(LeaveDungeon())
    assert at_hand(c.state) is None
    e = evasion_after(c, "wilderness")
    assert (e.surprised, e.gap) == ("", 0)
    c.dispatch(ch.RollEvasion(), [1])  # not "a surprised party cannot evade"


@pytest.mark.parametrize("rid", BX)
@pytest.mark.parametrize("moved_on", ["turn", "rest", "quiet check", "left"])
def test_a_dungeon_encounter_past_gives_no_gap(make, rid, moved_on):
    c = party(make, rid)
    c.dispatch(EnterDungeon("Pit"))
    c.dispatch(RollCheck(), [1, 1, 3, 2, 2])  # 40 ft, the party surprised
    assert at_hand(c.state).distance == 40
    if moved_on == "turn":
        c.dispatch(AdvanceTurn(1))  # turn 1: no check due
    elif moved_on == "rest":
        c.dispatch(AdvanceTurn(1, "rest"))
    elif moved_on == "quiet check":
        c.dispatch(RollCheck(), [6])
    else:
        c.dispatch(LeaveDungeon())
        c.dispatch(EnterDungeon("Pit"))
    assert at_hand(c.state) is None
    with pytest.raises(Refused, match="--gap"):  # not 0 (R12): the GM gives it
        c.dispatch(ch.StartEvasion("dungeon", 150, 120, pursue=True))
    c.dispatch(ch.StartEvasion("dungeon", 150, 120, pursue=True, gap=30))
    assert c.state.chase.evasion.gap == 30


@pytest.mark.parametrize("rid", BX)
def test_undo_brings_the_encounter_back_to_hand(make, rid):
    c = party(make, rid)
    c.dispatch(tr.TravelDay(), MET[rid])
    c.dispatch(tr.RestDay())
    assert at_hand(c.state) is None
    c.dispatch(Undo())
    assert at_hand(c.state) is not None and at_hand(c.state).surprised == "party"


@pytest.mark.parametrize("rid", BX)
def test_an_encounter_amended_in_days_ago_does_not_count(make, rid):
    """A quiet day corrected into an encounter, days before: the evasion
    started now does not take it (the repro's ``amend 9 --dice 6,1``)."""
    c = party(make, rid)
    c.dispatch(tr.TravelDay(), QUIET[rid])
    day = c.seq
    c.dispatch(tr.TravelDay(), QUIET[rid])
    c.dispatch(tr.RestDay())
    cmd = c.amend_command(day, MET[rid])
    c.dispatch(cmd)
    assert c.state.travel is not None and at_hand(c.state) is None
    e = evasion_after(c, "wilderness")
    assert (e.surprised, e.gap) == ("", 0)
    c.dispatch(ch.RollEvasion(), [1])
