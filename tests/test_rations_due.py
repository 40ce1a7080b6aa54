"""Rations keep the clock since which they age underground (issue 22,
fourth pass): passing time changes no batch until one spoils. What they do
must be exactly what the old per-turn ageing gave: every batch of a kind
that spoils underground ages by each step of time the party spends in a
dungeon and is thrown out once its exposure reaches the limit in force;
time outside does not count, food bought underground starts fresh, a house
rule changes the limit from then on, undo and redo move back and forth.

The oracle is the old ageing written out on its own, folded from scratch
over the commands in force after every step.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from tracker.core import dungeon as dun
from tracker.core import supplies
from tracker.core.bastion.commands import Downtime
from tracker.core.campaign import ChangeHouseRule
from tracker.core.schema import seconds
from tracker.core.supplies.rations import exposure
from tracker.core.view import state_json
from tracker.service import Campaign

SETTINGS = settings(max_examples=int(__import__("os").environ.get("PROP_EXAMPLES", "25")),
                    deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                          HealthCheck.function_scoped_fixture])
RULESET = "dolmenwood"  # fresh rations spoil underground, preserved ones later


def old_rations(rules, commands):
    """(batches [kind, count, exposure], spoiled) as the old per-turn ageing left them."""
    limits = {k: seconds(rules, v.spoils_in_dungeon)
              for k, v in rules.rations.kinds.items() if v.spoils_in_dungeon}
    batches, spoiled, underground = [], 0, False
    for cmd in commands:
        if cmd[0] == "enter":
            underground = True
        elif cmd[0] == "leave":
            underground = False
        elif cmd[0] == "rule":
            limits["fresh"] = cmd[1]
        elif cmd[0] == "set":  # as SetSupplies: new food a batch of its own, removed newest first
            kind, count = cmd[1], cmd[2]
            have = sum(b[1] for b in batches if b[0] == kind)
            if count > have:
                batches.append([kind, count - have, 0])
            else:
                drop = have - count
                for b in reversed(batches):
                    if b[0] == kind and drop:
                        take = min(drop, b[1])
                        b[1] -= take
                        drop -= take
                batches = [b for b in batches if b[1] > 0]
        elif cmd[0] == "pass" and underground:  # a turn, or a day of downtime outside
            kept = []
            for b in batches:
                if b[0] in limits:
                    b[2] += cmd[1]
                    if b[2] >= limits[b[0]]:
                        spoiled += b[1]
                        continue
                kept.append(b)
            batches = kept
    return [tuple(b) for b in batches], spoiled


def old_limit(rules, commands) -> int:
    rule = [c[1] for c in commands if c[0] == "rule"]
    return rule[-1] if rule else seconds(rules, rules.rations.kinds["fresh"].spoils_in_dungeon)


def inside(commands) -> bool:
    where = [c[0] for c in commands if c[0] in ("enter", "leave")]
    return bool(where) and where[-1] == "enter"


step = st.one_of(
    st.tuples(st.just("turn"), st.integers(1, 12)),
    st.tuples(st.just("set"), st.sampled_from(["fresh", "preserved"]), st.integers(0, 9)),
    st.tuples(st.just("rule"), st.integers(1, 30)),
    st.tuples(st.just("undo")), st.tuples(st.just("redo")),
    st.tuples(st.just("leave")), st.tuples(st.just("enter")), st.tuples(st.just("downtime")),
)


def _seen(c) -> tuple:
    s = c.state.supplies
    batches = [(b.kind, b.count, exposure(s, b, c.state.clock)) for b in s.rations]
    return batches, state_json(c.state, 0)["supplies"]["spoiled"]


@SETTINGS
@given(st.lists(step, min_size=1, max_size=25))
def test_rations_spoil_as_the_old_per_turn_ageing_had_them(tmp_path_factory, plan):
    saves = tmp_path_factory.mktemp("rations")
    c = Campaign.create(saves, "c", RULESET, 1)
    try:
        c.dispatch(ChangeHouseRule("dungeon.wandering.every_turns", "0"))
        rules = c.state.rules
        turn = rules.time.turn_seconds
        versions, at = [[]], 0

        def did(cmds):
            nonlocal at
            del versions[at + 1:]
            versions.append(cmds)
            at += 1

        for s in plan:
            now = versions[at]
            if s[0] == "turn" and inside(now):
                for _ in range(s[1]):  # one entry each
                    c.dispatch(dun.AdvanceTurn(1, "rest"))
                    did(versions[at] + [("pass", turn)])
            elif s[0] == "set":
                c.dispatch(supplies.SetSupplies(s[1], s[2]))
                did(now + [("set", s[1], s[2])])
            elif s[0] == "rule" and s[1] * turn != old_limit(rules, versions[at]):
                c.dispatch(ChangeHouseRule("rations.kinds.fresh.spoils_in_dungeon",
                                           f'"{s[1]} turns"'))
                did(now + [("rule", s[1] * turn)])
            elif s[0] == "leave" and inside(now):
                c.dispatch(dun.LeaveDungeon())
                did(now + [("leave",)])
            elif s[0] == "enter" and not inside(now):
                c.dispatch(dun.EnterDungeon("Barrow", 1))
                did(now + [("enter",)])
            elif s[0] == "downtime" and not inside(now):
                c.dispatch(Downtime(1))
                did(now + [("pass", rules.time.day_seconds)])
            elif s[0] == "undo" and at > 0:
                c.undo()
                at -= 1
            elif s[0] == "redo" and at < len(versions) - 1:
                c.redo()
                at += 1
            assert _seen(c) == old_rations(rules, versions[at]), s
        head = c.state
    finally:
        c.close()
    again = Campaign.open(saves, "c")
    try:
        assert again.state == head
    finally:
        again.close()


def test_rations_bought_underground_start_fresh_and_time_outside_does_not_count(make):
    c = make(RULESET)
    rules = c.state.rules
    turn = rules.time.turn_seconds
    limit = seconds(rules, rules.rations.kinds["fresh"].spoils_in_dungeon)
    c.dispatch(ChangeHouseRule("dungeon.wandering.every_turns", "0"))
    c.dispatch(supplies.SetSupplies("fresh", 2))
    c.dispatch(dun.EnterDungeon("Barrow", 1))
    half = limit // turn // 2
    for _ in range(half):
        c.dispatch(dun.AdvanceTurn(1, "rest"))
    c.dispatch(supplies.SetSupplies("fresh", 5))  # 3 more, bought from a dungeon merchant
    c.dispatch(dun.LeaveDungeon())
    c.dispatch(Downtime(3))  # outside: nothing ages
    c.dispatch(dun.EnterDungeon("Barrow", 1))
    for _ in range(limit // turn - half):  # the first two reach the limit, exactly
        c.dispatch(dun.AdvanceTurn(1, "rest"))
    s = state_json(c.state, 0)["supplies"]
    assert (s["fresh"], s["spoiled"]) == (3, 2)
    c.undo()  # the turn they spoiled on, taken back
    assert state_json(c.state, 0)["supplies"]["spoiled"] == 0
