"""The recap screen while the GM plays (issue 22): a change while it is shown
rebuilds it once the GM pauses (not once per key), reads only the entries
added since, and what it shows once settled is the recap of the log as it
then stands, never an older build's."""

from __future__ import annotations

import asyncio

from tracker import recap
from tracker.core.campaign import AddNote
from tracker.demo import build
from tracker.service import LogReader
from tracker.ui.app import TrackerApp
from tracker.ui.screens.recap import RecapScreen

from support.pilot import settle as _settle


def _fresh(saves, name: str) -> str:
    with LogReader(saves / f"{name}.campaign") as log:
        envs = list(log.read())
        return recap.markdown(recap.build(name, envs, log.state_at, None), escape=True)


async def test_a_burst_of_changes_rebuilds_once_and_settles_on_the_log_as_it_stands(saves):
    build(saves, "d", "dyb-og-drager", "mid").close()
    app = TrackerApp(saves, "d")
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await pilot.press("3")
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, RecapScreen)
        assert screen.shown_markdown == _fresh(saves, "d")  # built at once when shown
        builds = screen.builds
        for i in range(4):  # quicker than SETTLE: nothing rebuilt yet
            app.run_command(AddNote(f"burst {i}"))
            await _settle(pilot)
        await pilot.press("ctrl+z")
        await _settle(pilot)
        assert screen.builds == builds
        await asyncio.sleep(screen.SETTLE + 0.2)
        await _settle(pilot)
        await _settle(pilot)
        assert screen.builds == builds + 1  # once, after the GM paused
        settled = _fresh(saves, "d")
        assert "burst 2" in settled and screen.shown_markdown == settled


async def test_an_older_build_finishing_late_is_not_shown(saves):
    build(saves, "d", "dyb-og-drager", "mid").close()
    app = TrackerApp(saves, "d")
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await pilot.press("3")
        await _settle(pilot)
        screen = app.screen
        shown = screen.shown_markdown
        screen.post_message(RecapScreen.Built("# stale", "# stale", [1], [1], screen.builds - 1))
        await _settle(pilot)
        assert screen.shown_markdown == shown and screen.text != "# stale"


def test_the_log_read_so_far_grows_by_the_new_entries_only(saves):
    c = build(saves, "d", "dyb-og-drager", "mid")
    recapper = recap.Recapper()
    with LogReader(c.store.path) as log:
        recapper.build("d", log, None)
        first = list(recapper.standing.envs)
        assert [e.seq for e in first] == list(range(1, log.head() + 1))
    c.dispatch(AddNote("one more"))
    c.undo()
    read = []
    with LogReader(c.store.path) as log:
        real = log.read
        log.read = lambda lo=1, hi=None: (read.append((lo, hi)), real(lo, hi))[1]
        recapper.build("d", log, None)
        assert read == [(len(first) + 1, len(first) + 2)]  # the two new entries only
        assert recapper.standing.envs == list(real())
    c.close()
