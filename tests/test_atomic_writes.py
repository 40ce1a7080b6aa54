"""Every file the tracker writes beside the campaign log is written whole or not
at all (tracker/atomic.py): a full disk or a kill midway leaves the file that
was there as it was, and no half file under any name."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from support.pilot import settle

from tracker import atomic
from tracker.cli import main
from tracker.service import Campaign

OLD = "the backup from last week\n" * 200


class _FullDisk:
    """A file whose disk fills after ``room`` characters."""

    def __init__(self, real, room: int):
        self._real, self._room = real, room

    def write(self, text: str) -> int:
        if len(text) > self._room:
            self._real.write(text[:self._room])
            self._room = 0
            self._real.flush()
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self._room -= len(text)
        return self._real.write(text)

    def __getattr__(self, name):
        return getattr(self._real, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._real.close()


@pytest.fixture
def full_disk(monkeypatch):
    """Every file opened from here on fills the disk after 100 characters."""
    real_fdopen, real_open = os.fdopen, open

    def fdopen(fd, *a, **k):
        return _FullDisk(real_fdopen(fd, *a, **k), 100)

    def opened(file, mode="r", *a, **k):
        f = real_open(file, mode, *a, **k)
        return _FullDisk(f, 100) if "w" in mode or "a" in mode else f

    monkeypatch.setattr(os, "fdopen", fdopen)
    monkeypatch.setattr("builtins.open", opened)


def _left_in(folder: Path) -> dict[str, str]:
    """The folder's files and their text, but for campaign files."""
    return {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir()
            if p.is_file() and ".campaign" not in p.name}


@pytest.fixture
def played(saves):
    c = Campaign.create(saves, "c", "dyb-og-drager", 1)
    c.close()
    for i in range(30):
        assert main(["--saves", str(saves), "do", "c", "note", f"note {i} " + "x" * 40]) == 0
    return saves


@pytest.mark.parametrize("how", [["--format", "jsonl"], ["--format", "markdown"]])
def test_an_export_on_a_full_disk_keeps_the_old_backup(played, tmp_path, capsys, full_disk, how):
    out_dir = tmp_path / "backups"
    out_dir.mkdir()
    backup = out_dir / "c.jsonl"
    backup.write_text(OLD, encoding="utf-8")
    code = main(["--saves", str(played), "export", "c", *how, "-o", str(backup)])
    err = capsys.readouterr().err
    assert code != 0 and "No space left on device" in err and "as it was" in err, err
    assert _left_in(out_dir) == {"c.jsonl": OLD}  # the old backup whole, no partial beside it


def test_an_export_to_a_new_name_on_a_full_disk_leaves_no_file(played, tmp_path, capsys,
                                                              full_disk):
    target = tmp_path / "new.jsonl"
    assert main(["--saves", str(played), "export", "c", "-o", str(target)]) != 0
    assert "No space left on device" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == [played]  # neither a 0-byte file nor a partial


def test_an_export_that_fits_replaces_the_backup_whole_and_keeps_its_mode(played, tmp_path):
    backup = tmp_path / "c.jsonl"
    backup.write_text(OLD, encoding="utf-8")
    os.chmod(backup, 0o640)
    assert main(["--saves", str(played), "export", "c", "-o", str(backup)]) == 0
    lines = backup.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 31 and lines[-1].startswith("{") and OLD not in backup.read_text()
    assert os.stat(backup).st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.jsonl", "saves"]


def test_an_export_killed_midway_leaves_the_old_backup(played, tmp_path):
    """kill -9 while the export is being written: the old file is as it was."""
    backup = tmp_path / "c.jsonl"
    backup.write_text(OLD, encoding="utf-8")
    script = textwrap.dedent(f"""
        import os, signal
        from tracker import atomic
        def pieces():
            yield "half of a new backup\\n"
            os.kill(os.getpid(), signal.SIGKILL)
        atomic.write_text({str(backup)!r}, pieces())
        """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True)
    assert run.returncode == -signal.SIGKILL
    assert backup.read_text(encoding="utf-8") == OLD
    # at worst a hidden partial is left beside it, never under the backup's name
    assert all(p.name.startswith(".c.jsonl.") and p.name.endswith(atomic.PARTIAL)
               for p in tmp_path.iterdir() if p.name not in ("c.jsonl", "saves"))


def test_a_bug_report_on_a_full_disk_leaves_no_half_file(tmp_path, monkeypatch, full_disk):
    from tracker.bugreport import write_bug_report

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", None)
    assert write_bug_report(ValueError("x" * 500), "tracker do c note") is None
    assert list(tmp_path.iterdir()) == []


def test_the_keys_doc_on_a_full_disk_keeps_the_old_one(tmp_path, full_disk):
    from tracker.ui.app import TrackerApp
    from tracker.ui.keymap import write_docs

    doc = tmp_path / "keys.md"
    doc.write_text(OLD, encoding="utf-8")
    with pytest.raises(OSError):
        write_docs(doc, TrackerApp.BINDINGS)
    assert _left_in(tmp_path) == {"keys.md": OLD}


def test_a_new_access_code_on_a_full_disk_keeps_the_old_one(saves, monkeypatch):
    from tracker.web.access import access_code, code_file

    real_fdopen = os.fdopen  # the code is 13 characters: the disk fills after 4
    monkeypatch.setattr(os, "fdopen", lambda fd, *a, **k: _FullDisk(real_fdopen(fd, *a, **k), 4))

    target = saves / "c.campaign"
    code_file(target).parent.mkdir(parents=True, exist_ok=True)
    code_file(target).write_text("old-code-123\n", encoding="ascii")
    with pytest.raises(OSError):
        access_code(target, new=True)
    assert _left_in(code_file(target).parent) == {code_file(target).name: "old-code-123\n"}


async def test_the_recap_screen_export_on_a_full_disk_keeps_the_old_file(played, monkeypatch):
    from tracker.ui.app import TrackerApp

    before = None
    app = TrackerApp(played, "c")
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        for key in ("escape", "3", "x"):  # the recap screen, then its export
            await pilot.press(key)
            await settle(pilot)
        written = next(played.glob("c-recap-*.md"))
        written.write_text(OLD, encoding="utf-8")
        before = _left_in(played)
        real_fdopen = os.fdopen
        monkeypatch.setattr(os, "fdopen",
                            lambda fd, *a, **k: _FullDisk(real_fdopen(fd, *a, **k), 100))
        await pilot.press("x")
        await settle(pilot)
        monkeypatch.setattr(os, "fdopen", real_fdopen)
        shown = [n.message for n in app._notifications]
    assert any("No space left on device" in m for m in shown), shown
    after = _left_in(played)
    assert after[written.name] == OLD
    assert after == before


@pytest.mark.parametrize("lang, words", [("da", "intet blev skrevet"),
                                         ("uk", "нічого не записано")])
def test_the_full_disk_refusal_reads_in_the_asked_language(played, tmp_path, capsys,
                                                           full_disk, lang, words):
    code = main(["--lang", lang, "--saves", str(played), "export", "c", "-o",
                 str(tmp_path / "c.jsonl")])
    assert code != 0 and words in capsys.readouterr().err
