"""The log screen's list, extended by the entries a keystroke adds, equals the
list built whole (issue 22): undo and redo marks on older entries, and a
correction or rewind rebuilt whole."""

from __future__ import annotations

import sys
from pathlib import Path

from tracker.core.campaign import AddNote
from tracker.history import entries, extended
from tracker.service import Campaign, LogReader

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from mixed import generate_mixed  # noqa: E402


def _seen(es):
    return [e.as_json() for e in es]


def _grow_one_by_one(path: Path, start: int) -> tuple[int, int]:
    """Extend entry by entry from ``start``, as the screen does after each
    keystroke; every list must equal the whole rebuild. Returns how many steps
    were extended and how many rebuilt whole."""
    grown = rebuilt = 0
    with LogReader(path) as log:
        envs = list(log.read())
        shown = entries(envs[:start], log.timeline)
        for k in range(start + 1, len(envs) + 1):
            got = extended(shown, envs[len(shown):k], log.timeline, log.state_at(len(shown)))
            whole = entries(envs[:k], log.timeline)
            if got is None:
                rebuilt += 1
                got = whole
            else:
                grown += 1
            assert _seen(got) == _seen(whole), f"after entry #{k}"
            shown = got
    return grown, rebuilt


def test_a_mixed_campaign_grown_entry_by_entry_equals_the_whole_list(tmp_path):
    saves = generate_mixed(260, tmp_path)  # turns, travel, chase, bastion, corrections, undos
    grown, rebuilt = _grow_one_by_one(saves / "bench.campaign", 120)
    assert grown > 0 and rebuilt > 0  # both paths were taken


def test_undo_and_redo_mark_the_older_entries(tmp_path):
    c = Campaign.create(tmp_path, "u", "dyb-og-drager", 1)
    for i in range(4):
        c.dispatch(AddNote(f"note {i}"))
    start = c.seq
    c.undo()
    c.undo()
    c.redo()
    c.dispatch(AddNote("after"))  # clears the redo stack
    c.undo()
    c.close()
    grown, rebuilt = _grow_one_by_one(tmp_path / "u.campaign", start)
    assert (grown, rebuilt) == (5, 0)
    with LogReader(tmp_path / "u.campaign") as log:
        marks = [e.undone for e in entries(list(log.read()), log.timeline)]
    assert marks[start - 1] and not marks[start - 2]  # note 3 undone; note 2 undone, then redone
