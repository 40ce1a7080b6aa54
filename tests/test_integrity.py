"""Nothing lost, nothing bricked: a campaign shared between processes, undo
that costs the same however often it is used, corrections and numbers that
could write an entry the engine cannot replay, an interrupted ``new``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from tracker.core.campaign import AddNote
from tracker.service import Campaign, list_campaigns
from tracker.store.sqlite import EventStore

_OTHER = """
import sys
from pathlib import Path
from tracker.service import Campaign
c = Campaign.open(Path(sys.argv[1]), sys.argv[2])
print(c.seq)
c.close()
"""


def _other_process(saves, name="c") -> int:
    """What `tracker log NAME` does: open the campaign, read it, close it."""
    out = subprocess.run([sys.executable, "-c", _OTHER, str(saves), name],
                         capture_output=True, text=True, check=True)
    return int(out.stdout)


def test_entries_survive_other_processes_reading_the_campaign(make, saves):
    """Issue 8.1: a second handle in the app's process (the log screen) used to
    drop SQLite's locks, so the next reader deleted the WAL under the app."""
    app = make()
    for i in range(3):
        second = EventStore.open(app.store.path)  # as the log screen does
        second.close()
        _other_process(saves)
        app.dispatch(AddNote(f"note {i}"))
    assert _other_process(saves) == app.seq == 4


def test_a_readonly_handle_sets_nothing_on_the_file(make, saves):
    app = make()
    ro = EventStore.open(app.store.path, readonly=True)
    assert ro.head() == 1
    ro.close()
    app.dispatch(AddNote("still here"))
    assert _other_process(saves) == 2


_NEW = """
import sys
from pathlib import Path
from tracker.service import Campaign
Campaign.create(Path(sys.argv[1]), "slain", "dolmenwood", 1).close()
"""


def test_an_interrupted_new_leaves_no_file_that_blocks_the_name(saves):
    """Issue 8.5: `new` killed at random moments never leaves a half-made file."""
    for _ in range(8):
        p = subprocess.Popen([sys.executable, "-c", _NEW, str(saves)])
        deadline = time.monotonic() + 20
        while not os.listdir(saves) and p.poll() is None and time.monotonic() < deadline:
            pass  # kill it the moment its first file appears
        p.send_signal(signal.SIGKILL)
        p.wait()
        path = saves / "slain.campaign"
        if path.exists():  # it finished: the campaign must be whole
            c = Campaign.open(saves, "slain")
            assert c.seq == 1
            c.close()
            path.unlink()
        assert [c.name for c in list_campaigns(saves)] == []
    Campaign.create(saves, "slain", "dolmenwood", 1).close()
    assert [c.name for c in list_campaigns(saves)] == ["slain"]


def test_new_on_an_existing_name_leaves_it_alone(make, saves):
    make()
    before = (saves / "c.campaign").stat().st_size
    with pytest.raises(Exception, match="already exists"):
        Campaign.create(saves, "c", "dolmenwood", 1)
    assert (saves / "c.campaign").stat().st_size == before
    assert sorted(os.listdir(saves))[0].startswith("c.campaign")
