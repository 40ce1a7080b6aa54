"""Snapshots write the ruleset, the corrections in force and the redo stack
apart from the rest of the state (issue 22, benchmark 6): an open decodes the
ruleset once however many snapshots it reads, and leaves the corrections and
the redo stack undecoded until something reads them
(core/timeline/undecoded.py). What it reads back must be what a full replay
gives; the undecoded parts must behave exactly as the dict and the tuple they
stand for; a snapshot of the layout before is passed over; and opening writes
nothing when the snapshots are fresh."""

from __future__ import annotations

import copy
import hashlib

import msgspec
from hypothesis import given, settings, strategies as st

from tracker.core.campaign import AddNote
from tracker.core.state import CommandRef
from tracker.core.timeline import undecoded as und
from tracker.core.timeline.entries import Redo, Undo
from tracker.core.timeline.fold import Timeline
from tracker.core.timeline.model import Raw
from tracker.service import Campaign
from tracker.store import sqlite as store_mod
from tracker.store.sqlite import EventStore, snapshot_engine


def _campaign(tmp_path, corrections: int = 3, undos: int = 3) -> Campaign:
    """Notes each corrected right after it, then notes undone in a row."""
    c = Campaign.create(tmp_path, "c", "dyb-og-drager", 1)
    for i in range(corrections):
        c.dispatch(AddNote(f"note {i}"))
        c.dispatch(c.amend_command(c.seq, fields={"text": f"note {i}, corrected"}))
    for i in range(undos):
        c.dispatch(AddNote(f"undone {i}"))
    for _ in range(undos):
        c.dispatch(Undo())
    return c


def _snapshot_everywhere(c: Campaign) -> None:
    for seq in range(1, c.seq + 1):
        assert c.store.save_snapshot(seq, c.timeline.state_at(seq)) == ""


def test_an_open_leaves_the_corrections_and_the_redo_stack_undecoded(tmp_path):
    c = _campaign(tmp_path)
    _snapshot_everywhere(c)
    c.close()
    again = Campaign.open(tmp_path, "c")
    state = again.state
    assert type(state.corrections) is und.UndecodedCorrections
    assert type(state.redo) is und.UndecodedRedo
    assert state.corrections._dict is None and state.redo._refs is None
    full = Timeline(again.store.read).state_at(again.seq)
    assert state == full and full == state  # compared, they are decoded
    assert len(state.corrections) == 3 and len(state.redo) == 3
    assert dict(state.corrections) == full.corrections and tuple(state.redo) == full.redo
    again.close()


def test_a_correction_and_an_undo_at_the_tail_keep_the_others_undecoded(tmp_path):
    """The last two entries, a correction of the note before it and an undo,
    replayed from the snapshot before them: the corrections in force stay
    bytes with the new one on top, the redo stack bytes with one more."""
    c = _campaign(tmp_path, corrections=3, undos=2)
    c.dispatch(AddNote("last"))
    c.dispatch(c.amend_command(c.seq, fields={"text": "last, corrected"}))
    head = c.seq
    for seq in range(1, head):
        assert c.store.save_snapshot(seq, c.timeline.state_at(seq)) == ""
    c.close()
    again = Campaign.open(tmp_path, "c")
    corrections = again.state.corrections
    assert type(corrections) is und.UndecodedCorrections and corrections._dict is None
    assert list(corrections.plus) == [head - 1]
    assert again.state == Timeline(again.store.read).state_at(head)
    for command in (Undo(), Redo(), Undo(), Undo(), Redo()):  # the correction taken back...
        again.dispatch(command)
        assert again.state == Timeline(again.store.read).state_at(again.seq)
    again.close()


def test_snapshots_holding_the_same_ruleset_decode_it_once(tmp_path):
    c = _campaign(tmp_path)
    _snapshot_everywhere(c)
    fresh = EventStore.open(c.store.path)
    _, at_head = fresh.nearest_snapshot(c.seq)
    _, before = fresh.nearest_snapshot(2)
    fresh.close()
    assert at_head.ruleset == before.ruleset == c.state.ruleset
    assert at_head.ruleset is before.ruleset  # decoded once
    c.close()


def _snapshot_rows(path) -> str:
    store = EventStore.open(path, readonly=True)
    rows = store.conn.execute("SELECT * FROM snapshots ORDER BY seq").fetchall()
    store.close()
    return hashlib.sha256(repr(rows).encode()).hexdigest()


def test_an_open_of_fresh_snapshots_writes_nothing(tmp_path):
    c = _campaign(tmp_path)
    _snapshot_everywhere(c)
    c.close()
    before = _snapshot_rows(tmp_path / "c.campaign")
    Campaign.open(tmp_path, "c").close()
    assert _snapshot_rows(tmp_path / "c.campaign") == before


def test_a_snapshot_of_the_layout_before_is_passed_over(tmp_path):
    """The layout before this one (the whole state but its corrections, which
    were a fourth field) had its own fingerprint; one forged under today's
    fingerprint cannot be read as today's, and is passed over and rebuilt."""
    c = _campaign(tmp_path)

    class Before(msgspec.Struct, array_like=True):
        seq: int
        command_id: str
        state: store_mod.State
        corrections: msgspec.Raw

    old = msgspec.json.encode(msgspec.json.schema(Before))
    now = msgspec.json.encode(msgspec.json.schema(
        tuple[store_mod.Snapshot, store_mod.LoadedRuleset, store_mod.State]))
    assert old != now  # so snapshot_engine() (a hash of it) moved with the layout
    (cid,) = c.store.conn.execute("SELECT command_id FROM events WHERE seq = ?",
                                  (c.seq,)).fetchone()
    state = c.state
    blob = msgspec.msgpack.encode(Before(
        c.seq, cid, msgspec.structs.replace(state, corrections={}),
        msgspec.Raw(msgspec.msgpack.encode(und.plain(state.corrections)))))
    c.store.conn.execute("DELETE FROM snapshots")
    c.store.conn.execute("INSERT INTO snapshots VALUES (?, ?, ?, ?)",
                         (c.seq, snapshot_engine(), state.ruleset.hash, blob))
    assert c.store.nearest_snapshot(c.seq) is None
    c.close()
    again = Campaign.open(tmp_path, "c")
    assert again.state == state and again.store.snapshot_in_use == 0
    again.close()


# -- the undecoded parts behave as the dict and the tuple they stand for ----------

raws = st.lists(st.builds(Raw, st.sampled_from(["note_added", "turn_advanced"]),
                          st.integers(1, 3), st.text(max_size=8)),
                min_size=1, max_size=3).map(tuple)
corrections = st.dictionaries(st.integers(1, 60), raws, min_size=1, max_size=12)
refs = st.builds(CommandRef, st.text("abcdef0123", min_size=1, max_size=6),
                 st.integers(1, 99), st.integers(1, 99), st.sampled_from(["note added", "x"]))


@settings(max_examples=200, deadline=None)
@given(corrections, st.lists(st.tuples(st.integers(1, 80), raws), max_size=4),
       st.integers(0, 90))
def test_undecoded_corrections_are_the_dict(base, added, probe):
    raw, first, last = und.encoded_corrections(base)
    lazy, plain = und.UndecodedCorrections(raw, first, last), dict(base)
    for seq, events in added:  # corrections made since, as ``step`` adds them
        lazy, plain = und.with_correction(lazy, seq, events), {**plain, seq: events}
    assert und.earliest(lazy) == min(plain)
    assert lazy.get(probe) == plain.get(probe) and (probe in lazy) == (probe in plain)
    for seq in plain:
        assert lazy[seq] == plain[seq]
    assert lazy == plain and plain == lazy and not (lazy != plain)
    assert list(lazy.items()) == list(plain.items()) and len(lazy) == len(plain)
    assert dict(lazy) == plain and copy.deepcopy(lazy) == plain
    assert msgspec.msgpack.decode(und.encoded_corrections(lazy)[0]) == \
        msgspec.msgpack.decode(msgspec.msgpack.encode(plain))
    assert und.encoded_corrections(lazy)[1:] == (min(plain), max(plain))


@settings(max_examples=200, deadline=None)
@given(st.lists(refs, min_size=1, max_size=8),
       st.lists(st.one_of(st.just("redo"), refs), max_size=8))
def test_undecoded_redo_is_the_tuple(base, moves):
    """Undos push a command on the stack (``(ref,) + redo``), redos pop it
    (``redo[1:]``), as ``fold.step`` does."""
    lazy, plain = und.UndecodedRedo(und.encoded_redo(tuple(base))), tuple(base)
    for move in moves:
        if move == "redo":
            if not plain:
                break
            assert lazy[0] == plain[0]
            lazy, plain = lazy[1:], plain[1:]
        else:
            lazy, plain = (move,) + lazy, (move,) + plain
        assert bool(lazy) == bool(plain)
    assert lazy == plain and plain == lazy and tuple(lazy) == plain
    assert len(lazy) == len(plain) and list(lazy) == list(plain)
    if plain:
        assert lazy[0] == plain[0] and lazy[-1] == plain[-1] and lazy[1:] == plain[1:]
    assert copy.deepcopy(lazy) == plain
    assert msgspec.msgpack.decode(und.encoded_redo(lazy), type=tuple[CommandRef, ...]) == plain
