"""A typed list of numbers (``--dice``, ``--abilities``, the dice dialog, a
correction's dice) reads the same everywhere: commas and spaces separate, and
a missing item (``1,,2``) or a digit from another script is refused, never
skipped -- skipping one shifts every later die onto the wrong roll."""

import pytest

from support.cli import said as run
from tracker.core import campaign as camp
from tracker.core.errors import Refused
from tracker.demo import build
from tracker.core.numbers import number_parts, parse_ints
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from tracker.ui.dialogs import DiceDialog

from support.pilot import SIZE


@pytest.mark.parametrize("text,parts", [
    ("3,5", ["3", "5"]), ("3 5", ["3", "5"]), ("3, 5", ["3", "5"]), ("1 2,3", ["1", "2", "3"]),
    ("1,,2", ["1", "", "2"]), ("3,5,", ["3", "5", ""]), ("", []), ("  ", [])])
def test_commas_and_spaces_separate_and_an_empty_item_is_kept(text, parts):
    assert number_parts(text) == parts


@pytest.mark.parametrize("text,which", [("1,,2", "number 2"), (",,", "number 1"),
                                        ("3,5,", "number 3")])
def test_a_missing_number_is_refused_by_its_place(text, which):
    with pytest.raises(Refused, match=f"{which}.*nothing typed"):
        parse_ints(text)




@pytest.fixture
def delve(saves, capsys):
    assert run(capsys, "new", "d", "--ruleset", "dyb-og-drager", "--seed", "5")[0] == 0
    for argv in (["add-character", "Bo", "--class", "fighter", "--abilities", "12,11,10,9,13,8"],
                 ["enter-dungeon", "X"]):
        assert run(capsys, "do", "d", *argv)[0] == 0, argv
    return "d"


@pytest.mark.parametrize("dice", ["1,,2", ",,", "4,"])
def test_cli_dice_with_a_missing_number_are_refused_and_nothing_is_recorded(delve, saves,
                                                                             capsys, dice):
    before = run(capsys, "log", delve)[1]
    code, text = run(capsys, "do", delve, "check", "--dice", dice)
    assert code == 2 and "nothing typed" in text, text
    assert run(capsys, "log", delve)[1] == before


def test_numbers_separated_by_spaces_are_several_numbers_not_one(delve, saves, capsys):
    code, text = run(capsys, "do", delve, "add-character", "Sif", "--class", "fighter",
                     "--abilities", "12 11, 10 9 13 8")
    assert code == 0, text
    c = Campaign.open(saves, delve)
    try:
        sif = next(ch for ch in c.state.party if ch.name == "Sif")
        assert sorted(sif.abilities.values()) == [8, 9, 10, 11, 12, 13]
    finally:
        c.close()


async def test_the_dice_dialog_refuses_a_digit_of_another_script(saves):
    c = build(saves, "m", "dyb-og-drager", "fresh")
    c.dispatch(camp.SetManualDice(True))
    c.close()
    app = TrackerApp(saves, "m")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t", "t")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, DiceDialog):
                break
        assert isinstance(app.screen, DiceDialog)
        app.screen.query_one("#dice-input").value = "٣"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DiceDialog)  # int("٣") would have taken it as 3


def test_a_con_score_typed_for_a_creature_s_con_modifier_is_refused(saves, capsys):
    """``join-chase --con`` takes a modifier (free dashes are 3 + Con modifier):
    a score such as 16 is out of the ruleset's modifier range, and says so."""
    assert run(capsys, "new", "f", "--ruleset", "dnd-2024", "--seed", "1", "--lang", "en")[0] == 0
    assert run(capsys, "do", "f", "start-chase")[0] == 0
    code, text = run(capsys, "do", "f", "join-chase", "Orc", "--side", "pursuer",
                     "--speed", "30", "--con", "16")
    assert code == 1 and "the Con modifier must be -5 to 10" in text, text
    code, text = run(capsys, "do", "f", "join-chase", "Orc", "--side", "pursuer",
                     "--speed", "30", "--con", "3")
    assert code == 0, text
    assert "modifier" in run(capsys, "do", "f", "join-chase", "--help")[1]
