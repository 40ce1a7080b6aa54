"""An upgrade passes over every snapshot an older engine wrote, and the open
replays the whole log: it keeps the checkpoints that replay passed as
snapshots too, so reading back into the log afterwards (the log screen's
newest entries, an undo) costs the tail again, not the whole log."""

from __future__ import annotations

import sqlite3

from tracker import service
from tracker.core.campaign import AddNote
from tracker.service import Campaign
from tracker.store.sqlite import snapshot_engine


def test_an_upgraded_open_keeps_the_checkpoints_it_replayed(saves, monkeypatch):
    monkeypatch.setattr(service, "SNAPSHOT_EVERY", 300)
    c = Campaign.create(saves, "old", "dyb-og-drager", 1)
    for i in range(1600):
        c.dispatch(AddNote(f"note {i}"))
    c.close()
    with sqlite3.connect(saves / "old.campaign") as db:  # as an older engine wrote them
        db.execute("UPDATE snapshots SET engine_version = 1")
    c = Campaign.open(saves, "old")
    assert c.store.snapshot_in_use == 0 and not c.warnings  # replayed whole, once
    c.close()
    with sqlite3.connect(saves / "old.campaign") as db:
        kept = [s for (s,) in db.execute(
            "SELECT seq FROM snapshots WHERE engine_version = ? ORDER BY seq",
            (snapshot_engine(),))]
    assert kept[-1] == 1601 and len(kept) >= 4
    assert all(b - a <= 2 * 512 for a, b in zip([0, *kept], kept))  # no long gap to replay
    c = Campaign.open(saves, "old")
    assert c.store.snapshot_in_use == 1601
    assert c.timeline.state_at(1100) is not None
    c.close()
