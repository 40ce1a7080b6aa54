"""Supplies: torches, oil and rations; rations eaten daily and spoiling underground."""

from __future__ import annotations

from msgspec.structs import replace

from ..party import sheet
from ..errors import Refused
from ...i18n import _
from ..limits import Count, Key
from ..events import Event, event
from ..handlers import Command, decides, evolves
from ..invariants import invariant
from ..state import State
from ..validity import holds_for
from .model import RationBatch, Supplies
from .rations import eat, spoil_limits
from ..clock import days_begun
from ..timeflow import on_time


class SetSupplies(Command, frozen=True):
    kind: str
    count: int
    relative: bool = False  # True: add count (may be negative)


@event("supplies_set", area="supplies")
class SuppliesSet(Event, frozen=True):
    kind: Key
    count: Count  # the new total


@decides(SetSupplies)
def decide_set(state: State, cmd: SetSupplies, dice) -> list[Event]:
    rules = state.rules
    if cmd.kind not in rules.supplies:
        known = ", ".join(rules.supplies)
        raise Refused(_("unknown supply {kind!r}; this ruleset has: {known}").format(
            kind=cmd.kind, known=known))
    new = state.supplies.count(cmd.kind) + cmd.count if cmd.relative else cmd.count
    ev = SuppliesSet(cmd.kind, new)
    set_holds(state, ev)
    return [ev]


@holds_for(SuppliesSet)
def set_holds(state: State, ev: SuppliesSet) -> None:
    """``supplies``: a kind of the ruleset, 0 to 1,000,000."""
    if ev.kind not in state.rules.supplies:
        known = ", ".join(state.rules.supplies)
        raise Refused(_("unknown supply {kind!r}; this ruleset has: {known}").format(
            kind=ev.kind, known=known))
    if ev.count < 0:
        raise Refused(_("{kind}: cannot go below 0 (have {have})").format(
            kind=ev.kind, have=state.supplies.count(ev.kind)))
    if ev.count > 1_000_000:
        raise Refused(_("{kind}: {n} is more than anyone can carry").format(kind=ev.kind,
                                                                            n=ev.count))


@evolves(SuppliesSet)
def evolve_set(state: State, ev: SuppliesSet) -> State:
    if ev.kind not in state.rules.supplies:
        raise Refused(_("unknown supply {kind!r}; this ruleset has: {known}").format(
            kind=ev.kind, known=", ".join(state.rules.supplies)))
    return replace(state, supplies=set_count(state, ev.kind, ev.count))


def set_count(state: State, kind: str, count: int) -> Supplies:
    s = state.supplies
    if kind in state.rules.rations.kinds:
        have = s.count(kind)
        batches = list(s.rations)
        if count > have:  # new food arrives fresh
            batches.append(RationBatch(kind, count - have))
        else:  # remove from the freshest first: the GM used the newest purchase
            drop = have - count
            for i in range(len(batches) - 1, -1, -1):
                b = batches[i]
                if b.kind != kind or drop == 0:
                    continue
                take = min(drop, b.count)
                drop -= take
                batches[i] = replace(b, count=b.count - take)
            batches = [b for b in batches if b.count > 0]
        return replace(s, rations=tuple(batches))
    return replace(s, stock={**s.stock, kind: count})


def take(state: State, kind: str, n: int = 1) -> Supplies:
    """Use ``n`` of a non-ration supply (the caller checked there are enough)."""
    s = state.supplies
    return replace(s, stock={**s.stock, kind: s.stock.get(kind, 0) - n})


def spoil(state: State, elapsed: int) -> Supplies:
    """Age rations that sit in a damp dungeon; spoiled ones are thrown out."""
    s = state.supplies
    if not s.rations:
        return s
    kept, spoiled = [], 0
    limits = spoil_limits(state.rules)
    for b in s.rations:
        limit = limits.get(b.kind)
        if limit is None:
            kept.append(b)
            continue
        b = replace(b, exposed=b.exposed + elapsed)
        if b.exposed >= limit:
            spoiled += b.count
        else:
            kept.append(b)
    return replace(s, rations=tuple(kept), spoiled=s.spoiled + spoiled)


@invariant
def _supplies_hold(state: State):
    s = state.supplies
    for kind, n in s.stock.items():
        if n < 0:
            yield f"leave {n} {state.rules.supplies.get(kind, kind).lower()}"
    if any(b.count < 0 for b in s.rations):
        yield "leave fewer than no rations"


@on_time(daily=True)
def _eat(state: State, elapsed: int, clock: int, burning: bool, changes: dict) -> None:
    """The party's living members eat their rations at each new day."""
    rules = state.ruleset.rules
    eaters = sum(1 for c in state.party if sheet.status(rules, c) != "dead")
    if eaters and rules.rations.malnutrition is not None:
        from .hunger import eat_days  # loaded after this module: the area lists it second
        living = [c.name for c in state.party if sheet.status(rules, c) != "dead"]
        eat_days(state, days_begun(state.rules, state.clock, clock), living,
                 rules.rations.per_character_per_day, changes)
    elif eaters:
        days = days_begun(state.rules, state.clock, clock)
        eaten = replace(state, supplies=changes.get("supplies", state.supplies))
        changes["supplies"] = eat(eaten, days * eaters * rules.rations.per_character_per_day)


@on_time(when="supplies.rations")
def _spoil(state: State, elapsed: int, clock: int, burning: bool, changes: dict) -> None:
    """Rations spoil while the party is underground."""
    if changes.get("dungeon", state.dungeon).active:
        left = replace(state, supplies=changes.get("supplies", state.supplies))
        changes["supplies"] = spoil(left, elapsed)
