"""The dungeon screen's turn key never walks into the rest penalty unasked:
`n` and `tracker do NAME turn N` stop before the turn that would bring it,
and so does `t`, even when the GM typed several ahead (review finding 10)."""

from __future__ import annotations

from tracker.core import campaign as camp
from tracker.core import dungeon as dun
from tracker.core import party, supplies
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from tracker.ui.dialogs import ChoiceDialog

from support.pilot import settle

SIZE = (80, 24)


def _up_to_a_due_rest(saves) -> int:
    c = Campaign.create(saves, "delve", "dyb-og-drager", 5)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Ana"))
    c.dispatch(supplies.SetSupplies("torches", 9, False))
    c.dispatch(dun.EnterDungeon("Barrow", 1))
    while not dun.next_turn_tires(c.state):
        c.dispatch(dun.AdvanceTurn(1, "explore"))
    turn = c.state.dungeon.turn
    c.close()
    return turn


async def test_keys_typed_ahead_land_in_the_question_not_in_the_penalty(saves):
    turn = _up_to_a_due_rest(saves)
    app = TrackerApp(saves, "delve")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("t", "t", "t", "t")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        assert app.state.dungeon.turn == turn  # nothing ran
        await pilot.press("enter")  # the first choice: rest this turn
        await settle(pilot)
        assert app.state.dungeon.turn == turn + 1
        assert app.state.dungeon.turns_since_rest == 0
        assert not dun.next_turn_tires(app.state)


async def test_pushing_on_is_the_gms_choice(saves):
    turn = _up_to_a_due_rest(saves)
    app = TrackerApp(saves, "delve")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("down", "enter")  # push on
        await settle(pilot)
        assert app.state.dungeon.turn == turn + 1
        assert dun.rest_status(app.state) != "ok"
