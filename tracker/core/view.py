"""The documented JSON view of a campaign's state (``tracker state --json``).

A versioned interface: ``format`` changes only when a field changes meaning
or disappears; new fields may be added within a format. See docs/state.md.
"""

from __future__ import annotations

from typing import Any

import msgspec

from . import clock, sheet
from .dungeon import rest_status, turns_to_next_check
from .state import State

FORMAT = 1


def _roll(r) -> dict[str, Any] | None:
    return None if r is None else msgspec.to_builtins(r)


def character_json(state: State, c) -> dict[str, Any]:
    rules = state.rules
    p = rules.party
    k = sheet.class_of(rules, c)
    out: dict[str, Any] = {
        "id": c.id, "name": c.name, "class": c.cls or None,
        "class_name": k.name if k else None, "level": c.level,
        "hp": c.hp if c.hp_max else None, "hp_max": c.hp_max or None,
        "ac": c.ac if (c.ac or k) else None, "xp": c.xp, "xp_next": sheet.xp_next(rules, c),
        "xp_bonus": sheet.xp_bonus(rules, c),
        "abilities": dict(c.abilities),
        "modifiers": {a: sheet.modifier(p, v) for a, v in c.abilities.items()} if p else {},
        "conditions": list(c.conditions), "exhaustion": c.exhaustion,
        "status": sheet.status(rules, c), "saves": sheet.saves(rules, c),
        "speed": sheet.speed(rules, c), "load": c.load,
        "lights": [l.id for l in state.lights if l.by == c.name and l.lit],
    }
    if k is not None and k.skills:
        out["skills"] = sheet.skills(rules, c)
    if k is not None and k.turning:
        out["turning"] = sheet.turning(rules, c)
    if p is not None and p.proficiency:
        out["proficiency"] = sheet.proficiency(rules, c)
        out["passive_perception"] = sheet.passive_perception(rules, c)
    return out


def state_json(state: State, seq: int) -> dict[str, Any]:
    rules = state.rules
    d = state.dungeon
    t = rules.time
    return {
        "format": FORMAT,
        "campaign": state.name,
        "seq": seq,
        "ruleset": {"id": rules.meta.id, "name": rules.meta.name, "hash": state.ruleset.hash},
        "manual_dice": state.manual_dice,
        "session": {"number": state.session, "running": state.in_session},
        "clock": {
            "seconds": state.clock,
            "day": clock.day(rules, state.clock),
            "time": clock.time_of_day(rules, state.clock),
            "turn": state.clock // t.turn_seconds,
            "round": state.clock // t.round_seconds,
            "hour": state.clock // t.hour_seconds,
        },
        "party": [character_json(state, c) for c in state.party],
        "party_speed": sheet.party_speed(state),
        "dungeon": {
            "active": d.active,
            "name": d.name,
            "depth": d.depth,
            "turn": d.turn,
            "turns_since_rest": d.turns_since_rest,
            "rest_status": rest_status(state),
            "rest_overdue": rest_status(state) == "overdue",
            "rest_penalty": d.penalty,
            "next_check_in": turns_to_next_check(state),
            "lights": [
                {"id": l.id, "kind": l.kind, "by": l.by,
                 "turns_left": clock.turns(rules, l.seconds_left),
                 "seconds_left": l.seconds_left, "lit": l.lit}
                for l in state.lights
            ],
            "checks": [
                {"turn": c.turn, "roll": c.roll.total, "dice": _roll(c.roll),
                 "chance": c.chance, "encounter": c.encounter, "scheduled": c.scheduled,
                 **({"distance_ft": c.distance_ft,
                     "surprise": None if c.surprise_party is None else
                     {"party": c.surprise_party, "monsters": c.surprise_monsters}}
                    if c.encounter else {})}
                for c in d.checks
            ],
            "effects": [
                {"id": e.id, "name": e.name, "seconds_left": e.ends - state.clock,
                 "turns_left": clock.turns(rules, e.ends - state.clock),
                 "ends_at": clock.stamp(rules, e.ends)}
                for e in state.effects
            ],
            "hasty_exit": [
                {"name": r.name, "roll": r.roll.total, "modifier": r.modifier,
                 "target": r.target, "saved": r.saved,
                 "doom_roll": r.doom.total if r.doom else None, "fate": r.fate}
                for r in d.last_hasty_exit
            ],
        },
        "supplies": {
            **{k: state.supplies.count(k) for k in rules.supplies},
            "spoiled": state.supplies.spoiled,
            "eaten": state.supplies.eaten,
            "missed_meals": state.supplies.missed_meals,
        },
        "notes": state.notes,
        "undo": state.last_done.label if state.last_done else None,
        "redo": state.redo[0].label if state.redo else None,
    }


def diff(before: dict[str, Any], after: dict[str, Any], prefix: str = "") -> list[str]:
    """What changed between two JSON states, one line per changed value."""
    out: list[str] = []
    keys = list(before) + [k for k in after if k not in before]
    for k in keys:
        if k in ("seq", "undo", "redo", "dice", "seconds_left"):
            continue
        path = f"{prefix}{k}"
        a, b = before.get(k), after.get(k)
        if a == b:
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            out += diff(a, b, path + ".")
        elif isinstance(a, list) and isinstance(b, list):
            for i in range(max(len(a), len(b))):
                x = a[i] if i < len(a) else None
                y = b[i] if i < len(b) else None
                if x == y:
                    continue
                if isinstance(x, dict) and isinstance(y, dict):
                    out += diff(x, y, f"{path}[{i}].")
                else:
                    out.append(f"{path}[{i}]: {_short(x)} -> {_short(y)}")
        else:
            out.append(f"{path}: {_short(a)} -> {_short(b)}")
    return out


def _short(v: Any) -> str:
    if v is None:
        return "none"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_short(x)}" for k, x in v.items()
                                if k not in ("dice", "seconds_left")) + "}"
    return str(v).lower() if isinstance(v, bool) else str(v)
