"""A correction that moves later turns keeps the wandering checks on their
schedule (gm-review F1): a check falls on every ``[dungeon.wandering]
every_turns``-th turn of a delve, whatever turn was inserted before it. The
checks the table rolled keep their dice, in their order, on the turns now due
(gm-review3 R4: a played encounter stands, and no die is made up for it); a
turn due one with none left to take rolls its die when the correction is
made, shown in its preview."""

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
    assert [ch.roll.total for ch in c.state.dungeon.checks] == [4, 2]  # the dice rolled
    c.dispatch(AdvanceTurn(1))
    assert checked_turns(c) == [2, 4, 6]  # never 3, 5 and 6
    said = " ".join(seen.changes)  # the preview shows the entries the checks leave
    assert "#4 moves with it" in said and "#6 moves with it" in said


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


def _played(make, ruleset):
    """gm-review3 R4: turn 1, turn 2 with a typed ENCOUNTER, the fight, turn 3,
    turn 4 with a typed quiet check."""
    c = make(ruleset, seed=3)
    c.dispatch(EnterDungeon("D"))  # 2
    c.dispatch(AdvanceTurn(1))  # 3: turn 1
    c.dispatch(AdvanceTurn(1), [1, 3, 5, 4, 2])  # 4: turn 2, an encounter
    c.dispatch(Note("the fight"))  # 5
    c.dispatch(AdvanceTurn(1))  # 6: turn 3
    c.dispatch(AdvanceTurn(1), [3])  # 7: turn 4, quiet
    return c


def rolled(c):
    return [(ch.turn, ch.roll.dice, ch.roll.typed, ch.encounter) for ch in c.state.dungeon.checks]


@pytest.mark.parametrize("ruleset", ["dolmenwood", "dyb-og-drager"])
def test_an_inserted_turn_keeps_the_checks_the_table_rolled(make, ruleset):
    c = _played(make, ruleset)
    played = rolled(c)
    assert [(t, d, e) for t, d, _typed, e in played] == [(2, (1,), True), (4, (3,), False)]
    cmd = c.amend_command(3, insert=("turn", "rest"))
    said = " ".join(c.explain(cmd).changes)
    assert "#4 moves with it" in said and "#7 moves with it" in said
    c.dispatch(cmd)
    assert rolled(c) == played  # the encounter stands, both dice are the GM's
    assert c.state.dungeon.checks[0].distance_ft == 60
    c.dispatch(Undo())  # one undo takes it all back
    assert rolled(c) == played and c.state.dungeon.turn == 4


def test_a_turn_newly_due_rolls_only_when_no_played_check_is_left(make):
    c = make("dolmenwood", seed=3)
    c.dispatch(EnterDungeon("D"))  # 2
    c.dispatch(AdvanceTurn(1))  # 3: turn 1
    c.dispatch(AdvanceTurn(1), [5])  # 4: turn 2, quiet
    c.dispatch(AdvanceTurn(1))  # 5: turn 3
    c.dispatch(c.amend_command(3, insert=("turn", "explore")))
    checks = c.state.dungeon.checks
    assert [ch.turn for ch in checks] == [2, 4]
    assert checks[0].roll.dice == (5,) and checks[0].roll.typed  # the table's die
    assert not checks[1].roll.typed  # turn 4 is newly due, and no rolled die is left
