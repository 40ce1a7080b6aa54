"""A bastion as a whole: founded, combined with another, divested, following
its owner's new name; and what must hold of every bastion (a treasury never
below nothing, defenders in their Barracks, facilities the ruleset knows)."""

from __future__ import annotations

from msgspec.structs import replace

from ...i18n import _, ngettext
from ..errors import Refused
from ..events import Event
from ..handlers import decides, evolves
from ..invariants import invariant
from ..party import rules as party
from ..state import State
from .commands import (BastionFounded, BastionsCombined, CombineBastions, Divest, Divested,
                       NewBastion)
from .lookups import (bastion_of, bastion_rules, facility_name, find, houses, owned, run_by_living,
                      turn_seconds)
from .model import Bastion, Bastions, Facility


@decides(NewBastion)
def decide_new(state: State, cmd: NewBastion, dice) -> list[Event]:
    rules = bastion_rules(state)
    c = party.living_character(state, cmd.owner, "found no bastion")
    if c.level < rules.from_level:
        raise Refused(_("{name} is level {level}; a bastion comes at level {need}").format(
            name=c.name, level=c.level, need=rules.from_level))
    if find(state, c.name) is not None:
        raise Refused(_("{name} already has a bastion").format(name=c.name))
    if len(cmd.name.strip()) > 80:
        raise Refused(ngettext("a bastion name is limited to {n} character",
                               "a bastion name is limited to {n} characters", 80).format(n=80))
    return [BastionFounded(c.name, cmd.name.strip())]


@decides(CombineBastions)
def decide_combine(state: State, cmd: CombineBastions, dice) -> list[Event]:
    if bastion_rules(state).combining is None:
        raise Refused(_("{ruleset} does not combine bastions").format(
            ruleset=state.rules.meta.name))
    a = run_by_living(state, cmd.owner, "combine no bastions")
    p = run_by_living(state, cmd.partner, "combine no bastions")
    if a is p:
        raise Refused(_("{owner}'s bastion cannot be combined with itself").format(owner=a.owner))
    if a.combined and a.combined == p.combined:
        raise Refused(_("{owner}'s and {partner}'s bastions are combined already").format(
            owner=a.owner, partner=p.owner))
    return [BastionsCombined(a.owner, p.owner)]


@decides(Divest)
def decide_divest(state: State, cmd: Divest, dice) -> list[Event]:
    bastion_rules(state)
    b = find(state, cmd.owner)
    if b is None:
        raise Refused(_("{owner} has no bastion").format(owner=cmd.owner or _("nobody")))
    return [Divested(b.owner)]


@evolves(BastionFounded)
def evolve_founded(state: State, ev: BastionFounded) -> State:
    rules = state.rules.bastion
    if rules is None or find(state, ev.owner) is not None:
        raise Refused(_("{owner} cannot found a bastion here").format(owner=ev.owner))
    kinds = rules.basic_kinds
    basics = tuple(Facility(i + 1, kinds[i % len(kinds)], space, basic=True)
                   for i, space in enumerate(rules.start_basic))
    c = party.find(state, ev.owner)
    b = Bastion(ev.owner, ev.name, next_due=state.clock + turn_seconds(state.rules),
                period=turn_seconds(state.rules),
                facilities=basics, next_id=len(basics) + 1,
                swap_level=c.level if c is not None else rules.from_level)
    return replace(state, bastions=Bastions(state.bastions.all + (b,)))


@evolves(BastionsCombined)
def evolve_combined(state: State, ev: BastionsCombined) -> State:
    a, p = owned(state, ev.owner), owned(state, ev.partner)
    if a is p or (a.combined and a.combined == p.combined):
        raise Refused(_("{owner}'s and {partner}'s bastions cannot be combined again").format(
            owner=a.owner, partner=p.owner))
    joining = {g for g in (a.combined, p.combined) if g}
    group = p.combined or a.combined or 1 + max(x.combined for x in state.bastions.all)
    out = tuple(replace(x, combined=group) if x is a or x is p or x.combined in joining else x
                for x in state.bastions.all)
    return replace(state, bastions=Bastions(out))


@evolves(Divested)
def evolve_divested(state: State, ev: Divested) -> State:
    owned(state, ev.owner)
    rest = tuple(b for b in state.bastions.all if b.owner != ev.owner)
    return replace(state, bastions=Bastions(rest))


@party.claims_name
def _departed_owners_name(state: State, name: str) -> str:
    """A bastion whose owner left the party keeps the name: a newcomer (or a
    member renamed) by that name would inherit it, so the name is refused."""
    b = find(state, name)
    if b is None or party.find(state, b.owner) is not None:
        return ""
    return _("{owner}, who left the party, still owns a bastion: a newcomer does not inherit "
             "it; choose another name").format(owner=b.owner)


@evolves(party.CharacterRenamed)
def evolve_renamed(state: State, ev) -> State:
    """A bastion follows its owner's new name."""
    b = find(state, ev.old)
    if b is None:
        return state
    rest = tuple(replace(x, owner=ev.new) if x is b else x for x in state.bastions.all)
    return replace(state, bastions=Bastions(rest))


@invariant
def _bastions_hold(state: State):
    for b in state.bastions.all:
        if b.treasury < 0:
            yield _("leave {owner}'s bastion treasury at {gp} GP").format(owner=b.owner,
                                                                          gp=b.treasury)
        if b.defenders < 0 or b.mercenaries < 0:
            yield _("leave {owner}'s bastion fewer than no defenders").format(owner=b.owner)
        if b.waiting and len(b.waiting) != b.queued:
            yield _("keep the days of {owner}'s waiting bastion turns out of step with "
                    "them").format(owner=b.owner)
        if sum(f.housed for f in b.facilities) != b.defenders:
            yield _("house {owner}'s defenders somewhere other than their Barracks").format(
                owner=b.owner)


class _Where:
    """"Ana's Smithy #3", said when formatted."""

    def __init__(self, rules, b: Bastion, f: Facility):
        self.rules, self.b, self.f = rules, b, f

    def __format__(self, spec: str) -> str:
        return _("{owner}'s {facility} #{id}").format(
            owner=self.b.owner, facility=facility_name(self.rules, self.f), id=self.f.id)


@invariant
def _bastions_under_rules(state: State):
    """What the bastions as they stand need of the ruleset: a house rule (or a
    correction) that takes it away is refused, naming what depends on it."""
    br = state.rules.bastion
    bastions = [b for b in state.bastions.all if not b.abandoned]
    if bastions and br is None:
        yield _("leave the bastions of {owners} without a [bastion] section").format(
            owners=", ".join(b.owner for b in bastions))
        return
    for b in bastions:
        for f in b.facilities:
            where = _Where(state.rules, b, f)  # made into words only when one yields
            if f.space not in br.spaces:
                yield _("leave {where} of size {space!r}, which bastion.spaces lacks").format(
                    where=where, space=f.space)
            if f.basic:
                continue
            fdef = br.facilities.get(f.kind)
            if fdef is None:
                yield _("leave {where} a kind ({kind!r}) that bastion.facilities lacks").format(
                    where=where, kind=f.kind)
                continue
            ids = {o.id for o in fdef.orders}
            for order in (f.order, f.order2):
                if order and order not in ids:
                    yield _("leave {where} working on order {order!r}, which {key} lacks").format(
                        where=where, order=order, key=f"bastion.facilities.{f.kind}.orders")
            room = houses(state.rules, f)
            if f.housed > room:
                yield ngettext("leave {where} housing {n} defender with room for {room} ({key})",
                               "leave {where} housing {n} defenders with room for {room} ({key})",
                               f.housed).format(where=where, n=f.housed, room=room,
                                                key=f"bastion.facilities.{f.kind}.houses")
