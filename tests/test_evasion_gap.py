"""A dungeon evasion from faster monsters ends: both sides run at full rate
(rules digest osr.md §9), so each round the gap closes by the difference of
the speeds -- the party's running speed, a third once it is exhausted -- and
at 0 the party is caught (``chase.evasion.dungeon_closes``, true in both B/X
rulesets). A ruleset text written before the key (an old campaign's) reads it
as false, so those campaigns' rounds replay as they did, the gap where it was."""

from __future__ import annotations

import pytest

from tracker.core import chase as ch
from tracker.core.campaign.rules import ChangeHouseRule
from tracker.core.chase.model import CAUGHT
from tracker.core.party import AddCharacter
from tracker.core.timeline.entries import Undo

BX = ("dyb-og-drager", "dolmenwood")


def fleeing(make, rid, monsters, party, gap):
    c = make(rid)
    c.dispatch(AddCharacter("Bo"))
    c.dispatch(ch.StartEvasion("dungeon", monsters, party, pursue=True,
                               morale=12 if rid == "dyb-og-drager" else 0, gap=gap))
    assert c.state.chase.active
    return c


@pytest.mark.parametrize("rid", BX)
def test_faster_monsters_close_the_gap_by_the_speeds_difference_and_catch(make, rid):
    c = fleeing(make, rid, 150, 120, 60)
    c.dispatch(ch.RunRound())
    assert (c.state.chase.active, c.state.chase.evasion.gap) == (True, 30)
    c.dispatch(ch.RunRound())
    assert (c.state.chase.active, c.state.chase.outcome) == (False, CAUGHT)
    assert c.state.chase.evasion.gap == 0


@pytest.mark.parametrize("rid", BX)
def test_monsters_as_fast_as_the_party_keep_the_gap(make, rid):
    c = fleeing(make, rid, 120, 120, 60)
    for _ in range(5):
        c.dispatch(ch.RunRound())
    assert (c.state.chase.active, c.state.chase.evasion.gap) == (True, 60)


def test_an_exhausted_party_runs_at_a_third_and_is_closed_on_faster(make):
    """Dyb & Drager: past the 30th round the party runs at encounter speed
    (120 // 3 = 40 ft): monsters at 120 then close 80 ft a round."""
    c = fleeing(make, "dyb-og-drager", 120, 120, 200)
    rounds = c.state.rules.chase.evasion.run_rounds
    for _ in range(rounds):
        c.dispatch(ch.RunRound())
    assert c.state.chase.evasion.exhausted and c.state.chase.evasion.gap == 200
    c.dispatch(ch.RunRound())
    assert c.state.chase.evasion.gap == 120


@pytest.mark.parametrize("rid", BX)
def test_undo_of_the_catching_round_puts_the_chase_back(make, rid):
    c = fleeing(make, rid, 150, 120, 30)
    c.dispatch(ch.RunRound())
    assert c.state.chase.outcome == CAUGHT
    c.dispatch(Undo())
    assert (c.state.chase.active, c.state.chase.evasion.gap) == (True, 30)


@pytest.mark.parametrize("rid", BX)
def test_a_text_without_the_key_keeps_the_gap_where_it_was(make, rid):
    """As a ruleset recorded before the key reads (the key's default), here
    through a house rule turning it off."""
    c = make(rid)
    c.dispatch(ChangeHouseRule("chase.evasion.dungeon_closes", "false"))
    c.dispatch(AddCharacter("Bo"))
    c.dispatch(ch.StartEvasion("dungeon", 150, 120, pursue=True,
                               morale=12 if rid == "dyb-og-drager" else 0, gap=60))
    for _ in range(3):
        c.dispatch(ch.RunRound())
    assert (c.state.chase.active, c.state.chase.evasion.gap) == (True, 60)


def test_the_key_defaults_to_the_old_rule():
    from tracker.core.chase.model import Evade
    assert Evade(source="x").dungeon_closes is False
