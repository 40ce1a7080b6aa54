"""Numbers a GM types are ASCII digits within range, everywhere (issue 19):
``int()`` would take an Arabic-Indic ``٣`` as 3 and exit 70 on 4,301 digits."""

import pytest

from tracker.actions import ACTIONS
from tracker.actions.spec import whole_number
from support.cli import said as run
from tracker.core.errors import Refused
from tracker.core.numbers import parse_int

LONG = "9" * 4301




@pytest.mark.parametrize("text,why", [("٣", "write it with the digits 0-9"),
                                      ("²", "expected a whole number"),
                                      (LONG, "4,301 digits is out of range"),
                                      ("1e3", "expected a whole number"), ("", "expected")])
def test_parse_int_says_what_is_wrong(text, why):
    with pytest.raises(Refused, match=why):
        parse_int(text, "N", 1, 100)


def test_parse_int_takes_ascii_within_range():
    assert parse_int(" 12 ", "N", 1, 100) == 12 and parse_int("-3", "N") == -3
    with pytest.raises(Refused, match="101 is out of range .expected from 1 to 100"):
        parse_int("101", "N", 1, 100)


@pytest.fixture
def keep(saves, capsys):
    assert run(capsys, "new", "k", "--ruleset", "dnd-2024", "--seed", "1")[0] == 0
    for argv in (["add-character", "Bo", "--class", "fighter", "--abilities", "15,14,13,12,10,8",
                  "--level", "5"], ["bastion-new", "Bo"], ["facility-add", "Bo", "barrack"],
                 ["downtime", "7"]):
        assert run(capsys, "do", "k", *argv)[0] == 0, argv
    return "k"


@pytest.mark.parametrize("ref,code,why", [
    (LONG, 1, "facility #: .* 4,301 digits is out of range"),
    ("٣", 1, "facility #: '٣': write it with the digits 0-9"),
    ("#٣", 1, "write it with the digits 0-9"),
])
def test_an_order_names_its_facility_in_ascii_digits(keep, capsys, ref, code, why):
    got, text = run(capsys, "do", keep, "bastion-turn", "Bo", "--order", f"{ref}:recruit")
    assert got == code, text
    assert __import__("re").search(why, text), text
    assert "internal error" not in text


@pytest.mark.parametrize("argv", [
    ["downtime", "٣"], ["downtime", LONG], ["supplies", "torches", "+٣"],
    ["rounds", "2", "--dice", "٣"], ["route", "A:forest:٣"], ["bastion-gold", "Bo", "٣"],
    ["bastion-turn", "Bo", "--order", "barrack:recruit:٣"],
])
def test_typed_arguments_refuse_other_digits(keep, capsys, argv):
    code, text = run(capsys, "do", keep, *argv)
    assert code == 2 and ("0-9" in text or "digits is out of range" in text), text


def test_state_at_and_amend_set_refuse_other_digits(keep, capsys):
    code, text = run(capsys, "state", keep, "--at", "٣")
    assert code == 2 and "0-9" in text
    code, text = run(capsys, "do", keep, "amend", "5", "--set", "days=٣")
    assert code == 1 and "days must be a whole number (digits 0-9), not '٣'" in text, text


def test_every_numeric_argument_of_every_action_is_parsed_in_ascii():
    import argparse

    for action in ACTIONS.values():
        parser = argparse.ArgumentParser()
        action.add_to(parser)
        for a in parser._actions:
            assert a.type is not int, f"{action.name} {a.dest}: int() takes any script's digits"
    assert whole_number("7") == 7


# -- GM review 5 C3: a number as tracker prints it is taken back --------------------------

@pytest.mark.parametrize("lang,text", [("en", "3,000"), ("da", "3.000"), ("uk", "3\u00a0000"),
                                       ("uk", "3 000"), ("en", "12,500")])
def test_parse_int_takes_the_thousands_sign_tracker_prints(lang, text):
    from tracker import i18n
    with i18n.using(lang):
        assert parse_int(text, "N") == int(text.replace(",", "").replace(".", "")
                                           .replace("\u00a0", "").replace(" ", ""))
        assert parse_int(i18n.number(3000), "N") == 3000  # what it prints, it reads


@pytest.mark.parametrize("lang,text", [("en", "3,00"), ("en", "3.000"), ("da", "3,000"),
                                       ("en", "3,0000"), ("en", ",300")])
def test_parse_int_refuses_other_groupings(lang, text):
    from tracker import i18n
    with i18n.using(lang), pytest.raises(Refused):
        parse_int(text, "N")


def test_the_cli_takes_the_feet_the_log_prints(saves, capsys):
    assert run(capsys, "new", "f", "--ruleset", "dolmenwood", "--seed", "3")[0] == 0
    for argv in (["add-character", "Bo"], ["supplies", "torches", "3"], ["enter-dungeon", "B"],
                 ["light", "torch"]):
        assert run(capsys, "do", "f", *argv)[0] == 0, argv
    code, out = run(capsys, "do", "f", "fast-travel", "--feet", "3,000")
    assert code == 0, out
    assert "3,000 ft" in out


async def test_the_apps_fast_travel_dialog_takes_the_feet_the_log_prints(saves):
    from support.pilot import settle
    from tracker.core.dungeon import FastTravelStarted
    from tracker.service import Campaign
    from tracker.ui.app import TrackerApp
    from tracker.ui.dialogs import TextDialog
    for argv in (["new", "f", "--ruleset", "dolmenwood", "--seed", "3"],
                 ["do", "f", "add-character", "Bo"], ["do", "f", "supplies", "torches", "3"],
                 ["do", "f", "enter-dungeon", "B"], ["do", "f", "light", "torch"]):
        from tracker.cli import main
        assert main(["--saves", str(saves), *argv]) == 0, argv
    app = TrackerApp(saves, "f")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # "Start session 1?" -> start
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        assert isinstance(app.screen, TextDialog)
        await pilot.press(*"3,000", "enter")
        await settle(pilot)
        while app.screen.is_modal:  # "go on?" after a stop: not now
            await pilot.press("escape")
            await settle(pilot)
    c = Campaign.open(saves, "f")
    started = [e.event for e in c.store.read() if isinstance(e.event, FastTravelStarted)]
    c.close()
    assert [e.feet for e in started] == [3000]
