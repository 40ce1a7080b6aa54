"""Damaged, foreign and odd campaign files: every read path says the file is
damaged and how far it is good, never a traceback; nothing is written to a
file that is not ours."""

from __future__ import annotations

import os
import sqlite3

import pytest

from tracker.cli import main
from tracker.core.campaign import AddNote
from tracker.core.party import AddCharacter
from tracker.service import Campaign, list_campaigns
from tracker.store import sqlite as store_mod


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


@pytest.fixture
def notes(saves):
    """A campaign of 1 + 300 notes, closed (checkpointed into the main file)."""
    c = Campaign.create(saves, "c", "dyb-og-drager", 1)
    for i in range(300):
        c.dispatch(AddNote(f"note {i} " + "x" * 200))
    c.close()
    return saves / "c.campaign"


def _sql(path, *statements):
    db = sqlite3.connect(path)
    for s in statements:
        db.execute(s)
    db.commit()
    db.close()


def _every_read_path_says_damaged(capsys, saves, last_good=None):
    for argv in (["state", "c", "--json"], ["log", "c"], ["do", "c", "note", "x"]):
        code, out = run(capsys, *argv)
        assert code == 1, (argv, out)
        assert "c.campaign is damaged" in out and "Traceback" not in out, (argv, out)
        if last_good is not None:
            assert f"the last good entry is #{last_good}" in out, (argv, out)
    [info] = list_campaigns(saves)
    assert "damaged" in info.error


def test_a_scribbled_page(capsys, notes, saves):
    pages = notes.stat().st_size // 4096
    with open(notes, "r+b") as f:  # the test's own process has no connection open
        f.seek(pages // 3 * 4096)
        f.write(os.urandom(4096 * (pages // 3)))
    _every_read_path_says_damaged(capsys, saves)


def test_text_that_is_not_utf8(capsys, notes, saves):
    _sql(notes, "UPDATE events SET data = CAST(x'7b22ff22fe7d' AS TEXT) WHERE seq = 120")
    _every_read_path_says_damaged(capsys, saves, last_good=119)


@pytest.mark.parametrize("damage", [
    "UPDATE events SET data = CAST(data AS BLOB) WHERE seq = 120",  # the right JSON, as bytes
    "UPDATE events SET data = 7 WHERE seq = 120",
    "UPDATE events SET version = 'one' WHERE seq = 120",
])
def test_columns_holding_the_wrong_kind_of_value(capsys, notes, saves, damage):
    _sql(notes, damage)
    _every_read_path_says_damaged(capsys, saves, last_good=119)


def test_a_missing_entry(capsys, notes, saves):
    _sql(notes, "DELETE FROM events WHERE seq = 50")
    _every_read_path_says_damaged(capsys, saves, last_good=49)


def test_an_entry_that_decodes_but_does_not_replay(capsys, notes, saves):
    _sql(notes, "UPDATE events SET type = 'damage_taken', "
                "data = '{\"name\":\"Nobody\",\"amount\":3}' WHERE seq = 200")
    code, out = run(capsys, "state", "c", "--json")
    assert code == 1 and "is damaged" in out and "last good entry is #199" in out


def test_our_file_with_its_tables_missing(capsys, notes, saves):
    _sql(notes, "DROP TABLE events")
    code, out = run(capsys, "state", "c", "--json")
    assert code == 1 and "has no events table" in out


def test_the_snapshot_cache_may_be_lost_or_wrong(capsys, saves, monkeypatch):
    from tracker import service
    monkeypatch.setattr(service, "SNAPSHOT_EVERY", 50)
    c = Campaign.create(saves, "c", "dyb-og-drager", 1)
    c.dispatch(AddCharacter("Bo"))
    for i in range(120):
        c.dispatch(AddNote(f"n{i}"))
    want = c.state
    c.close()
    path = saves / "c.campaign"
    for damage in ("UPDATE snapshots SET seq = seq - 7",  # moved: must not be trusted
                   "UPDATE snapshots SET state = CAST(state AS TEXT)",
                   "UPDATE snapshots SET state = x'00'",
                   "DROP TABLE snapshots"):
        _sql(path, damage)
        c = Campaign.open(saves, "c")
        assert c.state == want, damage
        c.close()


def test_list_never_writes_to_a_foreign_file_and_never_hangs(saves):
    foreign = saves / "theirs.campaign"
    _sql(foreign, "CREATE TABLE t (x)")
    before = foreign.read_bytes()
    os.mkfifo(saves / "pipe.campaign")
    (saves / "empty.campaign").write_bytes(b"")
    found = {i.name: i.error for i in list_campaigns(saves)}
    assert "not a tracker campaign" in found["theirs"]
    assert "not a regular file" in found["pipe"]
    assert "empty" in found["empty"]
    assert foreign.read_bytes() == before  # still a rollback-journal file, untouched
    assert not (saves / "theirs.campaign-wal").exists()


def test_a_campaign_that_cannot_be_written_can_still_be_read(capsys, notes, saves, monkeypatch):
    monkeypatch.setattr(store_mod.os, "access", lambda *a: False)  # as for a read-only folder
    code, out = run(capsys, "state", "c", "--json")
    assert code == 0 and '"notes": 300' in out.replace(" ", "").replace('":', '": ')
    code, out = run(capsys, "do", "c", "note", "hello")
    assert code == 1 and "read-only" in out
    [info] = list_campaigns(saves)
    assert info.error == "" and info.events == 301


@pytest.mark.parametrize("line, message", [
    ('{"seq": ' + "9" * 4400 + "}", "not an event"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"seq": 1, "data": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
])
def test_hostile_import_lines_are_refused(capsys, saves, tmp_path, line, message):
    p = tmp_path / "x.jsonl"
    p.write_text(line + "\n")
    code, out = run(capsys, "import", str(p), "x")
    assert code == 1 and message in out and "Traceback" not in out
    assert not (saves / "x.campaign").exists()


def test_importing_what_is_not_a_file_returns(capsys, saves):
    code, out = run(capsys, "import", "/dev/zero", "x")
    assert code == 1 and "not a regular file" in out


def test_export_keeps_the_good_entries_of_a_damaged_campaign(notes):
    from tracker.store.jsonl import export_lines
    from tracker.store.sqlite import Damaged, EventStore
    _sql(notes, "DELETE FROM events WHERE seq = 50")
    store = EventStore.open(notes)
    got = []
    with pytest.raises(Damaged) as e:
        for line in export_lines(store):
            got.append(line)
    store.close()
    assert len(got) == 49 and e.value.last_good == 49


def test_cli_export_saves_the_good_entries_and_import_takes_them(capsys, notes, saves, tmp_path):
    _sql(notes, "UPDATE events SET data = CAST(x'7b22ff22fe7d' AS TEXT) WHERE seq = 120")
    out_file = tmp_path / "good.jsonl"
    code, out = run(capsys, "export", "c", "-o", str(out_file))
    assert code == 1 and "entries 1 to 119 were written" in out
    assert len(out_file.read_text().splitlines()) == 119
    assert run(capsys, "import", str(out_file), "rescued")[0] == 0
    code, out = run(capsys, "import", str(out_file), "RESCUED")
    assert code == 1 and "differs only in case" in out
