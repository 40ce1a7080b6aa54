"""A correction that moves later turns keeps the wandering checks on their
schedule (gm-review F1): a check falls on every ``[dungeon.wandering]
every_turns``-th turn of a delve, whatever turn was inserted before it. The
correction records a die for each turn it makes due (rolled when it is made,
shown in its preview) and drops the die of a turn no longer due."""

import pytest

from tracker.core.dungeon import AdvanceTurn, EnterDungeon
from tracker.core.campaign import AddNote as Note
from tracker.core.timeline.entries import Undo
from tracker.core.view import state_json


def checked_turns(c):
    return [ch["turn"] for ch in state_json(c.state, c.seq)["dungeon"]["checks"]]


@pytest.mark.parametrize("ruleset,activity", [("dyb-og-drager", "rest"),
                                               ("dolmenwood", "explore")])
def test_an_inserted_turn_keeps_the_checks_on_the_schedule(make, ruleset, activity):
    c = make(ruleset)
    c.dispatch(EnterDungeon("Crypt"))  # 2
    c.dispatch(AdvanceTurn(4), [4, 2])  # 3..6: checks on turns 2 and 4
    assert checked_turns(c) == [2, 4]
    cmd = c.amend_command(2, insert=("turn", activity))
    seen = c.explain(cmd)
    c.dispatch(cmd)
    every = c.state.rules.dungeon.wandering.every_turns
    assert every == 2
    assert c.state.dungeon.turn == 5
    assert checked_turns(c) == [2, 4]
    assert state_json(c.state, c.seq)["dungeon"]["next_check_in"] == 1
    c.dispatch(AdvanceTurn(1))
    assert checked_turns(c) == [2, 4, 6]  # never 3, 5 and 6
    said = " ".join(seen.changes)
    assert "turn 2" in said and "turn 4" in said  # the preview shows the checks' new turns


def test_a_correction_moving_no_turn_writes_one_entry(make):
    c = make()
    c.dispatch(EnterDungeon("Crypt"))  # 2
    c.dispatch(Note("a"))  # 3
    c.dispatch(AdvanceTurn(2), [3])  # 4, 5
    head = c.seq
    c.dispatch(c.amend_command(5, [5]))
    assert c.seq == head + 1
    assert checked_turns(c) == [2]


def test_undo_takes_the_insertion_and_the_moved_checks_back(make):
    c = make()
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(AdvanceTurn(4), [4, 2])
    c.dispatch(c.amend_command(2, insert=("turn", "rest")))
    c.dispatch(Undo())
    assert c.state.dungeon.turn == 4
    assert [ch.roll.total for ch in c.state.dungeon.checks] == [4, 2]


def test_the_rest_schedule_follows_an_inserted_turn(make):
    """Rest is derived from the turns' activities: an explore turn inserted
    before five explore turns makes the sixth, and the rest falls due a turn sooner."""
    c = make()
    c.dispatch(EnterDungeon("Crypt"))  # 2
    c.dispatch(AdvanceTurn(4), [4, 2])  # 3..6
    assert state_json(c.state, c.seq)["dungeon"]["rest_status"] == "ok"
    c.dispatch(c.amend_command(2, insert=("turn", "explore")))
    assert c.state.dungeon.turns_since_rest == 5
    assert state_json(c.state, c.seq)["dungeon"]["rest_status"] == "due"
