"""The orders of a bastion turn: each given (checked against the facility,
its size, the owner's level, the treasury and the stalls), worked on a turn's
days at a time, and finished (gold, goods, crafted items, defenders,
lieutenants). A part of ``turn.Turn``, on whose bastion and lines it works."""

from __future__ import annotations

from msgspec.structs import replace

from ..errors import Refused
from .commands import OrderGiven
from .garrison import rehoused
from .ledger import book, pay
from .lookups import (animal_names, animals_gp, band_at, facility, houses, housing,
                      option, order_cost, orders_at_once, ready, stall_room, stalls, typed_gp,
                      with_facility)
from .model import Facility, OrderOption, gold_tables


class TurnOrders:
    """The orders part of a turn (``Turn`` holds ``b``, ``lines``, ``take``...)."""

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
        first_today = not self.given.get(f.id)
        self.given[f.id] = self.given.get(f.id, 0) + 1
        self.b = pay(self.b, self.clock, f"{self.name(f)}: {o.text}", cost)
        f = facility(self.b, f.id)
        f = replace(f, usual=(o.id,) if first_today else f.usual + (o.id,))  # the dialog's default
        if given.trainer:  # the trainer stays until an order names another
            f = replace(f, trainer=given.trainer)
        self._fac(replace(f, order2=o.id, progress2=0, order_made2=given.made) if f.order else
                  replace(f, order=o.id, progress=0, order_gp=given.cost,
                          order_animals=given.animals, order_made=given.made))
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
            self.b = book(self.b, self.clock, why, gp)
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
        self.b = book(self.b, self.clock, why, gp, item=names)
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
        self._fac(replace(f, order="", progress=0, order_gp=0, order_animals=(), order_made="")
                  if first else replace(f, order2="", progress2=0, order_made2=""))
        self.finish(replace(facility(self.b, f.id), order_gp=f.order_gp if first else 0,
                            order_animals=f.order_animals if first else (),
                            order_made=f.order_made if first else f.order_made2), o)

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
            self.b = book(self.b, self.clock, why, gp)
            self.lines.append(f"{self.name(f)}: +{gp:,} GP")
        self.trade(f, o, why)
        if o.yields:
            item = animal_names(self.rules, f.order_animals) if f.order_animals else \
                f.order_made or o.yields
            trainer = self.br.facilities[f.kind].trainers.get(f.trainer) if o.trainer else None
            if trainer is not None:
                item = f"{o.yields}: {trainer.name} ({trainer.benefit})"
            self.b = book(self.b, self.clock, why, item=item)
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
            self.b = with_facility(self.b, replace(f, housed=f.housed + n)) if here else \
                rehoused(self.b, n, self.clock, self.rules)
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
