"""A critical hit rolls its damage dice as often as the ruleset says (D&D
2024: `party.critical_dice = 2`, 2d6+3 is 4d6+3): CLI and app alike, a
correction's retyped dice keep the doubled expression and set the amount;
an old text without the key rolls the dice once, as it did."""

from __future__ import annotations

import pytest

from tracker.cli import main
from tracker.core import dice as dicemod
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter, damage_from
from tracker.core.ruleset import load_text
from tracker.store import paths


@pytest.mark.parametrize("text,times,want", [
    ("2d6+3", 2, "4d6+3"), ("1d8", 2, "2d8"), ("2d6+1d4-1", 3, "6d6+3d4-1"),
    ("2d20kh1+2", 2, "4d20kh2+2"), ("1d6*10", 2, "2d6*10"), ("5", 2, "5"), ("2d6", 1, "2d6")])
def test_dice_times(text, times, want):
    assert dicemod.dice_times(text, times) == want


@pytest.fixture
def ana(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "fighter", 5, (15, 14, 13, 12, 10, 8)))
    return c


def test_a_critical_hit_rolls_the_damage_dice_twice(ana):
    out = ana.dispatch(damage_from("Ana", "2d6+3", critical=True), [1, 2, 3, 4])
    ev = out.envelopes[0].event
    assert ev.roll.expr == "4d6+3" and ev.roll.dice == (1, 2, 3, 4) and ev.amount == 13
    out = ana.dispatch(damage_from("Ana", "2d6+3"), [1, 2])  # not critical: once
    assert out.envelopes[0].event.roll.expr == "2d6+3"


def test_cli_critical_rolls_twice_and_asks_for_every_die(saves, capsys):
    assert main(["new", "c", "--ruleset", "dnd-2024"]) == 0
    assert main(["do", "c", "add-character", "Ana", "--class", "fighter", "--level", "5",
                 "--abilities", "15,14,13,12,10,8"]) == 0
    capsys.readouterr()
    assert main(["do", "c", "damage", "Ana", "2d6+3", "--critical", "--dice", "1,2,3,4"]) == 0
    assert "4d6+3=[1,2,3,4]=13" in capsys.readouterr().out


def test_a_corrected_critical_keeps_four_dice_and_its_amount_follows(ana):
    ana.dispatch(damage_from("Ana", "2d6+3", critical=True), [6, 6, 6, 6])  # 27
    seq = ana.seq
    ana.dispatch(ana.amend_command(seq, [1, 1, 1, 1]))
    hp = ana.state.party[0]
    assert hp.hp_max - hp.hp == 7
    with pytest.raises(Refused, match="4 dice"):
        ana.amend_command(seq, [1, 1])


def test_an_old_text_without_critical_dice_rolls_once(make):
    text = paths.read_ruleset_file(paths.ruleset_file("dnd-2024"))
    old = text.replace("critical_dice = 2", "", 1)
    assert old != text and load_text(old).rules.party.critical_dice == 1


async def test_the_apps_critical_dialog_rolls_twice(ana, saves):
    from support.pilot import SIZE, settle
    from tracker.ui.app import TrackerApp

    ana.close()
    app = TrackerApp(saves, "c")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # start session 1
        await settle(pilot)
        await pilot.press("4")
        await settle(pilot)
        app.screen.action_critical()
        await settle(pilot)
        for ch in "2d6+3":
            await pilot.press(ch)
        await pilot.press("enter")
        await settle(pilot)
        last = app.campaign.tail(1)[0].event
    assert last.critical and last.roll.expr == "4d6+3" and len(last.roll.dice) == 4
