"""`tracker list` (and the picker) change no file: each campaign is opened
read-only, so no WAL switch, table or checkpoint writes a byte or moves an
mtime; campaigns come most recently played first by their log's last
entry, the same order every run, even while one is open in the app."""

from __future__ import annotations

import os
import time

from tracker.cli import main
from tracker.core.party import AddCharacter
from tracker.service import Campaign, list_campaigns


def _files(saves):
    """Every campaign file and WAL, bytes and mtime. The -shm is SQLite's shared
    memory (any reader, the app's own log reader too, marks its place there),
    not part of a campaign, so it is left out."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(saves.iterdir())
            if not p.name.endswith("-shm")}


def _listed(capsys):
    assert main(["list"]) == 0
    return [line.split("\t")[0] for line in capsys.readouterr().out.splitlines()]


def test_list_twice_changes_no_file_and_keeps_its_order(saves, capsys):
    for i, name in enumerate(["old", "mid", "new"]):
        c = Campaign.create(saves, name, "dyb-og-drager", 1)
        c.dispatch(AddCharacter(f"Ana{i}", hp=5))
        c.close()
        time.sleep(0.02)  # each last entry later than the one before
    # an mtime that says otherwise (a copy, a backup restored) does not reorder them
    os.utime(saves / "old.campaign", (time.time() + 3600,) * 2)
    # one played in the app right now: its connection holds a WAL
    live = Campaign.open(saves, "mid")
    live.dispatch(AddCharacter("Bo", hp=5))
    before = _files(saves)
    first = _listed(capsys)
    second = _listed(capsys)
    assert first == second == ["mid", "new", "old"]
    assert _files(saves) == before  # byte for byte, and every mtime
    assert [c.name for c in list_campaigns(saves)] == first
    assert _files(saves) == before
    live.close()


def test_a_campaign_whose_file_is_plain_lists_without_gaining_a_wal(saves, capsys):
    c = Campaign.create(saves, "a", "dnd-2024", 1)
    c.close()
    before = _files(saves)
    _listed(capsys)
    assert _files(saves) == before and not (saves / "a.campaign-wal").exists()
