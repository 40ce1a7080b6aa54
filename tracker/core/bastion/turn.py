"""The bastion turn. A turn is worked out by one function, ``run_turn``, from
the state, the GM's choices and a source of dice. ``decide`` runs it with live
dice and records every roll in the event; ``evolve`` runs it again with the
recorded rolls, so correcting a die recomputes what followed from it, and
replay never rolls. Its orders are worked in ``orders.py``, its bastion event
in ``turn_events.py``."""

from __future__ import annotations

from typing import Callable

from msgspec.structs import replace

from ... import i18n
from ...i18n import N_, _, ngettext
from .. import dice as dicemod
from .. import progress
from ..dice import Roll
from ..errors import Refused
from ..events import Event
from ..handlers import decides, evolves
from ..state import State
from ..timeline.hooks import counts, refits, repeated, reschedules
from .commands import BastionTurnRun, Choices, OrderGiven, RunQueued, RunTurn
from .lookups import (bastion_of, bastion_rules, checked_choice, choice_count, chosen_now,
                      defenders,
                      facility_name, facility_term, find,
                      gives_orders, order_text, owned, owner_level, partners, put,
                      run_by_living, staff, turn_clock)
from .model import RESULTS_KEPT, Bastion, Facility, OrderOption, TurnResult
from .orders import TurnOrders
from .said import Term, Value, say, say_n, text
from .turn_events import TurnEvents

MAINTAIN = N_("Maintain")  # a Maintain turn's first line; its bastion event follows it
MAINTAIN_AWAY = N_("Maintain (owner away)")


def _shift_problem(state: State, b: Bastion, ch: Choices) -> str:
    """Why losses cannot be moved as ``ch`` says, or ''."""
    if not ch.shift and not ch.shift_to:
        return ""
    rule = state.rules.bastion.combining
    if rule is None or not rule.losses_move:
        return _("{ruleset} does not move defender losses between bastions").format(
            ruleset=state.rules.meta.name)
    mates = partners(state, b)
    if not mates:
        return _("{owner}'s bastion is not combined: there is no partner to take losses").format(
            owner=b.owner)
    if ch.shift_to and ch.shift_to.casefold() not in {p.owner.casefold() for p in mates}:
        return _("{who} is not {owner}'s partner (partners: {partners})").format(
            who=ch.shift_to, owner=b.owner, partners=", ".join(p.owner for p in mates))
    if not 0 <= ch.shift <= 1_000_000:
        return _("losses moved must be 0 or more")
    return ""


@decides(RunTurn)
def decide_turn(state: State, cmd: RunTurn, dice) -> list[Event]:
    b = run_by_living(state, cmd.owner)
    if cmd.maintain and cmd.orders:
        raise Refused(_("Maintain is for the whole bastion: no other orders that turn"))
    if why := _shift_problem(state, b, cmd.choices):
        raise Refused(why)
    orders = tuple(_given(state, b, order) for order in cmd.orders)
    return [_decided(state, b, orders, cmd.maintain, False, cmd.choices, dice)]


MADE_MOST = 80  # characters of what an order makes (the event's limit)


def _given(state: State, b: Bastion, order: tuple) -> OrderGiven:
    """One order of the command as the event records it: its last part, where
    given, names what is made (an open yield) or the trainer (a training
    order, which needs one). Checked here, not on replay: an old log's
    orders name neither and mean what they meant."""
    fid, oid, cost, *rest = order
    animals = tuple(rest[0]) if rest and rest[0] else ()
    what = str(rest[1]).strip() if len(rest) > 1 and rest[1] else ""
    f = next((x for x in b.facilities if x.id == fid and not x.basic), None)
    fdef = state.rules.bastion.facilities.get(f.kind) if f is not None else None
    o = next((x for x in fdef.orders if x.id == oid), None) if fdef is not None else None
    if o is None:
        return OrderGiven(fid, oid, cost, animals)  # give() says what is wrong with it
    if o.trainer:
        if not what and chosen_now(state.rules, f):
            return OrderGiven(fid, oid, cost, animals)  # with the trainer chosen for it
        if what.casefold() not in {k.casefold() for k in fdef.trainers}:
            doing = text(say(N_("{facility}: {order}"), facility=facility_term(state.rules, f),
                             order=order_text(state.rules, f, o)), state.rules)
            raise Refused((_("{what}: no trainer {trainer!r} (one of {trainers})") if what else
                           _("{what}: name its trainer (one of {trainers})")).format(
                what=doing, trainer=what, trainers=", ".join(fdef.trainers)))
        return OrderGiven(fid, oid, cost, animals,
                          trainer=next(k for k in fdef.trainers if k.casefold() == what.casefold()))
    if o.rechooses:  # a change of choice: what it makes the facility (a Garden's new type)
        n = choice_count(state.rules, f.kind, f.space)
        return OrderGiven(fid, oid, cost, animals, chosen=checked_choice(
            state.rules, f.kind, tuple(x for x in what.split("+")), n, fill=True))
    if what and not o.asks:
        rules = state.rules
        raise Refused(_("{facility}: {order} makes {yields}: there is nothing to name").format(
            facility=facility_name(rules, f), order=text(order_text(rules, f, o), rules),
            yields=text(Term(f"bastion.facilities.{f.kind}.orders.{o.id}.yields", o.yields),
                        rules) or _("nothing")))
    if len(what) > MADE_MOST:
        raise Refused(ngettext("{facility}: what is made: at most {n} character",
                               "{facility}: what is made: at most {n} characters",
                               MADE_MOST).format(facility=facility_name(state.rules, f),
                                                 n=MADE_MOST))
    return OrderGiven(fid, oid, cost, animals, made=what)


counts("bastion turn run", "bastion turns run",  # what undo names ``bastion-turns``
       lambda n: ngettext("{n} bastion turn run", "{n} bastion turns run", n).format(n=n),
       repeated("bastion_turn_run"))


@decides(RunQueued)
def decide_queued(state: State, cmd: RunQueued, dice) -> list[Event]:
    bastion_rules(state)
    owners = [bastion_of(state, cmd.owner).owner] if cmd.owner else \
        [b.owner for b in state.bastions.all if not b.abandoned]
    out: list[Event] = []
    total = sum(find(state, o).queued for o in owners)
    for owner in owners:
        while (b := find(state, owner)).queued and not b.abandoned:
            ch = cmd.choices if partners(state, b) else replace(cmd.choices, shift=0, shift_to="")
            if why := _shift_problem(state, b, ch):
                raise Refused(why)
            away = gives_orders(state, b)  # the dead and the departed: no Maintain, no orders
            ev = _decided(state, b, (), away, away, ch, dice)
            out.append(ev)
            state = evolve_turn(state, ev)
            progress.tick(N_("bastion turns decided"), len(out), total)
    if not out:
        raise Refused(_("no bastion turn is waiting") + _next_due_text(state))
    return out


def _next_due_text(state: State) -> str:
    live = [b for b in state.bastions.all if not b.abandoned]
    if not live:
        return ""
    b = min(live, key=lambda x: x.next_due)
    days = -(-(b.next_due - state.clock) // state.rules.time.day_seconds)
    return i18n.ngettext(" (the next falls due for {owner} in {n} day)",
                         " (the next falls due for {owner} in {n} days)", days).format(
        owner=b.owner, n=days)


def _decided(state: State, b: Bastion, orders, maintain: bool, away: bool,
             ch: Choices, dice) -> BastionTurnRun:
    if not 0 <= ch.aid <= 1_000_000 or ch.pick not in (1, 2):
        raise Refused(_("defenders sent must be 0 or more, and the pick 1 or 2"))
    mates = partners(state, b)
    mate = next((p.owner for p in mates if p.owner.casefold() == ch.shift_to.casefold()),
                mates[0].owner if ch.shift and len(mates) == 1 else "")  # the log names them
    ev = BastionTurnRun(b.owner, maintain, away, orders, ch.bribe, ch.opportunity, ch.aid,
                        ch.pick, shift=ch.shift, shift_to=mate)
    rolls: list[Roll] = []

    def take(expr: str, label: Value) -> Roll:  # the label in the GM's language of the moment
        r = dicemod.roll(expr, dice, _("{owner}'s bastion: {label}").format(
            owner=b.owner, label=text(label, state.rules)))
        rolls.append(r)
        return r

    run_turn(state, b, ev, take)  # refuses what cannot be done
    return replace(ev, dice=tuple(rolls))


Take = Callable[[str, Value], Roll]  # a dice expression and its label (a message, said.py)


def run_turn(state: State, b: Bastion, ev: BastionTurnRun, take: Take,
             replaying: bool = False) -> tuple[Bastion, list[str], list[Bastion]]:
    """The bastion after the turn ``ev``, the turn's lines, and its combined
    partners after it (they may take on its losses), rolling with ``take``;
    ``replaying``: the entry is folded, not decided (``TurnOrders.of_choice``)."""
    rules = state.rules
    if b.queued < 1:
        raise Refused(_("no bastion turn is due for {owner}").format(owner=b.owner)
                      + _next_due_text(state))
    # queued turns happened on their own days: the ledger and the building work go by those
    clock = turn_clock(rules, b)
    t = Turn(rules, clock, take, ev, b, owner_level(state, b), partners(state, b))
    t.replaying = replaying
    t.reopen()
    for given in ev.orders:
        t.give(given)
    t.progress()
    if ev.maintain:
        t.lines.append(say(MAINTAIN_AWAY if ev.away else MAINTAIN))
        t.bastion_event()
    elif not ev.orders and not t.busy:
        t.lines.append(say(N_("No orders")))
    b = t.b
    if len(b.roster) > defenders(b):  # which of them fell is the GM's to say
        t.lines.append(say_n("{n} of the named defenders fell: strike them from the roster",
                             "{n} of the named defenders fell: strike them from the roster",
                             len(b.roster) - defenders(b)))
    for p in t.mates:
        if len(p.roster) > defenders(p):
            t.lines.append(say_n("{n} of {owner}'s named defenders fell: strike them from the "
                                 "roster", "{n} of {owner}'s named defenders fell: strike them "
                                 "from the roster", len(p.roster) - defenders(p), owner=p.owner))
    gave = bool(ev.orders) or (ev.maintain and (not ev.away or rules.bastion.auto_maintain_counts))
    neglect = 0 if gave else b.neglect + 1
    abandoned = neglect >= owner_level(state, b)
    if abandoned:
        t.lines.append(say_n("Neglected {n} turn: the hirelings leave",
                             "Neglected {n} turns: the hirelings leave", neglect))
    gp = t.b.treasury - t.start_gp
    result = TurnResult(b.turns + 1, clock, tuple(t.lines), gp, tuple(t.rolled))
    b = replace(b, queued=b.queued - 1, waiting=b.waiting[1:], turns=b.turns + 1,
                neglect=neglect, abandoned=abandoned,
                results=(b.results + (result,))[-RESULTS_KEPT:])
    if abandoned:  # "the hirelings leave" (gm-review3 R5)
        b = replace(b, facilities=tuple(replace(f, hirelings=0) if f.hirelings else f
                                        for f in b.facilities))
    return b, t.lines, t.mates


class Turn(TurnOrders, TurnEvents):
    """One turn being worked out: the bastion so far and the lines it reads as."""

    def __init__(self, rules, clock: int, take: Take, ev: BastionTurnRun, b: Bastion,
                 level: int, mates: list[Bastion]):
        self.rules, self.clock, self.ev, self.b, self.level = rules, clock, ev, b, level
        self.mates = mates  # combined partners, as the turn leaves them
        self.shift_left = ev.shift  # losses the owner may still move to them
        self.rolled: list[Roll] = []  # what the dice said, for the turn's results

        def recorded(expr: str, label: Value) -> Roll:
            r = take(expr, label)
            self.rolled.append(r)
            return r
        self.take = recorded
        self.br = rules.bastion
        self.lines: list[Value] = []  # messages (said.py): the fold makes no text
        self.start_gp = b.treasury
        self.given: dict[int, int] = {}  # orders given this turn, by facility
        self.busy = False
        self.replaying = False  # folded from the log, not decided (see run_turn)

    def _fac(self, f: Facility) -> None:
        self.b = replace(self.b, facilities=tuple(f if x.id == f.id else x
                                                  for x in self.b.facilities))

    def name(self, f: Facility) -> Value:
        """``f``'s name as a turn's line keeps it."""
        return facility_term(self.rules, f)

    def called(self, f: Facility) -> str:
        """``f``'s name in words, for a refusal."""
        return facility_name(self.rules, f)

    def said(self, value: Value) -> str:
        return text(value, self.rules)

    def doing(self, f: Facility, o: OrderOption) -> Value:
        """"Smithy: Smith's Tools work": a facility's order, as lines and the ledger say it."""
        return say(N_("{facility}: {order}"), facility=self.name(f),
                   order=order_text(self.rules, f, o))

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
                self.lines.append(say(N_("{facility} is Vast now: {note}"), facility=self.name(f),
                                      note=Term(f"bastion.facilities.{f.kind}.vast.note", note))
                                  if note else say(N_("{facility} is Vast now"),
                                                   facility=self.name(f)))
            if f.shut:
                self.lines.append(say(N_("{facility} is shut this turn"), facility=self.name(f)))
                self._fac(replace(f, shut=f.shut - 1,
                                  hirelings=f.hirelings or staff(self.rules, f)))


@evolves(BastionTurnRun)
def evolve_turn(state: State, ev: BastionTurnRun) -> State:
    b = owned(state, ev.owner)
    recorded = list(ev.dice)

    def take(expr: str, label: Value) -> Roll:
        if not recorded:
            raise Refused(_("the turn's recorded dice run out at {label} ({expr}): a correction "
                            "changed what the turn rolls").format(
                label=text(label, state.rules), expr=i18n.dice(expr)))
        r = recorded.pop(0)
        if r.expr.replace(" ", "").lower() != expr.replace(" ", "").lower():
            raise Refused(_("the turn recorded {recorded} where {label} needs {expr}: a "
                            "correction changed what the turn rolls").format(
                recorded=i18n.dice(r.expr), label=text(label, state.rules),
                expr=i18n.dice(expr)))
        return r

    after, _lines, mates = run_turn(state, b, ev, take, replaying=True)
    if recorded:
        raise Refused(i18n.ngettext("the turn recorded {n} roll it no longer uses",
                                    "the turn recorded {n} rolls it no longer uses",
                                    len(recorded)).format(n=len(recorded)))
    for p in mates:
        state = put(state, p)
    return put(state, after)


@refits(BastionTurnRun)
def turn_refit(state: State, was: BastionTurnRun, now: BastionTurnRun,
               dice) -> BastionTurnRun | None:
    """A turn whose corrected fields change what it rolls (gm-review4 C1): one
    corrected into a Maintain turn (the owner was away, say) rolls its bastion
    event, one corrected out of it no longer does. The turn is worked out again
    as it stood (``state``: the campaign just before it): each roll it still
    makes keeps the die the table rolled, in order, as long as they agree; a
    roll it newly makes takes the GM's typed dice, else rolls from the seed (or
    is asked for, with manual dice on); a roll it no longer makes is dropped.
    Maintain is for the whole bastion: a turn corrected into one gives no
    other orders (5e2024.md §7.1). None: it rolls what it rolled."""
    given = now
    if now.away and not now.maintain:
        now = replace(now, maintain=True)  # an owner away gives the bastion Maintain
    if now.maintain and now.orders:
        now = replace(now, orders=())
    b = find(state, now.owner)
    if b is None:
        return None
    recorded = list(was.dice)
    rolls: list[Roll] = []

    def take(expr: str, label: Value) -> Roll:
        if recorded and recorded[0].expr.replace(" ", "").lower() == \
                expr.replace(" ", "").lower():
            r = recorded.pop(0)
        else:
            recorded.clear()  # the turn went another way: what follows is rolled anew
            r = dicemod.roll(expr, dice, _("{owner}'s bastion: {label}").format(
                owner=b.owner, label=text(label, state.rules)))
        rolls.append(r)
        return r

    run_turn(state, b, now, take)
    fitted = replace(now, dice=tuple(rolls))
    return None if fitted == given else fitted


@reschedules(BastionTurnRun)
def orders_of_choice(state: State, ev: BastionTurnRun, dice, planned=None) -> BastionTurnRun:
    """A turn after a correction of a facility's choice (a Garden built as a
    food garden corrected to an herb garden): each order its choice no longer
    allows becomes the order of the same kind that it does (the harvest of
    herbs), so later harvests yield the corrected type's goods. A Vast Garden's
    orders take its halves' types in turn. Anything else is left as it was."""
    b = find(state, ev.owner)
    if b is None or not ev.orders:
        return ev
    rules = state.rules
    orders, taken = list(ev.orders), {}
    for i, g in enumerate(orders):
        f = next((x for x in b.facilities if x.id == g.facility and not x.basic), None)
        fdef = rules.bastion.facilities.get(f.kind) if f is not None else None
        # as the turn finds it: a facility being made Vast is Vast by then, or
        # the turn could not give it two orders
        have = f.chosen[:choice_count(rules, f.kind, "vast" if f.vast_at else f.space)] \
            if fdef is not None else ()
        o = next((x for x in fdef.orders if x.id == g.option), None) if have else None
        if o is None or not o.for_chosen:
            continue
        used = taken.setdefault(f.id, [x.for_chosen for oid in (f.order, f.order2) if oid
                                       for x in fdef.orders if x.id == oid and x.for_chosen])
        if used.count(o.for_chosen) < have.count(o.for_chosen):
            used.append(o.for_chosen)
            continue
        other = next((x for x in fdef.orders if x.order == o.order and x.for_chosen
                      and used.count(x.for_chosen) < have.count(x.for_chosen)), None)
        if other is None:
            continue  # nothing fits: the replay says why the order is refused
        used.append(other.for_chosen)
        orders[i] = replace(g, option=other.id)
    orders = tuple(orders)
    return ev if orders == ev.orders else replace(ev, orders=orders)
