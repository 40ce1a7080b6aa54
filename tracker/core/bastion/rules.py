"""Bastions (D&D 2024): founding, facilities, walls, gold, and the bastion turn.

A turn is worked out by one function, ``run_turn``, from the state, the
GM's choices and a source of dice. ``decide`` runs it with live dice and
records every roll in the event; ``evolve`` runs it again with the recorded
rolls, so correcting a die recomputes what followed from it, and replay
never rolls.
"""

from __future__ import annotations

from typing import Annotated, Callable

import msgspec
from msgspec import Meta
from msgspec.structs import replace

from .. import dice as dicemod
from ..describe import roll_text
from ..dice import Roll
from ..errors import Refused
from ..events import Event, event
from ..handlers import Command, decides, evolves
from .. import progress
from ..invariants import invariant
from ..limits import CharacterName, Count, Id, Key, PlaceName
from ..campaign.rules import RulesetChanged
from ..party import rules as party
from ..state import State
from ..timeflow import on_time, pass_time
from .model import (LEDGER_KEPT, RESULTS_KEPT, Bastion, Bastions, Defender, Facility,
                    LedgerLine, OrderOption, TurnResult, gold_tables)

Days = Annotated[int, Meta(ge=1, le=3660)]
Squares = Annotated[int, Meta(ge=1, le=10_000)]
Gold = Annotated[int, Meta(ge=-10_000_000, le=10_000_000)]
Why = Annotated[str, Meta(max_length=200)]
Pick = Annotated[int, Meta(ge=1, le=2)]
Partner = Annotated[str, Meta(max_length=40)]  # "" when none is named
DefenderRef = Annotated[str, Meta(max_length=40)]  # "": unnamed defenders
Herd = Annotated[tuple[Key, ...], Meta(max_length=100)]  # animals one Stable order trades
MAX_REROLLS = 20  # an Extraordinary Opportunity rerolled again and again


# --- commands -----------------------------------------------------------------


class NewBastion(Command, frozen=True):
    owner: str
    name: str = ""


class AddFacility(Command, frozen=True):
    """A special facility, as the owner's level allows."""

    owner: str
    kind: str
    qualifies: bool = False  # the GM confirms the prerequisite is met


class SwapFacility(Command, frozen=True):
    """On a level-up, one special facility traded for another."""

    owner: str
    facility: int
    kind: str
    qualifies: bool = False


class EnlargeFacility(Command, frozen=True):
    """A special facility enlarged to Vast; ``days`` where the ruleset leaves them to the GM."""

    owner: str
    facility: int
    days: int = 0


class HouseRefugees(Command, frozen=True):
    """Refugees moved into basic facility #``facility`` (0: outside the walls), or gone."""

    owner: str
    facility: int = 0
    leave: bool = False


class NameDefender(Command, frozen=True):
    """Put a name on one of the defenders, housed in facility #``home`` (0: no housing)."""

    owner: str
    name: str
    home: int = 0


class StrikeDefender(Command, frozen=True):
    """Take a named defender off the roster (fallen, or the name was wrong)."""

    owner: str
    name: str


class MoveDefenders(Command, frozen=True):
    """``count`` unnamed defenders (or the one ``name``d) moved from Barrack
    #``source`` to Barrack #``to``: the GM's rearranging, within the room."""

    owner: str
    source: int
    to: int
    count: int = 1
    name: str = ""


class BuildBasic(Command, frozen=True):
    owner: str
    space: str
    what: str = ""


class EnlargeBasic(Command, frozen=True):
    owner: str
    facility: int


class BuildWalls(Command, frozen=True):
    owner: str
    squares: int
    encloses: bool = False  # these squares close the ring


class MoveGold(Command, frozen=True):
    owner: str
    gp: int
    why: str = ""


class Downtime(Command, frozen=True):
    days: int


class Choices(msgspec.Struct, frozen=True):
    """What the owner answers when an event asks."""

    bribe: bool = False  # pay the Criminal Hireling's bribe
    opportunity: bool = False  # pay for the Extraordinary Opportunity
    aid: int = 0  # defenders sent on a Request for Aid
    pick: int = 1  # which of two event rolls (Meditation Chamber)
    shift: int = 0  # defender losses moved to combined partners
    shift_to: str = ""  # the partner taking them ("": the partners with most defenders first)


class RunTurn(Command, frozen=True):
    """The oldest queued turn of ``owner``: orders (facility id, option id,
    GM's cost[, animals a Stable trades]) or Maintain; neither is a turn with
    no orders."""

    owner: str
    orders: tuple[tuple, ...] = ()
    maintain: bool = False
    choices: Choices = Choices()


class RunQueued(Command, frozen=True):
    """Every queued turn, in order, as Maintain: the owners were away."""

    owner: str = ""  # "" every bastion
    choices: Choices = Choices()


class Divest(Command, frozen=True):
    owner: str


class CombineBastions(Command, frozen=True):
    """``owner``'s bastion combined with ``partner``'s (and any it is combined with)."""

    owner: str
    partner: str


# --- events -------------------------------------------------------------------


@event("bastion_founded", area="bastion")
class BastionFounded(Event, frozen=True):
    owner: CharacterName
    name: PlaceName = ""


@event("facility_added", area="bastion")
class FacilityAdded(Event, frozen=True):
    owner: CharacterName
    kind: Key
    confirmed: bool = False  # the GM vouched for a prerequisite the sheet does not show


@event("facility_swapped", area="bastion")
class FacilitySwapped(Event, frozen=True):
    owner: CharacterName
    facility: Id
    kind: Key
    confirmed: bool = False


@event("facility_enlarged", area="bastion")
class FacilityEnlarged(Event, frozen=True):
    owner: CharacterName
    facility: Id
    days: Days


@event("defender_named", area="bastion")
class DefenderNamed(Event, frozen=True):
    owner: CharacterName
    name: CharacterName
    home: Count = 0


@event("defender_struck", area="bastion")
class DefenderStruck(Event, frozen=True):
    owner: CharacterName
    name: CharacterName


@event("defenders_moved", area="bastion")
class DefendersMoved(Event, frozen=True):
    owner: CharacterName
    source: Id
    to: Id
    count: Count = 1
    name: DefenderRef = ""


@event("refugees_housed", area="bastion")
class RefugeesHoused(Event, frozen=True):
    owner: CharacterName
    facility: Count = 0
    leave: bool = False


@event("basic_facility_ordered", area="bastion")
class BasicOrdered(Event, frozen=True):
    owner: CharacterName
    space: Key
    what: Key


@event("basic_facility_enlarged", area="bastion")
class BasicEnlarged(Event, frozen=True):
    owner: CharacterName
    facility: Id


@event("walls_ordered", area="bastion")
class WallsOrdered(Event, frozen=True):
    owner: CharacterName
    squares: Squares
    encloses: bool = False


@event("bastion_gold_moved", area="bastion")
class GoldMoved(Event, frozen=True):
    owner: CharacterName
    gp: Gold
    why: Why = ""


@event("downtime_passed", area="bastion")
class DowntimePassed(Event, frozen=True):
    days: Days


class OrderGiven(msgspec.Struct, frozen=True, omit_defaults=True):
    facility: Id
    option: Key
    cost: Count = 0  # what the GM entered, for orders whose cost the GM sets
    animals: Herd = ()  # the animals a Stable buys or sells (then no cost)


@event("bastion_turn_run", area="bastion")
class BastionTurnRun(Event, frozen=True):
    owner: CharacterName
    maintain: bool = False
    away: bool = False
    orders: tuple[OrderGiven, ...] = ()
    bribe: bool = False
    opportunity: bool = False
    aid: Count = 0
    pick: Pick = 1
    dice: tuple[Roll, ...] = ()
    shift: Count = 0  # defender losses the owner moves to combined partners
    shift_to: Partner = ""


@event("bastions_combined", area="bastion")
class BastionsCombined(Event, frozen=True):
    owner: CharacterName
    partner: CharacterName


@event("bastion_divested", area="bastion")
class Divested(Event, frozen=True):
    owner: CharacterName


# --- finding things -------------------------------------------------------------


def _rules(state: State):
    b = state.rules.bastion
    if b is None:
        raise Refused(f"{state.rules.meta.name} has no bastions")
    return b


def turn_seconds(rules) -> int:
    return rules.bastion.turn_days * rules.time.day_seconds


def turn_clock(rules, b: Bastion) -> int:
    """The clock second ``b``'s oldest waiting turn fell due (counted back from
    the next where a log from before they were kept did not say)."""
    return b.waiting[0] if b.waiting else b.next_due - b.queued * turn_seconds(rules)


def _fall_due(b: Bastion, due: int, clock: int, step: int) -> Bastion:
    """``b`` with its next turn due at ``due``, and then every ``step``: those
    the ``clock`` has reached wait, each with its day."""
    n = max(0, (clock - due) // step + 1)
    days = tuple(due + i * step for i in range(n))
    return replace(b, queued=b.queued + n, next_due=due + n * step, period=step,
                   waiting=b.waiting + days if len(b.waiting) == b.queued else ())


def find(state: State, owner: str) -> Bastion | None:
    return next((b for b in state.bastions.all if b.owner.casefold() == owner.casefold()), None)


def bastion_of(state: State, owner: str) -> Bastion:
    _rules(state)
    b = find(state, owner)
    if b is None:
        have = ", ".join(x.owner for x in state.bastions.all) or "none yet"
        raise Refused(f"{owner or 'nobody'} has no bastion (bastions: {have})")
    if b.abandoned:
        raise Refused(f"{b.owner}'s bastion was abandoned through neglect")
    return b


def _put(state: State, b: Bastion) -> State:
    rest = tuple(b if x.owner == b.owner else x for x in state.bastions.all)
    return replace(state, bastions=Bastions(rest))


def partners(state: State, b: Bastion) -> list[Bastion]:
    """The other bastions ``b`` is combined with, still kept."""
    if not b.combined:
        return []
    return [x for x in state.bastions.all
            if x.combined == b.combined and x.owner != b.owner and not x.abandoned]


def owner_level(state: State, b: Bastion) -> int:
    c = party.find(state, b.owner)
    return c.level if c is not None else state.rules.bastion.from_level


def specials_allowed(rules, level: int) -> int:
    return next((band.value for band in rules.bastion.special_facilities
                 if band.range[0] <= level <= band.range[1]), 0)


def specials(b: Bastion) -> list[Facility]:
    return [f for f in b.facilities if not f.basic]


def ready(f: Facility, clock: int) -> bool:
    return f.ready_at <= clock


def facility(b: Bastion, fid: int) -> Facility:
    f = next((f for f in b.facilities if f.id == fid), None)
    if f is None:
        raise Refused(f"{b.owner}'s bastion has no facility #{fid}")
    return f


def option(rules, f: Facility, oid: str) -> OrderOption:
    fdef = rules.bastion.facilities[f.kind]
    o = next((o for o in fdef.orders if o.id == oid), None)
    if o is None:
        raise Refused(f"{fdef.name} has no order {oid!r}; it has: "
                      + ", ".join(o.id for o in fdef.orders))
    return o


def facility_name(rules, f: Facility) -> str:
    if f.basic:
        return f"{f.kind} ({rules.bastion.spaces[f.space].name.lower()})"
    fdef = rules.bastion.facilities.get(f.kind)
    return fdef.name if fdef else f.kind


def defenders(b: Bastion) -> int:
    return b.defenders + b.mercenaries


def _killed(b: Bastion, n: int) -> Bastion:
    """``b`` after ``n`` of its defenders die, the housed first, from the
    fullest Barrack (which Barrack loses them is not in the source)."""
    housed = min(n, b.defenders)
    b = replace(b, defenders=b.defenders - housed, mercenaries=b.mercenaries - (n - housed))
    return _rehoused(b, -housed)


def _rehoused(b: Bastion, n: int, clock: int | None = None, rules=None) -> Bastion:
    """``b``'s facilities with ``n`` more defenders housed (less, if negative):
    added where there is room (``rules`` and ``clock`` say how much), the
    fewest housed first; taken from the fullest first."""
    fs = list(b.facilities)
    while n:
        if n > 0:
            open_ = [i for i, f in enumerate(fs) if not f.basic and ready(f, clock)
                     and f.housed < houses(rules, f)]
            if not open_:
                raise Refused(f"no room to house {n} more defender(s) in {b.owner}'s bastion")
            i = min(open_, key=lambda i: fs[i].housed)
        else:
            i = max(range(len(fs)), key=lambda i: fs[i].housed)
        step = 1 if n > 0 else -1
        fs[i] = replace(fs[i], housed=fs[i].housed + step)
        n -= step
    return replace(b, facilities=tuple(fs))


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


def animal_names(rules, animals) -> str:
    """``animals`` as the log says them: "Riding Horse, Pony ×2"."""
    known = rules.bastion.animals
    names = [known[a].name if a in known else a for a in animals]
    return ", ".join(n + (f" ×{names.count(n)}" if names.count(n) > 1 else "")
                     for n in dict.fromkeys(names))


def housing(rules, b: Bastion, clock: int) -> int:
    return sum(houses(rules, f) for f in specials(b) if ready(f, clock))


def band_at(bands, level: int) -> int | None:
    return next((x.value for x in bands if x.range[0] <= level <= x.range[1]), None)


def lieutenants(rules, b: Bastion, clock: int) -> int:
    defs = rules.bastion.facilities
    return sum(f.hirelings for f in specials(b)
               if f.kind in defs and defs[f.kind].lieutenants and ready(f, clock))


def walls_built(b: Bastion, clock: int) -> tuple[int, bool]:
    """Squares of wall standing, and whether they enclose the bastion."""
    done = [(n, enc) for n, at, enc in b.walls if at <= clock]
    return sum(n for n, _ in done), any(enc for _, enc in done)


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


def _book(b: Bastion, clock: int, why: str, gp: int = 0, item: str = "") -> Bastion:
    """``b`` with gold or an item in or out of its ledger."""
    balance = b.treasury + gp
    ledger = b.ledger + (LedgerLine(clock, why, gp, item, balance),)
    return replace(b, treasury=balance, ledger=ledger[-LEDGER_KEPT:])


def _pay(b: Bastion, clock: int, why: str, gp: int) -> Bastion:
    if gp > b.treasury:
        raise Refused(f"{why} costs {gp:,} GP; {b.owner}'s bastion treasury holds "
                      f"{b.treasury:,} GP (add gold first)")
    return _book(b, clock, why, -gp) if gp else b


# --- deciding -------------------------------------------------------------------


@decides(NewBastion)
def decide_new(state: State, cmd: NewBastion, dice) -> list[Event]:
    rules = _rules(state)
    c = party.member(state, cmd.owner)
    if c.level < rules.from_level:
        raise Refused(f"{c.name} is level {c.level}; a bastion comes at level {rules.from_level}")
    if find(state, c.name) is not None:
        raise Refused(f"{c.name} already has a bastion")
    if len(cmd.name.strip()) > 80:
        raise Refused("a bastion name is limited to 80 characters")
    return [BastionFounded(c.name, cmd.name.strip())]


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
    return "" if c is not None and c.cls in pre.classes else pre.text


def _prerequisite(state: State, b: Bastion, kind: str, confirmed: bool) -> bool:
    """Whether the GM's word was needed; refuses a prerequisite not met."""
    rules = state.rules.bastion
    fdef = rules.facilities.get(kind)
    if fdef is None:
        raise Refused(f"no special facility {kind!r}; choose one of: " + ", ".join(rules.facilities))
    need = unconfirmed(state, b.owner, kind)
    if need and not confirmed:
        c = party.find(state, b.owner)
        k = state.rules.party.classes.get(c.cls) if c and c.cls and state.rules.party else None
        who = f"{c.name} is a {k.name}, which does not give it" if k else \
            f"{b.owner} has no class on the sheet"
        raise Refused(f"{fdef.name} needs an owner who {need}: {who} "
                      "(if a feat, another class or an item does, confirm it)")
    return bool(need)


@decides(AddFacility)
def decide_facility(state: State, cmd: AddFacility, dice) -> list[Event]:
    b = bastion_of(state, cmd.owner)
    confirmed = _prerequisite(state, b, cmd.kind, cmd.qualifies)
    return [FacilityAdded(b.owner, cmd.kind, confirmed)]


@decides(SwapFacility)
def decide_swap(state: State, cmd: SwapFacility, dice) -> list[Event]:
    b = bastion_of(state, cmd.owner)
    facility(b, cmd.facility)
    confirmed = _prerequisite(state, b, cmd.kind, cmd.qualifies)
    return [FacilitySwapped(b.owner, cmd.facility, cmd.kind, confirmed)]


@decides(EnlargeFacility)
def decide_enlarge_special(state: State, cmd: EnlargeFacility, dice) -> list[Event]:
    b = bastion_of(state, cmd.owner)
    set_days = state.rules.bastion.enlarge_special.days \
        if state.rules.bastion.enlarge_special else 0
    if set_days and cmd.days and cmd.days != set_days:
        raise Refused(f"the ruleset sets enlarging at {set_days} days; do not give days")
    days = set_days or cmd.days
    if not 1 <= days <= 3660:
        raise Refused("the source gives no days for enlarging a special facility: "
                      "enter them (1 to 3,660)")
    return [FacilityEnlarged(b.owner, cmd.facility, days)]


@decides(NameDefender)
def decide_name_defender(state: State, cmd: NameDefender, dice) -> list[Event]:
    b = bastion_of(state, cmd.owner)
    name = cmd.name.strip()
    if not 1 <= len(name) <= 40:
        raise Refused("a defender's name is 1 to 40 characters")
    if not 0 <= cmd.home <= 1_000_000:
        raise Refused("name the housing facility by its number (0: needs no housing)")
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
        raise Refused("name both Barracks by their numbers")
    if cmd.name.strip():
        return [DefendersMoved(b.owner, cmd.source, cmd.to, 1, named(b, cmd.name).name)]
    if not 1 <= cmd.count <= 10_000:
        raise Refused("move 1 to 10,000 defenders")
    return [DefendersMoved(b.owner, cmd.source, cmd.to, cmd.count)]


def named(b: Bastion, name: str) -> Defender:
    d = next((d for d in b.roster if d.name.casefold() == name.strip().casefold()), None)
    if d is None:
        raise Refused(f"no defender {name!r} on {b.owner}'s roster ("
                      + (", ".join(x.name for x in b.roster) or "nobody named yet") + ")")
    return d


def housed_in(b: Bastion, home: int) -> int:
    """Named defenders housed in facility #``home``."""
    return sum(1 for d in b.roster if d.home == home)


@decides(HouseRefugees)
def decide_refugees(state: State, cmd: HouseRefugees, dice) -> list[Event]:
    b = bastion_of(state, cmd.owner)
    if not 0 <= cmd.facility <= 1_000_000:
        raise Refused("name a basic facility by its number, or 0 for outside the walls")
    return [RefugeesHoused(b.owner, cmd.facility, cmd.leave)]


@decides(BuildBasic)
def decide_basic(state: State, cmd: BuildBasic, dice) -> list[Event]:
    b = bastion_of(state, cmd.owner)
    rules = state.rules.bastion
    if cmd.space not in rules.spaces:
        raise Refused(f"no space {cmd.space!r}; choose one of: " + ", ".join(rules.spaces))
    what = cmd.what.strip() or rules.basic_kinds[0]
    if what not in rules.basic_kinds:
        raise Refused(f"no basic facility {what!r}; choose one of: "
                      + ", ".join(rules.basic_kinds))
    return [BasicOrdered(b.owner, cmd.space, what)]


@decides(EnlargeBasic)
def decide_enlarge(state: State, cmd: EnlargeBasic, dice) -> list[Event]:
    b = bastion_of(state, cmd.owner)
    return [BasicEnlarged(b.owner, cmd.facility)]


@decides(BuildWalls)
def decide_walls(state: State, cmd: BuildWalls, dice) -> list[Event]:
    b = bastion_of(state, cmd.owner)
    if not 1 <= cmd.squares <= 10_000:
        raise Refused("build 1 to 10,000 squares of wall at a time")
    return [WallsOrdered(b.owner, cmd.squares, cmd.encloses)]


@decides(MoveGold)
def decide_gold(state: State, cmd: MoveGold, dice) -> list[Event]:
    b = bastion_of(state, cmd.owner)
    if cmd.gp == 0:
        raise Refused("give an amount of gold other than 0 (+N in, -N out)")
    if len(cmd.why) > 200:
        raise Refused("a ledger note is limited to 200 characters")
    return [GoldMoved(b.owner, cmd.gp, cmd.why.strip())]


@decides(Downtime)
def decide_downtime(state: State, cmd: Downtime, dice) -> list[Event]:
    if not 1 <= cmd.days <= 3660:
        raise Refused("downtime is 1 to 3,660 days")
    if state.dungeon.active:
        raise Refused("the party is in a dungeon: leave it before downtime")
    return [DowntimePassed(cmd.days)]


@decides(CombineBastions)
def decide_combine(state: State, cmd: CombineBastions, dice) -> list[Event]:
    if _rules(state).combining is None:
        raise Refused(f"{state.rules.meta.name} does not combine bastions")
    a, p = bastion_of(state, cmd.owner), bastion_of(state, cmd.partner)
    if a is p:
        raise Refused(f"{a.owner}'s bastion cannot be combined with itself")
    if a.combined and a.combined == p.combined:
        raise Refused(f"{a.owner}'s and {p.owner}'s bastions are combined already")
    return [BastionsCombined(a.owner, p.owner)]


def _shift_problem(state: State, b: Bastion, ch: Choices) -> str:
    """Why losses cannot be moved as ``ch`` says, or ''."""
    if not ch.shift and not ch.shift_to:
        return ""
    rule = state.rules.bastion.combining
    if rule is None or not rule.losses_move:
        return f"{state.rules.meta.name} does not move defender losses between bastions"
    mates = partners(state, b)
    if not mates:
        return f"{b.owner}'s bastion is not combined: there is no partner to take losses"
    if ch.shift_to and ch.shift_to.casefold() not in {p.owner.casefold() for p in mates}:
        return (f"{ch.shift_to} is not {b.owner}'s partner (partners: "
                + ", ".join(p.owner for p in mates) + ")")
    if not 0 <= ch.shift <= 1_000_000:
        return "losses moved must be 0 or more"
    return ""


@decides(RunTurn)
def decide_turn(state: State, cmd: RunTurn, dice) -> list[Event]:
    b = bastion_of(state, cmd.owner)
    if cmd.maintain and cmd.orders:
        raise Refused("Maintain is for the whole bastion: no other orders that turn")
    if why := _shift_problem(state, b, cmd.choices):
        raise Refused(why)
    orders = tuple(OrderGiven(fid, oid, cost, tuple(animals[0]) if animals else ())
                   for fid, oid, cost, *animals in cmd.orders)
    return [_decided(state, b, orders, cmd.maintain, False, cmd.choices, dice)]


@decides(RunQueued)
def decide_queued(state: State, cmd: RunQueued, dice) -> list[Event]:
    _rules(state)
    owners = [bastion_of(state, cmd.owner).owner] if cmd.owner else \
        [b.owner for b in state.bastions.all if not b.abandoned]
    out: list[Event] = []
    total = sum(find(state, o).queued for o in owners)
    for owner in owners:
        while (b := find(state, owner)).queued and not b.abandoned:
            ch = cmd.choices if partners(state, b) else replace(cmd.choices, shift=0, shift_to="")
            if why := _shift_problem(state, b, ch):
                raise Refused(why)
            ev = _decided(state, b, (), True, True, ch, dice)
            out.append(ev)
            state = evolve_turn(state, ev)
            progress.tick("bastion turns decided", len(out), total)
    if not out:
        raise Refused("no bastion turn is waiting" + _next_due_text(state))
    return out


def _next_due_text(state: State) -> str:
    live = [b for b in state.bastions.all if not b.abandoned]
    if not live:
        return ""
    b = min(live, key=lambda x: x.next_due)
    days = -(-(b.next_due - state.clock) // state.rules.time.day_seconds)
    return f" (the next falls due for {b.owner} in {days} day(s))"


def _decided(state: State, b: Bastion, orders, maintain: bool, away: bool,
             ch: Choices, dice) -> BastionTurnRun:
    if not 0 <= ch.aid <= 1_000_000 or ch.pick not in (1, 2):
        raise Refused("defenders sent must be 0 or more, and the pick 1 or 2")
    mates = partners(state, b)
    mate = next((p.owner for p in mates if p.owner.casefold() == ch.shift_to.casefold()),
                mates[0].owner if ch.shift and len(mates) == 1 else "")  # the log names them
    ev = BastionTurnRun(b.owner, maintain, away, orders, ch.bribe, ch.opportunity, ch.aid,
                        ch.pick, shift=ch.shift, shift_to=mate)
    rolls: list[Roll] = []

    def take(expr: str, label: str) -> Roll:
        r = dicemod.roll(expr, dice, f"{b.owner}'s bastion: {label}")
        rolls.append(r)
        return r

    run_turn(state, b, ev, take)  # refuses what cannot be done
    return replace(ev, dice=tuple(rolls))


# --- the turn -----------------------------------------------------------------------


Take = Callable[[str, str], Roll]


def run_turn(state: State, b: Bastion, ev: BastionTurnRun,
             take: Take) -> tuple[Bastion, list[str], list[Bastion]]:
    """The bastion after the turn ``ev``, the turn's lines, and its combined
    partners after it (they may take on its losses), rolling with ``take``."""
    rules = state.rules
    if b.queued < 1:
        raise Refused(f"no bastion turn is due for {b.owner}" + _next_due_text(state))
    # queued turns happened on their own days: the ledger and the building work go by those
    clock = turn_clock(rules, b)
    t = _Turn(rules, clock, take, ev, b, owner_level(state, b), partners(state, b))
    t.reopen()
    for given in ev.orders:
        t.give(given)
    t.progress()
    if ev.maintain:
        t.lines.append("Maintain" + (" (owner away)" if ev.away else ""))
        t.bastion_event()
    elif not ev.orders and not t.busy:
        t.lines.append("No orders")
    b = t.b
    if len(b.roster) > defenders(b):  # which of them fell is the GM's to say
        t.lines.append(f"{len(b.roster) - defenders(b)} of the named defenders fell: "
                       "strike them from the roster")
    for p in t.mates:
        if len(p.roster) > defenders(p):
            t.lines.append(f"{len(p.roster) - defenders(p)} of {p.owner}'s named defenders "
                           "fell: strike them from the roster")
    gave = bool(ev.orders) or (ev.maintain and (not ev.away or rules.bastion.auto_maintain_counts))
    neglect = 0 if gave else b.neglect + 1
    abandoned = neglect >= owner_level(state, b)
    if abandoned:
        t.lines.append(f"Neglected {neglect} turns: the hirelings leave")
    gp = t.b.treasury - t.start_gp
    result = TurnResult(b.turns + 1, clock, tuple(t.lines), gp, tuple(t.rolled))
    b = replace(b, queued=b.queued - 1, waiting=b.waiting[1:], turns=b.turns + 1,
                neglect=neglect, abandoned=abandoned,
                results=(b.results + (result,))[-RESULTS_KEPT:])
    return b, t.lines, t.mates


class _Turn:
    """One turn being worked out: the bastion so far and the lines it reads as."""

    def __init__(self, rules, clock: int, take: Take, ev: BastionTurnRun, b: Bastion,
                 level: int, mates: list[Bastion]):
        self.rules, self.clock, self.ev, self.b, self.level = rules, clock, ev, b, level
        self.mates = mates  # combined partners, as the turn leaves them
        self.shift_left = ev.shift  # losses the owner may still move to them
        self.rolled: list[str] = []  # what the dice said, for the turn's results

        def recorded(expr: str, label: str) -> Roll:
            r = take(expr, label)
            self.rolled.append(roll_text(r))
            return r
        self.take = recorded
        self.br = rules.bastion
        self.lines: list[str] = []
        self.start_gp = b.treasury
        self.given: dict[int, int] = {}  # orders given this turn, by facility
        self.busy = False

    def _fac(self, f: Facility) -> None:
        self.b = replace(self.b, facilities=tuple(f if x.id == f.id else x
                                                  for x in self.b.facilities))

    def name(self, f: Facility) -> str:
        return facility_name(self.rules, f)

    def reopen(self) -> None:
        """Facilities shut last turn are shut this one; after it they reopen,
        their hirelings replaced. Enlargements done by now take effect."""
        self.shut_ids = {f.id for f in self.b.facilities if f.shut}
        for f in self.b.facilities:
            if f.vast_at and f.vast_at <= self.clock and f.space != "vast":
                f = replace(f, space="vast",
                            hirelings=f.hirelings + staff(self.rules, replace(f, space="vast"))
                            - staff(self.rules, f))
                self._fac(f)
                note = self.br.facilities[f.kind].vast.note
                self.lines.append(f"{self.name(f)} is Vast now" + (f": {note}" if note else ""))
            if f.shut:
                self.lines.append(f"{self.name(f)} is shut this turn")
                self._fac(replace(f, shut=f.shut - 1,
                                  hirelings=f.hirelings or staff(self.rules, f)))

    def give(self, given: OrderGiven) -> None:
        level = self.level
        f = facility(self.b, given.facility)
        if f.basic:
            raise Refused(f"{self.name(f)} is a basic facility: it takes no orders")
        if not ready(f, self.clock):
            raise Refused(f"{self.name(f)} is still being built")
        at_once = orders_at_once(self.rules, f)
        if self.given.get(f.id, 0) >= at_once:
            raise Refused(f"{self.name(f)} was given two orders" if at_once == 1 else
                          f"{self.name(f)} works {at_once} orders at once; it was given more")
        if f.order and (at_once < 2 or f.order2):
            raise Refused(f"{self.name(f)} is busy with {f.order} ({f.progress} days done)"
                          + (f" and {f.order2} ({f.progress2} days done)" if f.order2 else ""))
        o = option(self.rules, f, given.option)
        if f.id in self.shut_ids:
            raise Refused(f"{self.name(f)} is shut this turn")
        if o.min_level > level:
            raise Refused(f"{self.name(f)}: {o.text} needs an owner of level {o.min_level}")
        if given.cost and not typed_gp(o):
            raise Refused(f"{self.name(f)}: {o.text} has a set cost; do not give one")
        if given.animals:
            self.animal_trade(f, o, given)
        else:
            self.trade_limits(f, o, given.cost)
        room = houses(self.rules, f)
        if o.defenders and room and f.housed >= room:
            raise Refused(f"{self.name(f)} #{f.id} is full ({f.housed} of {room} housed): "
                          "recruit at another, or enlarge it")
        if o.defenders and housing(self.rules, self.b, self.clock) <= self.b.defenders:
            raise Refused(f"no room to house more defenders "
                          f"({self.b.defenders} of {housing(self.rules, self.b, self.clock)})")
        if o.lieutenants and f.hirelings >= self.br.facilities[f.kind].max_hirelings:
            raise Refused(f"{self.name(f)} already has its most lieutenants ({f.hirelings})")
        cost = animals_gp(self.rules, given.animals) if given.animals and o.buys else \
            order_cost(self.rules, self.b, o, given.cost, self.clock)
        self.given[f.id] = self.given.get(f.id, 0) + 1
        self.b = _pay(self.b, self.clock, f"{self.name(f)}: {o.text}", cost)
        f = facility(self.b, f.id)
        self._fac(replace(f, order2=o.id, progress2=0) if f.order else
                  replace(f, order=o.id, progress=0, order_gp=given.cost,
                          order_animals=given.animals))
        if cost:
            self.lines.append(f"{self.name(f)}: {cost:,} GP paid")

    def trade_limits(self, f: Facility, o: OrderOption, gp: int) -> None:
        """Refuses a purchase over the facility's limit or a sale beyond its stock."""
        if not (o.buys or o.sells):
            return
        if gp <= 0:
            raise Refused(f"{self.name(f)}: {o.text}: enter the goods' price in GP")
        if o.sells and gp > f.stock:
            raise Refused(f"{self.name(f)} holds {f.stock:,} GP of goods; "
                          f"it cannot sell {gp:,} GP")
        limit = band_at(self.br.facilities[f.kind].trade.buy_limit, self.level)
        if o.buys and limit is not None and gp > limit:
            raise Refused(f"{self.name(f)} buys up to {limit:,} GP of goods at a time "
                          f"at owner level {self.level}")

    def animal_trade(self, f: Facility, o: OrderOption, given: OrderGiven) -> None:
        """Refuses animals a Stable cannot buy (no stall for them) or sell (not kept)."""
        known = self.br.animals
        if not (o.buys or o.sells) or not stalls(self.rules, f):
            raise Refused(f"{self.name(f)}: {o.text} trades no animals")
        if given.cost:
            raise Refused(f"{self.name(f)}: name the animals or give a price, not both")
        if unknown := [a for a in given.animals if a not in known]:
            raise Refused(f"{self.name(f)}: no animal {unknown[0]!r} (one of "
                          + ", ".join(known) + ")")
        if o.buys and stall_room(self.rules, f, f.animals + given.animals) < 0:
            raise Refused(f"{self.name(f)} #{f.id} keeps {stalls(self.rules, f)} Large animals "
                          f"({self.br.medium_per_large} Medium to a stall) and has "
                          f"{animal_names(self.rules, f.animals) or 'none'}: no room for "
                          + animal_names(self.rules, given.animals))
        kept = list(f.animals)
        for a in given.animals if o.sells else ():
            if a not in kept:
                raise Refused(f"{self.name(f)} #{f.id} keeps no more "
                              f"{animal_names(self.rules, (a,))} to sell ("
                              + (animal_names(self.rules, f.animals) or "no animals") + ")")
            kept.remove(a)

    def trade(self, f: Facility, o: OrderOption, why: str) -> None:
        """Goods bought go into stock; goods sold leave it for their price and the
        markup. Named animals go into the Stable's stalls or out of them."""
        if f.order_animals:
            return self.trade_animals(f, o, why)
        if o.buys:
            self._fac(replace(facility(self.b, f.id), stock=f.stock + f.order_gp))
        if o.sells:
            markup = band_at(self.br.facilities[f.kind].trade.markup, self.level) or 0
            gp = f.order_gp * (100 + markup) // 100
            self._fac(replace(facility(self.b, f.id), stock=f.stock - f.order_gp))
            self.b = _book(self.b, self.clock, why, gp)
            self.lines.append(f"{self.name(f)}: sold {f.order_gp:,} GP of goods "
                              f"+{markup}% for {gp:,} GP")

    def trade_animals(self, f: Facility, o: OrderOption, why: str) -> None:
        names = animal_names(self.rules, f.order_animals)
        held = facility(self.b, f.id).animals
        if o.buys:
            self._fac(replace(facility(self.b, f.id), animals=held + f.order_animals))
            return
        kept = list(held)
        for a in f.order_animals:
            kept.remove(a)
        markup = band_at(self.br.facilities[f.kind].trade.markup, self.level) or 0
        price = animals_gp(self.rules, f.order_animals)
        gp = price * (100 + markup) // 100
        self._fac(replace(facility(self.b, f.id), animals=tuple(kept)))
        self.b = _book(self.b, self.clock, why, gp, item=names)
        self.lines.append(f"{self.name(f)}: sold {names} ({price:,} GP) +{markup}% for {gp:,} GP")

    def progress(self) -> None:
        """Every order in progress gains a turn's days; the finished ones pay out."""
        for f in self.b.facilities:
            if f.id not in self.shut_ids:
                self.advance(f.id, first=True)
                self.advance(f.id, first=False)

    def advance(self, fid: int, first: bool) -> None:
        """Facility #``fid``'s first order (or its second, a Vast Garden's) gains a turn's days."""
        f = facility(self.b, fid)
        oid, days = (f.order, f.progress) if first else (f.order2, f.progress2)
        if not oid:
            return
        self.busy = True
        o = option(self.rules, f, oid)
        done = days + self.br.turn_days
        if done < o.days:
            self._fac(replace(f, progress=done) if first else replace(f, progress2=done))
            self.lines.append(f"{self.name(f)}: {o.text} ({done} of {o.days} days)")
            return
        self._fac(replace(f, order="", progress=0, order_gp=0, order_animals=()) if first else
                  replace(f, order2="", progress2=0))
        self.finish(replace(facility(self.b, f.id), order_gp=f.order_gp if first else 0,
                            order_animals=f.order_animals if first else ()), o)

    def finish(self, f: Facility, o: OrderOption) -> None:
        why = f"{self.name(f)}: {o.text}"
        if o.chance:
            r = self.take(self.br.chance_die, f"{self.name(f)} ({o.chance} works)")
            if (r.total % 2 == 0) != (o.chance == "even"):
                self.lines.append(f"{why}: nothing comes of it ({r.total})")
                return
        if o.gold:
            expr = o.gold
            if expr.startswith("table:"):
                table = gold_tables(self.br)[expr[6:]]
                r = self.take(table.die, f"{self.name(f)}: the take")
                expr = table.lookup(r.total).result
            gp = self.take(expr, f"{self.name(f)}: gold").total if "d" in expr.lower() \
                else int(expr)
            self.b = _book(self.b, self.clock, why, gp)
            self.lines.append(f"{self.name(f)}: +{gp:,} GP")
        self.trade(f, o, why)
        if o.yields:
            item = animal_names(self.rules, f.order_animals) if f.order_animals else o.yields
            self.b = _book(self.b, self.clock, why, item=item)
            verb = {"craft": "made", "harvest": "harvested", "research": "learned"}.get(o.order,
                                                                                   "gained")
            gp = animals_gp(self.rules, f.order_animals) if f.order_animals else f.order_gp
            worth = f" worth {gp:,} GP" if o.buys else ""
            self.lines.append(f"{self.name(f)}: {'bought' if o.buys else verb} {item}{worth}")
        if o.defenders:  # housed where recruited, if it houses any, else where there is room
            here = houses(self.rules, f)
            room = here - f.housed if here else \
                housing(self.rules, self.b, self.clock) - self.b.defenders
            n = max(0, min(o.defenders, room))
            self.b = replace(self.b, defenders=self.b.defenders + n)
            self.b = _replaced(self.b, replace(f, housed=f.housed + n)) if here else \
                _rehoused(self.b, n, self.clock, self.rules)
            self.lines.append(f"{self.name(f)}: {n} defender(s) recruited")
        if o.lieutenants:
            top = self.br.facilities[f.kind].max_hirelings
            self._fac(replace(f, hirelings=min(top, f.hirelings + o.lieutenants)))
            self.lines.append(f"{self.name(f)}: a lieutenant joins")
        if o.stocks_armory:
            self.b = replace(self.b, armory_stocked=True)
            self.lines.append(f"{self.name(f)}: stocked")
        if o.meditates:
            self.b = replace(self.b, meditating=True)
            self.lines.append(f"{self.name(f)}: the next event is rolled twice")

    # -- events --------------------------------------------------------------------

    def bastion_event(self) -> None:
        table = self.br.events
        first = self.take(table.die, "bastion event")
        if self.b.meditating:
            second = self.take(table.die, "bastion event, second roll")
            chosen = first if self.ev.pick == 1 else second
            self.lines.append(f"Rolled twice: {first.total} and {second.total}, "
                              f"chose {chosen.total}")
            self.b = replace(self.b, meditating=False)
            first = chosen
        self.resolve(first)

    def resolve(self, r: Roll, rerolls: int = 0) -> None:
        what = self.br.events.lookup(r.total).result
        name = self.br.event_names.get(what, what)
        getattr(self, f"_{what}")(name, r, rerolls)

    def _say(self, name: str, r: Roll, text: str) -> None:
        self.lines.append(f"{name} ({r.total}): {text}")

    def _gain(self, name: str, expr: str, label: str) -> int:
        gp = self.take(expr, label).total
        self.b = _book(self.b, self.clock, name, gp)
        return gp

    def _pick(self, pool: list[Facility], label: str) -> Facility | None:
        if not pool:
            return None
        if len(pool) == 1:
            return pool[0]
        return pool[self.take(f"1d{len(pool)}", label).total - 1]

    def _all_is_well(self, name, r, rerolls):
        line = self.br.all_is_well.lookup(self.take(self.br.all_is_well.die, "all is well").total)
        self._say(name, r, line.result)

    def _attack(self, name, r, rerolls):
        b, a = self.b, self.br.attack
        if b.guest_monster:
            self.b = replace(b, guest_monster=False, refugees=0, refugees_in=0)
            return self._say(name, r, "the guest monster drives them off and leaves; no losses")
        if defenders(b) == 0:
            f = self._pick([f for f in specials(b) if ready(f, self.clock)], "facility damaged")
            self.b = replace(self.b, refugees=0, refugees_in=0)
            if f is None:
                return self._say(name, r, "beaten off; nothing to damage")
            self._fac(replace(facility(self.b, f.id), shut=1))
            return self._say(name, r, f"no defenders: {self.name(f)} damaged, shut next turn")
        _, enclosed = walls_built(b, self.clock)
        n = a.dice - (a.walls_fewer if enclosed else 0) \
            - a.lieutenant_fewer * lieutenants(self.rules, b, self.clock)
        die = a.armory_die if b.armory_stocked else a.die
        self.b = replace(b, refugees=0, refugees_in=0,
                         armory_stocked=False if n > 0 else b.armory_stocked)
        if n <= 0:
            return self._say(name, r, "beaten off; no dice left to roll, no losses")
        roll = self.take(f"{n}d{die}", "attack: defenders lost")
        killed = min(defenders(b), sum(1 for d in roll.dice if d == a.kills_on))
        self._say(name, r, f"beaten off; {killed} defender(s) killed" + self.lose(killed))

    def lose(self, n: int) -> str:
        """``n`` of the owner's defenders die, less those the owner moves to
        combined partners (the one named, else the best defended first);
        says who took them."""
        named = self.ev.shift_to.casefold()
        order = sorted((p for p in self.mates if not named or p.owner.casefold() == named),
                       key=lambda p: -defenders(p))
        moved = []
        for p in order:
            k = min(self.shift_left, n, defenders(p))
            if k:
                self.mates = [_killed(x, k) if x is p else x for x in self.mates]
                self.shift_left, n = self.shift_left - k, n - k
                moved.append(f"{k} of them {p.owner}'s")
        self.b = _killed(self.b, n)
        return f" ({', '.join(moved)})" if moved else ""

    def _criminal_hireling(self, name, r, rerolls):
        f = self._pick([f for f in specials(self.b) if f.hirelings], "whose hireling")
        if f is None:
            return self._say(name, r, "no hirelings to take")
        if self.ev.bribe:
            bribe = self.take(self.br.follow_ups.criminal_bribe, "the bribe").total
            if bribe <= self.b.treasury:
                self.b = _book(self.b, self.clock, f"{name}: bribe", -bribe)
                return self._say(name, r, f"bribe of {bribe:,} GP paid; {self.name(f)} keeps its hireling")
        left = f.hirelings - 1
        self._fac(replace(f, hirelings=left, shut=1 if left == 0 else f.shut))
        self._say(name, r, f"a hireling of {self.name(f)} is taken"
                  + (", shut next turn" if left == 0 else ""))

    def _opportunity(self, name, r, rerolls):
        gp = self.br.follow_ups.opportunity_gp
        if rerolls:
            self._say(name, r, "again: rolled again")
        elif not self.ev.opportunity or gp > self.b.treasury:
            return self._say(name, r, "declined" if not self.ev.opportunity
                             else f"not taken: {gp:,} GP not in the treasury")
        else:
            self.b = _book(self.b, self.clock, name, -gp)
            self._say(name, r, f"{gp:,} GP paid; another event")
        if rerolls < MAX_REROLLS:
            self.resolve(self.take(self.br.events.die, "bastion event, again"), rerolls + 1)

    def _friendly_visitors(self, name, r, rerolls):
        gp = self._gain(name, self.br.follow_ups.visitors_gp, "visitors pay")
        self._say(name, r, f"they pay {gp:,} GP")

    def _guest(self, name, r, rerolls):
        who = self.br.guest.lookup(self.take(self.br.guest.die, "guest").total).result
        if who == "famous":
            self.b = _book(self.b, self.clock, name, item="a letter of recommendation")
            text = "a famous guest; a letter of recommendation"
        elif who == "sanctuary":
            gp = self._gain(name, self.br.follow_ups.sanctuary_gift, "sanctuary gift")
            text = f"a guest seeking sanctuary; a gift of {gp:,} GP"
        elif who == "mercenary":
            self.b = replace(self.b, mercenaries=self.b.mercenaries + 1)
            text = "a mercenary joins the defenders"
        else:
            self.b = replace(self.b, guest_monster=True)
            text = "a friendly monster stays and will defend"
        self._say(name, r, text)

    def _lost_hirelings(self, name, r, rerolls):
        f = self._pick([f for f in specials(self.b) if ready(f, self.clock)], "which facility")
        if f is None:
            return self._say(name, r, "no special facility to lose them")
        self._fac(replace(f, hirelings=0, shut=1))
        self._say(name, r, f"{self.name(f)} loses its hirelings, shut next turn")

    def _magical_discovery(self, name, r, rerolls):
        item = "an Uncommon potion or scroll (owner's choice)"
        self.b = _book(self.b, self.clock, name, item=item)
        self._say(name, r, item)

    def _refugees(self, name, r, rerolls):
        n = self.take(self.br.follow_ups.refugees, "refugees").total
        self.b = replace(self.b, refugees=self.b.refugees + n)
        gp = self._gain(name, self.br.follow_ups.refugees_gp, "refugees pay")
        where = "in " + facility_name(self.rules, facility(self.b, self.b.refugees_in)) \
            if self.b.refugees_in else "outside the walls"
        self._say(name, r, f"{n} refugees; they pay {gp:,} GP; staying {where}")

    def _request_for_aid(self, name, r, rerolls):
        fu = self.br.follow_ups
        sent = min(self.ev.aid, defenders(self.b))
        if sent == 0:
            return self._say(name, r, "no defenders sent")
        sides = dicemod.parse(fu.aid_die).groups[0].sides
        armed = fu.armory_aids and self.b.armory_stocked
        if armed:
            sides = self.br.attack.armory_die
            self.b = replace(self.b, armory_stocked=False)
        total = self.take(f"{sent}d{sides}", f"{sent} defender(s) sent"
                          + (", armed from the Armory" if armed else "")).total
        reward = self.take(fu.aid_reward, "reward").total
        if total >= fu.aid_target:
            self.b = _book(self.b, self.clock, name, reward)
            return self._say(name, r, f"{total} vs {fu.aid_target}: solved, {reward:,} GP")
        half = reward // 2
        self.b = _book(self.b, self.clock, name, half)
        self._say(name, r, f"{total} vs {fu.aid_target}: solved at a cost, {half:,} GP, "
                  "one defender dies" + self.lose(1).replace("1 of them ", ""))

    def _treasure(self, name, r, rerolls):
        item = self.br.treasure.lookup(self.take(self.br.treasure.die, "treasure").total).result
        self.b = _book(self.b, self.clock, name, item=item)
        self._say(name, r, item)


# --- evolving -------------------------------------------------------------------


def _owned(state: State, owner: str) -> Bastion:
    b = find(state, owner)
    if b is None or state.rules.bastion is None:
        raise Refused(f"{owner} has no bastion")
    return b


@evolves(BastionFounded)
def evolve_founded(state: State, ev: BastionFounded) -> State:
    rules = state.rules.bastion
    if rules is None or find(state, ev.owner) is not None:
        raise Refused(f"{ev.owner} cannot found a bastion here")
    kinds = rules.basic_kinds
    basics = tuple(Facility(i + 1, kinds[i % len(kinds)], space, basic=True)
                   for i, space in enumerate(rules.start_basic))
    c = party.find(state, ev.owner)
    b = Bastion(ev.owner, ev.name, next_due=state.clock + turn_seconds(state.rules),
                period=turn_seconds(state.rules),
                facilities=basics, next_id=len(basics) + 1,
                swap_level=c.level if c is not None else rules.from_level)
    return replace(state, bastions=Bastions(state.bastions.all + (b,)))


def _added(b: Bastion, f: Facility) -> Bastion:
    return replace(b, facilities=b.facilities + (f,), next_id=b.next_id + 1)


def _may_have(state: State, b: Bastion, kind: str, instead: Facility | None = None):
    """The facility definition of ``kind``, refusing what the level or its text forbids."""
    fdef = state.rules.bastion.facilities.get(kind)
    if fdef is None:
        raise Refused(f"no special facility {kind!r}")
    level = owner_level(state, b)
    if level < fdef.level:
        raise Refused(f"{fdef.name} needs an owner of level {fdef.level} ({b.owner} is {level})")
    have = [f for f in specials(b) if f is not instead]
    allowed = specials_allowed(state.rules, level)
    if len(have) >= allowed:
        raise Refused(f"{b.owner} (level {level}) has all {allowed} special facilities "
                      "the level allows")
    if not fdef.many and any(f.kind == kind for f in have):
        raise Refused(f"{b.owner}'s bastion already has a {fdef.name}")
    return fdef


@evolves(FacilityAdded)
def evolve_facility(state: State, ev: FacilityAdded) -> State:
    b = _owned(state, ev.owner)
    fdef = _may_have(state, b, ev.kind)
    f = Facility(b.next_id, ev.kind, fdef.space, hirelings=fdef.hirelings, ready_at=state.clock,
                 animals=tuple(fdef.starts_with))
    return _put(state, _added(b, f))


def _replaced(b: Bastion, f: Facility) -> Bastion:
    return replace(b, facilities=tuple(f if x.id == f.id else x for x in b.facilities))


@evolves(FacilitySwapped)
def evolve_swapped(state: State, ev: FacilitySwapped) -> State:
    b = _owned(state, ev.owner)
    old = facility(b, ev.facility)
    if old.basic:
        raise Refused(f"#{old.id} is a basic facility: only special ones are swapped")
    level = owner_level(state, b)
    if level <= b.swap_level:
        raise Refused(f"{b.owner} has not gained a level since level {b.swap_level}: "
                      "a swap comes with a level-up")
    if old.kind == ev.kind:
        raise Refused(f"#{old.id} already is a {facility_name(state.rules, old)}")
    fdef = _may_have(state, b, ev.kind, instead=old)
    new = Facility(old.id, ev.kind, fdef.space, hirelings=fdef.hirelings, ready_at=state.clock,
                   animals=tuple(fdef.starts_with))
    b = _replaced(b, new)
    if old.housed:  # its defenders move to the other Barracks
        room = housing(state.rules, b, state.clock) - (b.defenders - old.housed)
        if room < old.housed:
            raise Refused(f"{facility_name(state.rules, old)} #{old.id} houses {old.housed} "
                          f"defender(s) and the rest of the bastion has room for {room}")
        b = _rehoused(b, old.housed, state.clock, state.rules)
    return _put(state, replace(b, swap_level=level))


@evolves(FacilityEnlarged)
def evolve_enlarged(state: State, ev: FacilityEnlarged) -> State:
    b = _owned(state, ev.owner)
    f = facility(b, ev.facility)
    rules = state.rules
    fdef = None if f.basic else rules.bastion.facilities.get(f.kind)
    name = facility_name(rules, f)
    if fdef is None or fdef.vast is None:
        raise Refused(f"{name} cannot be enlarged" + (" this way (basic-enlarge does that)"
                                                      if f.basic else ""))
    if f.vast_at or f.space == "vast":
        raise Refused(f"{name} is already Vast or being enlarged")
    b = _pay(b, state.clock, f"enlarge {name} to Vast", rules.bastion.enlarge_special.gp)
    done = state.clock + ev.days * rules.time.day_seconds
    return _put(state, _replaced(b, replace(f, vast_at=done)))


@evolves(DefenderNamed)
def evolve_defender_named(state: State, ev: DefenderNamed) -> State:
    b = _owned(state, ev.owner)
    if len(b.roster) >= defenders(b):
        raise Refused(f"all {defenders(b)} of {b.owner}'s defenders have names")
    if any(d.name.casefold() == ev.name.casefold() for d in b.roster):
        raise Refused(f"{ev.name} is on the roster already")
    if ev.home:
        f = _barrack(state.rules, b, ev.home)
        if housed_in(b, ev.home) >= f.housed:  # its room is not who lives there
            raise Refused(f"{facility_name(state.rules, f)} #{f.id} houses {f.housed} "
                          f"defender(s) and all {housed_in(b, ev.home)} have names: name them "
                          "elsewhere, or move defenders in first")
    return _put(state, replace(b, roster=b.roster + (Defender(ev.name, ev.home),)))


def _barrack(rules, b: Bastion, fid: int) -> Facility:
    """Facility #``fid``, refused unless it houses defenders."""
    f = facility(b, fid)
    if not houses(rules, f):
        raise Refused(f"{facility_name(rules, f)} #{f.id} houses no defenders")
    return f


@evolves(DefendersMoved)
def evolve_defenders_moved(state: State, ev: DefendersMoved) -> State:
    b = _owned(state, ev.owner)
    rules = state.rules
    src, dst = _barrack(rules, b, ev.source), _barrack(rules, b, ev.to)
    if src.id == dst.id:
        raise Refused(f"they live in #{src.id} already")
    if not ready(dst, state.clock):
        raise Refused(f"{facility_name(rules, dst)} #{dst.id} is still being built")
    where = f"{facility_name(rules, src)} #{src.id}"
    if ev.name:
        d = named(b, ev.name)
        if d.home != src.id:
            raise Refused(f"{d.name} lives in #{d.home}, not #{src.id}")
    elif ev.count > src.housed:
        raise Refused(f"{where} houses {src.housed} defender(s)")
    elif ev.count > (unnamed := max(0, src.housed - housed_in(b, src.id))):
        raise Refused(f"only {unnamed} of {where}'s {src.housed} defenders has no name: "
                      "move the named by name")
    room = houses(rules, dst) - dst.housed
    if ev.count > room:
        raise Refused(f"{facility_name(rules, dst)} #{dst.id} has room for {room} more "
                      f"({dst.housed} of {houses(rules, dst)} housed)")
    b = _replaced(_replaced(b, replace(src, housed=src.housed - ev.count)),
                  replace(dst, housed=dst.housed + ev.count))
    if ev.name:
        b = replace(b, roster=tuple(replace(x, home=dst.id) if x.name == ev.name else x
                                    for x in b.roster))
    return _put(state, b)


@evolves(DefenderStruck)
def evolve_defender_struck(state: State, ev: DefenderStruck) -> State:
    b = _owned(state, ev.owner)
    d = named(b, ev.name)
    return _put(state, replace(b, roster=tuple(x for x in b.roster if x is not d)))


@evolves(RefugeesHoused)
def evolve_refugees(state: State, ev: RefugeesHoused) -> State:
    b = _owned(state, ev.owner)
    if not b.refugees:
        raise Refused(f"{b.owner}'s bastion shelters no refugees")
    if ev.leave:
        return _put(state, replace(b, refugees=0, refugees_in=0))
    if ev.facility:
        f = facility(b, ev.facility)
        if not f.basic or not ready(f, state.clock):
            raise Refused(f"refugees go in a built basic facility; "
                          f"{facility_name(state.rules, f)} is not one")
    return _put(state, replace(b, refugees_in=ev.facility))


@evolves(BasicOrdered)
def evolve_basic(state: State, ev: BasicOrdered) -> State:
    b = _owned(state, ev.owner)
    sp = state.rules.bastion.spaces.get(ev.space)
    if sp is None:
        raise Refused(f"no space {ev.space!r}")
    b = _pay(b, state.clock, f"new {sp.name.lower()} {ev.what}", sp.add_gp)
    ready_at = state.clock + sp.add_days * state.rules.time.day_seconds
    return _put(state, _added(b, Facility(b.next_id, ev.what, ev.space, basic=True,
                                          ready_at=ready_at)))


@evolves(BasicEnlarged)
def evolve_enlarge(state: State, ev: BasicEnlarged) -> State:
    b = _owned(state, ev.owner)
    f = facility(b, ev.facility)
    rules = state.rules
    sp = rules.bastion.spaces[f.space]
    if not f.basic:
        raise Refused(f"{facility_name(rules, f)} is a special facility")
    if not ready(f, state.clock):
        raise Refused(f"{facility_name(rules, f)} is still being built")
    if not sp.enlarge_to:
        raise Refused(f"{facility_name(rules, f)} is as large as a basic facility gets")
    b = _pay(b, state.clock, f"enlarge {facility_name(rules, f)}", sp.enlarge_gp)
    ready_at = state.clock + sp.enlarge_days * rules.time.day_seconds
    big = replace(f, space=sp.enlarge_to, ready_at=ready_at)
    return _put(state, replace(b, facilities=tuple(big if x.id == f.id else x
                                                   for x in b.facilities)))


@evolves(WallsOrdered)
def evolve_walls(state: State, ev: WallsOrdered) -> State:
    b = _owned(state, ev.owner)
    w = state.rules.bastion.walls
    b = _pay(b, state.clock, f"{ev.squares} squares of wall", ev.squares * w.gp_per_square)
    done = state.clock + ev.squares * w.days_per_square * state.rules.time.day_seconds
    return _put(state, replace(b, walls=b.walls + ((ev.squares, done, ev.encloses),)))


@evolves(GoldMoved)
def evolve_gold(state: State, ev: GoldMoved) -> State:
    b = _owned(state, ev.owner)
    why = ev.why or ("gold brought in" if ev.gp > 0 else "gold taken out")
    b = _pay(b, state.clock, why, -ev.gp) if ev.gp < 0 else _book(b, state.clock, why, ev.gp)
    return _put(state, b)


@evolves(DowntimePassed)
def evolve_downtime(state: State, ev: DowntimePassed) -> State:
    if state.dungeon.active:
        raise Refused("downtime cannot pass in a dungeon")
    after = pass_time(state, ev.days * state.rules.time.day_seconds, burning=False)
    br = state.rules.bastion
    if br is not None and not br.downtime_eats_rations:  # fed at home: the pack stays full
        before = state.supplies
        after = replace(after, supplies=replace(after.supplies, rations=before.rations,
                                                eaten=before.eaten,
                                                missed_meals=before.missed_meals))
    return after


@evolves(BastionTurnRun)
def evolve_turn(state: State, ev: BastionTurnRun) -> State:
    b = _owned(state, ev.owner)
    recorded = list(ev.dice)

    def take(expr: str, label: str) -> Roll:
        if not recorded:
            raise Refused(f"the turn's recorded dice run out at {label} ({expr}): "
                          "a correction changed what the turn rolls")
        r = recorded.pop(0)
        if r.expr.replace(" ", "").lower() != expr.replace(" ", "").lower():
            raise Refused(f"the turn recorded {r.expr} where {label} needs {expr}: "
                          "a correction changed what the turn rolls")
        return r

    after, _, mates = run_turn(state, b, ev, take)
    if recorded:
        raise Refused(f"the turn recorded {len(recorded)} roll(s) it no longer uses")
    for p in mates:
        state = _put(state, p)
    return _put(state, after)


@evolves(BastionsCombined)
def evolve_combined(state: State, ev: BastionsCombined) -> State:
    a, p = _owned(state, ev.owner), _owned(state, ev.partner)
    if a is p or (a.combined and a.combined == p.combined):
        raise Refused(f"{a.owner}'s and {p.owner}'s bastions cannot be combined again")
    joining = {g for g in (a.combined, p.combined) if g}
    group = p.combined or a.combined or 1 + max(x.combined for x in state.bastions.all)
    out = tuple(replace(x, combined=group) if x is a or x is p or x.combined in joining else x
                for x in state.bastions.all)
    return replace(state, bastions=Bastions(out))


@evolves(Divested)
def evolve_divested(state: State, ev: Divested) -> State:
    _owned(state, ev.owner)
    rest = tuple(b for b in state.bastions.all if b.owner != ev.owner)
    return replace(state, bastions=Bastions(rest))


@decides(Divest)
def decide_divest(state: State, cmd: Divest, dice) -> list[Event]:
    _rules(state)
    b = find(state, cmd.owner)
    if b is None:
        raise Refused(f"{cmd.owner or 'nobody'} has no bastion")
    return [Divested(b.owner)]


@evolves(party.CharacterRenamed)
def evolve_renamed(state: State, ev) -> State:
    """A bastion follows its owner's new name."""
    b = find(state, ev.old)
    if b is None:
        return state
    rest = tuple(replace(x, owner=ev.new) if x is b else x for x in state.bastions.all)
    return replace(state, bastions=Bastions(rest))


# --- time -----------------------------------------------------------------------


@on_time(when="bastions.all")
def _turns_fall_due(state: State, elapsed: int, clock: int, burning: bool,
                    changes: dict) -> None:
    """Each bastion's turns fall due on the clock, queued however many pass."""
    bs = changes.get("bastions", state.bastions)
    if not bs.all or state.ruleset.rules.bastion is None:
        return
    step = turn_seconds(state.ruleset.rules)
    out, changed = [], False
    for b in bs.all:
        if not b.abandoned and clock >= b.next_due:
            b = _fall_due(b, b.next_due, clock, step)
            changed = True
        out.append(b)
    if changed:
        changes["bastions"] = Bastions(tuple(out))


@evolves(RulesetChanged, when="bastions.all")
def evolve_turn_length(state: State, ev: RulesetChanged) -> State:
    """A house rule changing the turn's length counts the pending turn anew
    from where it began (a turn every 10 days: the first falls on day 10, not
    7); one that would already have ended falls due now. Turns waiting keep
    their days."""
    if state.rules.bastion is None:
        return state
    step = turn_seconds(state.rules)
    out = []
    for b in state.bastions.all:
        if b.period and b.period != step and not b.abandoned:
            b = _fall_due(b, b.next_due - b.period + step, state.clock, step)
        out.append(b)
    return replace(state, bastions=Bastions(tuple(out)))


@invariant
def _bastions_hold(state: State):
    for b in state.bastions.all:
        if b.treasury < 0:
            yield f"leave {b.owner}'s bastion treasury at {b.treasury} GP"
        if b.defenders < 0 or b.mercenaries < 0:
            yield f"leave {b.owner}'s bastion fewer than no defenders"
        if b.waiting and len(b.waiting) != b.queued:
            yield f"keep the days of {b.owner}'s waiting bastion turns out of step with them"
        if sum(f.housed for f in b.facilities) != b.defenders:
            yield f"house {b.owner}'s defenders somewhere other than their Barracks"


@invariant
def _bastions_under_rules(state: State):
    """What the bastions as they stand need of the ruleset: a house rule (or a
    correction) that takes it away is refused, naming what depends on it."""
    br = state.rules.bastion
    bastions = [b for b in state.bastions.all if not b.abandoned]
    if bastions and br is None:
        yield "leave the bastions of " + ", ".join(b.owner for b in bastions) + \
            " without a [bastion] section"
        return
    for b in bastions:
        for f in b.facilities:
            where = f"{b.owner}'s {facility_name(state.rules, f)} #{f.id}"
            if f.space not in br.spaces:
                yield f"leave {where} of size {f.space!r}, which bastion.spaces lacks"
            if f.basic:
                continue
            fdef = br.facilities.get(f.kind)
            if fdef is None:
                yield f"leave {where} a kind ({f.kind!r}) that bastion.facilities lacks"
                continue
            ids = {o.id for o in fdef.orders}
            for order in (f.order, f.order2):
                if order and order not in ids:
                    yield (f"leave {where} working on order {order!r}, which "
                           f"bastion.facilities.{f.kind}.orders lacks")
            room = houses(state.rules, f)
            if f.housed > room:
                yield (f"leave {where} housing {f.housed} defender(s) with room for {room} "
                       f"(bastion.facilities.{f.kind}.houses)")


def days_left(state: State, b: Bastion) -> int:
    """Whole days until ``b``'s next turn falls due."""
    return -(-(b.next_due - state.clock) // state.rules.time.day_seconds)
