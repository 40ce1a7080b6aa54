"""How the effects area shows: its log lines, alerts and JSON."""

from __future__ import annotations

from ...i18n import _
from ..alerts import Alert, alerting
from ..changes import matched, reads_changes
from ..consequences import tells_consequences
from ..players import Panel, Table, players_view
from ..view import state_view
from .. import clock
from ..events import describes
from ..describe import roll_text
from ..state import State
from .rules import EffectEnded, EffectStarted


# --- how its events read in the log ------------------------------------------------

@describes(EffectStarted)
def _describe_effect_started(ev: EffectStarted, rules) -> str:
    # said in the unit the GM gave (version 2), exactly; version 1 entries as before
    time = clock.counted(ev.unit, ev.count) if ev.unit else clock.span(rules, ev.seconds)
    if ev.roll:
        return _("Effect {name!r} for {time} ({roll})").format(name=ev.name, time=time,
                                                               roll=roll_text(ev.roll))
    return _("Effect {name!r} for {time}").format(name=ev.name, time=time)


@describes(EffectEnded)
def _describe_effect_ended(ev: EffectEnded, rules) -> str:
    return _("Ended effect #{id}").format(id=ev.id)


# --- what time passing did, said in the entry that passed it (core/consequences.py) --


@tells_consequences("effects", order=40)
def _effects_run_out(before: State, after: State) -> list[str]:
    """"Bless ended": an effect whose time ran out (one the GM ends says itself)."""
    ids = {e.id for e in after.effects}
    return [_("{effect} ended").format(effect=e.name) for e in before.effects if e.id not in ids and e.ends <= after.clock]


# --- what the GM must not miss ----------------------------------------------------------


@alerting(40, parts=("effects",))
def _effects_ended(before: State, after: State) -> list[Alert]:
    if before.effects is after.effects:  # the same effects: none of them ended here
        return []
    ids = {e.id for e in after.effects}
    return [Alert("information", _("Effect ended: {name}").format(name=e.name)) for e in before.effects
            if e.id not in ids and e.ends <= after.clock]


# --- its part of `tracker state --json` ----------------------------------------------


@state_view("dungeon.effects", 43)
def _effects_json(state: State) -> list[dict]:
    rules = state.rules
    return [{"id": e.id, "name": e.name, "seconds_left": e.ends - state.clock,
             "turns_left": clock.turns(rules, e.ends - state.clock),
             "ends_at": clock.stamp(rules, e.ends)}
            for e in state.effects]


# --- how a correction's changes read (core/changes.py) -----------------------------------

@reads_changes("dungeon.effects", order=43)
def _effects_changes(before: State, after: State) -> list[str]:
    """ "Bless: 3 turns left → ends now", in the ruleset's unit."""
    rules = after.rules
    left = lambda e, state: _("{time} left").format(time=clock.in_turns(rules, e.ends - state.clock))
    out = []
    for a, b in matched(before.effects, after.effects, lambda e: e.id):
        if a is None:
            out.append(_("{name}: not running → {left}").format(name=b.name, left=left(b, after)))
        elif b is None:
            out.append(_("{name}: {left} → ends now").format(name=a.name, left=left(a, before)))
        elif (x := left(a, before)) != (y := left(b, after)) or a.name != b.name:
            out.append(f"{a.name}: {x} → " + (f"{b.name}, " if a.name != b.name else "") + y)
    return out


# --- what the players see (core/players.py) ---------------------------------------------


@players_view(32)
def _effects_for_players(data: dict, table: Table) -> list[Panel]:
    """Effects and spells running, with their time left in the ruleset's unit."""
    rows = [[e["name"], clock.in_turns(table.rules, e["seconds_left"]), e["ends_at"]]
            for e in (data.get("dungeon") or {}).get("effects", [])]
    return [Panel(_("Effects"), header=[_("Effect"), _("Left"), _("Ends")], rows=rows,
                  kind="effects")] if rows else []
