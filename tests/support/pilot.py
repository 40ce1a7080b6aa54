"""Driving the app in Pilot tests: one way to wait until it has settled."""

from __future__ import annotations

import asyncio

from textual import events

from tracker.ui.dialogs import Dialog

SIZE = (80, 24)  # the smallest terminal the GM may use
SETTLE_SECONDS = 30  # a slow machine's longest wait for typed keys to land


async def settle(pilot) -> None:
    """Wait until the app has done what the keys typed so far asked for.

    Three things, in order: every key typed ahead has landed (the app holds a
    key until the one before it has had its effect, ``TrackerApp._held``); no
    dialog flow is between two steps or writing a command
    (``TrackerApp._key_ready``); and every worker is done, unless a dialog is
    in front, whose worker waits for the GM's answer and would never finish.
    The per-module variants this replaces each waited for a subset of these
    (workers only; workers unless a dialog; held keys, then workers)."""
    app = pilot.app
    ready = getattr(app, "_key_ready", lambda: True)  # any App, not only TrackerApp
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SETTLE_SECONDS
    while loop.time() < deadline:
        await pilot.pause(0.01)
        if getattr(app, "_held", None) or not ready():
            continue
        if not isinstance(app.screen, Dialog):
            await app.workers.wait_for_complete()
            await pilot.pause()
        return
    raise AssertionError("keys still waiting")


async def past_the_session_to(pilot, key: str) -> None:
    """Past the question about the running session (carried on), then on the
    screen of ``key`` ("4" party, "7" bastions), settled."""
    await settle(pilot)
    await pilot.press("enter")  # carry on the session
    await settle(pilot)
    await pilot.press(key)
    await settle(pilot)


async def log_ready(pilot) -> None:
    """Open the log screen (key 2) and wait until its entries are loaded."""
    await pilot.press("2")
    await settle(pilot)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def burst(app, *keys: str) -> None:
    """Keys as a fast typist (or a paste into tmux) sends them: all at once,
    none waiting for the one before to be handled."""
    for key in keys:
        char = key if len(key) == 1 else None
        if key == "space":
            char = " "
        ev = events.Key(key, char)
        ev.set_sender(app)
        app.post_message(ev)
