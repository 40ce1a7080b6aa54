"""How bastions read in the log (a steward's ledger), what the GM must not
miss (a turn falling due, neglect), their JSON and their recap."""

from __future__ import annotations

from msgspec.structs import replace

from ..alerts import Alert, alerting
from ..changes import matched, reads_changes
from ..consequences import tells_consequences
from ..timeline.hooks import offers_choices
from ..describe import roll_text
from ..events import describes
from ..state import State
from ..tally import Tally, tally
from ..players import Panel, Table, players_view, secret
from ..view import state_view
from .commands import (BasicEnlarged, BasicOrdered, BastionFounded, BastionsCombined,
                       BastionTurnRun, DefenderNamed, DefendersMoved, DefenderStruck, Divested,
                       DowntimePassed, FacilityAdded, FacilityEnlarged, FacilitySwapped,
                       GoldMoved, RefugeesHoused, WallsOrdered)
from .ledger import walls_built
from .lookups import (animal_names, days_left, defenders, facility_name, find, houses, housing,
                      lieutenants, partners, stalls)


# --- how its events read in the log ------------------------------------------------


@describes(BastionFounded)
def _describe_founded(ev: BastionFounded, rules) -> str:
    return f"{ev.owner} founds a bastion" + (f", {ev.name}" if ev.name else "")


def _kind_name(rules, kind: str) -> str:
    fdef = rules.bastion.facilities.get(kind) if rules.bastion else None
    return fdef.name if fdef else kind


def _vouched(confirmed: bool) -> str:
    return " (the GM confirms its prerequisite)" if confirmed else ""


@describes(FacilityAdded)
def _describe_facility(ev: FacilityAdded, rules) -> str:
    return f"{ev.owner}'s bastion: {_kind_name(rules, ev.kind)} added{_vouched(ev.confirmed)}"


@describes(FacilitySwapped)
def _describe_swapped(ev: FacilitySwapped, rules) -> str:
    return (f"{ev.owner}'s bastion: facility #{ev.facility} becomes a "
            f"{_kind_name(rules, ev.kind)} (level-up swap){_vouched(ev.confirmed)}")


@describes(FacilityEnlarged)
def _describe_enlarged(ev: FacilityEnlarged, rules) -> str:
    e = rules.bastion.enlarge_special if rules.bastion else None
    cost = f"{e.gp:,} GP, " if e else ""
    return f"{ev.owner}'s bastion: enlarging facility #{ev.facility} to Vast ({cost}{ev.days} days)"


@describes(DefenderNamed)
def _describe_defender(ev: DefenderNamed, rules) -> str:
    home = f", housed in facility #{ev.home}" if ev.home else ", needing no housing"
    return f"{ev.owner}'s bastion: a defender is named {ev.name}{home}"


@describes(DefendersMoved)
def _describe_moved(ev: DefendersMoved, rules) -> str:
    who = ev.name if ev.name else f"{ev.count} defender(s)"
    return f"{ev.owner}'s bastion: {who} move{'s' if ev.name else ''} from facility " \
        f"#{ev.source} to #{ev.to}"


@describes(DefenderStruck)
def _describe_struck(ev: DefenderStruck, rules) -> str:
    return f"{ev.owner}'s bastion: {ev.name} is struck from the roster"


@describes(RefugeesHoused)
def _describe_refugees(ev: RefugeesHoused, rules) -> str:
    where = "leave, rehoused elsewhere" if ev.leave else \
        f"move into facility #{ev.facility}" if ev.facility else "camp outside the walls"
    return f"{ev.owner}'s bastion: the refugees {where}"


@describes(BasicOrdered)
def _describe_basic(ev: BasicOrdered, rules) -> str:
    sp = rules.bastion.spaces.get(ev.space) if rules.bastion else None
    cost = f" ({sp.add_gp:,} GP, {sp.add_days} days)" if sp else ""
    return f"{ev.owner}'s bastion: building a {ev.space} {ev.what}{cost}"


@describes(BasicEnlarged)
def _describe_enlarge(ev: BasicEnlarged, rules) -> str:
    return f"{ev.owner}'s bastion: enlarging facility #{ev.facility}"


@describes(WallsOrdered)
def _describe_walls(ev: WallsOrdered, rules) -> str:
    w = rules.bastion.walls if rules.bastion else None
    cost = f" ({ev.squares * w.gp_per_square:,} GP, {ev.squares * w.days_per_square} days)" \
        if w else ""
    return f"{ev.owner}'s bastion: {ev.squares} squares of wall{cost}" + \
        (", closing the ring" if ev.encloses else "")


@describes(GoldMoved)
def _describe_gold(ev: GoldMoved, rules) -> str:
    return f"{ev.owner}'s bastion treasury {ev.gp:+,} GP" + (f": {ev.why}" if ev.why else "")


@describes(DowntimePassed)
def _describe_downtime(ev: DowntimePassed, rules) -> str:
    return f"Downtime: {ev.days} day(s) pass"


def _trainer_name(rules, tid: str) -> str:
    found = (t.name for d in (rules.bastion.facilities.values() if rules.bastion else ())
             for k, t in d.trainers.items() if k == tid)
    return next(found, tid)


@describes(BastionTurnRun)
def _describe_turn(ev: BastionTurnRun, rules) -> str:
    if ev.maintain:
        what = "Maintain" + (" (owner away)" if ev.away else "")
    elif ev.orders:
        what = "orders " + ", ".join(
            f"#{o.facility} {o.option}" + (f" ({animal_names(rules, o.animals)})"
                                           if o.animals else "")
            + (f" ({o.made})" if o.made else "") + (f" (trainer: {_trainer_name(rules, o.trainer)})" if o.trainer else "")
            for o in ev.orders)
    else:
        what = "no orders"
    if ev.shift:
        what += f" (up to {ev.shift} defender loss(es) moved to " \
            + (ev.shift_to or "the partners") + ")"
    dice = "; dice " + " ".join(roll_text(r) for r in ev.dice) if ev.dice else ""
    return f"Bastion turn of {ev.owner}: {what}{dice}"


@describes(BastionsCombined)
def _describe_combined(ev: BastionsCombined, rules) -> str:
    rule = rules.bastion.combining if rules.bastion else None
    return (f"{ev.owner}'s bastion is combined with {ev.partner}'s: each keeps its own "
            "facilities, orders, hirelings and event rolls"
            + (f" (not in the source: {rule.unstated})" if rule and rule.unstated else ""))


@describes(Divested)
def _describe_divested(ev: Divested, rules) -> str:
    return f"{ev.owner} gives up their bastion"


# --- what time passing did, said in the entry that passed it (core/consequences.py) --


@tells_consequences("bastions", order=60)
def _turns_fell_due(before: State, after: State) -> list[str]:
    """"a bastion turn falls due for Sera" (or "2 bastion turns ... (3 waiting)")."""
    out = []
    for b in after.bastions.all:
        was = find(before, b.owner)
        new = b.queued - (was.queued if was is not None else 0)
        if new > 0:
            out.append((f"{new} bastion turns fall" if new > 1 else "a bastion turn falls")
                       + f" due for {b.owner}" + (f" ({b.queued} waiting)" if b.queued > new else ""))
    return out


# --- what the GM must not miss -------------------------------------------------------


@alerting(60)
def _turns(before: State, after: State) -> list[Alert]:
    out = []
    if after.bastions is before.bastions:
        return out
    for b in after.bastions.all:
        was = find(before, b.owner)
        if was is None:
            continue
        if b.queued > was.queued:
            out.append(Alert("warning", f"Bastion turn due for {b.owner}"
                             + (f" ({b.queued} waiting)" if b.queued > 1 else "")))
        if b.turns == was.turns + 1:
            r = b.results[-1]
            out.append(Alert("information", f"{b.owner}, turn {r.number}: " + "; ".join(r.lines)))
        elif b.turns > was.turns:  # several at once: one line, the screen lists them
            gp = b.treasury - was.treasury
            lost = defenders(was) - defenders(b)
            out.append(Alert("information", f"{b.owner}: turns {was.turns + 1}-{b.turns} run, "
                             f"treasury {gp:+,} GP" + (f", {lost} defender(s) lost"
                                                       if lost > 0 else "")))
        if b.abandoned and not was.abandoned:
            out.append(Alert("error", f"{b.owner}'s bastion is abandoned: neglected "
                             f"{b.neglect} turns"))
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
            "next_due": b.next_due, "days_left": days_left(state, b),
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
                            "vast_at": f.vast_at, **_stable_json(rules, f)}
                           for f in b.facilities],
            "ledger": [{"clock": l.clock, "why": l.why, "gp": l.gp, "item": l.item,
                        "balance": l.balance} for l in b.ledger],
            "results": [{"turn": r.number, "clock": r.clock, "lines": list(r.lines),
                         "gp": r.gp} for r in b.results],
        })
    return out


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
        b = find(state_at(seq), ev.owner)
        if b is None or not b.results:
            return
        r = b.results[-1]
        self.gold += r.gp
        self.turns.append(f"{ev.owner}, turn {r.number} (#{seq}): " + "; ".join(r.lines)
                          + (f" ({r.gp:+,} GP)" if r.gp else ""))

    def lines(self, e) -> list[str]:
        if not self.turns:
            return []
        return [f"**Bastion turns:** {len(self.turns)}, gold {self.gold:+,} GP"]

    def sections(self, e) -> list[tuple[str, list[str]]]:
        return [("Bastion turns", [e(t) for t in self.turns])] if self.turns else []


# --- how a correction's changes read (core/changes.py) -----------------------------------

def _count(n: int, one: str, many: str) -> str:
    return f"{n:,} {one if n == 1 else many}"


# (a bastion's JSON keys, what they are to the GM, their value in words)
_BASTION_LINES = (
    (("treasury",), "treasury", lambda x: f"{x['treasury']:,} GP"),
    (("queued",), "turns waiting to run", lambda x: x["queued"]),
    (("turns",), "turns run", lambda x: x["turns"]),
    (("days_left",), "days to the next turn", lambda x: x["days_left"]),
    (("defenders",), "defenders", lambda x: x["defenders"]),
    (("mercenaries",), "mercenaries", lambda x: x["mercenaries"]),
    (("roster",), "named defenders", lambda x: ", ".join(d["name"] for d in x["roster"])
     or "none"),
    (("neglect",), "turns without orders", lambda x: x["neglect"]),
    (("abandoned",), "bastion", lambda x: "abandoned" if x["abandoned"] else "kept"),
    (("refugees",), "refugees", lambda x: x["refugees"]),
)
_ORDER_LINES = (
    (("order",), "order", lambda f: f["order"] or "none"),
    (("progress_days",), "days into its order", lambda f: f["progress_days"]),
    (("second_order",), "second order", lambda f: f["second_order"] or "none"),
    (("order_gp",), "GP given for its order", lambda f: f"{f['order_gp']:,}"),
    (("stock_gp",), "goods held", lambda f: f"{f['stock_gp']:,} GP"),
    (("shut_turns",), "shut", lambda f: _count(f["shut_turns"], "turn", "turns")
     if f["shut_turns"] else "open"),
    (("ready",), "building", lambda f: "ready" if f["ready"] else "being built"),
)
_FOLLOWS = ("next_due", "ledger", "results", "housing", "lieutenants")  # said above, or the log's


@reads_changes(*(f"bastions.*.{k}" for keys, _, _ in _BASTION_LINES for k in keys),
               *(f"bastions.*.{k}" for k in _FOLLOWS), "bastions.*.owner",
               *(f"bastions.*.facilities.*.{k}" for keys, _, _ in _ORDER_LINES for k in keys),
               "bastions.*.facilities.*.id", order=55)
def _bastion_changes(before: State, after: State) -> list[str]:
    """ "Ana's bastion, treasury: 500 GP → 300 GP", "Ana's Smithy, order: craft → none"."""
    out = []
    for a, b in matched(_bastions_json(before), _bastions_json(after), lambda x: x["owner"]):
        owner = (b or a)["owner"]
        if a is None or b is None:
            out.append(f"{owner}'s bastion: " + ("founded" if a is None else "no longer there"))
            continue
        out += _lines(f"{owner}'s bastion", a, b, _BASTION_LINES)
        for x, y in matched(a["facilities"], b["facilities"], lambda f: f["id"]):
            name = f"{owner}'s {(y or x)['name']}"
            if x is None or y is None:
                out.append(f"{name}: " + ("new" if x is None else "no longer there"))
                continue
            out += _lines(name, x, y, _ORDER_LINES)
    return out


def _lines(name: str, a: dict, b: dict, table) -> list[str]:
    return [f"{name}, {what}: {say(a)} → {say(b)}" for keys, what, say in table
            if any(a[k] != b[k] for k in keys) and say(a) != say(b)]


@offers_choices(FacilityAdded, "kind")
def _facility_choices(state: State) -> list[str]:
    return list(state.rules.bastion.facilities) if state.rules.bastion else []


# --- what the players see, and what the GM keeps (core/players.py) -------------------------


@players_view(80)
def _bastions_for_players(data: dict, table: Table) -> list[Panel]:
    """Each bastion: treasury, defenders, its facilities with the orders in
    progress, and its last turns' results; a Maintain turn's bastion event
    shows once the GM has told it (``reveal``)."""
    told = {(ev.owner, b.turns) for t in table.told if isinstance(ev := t.event, BastionTurnRun)
            for b in [find(t.after, ev.owner)] if b is not None}
    out = []
    for b in data.get("bastions") or []:
        facts = [("Treasury", f"{b['treasury']:,} GP"), ("Defenders", str(b["defenders"])),
                 ("Turns run", str(b["turns"]))]
        if b["queued"]:
            facts.append(("Turns due", str(b["queued"])))
        elif b["days_left"] is not None:
            facts.append(("Next turn", f"in {b['days_left']} day(s)"))
        if b["abandoned"]:
            facts.append(("Abandoned", f"neglected {b['neglect']} turns"))
        rows = [[f["name"], _order_text(f)] for f in b["facilities"]]
        lines = []
        for r in b["results"][-3:]:
            shown = list(r["lines"])
            at = next((i for i, l in enumerate(shown) if l.startswith(_MAINTAIN)), None)
            if at is not None and (b["owner"], r["turn"]) not in told:
                shown = shown[:at + 1] + ["its event is the GM's to tell"]
            lines.append(f"Turn {r['turn']}: " + "; ".join(shown))
        title = f"{b['owner']}'s bastion" + (f" {b['name']}" if b["name"] else "")
        out.append(Panel(title, facts=facts, header=["Facility", "Order"], rows=rows,
                         lines=lines, kind="bastion"))
    return out


_MAINTAIN = "Maintain"  # a Maintain turn's line (rules.run_turn); the event follows it


def _order_text(f: dict) -> str:
    if not f["ready"]:
        return "being built"
    if not f["order"]:
        return ""
    return f["order"] + (f" ({f['progress_days']} days in)" if f["progress_days"] else "")


@secret(BastionTurnRun, "a Maintain turn's bastion event and its dice (the table hears "
        "that the bastion was maintained)", when=lambda ev: ev.maintain)
def _bastion_turn_for_players(ev: BastionTurnRun, rules) -> str:
    return _describe_turn(replace(ev, dice=()), rules)
