"""A snapshot writes the corrections in force apart from the rest of the state
(issue 22): opening a campaign with 1,000 corrections decoded two snapshots of
1,000 stand-ins each and compared them. The state read back must be the state
written, a snapshot of the layout before must not be trusted, and snapshots
holding the same corrections share one decoded dict."""

from __future__ import annotations

import msgspec
import pytest

from tracker.core.campaign import AddNote
from tracker.core.timeline.fold import Timeline
from tracker.service import Campaign
from tracker.store import sqlite as store_mod
from tracker.store.sqlite import EventStore, snapshot_engine


@pytest.fixture
def corrected(tmp_path):
    """A campaign of three notes, the first two corrected."""
    c = Campaign.create(tmp_path, "c", "dyb-og-drager", 1)
    for i in range(3):
        c.dispatch(AddNote(f"note {i}"))
    for seq in (2, 3):
        c.dispatch(c.amend_command(seq, fields={"text": f"note at #{seq}, corrected"}))
    c.dispatch(AddNote("after"))
    yield c
    c.close()


def test_a_snapshot_reads_back_the_state_with_its_corrections(corrected):
    c = corrected
    assert len(c.state.corrections) == 2
    store = c.store
    store.save_snapshot(c.seq, c.state)
    fresh = EventStore.open(store.path)
    seq, state = fresh.nearest_snapshot(c.seq)
    fresh.close()
    assert seq == c.seq
    assert state == c.state
    assert state == Timeline(store.read).state_at(c.seq)  # and equals a full replay


def test_snapshots_holding_the_same_corrections_share_one_decoded_dict(corrected):
    c = corrected
    c.store.save_snapshot(c.seq - 1, c.timeline.state_at(c.seq - 1))
    c.store.save_snapshot(c.seq, c.state)
    fresh = EventStore.open(c.store.path)
    _, at_head = fresh.nearest_snapshot(c.seq)
    _, before = fresh.nearest_snapshot(c.seq - 1)
    fresh.close()
    assert at_head.corrections == before.corrections
    assert at_head.corrections is before.corrections  # decoded once


def test_a_snapshot_of_the_layout_before_is_passed_over(corrected, monkeypatch):
    """The old layout (the whole state, corrections inside, no fourth field)
    had its own engine fingerprint; one written under today's fingerprint but
    in the old layout (forged) cannot be read, and is passed over too."""
    c = corrected

    class Before(msgspec.Struct, array_like=True):
        seq: int
        command_id: str
        state: store_mod.State

    old = msgspec.json.encode(msgspec.json.schema(Before))
    now = msgspec.json.encode(msgspec.json.schema(store_mod.Snapshot))
    assert old != now  # so snapshot_engine() (a hash of it) moved with the layout
    (cid,) = c.store.conn.execute("SELECT command_id FROM events WHERE seq = ?",
                                  (c.seq,)).fetchone()
    blob = msgspec.msgpack.encode(Before(c.seq, cid, c.state))
    c.store.conn.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?, ?)",
                         (c.seq, snapshot_engine(), c.state.ruleset.hash, blob))
    assert c.store.nearest_snapshot(c.seq) is None
    reopened = Campaign.open(c.store.path.parent, "c")
    assert reopened.state == c.state
    reopened.close()
