"""The head check of optimistic concurrency, now made by the first row's own
INSERT (issue 22, fourth pass: one statement less a keystroke): its meaning is
kept. A command is written only if the log still ends exactly where the
command was decided, all its rows or none, and a refusal names where the log
really ends."""

from __future__ import annotations

import pytest

from tracker.core.campaign import AddNote
from tracker.core.party import AddCharacter, CharacterAdded
from tracker.service import Campaign
from tracker.store.sqlite import ConcurrentWrite


def _rows(c: Campaign) -> list[tuple]:
    return list(c.store.rows())


def test_a_log_that_grew_elsewhere_refuses_every_row_of_a_command(make, saves):
    a = make()
    b = Campaign.open(saves, "c")
    a.dispatch(AddNote("elsewhere"))
    before = _rows(a)
    events = [CharacterAdded("Ana"), CharacterAdded("Bo")]  # one command, two rows
    with pytest.raises(ConcurrentWrite, match=rf"log at {a.seq}, expected {b.seq}"):
        b.store.append(b.seq, "cid", 0, events)
    assert _rows(a) == before and not b.store.conn.in_transaction
    b.close()


@pytest.mark.parametrize("off", [-1, 1, 5])
def test_a_head_other_than_the_log_s_end_writes_nothing(make, off):
    """Behind the log (another writer) or past it (a log shorter than the one
    decided on: a file put back from a copy): neither leaves a gap or a row."""
    c = make()
    c.dispatch(AddCharacter("Ana"))
    before = _rows(c)
    with pytest.raises(ConcurrentWrite, match=rf"log at {c.seq}, expected {c.seq + off}"):
        c.store.append(c.seq + off, "cid", 0, [CharacterAdded("Bo")])
    assert _rows(c) == before and not c.store.conn.in_transaction
    assert c.store.head() == c.seq


def test_the_log_s_own_head_writes_every_row_in_order(make):
    c = make()
    envs = c.store.append(c.seq, "cid", 3, [CharacterAdded("Ana"), CharacterAdded("Bo")])
    assert [e.seq for e in envs] == [c.seq + 1, c.seq + 2]
    rows = _rows(c)[-2:]
    assert [(r[0], r[4], r[5]) for r in rows] == [(c.seq + 1, "cid", 3), (c.seq + 2, "cid", 3)]
    assert c.store.head() == c.seq + 2


def test_an_entry_s_time_reads_as_datetime_wrote_it():
    """``_now`` makes the text up to the second once a second (issue 22, eighth
    pass): the same format, UTC, to the millisecond, and the time it is."""
    import datetime as dt
    import re
    import time

    from tracker.store.sqlite import _now

    for _ in range(3):
        lo = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
        got = _now()
        hi = dt.datetime.now(dt.timezone.utc)
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", got)
        assert lo <= dt.datetime.fromisoformat(got) <= hi
        time.sleep(0.4)


def test_each_row_s_envelope_is_what_was_written(make):
    c = make()
    envs = c.store.append(c.seq, "cid", 0, [CharacterAdded("Ana"), CharacterAdded("Bo")])
    rows = _rows(c)[-2:]
    assert [(e.seq, e.type, e.version, e.command_id, e.session, e.recorded_at) for e in envs] == \
        [(r[0], r[1], r[2], r[4], r[5], r[6]) for r in rows]
    assert [e.event for e in envs] == [CharacterAdded("Ana"), CharacterAdded("Bo")]
