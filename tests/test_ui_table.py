"""Issue 14, what a GM hit at the table: typing ahead, refused input kept in
its dialog, cursors that stay on what the GM chose, keys, stale alerts."""

from __future__ import annotations

import unicodedata

from textual import events

from tracker.demo import build
from tracker.ui.app import TrackerApp
from tracker.ui.dialogs import Dialog

SIZE = (80, 24)


async def _settle(pilot) -> None:
    """Wait until every key typed has landed and every worker is done."""
    app = pilot.app
    for _ in range(200):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if not getattr(app, "_held", None) and getattr(app, "_key_ready", lambda: True)():
            return
    raise AssertionError("keys still waiting")


def _burst(app, *keys: str) -> None:
    """Keys as a fast typist (or a paste into tmux) sends them: all at once,
    none waiting for the one before to be handled."""
    for key in keys:
        char = key if len(key) == 1 else None
        if key == "space":
            char = " "
        ev = events.Key(key, char)
        ev.set_sender(app)
        app.post_message(ev)


# -- 2. keys typed while a dialog is opening -------------------------------------------


async def test_light_typed_ahead_goes_to_the_chosen_carrier(saves):
    """`l Enter Down Down Down Enter` in one burst: a torch for the fourth listed."""
    c = build(saves, "fast", "dolmenwood", "fresh")
    names = [ch.name for ch in c.state.party]
    c.close()
    app = TrackerApp(saves, "fast")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        before = len(app.state.lights)
        _burst(app, "l", "enter", "down", "down", "down", "enter")
        await _settle(pilot)
        assert len(app.state.lights) == before + 1
        assert app.state.lights[-1].by == names[3]
        assert not isinstance(app.screen, Dialog)
