"""Issue 19: a long bastion loop (years of downtime at one turn a day) says how
far it is, and stopping it (Ctrl-C, Cancel) leaves the log as it was."""

import pytest

from tracker.cli import main
from tracker.core import bastion as bas
from tracker.core import progress
from tracker.core.campaign import ChangeHouseRule
from tracker.core.party import AddCharacter
from tracker.service import Campaign

TURNS = 1200


def daily_keep(make):
    c = make("dnd-2024", "keep")
    c.dispatch(AddCharacter("Bo", "fighter", 5, (15, 14, 13, 12, 10, 8)))
    c.dispatch(bas.NewBastion("Bo", ""))
    c.dispatch(ChangeHouseRule("bastion.turn_days", "1"))
    c.dispatch(bas.Downtime(TURNS))
    assert bas.find(c.state, "Bo").queued == TURNS
    return c


def test_stopping_a_long_loop_writes_nothing(make, saves):
    c = daily_keep(make)
    seq, told = c.seq, []

    def stop(what, done, total):
        told.append((what, done, total))
        if done >= 500:
            raise KeyboardInterrupt

    with progress.listening(stop), pytest.raises(KeyboardInterrupt):
        c.dispatch(bas.RunQueued())
    assert told[0] == ("bastion turns decided", 250, TURNS)
    assert c.seq == seq
    again = Campaign.open(saves, "keep")
    assert again.seq == seq and bas.find(again.state, "Bo").queued == TURNS
    again.close()


def test_the_cli_tells_a_long_loops_progress_on_stderr(make, saves, capsys):
    daily_keep(make).close()
    assert main(["do", "keep", "bastion-turns"]) == 0
    err = capsys.readouterr().err
    assert f"of {TURNS:,} bastion turns decided" in err and "Ctrl-C stops" in err
    assert f"{TURNS:,} of {TURNS:,} entries checked" in err
