"""A light keeps the clock time it burns out at (issue 22, fourth pass):
passing time changes no light until one burns out. What the GM sees must be
exactly what the old count-down gave: ``seconds_left`` decremented by every
turn that burns, and by a day of downtime (gm-review F3: since version 2 of
its entry, days outdoors burn too; older entries' days did not), through dousing,
relighting, refuelling, leaving the dungeon, undo, redo and corrections that
insert a forgotten turn in the past.

The oracle below is the old semantics written out on its own: a list of the
commands in force (undo and redo move along it, an inserted turn goes into
it), folded from scratch after every step into (kind, lit, seconds left).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from tracker.core import dungeon as dun
from tracker.core import lights, party, supplies
from tracker.core.bastion.commands import Downtime
from tracker.core.errors import Refused
from tracker.core.schema import seconds
from tracker.core.view import state_json
from tracker.service import Campaign

SETTINGS = settings(max_examples=int(__import__("os").environ.get("PROP_EXAMPLES", "25")),
                    deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                          HealthCheck.function_scoped_fixture])


def old_lights(rules, commands) -> list[tuple[str, bool, int]]:
    """The lights as the old count-down left them after ``commands``."""
    turn = rules.time.turn_seconds
    out: list[list] = []  # [kind, lit, seconds left]
    for cmd in commands:
        what = cmd[0]
        if what == "light":
            out.append([cmd[1], True, seconds(rules, rules.lights[cmd[1]].duration)])
        elif what == "douse":
            out[cmd[1]][1] = False
        elif what == "relight":
            light = out[cmd[1]]
            if light[2] == 0:  # refuelled
                light[2] = seconds(rules, rules.lights[light[0]].duration)
            light[1] = True
        elif what == "turn":  # every lit light burns a turn; a spent one goes out
            for light in out:
                if light[1]:
                    light[2] = max(0, light[2] - turn)
                    light[1] = light[2] > 0
        elif what == "leave":  # spent torches stay behind; the rest are doused
            out = [l for l in out if l[2] > 0 or rules.lights[l[0]].refuel]
            for light in out:
                light[1] = False
        elif what == "downtime":  # a day burns every lit light (an hour or more: out)
            for light in out:
                if light[1]:
                    light[2] = max(0, light[2] - rules.time.day_seconds)
                    light[1] = light[2] > 0
        # "enter": no light burns
    return [tuple(l) for l in out]


def inside(commands) -> bool:
    where = [c[0] for c in commands if c[0] in ("enter", "leave")]
    return bool(where) and where[-1] == "enter"


step = st.one_of(
    st.tuples(st.just("light"), st.sampled_from(["torch", "lantern"])),
    st.tuples(st.just("douse"), st.floats(0, 1)),
    st.tuples(st.just("relight"), st.floats(0, 1)),
    st.tuples(st.just("turn"), st.sampled_from(["explore", "rest"])),
    st.tuples(st.just("turn"), st.just("explore")),
    st.tuples(st.just("undo")), st.tuples(st.just("redo")),
    st.tuples(st.just("insert"), st.floats(0, 1)),
    st.tuples(st.just("amend"), st.floats(0, 1)),
    st.tuples(st.just("leave")), st.tuples(st.just("enter")),
    st.tuples(st.just("downtime")),
)


def _pick(indices: list[int], f: float) -> int | None:
    return indices[min(len(indices) - 1, int(f * len(indices)))] if indices else None


class Play:
    """The campaign and the oracle's commands in force, moved together."""

    def __init__(self, c: Campaign):
        self.c = c
        self.versions = [[]]  # each a list of (command, seq of its entry or None)
        self.at = 0

    @property
    def now(self) -> list:
        return self.versions[self.at]

    def did(self, commands: list) -> None:
        del self.versions[self.at + 1:]
        self.versions.append(commands)
        self.at += 1

    def run(self, cmd, engine_cmd) -> None:
        out = self.c.dispatch(engine_cmd)
        self.did(self.now + [(cmd, out.envelopes[0].seq)])

    def lights_now(self) -> list[tuple[str, bool, int]]:
        return old_lights(self.c.state.rules, [cmd for cmd, _ in self.now])

    def step(self, s) -> None:
        what, cmds = s[0], [cmd for cmd, _ in self.now]
        known = old_lights(self.c.state.rules, cmds)
        ids = [l.id for l in self.c.state.lights]
        if what == "light":
            self.run(("light", s[1]), lights.LightSource(s[1], "Ana"))
        elif what == "douse":
            i = _pick([i for i, l in enumerate(known) if l[1]], s[1])
            if i is not None:
                self.run(("douse", i), lights.DouseLight(ids[i]))
        elif what == "relight":
            i = _pick([i for i, l in enumerate(known) if not l[1] and
                       (l[2] > 0 or l[0] == "lantern")], s[1])
            if i is not None:
                self.run(("relight", i), lights.RelightLight(ids[i]))
        elif what == "turn" and inside(cmds):
            self.run(("turn", s[1]), dun.AdvanceTurn(1, s[1]))
        elif what == "leave" and inside(cmds):
            self.run(("leave",), dun.LeaveDungeon())
        elif what == "enter" and not inside(cmds):
            self.run(("enter",), dun.EnterDungeon("Crypt", 1))
        elif what == "downtime" and not inside(cmds):
            self.run(("downtime",), Downtime(1))
        elif what == "undo" and self.at > 0:
            self.c.undo()
            self.at -= 1
        elif what == "redo" and self.at < len(self.versions) - 1:
            self.c.redo()
            self.at += 1
        elif what in ("insert", "amend"):
            # a turn in force, in the dungeon, with an entry of its own: a forgotten
            # turn inserted after it, or its activity retyped (no light changes)
            turns = [i for i, (cmd, seq) in enumerate(self.now)
                     if cmd[0] == "turn" and seq is not None]
            i = _pick(turns, s[1])
            if i is None:
                return
            seq = self.now[i][1]
            if what == "insert":
                then = self.now[:i + 1] + [(("turn", "explore"), None)] + self.now[i + 1:]
                cmd = lambda: self.c.amend_command(seq, insert=("turn", "explore"))  # noqa: E731
            else:
                other = "rest" if self.now[i][0][1] == "explore" else "explore"
                then = self.now[:i] + [(("turn", other), None)] + self.now[i + 1:]
                cmd = lambda: self.c.amend_command(seq, fields={"activity": other})  # noqa: E731
            try:  # a later entry the change would break (a douse of a light gone out)
                self.c.dispatch(cmd())
            except Refused:
                return
            self.did(then)


def _seen(state) -> list[tuple[str, bool, int]]:
    return [(l["kind"], l["lit"], l["seconds_left"])
            for l in state_json(state, 0)["dungeon"]["lights"]]


@SETTINGS
@given(st.lists(step, min_size=1, max_size=40))
def test_lights_show_what_the_old_count_down_gave(tmp_path_factory, plan):
    saves = tmp_path_factory.mktemp("lights")
    c = Campaign.create(saves, "c", "dyb-og-drager", 1)
    try:
        c.dispatch(party.AddCharacter("Ana"))
        c.dispatch(supplies.SetSupplies("torches", 100))
        c.dispatch(supplies.SetSupplies("oil", 100))
        play = Play(c)
        play.run(("enter",), dun.EnterDungeon("Crypt", 1))
        play.versions, play.at = [play.now], 0  # the start: not to be undone
        for s in plan:
            play.step(s)
            assert _seen(c.state) == play.lights_now(), s
        head = c.state
    finally:
        c.close()
    again = Campaign.open(saves, "c")  # replayed from the file (and its snapshots)
    try:
        assert again.state == head
        assert _seen(again.timeline.state_at(again.seq)) == _seen(head)
    finally:
        again.close()


def test_a_light_lit_burned_doused_relit_corrected_and_undone(make):
    """The story of one torch, step by step, against the numbers the old
    count-down showed (every figure read from the ruleset)."""
    c = make()
    rules = c.state.rules
    turn, torch = rules.time.turn_seconds, seconds(rules, rules.lights["torch"].duration)
    c.dispatch(party.AddCharacter("Ana"))
    c.dispatch(supplies.SetSupplies("torches", 3))
    c.dispatch(dun.EnterDungeon("Crypt", 1))
    c.dispatch(lights.LightSource("torch", "Ana"))
    left = lambda: state_json(c.state, 0)["dungeon"]["lights"][0]["seconds_left"]  # noqa: E731
    first = c.dispatch(dun.AdvanceTurn(1, "explore")).envelopes[0].seq
    c.dispatch(dun.AdvanceTurn(1, "explore"))
    assert left() == torch - 2 * turn
    c.dispatch(lights.DouseLight(c.state.lights[0].id))
    c.dispatch(dun.AdvanceTurn(1, "explore"))  # doused: it does not burn
    assert left() == torch - 2 * turn and not c.state.lights[0].lit
    c.dispatch(lights.RelightLight(c.state.lights[0].id))
    c.dispatch(dun.AdvanceTurn(1, "explore"))
    assert left() == torch - 3 * turn
    c.dispatch(c.amend_command(first, insert=("turn", "explore")))  # a forgotten turn
    assert left() == torch - 4 * turn
    c.undo()  # the correction taken back
    assert left() == torch - 3 * turn
    c.redo()
    assert left() == torch - 4 * turn
    while c.state.lights[0].lit:  # burns to its end, and goes out on the turn it is due
        c.dispatch(dun.AdvanceTurn(1, "explore"))
    assert left() == 0 and c.state.lights[0].spent
    assert state_json(c.state, 0)["dungeon"]["lights"][0]["turns_left"] == 0


def test_downtime_written_before_version_2_keeps_a_lit_lights_time(make):
    """An old campaign's downtime (entry version 1) passed days without
    burning: read today, a light lit outside keeps the seconds it had (its
    burn-out time moves on with the clock), as when it was written."""
    from tracker.core.engine import evolve
    from tracker.core.events import decode
    c = make()
    c.dispatch(party.AddCharacter("Ana"))
    c.dispatch(supplies.SetSupplies("torches", 1))
    c.dispatch(lights.LightSource("torch", "Ana"))
    before = state_json(c.state, 0)["dungeon"]["lights"]
    old = decode("downtime_passed", 1, b'{"days":2}')
    assert old.lights_burn is False
    state = evolve(c.state, old)
    assert state.clock == 2 * state.rules.time.day_seconds
    assert state_json(state, 0)["dungeon"]["lights"] == before and state.lights[0].lit
    assert decode("downtime_passed", 2, b'{"days":2}').lights_burn


