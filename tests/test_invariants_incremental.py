"""Only the checks that read a part of the state a command changed are run
again before it is written (issue 22, eighth pass): ``new_problems`` says
exactly what checking every invariant on both states said, and a command
that breaks one is still refused before anything is written."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from tracker.core import invariants as inv
from tracker.core.dungeon import AdvanceTurn, EnterDungeon
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter
from tracker.core.supplies import SetSupplies
from tracker.core.timeline.fold import Timeline
from tracker.store.sqlite import EventStore

GENERATIONS = Path(__file__).parent / "data" / "generations"


def _every_check(before, after) -> list[str]:
    """What service._new_problems said before: every check on both states."""
    found = inv.problems(after)
    if not found:
        return []
    old = set(inv.problems(before))
    return [p for p in found if p not in old]


def test_every_registered_check_says_what_it_reads():
    """Not for correctness (a check read as "everything" is always run), for
    speed: a check that hands the whole state on is run on every keystroke."""
    for check in inv.CHECKS:
        assert inv.fields_read(check), f"{check.__module__}.{check.__name__} reads it all"


def _hands_on(state):
    return len(str(state))


def _rebinds(state):
    state = state.party
    return state


def _shadows(state):  # the lambda's own state is another name
    return [(lambda state: state)(x) for x in state.party]


def _inside(state):  # read in a comprehension and a function inside
    def deeper():
        return state.lights
    return [c.name for c in state.party if state.clock], deeper()


def _compares(state):
    return [c for c in state.party if c is state]


def _reads_rules(state):
    return state.rules.party, state.clock


def _unknown(state):
    return state.no_such_field


def test_fields_read_is_conservative():
    assert inv.fields_read(_hands_on) is None
    assert inv.fields_read(_rebinds) is None
    assert inv.fields_read(_shadows) == {"party"}
    assert inv.fields_read(_inside) == {"party", "clock", "lights"}
    assert inv.fields_read(_compares) is None
    assert inv.fields_read(_unknown) is None
    assert inv.fields_read(_reads_rules) == {"ruleset", "clock"}  # rules: a property
    assert inv.fields_read(len) is None  # no Python function
    assert inv.fields_read(lambda: 0) is None  # no parameter


def _states(path: Path, limit: int = 400) -> list:
    store = EventStore.open(path, readonly=True)
    try:
        head = min(store.head(), limit)
        t = Timeline(store.read)
        return [t.state_at(seq) for seq in range(1, head + 1)]
    finally:
        store.close()


def _broken(state, rng: random.Random):
    """A state that breaks something, made by hand (as a correction or an
    import could name it): one part replaced, the others the same objects."""
    party = state.party
    choices = [lambda: msgspec.structs.replace(state, clock=-1),
               lambda: msgspec.structs.replace(state, next_id=2_000_000_000)]
    if party:
        c = party[0]
        choices.append(lambda: msgspec.structs.replace(
            state, party=(msgspec.structs.replace(c, xp=-5),) + party[1:]))
        choices.append(lambda: msgspec.structs.replace(state, party=party + (c,)))
    if state.lights:
        light = state.lights[0]
        choices.append(lambda: msgspec.structs.replace(
            state, lights=(msgspec.structs.replace(light, kind="no-such-light"),)
            + state.lights[1:]))
    stock = state.supplies.stock
    if stock:
        kind = next(iter(stock))
        choices.append(lambda: msgspec.structs.replace(state, supplies=msgspec.structs.replace(
            state.supplies, stock={**stock, kind: -3})))
    return rng.choice(choices)()


@pytest.mark.parametrize("campaign", sorted(p.name for p in
                                            (GENERATIONS / "g10-2026-12-02-afternoon").glob(
                                                "*.campaign")))
def test_new_problems_says_what_every_check_said(campaign):
    states = _states(GENERATIONS / "g10-2026-12-02-afternoon" / campaign)
    rng = random.Random(22)
    pairs = list(zip(states, states[1:]))
    broken = [_broken(s, rng) for s in rng.sample(states, min(60, len(states)))]
    pairs += [(s, b) for s, b in zip(states, broken)]  # good to broken
    pairs += [(b, s) for s, b in zip(states, broken)]  # broken to good
    pairs += [(b, _broken(b, rng)) for b in broken]  # broken to broken again
    pairs += [(b, b) for b in broken]
    assert any(_every_check(b, a) for b, a in pairs)  # the pairs do break things
    for before, after in pairs:
        assert inv.new_problems(before, after) == _every_check(before, after)


def test_checks_put_in_place_of_the_registered_ones_are_the_ones_run(make, monkeypatch):
    c = make()
    c.dispatch(EnterDungeon("x"))
    before = c.state
    c.dispatch(AdvanceTurn(1, "explore"))
    assert inv.new_problems(before, c.state) == []
    monkeypatch.setattr(inv, "CHECKS", [lambda state: iter(["a"] if state.dungeon.turn else [])])
    assert inv.new_problems(before, c.state) == ["a"]


def test_a_command_that_breaks_one_is_refused_before_it_is_written(make):
    c = make()
    c.dispatch(AddCharacter("Ana"))
    c.dispatch(SetSupplies("torches", 10))
    c.dispatch(EnterDungeon("x"))
    head = c.store.head()

    @inv.invariant
    def _no_turn_three(state):
        if state.dungeon.turn >= 3:
            yield "reach turn 3"
    try:
        c.dispatch(AdvanceTurn(1, "explore"))
        c.dispatch(AdvanceTurn(1, "explore"))
        with pytest.raises(Refused, match="this would reach turn 3"):
            c.dispatch(AdvanceTurn(1, "explore"))
        assert c.store.head() == head + 2 and c.state.dungeon.turn == 2
    finally:
        inv.CHECKS.remove(_no_turn_three)
