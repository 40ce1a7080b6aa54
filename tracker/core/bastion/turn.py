"""The bastion turn. A turn is worked out by one function, ``run_turn``, from
the state, the GM's choices and a source of dice. ``decide`` runs it with live
dice and records every roll in the event; ``evolve`` runs it again with the
recorded rolls, so correcting a die recomputes what followed from it, and
replay never rolls. Its orders are worked in ``orders.py``, its bastion event
in ``turn_events.py``."""

from __future__ import annotations

from typing import Callable

from msgspec.structs import replace

from .. import dice as dicemod
from .. import progress
from ..describe import roll_text
from ..dice import Roll
from ..errors import Refused
from ..events import Event
from ..handlers import decides, evolves
from ..state import State
from .commands import BastionTurnRun, Choices, OrderGiven, RunQueued, RunTurn
from .lookups import (bastion_of, bastion_rules, defenders, facility_name, find, owned,
                      owner_level, partners, put, run_by_living, staff, turn_clock)
from .model import RESULTS_KEPT, Bastion, Facility, TurnResult
from .orders import TurnOrders
from .turn_events import TurnEvents


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
    b = run_by_living(state, cmd.owner)
    if cmd.maintain and cmd.orders:
        raise Refused("Maintain is for the whole bastion: no other orders that turn")
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
        if what.casefold() not in {k.casefold() for k in fdef.trainers}:
            raise Refused(f"{fdef.name}: {o.text}: " + (f"no trainer {what!r}" if what else
                          "name its trainer") + " (one of " + ", ".join(fdef.trainers) + ")")
        return OrderGiven(fid, oid, cost, animals,
                          trainer=next(k for k in fdef.trainers if k.casefold() == what.casefold()))
    if what and not o.asks:
        raise Refused(f"{fdef.name}: {o.text} makes " + (o.yields or "nothing") +
                      ": there is nothing to name")
    if len(what) > MADE_MOST:
        raise Refused(f"{fdef.name}: what is made: at most {MADE_MOST} characters")
    return OrderGiven(fid, oid, cost, animals, made=what)


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
    t = Turn(rules, clock, take, ev, b, owner_level(state, b), partners(state, b))
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


class Turn(TurnOrders, TurnEvents):
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


@evolves(BastionTurnRun)
def evolve_turn(state: State, ev: BastionTurnRun) -> State:
    b = owned(state, ev.owner)
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
        state = put(state, p)
    return put(state, after)
