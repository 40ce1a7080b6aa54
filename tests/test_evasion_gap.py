"""A dungeon evasion from faster monsters ends: both sides run at full rate
(rules digest osr.md §9), so each round the gap closes by the difference of
the speeds -- the party's running speed, a third once it is exhausted -- and
at 0 the party is caught. Rounds recorded before this was kept (``RoundRun``
without ``gap_closes``) replay as they did, leaving the gap where it was."""

from __future__ import annotations

import msgspec
import pytest

from tracker.core import chase as ch
from tracker.core.chase.evasion import RoundRun
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


def test_a_round_recorded_before_the_gap_closed_decodes_as_not_closing():
    old = msgspec.json.decode(b"{}", type=RoundRun)
    assert old.gap_closes is False
