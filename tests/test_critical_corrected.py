"""A damage entry corrected into a critical hit rolls its dice as a critical
does (D&D 2024: `party.critical_dice = 2`): the dice rolled stay, the extra
ones are rolled (typed, or asked for where the GM rolls by hand), the amount
follows, and the preview says so; corrected out of one, the first die of each
pair stays. CLI and app alike; undo takes the correction back.

Before, `amend N --set critical=true` flipped the flag on a 2d6+3 of 6 damage
and left it 2d6+3 and 6."""

from __future__ import annotations

import pytest

from tracker.cli import main
from tracker.core.campaign import SetLanguage, SetManualDice
from tracker.core.dice import DiceNeeded
from tracker.core.engine import Undo
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter, damage_from
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from tracker.ui.widgets.log_view import LogView

from support.cli import run
from support.pilot import SIZE, settle


@pytest.fixture
def ana(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "fighter", 5, (15, 14, 13, 12, 10, 8)))
    return c


def _hurt(c) -> int:
    a = c.state.party[0]
    return a.hp_max - a.hp


def test_made_critical_the_dice_are_rolled_twice_keeping_those_rolled(ana):
    ana.dispatch(damage_from("Ana", "2d6+3"), [2, 1])
    seq = ana.seq
    cmd = ana.amend_command(seq, [5, 6], fields={"critical": "yes"})
    ev = cmd.events[0]
    seen = ana.explain(cmd)
    assert seen.entry_now == "Ana took 6 damage (2d6+3=[2,1]=6 typed)"
    assert seen.entry_after == "Ana took 17 damage (4d6+3=[2,1,5,6]=17 typed), a critical hit"
    ana.dispatch(cmd)
    assert _hurt(ana) == 17
    ana.dispatch(Undo())
    assert _hurt(ana) == 6


def test_made_critical_with_no_dice_typed_rolls_the_extra_ones(ana):
    ana.dispatch(damage_from("Ana", "1d8+2"), [7])
    seq = ana.seq
    ana.dispatch(ana.amend_command(seq, fields={"critical": "yes"}))
    ev = ana.entry_events(seq)[0]
    assert ev.critical and ev.roll.expr == "2d8+2" and ev.roll.dice[0] == 7
    assert ev.amount == sum(ev.roll.dice) + 2 == _hurt(ana)


def test_made_not_critical_the_first_of_each_pair_stays(ana):
    ana.dispatch(damage_from("Ana", "2d6+1d4+3", critical=True), [1, 2, 5, 6, 3, 4])
    seq = ana.seq
    cmd = ana.amend_command(seq, fields={"critical": "no"})
    ev = cmd.events[0]
    assert ana.explain(cmd).entry_after == "Ana took 9 damage (2d6+1d4+3=[1,2,3]=9 typed)"
    ana.dispatch(cmd)
    assert _hurt(ana) == 9
    with pytest.raises(Refused, match="2d6 needs 2 dice, only 1 given"):  # back again
        ana.amend_command(seq, [4], fields={"critical": "yes"})


def test_too_many_dice_typed_for_what_the_critical_adds_is_refused(ana):
    ana.dispatch(damage_from("Ana", "2d6+3"), [2, 1])
    with pytest.raises(Refused, match="3 dice given, but the correction adds only 2"):
        ana.amend_command(ana.seq, [1, 2, 3], fields={"critical": "yes"})


def test_rolling_by_hand_the_extra_dice_are_asked_for(ana):
    ana.dispatch(damage_from("Ana", "2d6+3"), [2, 1])
    seq = ana.seq
    ana.dispatch(SetManualDice(True))
    with pytest.raises(DiceNeeded) as need:
        ana.amend_command(seq, fields={"critical": "yes"})
    assert (need.value.group.count, need.value.group.sides) == (2, 6)
    ana.dispatch(ana.amend_command(seq, [3, 3], fields={"critical": "yes"}))
    assert _hurt(ana) == 12


def test_a_damage_typed_as_a_number_stays_the_gms(ana):
    ana.dispatch(damage_from("Ana", "9"))
    ana.dispatch(ana.amend_command(ana.seq, fields={"critical": "yes"}))
    assert _hurt(ana) == 9 and ana.entry_events(ana.seq - 1)[0].critical


def test_the_cli_amend_makes_the_critical_and_says_the_dice(saves, capsys):
    assert main(["new", "c", "--ruleset", "dnd-2024", "--seed", "3"]) == 0
    run(capsys, "do", "c", "add-character", "Ana", "--class", "fighter", "--level", "5",
        "--abilities", "15,14,13,12,10,8")
    run(capsys, "do", "c", "damage", "Ana", "2d6+3", "--dice", "2,1")
    out = run(capsys, "do", "c", "amend", "3", "--set", "critical=yes", "--dice", "6,6")
    assert "Ana took 18 damage (4d6+3=[2,1,6,6]=18 typed), a critical hit" in out


async def test_the_apps_field_correction_rolls_the_critical_by_hand(ana, saves):
    """Log screen, f on the damage, critical → yes: with manual dice on, the
    two extra dice are asked for, then the preview shows four dice."""
    ana.dispatch(damage_from("Ana", "2d6+3"), [2, 1])
    seq = ana.seq
    ana.dispatch(SetManualDice(True))
    ana.dispatch(SetLanguage("en"))
    ana.close()
    app = TrackerApp(saves, "c")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # start session 1
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        await app.workers.wait_for_complete()
        view = app.screen.query_one(LogView)
        view.cursor = [e.seq for e in view.entries].index(seq)
        await pilot.pause()
        await pilot.press("f")
        await settle(pilot)
        fields = [str(o.prompt) for o in app.screen.query_one("OptionList").options]
        await pilot.press(*["down"] * next(i for i, f in enumerate(fields)
                                           if f.lower().startswith("critical")), "enter")
        await settle(pilot)
        options = [str(o.prompt) for o in app.screen.query_one("OptionList").options]
        await pilot.press(*["down"] * next(i for i, o in enumerate(options)
                                           if o.startswith("yes")), "enter")
        await settle(pilot)
        for ch in "5 6":
            await pilot.press("space" if ch == " " else ch)
        await pilot.press("enter")  # the two dice the critical adds
        await settle(pilot)
        shown = str(app.screen.query_one("#dialog-help").render())
        assert "4d6+3=[2,1,5,6]=17" in shown
        await pilot.press("enter")  # record it
        await settle(pilot)
    again = Campaign.open(saves, "c")
    ev = again.entry_events(seq, again.state)[0]
    assert ev.critical and ev.roll.dice == (2, 1, 5, 6) and ev.amount == 17
    again.close()
