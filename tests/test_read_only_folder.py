"""A saves folder that cannot be written (a read-only mount, a folder without
write permission): its healthy campaigns read as healthy, every read-only
command works, every write is refused in one line naming the folder, and
nothing in it changes. "Damaged" is said only when the bytes are.

The folder is made read-only for real: by permissions when the tests do not
run as root (root writes through them), else by a read-only bind mount of
the folder (root only; the tests are skipped where mounting is refused)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tracker.core.campaign import AddNote
from tracker.service import Campaign, open_reader

CLI = [sys.executable, "-m", "tracker.cli", "--lang", "en"]


def _tracker(saves: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, "--saves", str(saves), *args], capture_output=True,
                          text=True, timeout=120)


@pytest.fixture
def src(tmp_path):
    d = tmp_path / "src"
    d.mkdir()
    c = Campaign.create(d, "app", "dolmenwood", 1)
    c.dispatch(AddNote("before the folder was locked"))
    c.close()
    return d


@pytest.fixture
def read_only(src, tmp_path):
    """``src`` seen through a folder that cannot be written."""
    if os.geteuid() != 0:
        os.chmod(src, 0o555)
        yield src
        os.chmod(src, 0o755)
        return
    ro = tmp_path / "ro"
    ro.mkdir()
    if subprocess.run(["mount", "--bind", str(src), str(ro)], capture_output=True).returncode:
        pytest.skip("a read-only folder needs a bind mount here, and mounting is refused")
    try:
        subprocess.run(["mount", "-o", "remount,ro,bind", str(ro)], check=True,
                       capture_output=True)
        yield ro
    finally:
        subprocess.run(["umount", str(ro)], check=True)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.mark.parametrize("args", [["log", "app"], ["state", "app"], ["export", "app"],
                                  ["export", "app", "--format", "markdown"], ["list"]])
def test_read_only_commands_read_a_healthy_campaign_as_healthy(src, read_only, args):
    before = _files(src)
    got = _tracker(read_only, *args)
    assert got.returncode == 0 and got.stderr == "", got.stderr
    assert got.stdout == _tracker(src, *args).stdout  # what the writable folder says
    assert "damaged" not in got.stdout.lower()
    assert _files(src) == before


@pytest.mark.parametrize("args", [["do", "app", "note", "more"], ["undo", "app"],
                                  ["new", "b", "--ruleset", "dolmenwood"]])
def test_writes_are_refused_naming_the_read_only_folder(src, read_only, args):
    before = _files(src)
    got = _tracker(read_only, *args)
    assert got.returncode == 1
    line = f"tracker: the saves folder {read_only} is read-only"
    assert got.stderr.startswith(line) and got.stderr.count("\n") == 1, got.stderr
    assert "damaged" not in got.stderr
    assert _files(src) == before


def test_import_into_a_read_only_folder_is_refused_by_name(src, read_only, tmp_path):
    backup = tmp_path / "app.jsonl"
    assert _tracker(src, "export", "app", "-o", str(backup)).returncode == 0
    got = _tracker(read_only, "import", str(backup), "copy")
    assert got.returncode == 1 and "is read-only" in got.stderr and "damaged" not in got.stderr
    assert not (src / "copy.campaign").exists()


def test_entries_a_live_writer_holds_in_its_wal_are_read(src, read_only):
    """The GM plays in a folder the players' view sees read-only: the newest
    entries are still in the -wal, and are read through the -wal and -shm."""
    c = Campaign.open(src, "app")
    try:
        c.dispatch(AddNote("only in the WAL so far"))
        assert (src / "app.campaign-wal").stat().st_size > 0
        got = _tracker(read_only, "log", "app")
        assert got.returncode == 0, got.stderr
        assert "only in the WAL so far" in got.stdout
        with open_reader(read_only, "app") as reader:  # `tracker serve`'s reader
            assert reader.head() == c.seq
    finally:
        c.close()


def test_a_wal_that_cannot_be_read_is_said_so_not_called_damaged(src, tmp_path):
    """Entries in a -wal without its -shm, in a folder that cannot be written:
    SQLite cannot read them, and showing the log without them would hide
    acknowledged entries; the refusal says why."""
    c = Campaign.open(src, "app")
    c.dispatch(AddNote("in the WAL"))
    copy = tmp_path / "copy"
    copy.mkdir()
    for name in ("app.campaign", "app.campaign-wal"):  # as a crash, copied without the -shm
        shutil.copy(src / name, copy / name)
    c.close()
    if os.geteuid() != 0:
        os.chmod(copy, 0o555)
        target = copy
    else:
        target = tmp_path / "copy-ro"
        target.mkdir()
        if subprocess.run(["mount", "--bind", str(copy), str(target)],
                          capture_output=True).returncode:
            pytest.skip("mounting is refused here")
        subprocess.run(["mount", "-o", "remount,ro,bind", str(target)], check=True)
    try:
        got = _tracker(target, "log", "app")
        assert got.returncode == 1
        assert got.stderr.startswith(f"tracker: the saves folder {target} is read-only")
        assert "app.campaign-wal" in got.stderr and "damaged" not in got.stderr
    finally:
        if target != copy:
            subprocess.run(["umount", str(target)], check=True)
        else:
            os.chmod(copy, 0o755)
    # where the folder can be written it opens whole, the WAL's entry with it
    assert "in the WAL" in _tracker(copy, "log", "app").stdout


def test_damaged_bytes_in_a_read_only_folder_are_still_called_damaged(src, read_only):
    data = (src / "app.campaign").read_bytes()
    damaged = src / "bad.campaign"
    # the read-only view shows the same folder: write it through the writable path
    damaged.write_bytes(data[:4096] + b"\xff" * 4096 + data[8192:])
    got = _tracker(read_only, "log", "bad")
    assert got.returncode == 1 and "damaged" in got.stderr, got.stderr


async def test_the_app_says_the_folder_is_read_only_and_offers_no_session(src, read_only):
    from support.pilot import settle
    from tracker.ui.app import TrackerApp

    before = _files(src)
    app = TrackerApp(read_only, "app")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        shown = [n.message for n in app._notifications]
        assert any(f"the saves folder {read_only} is read-only" in m for m in shown), shown
        assert "Start session" not in str(app.screen_stack)
        assert app.campaign.state.session == 0
    assert _files(src) == before


@pytest.mark.parametrize("lang, words", [("da", "gemmemappen"), ("uk", "тека збережень")])
def test_the_refusal_reads_in_the_asked_language(src, read_only, lang, words):
    got = subprocess.run([sys.executable, "-m", "tracker.cli", "--lang", lang, "--saves",
                          str(read_only), "do", "app", "note", "x"], capture_output=True,
                         text=True, timeout=120)
    assert got.returncode == 1 and words in got.stderr and "read-only" not in got.stderr
