"""Property tests over random GM command sequences on every ruleset.

Replay is deterministic; a snapshot plus the tail equals a full replay; undo
then redo restores the state; export then import gives the same log and state.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import msgspec
from hypothesis import given, strategies as st

from tracker.core import campaign as camp
from tracker.core import dungeon as dun
from tracker.core import effects, lights, party, supplies
from tracker.core.engine import Redo, Timeline, Undo, replay
from tracker.core.errors import Refused
from tracker.service import Campaign
from tracker.store import jsonl

from area_checks import SETTINGS, play

NAMES = ["Ana", "Bo", "Cy"]

command = st.one_of(
    st.builds(party.AddCharacter, st.sampled_from(NAMES)),
    st.builds(party.AddCharacter, st.sampled_from(NAMES),
              st.sampled_from(["kriger", "tyv", "fighter", "thief", "wizard", "rogue"]),
              st.integers(1, 3), st.just(()), st.just(True)),
    st.builds(party.Damage, st.sampled_from(NAMES), st.integers(1, 8)),
    st.builds(party.Heal, st.sampled_from(NAMES), st.integers(1, 8)),
    st.builds(party.Damage, st.sampled_from(NAMES), st.integers(1, 8), critical=st.booleans()),
    st.builds(party.ShortRest, st.lists(st.tuples(st.sampled_from(NAMES), st.integers(1, 3)),
                                        max_size=2).map(tuple)),
    st.builds(party.LongRest), st.builds(party.DeathSave, st.sampled_from(NAMES)),
    st.builds(party.AdvanceRounds, st.integers(1, 120)),
    st.builds(party.AwardXP, st.integers(1, 5000)),
    st.builds(party.LevelUp, st.sampled_from(NAMES)),
    st.builds(party.RemoveCharacter, st.sampled_from(NAMES)),
    st.builds(party.RenameCharacter, st.sampled_from(NAMES), st.sampled_from(NAMES)),
    st.builds(dun.EnterDungeon, st.just("Pit"), st.integers(1, 3)),
    st.builds(dun.LeaveDungeon, st.booleans(), st.booleans(), st.booleans()),
    st.builds(dun.ChangeDepth, st.integers(1, 4)),
    st.builds(dun.AdvanceTurn, st.integers(1, 8), st.sampled_from(["explore", "rest", "search"])),
    st.builds(dun.RollCheck),
    st.builds(dun.FastTravel, st.integers(100, 3000)),
    st.builds(lights.LightSource, st.sampled_from(["torch", "lantern", "candle", "lamp"]),
              st.sampled_from(["", *NAMES])),
    st.builds(lights.DouseLight, st.integers(1, 12)),
    st.builds(lights.RelightLight, st.integers(1, 12)),
    st.builds(effects.StartEffect, st.just("Bless"), st.integers(60, 7200)),
    st.builds(effects.EndEffect, st.integers(1, 12)),
    st.builds(supplies.SetSupplies, st.sampled_from(["torches", "oil", "fresh", "standard", "rations"]),
              st.integers(0, 6)),
    st.builds(camp.AddNote, st.text(min_size=1, max_size=20)),
    st.builds(camp.StartSession), st.builds(camp.EndSession),
    st.builds(Undo), st.builds(Undo), st.builds(Redo),
)

scenario = st.tuples(st.sampled_from(["dyb-og-drager", "dolmenwood", "dnd-2024"]),
                     st.integers(0, 1000), st.lists(command, min_size=1, max_size=40))

@SETTINGS
@given(scenario)
def test_replay_is_deterministic(sc):
    c, saves = play(*sc)
    reopened = Campaign.open(saves, "p")
    assert reopened.state == c.state
    assert replay(list(c.store.read())) == c.state
    reopened.close(), c.close()


@SETTINGS
@given(scenario, st.data())
def test_snapshot_plus_tail_equals_full_replay(sc, data):
    c, _ = play(*sc)
    k = data.draw(st.integers(1, c.seq))
    full = Timeline(c.store.read)
    snap = full.state_at(k)
    blob = msgspec.msgpack.encode(snap)
    restored = msgspec.msgpack.decode(blob, type=type(snap))
    assert restored == snap
    tail = Timeline(c.store.read, lambda s: (k, restored) if s >= k else None)
    assert tail.state_at(c.seq) == full.state_at(c.seq) == c.state
    c.close()


@SETTINGS
@given(scenario)
def test_undo_then_redo_restores(sc):
    c, _ = play(*sc)
    before = c.state
    try:
        c.undo()
    except Refused:
        return  # nothing to undo
    c.redo()
    assert c.state == before
    c.close()


@SETTINGS
@given(scenario)
def test_export_then_import_gives_same_log_and_state(sc):
    c, saves = play(*sc)
    text = "\n".join(jsonl.export_lines(c.store)) + "\n"
    src = saves / "export.jsonl"
    src.write_text(text)
    jsonl.import_file(src, saves, "copy")
    copy = Campaign.open(saves, "copy")
    assert list(copy.store.rows()) == list(c.store.rows())
    assert copy.state == c.state
    copy.close(), c.close()


@SETTINGS
@given(scenario, st.data())
def test_state_at_equals_replaying_the_first_n(sc, data):
    c, _ = play(*sc)
    n = data.draw(st.integers(1, c.seq))
    assert c.state_at(n) == replay(list(c.store.read(1, n)))
    c.close()


# -- correcting the past ----------------------------------------------------------

from tracker.core.dice import ScriptedDice  # noqa: E402
from tracker.core.timeline.entries import Rewind  # noqa: E402

turns = st.lists(st.sampled_from(["explore", "search", "rest", "light"]), min_size=2, max_size=16)


@SETTINGS
@given(st.sampled_from(["dyb-og-drager", "dolmenwood", "dnd-2024"]), st.integers(0, 99), turns,
       st.data())
def test_amending_equals_entering_it_right_the_first_time(rid, seed, plan, data):
    def start(name):
        c = Campaign.create(Path(tempfile.mkdtemp(prefix="amend-")), name, rid, seed)
        c.dispatch(party.AddCharacter("Ana"))
        c.dispatch(supplies.SetSupplies("torches", 16))  # a plan may light one at every step
        if rid == "dnd-2024":
            c.dispatch(camp.ChangeHouseRule("dungeon.wandering.every_turns", "2"))
        c.dispatch(dun.EnterDungeon("Pit"))
        return c

    def play(c, fix_at=None, fixed=None):
        seqs = []
        for i, what in enumerate(plan):
            cmd = lights.LightSource("torch", "Ana") if what == "light" else dun.AdvanceTurn(1, what)
            out = c.dispatch(cmd, fixed if i == fix_at else None)
            seqs.append(out.envelopes[0].seq)
        return seqs

    wrong = start("wrong")
    seqs = play(wrong)
    checked = [i for i, s in enumerate(seqs)
               if getattr(next(iter(wrong.store.read(s, s))).event, "check", None) is not None]
    if not checked:
        return
    i = data.draw(st.sampled_from(checked))
    values = data.draw(st.lists(st.integers(1, 4), min_size=5, max_size=5))
    probe = ScriptedDice(values)
    dun.roll_check(wrong.state, probe)
    values = values[:probe.used]
    wrong.dispatch(wrong.amend_command(seqs[i], values))

    right = start("right")
    play(right, fix_at=i, fixed=values)
    assert wrong.state.dungeon == right.state.dungeon
    assert wrong.state.lights == right.state.lights and wrong.state.clock == right.state.clock
    assert replay(list(wrong.store.read())) == wrong.state  # and it replays the same
    wrong.close(), right.close()


@SETTINGS
@given(scenario, st.data())
def test_rewind_then_undo_restores(sc, data):
    c, _ = play(*sc)
    if c.seq < 2:
        return
    before = c.state
    to = data.draw(st.integers(1, c.seq - 1))
    c.dispatch(Rewind(to))
    assert msgspec.structs.replace(c.state, last_done=None, redo=()) == \
        msgspec.structs.replace(c.state_at(to), last_done=None, redo=())
    c.undo()
    # the rewind was a new action: redo now offers the rewind, not what it offered before
    assert msgspec.structs.replace(c.state, redo=()) == msgspec.structs.replace(before, redo=())
    c.close()
