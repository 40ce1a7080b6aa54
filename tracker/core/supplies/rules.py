"""Supplies: torches, oil and rations; rations eaten daily and spoiling underground."""

from __future__ import annotations

from msgspec.structs import replace

from ..party import sheet
from ..errors import Refused
from ...i18n import _
from ..terms import known_words
from ..limits import Count, Key
from ..events import Event, event
from ..handlers import Command, decides, evolves
from ..invariants import invariant
from ..state import State
from ..validity import holds_for
from .model import RationBatch, Supplies
from .rations import eat, exposure, settled, spoil_limits, spoils_at
from ..campaign.rules import RulesetChanged
from ..dungeon.rules import DungeonEntered, DungeonLeft
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
        known = known_words(rules, "supplies", rules.supplies)
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
        known = known_words(state.rules, "supplies", state.rules.supplies)
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
            kind=ev.kind, known=known_words(state.rules, "supplies", state.rules.supplies)))
    return replace(state, supplies=set_count(state, ev.kind, ev.count))


def set_count(state: State, kind: str, count: int) -> Supplies:
    s = state.supplies
    if s.aging_since is not None:  # underground: new food is fresh from now on
        s = settled(s, state.clock, state.rules)
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


def add_found(state: State, rations: int) -> Supplies:
    """The supplies with ``rations`` found on the road added (to the ruleset's
    first ration kind, fresh) and counted as found."""
    kind = next(iter(state.rules.rations.kinds))
    s = set_count(state, kind, state.supplies.count(kind) + rations)
    return replace(s, found={**s.found, kind: s.found.get(kind, 0) + rations})


def take(state: State, kind: str, n: int = 1) -> Supplies:
    """Use ``n`` of a non-ration supply (the caller checked there are enough)."""
    s = state.supplies
    return replace(s, stock={**s.stock, kind: s.stock.get(kind, 0) - n})


def spoil(s: Supplies, rules, clock: int) -> Supplies:
    """Rations that sat in a damp dungeon long enough by ``clock`` are thrown out."""
    kept, spoiled = [], 0
    limits = spoil_limits(rules)
    for b in s.rations:
        limit = limits.get(b.kind)
        if limit is not None and exposure(s, b, clock) >= limit:
            spoiled += b.count
        else:
            kept.append(b)
    return replace(s, rations=tuple(kept), spoiled=s.spoiled + spoiled)


# rations age only underground: from entering (or a house rule changing what
# spoils, counted anew from then) to leaving; the clock moves only by time passing
@evolves(DungeonEntered)
def _aging_begins(state: State, ev: DungeonEntered) -> State:
    if state.supplies.aging_since is not None:  # already underground: still ageing
        return state
    return replace(state, supplies=settled(state.supplies, state.clock, state.rules))


@evolves(DungeonLeft)
def _aging_ends(state: State, ev: DungeonLeft) -> State:
    if state.supplies.aging_since is None:
        return state
    return replace(state, supplies=settled(state.supplies, state.clock))


@evolves(RulesetChanged)
def _aging_under_new_rules(state: State, ev: RulesetChanged) -> State:
    """Exposure so far counted for the kinds that spoiled under the old rules;
    from now on, those that spoil under the new."""
    if state.supplies.aging_since is None:
        return state
    return replace(state, supplies=settled(state.supplies, state.clock, state.rules))


@invariant
def _supplies_hold(state: State):
    s = state.supplies
    for kind, n in s.stock.items():
        if n < 0:
            yield f"leave {n} {state.rules.supplies.get(kind, kind).lower()}"
    if any(b.count < 0 for b in s.rations):
        yield "leave fewer than no rations"


_hunger = None  # the module .hunger, once a meal needed it


@on_time(daily=True)
def _eat(state: State, elapsed: int, clock: int, burning: bool, changes: dict) -> None:
    """The party's living members eat their rations at each new day."""
    rules = state.ruleset.rules
    living = _living(rules, state.party)
    eaters = len(living)
    if eaters and rules.rations.malnutrition is not None:
        global _hunger
        if _hunger is None:  # imported once: an import statement cost each day's meal more
            from . import hunger as _hunger  # loaded after this module: the area lists it second
        _hunger.eat_days(state, days_begun(rules, state.clock, clock), living,
                         rules.rations.per_character_per_day, changes)
    elif eaters:
        days = days_begun(state.rules, state.clock, clock)
        eaten = replace(state, supplies=changes.get("supplies", state.supplies))
        changes["supplies"] = eat(eaten, days * eaters * rules.rations.per_character_per_day)


def _living(rules, party) -> list[str]:
    """The names of those not dead (``sheet.status``), in the party's order: a
    member ``status`` would settle by its first tests (dead, at the last level of
    exhaustion, or "ok" above 0 HP) is not asked (every day's meal)."""
    p = rules.party
    top = p.exhaustion_max if p is not None else 0
    # (one comprehension: every day's meal asks)
    return [c.name for c in party
            if not (c.dead or (top and c.exhaustion >= top))  # dead, as status says first
            and (not c.hp_max or c.hp > 0 or sheet.status(rules, c) != "dead")]


# passing time changes no batch until the first one spoils (``due``)
@on_time(when="supplies", due=spoils_at)
def _spoil(state: State, elapsed: int, clock: int, burning: bool, changes: dict) -> None:
    """Rations spoil while the party is underground."""
    changes["supplies"] = spoil(changes.get("supplies", state.supplies), state.rules, clock)
