"""A dead character is not offered where it cannot act: the chase's join
list, the light bearer, a bastion's owner, the short rest's Hit Point Dice;
a command naming one is still refused with the reason."""

from __future__ import annotations

import pytest

from tracker.core import campaign as camp
from tracker.core import chase as ch
from tracker.core import party, supplies
from tracker.core.errors import Refused
from tracker.core.party import sheet
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from tracker.ui.dialogs import ChoiceDialog

from support.pilot import SIZE, settle

FIGHTER = (15, 14, 13, 12, 10, 8)


def _with_the_dead(saves, level=1):
    c = Campaign.create(saves, "k", "dnd-2024", 11)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Ana", "fighter", level, FIGHTER))
    c.dispatch(party.AddCharacter("Bo", "fighter", level, FIGHTER))
    c.dispatch(party.Damage("Bo", 200))  # past his maximum at 0 HP: dead at once
    assert sheet.status(c.state.rules, c.state.party[1]) == "dead"
    return c


async def _offered(app, pilot, *keys) -> list[str]:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)
    dialog = app.screen
    assert isinstance(dialog, ChoiceDialog), dialog
    return [key for key, _label in dialog.options]


async def test_the_chase_join_list_leaves_the_dead_out(saves):
    c = _with_the_dead(saves)
    c.dispatch(ch.StartChase("urban", 60))
    with pytest.raises(Refused, match="dead"):  # the refusal stays
        c.preview(ch.JoinChase("Bo"))
    c.close()
    app = TrackerApp(saves, "k")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        offered = await _offered(app, pilot, "6", "j")
    assert "Ana" in offered and "Bo" not in offered


async def test_the_light_bearer_list_leaves_the_dead_out(saves):
    c = _with_the_dead(saves)
    c.dispatch(supplies.SetSupplies("torches", 2))
    c.close()
    app = TrackerApp(saves, "k")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        offered = await _offered(app, pilot, "1", "l")
        if "torch" in offered:  # first: which light
            await pilot.press("enter")
            await settle(pilot)
            offered = [key for key, _label in app.screen.options]
    assert "Ana" in offered and "Bo" not in offered


async def test_the_bastion_owner_list_leaves_the_dead_out(saves):
    c = _with_the_dead(saves, level=5)
    c.close()
    app = TrackerApp(saves, "k")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        offered = await _offered(app, pilot, "7", "n")
    assert "Ana" in offered and "Bo" not in offered
