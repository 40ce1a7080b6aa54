"""A snapshot is a cache of the state, and a bastion turn's lines are kept in
the state as English messages (bastion/said.py). When such a message is
renamed ("{n} defender(s) recruited" became "{n} defender recruited" / "{n}
defenders recruited"), a snapshot an older tracker cached holds the old one:
it must be passed over and the state rebuilt by replay, never shown in the old
wording or left untranslated. The campaign is generation g9's D&D 2024 one
with a snapshot after its first bastion turn (#89) cached by 30b4303's own
code (tests/data/old_snapshot/make.py); the log rewinds past it (#93), so the
log's line for #89 and the states after it, to #92, are read from it."""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec

from tracker import cli, i18n
from tracker.core import bastion as bas
from tracker.service import Campaign
from tracker.core.timeline.fold import Timeline
from tracker.store.sqlite import _KEPT, EventStore

OLD = Path(__file__).parent / "data" / "old_snapshot" / "dnd-2024.campaign"
TURN, LAST = 89, 92  # the bastion's first turn (the snapshot follows it), its last


def _opened(tmp_path: Path) -> Campaign:
    shutil.copy(OLD, tmp_path / OLD.name)
    return Campaign.open(tmp_path, "dnd-2024")


def test_the_old_snapshot_is_there_and_was_cached_by_older_code(tmp_path):
    shutil.copy(OLD, tmp_path / OLD.name)
    store = EventStore.open(tmp_path / OLD.name)
    try:
        cached = store.conn.execute("SELECT seq FROM snapshots").fetchall()
        assert cached == [(TURN,)]
        assert store.nearest_snapshot(TURN) is None  # another wording: passed over
    finally:
        store.close()


def test_a_turn_kept_in_an_old_snapshot_reads_in_todays_words(tmp_path):
    c = _opened(tmp_path)
    try:
        results = bas.find(c.timeline.state_at(LAST), "Cy").results
        with i18n.using("en"):
            lines = [line for r in results for line in r.lines]
        assert "Barrack: 4 defenders recruited" in lines
        assert not any("(s)" in line for line in lines)
        with i18n.using("da"):
            da = [line for r in results for line in r.lines]
        assert any("4 forsvarere" in line for line in da), da
        assert not any("recruited" in line for line in da)
    finally:
        c.close()


def test_opening_from_the_old_snapshot_equals_a_full_replay(tmp_path):
    c = _opened(tmp_path)
    try:
        cached, replayed = c.timeline.state_at(LAST), Timeline(c.store.read).state_at(LAST)
        for name in _KEPT:
            assert msgspec.to_builtins(getattr(cached, name)) == \
                msgspec.to_builtins(getattr(replayed, name)), name
    finally:
        c.close()


def test_the_log_says_that_turn_in_todays_words(tmp_path, capsys):
    shutil.copy(OLD, tmp_path / OLD.name)
    for lang, line in (("en", "Bastion turn of Cy: orders #3 recruit; Barrack: 4 defenders "
                               "recruited"),
                       ("da", "Bastionstur for Cy: ordrer #3 Kaserne: Hverv op til 4 forsvarere; "
                              "Kaserne: 4 forsvarere hvervet")):
        assert cli.main(["--saves", str(tmp_path), "--lang", lang, "log", "dnd-2024"]) == 0
        assert line in capsys.readouterr().out
