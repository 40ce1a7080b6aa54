"""The SQLite log: durability rules, bad files, two writers, snapshots, upcasting."""

import sqlite3

import msgspec
import pytest

from tracker.core import events as evmod
from tracker.core.campaign import AddNote
from tracker.core.dungeon import AdvanceTurn, EnterDungeon
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter, CharacterAdded
from tracker.service import SNAPSHOT_EVERY, Campaign
from tracker.store.sqlite import ConcurrentWrite, EventStore, StoreError


def test_events_have_the_full_envelope(make):
    c = make()
    c.dispatch(AddCharacter("Ana"))
    rows = list(c.store.rows())
    assert [r[0] for r in rows] == [1, 2]
    seq, type_, version, data, cid, session, at = rows[1]
    assert (type_, version) == ("character_added", 3)
    assert msgspec.json.decode(data) == {"name": "Ana"}
    assert len(cid) == 32 and session == 0 and at.endswith("+00:00")
    first = msgspec.json.decode(rows[0][3])
    assert first["ruleset_id"] == "dyb-og-drager" and "[dungeon.wandering]" in first["ruleset_toml"]
    assert len(first["ruleset_hash"]) == 64


def test_second_writer_is_refused_and_nothing_interleaves(make, saves):
    a = make()
    b = Campaign.open(saves, "c")
    a.dispatch(AddCharacter("Ana"))
    with pytest.raises(ConcurrentWrite, match="changed by another process"):
        b.dispatch(AddCharacter("Bo"))
    assert [r[3] for r in a.store.rows()][1:] == ['{"name":"Ana"}']
    assert b.refresh() and b.state == a.state
    b.dispatch(AddCharacter("Bo"))  # after catching up it may write
    b.close()


def test_a_retried_command_is_not_applied_twice(make):
    c = make()
    c.dispatch(AddCharacter("Ana"), command_id="abc")
    out = c.dispatch(AddCharacter("Ana"), command_id="abc")
    assert out.replayed and len(c.state.party) == 1 and c.seq == 2


def test_refused_command_changes_nothing(make):
    c = make()
    before, seq = c.state, c.seq
    with pytest.raises(Refused):
        c.dispatch(AdvanceTurn())
    assert c.state == before and c.store.head() == seq


def test_not_sqlite_is_refused(saves):
    (saves / "junk.campaign").write_text("hello, not a database at all")
    with pytest.raises(StoreError, match="not a tracker campaign \\(not an SQLite file\\)"):
        Campaign.open(saves, "junk")


def test_foreign_sqlite_is_refused(saves):
    conn = sqlite3.connect(saves / "other.campaign")
    conn.execute("CREATE TABLE t (x)")
    conn.commit(), conn.close()
    with pytest.raises(StoreError, match="SQLite file but not a tracker campaign"):
        Campaign.open(saves, "other")


def test_newer_format_is_refused(make, saves):
    c = make()
    c.store.conn.execute("PRAGMA user_version = 99")
    c.close()
    with pytest.raises(StoreError, match="newer tracker"):
        Campaign.open(saves, "c")


def test_newer_event_version_is_refused_clearly(make, saves):
    c = make()
    c.store.conn.execute("UPDATE events SET version = 9 WHERE seq = 1")
    c.close()
    with pytest.raises(Refused, match="written by a newer tracker"):
        Campaign.open(saves, "c")


def test_old_event_versions_are_upcast_on_read_not_rewritten(make, saves):
    c = make()
    c.store.conn.execute("INSERT INTO events VALUES (2, 'character_added', 1, ?, 'x', 0, 't')",
                         ('{"name": "Old"}',))
    c.close()
    c = Campaign.open(saves, "c")
    assert c.state.party[0].name == "Old" and c.state.party[0].level == 1
    assert list(c.store.rows(2, 2))[0][2] == 1  # still version 1 in the file
    assert evmod.decode("character_added", 1, b'{"name":"X"}') == CharacterAdded("X", 1)
    c.close()


def test_full_disk_leaves_the_log_intact(make):
    c = make()
    c.dispatch(AddCharacter("Ana"))
    seq = c.seq
    pages = c.store.conn.execute("PRAGMA page_count").fetchone()[0]
    c.store.conn.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StoreError, match="nothing was recorded and the log is intact"):
        c.dispatch(AddNote("x" * 9000))
    assert c.store.head() == seq and len(c.state.party) == 1


def test_snapshots_make_opening_cost_the_tail(make, saves):
    c = make()
    c.dispatch(EnterDungeon())
    for _ in range(SNAPSHOT_EVERY + 10):
        c.dispatch(AdvanceTurn())
    assert c.store.last_snapshot_seq() >= SNAPSHOT_EVERY
    state = c.state
    c.close()
    reads = []
    store = EventStore.open(saves / "c.campaign")
    real = store.read
    store.read = lambda lo=1, hi=None: (reads.append((lo, hi)), real(lo, hi))[1]
    c2 = Campaign(store, "c")
    assert c2.state == state
    assert reads and reads[0][0] > SNAPSHOT_EVERY  # only the tail was read
    c2.close()


def test_a_stale_snapshot_is_ignored(make, saves):
    c = make()
    c.dispatch(AddCharacter("Ana"))
    c.store.conn.execute("INSERT INTO snapshots VALUES (2, 1, 'wrong-hash', x'00')")
    c.close()
    assert Campaign.open(saves, "c").state.party[0].name == "Ana"


def test_equal_data_is_decoded_once_per_read_and_reads_as_decoded(make, monkeypatch):
    """``read`` shares the event of equal data of one type and version (issue 22,
    sixth pass): every entry still reads as its own data decodes, an entry of
    another type with the same data is its own, and the shared events stay few."""
    from tracker.store import sqlite as store_mod
    c = make()
    c.dispatch(AddCharacter("Ana"))
    c.dispatch(EnterDungeon("Deep", 1))
    for activity in ("explore", "rest", "explore", "search", "explore"):
        c.dispatch(AdvanceTurn(1, activity))
    monkeypatch.setattr(store_mod, "_SHARED_EVENTS", 2)  # clear often: the bound is kept
    envs = list(c.store.read())
    for env, row in zip(envs, c.store.rows()):
        assert env.event == evmod.decode(row[1], row[2], row[3])
        assert type(env.event) is evmod.EVENT_TYPES[row[1]]
    explores = [e.event for e in envs if e.type == "turn_advanced" and e.event.activity == "explore"
                and e.event.check is None]
    assert len(explores) >= 2 and len({id(e) for e in explores}) < len(explores)
