"""The log screen describes every line in its loading worker once the whole
list is shown (issue 22), so the first text search does not describe 100,000
entries itself; a line described there is the one the entry describes."""

from __future__ import annotations

from tracker.core.campaign import AddNote
from tracker.core.describe import describe
from tracker.demo import build
from tracker.history import describe_all, entries
from tracker.service import LogReader
from tracker.ui.app import TrackerApp


async def test_every_line_is_described_in_the_worker_once_the_list_is_shown(saves):
    c = build(saves, "d", "dyb-og-drager", "mid")
    for i in range(200):  # more than the screen draws
        c.dispatch(AddNote(f"note {i}"))
    c.close()
    app = TrackerApp(saves, "d")
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("2")
        await app.workers.wait_for_complete()
        await pilot.pause()
        shown = app.screen.all
        assert len(shown) > 100 and app.screen.complete
        assert all(e._text is not None for e in shown)  # before the fix: only those drawn
        with LogReader(saves / "d.campaign") as log:
            fresh = entries(list(log.read()), log.timeline)
        assert [e.text for e in shown] == [e.text for e in fresh]
        app.screen.text = "torch"  # the search finds what the lines say
        app.screen.apply_filters()
        await pilot.pause()


def test_describe_all_describes_each_entry_as_its_text_would_and_stops_when_told(saves):
    c = build(saves, "d", "dyb-og-drager", "mid")
    with LogReader(c.store.path) as log:
        es = entries(list(log.read()), log.timeline)
    c.close()
    kept = {i: e._text for i, e in enumerate(es) if e._text is not None}  # described with the state
    describe_all(es[:10], stop=lambda: True)
    assert all(es[i]._text is None for i in range(10) if i not in kept)
    describe_all(es, batch=7)
    for i, e in enumerate(es):
        assert e._text == kept.get(i, describe(e.event, e.rules))
