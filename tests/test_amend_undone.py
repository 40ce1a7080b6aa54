"""An entry that no longer stands (undone, or rewound past) cannot be
corrected (gm-review3 R14): the correction changed nothing, yet the log read
"Corrected #18: ... ENCOUNTER". Retyped dice, a field and an inserted entry
alike, in the CLI and through the service the app calls; redone, it can."""

from __future__ import annotations

import pytest

from tracker.core.dungeon import AdvanceTurn, EnterDungeon
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter
from tracker.core.timeline.entries import Redo, Rewind, Undo


def _delve(make):
    c = make("dyb-og-drager")
    c.dispatch(AddCharacter("Ana", hp=6))
    c.dispatch(EnterDungeon("Pit"))
    turn = c.dispatch(AdvanceTurn(1)).envelopes[0].seq
    return c, turn


def _every_correction(c, seq):
    yield lambda: c.amend_command(seq, insert=("turn", "explore"))
    yield lambda: c.amend_command(seq, fields={"action": "rest"})
    yield lambda: c.entry_fields(seq)


def test_an_undone_entry_cannot_be_corrected_until_redone(make):
    c, turn = _delve(make)
    c.dispatch(Undo())
    for correction in _every_correction(c, turn):
        with pytest.raises(Refused, match="no longer stands"):
            correction()
    c.dispatch(Redo())
    c.dispatch(c.amend_command(turn, insert=("turn", "explore")))
    assert c.state.dungeon.turn == 2


def test_an_entry_rewound_past_cannot_be_corrected(make):
    c, turn = _delve(make)
    c.dispatch(AdvanceTurn(1))
    c.dispatch(Rewind(turn - 1))
    for seq in (turn, turn + 1):
        for correction in _every_correction(c, seq):
            with pytest.raises(Refused, match="no longer stands"):
                correction()
    c.amend_command(turn - 1, fields={"name": "Hole"})  # what stands still can be


def test_the_cli_refuses_it_and_records_nothing(saves, capsys):
    from tracker.cli import main

    def run(*argv):
        return main(["--lang", "en", *argv])
    assert run("new", "c", "--ruleset", "dyb-og-drager", "--seed", "5") == 0
    for argv in (["add-character", "Ana", "--class", "fighter", "--abilities",
                  "14,10,9,12,13,8"], ["enter-dungeon", "Pit"], ["turn"]):
        assert run("do", "c", *argv) == 0
    assert run("undo", "c") == 0
    capsys.readouterr()
    assert run("do", "c", "amend", "5", "--dice", "1") != 0
    assert "#5 no longer stands" in capsys.readouterr().err
    assert run("log", "c") == 0
    assert "Corrected" not in capsys.readouterr().out
