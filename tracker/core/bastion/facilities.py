"""A bastion's facilities: special ones added as the owner's level allows
(with their prerequisites), swapped on a level-up and enlarged to Vast; basic
ones built and enlarged."""

from __future__ import annotations

from msgspec.structs import replace

from ... import i18n
from ...i18n import N_, _, ngettext
from ..errors import Refused
from ..events import Event
from ..handlers import decides, evolves
from ..party import rules as party
from ..state import State
from ..validity import holds_for
from .commands import (AddFacility, BasicEnlarged, BasicOrdered, BuildBasic, ChooseAgain,
                       EnlargeBasic, FacilityRechosen,
                       EnlargeFacility, FacilityAdded, FacilityEnlarged, FacilitySwapped,
                       SwapFacility)
from .garrison import rehoused
from .ledger import pay
from ..timeline.hooks import typed_list
from .lookups import (checked_choice, choice_count, choice_term, chosen_now, chosen_words,
                      facility, facility_name, facility_term, find, run_by_living, housing, owned, owner_level, put, ready,
                      specials, specials_allowed, with_facility)
from .model import Bastion, Facility
from .said import Term, say, text


def unconfirmed(state: State, owner: str, kind: str) -> str:
    """What the GM must confirm before ``owner`` takes facility ``kind``: its
    prerequisite when the character sheet does not show it met, else ''."""
    rules = state.rules.bastion
    fdef = rules.facilities[kind]
    if not fdef.prerequisite:
        return ""
    pre = rules.prerequisites.get(fdef.prerequisite)
    if pre is None:  # plain text (a campaign begun before prerequisites were data)
        return fdef.prerequisite
    c = party.find(state, owner)
    return "" if c is not None and c.cls in pre.classes else \
        text(Term(f"bastion.prerequisites.{fdef.prerequisite}.text", pre.text), state.rules)


def _prerequisite(state: State, b: Bastion, kind: str, confirmed: bool) -> bool:
    """Whether the GM's word was needed; refuses a prerequisite not met."""
    rules = state.rules.bastion
    fdef = rules.facilities.get(kind)
    if fdef is None:
        raise Refused(_("no special facility {kind!r}; choose one of: {kinds}").format(
            kind=kind, kinds=", ".join(rules.facilities)))
    need = unconfirmed(state, b.owner, kind)
    if need and not confirmed:
        c = party.find(state, b.owner)
        k = state.rules.party.classes.get(c.cls) if c and c.cls and state.rules.party else None
        name = text(Term(f"bastion.facilities.{kind}", fdef.name), state.rules)
        if k:
            raise Refused(_("{facility} needs an owner who {need}: {who} is a {cls}, which does "
                            "not give it (if a feat, another class or an item does, confirm "
                            "it)").format(facility=name, need=need, who=c.name,
                                          cls=text(Term(f"party.classes.{c.cls}", k.name),
                                                   state.rules)))
        raise Refused(_("{facility} needs an owner who {need}: {owner} has no class on the sheet "
                        "(if a feat, another class or an item does, confirm it)").format(
            facility=name, need=need, owner=b.owner))
    return bool(need)


@decides(AddFacility)
def decide_facility(state: State, cmd: AddFacility, dice) -> list[Event]:
    b = run_by_living(state, cmd.owner, "build nothing")
    confirmed = _prerequisite(state, b, cmd.kind, cmd.qualifies)
    return [FacilityAdded(b.owner, cmd.kind, confirmed, _chosen(state, cmd.kind, cmd.chosen))]


def _chosen(state: State, kind: str, chosen) -> tuple[str, ...]:
    """What is chosen for a new facility of ``kind`` (a Garden's type), as many
    as its kind chooses when built, refused in the GM's words (gm-review4 R2)."""
    fdef = state.rules.bastion.facilities[kind]
    return checked_choice(state.rules, kind, chosen, choice_count(state.rules, kind, fdef.space))


@decides(SwapFacility)
def decide_swap(state: State, cmd: SwapFacility, dice) -> list[Event]:
    b = run_by_living(state, cmd.owner, "build nothing")
    facility(b, cmd.facility)
    confirmed = _prerequisite(state, b, cmd.kind, cmd.qualifies)
    return [FacilitySwapped(b.owner, cmd.facility, cmd.kind, confirmed,
                            _chosen(state, cmd.kind, cmd.chosen))]


@decides(EnlargeFacility)
def decide_enlarge_special(state: State, cmd: EnlargeFacility, dice) -> list[Event]:
    b = run_by_living(state, cmd.owner, "build nothing")
    set_days = state.rules.bastion.enlarge_special.days \
        if state.rules.bastion.enlarge_special else 0
    if set_days and cmd.days and cmd.days != set_days:
        raise Refused(ngettext("the ruleset sets enlarging at {n} day; do not give days",
                               "the ruleset sets enlarging at {n} days; do not give days",
                               set_days).format(n=set_days))
    days = set_days or cmd.days
    if not 1 <= days <= 3660:
        raise Refused(_("the source gives no days for enlarging a special facility: enter them "
                        "(1 to {most})").format(most=i18n.number(3660)))
    f = facility(b, cmd.facility)
    rules = state.rules
    more = 0 if f.basic else \
        choice_count(rules, f.kind, "vast") - choice_count(rules, f.kind, f.space)
    chosen = ()
    if more > 0 and (cmd.chosen or chosen_now(rules, f)):
        # what Vast adds to its choice (a second garden's type): named, or its first again
        fdef = rules.bastion.facilities[f.kind]
        given = tuple(cmd.chosen) or ((f.chosen[-1],) * more if fdef.choice.repeats else ())
        chosen = _vast_adds(rules, f, given)
    elif cmd.chosen:
        _vast_adds(rules, f, cmd.chosen)  # says it adds nothing to choose
    return [FacilityEnlarged(b.owner, cmd.facility, days, chosen)]


def _vast_adds(rules, f: Facility, given) -> tuple[str, ...]:
    """``given`` (ids or names) as what making ``f`` Vast adds to its choice (a
    Vast Garden's second type), refused in the GM's words."""
    more = 0 if f.basic else \
        choice_count(rules, f.kind, "vast") - choice_count(rules, f.kind, f.space)
    if more <= 0:
        raise Refused(_("{facility}: enlarging it adds nothing to choose").format(
            facility=facility_name(rules, f)))
    fdef = rules.bastion.facilities[f.kind]
    chosen = checked_choice(rules, f.kind, given, more)
    twice = next((x for x in chosen if x in f.chosen), None)
    if not fdef.choice.repeats and twice is not None:
        raise Refused(_("{facility}: {option} is chosen twice").format(
            facility=facility_name(rules, f),
            option=text(choice_term(rules, f.kind, twice), rules)))
    return chosen


def _built_with(rules, kind: str, chosen) -> tuple[str, ...]:
    """``chosen`` (ids or names) as what a new facility of ``kind`` chooses when
    built; () stays (), as an entry written before the choice was kept."""
    fdef = rules.bastion.facilities.get(kind) if rules.bastion else None
    if fdef is None or (not chosen and fdef.choice is None):
        return ()
    return checked_choice(rules, kind, chosen, choice_count(rules, kind, fdef.space))


# A facility's choice is corrected on the entry that made it (amend --set
# chosen=herb, or food+herb for a Vast Garden's two halves): what follows is
# replayed with it, and a later order its choice no longer allows becomes the
# one it does (``turn.orders_of_choice``).
def _read_built(state: State, ev, typed: str) -> tuple[str, ...]:
    items = tuple(x for x in typed.split("+") if x.strip())
    if not items:
        fdef = state.rules.bastion.facilities.get(ev.kind)
        if fdef is not None and fdef.choice is not None:
            checked_choice(state.rules, ev.kind, (), choice_count(state.rules, ev.kind,
                                                                  fdef.space))
    return _built_with(state.rules, ev.kind, items)


def _read_enlarged(state: State, ev: FacilityEnlarged, typed: str) -> tuple[str, ...]:
    f = facility(owned(state, ev.owner), ev.facility)
    return _vast_adds(state.rules, f, tuple(x for x in typed.split("+") if x.strip()))


def _built_words(state: State, ev, ids) -> str:
    return text(chosen_words(state.rules, ev.kind, ids), state.rules) if ids else ""


def _enlarged_words(state: State, ev: FacilityEnlarged, ids) -> str:
    b = find(state, ev.owner)
    f = next((x for x in b.facilities if x.id == ev.facility), None) if b else None
    return text(chosen_words(state.rules, f.kind, ids), state.rules) if ids and f else ""


@decides(ChooseAgain)
def decide_choose_again(state: State, cmd: ChooseAgain, dice) -> list[Event]:
    b = run_by_living(state, cmd.owner)
    f = facility(b, cmd.facility)
    ev = FacilityRechosen(b.owner, f.id, _again(state.rules, f, cmd.chosen))
    rechosen_holds(state, ev)
    return [ev]


def _again(rules, f: Facility, given) -> tuple[str, ...]:
    """``given`` (ids or names) as ``f``'s whole choice at its present size, where
    its kind may choose again at any bastion turn (a Pub's drink on tap, a
    Training Area's trainer), refused in the GM's words."""
    fdef = None if f.basic else rules.bastion.facilities.get(f.kind)
    c = fdef.choice if fdef is not None else None
    if c is None:
        raise Refused(_("{facility}: nothing is chosen for it").format(
            facility=facility_name(rules, f)))
    if not c.each_turn:
        raise Refused(_("{facility}: its {what} is not chosen again at a bastion turn").format(
            facility=facility_name(rules, f),
            what=text(Term(f"bastion.facilities.{f.kind}.choice", c.name), rules)))
    return checked_choice(rules, f.kind, given, choice_count(rules, f.kind, f.space))


@holds_for(FacilityRechosen)
def rechosen_holds(state: State, ev: FacilityRechosen) -> None:
    """``facility-choose``: a facility of the owner's that chooses again at any
    turn, given as many of its options as it has at its size, and not what it
    has already."""
    b = owned(state, ev.owner)
    f = facility(b, ev.facility)
    rules = state.rules
    if _again(rules, f, ev.chosen) == chosen_now(rules, f):
        raise Refused(_("{facility} already is {chosen}").format(
            facility=facility_name(rules, f),
            chosen=text(chosen_words(rules, f.kind, ev.chosen), rules)))


@evolves(FacilityRechosen)
def evolve_rechosen(state: State, ev: FacilityRechosen) -> State:
    b = owned(state, ev.owner)
    f = facility(b, ev.facility)
    # what making it Vast adds, kept while that is under way, stays behind it
    return put(state, with_facility(b, replace(f, chosen=tuple(ev.chosen)
                                               + f.chosen[len(ev.chosen):])))


def _read_again(state: State, ev: FacilityRechosen, typed: str) -> tuple[str, ...]:
    f = facility(owned(state, ev.owner), ev.facility)
    return _again(state.rules, f, tuple(x for x in typed.split("+") if x.strip()))


typed_list(FacilityRechosen, "chosen", _read_again, _enlarged_words)
typed_list(FacilityAdded, "chosen", _read_built, _built_words)
typed_list(FacilitySwapped, "chosen", _read_built, _built_words)
typed_list(FacilityEnlarged, "chosen", _read_enlarged, _enlarged_words)


@decides(BuildBasic)
def decide_basic(state: State, cmd: BuildBasic, dice) -> list[Event]:
    b = run_by_living(state, cmd.owner, "build nothing")
    rules = state.rules.bastion
    if cmd.space not in rules.spaces:
        raise Refused(_("no space {space!r}; choose one of: {spaces}").format(
            space=cmd.space, spaces=", ".join(rules.spaces)))
    what = cmd.what.strip() or rules.basic_kinds[0]
    if what not in rules.basic_kinds:
        raise Refused(_("no basic facility {kind!r}; choose one of: {kinds}").format(
            kind=what, kinds=", ".join(rules.basic_kinds)))
    return [BasicOrdered(b.owner, cmd.space, what)]


@decides(EnlargeBasic)
def decide_enlarge(state: State, cmd: EnlargeBasic, dice) -> list[Event]:
    b = run_by_living(state, cmd.owner, "build nothing")
    return [BasicEnlarged(b.owner, cmd.facility)]


def _added(b: Bastion, f: Facility) -> Bastion:
    return replace(b, facilities=b.facilities + (f,), next_id=b.next_id + 1)


def _may_have(state: State, b: Bastion, kind: str, instead: Facility | None = None):
    """The facility definition of ``kind``, refusing what the level or its text forbids."""
    fdef = state.rules.bastion.facilities.get(kind)
    if fdef is None:
        raise Refused(_("no special facility {kind!r}").format(kind=kind))
    level = owner_level(state, b)
    name = Term(f"bastion.facilities.{kind}", fdef.name)
    if level < fdef.level:
        raise Refused(_("{facility} needs an owner of level {need} ({owner} is {level})").format(
            facility=text(name, state.rules), need=fdef.level, owner=b.owner, level=level))
    have = [f for f in specials(b) if f is not instead]
    allowed = specials_allowed(state.rules, level)
    if len(have) >= allowed:
        raise Refused(i18n.ngettext(
            "{owner} (level {level}) has all {n} special facilities the level allows",
            "{owner} (level {level}) has all {n} special facilities the level allows",
            allowed).format(owner=b.owner, level=level, n=allowed))
    if not fdef.many and any(f.kind == kind for f in have):
        raise Refused(_("{owner}'s bastion already has a {facility}").format(
            owner=b.owner, facility=text(name, state.rules)))
    return fdef


@evolves(FacilityAdded)
def evolve_facility(state: State, ev: FacilityAdded) -> State:
    b = owned(state, ev.owner)
    fdef = _may_have(state, b, ev.kind)
    f = Facility(b.next_id, ev.kind, fdef.space, hirelings=fdef.hirelings, ready_at=state.clock,
                 animals=tuple(fdef.starts_with),
                 chosen=_built_with(state.rules, ev.kind, ev.chosen) if ev.chosen else ())
    return put(state, _added(b, f))


@evolves(FacilitySwapped)
def evolve_swapped(state: State, ev: FacilitySwapped) -> State:
    b = owned(state, ev.owner)
    old = facility(b, ev.facility)
    if old.basic:
        raise Refused(_("#{id} is a basic facility: only special ones are swapped").format(
            id=old.id))
    level = owner_level(state, b)
    if level <= b.swap_level:
        raise Refused(_("{owner} has not gained a level since level {level}: a swap comes with "
                        "a level-up").format(owner=b.owner, level=b.swap_level))
    if old.kind == ev.kind:
        raise Refused(_("#{id} already is a {facility}").format(
            id=old.id, facility=facility_name(state.rules, old)))
    fdef = _may_have(state, b, ev.kind, instead=old)
    new = Facility(old.id, ev.kind, fdef.space, hirelings=fdef.hirelings, ready_at=state.clock,
                   animals=tuple(fdef.starts_with),
                   chosen=_built_with(state.rules, ev.kind, ev.chosen) if ev.chosen else ())
    b = with_facility(b, new)
    if old.housed:  # its defenders move to the other Barracks
        room = housing(state.rules, b, state.clock) - (b.defenders - old.housed)
        if room < old.housed:
            raise Refused(i18n.ngettext(
                "{facility} #{id} houses {n} defender and the rest of the bastion has room "
                "for {room}", "{facility} #{id} houses {n} defenders and the rest of the "
                "bastion has room for {room}", old.housed).format(
                facility=facility_name(state.rules, old), id=old.id, n=old.housed, room=room))
        b = rehoused(b, old.housed, state.clock, state.rules)
    return put(state, replace(b, swap_level=level))


@evolves(FacilityEnlarged)
def evolve_enlarged(state: State, ev: FacilityEnlarged) -> State:
    b = owned(state, ev.owner)
    f = facility(b, ev.facility)
    rules = state.rules
    fdef = None if f.basic else rules.bastion.facilities.get(f.kind)
    if fdef is None or fdef.vast is None:
        raise Refused((_("{facility} cannot be enlarged this way (basic-enlarge does that)")
                       if f.basic else _("{facility} cannot be enlarged")).format(
            facility=facility_name(rules, f)))
    if f.vast_at or f.space == "vast":
        raise Refused(_("{facility} is already Vast or being enlarged").format(
            facility=facility_name(rules, f)))
    b = pay(b, state.clock, say(N_("enlarge {facility} to Vast"),
                                facility=facility_term(rules, f)),
            rules.bastion.enlarge_special.gp, rules)
    if ev.chosen:  # checked again: a correction may have set it (amend --set chosen=...)
        _vast_adds(rules, f, ev.chosen)
    done = state.clock + ev.days * rules.time.day_seconds
    # what Vast adds to its choice is kept now; it counts once the facility is Vast (chosen_now)
    return put(state, with_facility(b, replace(f, vast_at=done, chosen=f.chosen + tuple(ev.chosen))))


@evolves(BasicOrdered)
def evolve_basic(state: State, ev: BasicOrdered) -> State:
    b = owned(state, ev.owner)
    sp = state.rules.bastion.spaces.get(ev.space)
    if sp is None:
        raise Refused(_("no space {space!r}").format(space=ev.space))
    b = pay(b, state.clock, say(N_("new {space} {kind}"),
                                space=Term(f"bastion.spaces.{ev.space}", sp.name, lower=True),
                                kind=Term(f"bastion.basic_kinds.{ev.what}", ev.what)),
            sp.add_gp, state.rules)
    ready_at = state.clock + sp.add_days * state.rules.time.day_seconds
    return put(state, _added(b, Facility(b.next_id, ev.what, ev.space, basic=True,
                                          ready_at=ready_at)))


@evolves(BasicEnlarged)
def evolve_enlarge(state: State, ev: BasicEnlarged) -> State:
    b = owned(state, ev.owner)
    f = facility(b, ev.facility)
    rules = state.rules
    sp = rules.bastion.spaces[f.space]
    if not f.basic:
        raise Refused(_("{facility} is a special facility").format(
            facility=facility_name(rules, f)))
    if not ready(f, state.clock):
        raise Refused(_("{facility} is still being built").format(
            facility=facility_name(rules, f)))
    if not sp.enlarge_to:
        raise Refused(_("{facility} is as large as a basic facility gets").format(
            facility=facility_name(rules, f)))
    b = pay(b, state.clock, say(N_("enlarge {facility}"), facility=facility_term(rules, f)),
            sp.enlarge_gp, rules)
    ready_at = state.clock + sp.enlarge_days * rules.time.day_seconds
    big = replace(f, space=sp.enlarge_to, ready_at=ready_at)
    return put(state, replace(b, facilities=tuple(big if x.id == f.id else x
                                                   for x in b.facilities)))
