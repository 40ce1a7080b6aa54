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
    lit = (Light(1, "torch", "Bo", 0, True, 600),)
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
    after = run(replace(state, lights=(Light(1, "torch", "Bo", 0, True, 600),)), 60, True, {})
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


def test_a_hook_with_a_due_time_waits_for_the_clock_and_asks_once_per_value(state):
    """``due``: passing time calls no hook until the clock reaches the part's
    due time; the due time is asked once per value of the part (a new value,
    a new question); ``paused``: time passing without burning calls it too."""
    calls, asked = [], []

    def due(lights, rules):
        asked.append(lights)
        return min((l.burns_out_at for l in lights if l.lit), default=None)

    run = _compiled([_Registered(_recording(calls, "lights"), "lights", None, False, due, True)])
    lit = replace(state, lights=(Light(1, "torch", "Bo", 0, True, state.clock + 600),))
    after = run(lit, 300, True, {})
    after = run(after, 299, True, {})
    assert calls == [] and asked == [lit.lights] and after.clock == state.clock + 599
    run(after, 1, True, {})  # the clock reaches the light's time
    assert calls == ["lights"] and asked == [lit.lights]
    run(after, 1, False, {})  # the light's time would move: called, though not due
    assert calls == ["lights", "lights"]
    run(replace(after, lights=()), 1_000, False, {})  # a new value: asked again, None
    assert calls == ["lights", "lights"] and asked == [lit.lights, ()]


def test_a_due_time_is_a_parts_and_paused_needs_one():
    before = list(TIME_HOOKS)
    with pytest.raises(ValueError, match="part"):
        on_time(lambda *a: None, due=lambda v, r: None)
    with pytest.raises(ValueError, match="needs due"):
        on_time(lambda *a: None, when="lights", paused=True)
    assert TIME_HOOKS == before
