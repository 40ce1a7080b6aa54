"""The bastions' part of the state (one bastion per owning character: its
facilities, defenders, walls, treasury and ledger, turns queued by the
clock) and its ruleset section (facilities, orders, the events table)."""

from __future__ import annotations

import msgspec

from typing import Callable, Union

from ...i18n import _
from .. import dice
from ..dice import Roll
from ..parts import ruleset_section, state_part
from ..schema import Band, Int, Problems, RolledTable, rolled_table_problem, table_gap

ORDERS = ("craft", "empower", "harvest", "recruit", "research", "trade")
EVENTS = ("all_is_well", "attack", "criminal_hireling", "opportunity", "friendly_visitors",
          "guest", "lost_hirelings", "magical_discovery", "refugees", "request_for_aid",
          "treasure")
GUESTS = ("famous", "sanctuary", "mercenary", "monster")
LEDGER_KEPT = 200  # ledger lines kept in state; the log keeps them all
RESULTS_KEPT = 12  # turn results kept in state


# --- a turn's lines and the ledger's notes, kept as messages (said.py says them) -----

class Term(msgspec.Struct, frozen=True, gc=False, tag="term", omit_defaults=True):
    """A name from the ruleset (its key path), with its English when recorded
    for a ruleset that names it no more (a house rule removed it)."""

    key: str
    english: str = ""
    lower: bool = False  # said in lower case ("Bedroom (roomy)")


class Said(msgspec.Struct, frozen=True, gc=False, tag="said", omit_defaults=True):
    """One message: its English ``msg`` (``plural`` and ``n`` where counted) and
    its placeholders' values. An empty ``msg`` is its one value said as it is
    (the GM's own words)."""

    msg: str
    args: tuple[tuple[str, Value], ...] = ()
    plural: str = ""
    n: int = 0


class Joined(msgspec.Struct, frozen=True, gc=False, tag="joined", omit_defaults=True):
    """Several values said one after another (a list: "2 of them Ana's, 1 of them Bo's")."""

    parts: tuple[Value, ...]
    sep: str = ", "


Value = Union[int, str, Term, Said, Joined]
# A line or a ledger note kept in the state: whatever text() says, so a snapshot's
# schema admits every value the turn keeps (an event's name or a treasure is a Term,
# animals traded are Joined; plain str in older states). It was str or Said only, and
# every snapshot of a campaign whose bastion booked under an event's name failed to
# decode and was passed over (issue 22): each open replayed the whole log.
Text = Value

# How a kept message reads, and a roll: said.py registers them (this module, loaded
# while the ruleset type is built, imports nothing that makes text: test_areas.py).
SAYING: dict[str, Callable] = {}


# --- state ------------------------------------------------------------------------


class Facility(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """A facility: ``kind`` is a special facility's id, or a basic one's name."""

    id: int
    kind: str
    space: str
    basic: bool = False
    hirelings: int = 0
    ready_at: int = 0  # clock second when building ends (0: built from the start)
    order: str = ""  # the option in progress ("" idle)
    progress: int = 0  # days of the order done
    shut: int = 0  # turns it cannot be used (lost hirelings, damage)
    vast_at: int = 0  # clock second a special facility's enlarging ends (0: not enlarged)
    order_gp: int = 0  # the GP the GM gave the order in progress (goods bought or sold)
    stock: int = 0  # GP worth of goods or mounts held to sell (Storehouse, Stable)
    order2: str = ""  # the second order in progress, where the facility takes two (Vast Garden)
    progress2: int = 0  # days of the second order done
    housed: int = 0  # unnamed and named defenders living here (a Barrack)
    animals: tuple[str, ...] = ()  # the animals it keeps, by [bastion.animals] id (a Stable)
    order_animals: tuple[str, ...] = ()  # the animals the trade in progress buys or sells
    usual: tuple[str, ...] = ()  # the options given it on its last turn with orders, in order
    trainer: str = ""  # the expert its last training order named (a Training Area)
    order_made: str = ""  # what the GM said the order in progress makes ("": its yield)
    order_made2: str = ""  # the same for the second order in progress
    # what was chosen for it when built ([bastion.facilities.*.choice]: a Garden's
    # type, one for each half once Vast); () for a facility that chooses nothing,
    # or one built before the choice was kept (it works as it did: any order)
    chosen: tuple[str, ...] = ()
    order_chosen: tuple[str, ...] = ()  # what a change of choice under way makes it


class LedgerLine(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """Gold or an item in or out, with what caused it: kept as messages
    (said.py), said when shown, in the language of the moment."""

    clock: int
    note: Text
    gp: int = 0  # signed: + in, - out
    thing: Text = ""
    balance: int = 0

    @property
    def why(self) -> str:
        """What caused it, in the active language (names as recorded)."""
        return SAYING["text"](self.note, None)

    @property
    def item(self) -> str:
        return SAYING["text"](self.thing, None)


class TurnResult(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    number: int
    clock: int
    said: tuple[Text, ...]  # its lines, as messages (said.py)
    gp: int = 0
    rolls: tuple[Roll, ...] = ()  # each roll, in order

    @property
    def lines(self) -> tuple[str, ...]:
        """Its lines in the active language (names as recorded; views say them
        with the ruleset's names: ``said.text(line, rules)``)."""
        return tuple(SAYING["text"](x, None) for x in self.said)

    @property
    def dice(self) -> tuple[str, ...]:
        """Each roll as the log shows it."""
        return tuple(SAYING["roll"](r) for r in self.rolls)


class Defender(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """A defender the GM named, and the facility housing them (0: needs no housing)."""

    name: str
    home: int = 0


class Bastion(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    owner: str
    name: str = ""
    next_due: int = 0  # clock second the next turn falls due
    queued: int = 0  # turns due and not yet run
    period: int = 0  # seconds the pending turn was counted with (0: before this was kept)
    waiting: tuple[int, ...] = ()  # the clock second each waiting turn fell due, oldest first
    turns: int = 0  # turns run
    facilities: tuple[Facility, ...] = ()
    next_id: int = 1
    defenders: int = 0  # housed defenders (the sum of the Barracks' ``housed``)
    mercenaries: int = 0  # defenders needing no housing
    roster: tuple[Defender, ...] = ()  # the named among them (names are optional)
    walls: tuple[tuple[int, int, bool], ...] = ()  # (squares, ready_at, encloses)
    armory_stocked: bool = False
    guest_monster: bool = False
    refugees: int = 0
    refugees_in: int = 0  # the basic facility housing them (0: camping outside the walls)
    swap_level: int = 0  # the owner's level at founding or at the last swap
    meditating: bool = False  # the next event is rolled twice
    treasury: int = 0
    ledger: tuple[LedgerLine, ...] = ()
    results: tuple[TurnResult, ...] = ()
    neglect: int = 0  # consecutive turns without orders
    abandoned: bool = False  # neglected past the owner's level: hirelings gone
    combined: int = 0  # the combined bastion it is part of (0: alone)


class Bastions(msgspec.Struct, frozen=True, gc=False):
    all: tuple[Bastion, ...] = ()


# --- ruleset ----------------------------------------------------------------------


class Space(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    squares: Int(1, 10_000)
    add_gp: Int(0, 10_000_000)
    add_days: Int(0, 10_000)
    enlarge_to: str = ""
    enlarge_gp: Int(0, 10_000_000) = 0
    enlarge_days: Int(0, 10_000) = 0


class OrderOption(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    order: str
    text: str
    days: Int(1, 10_000) = 7
    gp: Int(0, 10_000_000) = 0
    gp_per_defender: Int(0, 1_000_000) = 0
    half_with: str = ""  # a facility that halves the cost
    gm_cost: bool = False  # the GM types the cost
    min_level: Int(0, 99) = 0
    yields: str = ""
    gold: str = ""  # dice, or "table:NAME"
    defenders: Int(0, 1000) = 0
    lieutenants: Int(0, 100) = 0
    stocks_armory: bool = False
    meditates: bool = False
    chance: str = ""  # "even" or "odd": a die says whether it works
    buys: bool = False  # the GM gives the goods' worth: paid now, held as stock when done
    sells: bool = False  # the GM gives the standard price of stock sold; the markup is added
    asks: str = ""  # its yield is open: the question whose answer names what is made
    trainer: bool = False  # it trains with the facility's trainer (one of its ``trainers``)
    # only a facility that chose this (``FacilityDef.choice``: a Garden's harvest of
    # its type) is given it; "": any
    for_chosen: str = ""
    # it changes what the facility chose (a Garden's type): the GM names the new
    # choice; while it is under way the facility does nothing else
    rechooses: bool = False


class Vast(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a special facility gains when enlarged to Vast."""

    hirelings: Int(0, 100) = 0  # more hirelings
    houses: Int(0, 10_000) = 0  # defenders housed instead (0: as before)
    orders: Int(1, 2) = 1  # orders it works at once (a Vast Garden: two gardens' harvests)
    stalls: Int(0, 1000) = 0  # Large animals kept instead (0: as before)
    note: str = ""  # what else it gains, for the GM


class Trainer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An expert a Training Area may have, and what a week with them gives."""

    name: str
    benefit: str


class Choice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What is chosen for a facility when it is built (a Garden's type): one of
    ``options`` per ``count``, more once it is Vast (``vast``)."""

    name: str  # what the GM chooses, as asked: "type"
    options: dict[str, str]  # id -> name
    count: Int(1, 20) = 1  # how many are chosen when it is built
    vast: Int(0, 20) = 0  # how many once it is Vast (0: the same)
    repeats: bool = False  # the same option may be chosen more than once (two food gardens)
    # it may be chosen again at any bastion turn, with no order (a Pub's drink on tap,
    # a Training Area's trainer): ``facility-choose``; false: only by an order that
    # ``rechooses`` (a Garden's type, 21 days), or never (a Workshop's tools)
    each_turn: bool = False


class Trade(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A trading facility's limits by the owner's level."""

    buy_limit: list[Band] = []  # most GP of goods one order buys (none: no limit)
    markup: list[Band] = []  # percent added to the standard price on a sale


class Prerequisite(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a facility asks of its owner; ``classes`` give it (the sheet
    shows them), anything else (a feat, an item) the GM confirms."""

    text: str
    classes: list[str] = []


class FacilityDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    level: Int(1, 99)
    space: str
    hirelings: Int(0, 100)
    orders: list[OrderOption]
    prerequisite: str = ""  # a key of [bastion.prerequisites], or text the GM confirms
    many: bool = False  # may be built more than once
    houses: Int(0, 10_000) = 0  # defenders housed
    max_hirelings: Int(0, 1000) = 0
    lieutenants: bool = False  # its hirelings are lieutenants (fewer attack dice)
    vast: Vast | None = None  # it may be enlarged to Vast
    trade: Trade | None = None
    stalls: Int(0, 1000) = 0  # Large animals it keeps (a Stable)
    starts_with: list[str] = []  # the animals it comes with, by [bastion.animals] id
    trainers: dict[str, Trainer] = {}  # the experts it may have (a Training Area), by id
    choice: Choice | None = None  # what is chosen for it when built (a Garden's type)


class Animal(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An animal a Stable keeps and trades, at its standard price."""

    name: str
    size: str  # "large" or "medium" (medium_per_large of them take a Large one's stall)
    gp: Int(0, 1_000_000)


class Walls(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    days_per_square: Int(0, 10_000)
    gp_per_square: Int(0, 1_000_000)


class Attack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    dice: Int(0, 100)
    die: Int(2, 100)
    armory_die: Int(2, 100)
    kills_on: Int(1, 100)
    walls_fewer: Int(0, 100)
    lieutenant_fewer: Int(0, 100)


class FollowUps(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    criminal_bribe: str
    opportunity_gp: Int(0, 10_000_000)
    visitors_gp: str
    sanctuary_gift: str
    refugees: str
    refugees_gp: str
    aid_die: str
    aid_target: Int(1, 10_000)
    aid_reward: str
    armory_aids: bool = False  # a stocked Armory's dice serve a Request for Aid too


class Combining(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Several owners' bastions combined into one: each keeps its own
    facilities, orders, hirelings and event rolls."""

    losses_move: bool = True  # an event's defender losses may be moved to a partner
    unstated: str = ""  # what our sources leave open, shown as "not in the source: ..."


class EnlargeSpecial(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    gp: Int(0, 10_000_000)
    days: Int(0, 10_000) = 0  # 0: not in the source, the GM enters the days


class BastionRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    from_level: Int(1, 99)
    turn_days: Int(1, 3660)
    special_facilities: list[Band]
    spaces: dict[str, Space]
    start_basic: list[str]
    basic_kinds: list[str]
    walls: Walls
    attack: Attack
    follow_ups: FollowUps
    events: RolledTable
    event_names: dict[str, str]
    all_is_well: RolledTable
    guest: RolledTable
    treasure: RolledTable
    facilities: dict[str, FacilityDef]
    gaming_hall: RolledTable | None = None
    prerequisites: dict[str, Prerequisite] = {}
    enlarge_special: EnlargeSpecial | None = None
    combining: Combining | None = None  # None: bastions cannot be combined
    auto_maintain_counts: bool = True
    # False: downtime at home is fed by the bastion (its Dining Room and Kitchen), not by
    # the rations the party carries; True (rulesets recorded before this key): it eats them
    downtime_eats_rations: bool = True
    animals: dict[str, Animal] = {}  # what a Stable keeps and trades
    medium_per_large: Int(1, 100) = 2  # Medium animals that fit in a Large one's stall
    chance_die: str = "1d6"  # "roll any die": even or odd decides


def gold_tables(b: BastionRules) -> dict[str, RolledTable]:
    return {"gaming_hall": b.gaming_hall} if b.gaming_hall is not None else {}


def _check(rules) -> Problems:
    problems = Problems()
    b = rules.bastion
    if b is None:
        return problems
    problems.add("bastion.special_facilities",
                 table_gap([x.range for x in b.special_facilities], b.from_level, 99, "level"))
    for sid, sp in b.spaces.items():
        if sp.enlarge_to and sp.enlarge_to not in b.spaces:
            problems.add(f"bastion.spaces.{sid}.enlarge_to", _("no space {id}").format(id=repr(sp.enlarge_to)))
    for i, s in enumerate(b.start_basic):
        if s not in b.spaces:
            problems.add("bastion.start_basic", _("no space {id}").format(id=repr(s)))
    for path, table, known in (("events", b.events, EVENTS), ("guest", b.guest, GUESTS),
                               ("all_is_well", b.all_is_well, None),
                               ("treasure", b.treasure, None), ("gaming_hall", b.gaming_hall, None)):
        if table is None:
            continue
        problems.add(f"bastion.{path}", rolled_table_problem(table.die, table.entries))
        for e in table.entries if known else ():
            if e.result not in known:
                problems.add(f"bastion.{path}", _("unknown result {result}; expected one of "
                                                  "{known}").format(result=repr(e.result),
                                                                    known=", ".join(known)))
    for e in b.gaming_hall.entries if b.gaming_hall else ():
        problems.check("bastion.gaming_hall", dice.parse, e.result)
    missing = [e for e in EVENTS if e not in b.event_names]
    if missing:
        problems.add("bastion.event_names", _("no name for {events}").format(
            events=", ".join(missing)))
    problems.check("bastion.chance_die", dice.parse, b.chance_die)
    f = b.follow_ups
    for key in ("criminal_bribe", "visitors_gp", "sanctuary_gift", "refugees", "refugees_gp",
                "aid_die", "aid_reward"):
        problems.check(f"bastion.follow_ups.{key}", dice.parse, getattr(f, key))
    for fid, fac in b.facilities.items():
        where = f"bastion.facilities.{fid}"
        if fac.space not in b.spaces:
            problems.add(f"{where}.space", _("no space {id}").format(id=repr(fac.space)))
        if fac.vast is not None and b.enlarge_special is None:
            problems.add(f"{where}.vast", _("enlarging needs [bastion.enlarge_special]"))
        trading = [o.id for o in fac.orders if o.buys or o.sells]
        if trading and fac.trade is None:
            problems.add(f"{where}.trade", _("{order} buys or sells: give the trade limits").format(
                order=trading[0]))
        for key in ("buy_limit", "markup") if fac.trade else ():
            bands = getattr(fac.trade, key)
            if bands:
                problems.add(f"{where}.trade.{key}",
                             table_gap([x.range for x in bands], fac.level, 99, "level"))
        if not fac.orders:
            problems.add(f"{where}.orders", _("expected at least one order"))
        seen = set()
        for o in fac.orders:
            if o.id in seen:
                problems.add(f"{where}.orders", _("two orders are called {id}").format(id=repr(o.id)))
            seen.add(o.id)
            if o.order not in ORDERS:
                problems.add(f"{where}.orders", _("{id}: unknown order {order}; expected one of "
                                                  "{known}").format(id=o.id, order=repr(o.order),
                                                                    known=", ".join(ORDERS)))
            if o.half_with and o.half_with not in b.facilities:
                problems.add(f"{where}.orders", _("{id}: half_with names no facility").format(id=o.id))
            if o.chance not in ("", "even", "odd"):
                problems.add(f"{where}.orders", _('{id}: chance must be "even" or "odd"').format(id=o.id))
            if o.gold.startswith("table:"):
                if o.gold[6:] not in gold_tables(b):
                    problems.add(f"{where}.orders", _("{id}: no table {table}").format(
                        id=o.id, table=repr(o.gold[6:])))
            elif o.gold:
                problems.check(f"{where}.orders", dice.parse, o.gold)
            if o.trainer and not fac.trainers:
                problems.add(f"{where}.orders", _("{id}: trains, but the facility has no "
                                                  "trainers").format(id=o.id))
            if o.for_chosen and (fac.choice is None or o.for_chosen not in fac.choice.options):
                problems.add(f"{where}.orders", _("{id}: for_chosen names no choice of the "
                                                  "facility").format(id=o.id))
            if o.rechooses and fac.choice is None:
                problems.add(f"{where}.orders", _("{id}: rechooses, but the facility has no "
                                                  "choice").format(id=o.id))
            if o.trainer and fac.choice is not None and set(fac.choice.options) != \
                    set(fac.trainers):
                problems.add(f"{where}.choice", _("{id}: trains with the facility's choice, "
                                                  "so its options are the trainers").format(
                    id=o.id))
            if o.trainer and o.asks:
                problems.add(f"{where}.orders", _("{id}: asks what is made or for a trainer, "
                                                  "not both").format(id=o.id))
    for aid, a in b.animals.items():
        if a.size not in ("large", "medium"):
            problems.add(f"bastion.animals.{aid}.size", _('expected "large" or "medium"'))
    for fid, fac in b.facilities.items():
        for a in fac.starts_with:
            if a not in b.animals:
                problems.add(f"bastion.facilities.{fid}.starts_with", _("no animal {id}").format(id=repr(a)))
    classes = rules.party.classes if rules.party is not None else {}
    for pid, pre in b.prerequisites.items():
        for k in pre.classes:
            if k not in classes:
                problems.add(f"bastion.prerequisites.{pid}.classes", _("no class {id}").format(id=repr(k)))
    return problems


state_part("bastions", Bastions, Bastions())
# The names a GM reads, translated in a ruleset's [names.xx] (core/terms.py)
TERMS = ("bastion.facilities.*", "bastion.facilities.*.orders.*.text",
         "bastion.facilities.*.orders.*.yields", "bastion.facilities.*.orders.*.asks",
         "bastion.facilities.*.trainers.*", "bastion.facilities.*.trainers.*.benefit",
         "bastion.facilities.*.vast.note", "bastion.facilities.*.choice",
         "bastion.facilities.*.choice.options.*", "bastion.spaces.*", "bastion.basic_kinds.*",
         "bastion.event_names.*", "bastion.animals.*", "bastion.prerequisites.*.text",
         "bastion.all_is_well.entries.*.result", "bastion.treasure.entries.*.result",
         "bastion.combining.unstated")
ruleset_section("bastion", BastionRules | None, default=None, check=_check, terms=TERMS)
