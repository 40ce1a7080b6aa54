"""Every state a campaign reaches can be cached as a snapshot and read back
(issue 22): the snapshot's msgspec schema must hold every value the state
holds. A value the schema does not admit (a bastion ledger note that is a
ruleset name, a ``Term``, where the schema said text or a message) made
every snapshot of such a campaign fail to decode, and ``nearest_snapshot``
passed them over as stale: each open replayed the whole log and wrote the
snapshots again. So these tests write snapshots through the real store and
check each is *used* (read back at its own seq), not only that replay ends
in the right state, on a mix of every area's commands, the bench's mixed
campaign, and the demo campaigns of every ruleset."""

from __future__ import annotations

import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

from hypothesis import given
from msgspec.structs import replace

from area_checks import SETTINGS
from support import mixes
from tracker.core import bastion as bas
from tracker.core.timeline.fold import Timeline
from tracker.demo import STAGES, build
from tracker.service import Campaign
from tracker.store.sqlite import EventStore

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from mixed import generate_mixed  # noqa: E402 - the bench's own generator

RULESETS = ("dyb-og-drager", "dolmenwood", "dnd-2024")


def _read_back(c: Campaign, seqs) -> None:
    """Write a snapshot of the state at each of ``seqs``, then read each back
    through the store: it must be the one used, and equal the full replay."""
    full = Timeline(c.store.read)
    for seq in seqs:
        assert c.store.save_snapshot(seq, full.state_at(seq)) == ""
    fresh = EventStore.open(c.store.path, readonly=True)
    try:
        for seq in seqs:
            found = fresh.nearest_snapshot(seq)
            assert found is not None and found[0] == seq, f"snapshot at #{seq} passed over"
            assert found[1] == full.state_at(seq), f"snapshot at #{seq} differs"
    finally:
        fresh.conn.close()


def _snapshots(path: Path) -> list[int]:
    conn = sqlite3.connect(path)
    try:
        return [seq for (seq,) in conn.execute("SELECT seq FROM snapshots ORDER BY seq")]
    finally:
        conn.close()


@SETTINGS
@given(mixes.plans)
def test_a_snapshot_after_any_mix_of_entries_is_read_back(plan):
    """D&D 2024 with two bastions, a few weeks run, then a mix of a party, a
    dungeon, chases, travel and more weeks: every state is a usable snapshot."""
    c, saves = mixes.play(*plan)
    try:
        _read_back(c, range(1, c.seq + 1))
    finally:
        c.close()
        shutil.rmtree(saves, ignore_errors=True)


def test_the_mixed_bench_campaign_opens_from_its_snapshot(tmp_path):
    """The bench's mixed campaign (bastion turns among every other area):
    opening it uses the snapshot written at #1000 and writes nothing."""
    saves = generate_mixed(1100, tmp_path)
    written = _snapshots(saves / "bench.campaign")
    assert written and max(written) >= 1000
    c = Campaign.open(saves, "bench")
    try:
        assert c.store.snapshot_in_use == max(written) and not c.warnings
        assert _snapshots(saves / "bench.campaign") == written  # none written again
        assert c.state == Timeline(c.store.read).state_at(c.seq)
        _read_back(c, range(1000, c.seq + 1, 7))
    finally:
        c.close()


def test_every_demo_campaign_state_is_read_back():
    saves = Path(tempfile.mkdtemp(prefix="snapdec-"))
    try:
        for rid in RULESETS:
            for stage in STAGES:
                c = build(saves, f"{rid}-{stage}", rid, stage)
                try:
                    _read_back(c, range(1, c.seq + 1))
                finally:
                    c.close()
    finally:
        shutil.rmtree(saves, ignore_errors=True)


def test_a_state_the_schema_cannot_read_back_is_not_written(tmp_path):
    """Encoding checks no types: a state holding a value its schema does not
    admit is refused when written, with one line saying where, instead of a
    snapshot every open would pass over without a word."""
    c, saves = mixes.play(3, [(bas.MoveGold("Ana", 10),)], [])
    try:
        b = c.state.bastions.all[0]
        bad = replace(b, ledger=b.ledger[:-1] + (replace(b.ledger[-1], note=1.5),))
        state = replace(c.state, bastions=replace(c.state.bastions,
                                                  all=(bad,) + c.state.bastions.all[1:]))
        before = _snapshots(c.store.path)
        problem = c.store.save_snapshot(c.seq, state)
        assert problem.startswith(f"snapshot at #{c.seq} not written (")
        assert "ledger" in problem and "note" in problem
        assert _snapshots(c.store.path) == before
        assert c.store.save_snapshot(c.seq, c.state) == ""  # the true state is written
    finally:
        c.close()
        shutil.rmtree(saves, ignore_errors=True)
