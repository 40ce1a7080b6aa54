"""Replay's loop as issue 22's seventh pass left it (docs/performance.md): the
states it leaves beside the envelopes read in a row, their undo bookkeeping
applied only when asked (a command of several entries, a replay that begins
inside one), the cyclic collector off for a long replay only, the chase's
encounter note called only for a turn that rolled a check, and the dungeon
turn's time step that tests only the clock on the state it made last."""

from __future__ import annotations

import gc

import pytest
from msgspec.structs import replace

from tracker.core import dungeon as dun
from tracker.core import handlers, lights, party, supplies, timeflow
from tracker.core.campaign import AddNote, StartSession
from tracker.core.dungeon.rules import TurnAdvanced
from tracker.core.errors import Refused
from tracker.core.timeline import fold
from tracker.core.timeline.fold import Timeline, step
from tracker.service import Campaign


@pytest.fixture
def campaign(tmp_path):
    """Commands of several entries (three turns at once), undone and redone,
    between commands of one entry."""
    c = Campaign.create(tmp_path, "c", "dyb-og-drager", 1)
    c.dispatch(party.AddCharacter("Ana"))
    c.dispatch(StartSession())
    c.dispatch(supplies.SetSupplies("torches", 9))
    c.dispatch(dun.EnterDungeon("Crypt", 1))
    c.dispatch(lights.LightSource("torch", "Ana"))
    for i in range(30):
        c.dispatch(dun.AdvanceTurn(3 if i % 3 else 1, "rest" if i % 4 == 0 else "explore"))
        if i % 7 == 2:
            c.undo()
        if i % 14 == 2:
            c.redo()
        if i % 5 == 0:
            c.dispatch(AddNote(f"note {i}"))
    yield c
    c.close()


def _by_step(store) -> list:
    """Every state, entry by entry through ``step`` (the bookkeeping applied on each)."""
    timeline, state, states = Timeline(store.read), None, []
    for env in store.read():
        state = step(state, env, timeline)
        timeline.remember(env.seq, state)
        states.append(state)
    return states


def test_commands_of_several_entries_look_back_exactly(campaign):
    states = _by_step(campaign.store)
    assert len({env.command_id for env in campaign.store.read()}) < campaign.seq
    replayed = Timeline(campaign.store.read)
    assert replayed.state_at(campaign.seq) == states[-1]
    for seq in range(campaign.seq, 0, -1):  # each from the loop's memory, bookkept when asked
        assert replayed.state_at(seq) == states[seq - 1], seq


@pytest.mark.parametrize("every", [2, 3, 512])
def test_a_replay_that_begins_inside_a_command_bookkeeps_it(campaign, every):
    """From any known state (a snapshot, a checkpoint), the entries after it,
    the rest of its command among them, fold to the states of a full replay."""
    states = _by_step(campaign.store)
    for base in range(6, campaign.seq, 4):
        timeline = Timeline(campaign.store.read,
                            lambda s, b=base: (b, states[b - 1]) if s >= b else None,
                            every=every)
        assert timeline.state_at(campaign.seq) == states[-1], base
        for seq in range(base, campaign.seq + 1):
            assert timeline.state_at(seq) == states[seq - 1], (base, seq)


def test_a_long_replay_leaves_the_collector_as_it_found_it(campaign, monkeypatch):
    monkeypatch.setattr(fold, "_LONG", 20)  # the fixture's log is long enough for it
    assert campaign.seq >= fold._LONG + 11
    assert gc.isenabled()
    Timeline(campaign.store.read).state_at(campaign.seq)
    assert gc.isenabled()

    def broken(lo, hi):
        yield from campaign.store.read(lo, lo + 10)
        raise RuntimeError("the file went away")
    with pytest.raises(RuntimeError):
        Timeline(broken).state_at(campaign.seq)
    assert gc.isenabled()
    gc.disable()
    try:
        Timeline(campaign.store.read).state_at(campaign.seq)
        assert not gc.isenabled()  # off before: left off
    finally:
        gc.enable()


def test_the_encounter_note_is_called_only_for_a_turn_that_rolled_a_check():
    source = handlers.EVOLVERS[TurnAdvanced].source
    assert "ev.check is not None" in source
    with pytest.raises(ValueError):
        handlers.evolves(TurnAdvanced, given="no_such_field")
    with pytest.raises(ValueError):
        handlers.evolves(TurnAdvanced, given="check.total")
    assert "[-1].encounter" in source  # and only for a check that met something
    with pytest.raises(ValueError):
        handlers.evolves(TurnAdvanced, when="dungeon.checks[0]")
    assert handlers._path_tests("dungeon.checks[-1].encounter", 2) == [
        "(w2_1 := state.dungeon.checks)", "w2_1[-1].encounter"]
    assert handlers._path_tests("chase.winded", 0) == ["state.chase.winded"]


def test_the_dungeon_turn_keeps_the_state_its_quiet_step_made(campaign):
    """The state a quiet turn made is the cell's; a turn from an equal state
    that is not that object takes the whole test, and both give equal states."""
    state = campaign.state
    ev = TurnAdvanced(activity="explore")
    after = handlers.EVOLVERS[TurnAdvanced](state, ev)
    cell = timeflow.run_hooks.quiet[0][timeflow.QUIET_CELL]
    if after.clock >= timeflow.run_hooks.quiet[0][timeflow.QUIET_UNTIL]:
        pytest.skip("a hook fell due on this turn")
    assert cell[0] is after
    again = handlers.EVOLVERS[TurnAdvanced](after, ev)
    copy = replace(after)  # equal, not the cell's
    assert copy is not cell[0] or copy is after
    assert handlers.EVOLVERS[TurnAdvanced](copy, ev) == again


@pytest.mark.parametrize("far_kept", [2, 8])
def test_a_long_replay_keeps_few_states_far_from_its_end_and_looks_back_exactly(
        tmp_path, monkeypatch, far_kept):
    """Ninth pass: while more than ``keep`` entries from its end, a replay keeps only
    the last ``_FAR_KEPT`` envelopes and states (at each checkpoint); an undo, a redo
    and a rewind that look back further than that (to the checkpoints and the log)
    give the states folded entry by entry, at every entry."""
    monkeypatch.setattr(fold, "_FAR_KEPT", far_kept)
    c = Campaign.create(tmp_path, "c", "dyb-og-drager", 1)
    c.dispatch(party.AddCharacter("Ana"))
    c.dispatch(StartSession())
    c.dispatch(supplies.SetSupplies("torches", 9))
    c.dispatch(dun.EnterDungeon("Crypt", 1))
    c.dispatch(lights.LightSource("torch", "Ana"))
    for i in range(40):
        try:
            c.dispatch(dun.AdvanceTurn(3 if i % 3 else 1, "rest" if i % 4 == 0 else "explore"))
        except Refused:  # a rest is due (after the rewind, sooner)
            c.dispatch(dun.AdvanceTurn(1, "rest"))
        if i == 20:
            c.dispatch(c.rewind_command(c.seq - 30))  # far back: past the few kept
        if i % 9 == 4:
            c.undo()
            if i % 18 == 4:
                c.redo()
    try:
        states = _by_step(c.store)
        timeline = Timeline(c.store.read, every=4, keep=8)
        assert timeline.state_at(c.seq) == states[-1]
        assert len(timeline.raws) <= 2 * 8 + 4  # the end's are kept as ever
        for seq in range(c.seq, 0, -1):  # every entry, looked back at from the end
            assert timeline.state_at(seq) == states[seq - 1], seq
    finally:
        c.close()
