"""The documented JSON view of a campaign's state (``tracker state --json``).

A versioned interface: ``format`` changes only when a field changes meaning
or disappears; new fields may be added within a format. See docs/state.md.
Each area registers its part (``@state_view(path, order)``); this module
adds the campaign-wide fields and puts the parts together.
"""

from __future__ import annotations

from typing import Any, Callable

import msgspec

from . import clock
from .state import State

FORMAT = 1

_VIEWS: list[tuple[int, str, Callable[[State], Any]]] = []


def state_view(path: str, order: int):
    """Register ``fn(state)`` as the JSON at ``path`` ("dungeon.lights" nests)."""

    def register(fn):
        _VIEWS.append((order, path, fn))
        _VIEWS.sort(key=lambda v: v[0])
        return fn
    return register


def roll_json(r) -> dict[str, Any] | None:
    return None if r is None else msgspec.to_builtins(r)


def state_json(state: State, seq: int) -> dict[str, Any]:
    rules = state.rules
    t = rules.time
    out: dict[str, Any] = {
        "format": FORMAT,
        "campaign": state.name,
        "seq": seq,
        "ruleset": {"id": rules.meta.id, "name": rules.meta.name, "hash": state.ruleset.hash},
        "manual_dice": state.manual_dice,
        "language": state.language_in_force,
        "session": {"number": state.session, "running": state.in_session},
        "clock": {
            "seconds": state.clock,
            "day": clock.day(rules, state.clock),
            "time": clock.time_of_day(rules, state.clock),
            "turn": state.clock // t.turn_seconds,
            "round": state.clock // t.round_seconds,
            "hour": state.clock // t.hour_seconds,
        },
    }
    for _, path, fn in _VIEWS:
        *outer, key = path.split(".")
        node = out
        for part in outer:
            node = node.setdefault(part, {})
        node[key] = fn(state)
    out["notes"] = state.notes
    out["undo"] = state.last_done.label if state.last_done else None
    out["redo"] = state.redo[0].label if state.redo else None
    return out


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
