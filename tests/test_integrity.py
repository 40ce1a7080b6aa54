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


# -- 8.2: undo costs the same however many undos the log holds -----------------------------

from tracker.core.engine import Timeline  # noqa: E402
from tracker.core.errors import Refused  # noqa: E402


def _reads_to_open(c: Campaign) -> int:
    """Events a fresh process reads to rebuild the state (no snapshot)."""
    count = 0

    def read(lo, hi):
        nonlocal count
        for env in c.store.read(lo, hi):
            count += 1
            yield env

    Timeline(read).state_at(c.seq)
    return count


def test_undos_do_not_multiply_the_cost_of_opening(make):
    c = make()
    for i in range(24):  # each undo used to double the work: 2^24 reads
        c.dispatch(AddNote(f"n{i}"))
        c.undo()
    assert _reads_to_open(c) <= 2 * c.seq
    c.dispatch(AddNote("a"))
    c.dispatch(AddNote("b"))
    for _ in range(2):
        c.undo()
    for _ in range(2):
        c.redo()
    assert _reads_to_open(c) <= 2 * c.seq


# -- 8.3: a correction that cannot be replayed is refused before it is written -------------

from tracker.core.dungeon import AdvanceTurn, EnterDungeon, LeaveDungeon  # noqa: E402
from tracker.core.lights import LightSource, DouseLight  # noqa: E402
from tracker.core.party import AddCharacter, Damage  # noqa: E402
from tracker.core.supplies import SetSupplies  # noqa: E402


@pytest.fixture
def delve(make):
    c = make()
    c.dispatch(AddCharacter("Bo", cls="kriger", abilities=(13, 10, 10, 10, 13, 10), hp=8))
    c.dispatch(SetSupplies("torches", 2))  # 3
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(LightSource("torch", "Bo"))  # 5
    c.dispatch(Damage("Bo", 2))  # 6
    c.dispatch(DouseLight(c.state.lights[0].id))  # 7
    c.dispatch(LightSource("torch", "Bo"))  # 8
    c.dispatch(AdvanceTurn())  # 9
    return c


@pytest.mark.parametrize("seq, fields, message", [
    (6, {"name": "Nobody"}, "'Nobody' is not in the party"),
    (5, {"kind": "nope"}, "unknown light 'nope'"),  # the command's words (issue 19)
    (7, {"id": "99"}, "no light #99"),
    (2, {"level": "99"}, "level must be 1 to 14"),
    (2, {"level": "3"}, None),  # a defaulted field set from text
    (3, {"count": "1"}, r"#8 \(light lit\) would be refused: no torches"),
    (6, {"amount": "-1000"}, "amount must be at least 1"),
    (6, {"amount": "abc"}, "amount must be a whole number"),
    (4, {"depth": "-2"}, "depth must be at least 1"),
    (4, {"depth": str(10**30)}, "depth must be at most"),
    (5, {"by": "Ghost"}, "not in the party"),
])
def test_a_correction_is_replayed_before_it_is_written(delve, seq, fields, message):
    c = delve
    head, state = c.seq, c.state
    if message is None:
        c.dispatch(c.amend_command(seq, fields=fields))
        assert c.state.party[0].level == 3
        return
    with pytest.raises(Refused, match=message):
        c.dispatch(c.amend_command(seq, fields=fields))
    assert c.seq == c.store.head() == head and c.state == state
    assert _other_process(c.store.path.parent) == head  # the campaign still opens


def test_a_turn_cannot_be_inserted_outside_the_dungeon(delve):
    c = delve
    c.dispatch(LeaveDungeon())
    with pytest.raises(Refused, match="outside"):
        c.dispatch(c.amend_command(c.seq, insert=("turn", "rest")))


def test_a_valid_correction_still_refolds(delve):
    c = delve
    c.dispatch(c.amend_command(6, fields={"amount": "5"}))
    assert c.state.party[0].hp == 3


# -- 8.4: numbers no game needs are refused, and a snapshot never bricks ------------------


@pytest.mark.parametrize("command, message", [
    (AddCharacter("Big", hp=10**30), "HP must be at most 10,000"),
    (AddCharacter("Big", ac=10**30), "AC must be at most 50"),
    (EnterDungeon("Deep", depth=10**30), "depth must be at most 1,000"),
    (AddNote("x" * 10_001), "10,000"),
])
def test_numbers_no_game_needs_are_refused(make, command, message):
    c = make()
    with pytest.raises(Refused, match=message):
        c.dispatch(command)
    assert c.seq == 1


def test_a_snapshot_that_cannot_be_written_is_skipped_and_reported(make, monkeypatch):
    from tracker import service
    from tracker.store import sqlite as store_mod

    c = make()
    monkeypatch.setattr(service, "SNAPSHOT_EVERY", 3)

    class Broken:
        def encode(self, state):
            raise OverflowError("int too big to convert")

    monkeypatch.setattr(store_mod, "_SNAPSHOT_ENCODER", Broken())
    out = None
    for i in range(4):
        out = c.dispatch(AddNote(f"n{i}")) if out is None or not out.warnings else out
    assert any("snapshot" in w and "log is intact" in w for w in out.warnings)
    assert _other_process(c.store.path.parent) == c.seq


def _export_with(c, tmp_path, edit):
    from tracker.store.jsonl import export_lines
    import json
    lines = [json.loads(l) for l in export_lines(c.store)]
    edit(lines)
    p = tmp_path / "x.jsonl"
    p.write_text("\n".join(json.dumps(l) for l in lines) + "\n")
    return p


@pytest.mark.parametrize("edit, message", [
    (lambda ls: ls[5]["data"].update(amount=-50), "amount must be at least 1|at least 1"),
    (lambda ls: ls[3]["data"].update(depth=10**30), "depth must be at most 1,000"),
    (lambda ls: ls.append({**ls[-1], "seq": len(ls) + 1, "type": "note_added",
                           "data": {"text": "x" * 50_000}}), "text must be at most 10,000 characters"),
    (lambda ls: ls.append({**ls[-1], "seq": len(ls) + 1, "type": "undone", "command_id": "u",
                           "data": {"command_id": "z", "first_seq": len(ls) + 1,
                                    "last_seq": len(ls) + 1}}), "not before it"),
])
def test_import_applies_the_checks_of_commands(delve, tmp_path, saves, edit, message):
    from tracker.store.jsonl import import_file
    p = _export_with(delve, tmp_path, edit)
    with pytest.raises(Refused, match=message):
        import_file(p, saves, "imported")
    assert not (saves / "imported.campaign").exists()


def test_corrections_add_up(delve):
    """A second correction used to refold from the log's own states and so
    dropped the first one."""
    c = delve
    c.dispatch(c.amend_command(6, fields={"amount": "5"}))  # Bo: 8 - 5 = 3
    c.dispatch(c.amend_command(9, insert=("turn", "rest")))
    assert c.state.party[0].hp == 3 and c.state.dungeon.turn == 2
    c.dispatch(c.amend_command(2, fields={"level": "2"}))
    assert c.state.party[0].hp == 3 and c.state.dungeon.turn == 2
    assert c.state.party[0].level == 2
    fresh = Campaign.open(c.store.path.parent, "c")
    assert fresh.state == c.state
    fresh.close()


def _edit_check(ls, **roll):
    for l in ls:
        if l["type"] == "turn_advanced" and "check" in l["data"]:
            l["data"]["check"].update(roll)
            return
    raise AssertionError("no check in the log")


@pytest.mark.parametrize("edit, message", [
    (lambda ls: _edit_check(ls, dice=[7]), "not possible on a d6"),
    (lambda ls: _edit_check(ls, dice=[2, 2], total=2), "2 dice recorded"),
    (lambda ls: _edit_check(ls, total=99), "not 99"),
    (lambda ls: ls[4].update(session=-5), "session -5 is out of range"),
    (lambda ls: ls[4].update(recorded_at="yesterday"), "not a date and time"),
    (lambda ls: ls[3].update(command_id=ls[1]["command_id"]), "used by an earlier action"),
    (lambda ls: ls[2]["data"].update(extra=1), "has no field 'extra'"),
])
def test_import_refuses_records_that_contradict_themselves(make, tmp_path, saves, edit, message):
    from tracker.store.jsonl import import_file
    c = make()
    c.dispatch(AddCharacter("Bo"))
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(AdvanceTurn(count=2))
    p = _export_with(c, tmp_path, edit)
    with pytest.raises(Refused, match=message):
        import_file(p, saves, "imported")
    assert not (saves / "imported.campaign").exists()


def test_entries_another_process_wrote_can_be_looked_at(make, saves):
    """The log screen reads the file itself and may show an entry the app's
    campaign has not caught up with; looking at it must not fail."""
    app = make()
    other = Campaign.open(saves, "c")
    other.dispatch(AddNote("from the shell"))
    other.close()
    assert app.state_at(2).notes == 1 and app.seq == 1


def test_the_recap_judges_a_check_by_the_rules_of_its_moment(make):
    """A check that was an encounter under a house rule later changed stays one."""
    from tracker import recap
    from tracker.core.campaign import ChangeHouseRule, StartSession
    c = make()
    c.dispatch(StartSession())
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(ChangeHouseRule("dungeon.wandering.chance", '"3-in-6"'))
    c.dispatch(AdvanceTurn(count=2), dice_values=[3, 5, 5, 2, 4])  # an encounter at 3-in-6
    c.dispatch(ChangeHouseRule("dungeon.wandering.chance", '"1-in-6"'))
    r = recap.build("c", list(c.store.read()), c.timeline.state_at)
    from tracker.core.dungeon.views import DungeonTally
    assert len(r.of(DungeonTally).encounters) == 1


def test_stocking_up_during_a_session_is_not_use(make):
    """Issue 14: the recap said '-9 torches' when 3 torches were used."""
    from tracker import recap
    from tracker.core.campaign import StartSession
    c = make()
    c.dispatch(AddCharacter("Bo"))
    c.dispatch(StartSession())
    c.dispatch(SetSupplies("torches", 9))
    c.dispatch(EnterDungeon("Crypt"))
    for _ in range(3):
        c.dispatch(LightSource("torch", "Bo"))
    c.dispatch(SetSupplies("torches", 2, relative=True))  # found two more
    r = recap.build("c", list(c.store.read()), c.timeline.state_at)
    from tracker.core.supplies.views import SuppliesTally
    assert list(r.of(SuppliesTally).supplies_used.values()) == [3]


def test_the_recap_leaves_out_what_a_rewind_took_back(make):
    """Playtest: rewound from session 2 into session 1, the recap of session 1
    still counted the turns the rewind took back and ran to their time; undoing
    the rewind brings them back."""
    from tracker import recap
    from tracker.core.campaign import EndSession, StartSession
    from tracker.core.timeline.entries import Rewind
    from tracker.core.dungeon.views import DungeonTally
    c = make()
    c.dispatch(StartSession())
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(AdvanceTurn())
    keep = c.seq
    c.dispatch(AdvanceTurn(count=3), dice_values=[6, 6])  # two quiet checks
    c.dispatch(EndSession())
    c.dispatch(StartSession())
    c.dispatch(Rewind(keep))

    def session_1():
        r = recap.build("c", list(c.store.read()), c.timeline.state_at, [1])
        return sum(r.of(DungeonTally).turns.values()), r.of(DungeonTally).checks, r.end

    assert session_1() == (1, 0, "Day 1, 08:10")
    r = recap.build("c", list(c.store.read()), c.timeline.state_at)  # the last session played
    assert r.sessions == [1]
    c.undo()
    assert session_1() == (4, 2, "Day 1, 08:40")
