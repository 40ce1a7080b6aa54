"""What a Timeline keeps beside the states it replays (issue 22): the undo
bookkeeping, applied only where a state leaves its loop, and the envelopes
it last read in a row, which a correction's refold reads again. Both must give
exactly what the log gives: the same states as a step-by-step fold, the same
envelopes as the file."""

from __future__ import annotations

import pytest

from tracker.core import dungeon as dun
from tracker.core import lights, party, supplies
from tracker.core.campaign import AddNote, StartSession
from tracker.core.timeline.fold import Timeline, step
from tracker.service import Campaign


@pytest.fixture
def campaign(tmp_path):
    """Turns, undos, redos and corrections of turns, mixed."""
    c = Campaign.create(tmp_path, "c", "dyb-og-drager", 1)
    c.dispatch(party.AddCharacter("Ana"))
    c.dispatch(StartSession())
    c.dispatch(supplies.SetSupplies("torches", 5))
    c.dispatch(dun.EnterDungeon("Crypt", 1))
    c.dispatch(lights.LightSource("torch", "Ana"))
    for i in range(40):
        out = c.dispatch(dun.AdvanceTurn(1, "explore"))
        if i % 7 == 3:
            c.dispatch(c.amend_command(out.envelopes[0].seq, fields={"activity": "rest"}))
        if i % 5 == 1:
            c.undo()
            if i % 10 == 1:
                c.redo()
        if i % 9 == 0:
            c.dispatch(AddNote(f"note {i}"))
    yield c
    c.close()


def test_replay_equals_a_fold_step_by_step(campaign):
    """Every state of a replay, the bookkeeping (last done, redo) included,
    equals the one ``step`` gives entry by entry."""
    store = campaign.store
    by_step = Timeline(store.read)
    state = None
    for env in store.read():
        state = step(state, env, by_step)
        by_step.remember(env.seq, state)
    replayed = Timeline(store.read)
    assert replayed.state_at(campaign.seq) == state
    for seq in range(1, campaign.seq + 1):  # looked back at, afterwards
        assert replayed.state_at(seq) == by_step.state_at(seq), seq


def test_a_replay_reads_the_log_once_and_its_refolds_from_memory(campaign):
    store = campaign.store
    reads = []

    def read(lo, hi):
        reads.append((lo, hi))
        return store.read(lo, hi)

    timeline = Timeline(read)
    assert campaign.state.corrections  # there are refolds to do
    assert timeline.state_at(campaign.seq) == campaign.state
    assert reads == [(1, campaign.seq)]  # the refolds read what replay had just read
    for lo in range(1, campaign.seq + 1, 5):  # and what it keeps is the file's
        hi = min(campaign.seq, lo + 11)
        assert list(timeline.read(lo, hi)) == list(store.read(lo, hi))
