"""GM-typed text is shown as typed on every registered area screen (issue 21):
the test walks the registry, so a new screen is visited without a line here."""

from __future__ import annotations

from tracker.core import bastion, chase, party, travel
from tracker.core import campaign as camp
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from tracker.ui.areas import area_screens

NASTY = ["[/b]Bo", "[@click=app.quit]x[/]", "[red]Al[/red]"]
PLACE = "[b]Ford[/b] [@click=app.quit]go[/]"


def _campaign(saves) -> None:
    c = Campaign.create(saves, "odd", "dnd-2024", 3)
    c.dispatch(camp.StartSession())
    for who in NASTY:
        c.dispatch(party.AddCharacter(who, "fighter", 5, (14, 10, 12, 12, 13, 8), hp=30))
    c.dispatch(bastion.NewBastion(NASTY[2], "[i]Keep[/i]"))
    c.dispatch(travel.SetTerrain("forest", place=PLACE))
    c.dispatch(chase.StartChase("urban", 30))
    c.dispatch(chase.JoinChase(NASTY[0]))
    c.dispatch(chase.JoinChase("[@click=app.quit]Wolf[/]", side="pursuer", speed=40))
    c.close()


async def test_markup_is_shown_as_typed_on_every_registered_screen(saves):
    _campaign(saves)
    app = TrackerApp(saves, "odd")
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        seen = set()
        for a in area_screens():
            await pilot.press(a.key)
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.is_running and app.return_code is None, f"{a.name}: the app quit"
            assert isinstance(app.screen, a.screen), a.name
            shown = app.export_screenshot().replace("&#160;", " ")
            seen |= {n for n in [*NASTY, PLACE, "[i]Keep[/i]", "[@click=app.quit]Wolf[/]"]
                     if n.replace("&", "&amp;") in shown or n in shown}
        # each name shows somewhere, exactly as typed (a parsed one would lose its brackets)
        assert seen == {*NASTY, PLACE, "[i]Keep[/i]", "[@click=app.quit]Wolf[/]"}, seen
