"""Shared fixtures: a temporary saves folder, the snapshots' fixed one, and
campaigns on each ruleset."""

from __future__ import annotations

import fcntl
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from tracker.service import Campaign

RULESETS = ["dyb-og-drager", "dolmenwood", "dnd-2024"]
MACHINE_TEMP = Path(tempfile.gettempdir())  # before the suite moves tempfile's folder


@pytest.fixture(autouse=True, scope="session")
def _temporary_files_stay_in_the_run(tmp_path_factory):
    """``tempfile.mkdtemp`` in a test (a hypothesis example cannot take
    ``tmp_path``) makes its folder under pytest's own temporary folder, which
    pytest prunes to the last three runs: left in /tmp, every run added
    thousands of campaigns that nobody removed."""
    before = tempfile.tempdir
    tempfile.tempdir = str(tmp_path_factory.mktemp("tempfile"))
    yield
    tempfile.tempdir = before


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """The suite reads English, as the golden record does, whatever language a
    campaign's ruleset declares or the machine's locale says (LANGUAGE beats
    both: tracker/i18n.py). The language tests ask for theirs with --lang,
    TrackerApp(lang=...) or i18n.using()."""
    monkeypatch.setenv("LANGUAGE", "en")


@pytest.fixture(autouse=True)
def _no_personal_keymap(tmp_path_factory, monkeypatch):
    """A GM's own keymap file never reaches the tests (docs/keys.md)."""
    monkeypatch.setenv("TRACKER_KEYMAP", str(tmp_path_factory.getbasetemp() / "no-keymap.toml"))
    # nor their players' view access codes (tracker/web/access.py)
    monkeypatch.setenv("TRACKER_CONFIG_DIR", str(tmp_path_factory.getbasetemp() / "config"))


@pytest.fixture
def saves(tmp_path, monkeypatch):
    d = tmp_path / "saves"
    d.mkdir()
    monkeypatch.setenv("TRACKER_SAVES", str(d))
    return d


@pytest.fixture
def cli(saves, capsys):
    """cli(*argv, code=0, lang="en") -> what ``tracker --lang LANG *argv`` printed,
    run in-process on the test's saves; its exit code must be ``code``."""
    from tracker.cli import main

    def run(*argv, code=0, lang="en"):
        got = main(["--lang", lang, *argv])
        said = capsys.readouterr()
        assert got == code, said
        return said.out
    return run


@pytest.fixture
def make(saves):
    """make(ruleset, name='c', seed=1) -> an open Campaign, closed at teardown."""
    opened = []

    def _make(ruleset="dyb-og-drager", name="c", seed=1):
        c = Campaign.create(saves, name, ruleset, seed)
        opened.append(c)
        return c

    yield _make
    for c in opened:
        c.close()


@pytest.fixture
def fixed_saves(monkeypatch):
    """A saves folder at a fixed path (the picker shows it), emptied each time.
    The path is shared by every checkout on the machine, so a test holds a lock
    on it while it runs: two test runs at once wait rather than collide."""
    root = MACHINE_TEMP / "tracker-snapshots"
    root.mkdir(exist_ok=True)
    with open(root.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        d = root / "saves"
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
        monkeypatch.setenv("TZ", "UTC")
        time.tzset()
        yield d
        shutil.rmtree(d, ignore_errors=True)


@pytest.fixture
def pseudo():
    """The pseudo-locale ``xx`` (tests/support/i18n.py): every message wrapped in ⟦…⟧."""
    from support.i18n import pseudo_catalog
    from tracker import i18n

    i18n.install("xx", pseudo_catalog())
    return "xx"


PLAYED = Path(__file__).parent / "data" / "generations" / "g7-2026-12-01-morning"


@pytest.fixture
def played(tmp_path):
    """Copies of campaigns where every area was played (generation g7), one a
    shipped ruleset, named by its id."""
    saves = tmp_path / "saves"
    saves.mkdir()
    for rid in ("dyb-og-drager", "dolmenwood", "dnd-2024"):
        shutil.copy(PLAYED / f"{rid}.campaign", saves / f"{rid}.campaign")
    return saves
