"""The dungeon screen's rules flows by keys (issue 14): the GM's bonus or penalty on
a hasty exit, a rest an encounter interrupts, spent lights out of the lights table."""

from __future__ import annotations

from tracker.core import campaign as camp
from tracker.core import dungeon as dun
from tracker.core import lights, party, supplies
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from tracker.ui.dialogs import TextDialog

from support.pilot import settle as _settle

SIZE = (80, 24)


def _delve(saves, ruleset="dolmenwood", name="delve", who=("Ana", "Bo")) -> None:
    c = Campaign.create(saves, name, ruleset, 5)
    c.dispatch(camp.StartSession())
    for n in who:
        c.dispatch(party.AddCharacter(n))
    c.dispatch(supplies.SetSupplies("torches", 9, False))
    c.dispatch(dun.EnterDungeon("Barrow", 1))
    c.close()


def _text(app) -> str:
    return " ".join(str(w.render()) for w in app.screen.query("Label, Static"))


async def test_hasty_exit_asks_the_gms_bonus_and_keeps_a_refused_one(saves):
    _delve(saves)
    app = TrackerApp(saves, "delve")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("g", "down", "enter")  # hasty exit, no map, no route
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        await pilot.press("backspace", "9", "enter")  # beyond the ruleset's limit
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        assert "-4 to +4, not +9" in _text(app)
        assert app.screen.query_one("#text-input").value == "9"
        await pilot.press("backspace", "-", "2", "enter")
        await _settle(pilot)
        assert not app.state.dungeon.active
    c = Campaign.open(saves, "delve")
    with c.reader() as log:
        hasty = [e for e in log.read() if e.type == "hasty_exit_rolled"]
    c.close()
    assert [e.event.gm_modifier for e in hasty] == [-2]


async def test_an_interrupted_rest_shows_on_the_turn_panel(saves):
    _delve(saves, "dyb-og-drager")
    c = Campaign.open(saves, "delve")
    c.dispatch(camp.SetManualDice(True))
    c.dispatch(dun.AdvanceTurn(1))  # turn 1: no check
    c.close()
    app = TrackerApp(saves, "delve")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("r")  # turn 2 checks: typed in as an encounter
        for die in ("1", "5", "5", "2 4"):
            for _ in range(3):
                await pilot.pause()
            await pilot.press(*die, "enter")
        await _settle(pilot)
        assert app.state.dungeon.checks[-1].interrupted_rest
        panel = str(app.screen.query_one("#turn-panel").render())
        assert "Rest interrupted: not taken" in panel
        await pilot.press("t")  # the next turn: the panel no longer says so
        await _settle(pilot)
        assert "interrupted" not in str(app.screen.query_one("#turn-panel").render())


def _spent_torches(saves) -> tuple[int, int]:
    """Three torches burnt out, then Ana's lantern and Bo's torch lit: their ids."""
    _delve(saves, "dyb-og-drager")
    c = Campaign.open(saves, "delve")
    c.dispatch(supplies.SetSupplies("oil", 2, False))
    for _ in range(3):
        c.dispatch(lights.LightSource("torch", "Ana"))
        c.dispatch(dun.AdvanceTurn(6, "rest"), dice_values=[6, 6, 6])  # quiet checks
    c.dispatch(lights.LightSource("lantern", "Ana"))
    c.dispatch(lights.LightSource("torch", "Bo"))
    ids = tuple(l.id for l in c.state.lights if l.lit)
    assert len([l for l in c.state.lights if not l.lit]) == 3
    c.close()
    return ids


async def test_spent_lights_leave_the_table_and_the_cursor_keeps_its_light(saves):
    lantern, torch = _spent_torches(saves)
    app = TrackerApp(saves, "delve")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        table = app.screen.query_one("#lights")
        keys = [k.value for k in table.rows]
        assert keys == [str(lantern), str(torch)]  # the three spent torches are not rows
        assert "spent: Torch ×3" in str(table.border_subtitle)
        await pilot.press("down")  # Bo's torch
        await pilot.press("t")  # a turn: the table is drawn again
        await _settle(pilot)
        await pilot.press("o")  # douses Bo's torch, not the lantern
        await _settle(pilot)
        assert [l.id for l in app.state.lights if l.lit] == [lantern]
        await pilot.press("t", "o")  # still on Bo's torch: relit
        await _settle(pilot)
        assert {l.id for l in app.state.lights if l.lit} == {lantern, torch}
