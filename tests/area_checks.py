"""What every area's property tests share, in one place: their settings, a
campaign played from random commands, and what they check of it: it replays
to the same state, reopens the same, and undo then redo restores it."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings

from tracker.core.errors import Refused
from tracker.service import Campaign

SETTINGS = settings(max_examples=int(os.environ.get("PROP_EXAMPLES", "25")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def play(rid, seed, commands) -> tuple[Campaign, Path]:
    saves = Path(tempfile.mkdtemp(prefix="prop-"))
    c = Campaign.create(saves, "p", rid, seed)
    for cmd in commands:
        try:
            c.dispatch(cmd)
        except Refused:
            pass  # refused commands change nothing; that is checked elsewhere
    return c, saves


def undo_then_redo_restores(c: Campaign) -> None:
    before = c.state
    try:
        c.undo()
    except Refused:
        return  # nothing to undo
    c.redo()
    assert c.state == before
    c.close()


def reopens_and_replays_the_same(c: Campaign, saves, replay, name: str = "p") -> None:
    reopened = Campaign.open(saves, name)
    assert reopened.state == c.state == replay(list(c.store.read()))
    reopened.close(), c.close()
