"""``run_hooks`` skips every time hook in one test when none is due (issue 22,
fifth pass): the ruleset and each due part's value as last seen, the earliest
due time and whether a paused one is due. Skipping must change nothing: a
replay with that test equals, state by state, one where each hook's own
condition is tested, on random campaigns of every area (lights burning out,
rations spoiling and eaten, effects ending, bastion turns falling due,
downtime and nights where lights do not burn)."""

from __future__ import annotations

import shutil

import pytest
from hypothesis import given

from area_checks import SETTINGS
from support import mixes
from tracker.core import timeflow
from tracker.core.timeline.fold import Timeline


def _states(c, n: int) -> list:
    t = Timeline(c.store.read)
    return [t.state_at(s) for s in range(1, n + 1)]


def _both(c) -> tuple[list, list]:
    quick = _states(c, c.seq)
    every = timeflow.run_hooks
    timeflow.run_hooks = timeflow._compiled(timeflow.TIME_HOOKS, quiet=False)
    try:
        slow = _states(c, c.seq)
    finally:
        timeflow.run_hooks = every
    return quick, slow


@SETTINGS
@given(mixes.plans)
def test_skipping_hooks_none_of_which_is_due_changes_no_state(plan):
    c, saves = mixes.play(*plan)
    try:
        quick, slow = _both(c)
        for seq, (a, b) in enumerate(zip(quick, slow), start=1):
            assert a == b, f"state at #{seq}"
    finally:
        c.close()
        shutil.rmtree(saves, ignore_errors=True)


def test_the_registered_hooks_take_the_one_test():
    """Every registered hook is daily or has a due time, so the one test is
    there (a hook with neither would have to be called on every step)."""
    assert "quiet[0]" in timeflow.run_hooks.source
    assert "quiet[0]" not in timeflow._compiled(timeflow.TIME_HOOKS, quiet=False).source


@pytest.mark.parametrize("rid", ["dyb-og-drager", "dolmenwood", "dnd-2024"])
def test_the_demo_campaigns_replay_the_same_without_the_one_test(tmp_path, rid):
    from tracker.demo import STAGES, build
    for stage in STAGES:
        c = build(tmp_path, f"{rid}-{stage}", rid, stage)
        try:
            quick, slow = _both(c)
            assert quick == slow
        finally:
            c.close()


def test_one_part_passes_take_the_same_test_and_go_without_it_with_the_hooks():
    """``run_hooks.alone[part]`` (the dungeon's turn) takes the one test on the
    value it is given, and is made without it where ``run_hooks`` is (the
    replays above compare the two through every dungeon turn)."""
    assert "quiet[0]" in timeflow.run_hooks.alone["dungeon"].source
    slow = timeflow._compiled(timeflow.TIME_HOOKS, quiet=False)
    assert "quiet[0]" not in slow.alone["dungeon"].source
    with pytest.raises(TypeError):
        timeflow.run_hooks.alone["clock"]
