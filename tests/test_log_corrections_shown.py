"""The log shows every correction of an entry (the last one in force), in the
CLI, its JSON and the app's entry panel; `log --session N` for a session the
log does not hold says so, and a filter matching nothing says that."""

from __future__ import annotations

import json

import pytest

from tracker.cli import main


@pytest.fixture
def twice(saves, capsys):
    for argv in (["new", "a", "--ruleset", "dyb-og-drager"],
                 ["do", "a", "add-character", "Ana", "--hp", "8"],
                 ["do", "a", "session-start"], ["do", "a", "damage", "Ana", "2"],  # 4
                 ["do", "a", "amend", "4", "--set", "amount=3"],  # 5
                 ["do", "a", "amend", "4", "--set", "amount=4"]):  # 6
        assert main(argv) == 0, capsys.readouterr()
    capsys.readouterr()
    return saves


def _log(capsys, *extra):
    code = main(["log", "a", *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_an_entry_corrected_twice_names_both_corrections(twice, capsys):
    _, out, _ = _log(capsys)
    line = next(line for line in out.splitlines() if line.split()[0] == "4")
    assert "(corrected by #5, #6)" in line
    _, out, _ = _log(capsys, "--json")
    entry = next(json.loads(line) for line in out.splitlines() if json.loads(line)["seq"] == 4)
    assert entry["corrected_by"] == 6 and entry["corrections"] == [5, 6]


def test_an_undone_correction_is_not_listed(twice, capsys):
    assert main(["undo", "a"]) == 0
    capsys.readouterr()
    _, out, _ = _log(capsys)
    line = next(line for line in out.splitlines() if line.split()[0] == "4")
    assert "(corrected by #5)" in line and "#6" not in line


def test_once_corrected_reads_as_before(saves, capsys):
    for argv in (["new", "b", "--ruleset", "dnd-2024"], ["do", "b", "add-character", "Ana", "--hp", "8"],
                 ["do", "b", "damage", "Ana", "2"], ["do", "b", "amend", "3", "--set", "amount=3"]):
        assert main(argv) == 0
    capsys.readouterr()
    assert main(["log", "b"]) == 0
    assert "(corrected by #4)" in capsys.readouterr().out


def test_a_session_the_log_does_not_hold_is_said(twice, capsys):
    code, out, err = _log(capsys, "--session", "5")
    assert code == 1 and not out
    assert "no entries in session 5 (the log holds sessions 0-1)" in err


def test_a_filter_that_matches_nothing_says_so(twice, capsys):
    code, out, err = _log(capsys, "--grep", "nothing like this")
    assert code == 0 and not out and "no entries match" in err


async def test_the_apps_entry_panel_names_both_corrections(twice):
    from tracker.core.errors import Refused  # noqa: F401
    from tracker.history import entries
    from tracker.service import Campaign
    from tracker.ui.as_it_stood import entry_head

    c = Campaign.open(twice, "a")
    e = next(e for e in entries(list(c.store.read()), c.timeline) if e.seq == 4)
    c.close()
    assert "corrected by #5, #6" in entry_head(e).plain
