"""Play between two sessions belongs to neither in an OLD log too (gm-review
F6, left open): campaigns written before 47bf299 recorded an entry made after
"Session N ended" (and before the next start) in session N. Today's tracker
reads such a log as it reads one it wrote itself (tests/test_sessions_between.py):
the recap of session N (app, ``tracker export --format markdown``), the log's
session column and filter (the screen's sketch and its settled list,
``tracker log``) and the entry pane leave that play out of session N.

The old campaigns (tests/data/old_between/, one per shipped ruleset) were
written by 8b9ca9a's own code (tests/data/old_between/make.py); each test also
plays the same steps with today's code and compares."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from tracker import history, recap
from tracker.cli import main
from tracker.service import Campaign, LogReader

from support.old_campaigns import differences, state_now

OLD = Path(__file__).parent / "data" / "old_between"
sys.path.insert(0, str(OLD))
from make import CLASS, STEPS, command  # noqa: E402

RULESETS = sorted(CLASS)
# the log each old campaign holds, as today's tracker shows it: the campaign's
# first entry before any session, then each step's entries
SHOWN = [0] + [s for _argv, sessions in STEPS for s in sessions]


def tracker(capsys, *argv: str) -> str:
    code = main(["--lang", "en", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.fixture
def old(saves):
    """Each old campaign, copied into the saves folder."""
    for rid in RULESETS:
        shutil.copy(OLD / f"{rid}.campaign", saves / f"{rid}.campaign")
    return saves


def played_today(capsys, rid: str) -> str:
    """The old campaign's steps played by today's code, as campaign ``new-RID``
    (its log has an entry more before the first session: the language)."""
    name = f"new-{rid}"
    tracker(capsys, "new", name, "--ruleset", rid, "--seed", "7")
    shift = len(tracker(capsys, "log", name, "--json").splitlines()) - 1
    for argv, _ in STEPS:
        if argv[0] == "rewind":
            argv = ["rewind", str(int(argv[1]) + shift)]
        tracker(capsys, *command(name, CLASS[rid], argv))
    return name


def test_the_old_files_hold_the_play_between_in_the_session_that_ended(old):
    """What the old code wrote (the bug this reads past): every entry after
    "Session 1 ended" recorded in session 1 until session 2 starts."""
    for rid in RULESETS:
        rows = [json.loads(line) for line in (OLD / f"{rid}.log.json").read_text().splitlines()]
        assert [r["type"] for r in rows[7:9]] == ["session_ended", "dungeon_entered"]
        with LogReader(old / f"{rid}.campaign") as log:
            assert [e.session for e in log.read()][8:13] == [1] * 5


@pytest.mark.parametrize("rid", RULESETS)
def test_old_campaign_replays_as_then(old, rid):
    c = Campaign.open(old, rid)
    try:
        then = json.loads((OLD / f"{rid}.state.json").read_text())
        assert differences(then, state_now(c)) == []
    finally:
        c.close()


@pytest.mark.parametrize("rid", RULESETS)
def test_recap_of_an_old_log_leaves_the_play_between_out(old, capsys, rid):
    name = played_today(capsys, rid)
    for n in ("1", "2"):
        then = tracker(capsys, "export", rid, "--format", "markdown", "--session", n)
        now = tracker(capsys, "export", name, "--format", "markdown", "--session", n)
        assert then.split("\n", 1)[1] == now.split("\n", 1)[1], n  # all but the campaign's name
    one = tracker(capsys, "export", rid, "--format", "markdown", "--session", "1")
    assert "Crypt" in one and "Barrow" not in one and "scouts" not in one
    assert "Turns:** 2" in one
    between = tracker(capsys, "export", rid, "--format", "markdown", "--session", "0")
    assert "Barrow" in between and "scouts" in between and "Between again" in between
    # the app's recap screen builds through a Recapper on a reader of its own
    with LogReader(old / f"{rid}.campaign") as log:
        r, played = recap.Recapper().build(rid, log, [1])
    # the play outside sessions is a recap of its own (gm-review3 R8)
    assert played == [0, 1, 2] and "Barrow" not in recap.markdown(r)


@pytest.mark.parametrize("rid", RULESETS)
def test_log_of_an_old_campaign_shows_the_play_between_in_none(old, capsys, rid):
    listed = [json.loads(line) for line in tracker(capsys, "log", rid, "--json").splitlines()]
    assert [e["session"] for e in listed] == SHOWN
    in_one = tracker(capsys, "log", rid, "--session", "1", "--json").splitlines()
    assert [json.loads(line)["seq"] for line in in_one] == list(range(2, 9))
    assert "s1 " not in "".join(line for line in tracker(capsys, "log", rid).splitlines()
                                if "Barrow" in line)
    c = Campaign.open(old, rid)
    try:
        # the log screen: its sketch (shown first on a long log) and its settled list
        rows = list(c.store.rows())
        sketched = history.sketch_rows(rows, c.store.decoded)
        assert [e.session for e in sketched] == SHOWN
        settled = history.entries(list(c.store.read()), c.timeline)
        assert [e.session for e in settled] == SHOWN
        assert [e.seq for e in history.filtered(sketched, 1)] == list(range(2, 9))
    finally:
        c.close()


def test_a_log_written_today_reads_as_the_old_one(saves, capsys):
    """The same steps, today: the recorded sessions are what the old log now reads as
    (an undo, redo or rewind is in the session it was made in: none)."""
    name = played_today(capsys, "dyb-og-drager")
    c = Campaign.open(saves, name)
    try:
        envs = list(c.store.read())[1:]  # without the language entry
        assert [e.session for e in recap.Standing(envs).envs] == [e.session for e in envs]
        rows = list(c.store.rows())
        assert [e.session for e in history.sketch_rows(rows, c.store.decoded)][1:] == SHOWN
    finally:
        c.close()
