"""Issue 19: a long command in the app (years of bastion turns at one a day, a
correction of an early entry replaying them) runs off the event loop: a
progress dialog says how far it is, Escape stops it with the log as it was,
and the keys the GM typed meanwhile are kept for when it is done."""

from __future__ import annotations

import re
import threading

import pytest

from textual import events

from tracker.core import bastion as bas
from tracker.core.campaign import ChangeHouseRule, StartSession
from tracker.core.party import AddCharacter
from tracker.service import Campaign
from tracker.store.sqlite import EventStore
from tracker.store import paths
from tracker.ui.app import TrackerApp
from tracker.ui.busy import Busy, BusyDialog
from tracker.ui.screens.log import LogScreen

SIZE = (100, 30)
LONG = 3660  # ten years of daily turns take ~17 s; this is enough to stop halfway


def daily_keep(saves, turns: int) -> None:
    c = Campaign.create(saves, "keep", "dnd-2024", 1)
    c.dispatch(AddCharacter("Bo", "fighter", 5, (15, 14, 13, 12, 10, 8)))  # 2
    c.dispatch(bas.NewBastion("Bo", ""))  # 3
    c.dispatch(ChangeHouseRule("bastion.turn_days", "1"))  # 4
    c.dispatch(bas.Downtime(turns))  # 5
    c.dispatch(StartSession())  # 6: opening it asks nothing
    c.close()


def head_on_disk(saves) -> int:
    store = EventStore.open(paths.campaign_path(saves, "keep"), readonly=True)
    try:
        return store.head()
    finally:
        store.close()


async def _until(pilot, test, seconds: float = 60) -> None:
    for _ in range(int(seconds / 0.05)):
        if test():
            return
        await pilot.pause(0.05)
    raise AssertionError("waited in vain")


@pytest.fixture
def gate(monkeypatch):
    """The job waits after its first tell of progress until ``gate.set()``: the
    test acts while it surely runs, however loaded the machine (a stop asked
    for meanwhile is seen at its next step, as any other)."""
    gate = threading.Event()
    tell = Busy.listener

    def held(self, what, done, total):
        tell(self, what, done, total)
        gate.wait(60)
    monkeypatch.setattr(Busy, "listener", held)
    yield gate
    gate.set()


async def _progress_shown(pilot, app) -> str:
    """The dialog is up and has told some progress: its line."""
    await _until(pilot, lambda: isinstance(app.screen, BusyDialog)
                 and app.jobs.busy is not None and app.jobs.busy.done > 0)
    dialog = app.screen
    dialog._show()  # what its timer shows five times a second
    return str(dialog.query_one("#busy-line").render())


async def test_a_long_run_of_turns_shows_progress_and_escape_stops_it_writing_nothing(saves, gate):
    daily_keep(saves, LONG)
    app = TrackerApp(saves, "keep")
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        seq = app.campaign.seq
        app.run_command(bas.RunQueued())
        line = await _progress_shown(pilot, app)
        assert re.search(rf"[0-9,]+ of {LONG:,} (bastion turns decided|entries checked)", line)
        await pilot.press("escape")
        gate.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not isinstance(app.screen, BusyDialog)
        assert app.campaign.seq == seq and bas.find(app.state, "Bo").queued == LONG
        assert head_on_disk(saves) == seq
        assert any("nothing was recorded" in n.message for n in app._notifications)
        # the campaign goes on: a short command after it is recorded as ever
        app.run_command(bas.Downtime(1))
        await app.workers.wait_for_complete()
        assert app.campaign.seq == seq + 1 == head_on_disk(saves)


async def test_keys_typed_during_a_long_run_wait_for_it_and_are_not_lost(saves, gate):
    daily_keep(saves, LONG)
    app = TrackerApp(saves, "keep")
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        seq = app.campaign.seq
        app.run_command(bas.RunQueued())
        await _until(pilot, lambda: isinstance(app.screen, BusyDialog))
        key = events.Key("2", "2")  # the log screen: held, not swallowed by the dialog
        key.set_sender(app)
        app.post_message(key)
        await _until(pilot, lambda: list(app._held) == [key], 20)  # however loaded the machine
        assert app.jobs.busy is not None, "the run ended too soon to tell"
        assert isinstance(app.screen, BusyDialog) and list(app._held) == [key]
        gate.set()
        await _until(pilot, lambda: isinstance(app.screen, LogScreen))
        assert app.campaign.seq == seq + LONG == head_on_disk(saves)
        assert bas.find(app.state, "Bo").queued == 0 and bas.find(app.state, "Bo").turns == LONG


async def test_a_correction_of_an_early_entry_replays_with_progress_and_stops(saves, gate):
    """Amending the level of #2 replays the years that follow: the confirmation
    says how far it is, Escape stops it, and nothing is recorded."""
    daily_keep(saves, LONG)
    c = Campaign.open(saves, "keep")
    c.dispatch(bas.RunQueued())
    seq = c.seq
    command = c.amend_command(2, fields={"level": "6"})
    c.close()
    app = TrackerApp(saves, "keep")
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        app.run_command(command)
        line = await _progress_shown(pilot, app)
        assert f"of {seq - 1:,} entries replayed" in line, line
        await pilot.press("escape")
        gate.set()
        await app.workers.wait_for_complete()
        assert app.campaign.seq == seq == head_on_disk(saves), [n.message for n in app._notifications]
        assert app.state.corrections == {}


async def test_the_log_screens_preview_of_a_long_correction_shows_progress_and_stops(saves, gate):
    """The log screen's confirmation replays the correction first (its preview):
    that too runs with progress, and Escape there records nothing."""
    daily_keep(saves, LONG)
    c = Campaign.open(saves, "keep")
    c.dispatch(bas.RunQueued())
    seq = c.seq
    c.close()
    app = TrackerApp(saves, "keep")
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("2")
        await _until(pilot, lambda: isinstance(app.screen, LogScreen))
        screen = app.screen
        got = []

        async def confirm():
            got.append(await screen._trial_long(
                lambda: app.campaign.amend_command(2, fields={"level": "6"})))
        app.run_worker(confirm(), exit_on_error=False)
        line = await _progress_shown(pilot, app)
        assert f"of {seq - 1:,} entries replayed" in line, line
        assert app.jobs.busy.title == "Checking what follows the entry"
        await pilot.press("escape")
        gate.set()
        await _until(pilot, lambda: got)
        assert got == [(None, None, "")]
        assert app.campaign.seq == seq == head_on_disk(saves)
        assert any("nothing was recorded" in n.message for n in app._notifications)
