"""Time passing: every area's hook is called when what it needs is there,
and only then (replay passes time on nearly every entry)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from tracker.core import engine  # noqa: F401  (registers the areas)
from tracker.core.clock import days_begun
from tracker.core.handlers import EVOLVERS, evolves
from tracker.core.timeflow import TIME_HOOKS, _compiled, _Registered, on_time
from tracker.core.lights.model import Light


@pytest.fixture
def state(make):
    return make().state


def _recording(calls: list, name: str):
    def hook(state, elapsed, clock, burning, changes):
        calls.append(name)
    return hook


def test_a_hook_waits_for_its_part_and_a_daily_one_for_a_new_day(state):
    calls: list[str] = []
    run = _compiled([
        _Registered(_recording(calls, "always"), "", None, False),
        _Registered(_recording(calls, "lights"), "lights", None, False),
        _Registered(_recording(calls, "daily"), "", None, True),
    ])
    minutes = 60
    run(state, 10 * minutes, True, {})
    assert calls == ["always"]
    calls.clear()
    lit = (Light(1, "torch", "Bo", 600, True),)
    run(state, 10 * minutes, True, {"lights": lit})  # a part the caller replaces counts
    assert calls == ["always", "lights"]
    calls.clear()
    day = state.rules.time.day_seconds
    after = run(replace(state, lights=lit), day, True, {})
    assert calls == ["always", "lights", "daily"]
    assert after.clock == state.clock + day and days_begun(state.rules, state.clock, after.clock) == 1


def test_a_hook_sees_what_an_earlier_hook_changed(state):
    seen = []

    def empties(state, elapsed, clock, burning, changes):
        changes["lights"] = ()

    run = _compiled([_Registered(empties, "", None, False),
                     _Registered(lambda *a: seen.append(1), "lights", None, False)])
    after = run(replace(state, lights=(Light(1, "torch", "Bo", 600, True),)), 60, True, {})
    assert after.lights == () and seen == []


def test_a_path_that_is_not_one_is_refused():
    before = list(TIME_HOOKS)
    with pytest.raises(ValueError, match="not a path"):
        on_time(lambda *a: None, when="lights; import os")
    assert TIME_HOOKS == before


def test_an_evolver_with_when_is_called_only_while_its_part_is_there(state):
    class Poked:  # an event type of this test only
        pass

    calls = []
    evolves(Poked)(lambda s, ev: calls.append("first") or s)
    evolves(Poked, when="effects")(lambda s, ev: calls.append("second") or s)
    EVOLVERS[Poked](state, Poked())
    assert calls == ["first"]
    EVOLVERS[Poked](replace(state, effects=("x",)), Poked())
    assert calls == ["first", "first", "second"]
    del EVOLVERS[Poked]
