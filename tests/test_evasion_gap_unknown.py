"""gm-review3 R12: a dungeon (or sea) evasion with no encounter at hand and no
``--gap`` does not start at a gap of 0 that faster monsters never close: the
gap is unknown, so it is refused, asking for ``--gap``, in the CLI as in the
app's dialog (which asks for it). A gap of 0 given with faster pursuers
is caught. Old entries (``evasion_started`` version 1) keep their
meaning: a gap of 0 was never given and never closed."""

from __future__ import annotations

import json

import pytest

from tracker.core import chase as ch
from tracker.core.chase.model import CAUGHT, ESCAPED
from tracker.core.dungeon.rules import EnterDungeon, RollCheck
from tracker.core.errors import Refused
from tracker.core.events import decode
from tracker.core.party import AddCharacter

BX = ("dyb-og-drager", "dolmenwood")



def delving(make, rid):
    c = make(rid)
    c.dispatch(AddCharacter("Bo"))
    c.dispatch(EnterDungeon("K"))
    return c


@pytest.mark.parametrize("rid", BX)
def test_no_encounter_and_no_gap_is_refused_asking_for_it(make, rid):
    c = delving(make, rid)
    with pytest.raises(Refused, match="--gap"):
        c.dispatch(ch.StartEvasion("dungeon", 150, 120, pursue=True))
    assert not c.state.chase.active


@pytest.mark.parametrize("rid", BX)
def test_a_gap_of_0_to_faster_monsters_is_caught(make, rid):
    c = delving(make, rid)
    c.dispatch(ch.StartEvasion("dungeon", 150, 120, pursue=True, gap=0,
                               morale=12 if rid == "dyb-og-drager" else 0))
    assert (c.state.chase.active, c.state.chase.outcome) == (False, CAUGHT)


@pytest.mark.parametrize("rid", BX)
def test_the_gap_is_not_asked_where_it_cannot_matter(make, rid):
    c = delving(make, rid)
    c.dispatch(ch.StartEvasion("dungeon", 90, 120, pursue=True))  # the party is faster
    assert c.state.chase.outcome == ESCAPED
    c.dispatch(ch.StartEvasion("dungeon", 150, 120, pursue=False))  # they let it go
    assert c.state.chase.outcome == ESCAPED


@pytest.mark.parametrize("rid", BX)
def test_the_encounter_at_hand_gives_the_gap(make, rid):
    c = delving(make, rid)
    c.dispatch(RollCheck(), [1, 3, 3, 2, 2])  # an encounter at 40 ft, nobody surprised
    c.dispatch(ch.StartEvasion("dungeon", 150, 120, pursue=True,
                               morale=12 if rid == "dyb-og-drager" else 0))
    assert c.state.chase.active and c.state.chase.evasion.gap == 40


def test_the_cli_refuses_and_says_so(cli):
    cli("new", "c", "--ruleset", "dyb-og-drager", "--seed", "5")
    cli("do", "c", "add-character", "Ana", "--hp", "8")
    cli("do", "c", "enter-dungeon", "K")
    cli("do", "c", "start-evasion", "dungeon", "--monster-speed", "150", "--surprised",
        "nobody", code=1)
    cli("do", "c", "start-evasion", "dungeon", "--monster-speed", "150", "--morale", "12",
        "--gap", "20")
    cli("do", "c", "run")
    state = json.loads(cli("state", "c"))["chase"]
    assert (state["active"], state["outcome"]) == (False, CAUGHT)


def test_an_old_entry_reads_its_gap_as_never_given():
    ev = decode("evasion_started", 1,
                '{"where": "dungeon", "party_speed": 120, "monster_speed": 150}')
    assert (ev.gap, ev.gap_known) == (0, False)
    assert decode("evasion_started", 2,
                  '{"where": "dungeon", "party_speed": 120, "monster_speed": 150}').gap_known
