"""How bastions read in the log (a steward's ledger), what the GM must not
miss (a turn falling due, neglect), their JSON and their recap."""

from __future__ import annotations

from msgspec.structs import replace

from ... import i18n
from ...i18n import N_, _, ngettext
from ..alerts import Alert, alerting
from ..changes import matched, reads_changes
from ..consequences import tells_consequences
from ..timeline.hooks import names_a_term
from ..describe import roll_text
from ..events import describes
from ..state import State
from ..terms import term
from ..tally import Tally, tally
from ..players import Panel, Table, players_view, secret
from ..view import state_view
from .commands import (BasicEnlarged, BasicOrdered, BastionFounded, BastionsCombined,
                       BastionTurnRun, DefenderNamed, DefendersMoved, DefenderStruck, Divested,
                       DowntimePassed, FacilityAdded, FacilityEnlarged, FacilityRechosen,
                       FacilitySwapped,
                       GoldMoved, RefugeesHoused, WallsOrdered)
from .ledger import walls_built
from .lookups import (animal_names, chosen_now, chosen_words, days_left, defenders,
                      facility_name, find, gives_orders, houses, housing, lieutenants, order_name, owner_level, partners, stalls)
from .said import text
from .turn import MAINTAIN, MAINTAIN_AWAY


# --- how its events read in the log ------------------------------------------------


@describes(BastionFounded)
def _describe_founded(ev: BastionFounded, rules) -> str:
    if ev.name:
        return _("{owner} founds a bastion, {name}").format(owner=ev.owner, name=ev.name)
    return _("{owner} founds a bastion").format(owner=ev.owner)


def _kind_name(rules, kind: str) -> str:
    fdef = rules.bastion.facilities.get(kind) if rules.bastion else None
    return term(rules, f"bastion.facilities.{kind}", fdef.name if fdef else kind)


def _chosen_kind(rules, kind: str, chosen) -> str:
    """"Garden (Food)": a facility's kind with what was chosen for it when built."""
    name = _kind_name(rules, kind)
    fdef = rules.bastion.facilities.get(kind) if rules.bastion else None
    if not chosen or fdef is None or fdef.choice is None:
        return name
    return _("{facility} ({chosen})").format(
        facility=name, chosen=text(chosen_words(rules, kind, chosen), rules))


@describes(FacilityAdded)
def _describe_facility(ev: FacilityAdded, rules) -> str:
    return (_("{owner}'s bastion: {facility} added (the GM confirms its prerequisite)")
            if ev.confirmed else _("{owner}'s bastion: {facility} added")).format(
        owner=ev.owner, facility=_chosen_kind(rules, ev.kind, ev.chosen))


@describes(FacilitySwapped)
def _describe_swapped(ev: FacilitySwapped, rules) -> str:
    return (_("{owner}'s bastion: facility #{id} becomes a {facility} (level-up swap) (the GM "
              "confirms its prerequisite)") if ev.confirmed else
            _("{owner}'s bastion: facility #{id} becomes a {facility} (level-up swap)")).format(
        owner=ev.owner, id=ev.facility, facility=_chosen_kind(rules, ev.kind, ev.chosen))


@describes(FacilityRechosen, with_state=True)
def _describe_rechosen(ev: FacilityRechosen, rules, state=None) -> str:
    """"Ana's bastion: facility #5 now has Darkvision draught", named by its kind."""
    b = find(state, ev.owner) if state is not None else None
    f = next((x for x in b.facilities if x.id == ev.facility), None) if b else None
    if f is None:
        return _("{owner}'s bastion: facility #{id} now has {chosen}").format(
            owner=ev.owner, id=ev.facility, chosen="+".join(ev.chosen))
    return _("{owner}'s bastion: {facility} #{id} now has {chosen}").format(
        owner=ev.owner, facility=_kind_name(rules, f.kind), id=ev.facility,
        chosen=text(chosen_words(rules, f.kind, ev.chosen), rules))


@describes(FacilityEnlarged)
def _describe_enlarged(ev: FacilityEnlarged, rules) -> str:
    line = _enlarged_line(ev, rules)
    if not ev.chosen or rules.bastion is None:
        return line
    # what Vast adds to its choice (a second garden's type), as the facility's kind names it
    kind = next((k for k, d in rules.bastion.facilities.items() if d.choice is not None
                 and all(c in d.choice.options for c in ev.chosen)), None)
    if kind is None:
        return line
    return line + _(" (adds {chosen})").format(chosen=text(chosen_words(rules, kind, ev.chosen),
                                                           rules))


def _enlarged_line(ev: FacilityEnlarged, rules) -> str:
    e = rules.bastion.enlarge_special if rules.bastion else None
    if e:
        return ngettext("{owner}'s bastion: enlarging facility #{id} to Vast ({gp} GP, {n} day)",
                        "{owner}'s bastion: enlarging facility #{id} to Vast ({gp} GP, {n} days)",
                        ev.days).format(owner=ev.owner, id=ev.facility, gp=i18n.number(e.gp),
                                        n=ev.days)
    return ngettext("{owner}'s bastion: enlarging facility #{id} to Vast ({n} day)",
                    "{owner}'s bastion: enlarging facility #{id} to Vast ({n} days)",
                    ev.days).format(owner=ev.owner, id=ev.facility, n=ev.days)


@describes(DefenderNamed)
def _describe_defender(ev: DefenderNamed, rules) -> str:
    return (_("{owner}'s bastion: a defender is named {name}, housed in facility #{home}")
            if ev.home else _("{owner}'s bastion: a defender is named {name}, needing no "
                              "housing")).format(owner=ev.owner, name=ev.name, home=ev.home)


@describes(DefendersMoved)
def _describe_moved(ev: DefendersMoved, rules) -> str:
    if ev.name:
        return _("{owner}'s bastion: {name} moves from facility #{source} to #{to}").format(
            owner=ev.owner, name=ev.name, source=ev.source, to=ev.to)
    return ngettext("{owner}'s bastion: {n} defender moves from facility #{source} to #{to}",
                    "{owner}'s bastion: {n} defenders move from facility #{source} to #{to}",
                    ev.count).format(owner=ev.owner, n=ev.count, source=ev.source, to=ev.to)


@describes(DefenderStruck)
def _describe_struck(ev: DefenderStruck, rules) -> str:
    return _("{owner}'s bastion: {name} is struck from the roster").format(owner=ev.owner,
                                                                          name=ev.name)


@describes(RefugeesHoused)
def _describe_refugees(ev: RefugeesHoused, rules) -> str:
    if ev.leave:
        text = _("{owner}'s bastion: the refugees leave, rehoused elsewhere")
    elif ev.facility:
        text = _("{owner}'s bastion: the refugees move into facility #{id}")
    else:
        text = _("{owner}'s bastion: the refugees camp outside the walls")
    return text.format(owner=ev.owner, id=ev.facility)


@describes(BasicOrdered)
def _describe_basic(ev: BasicOrdered, rules) -> str:
    sp = rules.bastion.spaces.get(ev.space) if rules.bastion else None
    space = term(rules, f"bastion.spaces.{ev.space}", ev.space).lower() if sp else ev.space
    kind = term(rules, f"bastion.basic_kinds.{ev.what}", ev.what)
    if sp:
        return ngettext("{owner}'s bastion: building a {space} {kind} ({gp} GP, {n} day)",
                        "{owner}'s bastion: building a {space} {kind} ({gp} GP, {n} days)",
                        sp.add_days).format(owner=ev.owner, space=space, kind=kind,
                                            gp=i18n.number(sp.add_gp), n=sp.add_days)
    return _("{owner}'s bastion: building a {space} {kind}").format(owner=ev.owner, space=space,
                                                                   kind=kind)


@describes(BasicEnlarged)
def _describe_enlarge(ev: BasicEnlarged, rules) -> str:
    return _("{owner}'s bastion: enlarging facility #{id}").format(owner=ev.owner,
                                                                  id=ev.facility)


@describes(WallsOrdered)
def _describe_walls(ev: WallsOrdered, rules) -> str:
    w = rules.bastion.walls if rules.bastion else None
    if w and ev.encloses:
        text = ngettext("{owner}'s bastion: {n} square of wall ({gp} GP, {days} days), closing "
                        "the ring", "{owner}'s bastion: {n} squares of wall ({gp} GP, {days} "
                        "days), closing the ring", ev.squares)
    elif w:
        text = ngettext("{owner}'s bastion: {n} square of wall ({gp} GP, {days} days)",
                        "{owner}'s bastion: {n} squares of wall ({gp} GP, {days} days)",
                        ev.squares)
    elif ev.encloses:
        text = ngettext("{owner}'s bastion: {n} square of wall, closing the ring",
                        "{owner}'s bastion: {n} squares of wall, closing the ring", ev.squares)
    else:
        text = ngettext("{owner}'s bastion: {n} square of wall",
                        "{owner}'s bastion: {n} squares of wall", ev.squares)
    return text.format(owner=ev.owner, n=ev.squares,
                       gp=i18n.number(ev.squares * w.gp_per_square) if w else "",
                       days=i18n.number(ev.squares * w.days_per_square) if w else "")


@describes(GoldMoved)
def _describe_gold(ev: GoldMoved, rules) -> str:
    return (_("{owner}'s bastion treasury {gp} GP: {why}") if ev.why else
            _("{owner}'s bastion treasury {gp} GP")).format(owner=ev.owner,
                                                            gp=i18n.signed(ev.gp), why=ev.why)


@describes(DowntimePassed)
def _describe_downtime(ev: DowntimePassed, rules) -> str:
    return ngettext("Downtime: {n} day passes", "Downtime: {n} days pass",
                    ev.days).format(n=i18n.number(ev.days))


def _trainer_name(rules, tid: str) -> str:
    found = (term(rules, f"bastion.facilities.{fid}.trainers.{k}", t.name)
             for fid, d in (rules.bastion.facilities.items() if rules.bastion else ())
             for k, t in d.trainers.items() if k == tid)
    return next(found, tid)


def _facility_kind(rules, state, owner: str, fid: int, oid: str) -> str | None:
    """The kind of facility #``fid`` of ``owner``'s bastion: as the state
    after the turn has it, else the one kind of facility with an order
    ``oid`` (a line read without its state), else None."""
    b = find(state, owner) if state is not None else None
    f = next((x for x in b.facilities if x.id == fid), None) if b is not None else None
    if f is not None:
        return f.kind
    kinds = [k for k, fdef in rules.bastion.facilities.items()
             if any(x.id == oid for x in fdef.orders)] if rules.bastion else []
    return kinds[0] if len(kinds) == 1 else None


def _order_words(rules, kind: str | None, oid: str) -> str:
    """An order as the GM reads it in the log: in English its id, as the CLI
    takes it ("smith": the golden record's words); in another language the
    facility and the order by their names ("Кузня: Робота ковальськими
    інструментами"), never an English id."""
    fdef = rules.bastion.facilities.get(kind) if rules.bastion and kind else None
    o = next((x for x in fdef.orders if x.id == oid), None) if fdef is not None else None
    if i18n.current() == i18n.ENGLISH or o is None:
        return oid
    return _("{facility}: {order}").format(
        facility=term(rules, f"bastion.facilities.{kind}", fdef.name),
        order=order_name(rules, kind, o))


def _order_given(rules, o, kind: str | None = None) -> str:
    """"#3 recruit (Pony ×2) (trainer: Battle Expert)": one order of a turn
    (in Danish "#3 Smedje: ...": ``_order_words``)."""
    out = f"#{o.facility} {_order_words(rules, kind, o.option)}"
    if o.animals:
        out += _(" ({animals})").format(animals=animal_names(rules, o.animals))
    if o.made:
        out += _(" ({made})").format(made=o.made)
    if o.trainer:
        out += _(" (trainer: {name})").format(name=_trainer_name(rules, o.trainer))
    if o.chosen:  # a change of choice: what it makes the facility (a Garden's new type)
        kind = kind or _facility_kind(rules, None, "", o.facility, o.option)
        fdef = rules.bastion.facilities.get(kind) if rules.bastion and kind else None
        if fdef is not None and fdef.choice is not None:
            out += _(" (to {chosen})").format(
                chosen=text(chosen_words(rules, kind, o.chosen), rules))
    return out


@describes(BastionTurnRun, with_state=True)
def _describe_turn(ev: BastionTurnRun, rules, state=None) -> str:
    if ev.maintain:
        what = _(MAINTAIN_AWAY) if ev.away else _(MAINTAIN)
    elif ev.orders:
        english = i18n.current() == i18n.ENGLISH  # reads the ids: no facility to look up
        what = _("orders {orders}").format(orders=", ".join(
            _order_given(rules, o, None if english else
                         _facility_kind(rules, state, ev.owner, o.facility, o.option))
            for o in ev.orders))
    else:
        what = _("no orders")
    said = what
    if ev.shift:
        what += ngettext(" (up to {n} defender loss moved to {who})",
                         " (up to {n} defender losses moved to {who})", ev.shift).format(
            n=ev.shift, who=ev.shift_to or _("the partners"))
    if ev.dice:
        what += _("; dice {rolls}").format(rolls=" ".join(roll_text(r) for r in ev.dice))
    done = _turn_done(state, ev.owner)
    came = [line for line in turn_lines(rules, done) if line.casefold() != said.casefold()] \
        if done else []
    if came:  # what came of it, so the log tells the turn and not only its dice
        what += "; " + "; ".join(came)
    return _("Bastion turn of {owner}: {what}").format(owner=ev.owner, what=what)


def _turn_done(state: State | None, owner: str):
    """The result of the turn an entry ran, from the state the entry made
    (its owner's last result is that turn's); None where no state is at hand."""
    b = find(state, owner) if state is not None else None
    if b is None or not b.results or b.results[-1].number != b.turns:
        return None
    return b.results[-1] if b.results[-1].said else None


@describes(BastionsCombined)
def _describe_combined(ev: BastionsCombined, rules) -> str:
    rule = rules.bastion.combining if rules.bastion else None
    if rule and rule.unstated:
        return _("{owner}'s bastion is combined with {partner}'s: each keeps its own facilities, "
                 "orders, hirelings and event rolls (not in the source: {unstated})").format(
            owner=ev.owner, partner=ev.partner,
            unstated=term(rules, "bastion.combining.unstated", rule.unstated))
    return _("{owner}'s bastion is combined with {partner}'s: each keeps its own facilities, "
             "orders, hirelings and event rolls").format(owner=ev.owner, partner=ev.partner)


@describes(Divested)
def _describe_divested(ev: Divested, rules) -> str:
    return _("{owner} gives up their bastion").format(owner=ev.owner)


# --- what time passing did, said in the entry that passed it (core/consequences.py) --


@tells_consequences("bastions", order=60)
def _turns_fell_due(before: State, after: State) -> list[str]:
    """"a bastion turn falls due for Sera" (or "2 bastion turns ... (3 waiting)")."""
    out = []
    for b in after.bastions.all:
        was = find(before, b.owner)
        new = b.queued - (was.queued if was is not None else 0)
        if new > 0 and b.queued > new:
            out.append(ngettext("a bastion turn falls due for {owner} ({waiting} waiting)",
                                "{n} bastion turns fall due for {owner} ({waiting} waiting)",
                                new).format(n=new, owner=b.owner, waiting=b.queued))
        elif new > 0:
            out.append(ngettext("a bastion turn falls due for {owner}",
                                "{n} bastion turns fall due for {owner}", new).format(
                n=new, owner=b.owner))
    return out


# --- what the GM must not miss -------------------------------------------------------


def turn_lines(rules, r) -> list[str]:
    """A turn result's lines in the active language (said.py)."""
    return [text(line, rules) for line in r.said]


@alerting(60, parts=("bastions",))
def _turns(before: State, after: State) -> list[Alert]:
    out = []
    if after.bastions is before.bastions:
        return out
    rules = after.rules
    for b in after.bastions.all:
        was = find(before, b.owner)
        if was is None:
            continue
        if b.queued > was.queued:
            out.append(Alert("warning", (_("Bastion turn due for {owner} ({n} waiting)")
                                         if b.queued > 1 else
                                         _("Bastion turn due for {owner}")).format(
                owner=b.owner, n=b.queued)))
        if b.turns == was.turns + 1:
            r = b.results[-1]
            out.append(Alert("information", _("{owner}, turn {number}: {lines}").format(
                owner=b.owner, number=r.number, lines="; ".join(turn_lines(rules, r)))))
        elif b.turns > was.turns:  # several at once: one line, the screen lists them
            gp = b.treasury - was.treasury
            lost = defenders(was) - defenders(b)
            out.append(Alert("information", (ngettext(
                "{owner}: turns {first}-{last} run, treasury {gp} GP, {n} defender lost",
                "{owner}: turns {first}-{last} run, treasury {gp} GP, {n} defenders lost", lost)
                if lost > 0 else _("{owner}: turns {first}-{last} run, treasury {gp} GP")).format(
                owner=b.owner, first=was.turns + 1, last=b.turns, gp=i18n.signed(gp), n=lost)))
        if b.abandoned and not was.abandoned:
            out.append(Alert("error", ngettext(
                "{owner}'s bastion is abandoned: neglected {n} turn",
                "{owner}'s bastion is abandoned: neglected {n} turns", b.neglect).format(
                owner=b.owner, n=b.neglect)))
    return out


@alerting(61, parts=("party",))
def _owner_out_of_play(before: State, after: State) -> list[Alert]:
    """What becomes of a bastion whose owner dies or leaves the party: no more
    orders, so its turns run without them and neglect counts (5e2024 §7.11)."""
    if after.party is before.party or not after.bastions.all or after.rules.bastion is None:
        return []
    out = []
    for b in after.bastions.all:
        if b.abandoned or gives_orders(after, b) or not gives_orders(before, b):
            continue
        left = max(owner_level(after, b) - b.neglect, 1)
        out.append(Alert("warning", ngettext(
            "{owner}'s bastion has no one to give orders now: its turns run without orders; "
            "{n} more such turn and the hirelings leave",
            "{owner}'s bastion has no one to give orders now: its turns run without orders; "
            "{n} more such turns and the hirelings leave", left).format(
            owner=b.owner, n=left)))
    return out


# --- its part of `tracker state --json` ----------------------------------------------


@state_view("bastions", 55)
def _bastions_json(state: State) -> list[dict]:
    rules = state.rules
    out = []
    for b in state.bastions.all:
        squares, enclosed = walls_built(b, state.clock)
        out.append({
            "owner": b.owner, "name": b.name, "turns": b.turns, "queued": b.queued,
            "next_due": b.next_due, "days_left": None if b.abandoned else days_left(state, b),
            "treasury": b.treasury, "defenders": defenders(b), "mercenaries": b.mercenaries,
            "housing": housing(rules, b, state.clock),
            "lieutenants": lieutenants(rules, b, state.clock),
            "walls": {"squares": squares, "encloses": enclosed},
            "armory_stocked": b.armory_stocked, "guest_monster": b.guest_monster,
            "refugees": b.refugees, "refugees_in": b.refugees_in, "meditating": b.meditating,
            "swap_level": b.swap_level,
            "roster": [{"name": d.name, "home": d.home} for d in b.roster],
            "neglect": b.neglect, "abandoned": b.abandoned,
            "combined": b.combined, "partners": [p.owner for p in partners(state, b)],
            "facilities": [{"id": f.id, "kind": f.kind, "name": facility_name(rules, f),
                            "basic": f.basic, "space": f.space, "hirelings": f.hirelings,
                            "ready": f.ready_at <= state.clock, "order": f.order,
                            "progress_days": f.progress, "shut_turns": f.shut,
                            "order_gp": f.order_gp, "stock_gp": f.stock,
                            "second_order": f.order2, "second_progress_days": f.progress2,
                            "housed": f.housed, "houses": houses(rules, f),
                            "vast_at": f.vast_at, **_stable_json(rules, f),
                            **_chosen_json(rules, f)}
                           for f in b.facilities],
            "ledger": [{"clock": l.clock, "why": text(l.note, rules), "gp": l.gp,
                        "item": text(l.thing, rules), "balance": l.balance} for l in b.ledger],
            "results": [{"turn": r.number, "clock": r.clock, "lines": turn_lines(rules, r),
                         "gp": r.gp} for r in b.results],
        })
    return out


def _chosen_json(rules, f) -> dict:
    """What was chosen for it when built (a Garden's type), by id and in words."""
    chosen = chosen_now(rules, f)
    if not chosen:
        return {}
    return {"chosen": list(chosen), "chosen_words": text(chosen_words(rules, f.kind, chosen),
                                                         rules)}


def _stable_json(rules, f) -> dict:
    """A Stable's animals by name, its stalls (Large animals), and the trade in progress."""
    if not stalls(rules, f):
        return {}
    return {"animals": [animal_names(rules, (a,)) for a in f.animals],
            "stalls": stalls(rules, f),
            "order_animals": [animal_names(rules, (a,)) for a in f.order_animals]}


# --- its part of the recap ---------------------------------------------------------------


@tally(40)
class BastionTally(Tally):
    """Each bastion turn of the span with its orders, events and gold."""

    def __init__(self, sessions: list[int]):
        super().__init__(sessions)
        self.turns: list[str] = []
        self.gold = 0

    def see(self, session, seq, ev, state_at) -> None:
        if not isinstance(ev, BastionTurnRun):
            return
        at = state_at(seq)
        b = find(at, ev.owner)
        if b is None or not b.results:
            return
        r = b.results[-1]
        self.gold += r.gp
        self.turns.append((_("{owner}, turn {number} (#{seq}): {lines} ({gp} GP)") if r.gp else
                           _("{owner}, turn {number} (#{seq}): {lines}")).format(
            owner=ev.owner, number=r.number, seq=seq, lines="; ".join(turn_lines(at.rules, r)),
            gp=i18n.signed(r.gp)))

    def lines(self, e) -> list[str]:
        if not self.turns:
            return []
        return [_("**Bastion turns:** {n}, gold {gp} GP").format(n=len(self.turns),
                                                                 gp=i18n.signed(self.gold))]

    def sections(self, e) -> list[tuple[str, list[str]]]:
        return [(_("Bastion turns"), [e(t) for t in self.turns])] if self.turns else []


# --- how a correction's changes read (core/changes.py) -----------------------------------

def _gp(n: int) -> str:
    return _("{gp} GP").format(gp=i18n.number(n))


def _none(x: str) -> str:
    return x or _("none")


# (a bastion's JSON keys, what they are to the GM, their value in words)
_BASTION_LINES = (
    (("treasury",), N_("treasury"), lambda x: _gp(x["treasury"])),
    (("queued",), N_("turns waiting to run"), lambda x: x["queued"]),
    (("turns",), N_("turns run"), lambda x: x["turns"]),
    (("days_left",), N_("days to the next turn"), lambda x: x["days_left"]),
    (("defenders",), N_("defenders"), lambda x: x["defenders"]),
    (("mercenaries",), N_("mercenaries"), lambda x: x["mercenaries"]),
    (("roster",), N_("named defenders"), lambda x: _none(", ".join(d["name"]
                                                                for d in x["roster"]))),
    (("neglect",), N_("turns without orders"), lambda x: x["neglect"]),
    (("abandoned",), N_("bastion"), lambda x: _("abandoned") if x["abandoned"] else _("kept")),
    (("refugees",), N_("refugees"), lambda x: x["refugees"]),
)
_ORDER_LINES = (
    (("order",), N_("order"), lambda f: _none(f["order"])),
    (("progress_days",), N_("days into its order"), lambda f: f["progress_days"]),
    (("second_order",), N_("second order"), lambda f: _none(f["second_order"])),
    (("order_gp",), N_("GP given for its order"), lambda f: i18n.number(f["order_gp"])),
    (("stock_gp",), N_("goods held"), lambda f: _gp(f["stock_gp"])),
    (("shut_turns",), N_("shut"), lambda f: ngettext("{n} turn", "{n} turns", f["shut_turns"])
     .format(n=i18n.number(f["shut_turns"])) if f["shut_turns"] else _("open")),
    (("ready",), N_("building"), lambda f: _("ready") if f["ready"] else _("being built")),
)
_FOLLOWS = ("next_due", "ledger", "results", "housing", "lieutenants")  # said above, or the log's


@reads_changes(*(f"bastions.*.{k}" for keys, _x, _y in _BASTION_LINES for k in keys),
               *(f"bastions.*.{k}" for k in _FOLLOWS), "bastions.*.owner",
               *(f"bastions.*.facilities.*.{k}" for keys, _x, _y in _ORDER_LINES for k in keys),
               "bastions.*.facilities.*.id", order=55)
def _bastion_changes(before: State, after: State) -> list[str]:
    """ "Ana's bastion, treasury: 500 GP → 300 GP", "Ana's Smithy, order: craft → none"."""
    out = []
    for a, b in matched(_bastions_json(before), _bastions_json(after), lambda x: x["owner"]):
        owner = (b or a)["owner"]
        if a is None or b is None:
            out.append((_("{owner}'s bastion: founded") if a is None else
                        _("{owner}'s bastion: no longer there")).format(owner=owner))
            continue
        out += _lines(_("{owner}'s bastion").format(owner=owner), a, b, _BASTION_LINES)
        for x, y in matched(a["facilities"], b["facilities"], lambda f: f["id"]):
            name = _("{owner}'s {facility}").format(owner=owner, facility=(y or x)["name"])
            if x is None or y is None:
                out.append((_("{name}: new") if x is None else
                            _("{name}: no longer there")).format(name=name))
                continue
            out += _lines(name, x, y, _ORDER_LINES)
    return out


def _lines(name: str, a: dict, b: dict, table) -> list[str]:
    return [_("{name}, {what}: {before} → {after}").format(name=name, what=_(what),
                                                          before=say(a), after=say(b))
            for keys, what, say in table if any(a[k] != b[k] for k in keys) and say(a) != say(b)]


names_a_term(FacilityAdded, "kind", "bastion.facilities")
names_a_term(FacilitySwapped, "kind", "bastion.facilities")


# --- what the players see, and what the GM keeps (core/players.py) -------------------------


@players_view(80)
def _bastions_for_players(data: dict, table: Table) -> list[Panel]:
    """Each bastion: treasury, defenders, its facilities with the orders in
    progress, and its last turns' results; a Maintain turn's bastion event
    shows once the GM has told it (``reveal``)."""
    told = {(ev.owner, b.turns) for t in table.told if isinstance(ev := t.event, BastionTurnRun)
            for b in [find(t.after, ev.owner)] if b is not None}
    maintained = (_(MAINTAIN), _(MAINTAIN_AWAY))  # the JSON's lines are in this language too
    out = []
    for b in data.get("bastions") or []:
        facts = [(_("Treasury"), _gp(b["treasury"])), (_("Defenders"), i18n.number(b["defenders"])),
                 (_("Turns run"), i18n.number(b["turns"]))]
        if b["queued"] and not b["abandoned"]:  # an abandoned one runs no turn
            facts.append((_("Turns due"), i18n.number(b["queued"])))
        elif b["days_left"] is not None:
            facts.append((_("Next turn"), ngettext("in {n} day", "in {n} days",
                                                   b["days_left"]).format(n=b["days_left"])))
        if b["abandoned"]:
            facts.append((_("Abandoned"), ngettext("neglected {n} turn", "neglected {n} turns",
                                                   b["neglect"]).format(n=b["neglect"])))
        rows = [[f["name"], _order_text(f)] for f in b["facilities"]]
        lines = []
        for r in b["results"][-3:]:
            shown = list(r["lines"])
            at = next((i for i, l in enumerate(shown) if l in maintained), None)
            if at is not None and (b["owner"], r["turn"]) not in told:
                shown = shown[:at + 1] + [_("its event is the GM's to tell")]
            lines.append(_("Turn {number}: {lines}").format(number=r["turn"],
                                                            lines="; ".join(shown)))
        title = (_("{owner}'s bastion {name}") if b["name"] else
                 _("{owner}'s bastion")).format(owner=b["owner"], name=b["name"])
        out.append(Panel(title, facts=facts, header=[_("Facility"), _("Order")], rows=rows,
                         lines=lines, kind="bastion"))
    return out


def _order_text(f: dict) -> str:
    if not f["ready"]:
        return _("being built")
    if not f["order"]:
        return ""
    if f["progress_days"]:
        return ngettext("{order} ({n} day in)", "{order} ({n} days in)",
                        f["progress_days"]).format(order=f["order"], n=f["progress_days"])
    return f["order"]


@secret(BastionTurnRun, N_("a Maintain turn's bastion event and its dice (the table hears "
        "that the bastion was maintained)"), when=lambda ev: ev.maintain)
def _bastion_turn_for_players(ev: BastionTurnRun, rules) -> str:
    return _describe_turn(replace(ev, dice=()), rules)
