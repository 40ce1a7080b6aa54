"""The orders of a bastion turn: each given (checked against the facility,
its size, the owner's level, the treasury and the stalls), worked on a turn's
days at a time, and finished (gold, goods, crafted items, defenders,
lieutenants). A part of ``turn.Turn``, on whose bastion and lines it works."""

from __future__ import annotations

from msgspec.structs import replace

from ... import i18n
from ...i18n import N_, _, ngettext
from ..errors import Refused
from .commands import OrderGiven
from .garrison import rehoused
from .ledger import book, pay
from .lookups import (animal_names, animal_terms, animals_gp, band_at, chosen_now,
                      chosen_words, facility, houses,
                      housing, option, order_cost, order_text, order_yields, orders_at_once,
                      ready, stall_room, stalls, trainer_of, typed_gp, with_facility)
from .model import Facility, OrderOption, gold_tables
from .said import Term, say, say_n, text, verbatim

# what a finished order did, by its kind (the rest "gained")
_VERBS = {"craft": N_("{facility}: made {item}{worth}"),
          "harvest": N_("{facility}: harvested {item}{worth}"),
          "research": N_("{facility}: learned {item}{worth}")}


class TurnOrders:
    """The orders part of a turn (``Turn`` holds ``b``, ``lines``, ``take``...)."""

    def give(self, given: OrderGiven) -> None:
        level = self.level
        f = facility(self.b, given.facility)
        if f.basic:
            raise Refused(_("{facility} is a basic facility: it takes no orders").format(
                facility=self.called(f)))
        if not ready(f, self.clock):
            raise Refused(_("{facility} is still being built").format(facility=self.called(f)))
        at_once = orders_at_once(self.rules, f)
        if self.given.get(f.id, 0) >= at_once:
            raise Refused(_("{facility} was given two orders").format(facility=self.called(f))
                          if at_once == 1 else
                          ngettext("{facility} works {n} order at once; it was given more",
                                   "{facility} works {n} orders at once; it was given more",
                                   at_once).format(facility=self.called(f), n=at_once))
        if f.order and option(self.rules, f, f.order).rechooses:
            # a change of choice under way: the facility does nothing else (5e2024.md §7.8)
            raise Refused(ngettext("{facility} is busy with {order} ({days} day done): it does "
                                   "nothing else until it is done",
                                   "{facility} is busy with {order} ({days} days done): it does "
                                   "nothing else until it is done", f.progress).format(
                facility=self.called(f), order=self.said(order_text(
                    self.rules, f, option(self.rules, f, f.order))), days=f.progress))
        if f.order and (at_once < 2 or f.order2):
            raise Refused((_("{facility} is busy with {order} ({days} days done) and {order2} "
                             "({days2} days done)") if f.order2 else
                           ngettext("{facility} is busy with {order} ({days} day done)",
                                    "{facility} is busy with {order} ({days} days done)",
                                    f.progress)).format(
                facility=self.called(f), order=f.order, days=f.progress, order2=f.order2,
                days2=f.progress2))
        o = option(self.rules, f, given.option)
        self.of_choice(f, o, given)
        if f.id in self.shut_ids:
            raise Refused(_("{facility} is shut this turn").format(facility=self.called(f)))
        if o.min_level > level:
            raise Refused(_("{facility}: {order} needs an owner of level {level}").format(
                facility=self.called(f), order=self.said(order_text(self.rules, f, o)),
                level=o.min_level))
        if given.cost and not typed_gp(o):
            raise Refused(_("{facility}: {order} has a set cost; do not give one").format(
                facility=self.called(f), order=self.said(order_text(self.rules, f, o))))
        if given.animals:
            self.animal_trade(f, o, given)
        else:
            self.trade_limits(f, o, given.cost)
        room = houses(self.rules, f)
        if o.defenders and room and f.housed >= room:
            raise Refused(_("{facility} #{id} is full ({housed} of {room} housed): recruit at "
                            "another, or enlarge it").format(facility=self.called(f), id=f.id,
                                                             housed=f.housed, room=room))
        if o.defenders and housing(self.rules, self.b, self.clock) <= self.b.defenders:
            raise Refused(_("no room to house more defenders ({housed} of {room})").format(
                housed=self.b.defenders, room=housing(self.rules, self.b, self.clock)))
        if o.lieutenants and f.hirelings >= self.br.facilities[f.kind].max_hirelings:
            raise Refused(_("{facility} already has its most lieutenants ({n})").format(
                facility=self.called(f), n=f.hirelings))
        cost = animals_gp(self.rules, given.animals) if given.animals and o.buys else \
            order_cost(self.rules, self.b, o, given.cost, self.clock)
        first_today = not self.given.get(f.id)
        self.given[f.id] = self.given.get(f.id, 0) + 1
        self.b = pay(self.b, self.clock, self.doing(f, o), cost, self.rules)
        f = facility(self.b, f.id)
        if not o.rechooses:  # a change of choice is not given again week after week
            f = replace(f, usual=(o.id,) if first_today else f.usual + (o.id,))  # the dialog's default
        if given.trainer:  # the trainer stays until an order names another
            f = replace(f, trainer=given.trainer)
            if chosen_now(self.rules, f):  # and is the trainer chosen from now on
                f = replace(f, chosen=(given.trainer,) + f.chosen[1:])
        self._fac(replace(f, order2=o.id, progress2=0, order_made2=given.made) if f.order else
                  replace(f, order=o.id, progress=0, order_gp=given.cost,
                          order_animals=given.animals, order_made=given.made,
                          order_chosen=given.chosen))
        if cost:
            self.lines.append(say(N_("{facility}: {gp} GP paid"), facility=self.name(f), gp=cost))

    def of_choice(self, f: Facility, o: OrderOption, given: OrderGiven) -> None:
        """Refuses an order the facility's choice does not allow (a food garden
        harvests food, gm-review4 R2: a Vast one as many of a type as it has
        halves of it), and a change of choice with anything else this turn. A
        facility built before the choice was kept takes any order, as it did."""
        have = chosen_now(self.rules, f)
        if o.rechooses:
            if f.order or self.given.get(f.id):
                raise Refused(_("{what}: the facility does nothing else meanwhile; it has other "
                                "orders").format(what=self.said(self.doing(f, o))))
            if not given.chosen:
                raise Refused(_("{what}: name the new choice").format(
                    what=self.said(self.doing(f, o))))
            if tuple(given.chosen) == have:
                raise Refused(_("{facility} already is {chosen}").format(
                    facility=self.called(f),
                    chosen=self.said(chosen_words(self.rules, f.kind, have))))
            return
        if given.chosen:
            raise Refused(_("{what}: it changes no choice").format(
                what=self.said(self.doing(f, o))))
        if not o.for_chosen or not have:
            return
        busy = sum(1 for oid in (f.order, f.order2)
                   if oid and option(self.rules, f, oid).for_chosen == o.for_chosen)
        if busy >= have.count(o.for_chosen) and not self.replaying:
            # folded, an order its facility's choice no longer allows is worked as
            # given: a correction of that choice (amend --set chosen=herb) moves it to
            # the choice's own order in an entry of its own that follows (the
            # correction's ``also``, turn.orders_of_choice); deciding refuses it
            fdef = self.br.facilities[f.kind]
            what = self.said(Term(f"bastion.facilities.{f.kind}.choice", fdef.choice.name))
            raise Refused(_("{facility} ({what}: {chosen}) cannot be given {order}; a change "
                            "of {what} is an order of its own").format(
                facility=self.called(f), what=what,
                chosen=self.said(chosen_words(self.rules, f.kind, have)),
                order=self.said(order_text(self.rules, f, o))))

    def trade_limits(self, f: Facility, o: OrderOption, gp: int) -> None:
        """Refuses a purchase over the facility's limit or a sale beyond its stock."""
        if not (o.buys or o.sells):
            return
        if gp <= 0:
            raise Refused(_("{what}: enter the goods' price in GP").format(
                what=self.said(self.doing(f, o))))
        if o.sells and gp > f.stock:
            raise Refused(_("{facility} holds {stock} GP of goods; it cannot sell {gp} GP").format(
                facility=self.called(f), stock=i18n.number(f.stock), gp=i18n.number(gp)))
        limit = band_at(self.br.facilities[f.kind].trade.buy_limit, self.level)
        if o.buys and limit is not None and gp > limit:
            raise Refused(_("{facility} buys up to {limit} GP of goods at a time at owner level "
                            "{level}").format(facility=self.called(f),
                                              limit=i18n.number(limit), level=self.level))

    def animal_trade(self, f: Facility, o: OrderOption, given: OrderGiven) -> None:
        """Refuses animals a Stable cannot buy (no stall for them) or sell (not kept)."""
        known = self.br.animals
        if not (o.buys or o.sells) or not stalls(self.rules, f):
            raise Refused(_("{what} trades no animals").format(what=self.said(self.doing(f, o))))
        if given.cost:
            raise Refused(_("{facility}: name the animals or give a price, not both").format(
                facility=self.called(f)))
        if unknown := [a for a in given.animals if a not in known]:
            raise Refused(_("{facility}: no animal {animal!r} (one of {animals})").format(
                facility=self.called(f), animal=unknown[0], animals=", ".join(known)))
        if o.buys and stall_room(self.rules, f, f.animals + given.animals) < 0:
            raise Refused(_("{facility} #{id} keeps {n} Large animals ({per} Medium to a stall) "
                            "and has {animals}: no room for {more}").format(
                facility=self.called(f), id=f.id, n=stalls(self.rules, f),
                per=self.br.medium_per_large,
                animals=animal_names(self.rules, f.animals) or _("none"),
                more=animal_names(self.rules, given.animals)))
        kept = list(f.animals)
        for a in given.animals if o.sells else ():
            if a not in kept:
                raise Refused(_("{facility} #{id} keeps no more {animal} to sell ({animals})")
                              .format(facility=self.called(f), id=f.id,
                                      animal=animal_names(self.rules, (a,)),
                                      animals=animal_names(self.rules, f.animals)
                                      or _("no animals")))
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
            self.lines.append(say(N_("{facility}: sold {worth} GP of goods +{markup} for {gp} GP"),
                                  facility=self.name(f), worth=f.order_gp, markup=f"{markup}%",
                                  gp=gp))

    def trade_animals(self, f: Facility, o: OrderOption, why: str) -> None:
        names = animal_terms(self.rules, f.order_animals)
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
        self.lines.append(say(N_("{facility}: sold {animals} ({worth} GP) +{markup} for {gp} GP"),
                              facility=self.name(f), animals=names, worth=price, markup=f"{markup}%",
                              gp=gp))

    def progress(self) -> None:
        """Every order in progress gains a turn's days; the finished ones pay out."""
        # most facilities have no order: their ``advance`` would return at once,
        # after finding the facility again (a bastion turn asked it per facility
        # twice); a facility is read as ``advance`` reads it, from the bastion as
        # it stands (an earlier order may have changed it), ids being unique
        start = self.b
        for f in start.facilities:
            if f.id not in self.shut_ids:
                if (f if self.b is start else facility(self.b, f.id)).order:
                    self.advance(f.id, first=True)
                if (f if self.b is start else facility(self.b, f.id)).order2:
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
            self.lines.append(say(N_("{what} ({done} of {days} days)"), what=self.doing(f, o),
                                  done=done, days=o.days))
            return
        self._fac(replace(f, order="", progress=0, order_gp=0, order_animals=(), order_made="",
                          order_chosen=())
                  if first else replace(f, order2="", progress2=0, order_made2=""))
        self.finish(replace(facility(self.b, f.id), order_gp=f.order_gp if first else 0,
                            order_animals=f.order_animals if first else (),
                            order_made=f.order_made if first else f.order_made2,
                            order_chosen=f.order_chosen if first else ()), o)

    def finish(self, f: Facility, o: OrderOption) -> None:
        why = self.doing(f, o)
        if o.rechooses and f.order_chosen:
            now = tuple(f.order_chosen) + f.chosen[len(f.order_chosen):]
            self._fac(replace(facility(self.b, f.id), chosen=now, order_chosen=()))
            self.lines.append(say(N_("{facility} is {chosen} now"), facility=self.name(f),
                                  chosen=chosen_words(self.rules, f.kind, f.order_chosen)))
            return
        if o.chance:
            r = self.take(self.br.chance_die, say(
                N_("{facility} (even works)") if o.chance == "even" else
                N_("{facility} (odd works)"), facility=self.name(f)))
            if (r.total % 2 == 0) != (o.chance == "even"):
                self.lines.append(say(N_("{what}: nothing comes of it ({roll})"), what=why,
                                      roll=str(r.total)))
                return
        if o.gold:
            expr = o.gold
            if expr.startswith("table:"):
                table = gold_tables(self.br)[expr[6:]]
                r = self.take(table.die, say(N_("{facility}: the take"), facility=self.name(f)))
                expr = table.lookup(r.total).result
            gp = self.take(expr, say(N_("{facility}: gold"), facility=self.name(f))).total \
                if "d" in expr.lower() else int(expr)
            self.b = book(self.b, self.clock, why, gp)
            self.lines.append(say(N_("{facility}: +{gp} GP"), facility=self.name(f), gp=gp))
        self.trade(f, o, why)
        if o.yields:
            item = animal_terms(self.rules, f.order_animals) if f.order_animals else \
                verbatim(f.order_made) if f.order_made else order_yields(self.rules, f, o)
            tid = trainer_of(self.rules, f) if o.trainer else ""
            trainer = self.br.facilities[f.kind].trainers.get(tid) if tid else None
            if trainer is not None:
                at = f"bastion.facilities.{f.kind}.trainers.{tid}"
                item = say(N_("{yields}: {trainer} ({benefit})"),
                           yields=order_yields(self.rules, f, o), trainer=Term(at, trainer.name),
                           benefit=Term(f"{at}.benefit", trainer.benefit))
            self.b = book(self.b, self.clock, why, item=item)
            gp = animals_gp(self.rules, f.order_animals) if f.order_animals else f.order_gp
            worth = say(N_(" worth {gp} GP"), gp=gp) if o.buys else ""
            self.lines.append(say(N_("{facility}: bought {item}{worth}") if o.buys else
                                  _VERBS.get(o.order, N_("{facility}: gained {item}{worth}")),
                                  facility=self.name(f), item=item, worth=worth))
        if o.defenders:  # housed where recruited, if it houses any, else where there is room
            here = houses(self.rules, f)
            room = here - f.housed if here else \
                housing(self.rules, self.b, self.clock) - self.b.defenders
            n = max(0, min(o.defenders, room))
            self.b = replace(self.b, defenders=self.b.defenders + n)
            self.b = with_facility(self.b, replace(f, housed=f.housed + n)) if here else \
                rehoused(self.b, n, self.clock, self.rules)
            self.lines.append(say_n("{facility}: {n} defender recruited",
                                    "{facility}: {n} defenders recruited", n,
                                    facility=self.name(f)))
        if o.lieutenants:
            top = self.br.facilities[f.kind].max_hirelings
            self._fac(replace(f, hirelings=min(top, f.hirelings + o.lieutenants)))
            self.lines.append(say(N_("{facility}: a lieutenant joins"), facility=self.name(f)))
        if o.stocks_armory:
            self.b = replace(self.b, armory_stocked=True)
            self.lines.append(say(N_("{facility}: stocked"), facility=self.name(f)))
        if o.meditates:
            self.b = replace(self.b, meditating=True)
            self.lines.append(say(N_("{facility}: the next event is rolled twice"),
                                  facility=self.name(f)))
