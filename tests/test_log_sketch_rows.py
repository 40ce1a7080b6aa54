"""The log screen's whole list from the raw rows (issue 22, sixth pass): the
sketch decodes only the events it reads, every other entry decodes its row
when first shown or settled. A damaged row is still said, in its line and in
full when the list settles; and the list, settled, is the whole replay's."""

from __future__ import annotations

import gc
import sqlite3

import pytest

from tracker import history
from tracker.history import DESCRIBED_WITH_STATE, LogEntry, Settling, entries, rows_read, sketch_rows
from tracker.service import LogReader
from tracker.store.sqlite import Damaged
from tracker.ui.app import TrackerApp
from tracker.ui.screens.log import LogScreen
from tracker.ui.widgets.log_view import LogView

from support.campaigns import long_delve as _delve
from support.pilot import SIZE, settle as _settle


def _damage(path, type_: str, after: int) -> int:
    """Cut short the data of the first row of ``type_`` after ``after``; its seq."""
    db = sqlite3.connect(path)
    (seq,) = db.execute("SELECT MIN(seq) FROM events WHERE type = ? AND seq > ?",
                        (type_, after)).fetchone()
    db.execute("UPDATE events SET data = '{\"minutes\": ' WHERE seq = ?", (seq,))
    db.commit()
    db.close()
    return seq


def test_an_entry_is_a_struct_the_collector_does_not_walk():
    e = LogEntry(1, 1, None, "note_added", None, None, None, "campaign")
    assert not gc.is_tracked(e)


def test_the_sketch_decodes_only_what_it_reads_and_settles_into_the_whole_list(tmp_path):
    _delve(tmp_path, 40)
    with LogReader(tmp_path / "d.campaign") as log:
        whole = entries(list(log.read()), log.timeline)
    with LogReader(tmp_path / "d.campaign") as log:
        quick = sketch_rows(list(log.rows()), log.decoded)
        waiting = [e for e in quick if e._event is None]
        assert sum(e.type == "turn_advanced" for e in waiting) == 40  # every turn waits
        assert not any(e._event is None for e in quick if e.type in ("light_lit", "undone"))
        own = [i for i, e in enumerate(whole) if type(e.event) not in DESCRIBED_WITH_STATE]
        assert [quick[i].line for i in own] == [whole[i].line for i in own]  # decoded when asked
        assert Settling(quick, lambda lo, hi: list(log.read(lo, hi)), log.timeline,
                        log.state_at(log.head())).settle_all()
        assert not any(e._event is None or e._data is not None for e in quick)
        assert [e.as_json() for e in quick] == [e.as_json() for e in whole]


def test_a_damaged_row_is_said_in_its_line_and_in_full_when_the_list_settles(tmp_path):
    _delve(tmp_path, 40)
    seq = _damage(tmp_path / "d.campaign", "turn_advanced", 20)
    with LogReader(tmp_path / "d.campaign") as log:
        rows = list(log.rows())
        quick = sketch_rows(rows, log.decoded)
        assert "is damaged" in quick[seq - 1].line and f"#{seq}" in quick[seq - 1].line
        with pytest.raises(Damaged, match=f"#{seq}"):  # as the screen settles it
            Settling(quick, rows_read(rows, quick), log.timeline, None).settle_all()
        with pytest.raises(Damaged, match=f"#{seq}"):  # read again from the store
            Settling(quick, lambda lo, hi: list(log.read(lo, hi)), log.timeline,
                     None).settle_all()


def test_a_damaged_row_the_sketch_reads_fails_the_sketch_naming_it(tmp_path):
    _delve(tmp_path, 40)
    seq = _damage(tmp_path / "d.campaign", "light_lit", 10)  # its names are read
    with LogReader(tmp_path / "d.campaign") as log:
        with pytest.raises(Damaged, match=f"#{seq}"):
            sketch_rows(list(log.rows()), log.decoded)


async def test_the_log_screen_says_a_damaged_row_and_still_lists_every_entry(saves, monkeypatch):
    monkeypatch.setattr(history, "CHUNK", 100)
    _delve(saves, 1400)  # a snapshot at 1,000: opening and the newest 500 start there
    seq = _damage(saves / "d.campaign", "turn_advanced", 30)  # opening never reads it (a snapshot)
    app = TrackerApp(saves, "d")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.action_show_area("log")
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, LogScreen)
        pane = str(screen.query_one("#log-state").render())
        assert "Could not read the log" in pane and f"#{seq}" in pane
        assert any(f"#{seq}" in n.message for n in app._notifications)
        assert len(screen.all) == app.campaign.seq  # every entry still listed
        view = screen.query_one(LogView)
        view.cursor = seq - 1
        await pilot.pause()
        assert "is damaged" in view.current.line


async def test_after_undo_redo_a_correction_and_a_rewind_the_list_is_a_fresh_read(saves,
                                                                                   monkeypatch):
    """The list shown (sketched from the rows, settled by parts, then grown a
    keystroke at a time) equals a fresh read of the log after every change."""
    monkeypatch.setattr(history, "CHUNK", 100)
    _delve(saves, 520)  # over 500 entries: sketched
    app = TrackerApp(saves, "d")

    def fresh():
        with LogReader(saves / "d.campaign") as log:
            return [e.as_json() for e in entries(list(log.read()), log.timeline)]

    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.action_show_area("log")
        await _settle(pilot)
        screen = app.screen
        assert screen.settled and [e.as_json() for e in screen.all] == fresh()
        c = app.campaign
        # the turn before the last: it stands after the two undos and the redo
        # below (an entry undone cannot be corrected)
        turn = [e.seq for e in screen.all if e.type == "turn_advanced"][-2]
        steps = [lambda: pilot.press("ctrl+z"), lambda: pilot.press("ctrl+z"),
                 lambda: pilot.press("ctrl+y"),
                 lambda: app.run_command(c.amend_command(turn, fields={"activity": "search"})),
                 lambda: pilot.press("ctrl+z"), lambda: pilot.press("ctrl+y"),
                 lambda: app.run_command(c.rewind_command(turn - 3)),
                 lambda: pilot.press("ctrl+z")]
        for i, step in enumerate(steps):
            done = step()
            if done is not None:
                await done
            await _settle(pilot)
            assert [e.as_json() for e in screen.all] == fresh(), f"after step {i}"
            assert screen.query_one(LogView).entries == screen.all
