"""A change repaints only what it changed (issue 22): an undo of a note left
every area screen's panels as they were, yet each was laid out, its tables
cleared and refilled, the chase's footer recomposed; the log screen opened a
fresh reader (whose timeline knew no state) for every change. Each of these
is checked here by what the screen did, not by how long it took (timing
goals live in bench/bench.py)."""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import DataTable, Static

from tracker.core.campaign import AddNote
from tracker.demo import build
from tracker.ui.app import TrackerApp
from tracker.ui.screens.log import LogScreen

from support.pilot import settle as _settle


def _layouts(monkeypatch, screen_type=None):
    """The widgets (by id) that asked for a layout or a recompose, and the
    DataTables cleared, while the returned lists are being filled."""
    asked, cleared = [], []
    real, clear = Widget.refresh, DataTable.clear

    def refresh(self, *regions, repaint=True, layout=False, recompose=False):
        if layout or recompose:
            asked.append(self.id or type(self).__name__)
        return real(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

    def counted_clear(self, *a, **k):
        cleared.append(self.id)
        return clear(self, *a, **k)
    monkeypatch.setattr(Widget, "refresh", refresh)
    monkeypatch.setattr(DataTable, "clear", counted_clear)
    return asked, cleared


async def _undo_redo_a_note(app, pilot, key: str, monkeypatch):
    app.run_command(AddNote("to undo"))
    await _settle(pilot)
    await pilot.press(key)
    await _settle(pilot)
    asked, cleared = _layouts(monkeypatch)
    for k in ("ctrl+z", "ctrl+y"):
        await pilot.press(k)
        await _settle(pilot)
    monkeypatch.undo()
    return asked, cleared


async def test_an_undone_note_lays_out_and_refills_nothing_on_the_area_screens(saves, monkeypatch):
    build(saves, "d", "dnd-2024", "mid").close()
    for key, title in (("1", "dungeon"), ("3", "party"), ("5", "travel"), ("6", "chase")):
        app = TrackerApp(saves, "d")
        async with app.run_test(size=(80, 24)) as pilot:
            await _settle(pilot)
            asked, cleared = await _undo_redo_a_note(app, pilot, key, monkeypatch)
            screen = app.screen
            mine = {w.id for w in screen.query("*") if w.id}
            # the header and the alerts line are the app's: they may follow the change
            assert [a for a in asked if a in mine and not a.startswith("header")] == [], title
            assert [c for c in cleared if c in mine] == [], title  # the chase's too, now


async def test_the_dungeon_panels_still_show_each_change(saves):
    build(saves, "d", "dyb-og-drager", "mid").close()
    app = TrackerApp(saves, "d")
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        before = str(app.screen.query_one("#turn-panel", Static).render())
        await pilot.press("t")
        await _settle(pilot)
        after = str(app.screen.query_one("#turn-panel", Static).render())
        assert before != after and f"{app.state.dungeon.turn}" in after


async def test_the_log_screen_keeps_one_reader_and_lays_out_nothing_for_an_undo(saves, monkeypatch):
    build(saves, "d", "dyb-og-drager", "mid").close()
    app = TrackerApp(saves, "d")
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        app.run_command(AddNote("to undo"))
        await _settle(pilot)
        await pilot.press("2")
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, LogScreen)
        await pilot.press("ctrl+z")
        await _settle(pilot)
        reader = screen._reader._reader
        assert reader is not None
        asked, _ = _layouts(monkeypatch)
        await pilot.press("ctrl+y")
        await _settle(pilot)
        await pilot.pause(0.2)  # the pane follows the cursor after 50 ms
        monkeypatch.undo()
        assert screen._reader._reader is reader  # the same reader, its timeline warm
        # the list grew by an entry: its virtual size changed, and laid the screen out
        assert [a for a in asked if a in ("log-state", "log-filter-status", "log-list")] == []
        assert screen.all[-1].seq == app.campaign.seq and not screen.all[-2].undone
        view = screen.query_one("#log-list")
        assert view.virtual_size.height == len(screen.all) and view.current is screen.all[-1]
        assert view.max_scroll_y == max(0, len(screen.all) - view.scrollable_content_region.height)
