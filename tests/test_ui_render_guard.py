"""Issue 19: the app never quits on a failed render. Whatever a screen's
showing of the state raises is shown (with a bug file) and the app goes on:
the guard is put on every area screen where it is registered (ui/areas.py)."""

from __future__ import annotations

import tempfile

import pytest

from tracker.core import bastion as bas
from tracker.core import campaign as camp
from tracker.core import party
from tracker.service import Campaign
from tracker.ui.app import TrackerApp

from support.pilot import settle as _settle

SIZE = (100, 30)


def _boom(*args, **kwargs):
    raise KeyError("forest")


def _campaign(saves) -> None:
    c = Campaign.create(saves, "keep", "dnd-2024", 7)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Aria", "fighter", 9, (16, 14, 15, 10, 12, 8)))
    c.dispatch(bas.NewBastion("Aria", "Greywatch"))
    c.close()


@pytest.mark.parametrize("key,module,name", [
    ("7", "tracker.ui.widgets.bastion_panels", "summary"),
    ("5", "tracker.ui.widgets.travel_panels", "where_panel"),
    ("6", "tracker.ui.widgets.chase_panels", "summary"),
    ("4", "tracker.ui.widgets.party_panels", "party_row"),
])
async def test_a_screen_that_cannot_render_is_reported_and_the_app_goes_on(
        saves, monkeypatch, tmp_path, key, module, name):
    import importlib

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    _campaign(saves)
    monkeypatch.setattr(importlib.import_module(module), name, _boom)
    app = TrackerApp(saves, "keep")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("enter")  # carry on the session
        await _settle(pilot)
        await pilot.press(key)
        await _settle(pilot)
        await pilot.pause()
        assert app.is_running and app.return_code is None
        assert any("KeyError" in n.message and "bug in tracker" in n.message
                   for n in app._notifications)
        await pilot.press("1", "t")  # the GM carries on elsewhere
        await _settle(pilot)
        assert app.is_running and app.return_code is None
    assert list(tmp_path.glob("tracker-bug-*.txt"))
