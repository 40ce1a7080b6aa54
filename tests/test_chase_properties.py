"""Property tests over random chases on every ruleset, as tests/test_properties.py
does for the dungeon: a chase replays the same, undo then redo restores it, and
amending a die equals typing it right the first time."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import assume, given, strategies as st

from area_checks import SETTINGS, play, reopens_and_replays_the_same, undo_then_redo_restores
from tracker.core import chase as ch
from tracker.core import party
from tracker.core.timeline.amend import dice_count
from tracker.core.dice import DiceNeeded, ScriptedDice
from tracker.core.errors import Refused
from tracker.core.engine import Redo, Undo, decide, replay
from tracker.service import Campaign

NAMES = ["Ana", "Bo", "Orc", "Dog"]

command = st.one_of(
    st.builds(party.AddCharacter, st.sampled_from(NAMES[:2])),
    st.builds(party.SetExhaustion, st.sampled_from(NAMES[:2]), st.integers(0, 6)),
    st.builds(ch.StartChase, st.sampled_from(["urban", "wilderness"]), st.integers(0, 120)),
    st.builds(ch.JoinChase, st.sampled_from(NAMES), st.sampled_from(["quarry", "pursuer"]),
              st.sampled_from([None, 30, 40]), st.integers(-2, 3)),
    st.builds(ch.TakeTurn, st.one_of(st.none(), st.integers(0, 60)), st.booleans()),
    st.builds(ch.TakeTurn, st.none(), st.just(True)),
    st.builds(ch.TryEscape, st.sampled_from(NAMES),
              st.sampled_from([(), ("cover",), ("open",), ("dense_woods",)])),
    st.builds(ch.LeaveChase, st.sampled_from(NAMES)),
    st.builds(ch.SwapSide, st.sampled_from(NAMES), st.sampled_from(["", "Ana", "Bo"])),
    st.builds(ch.EndChase, st.sampled_from(["caught", "gave up", "escaped"])),
    st.builds(ch.StartEvasion, st.sampled_from(["dungeon", "wilderness", "sea"]),
              st.sampled_from([60, 120, 150]), st.sampled_from([None, 90, 120]),
              st.integers(0, 12), st.booleans(), st.one_of(st.none(), st.integers(1, 30)),
              st.integers(1, 40), st.integers(0, 200), st.sampled_from(["", "party", "monsters"])),
    st.builds(ch.RunRound), st.builds(ch.RunRound),
    st.builds(ch.DropBait, st.sampled_from(["treasure", "food"])),
    st.builds(ch.RollEvasion, st.sampled_from([(), ("dense_woods",)])),
    st.builds(ch.PursueDay),
    st.builds(Undo), st.builds(Redo),
)

scenario = st.tuples(st.sampled_from(["dyb-og-drager", "dolmenwood", "dnd-2024"]),
                     st.integers(0, 1000), st.lists(command, min_size=1, max_size=40))


@SETTINGS
@given(scenario)
def test_a_chase_replays_the_same(sc):
    reopens_and_replays_the_same(*play(*sc), replay)


@SETTINGS
@given(scenario)
def test_undo_then_redo_restores_a_chase(sc):
    undo_then_redo_restores(play(*sc)[0])


# at most 10 ft a turn: a plan that many failed dash saves make impossible is
# skipped, and a retyped die that makes a later turn impossible must be refused
# by the correction exactly when typing it first refuses that turn
turns = st.lists(st.tuples(st.integers(0, 10), st.booleans()), min_size=2, max_size=14)


@SETTINGS
@given(st.integers(0, 99), turns, st.data())
def test_amending_a_turn_equals_entering_it_right(seed, plan, data):
    """Retyping a turn's complication or dash-save dice recomputes who is
    afflicted, exhausted, caught, as if typed right the first time."""
    def start(name):
        c = Campaign.create(Path(tempfile.mkdtemp(prefix="chase-amend-")), name, "dnd-2024", seed)
        c.dispatch(ch.StartChase("urban", 2000))
        c.dispatch(ch.JoinChase("Fox", "quarry", 30, con=0), [15])
        c.dispatch(ch.JoinChase("Hound", "pursuer", 30, con=0, perception=12), [5])
        return c

    def play_turns(c, fix_at=None, fixed=None):
        seqs = []
        for i, (feet, dash) in enumerate(plan):
            out = c.dispatch(ch.TakeTurn(feet, dash), fixed if i == fix_at else None)
            seqs.append(out.envelopes[0].seq)
        return seqs

    wrong = start("wrong")
    try:
        seqs = play_turns(wrong)
    except Refused:  # many failed dash saves slowed the runner below a plan's move
        assume(False)
    i = data.draw(st.integers(0, len(seqs) - 1))
    state_then = wrong.state_at(seqs[i] - 1)
    values = data.draw(st.lists(st.integers(1, 12), min_size=2, max_size=2))
    probe = ScriptedDice(values)
    try:
        decide(state_then, ch.TakeTurn(*plan[i]), probe)
    except DiceNeeded:  # a failure's damage dice too: beyond this test's two dice
        assume(False)
    values = values[:probe.used]
    # a complication that asks for other dice (a save, damage) than the one typed
    # cannot be retyped die for die: that takes undoing the turn
    assume(probe.used == dice_count(wrong.entry(seqs[i]).event))
    try:
        wrong.dispatch(wrong.amend_command(seqs[i], values))
        amended = True
    except Refused:  # the retyped dice make a later turn impossible
        amended = False

    right = start("right")
    try:
        play_turns(right, fix_at=i, fixed=values)
    except Refused:
        assert not amended, "a correction kept a later turn the right dice refuse"
        return
    assert amended, "a correction refused that the same dice typed first allow"
    assert wrong.state.chase == right.state.chase and wrong.state.clock == right.state.clock
    assert replay(list(wrong.store.read())) == wrong.state
    wrong.close(), right.close()
