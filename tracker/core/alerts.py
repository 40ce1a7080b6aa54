"""What the GM must not miss after an action, found by comparing two states."""

from __future__ import annotations

import msgspec

from . import clock, sheet
from .dungeon import rest_status
from .state import State


class Alert(msgspec.Struct, frozen=True):
    severity: str  # "information", "warning" or "error" (Textual's names)
    text: str


def alerts(before: State | None, after: State) -> list[Alert]:
    if before is None:
        return []
    out: list[Alert] = []
    rules = after.rules
    new_checks = _new_checks(before.dungeon.checks, after.dungeon.checks)
    for c in new_checks:
        if c.encounter:
            bits = [f"ENCOUNTER on turn {c.turn} (rolled {c.roll.total})"]
            if c.distance_ft is not None:
                bits.append(f"at {c.distance_ft} ft")
            if c.surprise_party is not None:
                who = [s for s, v in (("party", c.surprise_party),
                                      ("monsters", c.surprise_monsters)) if v]
                bits.append("surprised: " + (" and ".join(who) if who else "nobody"))
            out.append(Alert("error", ", ".join(bits)))
    old = {l.id: l for l in before.lights}
    warn = {k: v.warn_turns for k, v in rules.lights.items()}
    for l in after.lights:
        o = old.get(l.id)
        if o is None or not o.lit:
            continue
        name = rules.lights[l.kind].name if l.kind in rules.lights else l.kind
        who = f" ({l.by})" if l.by else ""
        if not l.lit and l.seconds_left == 0:
            out.append(Alert("error", f"#{l.id} {name}{who} has gone out"))
        elif l.lit:
            left = clock.turns(rules, l.seconds_left)
            if left <= warn.get(l.kind, 1) < clock.turns(rules, o.seconds_left):
                out.append(Alert("warning", f"#{l.id} {name}{who}: {left} turn(s) of light left"))
    r_before, r_after = rest_status(before), rest_status(after)
    if r_after != r_before and after.dungeon.active:
        if r_after == "due":
            out.append(Alert("warning", "The next turn must be a rest"))
        elif r_after == "overdue":
            rest = rules.dungeon.rest
            out.append(Alert("error", f"Rest overdue: {rest.penalty}"))
    if after.dungeon.penalty < before.dungeon.penalty and r_before == "overdue":
        out.append(Alert("error", f"Rest penalty now {after.dungeon.penalty}"))
    ids = {e.id for e in after.effects}
    for e in before.effects:
        if e.id not in ids and e.ends <= after.clock:
            out.append(Alert("information", f"Effect ended: {e.name}"))
    if after.supplies.spoiled > before.supplies.spoiled:
        n = after.supplies.spoiled - before.supplies.spoiled
        out.append(Alert("warning", f"{n} ration(s) spoiled in the damp"))
    if after.supplies.missed_meals > before.supplies.missed_meals:
        n = after.supplies.missed_meals - before.supplies.missed_meals
        out.append(Alert("error", f"Not enough food: {n} meal(s) missed"))
    was = {c.id: c for c in before.party}
    for c in after.party:
        o = was.get(c.id)
        if o is None:
            continue
        st, old = sheet.status(rules, c), sheet.status(rules, o)
        if st != old and st in ("dying", "dead"):
            out.append(Alert("error", f"{c.name} is {st}"))
        if sheet.can_level_up(rules, c) and not sheet.can_level_up(rules, o):
            out.append(Alert("information", f"{c.name} can go up to level {c.level + 1}"))
    for r in after.dungeon.last_hasty_exit:
        if after.dungeon.last_hasty_exit is not before.dungeon.last_hasty_exit:
            if r.saved:
                out.append(Alert("information",
                                 f"{r.name} got out (rolled {r.roll.total}{r.modifier:+d} vs {r.target})"))
            else:
                out.append(Alert("error", f"{r.name} failed the save versus Doom "
                                 f"({r.roll.total}{r.modifier:+d} vs {r.target}): {r.fate}"))
    return out


def _new_checks(before: tuple, after: tuple) -> list:
    """Checks in ``after`` that ``before`` lacks. A turn appends (the same
    objects stay), so look for the old last check by identity first; a
    correction rebuilds them all, and then only a comparison by value will do."""
    if after is before or not after:
        return []
    if before:
        last = before[-1]
        for i in range(len(after) - 1, -1, -1):
            if after[i] is last:
                return list(after[i + 1:])
    seen = set(before)
    return [c for c in after if c not in seen]
