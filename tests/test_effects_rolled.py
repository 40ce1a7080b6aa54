"""Effects with a rolled duration (gm-review5 C3: B/X Sleep lasts 4d4 turns) and
durations said in the unit the GM gave (C8: 70 rounds is not "11 min"), in the
CLI, the app's effect dialog and corrections by ``amend --dice``."""

from __future__ import annotations

import json

from tracker.cli import main
from tracker.core import campaign as camp
from tracker.service import Campaign
from tracker.ui.app import TrackerApp

from support.pilot import past_the_session_to, settle

SIZE = (100, 30)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def effects_of(capsys):
    return json.loads(run(capsys, "state", "fx", "--json"))["dungeon"]["effects"]


def test_rolled_duration_in_the_cli_and_retyped_by_amend(saves, capsys):
    run(capsys, "new", "fx", "--ruleset", "dolmenwood", "--seed", "5")
    run(capsys, "do", "fx", "enter-dungeon", "Barrow")
    out = run(capsys, "do", "fx", "effect", "Sleep", "--turns", "4d4", "--dice", "1,2,3,4")
    assert "Effect 'Sleep' for 10 turns (4d4=[1,2,3,4]=10" in out
    assert effects_of(capsys)[0]["turns_left"] == 10
    entry = out.split()[0].lstrip("#")
    out = run(capsys, "do", "fx", "amend", entry, "--dice", "4,4,4,4")
    assert "Effect 'Sleep' for 16 turns (4d4=[4,4,4,4]=16" in out
    assert effects_of(capsys)[0]["turns_left"] == 16
    out = run(capsys, "do", "fx", "effect", "Sleep", "--turns", "2d4")  # rolled by tracker
    assert "(2d4=[" in out
    assert 2 <= effects_of(capsys)[1]["turns_left"] <= 8


def test_duration_said_in_the_unit_given(saves, capsys):
    run(capsys, "new", "fx", "--ruleset", "dolmenwood", "--seed", "5")
    run(capsys, "do", "fx", "enter-dungeon", "Barrow")
    assert "Effect 'Bless' for 70 rounds" in run(capsys, "do", "fx", "effect", "Bless",
                                                 "--rounds", "70")
    assert "Effect 'Sleep' for 10 turns" in run(capsys, "do", "fx", "effect", "Sleep",
                                                "--turns", "10")
    assert "Effect 'Ward' for 1 hour" in run(capsys, "do", "fx", "effect", "Ward", "--hours", "1")
    assert "Effect 'Haste' for 3 minutes" in run(capsys, "do", "fx", "effect", "Haste",
                                                 "--minutes", "3")


async def _sleep_by_dialog(saves, manual: bool):
    c = Campaign.create(saves, "fx", "dolmenwood", 5)
    c.dispatch(camp.StartSession())
    if manual:
        c.dispatch(camp.SetManualDice(True))
    c.close()
    app = TrackerApp(saves, "fx")
    async with app.run_test(size=SIZE) as pilot:
        await past_the_session_to(pilot, "1")
        await pilot.press("e")
        await settle(pilot)
        for ch in "Sleep":
            await pilot.press(ch)
        await pilot.press("enter")
        await settle(pilot)
        for ch in "4d4 turns":
            await pilot.press(ch)
        await pilot.press("enter")
        await settle(pilot)
        if manual:  # the GM types the four dice, as for any roll
            for ch in "3 1 2 4":
                await pilot.press(ch)
            await pilot.press("enter")
            await settle(pilot)
        started = [e for e in app.recent if e.type == "effect_started"][-1].event
        return started, app.state.effects


async def test_rolled_duration_in_the_effect_dialog(saves):
    started, running = await _sleep_by_dialog(saves, manual=False)
    assert started.roll is not None and started.roll.expr == "4d4"
    assert started.unit == "turn" and started.count == started.roll.total
    assert running[0].ends - running[0].started == started.count * 600


async def test_rolled_duration_in_the_effect_dialog_with_manual_dice(saves):
    started, running = await _sleep_by_dialog(saves, manual=True)
    assert started.roll.dice == (3, 1, 2, 4) and started.count == 10


def test_corrected_seconds_said_in_the_unit_given(saves, capsys):
    run(capsys, "new", "fx", "--ruleset", "dolmenwood", "--seed", "5")
    out = run(capsys, "do", "fx", "effect", "Sleep", "--turns", "4d4", "--dice", "1,2,3,4")
    entry = out.split()[0].lstrip("#")
    assert "Effect 'Sleep' for 2 turns" in run(capsys, "do", "fx", "amend", entry,
                                               "--set", "seconds=1200")
