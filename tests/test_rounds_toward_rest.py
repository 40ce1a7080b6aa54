"""Rounds spent inside a dungeon count toward its rest (gm-review6's "left
out"): the rest rule is a turn of rest per hour of the delve (osr.md §4.1),
however the hour went. Rounds of ``rounds``, of a dungeon evasion and of a
chase add up to turns (a ruleset's ``turn_seconds`` over its
``round_seconds``); each whole turn counts as a turn that is no rest does,
its penalty too; a rest turn clears what was left. CLI and app, corrections
and undo alike; old entries replay as they did."""

from __future__ import annotations

import pytest

from tracker.core import chase as ch
from tracker.core import dungeon as dun
from tracker.core.events import decode
from tracker.core.handlers import EVOLVERS
from tracker.core.party import AddCharacter
from tracker.core.party.rules import AdvanceRounds, RoundsPassed
from tracker.core.timeline.entries import Undo

BX = ("dolmenwood", "dyb-og-drager")


def inside(make, rid):
    c = make(rid)
    c.dispatch(AddCharacter("Bo"))
    c.dispatch(dun.EnterDungeon("A", 1))
    return c


def per_turn(c) -> int:
    t = c.state.rules.time
    return t.turn_seconds // t.round_seconds


@pytest.mark.parametrize("rid", BX)
def test_rounds_add_up_to_turns_since_rest(make, rid):
    c = inside(make, rid)
    n = per_turn(c)
    c.dispatch(AdvanceRounds(n - 1))
    assert c.state.dungeon.turns_since_rest == 0
    c.dispatch(AdvanceRounds(1))
    assert c.state.dungeon.turns_since_rest == 1
    c.dispatch(AdvanceRounds(n // 2))
    c.dispatch(dun.AdvanceTurn(1, "explore"))  # a turn counts one; the half turn is kept
    assert c.state.dungeon.turns_since_rest == 2
    c.dispatch(AdvanceRounds(n - n // 2))
    assert c.state.dungeon.turns_since_rest == 3
    c.dispatch(AdvanceRounds(n // 2))
    c.dispatch(dun.AdvanceTurn(1, "rest"))  # a rest clears both
    assert (c.state.dungeon.turns_since_rest, c.state.dungeon.round_seconds) == (0, 0)


@pytest.mark.parametrize("rid", BX)
def test_an_hour_of_fighting_skips_the_rest(make, rid):
    c = inside(make, rid)
    every = c.state.rules.dungeon.rest.every_turns
    c.dispatch(AdvanceRounds(per_turn(c) * every))
    assert c.state.dungeon.turns_since_rest == every
    assert c.state.dungeon.penalty == c.state.rules.dungeon.rest.penalty_step
    assert dun.rules.rest_status(c.state) == "overdue"


def test_rounds_outside_count_nothing(make):
    c = make("dolmenwood")
    c.dispatch(AdvanceRounds(per_turn(c) * 2))
    assert c.state.dungeon.turns_since_rest == 0


def test_amend_and_undo_recount_the_rounds(make):
    c = inside(make, "dolmenwood")
    n = per_turn(c)
    c.dispatch(AdvanceRounds(n * 2))
    seq = c.seq
    assert c.state.dungeon.turns_since_rest == 2
    c.dispatch(c.amend_command(seq, fields={"rounds": str(n * 3)}))
    assert c.state.dungeon.turns_since_rest == 3
    c.dispatch(c.amend_command(seq, fields={"rounds": "5"}))
    assert c.state.dungeon.turns_since_rest == 0
    c.dispatch(Undo())  # the last correction undone: 3 turns' rounds again
    assert c.state.dungeon.turns_since_rest == 3


@pytest.mark.parametrize("rid", BX)
def test_a_dungeon_evasion_s_rounds_count_too(make, rid):
    c = inside(make, rid)
    n = per_turn(c)
    c.dispatch(AdvanceRounds(n - 1))
    c.dispatch(ch.StartEvasion("dungeon", 120, 120, pursue=True,
                               morale=12 if rid == "dyb-og-drager" else 0, gap=60))
    c.dispatch(ch.RunRound())
    assert c.state.dungeon.turns_since_rest == 1


def test_the_cli_counts_rounds_toward_the_rest(cli):
    cli("new", "r", "--ruleset", "dolmenwood", "--seed", "1")
    cli("do", "r", "enter-dungeon", "A")
    cli("do", "r", "rounds", "120")
    import json
    state = json.loads(cli("state", "r", "--json"))
    assert state["dungeon"]["turns_since_rest"] == 2


def test_old_entries_replay_as_written(make):
    old = decode("rounds_passed", 1, b'{"rounds": 60}')
    assert old == RoundsPassed(60, toward_rest=False)
    c = inside(make, "dolmenwood")
    after = EVOLVERS[RoundsPassed](c.state, old)
    assert after.dungeon.turns_since_rest == 0 and after.clock == c.state.clock + 600
    assert decode("evasion_round_run", 1, b'{}') == ch.evasion.RoundRun(toward_rest=False)
    assert not decode("chase_started", 1, b'{"setting": "urban", "distance": 30}').toward_rest


def test_a_chase_s_rounds_count_where_a_rest_rule_is(make):
    """D&D 2024 has no dungeon rest; with one as a house rule, a chase's rounds
    in a dungeon count toward it (here a round of 300 s: two are a turn)."""
    from tracker.core.campaign.rules import ChangeHouseRule

    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "fighter", abilities=(15, 14, 13, 12, 10, 8)))
    c.dispatch(ChangeHouseRule("dungeon.rest", '{ every_turns = 6, penalty = "tired" }'))
    c.dispatch(ChangeHouseRule("time.round_seconds", "300"))
    c.dispatch(dun.EnterDungeon("A", 1))
    c.dispatch(ch.StartChase("urban", 30))
    c.dispatch(ch.JoinChase("Ana"), [20])
    c.dispatch(ch.JoinChase("Thug", "pursuer", speed=30, con=1, perception=12), [10])
    seen = []
    for _ in range(4):
        c.dispatch(ch.TakeTurn(0), [12])
        seen.append((c.state.chase.round, c.state.dungeon.turns_since_rest))
    assert seen == [(1, 0), (2, 0), (2, 0), (3, 1)]
