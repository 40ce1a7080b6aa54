"""The log screen's keystroke in one frame (issue 22, seventh pass): an undo's
entry added to the list on the screen's thread (no worker, no hand-over),
the pane following the cursor as it moves (no 50 ms timer for a key pressed
once), and a list read before the screen grew its own never shown over it."""

from __future__ import annotations

from tracker import history
from tracker.core.campaign import AddNote
from tracker.history import entries
from tracker.service import LogReader
from tracker.ui.app import TrackerApp
from tracker.ui.screens import log as log_screen
from tracker.ui.screens.log import LogScreen
from tracker.ui.widgets.log_view import LogView

from support.pilot import SIZE, settle as _settle
from support.campaigns import long_delve as _delve


def _fresh(path):
    with LogReader(path) as log:
        return [e.as_json() for e in entries(list(log.read()), log.timeline)]


async def _on_the_log(app, pilot) -> LogScreen:
    await _settle(pilot)
    app.action_show_area("log")
    await _settle(pilot)
    assert isinstance(app.screen, LogScreen) and app.screen.settled
    return app.screen


async def test_an_undo_grows_the_list_on_the_screen_s_thread_as_a_fresh_read(saves, monkeypatch):
    monkeypatch.setattr(history, "CHUNK", 100)
    _delve(saves, 40)
    app = TrackerApp(saves, "d")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _on_the_log(app, pilot)
        loads = []
        real = LogScreen._load
        monkeypatch.setattr(LogScreen, "_load", lambda self, *a: (loads.append(a), real(self, *a)))
        for key in ("ctrl+z", "ctrl+z", "ctrl+y"):
            n = len(screen.all)
            await pilot.press(key)
            # grown in the keystroke's own handling, before any idle wait
            assert len(screen.all) == n + 1 and screen.query_one(LogView).entries is screen.all
            await _settle(pilot)
            assert [e.as_json() for e in screen.all] == _fresh(saves / "d.campaign")
            assert all(e._text is not None for e in screen.all[n:])  # described, as the worker did
        assert loads == []  # no worker read the log for them
        app.run_command(AddNote("a note"))  # any command: the same way
        await _settle(pilot)
        assert [e.as_json() for e in screen.all] == _fresh(saves / "d.campaign") and loads == []


async def test_a_correction_is_still_read_whole_by_the_worker(saves, monkeypatch):
    monkeypatch.setattr(history, "CHUNK", 100)
    _delve(saves, 40)
    app = TrackerApp(saves, "d")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _on_the_log(app, pilot)
        loads = []
        real = LogScreen._load
        monkeypatch.setattr(LogScreen, "_load", lambda self, *a: (loads.append(a), real(self, *a)))
        turn = next(e.seq for e in reversed(screen.all)
                    if e.type == "turn_advanced" and not e.undone)  # one that stands
        app.run_command(app.campaign.amend_command(turn, fields={"activity": "search"}))
        await _settle(pilot)
        assert len(loads) == 1
        assert [e.as_json() for e in screen.all] == _fresh(saves / "d.campaign")
        assert screen.all[turn - 1].corrected_by


async def test_a_list_read_before_the_screen_grew_its_own_is_not_shown(saves, monkeypatch):
    _delve(saves, 20)
    app = TrackerApp(saves, "d")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _on_the_log(app, pilot)
        older = screen.all
        await pilot.press("ctrl+z")
        await _settle(pilot)
        grown = screen.all
        assert len(grown) == len(older) + 1
        screen.post_message(LogScreen.Loaded(older, lang=screen._lang))  # a worker's, late
        await _settle(pilot)
        assert screen.all is grown and screen.query_one(LogView).entries is grown


async def test_the_pane_follows_a_key_pressed_once_at_once_and_a_held_key_where_it_stops(
        saves, monkeypatch):
    _delve(saves, 30)
    app = TrackerApp(saves, "d")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _on_the_log(app, pilot)
        view = screen.query_one(LogView)
        pane = screen.query_one("#log-state")
        shown = []
        real = LogScreen._show_entry
        monkeypatch.setattr(LogScreen, "_show_entry",
                            lambda self, e: (shown.append(e.seq), real(self, e)))
        monkeypatch.setattr(log_screen, "monotonic", lambda: 1e9)
        view.action_move(-1)  # no await: in the same handling as the move
        seq = view.current.seq
        assert shown == [seq] and pane.border_title == f"After #{seq}"
        assert screen._pane_timer is None
        # held down: each move within PANE_HELD of the last; only where it stops is shown
        for _ in range(5):
            view.action_move(-1)
        assert shown == [seq] and screen._pane_timer is not None
        await pilot.pause(log_screen.PANE_HELD * 4)
        assert shown == [seq, seq - 5] and pane.border_title == f"After #{seq - 5}"
        # the same entry shown again (the list read again, nothing changed): not redrawn
        monkeypatch.setattr(log_screen, "monotonic", lambda: 2e9)
        screen.apply_filters()
        assert shown == [seq, seq - 5]
