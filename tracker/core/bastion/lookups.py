"""Finding things in a bastion and what its facilities come to: whose it is,
its partners, a facility by number, an order's option and cost, how many a
facility houses, staffs and stables. Reads only: nothing here changes a bastion
but ``put`` and ``with_facility``, which return it changed."""

from __future__ import annotations

from msgspec.structs import replace

from ...i18n import N_, _, ngettext
from ..errors import Refused
from ..party import rules as party
from ..state import State
from ..terms import key_named, term
from .model import Bastion, Bastions, Facility, OrderOption
from .said import Joined, Term, Value, say, text


def bastion_rules(state: State):
    b = state.rules.bastion
    if b is None:
        raise Refused(_("{ruleset} has no bastions").format(ruleset=state.rules.meta.name))
    return b


def run_by_living(state: State, owner: str, what: str = "give no orders") -> Bastion:
    """``owner``'s bastion, for a command its owner gives: refused when the
    owner is dead or has left the party (5e2024 §7.11: one out of play gives
    no orders); ``what`` is a key of the party's reasons the dead cannot, not
    a message."""
    b = bastion_of(state, owner)
    if party.find(state, b.owner) is None:
        raise Refused(_("{owner} is not in the party: one out of play gives no orders; "
                        "the bastion's turns run without orders (bastion-turns) and "
                        "neglect counts").format(owner=b.owner))
    # alive and able to act: one at 0 HP (unconscious) gives no orders either
    party.able_character(state, b.owner, what)
    return b


def gives_orders(state: State, b: Bastion) -> bool:
    """Whether ``b``'s owner gives orders, automatic ones (Maintain while away)
    included: in the party, alive and able to act. The dead, the departed and
    one who cannot act (at 0 HP, unconscious: ``party.cannot_act``) give none,
    so their turns run without orders and neglect counts (5e2024 §7.11: "dead
    or out of play"; ``auto_maintain_counts`` is for an owner away, not one out
    of play: gm-review4 R6)."""
    c = party.find(state, b.owner)
    return c is not None and party.able(state, c)


def find(state: State, owner: str) -> Bastion | None:
    return next((b for b in state.bastions.all if b.owner.casefold() == owner.casefold()), None)


def bastion_of(state: State, owner: str) -> Bastion:
    bastion_rules(state)
    b = find(state, owner)
    if b is None:
        have = ", ".join(x.owner for x in state.bastions.all) or _("none yet")
        raise Refused(_("{owner} has no bastion (bastions: {have})").format(
            owner=owner or _("nobody"), have=have))
    if b.abandoned:
        raise Refused(_("{owner}'s bastion was abandoned through neglect").format(owner=b.owner))
    return b


def owned(state: State, owner: str) -> Bastion:
    b = find(state, owner)
    if b is None or state.rules.bastion is None:
        raise Refused(_("{owner} has no bastion").format(owner=owner))
    return b


def put(state: State, b: Bastion) -> State:
    rest = tuple(b if x.owner == b.owner else x for x in state.bastions.all)
    return replace(state, bastions=Bastions(rest))


def with_facility(b: Bastion, f: Facility) -> Bastion:
    return replace(b, facilities=tuple(f if x.id == f.id else x for x in b.facilities))


def partners(state: State, b: Bastion) -> list[Bastion]:
    """The other bastions ``b`` is combined with, still kept."""
    if not b.combined:
        return []
    return [x for x in state.bastions.all
            if x.combined == b.combined and x.owner != b.owner and not x.abandoned]


def owner_level(state: State, b: Bastion) -> int:
    c = party.find(state, b.owner)
    return c.level if c is not None else state.rules.bastion.from_level


def turn_seconds(rules) -> int:
    return rules.bastion.turn_days * rules.time.day_seconds


def turn_clock(rules, b: Bastion) -> int:
    """The clock second ``b``'s oldest waiting turn fell due (counted back from
    the next where a log from before they were kept did not say)."""
    return b.waiting[0] if b.waiting else b.next_due - b.queued * turn_seconds(rules)


def days_left(state: State, b: Bastion) -> int:
    """Whole days until ``b``'s next turn falls due."""
    return -(-(b.next_due - state.clock) // state.rules.time.day_seconds)


def specials_allowed(rules, level: int) -> int:
    return next((band.value for band in rules.bastion.special_facilities
                 if band.range[0] <= level <= band.range[1]), 0)


def specials(b: Bastion) -> list[Facility]:
    return [f for f in b.facilities if not f.basic]


def ready(f: Facility, clock: int) -> bool:
    return f.ready_at <= clock


def facility(b: Bastion, fid: int) -> Facility:
    for f in b.facilities:  # a loop, not a generator: a bastion turn asks per order
        if f.id == fid:
            return f
    raise Refused(_("{owner}'s bastion has no facility #{id}").format(owner=b.owner, id=fid))


def option(rules, f: Facility, oid: str) -> OrderOption:
    fdef = rules.bastion.facilities[f.kind]
    o = next((o for o in fdef.orders if o.id == oid), None)
    if o is None:
        raise Refused(_("{facility} has no order {order!r}; it has: {orders}").format(
            facility=text(Term(f"bastion.facilities.{f.kind}", fdef.name), rules), order=oid,
            orders=", ".join(o.id for o in fdef.orders)))
    return o


def facility_term(rules, f: Facility) -> Value:
    """A facility's name as the state keeps it (said.py): a special one's from
    the ruleset, a basic one's kind and size ("Bedroom (roomy)")."""
    if f.basic:
        return say(N_("{kind} ({space})"), kind=Term(f"bastion.basic_kinds.{f.kind}", f.kind),
                   space=Term(f"bastion.spaces.{f.space}", rules.bastion.spaces[f.space].name,
                              lower=True))
    fdef = rules.bastion.facilities.get(f.kind)
    return Term(f"bastion.facilities.{f.kind}", fdef.name if fdef else f.kind)


def facility_name(rules, f: Facility) -> str:
    """A facility's name in the active language."""
    return text(facility_term(rules, f), rules)


def order_text(rules, f: Facility, o: OrderOption) -> Value:
    """What an order is, as the ruleset says it (``o.text``), for the state to keep."""
    return Term(f"bastion.facilities.{f.kind}.orders.{o.id}.text", o.text)


def order_name(rules, kind: str, o: OrderOption) -> str:
    """An order by its name in the active language, for a line or a cell that
    names it among others: the ruleset's text up to its note in brackets
    ("Smith's Tools work", "Робота ковальськими інструментами")."""
    said = term(rules, f"bastion.facilities.{kind}.orders.{o.id}.text", o.text)
    return said.split(" (")[0].strip() or said


def order_yields(rules, f: Facility, o: OrderOption) -> Value:
    return Term(f"bastion.facilities.{f.kind}.orders.{o.id}.yields", o.yields)


def defenders(b: Bastion) -> int:
    return b.defenders + b.mercenaries


def orders_at_once(rules, f: Facility) -> int:
    """Orders ``f`` works at once at its present size (a Vast Garden: two)."""
    fdef = rules.bastion.facilities.get(f.kind)
    return fdef.vast.orders if fdef and fdef.vast and f.space == "vast" else 1


def houses(rules, f: Facility) -> int:
    """Defenders ``f`` houses at its present size."""
    fdef = rules.bastion.facilities.get(f.kind)
    if fdef is None:
        return 0
    return fdef.vast.houses if f.space == "vast" and fdef.vast and fdef.vast.houses else fdef.houses


def staff(rules, f: Facility) -> int:
    """The hirelings ``f`` comes with at its present size."""
    fdef = rules.bastion.facilities.get(f.kind)
    if fdef is None:
        return 0
    return fdef.hirelings + (fdef.vast.hirelings if f.space == "vast" and fdef.vast else 0)


def stalls(rules, f: Facility) -> int:
    """Large animals ``f`` keeps at its present size (a Stable)."""
    fdef = rules.bastion.facilities.get(f.kind)
    if fdef is None:
        return 0
    return fdef.vast.stalls if f.space == "vast" and fdef.vast and fdef.vast.stalls else fdef.stalls


def stall_room(rules, f: Facility, animals) -> int:
    """Medium animals' room left in ``f`` beside ``animals`` (a Large one takes
    medium_per_large); below 0 when they do not fit."""
    per, known = rules.bastion.medium_per_large, rules.bastion.animals
    return stalls(rules, f) * per - sum(1 if a in known and known[a].size == "medium" else per
                                        for a in animals)  # one a house rule dropped: Large


def animals_gp(rules, animals) -> int:
    known = rules.bastion.animals
    return sum(known[a].gp for a in animals if a in known)


def animal_terms(rules, animals) -> Value:
    """``animals`` as the state keeps them (said.py): "Riding Horse, Pony ×2"."""
    known = rules.bastion.animals
    kinds = list(animals)
    return Joined(tuple(Joined((Term(f"bastion.animals.{a}", known[a].name if a in known else a),
                                f" ×{kinds.count(a)}" if kinds.count(a) > 1 else ""), "")
                        for a in dict.fromkeys(kinds)))


def animal_names(rules, animals) -> str:
    """``animals`` as the log says them, in the active language."""
    return text(animal_terms(rules, animals), rules)


def housing(rules, b: Bastion, clock: int) -> int:
    return sum(houses(rules, f) for f in specials(b) if ready(f, clock))


def band_at(bands, level: int) -> int | None:
    return next((x.value for x in bands if x.range[0] <= level <= x.range[1]), None)


def lieutenants(rules, b: Bastion, clock: int) -> int:
    defs = rules.bastion.facilities
    return sum(f.hirelings for f in specials(b)
               if f.kind in defs and defs[f.kind].lieutenants and ready(f, clock))


def typed_gp(o: OrderOption) -> bool:
    """Whether the GM gives this order a sum of GP."""
    return o.gm_cost or o.buys or o.sells


def order_cost(rules, b: Bastion, o: OrderOption, typed: int, clock: int) -> int:
    if o.sells:
        return 0
    if o.gm_cost or o.buys:
        return typed
    cost = o.gp + o.gp_per_defender * defenders(b)
    if o.half_with and any(f.kind == o.half_with and ready(f, clock) for f in specials(b)):
        cost //= 2
    return cost


# --- what is chosen for a facility when it is built (a Garden's type) ------------------

def choice_count(rules, kind: str, space: str) -> int:
    """How many things facility ``kind`` has chosen at size ``space`` (0: it chooses none)."""
    fdef = rules.bastion.facilities.get(kind)
    c = fdef.choice if fdef is not None else None
    if c is None:
        return 0
    return (c.vast or c.count) if space == "vast" else c.count


def chosen_now(rules, f: Facility) -> tuple[str, ...]:
    """What ``f`` has chosen at its present size (a Vast Garden: both halves' types;
    its second only once it is Vast). (): it chooses nothing, or was built before
    the choice was kept (then any of its orders may be given, as before)."""
    n = choice_count(rules, f.kind, f.space)
    return f.chosen[:n] if n else ()


def trainer_of(rules, f: Facility) -> str:
    """The expert a Training Area trains with: the one chosen (when it was built,
    or since), else the one its last training order named (a facility built
    before the trainer was chosen); '' when none is."""
    fdef = rules.bastion.facilities.get(f.kind)
    have = chosen_now(rules, f)
    if fdef is not None and have and have[0] in fdef.trainers:
        return have[0]
    return f.trainer


def choice_term(rules, kind: str, cid: str) -> Value:
    c = rules.bastion.facilities[kind].choice
    return Term(f"bastion.facilities.{kind}.choice.options.{cid}", c.options.get(cid, cid))


def chosen_words(rules, kind: str, chosen) -> Value:
    """"Food", "Food and Herb": a facility's choice, kept as a message."""
    parts = tuple(choice_term(rules, kind, c) for c in chosen)
    return parts[0] if len(parts) == 1 else Joined(parts, " + ")


def choice_named(rules, kind: str, typed: str) -> str:
    """The option id ``typed`` names (its id or its name in any language)."""
    return key_named(rules, f"bastion.facilities.{kind}.choice.options.*", typed)


def checked_choice(rules, kind: str, chosen, n: int, fill: bool = False) -> tuple[str, ...]:
    """``chosen`` (ids or names, each typed in any language) as ``n`` option ids
    of facility ``kind``'s choice, refused in the GM's words; ``fill``: fewer
    given are filled with the last (a Vast Garden named one type: both halves)."""
    fdef = rules.bastion.facilities[kind]
    c = fdef.choice
    name = text(Term(f"bastion.facilities.{kind}", fdef.name), rules)
    if c is None:
        if chosen:
            raise Refused(_("{facility}: nothing is chosen for it when it is built").format(
                facility=name))
        return ()
    what = term(rules, f"bastion.facilities.{kind}.choice", c.name)
    known = ", ".join(term(rules, f"bastion.facilities.{kind}.choice.options.{k}", v)
                      for k, v in c.options.items())
    ids = [choice_named(rules, kind, x) for x in chosen if x.strip()]
    if fill and ids and len(ids) < n and c.repeats:
        ids += [ids[-1]] * (n - len(ids))
    if len(ids) != n:
        raise Refused(ngettext("{facility}: name its {what}, one of {options}",
                               "{facility}: name its {what}: {n} of them, each one of {options}",
                               n).format(facility=name, what=what, n=n, options=known))
    for x in ids:
        if x not in c.options:
            raise Refused(_("{facility}: no {what} {typed!r} (one of {options})").format(
                facility=name, what=what, typed=x, options=known))
    twice = next((x for i, x in enumerate(ids) if x in ids[:i]), None)
    if not c.repeats and twice is not None:
        raise Refused(_("{facility}: {option} is chosen twice").format(
            facility=name, option=text(choice_term(rules, kind, twice), rules)))
    return tuple(ids)


def some_choice(rules, kind: str, space: str = "") -> tuple[str, ...]:
    """A choice facility ``kind`` may be built with (its first option, as many
    times as it takes, or its first ones): for asking whether it could be
    built at all before the GM chooses. ``space``: its size (its built one)."""
    fdef = rules.bastion.facilities.get(kind)
    if fdef is None or fdef.choice is None:
        return ()
    n = choice_count(rules, kind, space or fdef.space)
    ids = list(fdef.choice.options)
    return tuple(ids[0] for _ in range(n)) if fdef.choice.repeats else tuple(ids[:n])
