"""An owner out of play (dead, or gone from the party) gives no orders, the
automatic Maintain of an owner away included (5e2024 §7.11): their bastion's
turns run without orders and neglect counts until the hirelings leave. The
bastion belongs to that character: orders in their name are refused once
they have left, and a newcomer by the same name does not inherit it. The
refusals are the deciders'; a log written before them replays as it did."""

from __future__ import annotations

import pytest

from tracker.core import bastion as bas
from tracker.core.alerts import alerts
from tracker.core.bastion import turn as turn_module
from tracker.core.bastion import weeks as weeks_module
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter, Damage, RemoveCharacter, RenameCharacter
from tracker.service import Campaign

from support.amend import refused, seq_of
from support.bastion import STATS, b, keep, week


def _out(c, how):
    c.dispatch(Damage("Ana", 1000) if how == "dead" else RemoveCharacter("Ana"))


RUNS = {  # every command that runs turns falling due, as the CLI and the app's a/r send them
    "bastion-turns": lambda c: (week(c, 6), c.dispatch(bas.RunQueued())),
    "bastion-turns Ana": lambda c: (week(c, 6), c.dispatch(bas.RunQueued("Ana"))),
    "bastion-weeks": lambda c: c.dispatch(bas.RunWeeks(6)),
}


@pytest.mark.parametrize("how", ["dead", "left"])
@pytest.mark.parametrize("run", list(RUNS))
def test_an_owner_out_of_play_gives_no_orders_and_the_bastion_falls_to_neglect(make, how, run):
    c = keep(make, level=5, facilities=("barrack",))
    _out(c, how)
    RUNS[run](c)
    kept = b(c)
    assert kept.abandoned and kept.neglect == 5 and kept.turns == 5
    said = [" ".join(str(x) for x in r.said) for r in kept.results]
    assert not any("Maintain" in s for s in said)  # no automatic Maintain, no bastion event
    assert all(not r.dice for r in kept.results)


def test_an_owner_away_and_alive_still_maintains(make):
    c = keep(make, level=5, facilities=("barrack",))
    c.dispatch(bas.RunWeeks(6))
    assert not b(c).abandoned and b(c).neglect == 0 and b(c).turns == 6


@pytest.mark.parametrize("command", [
    lambda: bas.RunTurn("Ana", maintain=True),
    lambda: bas.RunWeeks(1, "Ana"),
    lambda: bas.AddFacility("Ana", "library", True),
    lambda: bas.BuildWalls("Ana", 4),
], ids=["turn", "weeks", "add", "walls"])
def test_orders_from_one_who_left_are_refused(make, command):
    c = keep(make)
    week(c)
    c.dispatch(RemoveCharacter("Ana"))
    with pytest.raises(Refused, match="Ana is not in the party: one out of play gives no orders"):
        c.dispatch(command())


def test_a_newcomer_does_not_inherit_a_departed_owners_bastion(make):
    c = keep(make)
    c.dispatch(RemoveCharacter("Ana"))
    for name in ("Ana", "ana"):
        command = AddCharacter(name, "fighter", 1, STATS)
        with pytest.raises(Refused, match="Ana, who left the party, still owns a bastion"):
            c.dispatch(command)
    c.dispatch(AddCharacter("Bea", "fighter", 1, STATS))
    with pytest.raises(Refused, match="Ana, who left the party, still owns a bastion"):
        c.dispatch(RenameCharacter("Bea", "Ana"))
    c.dispatch(AddCharacter("Anna", "fighter", 1, STATS))  # another name is free


def test_a_dead_owner_keeps_the_name_renamed_with_the_bastion(make):
    c = keep(make)
    c.dispatch(Damage("Ana", 1000))
    c.dispatch(RenameCharacter("Ana", "Ana the Bold"))
    assert b(c) is None and bas.find(c.state, "Ana the Bold") is not None
    c.dispatch(AddCharacter("Ana", "fighter", 1, STATS))  # nobody's bastion bears the name


@pytest.mark.parametrize("how", ["dead", "left"])
def test_the_gm_is_told_what_becomes_of_the_bastion(make, how):
    c = keep(make, level=5)
    before = c.state
    _out(c, how)
    said = [a.text for a in alerts(before, c.state)]
    assert ("Ana's bastion has no one to give orders now: its turns run without orders; "
            "5 more such turns and the hirelings leave") in said


@pytest.mark.parametrize("how", ["dead", "left"])
def test_a_log_written_before_replays_as_it_did(make, saves, monkeypatch, how):
    """The old deciders wrote "Maintain (owner away)" for the dead and the
    departed: those entries still fold to what they did (no neglect)."""
    c = keep(make, level=5, facilities=("barrack",))
    _out(c, how)
    with monkeypatch.context() as m:
        m.setattr(turn_module, "gives_orders", lambda state, b: True)
        m.setattr(weeks_module, "gives_orders", lambda state, b: True)
        c.dispatch(bas.RunWeeks(3))
        week(c, 3)
        c.dispatch(bas.RunQueued())
    then = b(c)
    assert then.turns == 6 and then.neglect == 0 and not then.abandoned
    c.close()
    again = Campaign.open(saves, "c")
    try:
        assert bas.find(again.state, "Ana") == then
    finally:
        again.close()


def test_a_newcomer_amended_into_the_departed_owners_name_is_refused(make):
    """The correction path: the newcomer's name amended to the departed owner's."""
    c = keep(make)
    c.dispatch(RemoveCharacter("Ana"))
    c.dispatch(AddCharacter("Bea", "fighter", 1, STATS))
    refused(c, seq_of(c, "character_added"), "Ana, who left the party, still owns a bastion",
            name="Ana")


@pytest.mark.parametrize("run", list(RUNS))
def test_an_abandoned_bastion_has_no_hirelings_and_no_next_turn(make, run):
    """gm-review3 R5: after "the hirelings leave", its facilities have none,
    and no turn falls due: the state says so and the screen reads "abandoned"."""
    from tracker.core.view import state_json
    from tracker.ui.widgets.bastion_panels import due

    c = keep(make, level=5, facilities=("barrack",))
    assert any(f.hirelings for f in b(c).facilities)
    _out(c, "dead")
    RUNS[run](c)
    assert b(c).abandoned and all(f.hirelings == 0 for f in b(c).facilities)
    shown = state_json(c.state, c.seq)["bastions"][0]
    assert shown["days_left"] is None
    assert due(c.state, b(c)) == "abandoned"
