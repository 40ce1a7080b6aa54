"""How the lights area shows: its log lines, alerts and JSON."""

from __future__ import annotations

from .. import clock
from ..alerts import Alert, alerting, still_there
from ..changes import reads_changes
from ..consequences import tells_consequences
from ..players import Panel, Table, players_view
from ..view import state_view
from ..events import describes
from ..state import State
from .rules import LightDoused, LightLit, LightRelit, find
from ..tally import Tally, tally


# --- how its events read in the log ------------------------------------------------

@describes(LightLit)
def _describe_light_lit(ev: LightLit, rules) -> str:
    name = rules.lights[ev.kind].name if ev.kind in rules.lights else ev.kind
    return f"Lit a {name.lower()}" + (f" carried by {ev.by}" if ev.by else "")


def light_name(rules, light) -> str:
    """A light as the GM knows it: "Frida's lantern (#6)", "a torch set down (#2)"."""
    kind = rules.lights.get(light.kind)
    what = (kind.name if kind else light.kind).split(" (")[0].lower()
    who = f"{light.by}'s {what}" if light.by else f"a {what} set down"
    return f"{who} (#{light.id})"


def _named(rules, state, light_id: int) -> str:
    light = find(state, light_id) if state is not None else None
    return light_name(rules, light) if light is not None else f"light #{light_id}"


@describes(LightDoused, with_state=True)
def _describe_light_doused(ev: LightDoused, rules, state) -> str:
    return f"Doused {_named(rules, state, ev.id)}"


@describes(LightRelit, with_state=True)
def _describe_light_relit(ev: LightRelit, rules, state) -> str:
    return f"Relit {_named(rules, state, ev.id)}"


# --- what time passing did, said in the entry that passed it (core/consequences.py) --


@tells_consequences("lights", order=20)
def _lights_gone_out(before: State, after: State) -> list[str]:
    """"Astrid's torch (#1) went out": a light that burned to its end."""
    return [f"{light_name(after.rules, l)} went out" for o, l in still_there(before.lights, after.lights)
            if o.lit and not l.lit and l.seconds_left == 0]


# --- what the GM must not miss ----------------------------------------------------------


@alerting(20)
def _lights_going_out(before: State, after: State) -> list[Alert]:
    out = []
    rules = after.rules
    for o, l in still_there(before.lights, after.lights):
        if not o.lit:
            continue
        kind = rules.lights.get(l.kind)
        name = light_name(rules, l)
        if not l.lit and l.seconds_left == 0:
            out.append(Alert("error", f"{name[0].upper()}{name[1:]} has gone out"))
        elif l.lit:
            left = clock.turns(rules, l.seconds_left)
            if left <= (kind.warn_turns if kind else 1) < clock.turns(rules, o.seconds_left):
                out.append(Alert("warning", f"{name[0].upper()}{name[1:]}: {left} turn(s) of light left"))
    return out


# --- its part of `tracker state --json` ----------------------------------------------


@state_view("dungeon.lights", 41)
def _lights_json(state: State) -> list[dict]:
    return [{"id": l.id, "kind": l.kind, "by": l.by,
             "turns_left": clock.turns(state.rules, l.seconds_left),
             "seconds_left": l.seconds_left, "lit": l.lit}
            for l in state.lights]


# --- its part of the recap ---------------------------------------------------------------


@tally(20)
class LightsTally(Tally):
    """Lights lit, by kind, and per session in the chart."""

    def __init__(self, sessions: list[int]):
        super().__init__(sessions)
        self.lit: dict[str, int] = {}  # kind's name -> lights lit
        self.per_session = {n: 0 for n in sessions}
        self.rules = None

    def see(self, session, seq, ev, state_at) -> None:
        if isinstance(ev, LightLit):
            self.lit[ev.kind] = self.lit.get(ev.kind, 0) + 1
            self.per_session[session] += 1

    def finish(self, before, after) -> None:
        lights = after.rules.lights  # named by the rules at the end of the span
        self.lights = {}
        for kind, n in self.lit.items():
            name = lights[kind].name if kind in lights else kind
            self.lights[name] = self.lights.get(name, 0) + n

    def lines(self, e) -> list[str]:
        if not self.lights:
            return []
        return ["**Lights lit:** " + ", ".join(f"{n} × {e(k)}" for k, n in self.lights.items())]

    def chart(self, session: int) -> str:
        n = self.per_session[session]
        return f"lights {n:>2} {'▮' * min(n, 8)}"


# --- how a correction's changes read (core/changes.py) -----------------------------------

@reads_changes("dungeon.lights", "party.*.lights", order=41)
def _lights_changes(before: State, after: State) -> list[str]:
    rules = after.rules
    old = {l.id: l for l in before.lights}
    new = {l.id: l for l in after.lights}
    out = []
    for i in sorted(old.keys() | new.keys()):
        a, b = old.get(i), new.get(i)
        name = light_name(rules, b or a)
        left = lambda l: clock.in_turns(rules, l.seconds_left) + " left" if l.lit else "out"
        if a is None:
            out.append(f"{name}: lit, {left(b)}")
        elif b is None:
            out.append(f"{name}: not lit")
        else:
            if a.by != b.by:
                out.append(f"{light_name(rules, a)} → carried by {b.by or 'nobody'}")
            if left(a) != left(b):
                out.append(f"{name}: {left(a)} → {left(b)}")
    return out


# --- what the players see (core/players.py) ---------------------------------------------


@players_view(30)
def _lights_for_players(data: dict, table: Table) -> list[Panel]:
    """Every light burning, and each light set down, with its time left in
    the ruleset's unit (turns, or rounds in its last turn)."""
    rules = table.rules
    rows = []
    for l in (data.get("dungeon") or {}).get("lights", []):
        if not l["lit"]:
            continue
        kind = rules.lights.get(l["kind"])
        what = (kind.name if kind else l["kind"]).split(" (")[0]
        rows.append([what, l["by"] or "set down", clock.in_turns(rules, l["seconds_left"])])
    return [Panel("Lights", header=["Light", "Carried by", "Left"], rows=rows,
                  kind="lights")] if rows else []
