"""The log screen's whole list from lean rows (issue 22, eighth pass): each
entry's command id and time recorded come from two strings the store makes
(``id_columns``), not two strings per row; equal row data decodes to one
event, and equal events under the same rules share one line. The list reads
exactly as from the store's whole rows."""

from __future__ import annotations

import sqlite3

from tracker.history import (Ids, Settling, describe_all, entries, listed_rows, rows_read,
                             sketch_rows)
from tracker.service import Campaign, LogReader

from support.campaigns import long_delve as _delve


def _undo_some(saves) -> None:
    c = Campaign.open(saves, "d")
    try:
        c.undo()
        c.undo()
        c.redo()
    finally:
        c.close()


def _listed(path):
    with LogReader(path) as log:
        head = log.head()
        rows, ids = listed_rows(log, head)
        assert ids is not None and ids.ids is None  # read when first asked for
        quick = sketch_rows(rows, log.decoded, (), ids)
        assert Settling(quick, rows_read(rows, quick), log.timeline,
                        log.state_at(head)).settle_all()
        describe_all(quick, batch=10**9)
        whole = entries(list(log.read()), log.timeline)
        full = list(log.rows())
    return quick, whole, full


def test_lean_rows_list_as_the_whole_rows(tmp_path):
    _delve(tmp_path, 60)
    _undo_some(tmp_path)
    quick, whole, full = _listed(tmp_path / "d.campaign")
    assert any(e.undone for e in quick)
    assert [e.as_json() for e in quick] == [e.as_json() for e in whole]
    assert [(e.command_id, e.recorded_at) for e in quick] == [(r[4], r[6]) for r in full]
    assert isinstance(quick[0]._ids, Ids) and quick[0]._ids.id_width > 0  # two strings


def test_ids_of_other_widths_are_read_with_the_whole_rows(tmp_path):
    _delve(tmp_path, 30)
    db = sqlite3.connect(tmp_path / "d.campaign")
    db.execute("UPDATE events SET command_id = 'short' WHERE seq = 5")  # an imported id, say
    db.commit()
    db.close()
    quick, whole, full = _listed(tmp_path / "d.campaign")
    assert quick[4].command_id == "short" and quick[0]._ids.id_width == 0  # each apart
    assert [e.as_json() for e in quick] == [e.as_json() for e in whole]


def test_equal_data_is_one_event_and_equal_events_one_line(tmp_path):
    _delve(tmp_path, 60)
    quick, whole, _ = _listed(tmp_path / "d.campaign")
    turns = [e for e in quick if e.type == "turn_advanced"]
    assert len({id(e.event) for e in turns}) < len(turns)  # shared, not one each
    by_event = {}
    for e in quick:
        if e.rules is not None:
            by_event.setdefault((id(e.event), id(e.rules)), set()).add(id(e.line))
    assert len(by_event) < len(quick)
    assert [e.line for e in quick] == [e.line for e in whole]


def test_entries_not_in_a_run_keep_their_ids(tmp_path):
    from tracker.history import _from_events

    _delve(tmp_path, 10)
    with LogReader(tmp_path / "d.campaign") as log:
        some = [env for env in log.read() if env.seq in (2, 5, 8)]
    listed = _from_events(some)
    assert [(e.seq, e.command_id, e.recorded_at) for e in listed] == \
        [(env.seq, env.command_id, env.recorded_at) for env in some]


# -- the store's columns (ninth pass) ---------------------------------------------------


def test_the_store_columns_list_as_the_whole_rows(tmp_path):
    """The list read from the store's columns (one string a column) reads as
    a whole replay, its undone entries found by the command id's index as by
    asking each entry; and the same with no store to ask (``Ids.finder``)."""
    from tracker.history import Columns

    _delve(tmp_path, 60)
    _undo_some(tmp_path)
    path = tmp_path / "d.campaign"
    with LogReader(path) as log:
        rows, ids = listed_rows(log, log.head())
        assert isinstance(rows, Columns) and ids.finder is not None
        by_index = sketch_rows(rows, log.decoded, (), ids)
        assert ids.ids is None  # the undone found without the ids
        ids.fill()
        alone = sketch_rows(rows, log.decoded, (), Ids(1, ids.ids, ids.id_width, ids.times,
                                                       ids.time_width))
    assert [e.undone for e in by_index] == [e.undone for e in alone]
    assert sum(e.undone for e in by_index) > 1
    quick, whole, full = _listed(path)
    assert [e.as_json() for e in quick] == [e.as_json() for e in whole]


def _odd(tmp_path, sql: str) -> list:
    """The lists of a log with one row made odd by ``sql``: from ``listed_rows``
    and from the store's whole rows, each as far as it gets (a damaged row
    fails the settle as the whole rows' does)."""
    _delve(tmp_path, 20)
    db = sqlite3.connect(tmp_path / "d.campaign")
    db.execute(sql)
    db.commit()
    db.close()
    out = []
    with LogReader(tmp_path / "d.campaign") as log:
        head = log.head()
        assert log.listed_columns(1, head) is None  # the columns cannot say it exactly
        for rows, ids in (listed_rows(log, head), (list(log.rows()), None)):
            assert not hasattr(rows, "types")  # rows, not columns
            try:
                quick = sketch_rows(rows, log.decoded, (), ids)
                Settling(quick, rows_read(rows, quick), log.timeline,
                         log.state_at(head)).settle_all()
                out.append([e.as_json() for e in quick])
            except Exception as e:  # noqa: BLE001 - compared: the same failure
                out.append(str(e))
    return out


def test_a_row_the_columns_cannot_hold_is_read_as_rows(tmp_path):
    """Data held as bytes (the store says so, naming the entry), a version that
    is no integer, a type or data holding the columns' separator: each list
    reads from the rows, as the whole rows read it."""
    for sql in ("UPDATE events SET data = CAST(data AS BLOB) WHERE seq = 9",
                "UPDATE events SET version = 'one' WHERE seq = 9",
                "UPDATE events SET type = 'turn,advanced' WHERE seq = 9",
                "UPDATE events SET data = data || char(0) WHERE seq = 9"):
        where = tmp_path / str(abs(hash(sql)))
        lean, whole = _odd(where, sql)
        assert lean == whole, sql
