"""A screen another covers repaints when it is shown again, not on every change
(issue 22): the dungeon screen stays under the others, and repainting it cost
every keystroke on them its whole repaint."""

from __future__ import annotations

from textual.widgets import Static

from tracker.demo import build
from tracker.ui.app import TrackerApp
from tracker.ui.screens.dungeon import DungeonScreen

from support.pilot import settle as _settle


async def test_the_covered_dungeon_screen_repaints_once_when_shown_again(saves, monkeypatch):
    build(saves, "d", "dyb-og-drager", "mid").close()
    app = TrackerApp(saves, "d")
    shown = []
    real = DungeonScreen.show
    monkeypatch.setattr(DungeonScreen, "show", lambda self, s: (shown.append(s), real(self, s)))
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        dungeon = app.screen
        assert isinstance(dungeon, DungeonScreen)
        await pilot.press("3")  # another area screen above the dungeon's
        await _settle(pilot)
        assert not isinstance(app.screen, DungeonScreen)
        shown.clear()
        for key in ("ctrl+z", "ctrl+y", "ctrl+z"):  # three changes under cover
            await pilot.press(key)
            await _settle(pilot)
        assert shown == []  # not repainted while out of view
        undone = app.state
        await pilot.press("1")
        await _settle(pilot)
        assert app.screen is dungeon
        assert shown == [undone]  # once, with the state as it now stands
        turn = str(dungeon.query_one("#turn-panel", Static).render())
        assert f"{undone.dungeon.turn}" in turn
        shown.clear()
        await pilot.press("ctrl+y")  # in view again: every change repaints it
        await _settle(pilot)
        assert shown == [app.state]
