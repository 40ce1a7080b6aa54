"""How the lights area shows: its log lines, alerts and JSON."""

from __future__ import annotations

from ...i18n import _, ngettext, pgettext
from .. import clock
from ..alerts import Alert, alerting, still_there
from ..changes import reads_changes
from ..consequences import tells_consequences
from ..players import Panel, Table, players_view
from ..view import state_view
from ..events import describes
from ..state import State
from ..touched import touches
from ..timeline.hooks import names_a_term
from .rules import LightDoused, LightLit, LightRelit, LightTaken, dropped_by, find

names_a_term(LightLit, "kind", "lights")
from ..tally import Tally, tally
from ..terms import term


# --- how its events read in the log ------------------------------------------------

@describes(LightLit)
def _describe_light_lit(ev: LightLit, rules) -> str:
    name = kind_name(rules, ev.kind)
    if ev.by:
        return _("Lit a {light} carried by {who}").format(light=name, who=ev.by)
    return _("Lit a {light}").format(light=name)


def kind_name(rules, kind: str) -> str:
    """A kind of light in the GM's language, lower case as in a sentence: "torch".
    The part before " (" only: a ruleset recorded before issue 23 may still
    say "Fakkel (torch)"."""
    return term(rules, f"lights.{kind}", kind).split(" (")[0].lower()


def light_name(rules, light, state=None) -> str:
    """A light as the GM knows it: "Frida's lantern (#6)", "a torch set down (#2)";
    with ``state``, a dead carrier's: "a torch dropped by Bo (#6)"."""
    what = kind_name(rules, light.kind)
    if state is not None and (who := dropped_by(state, light)):
        return _("a {light} dropped by {who} (#{id})").format(light=what, who=who, id=light.id)
    if light.by:
        return _("{who}'s {light} (#{id})").format(who=light.by, light=what, id=light.id)
    return _("a {light} set down (#{id})").format(light=what, id=light.id)


def _named(rules, state, light_id: int) -> str:
    light = find(state, light_id) if state is not None else None
    return light_name(rules, light, state) if light is not None else \
        _("light #{id}").format(id=light_id)


@describes(LightDoused, with_state=True)
def _describe_light_doused(ev: LightDoused, rules, state) -> str:
    return _("Doused {light}").format(light=_named(rules, state, ev.id))


@describes(LightRelit, with_state=True)
def _describe_light_relit(ev: LightRelit, rules, state) -> str:
    return _("Relit {light}").format(light=_named(rules, state, ev.id))


@describes(LightTaken, with_before=True)
def _describe_light_taken(ev: LightTaken, rules, state=None, before=None) -> str:
    """"Bo takes a torch dropped by Ana (#3)": the light as it was before."""
    light = find(before, ev.id) if before is not None else None
    if light is None:
        return _("{who} takes light #{id}").format(who=ev.by, id=ev.id)
    return _("{who} takes {light}").format(who=ev.by, light=light_name(rules, light, before))


# --- what time passing did, said in the entry that passed it (core/consequences.py) --


@tells_consequences("lights", order=20)
def _lights_gone_out(before: State, after: State) -> list[str]:
    """"Astrid's torch (#1) went out": a light that burned to its end."""
    return [_("{light} went out").format(light=light_name(after.rules, l, after))
            for o, l in still_there(before.lights, after.lights) if o.lit and l.spent]


@tells_consequences("party", order=21, at_once=True)
def _lights_fallen(before: State, after: State) -> list[str]:
    """"Bo's torch (#3) falls": its carrier died or left, the light lit."""
    return [_("{light} falls").format(light=light_name(after.rules, o))
            for o, _l in _fallen(before, after)]


def _fallen(before: State, after: State) -> list:
    """(light before, after) of each lit light its carrier let fall in this
    entry: they died, or left the party."""
    out = []
    for o, l in still_there(before.lights, after.lights):
        if not (o.lit and l.lit and o.by) or dropped_by(before, o):
            continue
        if dropped_by(after, l) or (not l.by and all(c.name != o.by for c in after.party)):
            out.append((o, l))
    return out


# --- whom an entry touched (core/touched.py: the log's character filter) ---------------


@touches("lights", order=30)
def _carriers_touched(before: State, after: State) -> list[str]:
    """A light that changed hands: both its carriers ("Bo takes Ana's torch"
    is found under Ana too, an entry written before ``light_taken`` named
    the carrier it was taken from as well: known-issue 5)."""
    return [n for o, l in still_there(before.lights, after.lights) if o.by != l.by
            for n in (o.by, l.by) if n]


# --- what the GM must not miss ----------------------------------------------------------


@alerting(20)
def _lights_going_out(before: State, after: State) -> list[Alert]:
    # ``_going_out`` passes over each light that was lit before (``o.lit``), and
    # only over those: with none lit (no light carried, or all out, as in most
    # turns of a delve without one), there is nothing to tell
    for o in before.lights:
        if o.lit:
            return _going_out(before, after)
    return []


def _going_out(before: State, after: State) -> list[Alert]:
    out = []
    rules = after.rules
    for o, l in still_there(before.lights, after.lights):
        if not o.lit:
            continue
        kind = rules.lights.get(l.kind)
        name = light_name(rules, l, after)
        if l.spent:
            out.append(Alert("error", _first_up(_("{light} has gone out").format(light=name))))
        elif l.lit:
            left = clock.turns(rules, l.left(after.clock))
            if left <= (kind.warn_turns if kind else 1) < \
                    clock.turns(rules, o.left(before.clock)):
                out.append(Alert("warning", _first_up(ngettext(
                    "{light}: {n} turn of light left", "{light}: {n} turns of light left",
                    left).format(light=name, n=left))))
    for o, _l in _fallen(before, after):
        out.append(Alert("warning", _first_up(_(
            "{light} falls and burns on where it lies: no one carries it").format(
                light=light_name(rules, o)))))
    return out


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- its part of `tracker state --json` ----------------------------------------------


@state_view("dungeon.lights", 41)
def _lights_json(state: State) -> list[dict]:
    # a lit light keeps the clock it burns out at: its seconds left are derived
    now = state.clock
    return [{"id": l.id, "kind": l.kind, "by": l.by,
             "turns_left": clock.turns(state.rules, l.left(now)),
             "seconds_left": l.left(now), "lit": l.lit,
             "dropped": bool(dropped_by(state, l))}  # its carrier died: it lies where they fell
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
        rules = after.rules  # named by the rules at the end of the span
        self.lights = {}
        for kind, n in self.lit.items():
            name = term(rules, f"lights.{kind}", kind)
            self.lights[name] = self.lights.get(name, 0) + n

    def lines(self, e) -> list[str]:
        if not self.lights:
            return []
        return [_("**Lights lit:** {lights}").format(
            lights=", ".join(f"{n} × {e(k)}" for k, n in self.lights.items()))]

    def chart(self, session: int) -> str:
        n = self.per_session[session]
        # TRANSLATORS: the recap's chart; keep it short (a fixed-width column)
        word = _("lights")  # outside the f-string: Babel extracts no call inside one
        return f"{word} {n:>2} {'▮' * min(n, 8)}"


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
        def left(l, now):
            return _("{time} left").format(time=clock.in_turns(rules, l.left(now))) \
                if l.lit else _("out")
        if a is None:
            out.append(_("{light}: lit, {left}").format(light=name, left=left(b, after.clock)))
        elif b is None:
            out.append(_("{light}: not lit").format(light=name))
        else:
            if a.by != b.by:
                out.append((_("{light} → carried by {who}").format(light=light_name(rules, a),
                                                                    who=b.by) if b.by else
                            _("{light} → carried by nobody").format(light=light_name(rules, a))))
            was, now = left(a, before.clock), left(b, after.clock)
            if was != now:
                out.append(f"{name}: {was} → {now}")
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
        what = term(rules, f"lights.{l['kind']}", kind.name if kind else l["kind"]).split(" (")[0]
        by = _("dropped ({who})").format(who=l["by"]) if l.get("dropped") else \
            l["by"] or _("set down")
        rows.append([what, by, clock.in_turns(rules, l["seconds_left"])])
    return [Panel(_("Lights"), header=[pgettext("lights table", "Light"), _("Carried by"),
                                       _("Left")], rows=rows,
                  kind="lights")] if rows else []
