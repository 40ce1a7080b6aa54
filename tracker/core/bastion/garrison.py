"""A bastion's garrison: its defenders (counted, housed in Barracks, some
named on the roster, moved, struck off, killed) and the refugees it shelters."""

from __future__ import annotations

from msgspec.structs import replace

from ... import i18n
from ...i18n import _, ngettext
from ..errors import Refused
from ..events import Event
from ..handlers import decides, evolves
from ..state import State
from .commands import (DefenderNamed, DefendersMoved, DefenderStruck, HouseRefugees,
                       MoveDefenders, NameDefender, RefugeesHoused, StrikeDefender)
from .lookups import (bastion_of, defenders, facility, facility_name, houses, owned, put,
                      ready, with_facility)
from .model import Bastion, Defender, Facility


def lose_defenders(b: Bastion, n: int) -> Bastion:
    """``b`` after ``n`` of its defenders die, the housed first, from the
    fullest Barrack (which Barrack loses them is not in the source)."""
    housed = min(n, b.defenders)
    b = replace(b, defenders=b.defenders - housed, mercenaries=b.mercenaries - (n - housed))
    return rehoused(b, -housed)


def rehoused(b: Bastion, n: int, clock: int | None = None, rules=None) -> Bastion:
    """``b``'s facilities with ``n`` more defenders housed (less, if negative):
    added where there is room (``rules`` and ``clock`` say how much), the
    fewest housed first; taken from the fullest first."""
    fs = list(b.facilities)
    while n:
        if n > 0:
            open_ = [i for i, f in enumerate(fs) if not f.basic and ready(f, clock)
                     and f.housed < houses(rules, f)]
            if not open_:
                raise Refused(ngettext("no room to house {n} more defender in {owner}'s bastion",
                                       "no room to house {n} more defenders in {owner}'s bastion",
                                       n).format(n=n, owner=b.owner))
            i = min(open_, key=lambda i: fs[i].housed)
        else:
            i = max(range(len(fs)), key=lambda i: fs[i].housed)
        step = 1 if n > 0 else -1
        fs[i] = replace(fs[i], housed=fs[i].housed + step)
        n -= step
    return replace(b, facilities=tuple(fs))


def named(b: Bastion, name: str) -> Defender:
    d = next((d for d in b.roster if d.name.casefold() == name.strip().casefold()), None)
    if d is None:
        raise Refused(_("no defender {name!r} on {owner}'s roster ({roster})").format(
            name=name, owner=b.owner,
            roster=", ".join(x.name for x in b.roster) or _("nobody named yet")))
    return d


def housed_in(b: Bastion, home: int) -> int:
    """Named defenders housed in facility #``home``."""
    return sum(1 for d in b.roster if d.home == home)


@decides(NameDefender)
def decide_name_defender(state: State, cmd: NameDefender, dice) -> list[Event]:
    b = bastion_of(state, cmd.owner)
    name = cmd.name.strip()
    if not 1 <= len(name) <= 40:
        raise Refused(ngettext("a defender's name is 1 to {most} character",
                               "a defender's name is 1 to {most} characters", 40).format(most=40))
    if not 0 <= cmd.home <= 1_000_000:
        raise Refused(_("name the housing facility by its number (0: needs no housing)"))
    return [DefenderNamed(b.owner, name, cmd.home)]


@decides(StrikeDefender)
def decide_strike_defender(state: State, cmd: StrikeDefender, dice) -> list[Event]:
    b = bastion_of(state, cmd.owner)
    d = named(b, cmd.name)
    return [DefenderStruck(b.owner, d.name)]


@decides(MoveDefenders)
def decide_move_defenders(state: State, cmd: MoveDefenders, dice) -> list[Event]:
    b = bastion_of(state, cmd.owner)
    if not (1 <= cmd.source <= 1_000_000 and 1 <= cmd.to <= 1_000_000):
        raise Refused(_("name both Barracks by their numbers"))
    if cmd.name.strip():
        return [DefendersMoved(b.owner, cmd.source, cmd.to, 1, named(b, cmd.name).name)]
    if not 1 <= cmd.count <= 10_000:
        raise Refused(ngettext("move 1 to {most} defender", "move 1 to {most} defenders",
                               10_000).format(most=i18n.number(10_000)))
    return [DefendersMoved(b.owner, cmd.source, cmd.to, cmd.count)]


@decides(HouseRefugees)
def decide_refugees(state: State, cmd: HouseRefugees, dice) -> list[Event]:
    b = bastion_of(state, cmd.owner)
    if not 0 <= cmd.facility <= 1_000_000:
        raise Refused(_("name a basic facility by its number, or 0 for outside the walls"))
    return [RefugeesHoused(b.owner, cmd.facility, cmd.leave)]


@evolves(DefenderNamed)
def evolve_defender_named(state: State, ev: DefenderNamed) -> State:
    b = owned(state, ev.owner)
    if len(b.roster) >= defenders(b):
        raise Refused(ngettext("all {n} of {owner}'s defenders have names",
                               "all {n} of {owner}'s defenders have names", defenders(b)).format(
            n=defenders(b), owner=b.owner))
    if any(d.name.casefold() == ev.name.casefold() for d in b.roster):
        raise Refused(_("{name} is on the roster already").format(name=ev.name))
    if ev.home:
        f = _barrack(state.rules, b, ev.home)
        if housed_in(b, ev.home) >= f.housed:  # its room is not who lives there
            raise Refused(ngettext(
                "{facility} #{id} houses {n} defender and all {named} have names: name them "
                "elsewhere, or move defenders in first",
                "{facility} #{id} houses {n} defenders and all {named} have names: name them "
                "elsewhere, or move defenders in first", f.housed).format(
                facility=facility_name(state.rules, f), id=f.id, n=f.housed,
                named=housed_in(b, ev.home)))
    return put(state, replace(b, roster=b.roster + (Defender(ev.name, ev.home),)))


def _barrack(rules, b: Bastion, fid: int) -> Facility:
    """Facility #``fid``, refused unless it houses defenders."""
    f = facility(b, fid)
    if not houses(rules, f):
        raise Refused(_("{facility} #{id} houses no defenders").format(
            facility=facility_name(rules, f), id=f.id))
    return f


@evolves(DefendersMoved)
def evolve_defenders_moved(state: State, ev: DefendersMoved) -> State:
    b = owned(state, ev.owner)
    rules = state.rules
    src, dst = _barrack(rules, b, ev.source), _barrack(rules, b, ev.to)
    if src.id == dst.id:
        raise Refused(_("they live in #{id} already").format(id=src.id))
    if not ready(dst, state.clock):
        raise Refused(_("{facility} #{id} is still being built").format(
            facility=facility_name(rules, dst), id=dst.id))
    where = f"{facility_name(rules, src)} #{src.id}"
    if ev.name:
        d = named(b, ev.name)
        if d.home != src.id:
            raise Refused(_("{name} lives in #{home}, not #{id}").format(
                name=d.name, home=d.home, id=src.id))
    elif ev.count > src.housed:
        raise Refused(ngettext("{where} houses {n} defender", "{where} houses {n} defenders",
                               src.housed).format(where=where, n=src.housed))
    elif ev.count > (unnamed := max(0, src.housed - housed_in(b, src.id))):
        raise Refused(ngettext("only {n} of {where}'s {housed} defenders has no name: move the "
                               "named by name", "only {n} of {where}'s {housed} defenders has "
                               "no name: move the named by name", unnamed).format(
            n=unnamed, where=where, housed=src.housed))
    room = houses(rules, dst) - dst.housed
    if ev.count > room:
        raise Refused(_("{facility} #{id} has room for {room} more ({housed} of {most} "
                        "housed)").format(facility=facility_name(rules, dst), id=dst.id,
                                          room=room, housed=dst.housed,
                                          most=houses(rules, dst)))
    b = with_facility(with_facility(b, replace(src, housed=src.housed - ev.count)),
                  replace(dst, housed=dst.housed + ev.count))
    if ev.name:
        b = replace(b, roster=tuple(replace(x, home=dst.id) if x.name == ev.name else x
                                    for x in b.roster))
    return put(state, b)


@evolves(DefenderStruck)
def evolve_defender_struck(state: State, ev: DefenderStruck) -> State:
    b = owned(state, ev.owner)
    d = named(b, ev.name)
    return put(state, replace(b, roster=tuple(x for x in b.roster if x is not d)))


@evolves(RefugeesHoused)
def evolve_refugees(state: State, ev: RefugeesHoused) -> State:
    b = owned(state, ev.owner)
    if not b.refugees:
        raise Refused(_("{owner}'s bastion shelters no refugees").format(owner=b.owner))
    if ev.leave:
        return put(state, replace(b, refugees=0, refugees_in=0))
    if ev.facility:
        f = facility(b, ev.facility)
        if not f.basic or not ready(f, state.clock):
            raise Refused(_("refugees go in a built basic facility; {facility} is not one").format(
                facility=facility_name(state.rules, f)))
    return put(state, replace(b, refugees_in=ev.facility))
