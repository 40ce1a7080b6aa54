"""The keystroke's shortcuts (issue 22, ninth pass): each says what the whole
work said. A one-turn dungeon decide folds no turn (the trial folds it) and
decides the same events, refused where it was; the alerts that return early
(no light lit, effects unchanged) and nobody-up, answered once per party and
ruleset, say what their whole bodies say, whatever order states come in; an
alert function is not called when the parts it names are the same objects in
both states, and it says nothing then."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from tracker.core import dice as dicemod
from tracker.core import party, supplies
from tracker.core.advance import advance
from tracker.core.alerts import Alert, alerts, registered
from tracker.core.dungeon import rules as dr
from tracker.core.dungeon import views as dv
from tracker.core.effects import views as ev
from tracker.core.errors import Refused
from tracker.core.lights import views as lv
from tracker.core.party import rules as party_rules
from tracker.core.timeline.fold import Timeline
from tracker.i18n import _
from tracker.store.sqlite import EventStore

GENERATIONS = Path(__file__).parent / "data" / "generations" / "g11-2026-12-02-evening"
CAMPAIGNS = sorted(p.name for p in GENERATIONS.glob("*.campaign"))


def _states(name: str) -> list:
    store = EventStore.open(GENERATIONS / name, readonly=True)
    try:
        t = Timeline(store.read)
        return [t.state_at(seq) for seq in range(1, store.head() + 1)]
    finally:
        store.close()


def _pairs(states: list) -> list:
    """Each entry's (before, after), then pairs in a shuffled order and a state
    against itself: a shortcut that remembers the last state asked about meets
    states it did not see last."""
    rng = random.Random(22)
    pairs = list(zip(states, states[1:]))
    pairs += [(rng.choice(states), rng.choice(states)) for _ in range(len(states))]
    return pairs + [(s, s) for s in states]


def _effects_ended_whole(before, after) -> list[Alert]:
    """``_effects_ended`` without its test of the same effects."""
    ids = {e.id for e in after.effects}
    return [Alert("information", _("Effect ended: {name}").format(name=e.name))
            for e in before.effects if e.id not in ids and e.ends <= after.clock]


def _someone_up_whole(state) -> bool:
    return any(not party_rules.is_dead(state, c) and not party_rules.unable(state, c)
               for c in state.party)


@pytest.mark.parametrize("campaign", CAMPAIGNS)
def test_the_alerts_shortcuts_say_what_the_whole_bodies_say(campaign):
    states = _states(campaign)
    assert any(l.lit for s in states for l in s.lights)  # the campaigns carry lights,
    assert any(s.effects for s in states)  # and have effects run
    told = 0
    for before, after in _pairs(states):
        lights = lv._going_out(before, after)
        assert lv._lights_going_out(before, after) == lights
        effects = _effects_ended_whole(before, after)
        assert ev._effects_ended(before, after) == effects
        assert dv._someone_up(after) == _someone_up_whole(after)
        told += len(lights) + len(effects)
    assert told  # the pairs do tell something


@pytest.mark.parametrize("rid", ["dnd-2024", "dyb-og-drager"])
def test_nobody_up_follows_the_party_and_the_ruleset(make, rid):
    c = make(rid)
    for n in ("Cy", "Di"):
        c.dispatch(party.AddCharacter(n, hp=8))
    c.dispatch(supplies.SetSupplies("torches", 5))
    c.dispatch(dr.EnterDungeon("Vault"))
    seen = [c.state]
    held = {"dnd-2024": "paralyzed", "dyb-og-drager": "paralysed"}[rid]
    for cmd in (party.SetCondition("Cy", held), party.Damage("Di", 8),
                party.SetCondition("Cy", held, on=False)):
        c.dispatch(cmd)
        seen.append(c.state)
    answers = [_someone_up_whole(s) for s in seen]
    assert answers == [True, True, False, True]
    for s in random.Random(1).sample(seen * 3, 12):  # asked in any order
        assert dv._someone_up(s) == _someone_up_whole(s)
    # the same party under another ruleset, which names the condition otherwise
    other = make("dnd-2024" if rid != "dnd-2024" else "dyb-og-drager", name="other").state
    moved = msgspec.structs.replace(seen[2], ruleset=other.ruleset)
    assert moved.party is seen[2].party
    assert dv._someone_up(seen[2]) is False
    assert dv._someone_up(moved) == _someone_up_whole(moved) is True


@pytest.mark.parametrize("campaign", CAMPAIGNS)
def test_one_turn_is_decided_as_the_whole_advance_decided_it(campaign):
    """The same events as ``advance`` (which folded the turn) with the same
    dice, for every state of a delve, in each activity and fast travel."""
    compared = 0
    for seq, state in enumerate(_states(campaign), start=1):
        if not state.dungeon.active:
            continue
        for activity in (*state.rules.dungeon.activities, dr.FAST_TRAVEL):
            fast = activity == dr.FAST_TRAVEL
            seed = f"{state.seed}:{seq + 1}"
            got = dr._advance(state, 1, activity, dicemod.SeededDice(seed), fast)
            dice = dicemod.SeededDice(seed)
            whole = advance(state, 1, lambda s: dr._turn_event(s, activity, dice, fast),
                            dr.evolve_turn, dr._stops(activity))
            assert got == whole
            compared += 1
    assert compared


def test_a_turn_refused_is_refused_by_decide_and_preview(make):
    c = make()
    c.dispatch(party.AddCharacter("Ana"))
    for cmd in (dr.AdvanceTurn(1, "explore"), dr.AdvanceTurn(1, "no-such-activity")):
        with pytest.raises(Refused):
            c.decide(cmd)
        with pytest.raises(Refused):
            c.preview(cmd)
    c.dispatch(dr.EnterDungeon("x"))
    with pytest.raises(Refused, match="no-such-activity"):
        c.decide(dr.AdvanceTurn(1, "no-such-activity"))
    with pytest.raises(Refused, match="no-such-activity"):
        c.preview(dr.AdvanceTurn(1, "no-such-activity"))
    assert c.preview(dr.AdvanceTurn(1, "explore")).dungeon.turn == 1


def test_seeded_dice_roll_what_the_seed_always_rolled():
    """One die alone (a check) and several at once come from the seed's stream
    as ``randint`` drew them, whatever the mix: old campaigns' dice, rolled
    again from their seed, are the ones recorded."""
    rng = random.Random(7)
    for k in range(300):
        seed = f"{rng.randrange(10**9)}:{k}"
        groups = [dicemod.DiceGroup(rng.choice([1, 1, 2, 3]), rng.choice([4, 6, 8, 20, 100]))
                  for _ in range(rng.randint(1, 4))]
        source, stream = dicemod.SeededDice(seed), random.Random(seed)
        for g in groups:
            want = tuple(stream.randint(1, g.sides) for _ in range(g.count))
            assert source.faces(g, "") == (want, False)
    # a campaign's first check, as every tracker since the seed's format rolled it
    assert dicemod.roll("1d6", dicemod.SeededDice("1:305")).dice == \
        (random.Random("1:305").randint(1, 6),)


@pytest.mark.parametrize("campaign", CAMPAIGNS)
def test_an_alert_says_nothing_when_the_parts_it_names_are_the_same(campaign):
    """Each function's ``parts`` hold: with them the same objects in both states
    (all else as the entry left it), it says nothing, so not calling it loses
    nothing; and ``alerts`` says what calling every function said."""
    states = _states(campaign)
    named = [(fn, parts) for fn, parts in registered() if parts]
    assert len(named) >= 10  # the areas name their parts
    told = 0
    for before, after in _pairs(states):
        for fn, parts in named:
            kept = after
            for p in parts:
                kept = _with_part(kept, before, p.split("."))
            assert fn(before, kept) == [], (fn.__qualname__, parts)
        every = [a for fn, _parts in registered() for a in fn(before, after)]
        assert alerts(before, after) == every
        told += len(every)
    assert told


def _with_part(state, other, path: list[str]):
    """``state`` with the part at ``path`` (["dungeon", "checks"]) taken from ``other``."""
    head, rest = path[0], path[1:]
    value = getattr(other, head) if not rest else \
        _with_part(getattr(state, head), getattr(other, head), rest)
    return msgspec.structs.replace(state, **{head: value})


def test_a_part_that_is_no_field_is_refused():
    from tracker.core.alerts import alerting
    with pytest.raises(TypeError, match="no_such_part"):
        alerting(99, parts=("no_such_part",))
    with pytest.raises(TypeError, match="dungeon.1"):
        alerting(99, parts=("dungeon.1",))


def test_a_lone_entry_of_an_area_is_tried_as_every_entry_was(make):
    """``Campaign._trial``'s short way (one entry an area evolves) is taken only
    where the whole way checked nothing more: no correction, no entry that
    looks back (undo, redo, rewind), none that begins a campaign."""
    from tracker.core.handlers import BEGINNERS, EVOLVERS
    from tracker.core.timeline.entries import LOOKING_BACK, EntryCorrected
    assert not set(EVOLVERS) & (set(LOOKING_BACK) | set(BEGINNERS) | {EntryCorrected})
    c = make()
    c.dispatch(party.AddCharacter("Ana"))
    c.dispatch(dr.EnterDungeon("x"))
    for _ in range(6):
        events = [e for e in c._decide(dr.AdvanceTurn(1, "explore"))]
        short = c._trial(events, "y" * 32, 0)
        whole = c._trial_each(events, "y" * 32, 0)
        assert short == whole
        c.dispatch(dr.AdvanceTurn(1, "explore"))
