"""A keystroke repaints what it changed, not the whole screen (issue 22,
fourth pass): the app's ``state`` and ``sub_title`` (the game clock) were
Textual reactives that repaint the whole screen when set, so every turn
re-rendered every line of the screen twice, and the header's title watcher
laid the whole screen out again for a new clock. Checked by what the app did,
not by how long it took (timing goals live in bench/bench.py)."""

from __future__ import annotations

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets._header import HeaderTitle

from tracker.core import clock
from tracker.demo import build
from tracker.ui.app import TrackerApp

from support.i18n import svg_text
from support.pilot import settle


def _asked(monkeypatch):
    """(whole-screen repaints, layouts) asked while the lists are being filled;
    each a widget's id or class name."""
    whole, layouts = [], []
    real = Widget.refresh

    def refresh(self, *regions, repaint=True, layout=False, recompose=False):
        if isinstance(self, Screen) and repaint and not regions:
            whole.append(type(self).__name__)
        if layout or recompose:
            layouts.append(self.id or type(self).__name__)
        return real(self, *regions, repaint=repaint, layout=layout, recompose=recompose)
    monkeypatch.setattr(Widget, "refresh", refresh)
    return whole, layouts


async def test_a_turn_repaints_neither_the_whole_screen_nor_lays_out_the_header(saves, monkeypatch):
    build(saves, "d", "dyb-og-drager", "mid").close()
    app = TrackerApp(saves, "d")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")  # the first turn may bring alerts in or out: not counted
        await settle(pilot)
        whole, layouts = _asked(monkeypatch)
        for _ in range(3):
            before = app.state.clock
            await pilot.press("t")
            await settle(pilot)
            assert app.state.clock > before
        monkeypatch.undo()
        assert whole == []
        assert "HeaderTitle" not in layouts and "Header" not in layouts


async def test_the_header_still_shows_the_clock_after_each_turn(saves):
    """Nothing stale: the title is repainted (without a layout) for each turn."""
    build(saves, "d", "dyb-og-drager", "mid").close()
    app = TrackerApp(saves, "d")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(3):
            await pilot.press("t")
            await settle(pilot)
            stamp = clock.stamp(app.state.rules, app.state.clock)
            shown = app.screen.query_one(HeaderTitle)
            assert stamp in str(shown.render()), stamp
            assert stamp in svg_text(app.export_screenshot()).splitlines()[0], stamp


async def test_an_undo_on_each_area_screen_repaints_only_its_panes(saves, monkeypatch):
    """The same on every area screen but the log (its own tests): an undo and a
    redo of a note change the state, and no screen is repainted whole for it."""
    build(saves, "d", "dnd-2024", "mid").close()
    from tracker.core.campaign import AddNote
    for key in ("1", "2", "3", "4", "5", "6", "7"):
        app = TrackerApp(saves, "d")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.run_command(AddNote("to undo"))
            await settle(pilot)
            await pilot.press(key)
            await settle(pilot)
            if type(app.screen).__name__ == "LogScreen":
                continue
            whole, _ = _asked(monkeypatch)
            for k in ("ctrl+z", "ctrl+y"):
                await pilot.press(k)
                await settle(pilot)
            monkeypatch.undo()
            assert whole == [], type(app.screen).__name__


async def test_an_undo_on_the_bastion_screen_refills_and_lays_out_nothing(saves, monkeypatch):
    """The bastion screen cleared and refilled its facilities table (columns
    and all), laid its summary out and refreshed its bindings (the footer
    recomposes) on every change; an undo of a note changes none of them."""
    from textual.widgets import DataTable

    from tracker.core.campaign import AddNote

    from support.bastion_keeps import build_keep
    build_keep(saves).close()
    app = TrackerApp(saves, "keep")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # carry on the session
        await settle(pilot)
        app.run_command(AddNote("to undo"))
        await settle(pilot)
        await pilot.press("7")
        await settle(pilot)
        table = app.screen.query_one("#bastion-facilities", DataTable)
        rows = [table.get_row_at(i) for i in range(table.row_count)]
        cleared, bindings = [], []
        real_clear, real_bindings = DataTable.clear, type(app.screen).refresh_bindings
        monkeypatch.setattr(DataTable, "clear", lambda self, *a, **k: (
            cleared.append(self.id), real_clear(self, *a, **k))[1])
        monkeypatch.setattr(type(app.screen), "refresh_bindings", lambda self: (
            bindings.append(1), real_bindings(self))[1])
        whole, layouts = _asked(monkeypatch)
        for k in ("ctrl+z", "ctrl+y"):
            await pilot.press(k)
            await settle(pilot)
        monkeypatch.undo()
        assert cleared == [] and bindings == [] and whole == []
        assert "bastion-summary" not in layouts and "bastion-results" not in layouts
        assert [table.get_row_at(i) for i in range(table.row_count)] == rows


async def test_the_bastion_screen_still_shows_each_change(saves):
    """Nothing stale: gold moved shows in the summary, a turn in the table."""
    from tracker.core import bastion as bas

    from support.bastion_keeps import build_keep
    build_keep(saves).close()
    app = TrackerApp(saves, "keep")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("7")
        await settle(pilot)
        summary = app.screen.query_one("#bastion-summary")
        before = str(summary.render())
        app.run_command(bas.MoveGold("Aria", 1234, "tithe"))
        await settle(pilot)
        after = str(summary.render())
        assert after != before and "Greywatch" in after
        gp = app.state.bastions.all[0].treasury
        assert f"{gp:,}" in after.replace("\u202f", ",").replace("\xa0", ",") or str(gp) in after
