"""The bastion turn as one flow (D&D 2024): how the turn goes (orders, Maintain
or none), an order per facility that can take one (with its price, animals,
trainer or what it makes), the cost, confirm; and the turns that wait (all due,
downtime). A mixin of the bastion screen (screens/bastion.py), which gives it
``state``, ``_owned`` and the dialogs of ``Asking``."""

from __future__ import annotations

from msgspec.structs import replace

from textual import work

from ... import i18n
from ...i18n import N_, _, ngettext
from ...core import bastion as bas
from ...core.bastion.lookups import gives_orders
from ...core.bastion.model import Bastion
from ...core.errors import Refused
from ...core.terms import term
from ...core.state import State
from ..dialogs import checked_by, positive_int, refusal, whole
from ..widgets import bastion_panels as panels

HERD_MOST = 100  # animals one Stable order names (more would never fit a stall)
# What the owner answers when an event asks, chosen once for the turn(s).
ANSWERS = {
    "keep": (N_("Pay nothing, send nobody"), bas.Choices()),
    "pay": (N_("Pay bribes and opportunities"), bas.Choices(bribe=True, opportunity=True)),
    "all": (N_("Pay, and send every defender on a request for aid"),
            bas.Choices(bribe=True, opportunity=True, aid=1_000_000)),
}
# Offered where a bastion is combined: an event's defender losses go to the partners.
SHIFT = ("shift", N_("Pay, and move defender losses to the partners"),
         bas.Choices(bribe=True, opportunity=True, shift=1_000_000))


def _answers(combined: bool) -> list[tuple[str, str]]:
    return [(k, _(v[0])) for k, v in ANSWERS.items()] + \
        ([(SHIFT[0], _(SHIFT[1]))] if combined else [])


def _chosen(answer: str) -> bas.Choices:
    return SHIFT[2] if answer == SHIFT[0] else ANSWERS[answer][1]


def _price_problem(text: str, o, f) -> str:
    if not whole(text):
        return _("a whole number of GP (digits 0-9)")
    if (o.buys or o.sells) and int(text) == 0:
        return _("the goods' price: more than 0 GP")
    if o.sells and int(text) > f.stock:
        return _("the stock holds {gp} GP of goods").format(gp=i18n.number(f.stock))
    return ""


def _free_orders(state: State, b: Bastion, f) -> int:
    """Orders ``f`` can take this turn: a Vast Garden works two at once (and
    counts as Vast on the turn its enlarging is done)."""
    turn_clock = bas.turn_clock(state.rules, b)
    size = replace(f, space="vast") if f.vast_at and f.vast_at <= turn_clock else f
    return bas.orders_at_once(state.rules, size) - bool(f.order) - bool(f.order2)


def _as_this_turn(state: State, b: Bastion, f):
    """``f`` as the turn finds it: Vast on the turn its enlarging is done."""
    turn_clock = bas.turn_clock(state.rules, b)
    return replace(f, space="vast") if f.vast_at and f.vast_at <= turn_clock else f


def _usual_order(f, slot: int, offered: list[str]) -> str | None:
    """The order the dialog highlights for ``f``'s ``slot``: the one it was given
    last time (in that slot, else its first), if still offered; else its first."""
    for oid in (f.usual[slot:slot + 1] + f.usual[:1]):
        if oid in offered:
            return oid
    return offered[0] if offered else None




class TurnFlow:
    """The bastion screen's turn: ``t`` (one turn), ``a`` (every due turn), ``d``
    (downtime), ``r`` (weeks at home, each turn with the usual orders)."""

    @work(exit_on_error=False)
    async def action_turn(self) -> None:
        b = self._owned()
        if b is None or self._refused(bas.RunTurn(b.owner, maintain=True)):
            return
        how = await self._choose(
            (_("Turn {number} for {owner} ({n} waiting)") if b.queued > 1 else
             _("Turn {number} for {owner}")).format(number=b.turns + 1, owner=b.owner,
                                                   n=b.queued),
            [("orders", _("Give orders to facilities")),
             ("maintain", _("Maintain (roll an event)")), ("none", _("No orders this turn"))])
        if how is None:
            return
        if how == "maintain":
            answer = await self._choose(_("If the event asks"),
                                        _answers(bool(bas.partners(self.state, b))))
            if answer is not None:
                self.app.run_command(bas.RunTurn(b.owner, maintain=True,
                                                 choices=_chosen(answer)))
            return
        orders = [] if how == "none" else await self._orders(b)
        if orders is None:
            return
        # the bastion as it stands now: the dialogs took their time, and another
        # tracker may have added gold meanwhile (gm-review7 C3: "treasury 0")
        self.app.catch_up_now()
        owner = b.owner
        b = self._now(owner)
        if b is None:
            return
        rules, cost = self.state.rules, 0
        lines = []
        for fid, oid, typed, *more in orders:
            f = bas.facility(b, fid)
            o = bas.option(rules, f, oid)
            herd = more[0] if more else ()
            what = more[1] if len(more) > 1 else ""
            if what and o.trainer:
                what = panels.trainer_name(rules, f.kind, what)
            if what and o.rechooses:  # the new type, in words
                what = bas.text(bas.chosen_words(rules, f.kind, what.split("+")), rules)
            gp = bas.animals_gp(rules, herd) if herd and o.buys else \
                bas.order_cost(rules, b, o, typed, self.state.clock)
            cost += gp
            sold = bas.animal_names(rules, herd) if herd else \
                _("{gp} GP of stock").format(gp=i18n.number(typed))
            worth = _(" ({gp} GP)").format(gp=i18n.number(gp)) if gp else \
                _(" (sells {what})").format(what=sold) if o.sells else ""
            lines.append(f"{bas.facility_name(rules, f)}: {panels.order_name(rules, f, o)}"
                         + (f": {bas.animal_names(rules, herd)}" if herd and o.buys else "")
                         + (f": {what}" if what else "") + worth)
        cmd = bas.RunTurn(b.owner, tuple(orders))

        def title() -> str:  # read again when another tracker writes (dialogs.Dialog)
            now = self._now(owner) or b
            return ngettext("Turn {number}: {n} order, {gp} GP (treasury {treasury})",
                            "Turn {number}: {n} orders, {gp} GP (treasury {treasury})",
                            len(orders)).format(number=now.turns + 1, n=len(orders),
                                                gp=i18n.number(cost),
                                                treasury=i18n.number(now.treasury))
        ok = await self._choose(
            title, [("run", _("Run the turn")), ("cancel", _("Cancel"))],
            "\n".join(lines) or _("No orders: counts toward neglect"),
            validate=lambda k: refusal(self.app, cmd) if k == "run" else "")
        if ok == "run":
            self.app.run_command(cmd)

    def _now(self, owner: str) -> Bastion | None:
        """``owner``'s bastion as the campaign stands now (None: gone, said)."""
        b = next((x for x in self.state.bastions.all if x.owner == owner), None)
        if b is None:
            self.notify(_("No bastion yet: n founds one."), severity="warning")
        return b

    async def _orders(self, b: Bastion) -> list[tuple] | None:
        """An order (or none) for each idle facility that can take one."""
        rules, out = self.state.rules, []
        for f in bas.specials(b):
            if f.shut or not bas.ready(f, self.state.clock):
                continue
            for slot in range(_free_orders(self.state, b, f)):
                given = await self._order(b, f, slot, out)
                if given is None:
                    return None
                if given:
                    out.append(given)
        return out

    async def _order(self, b: Bastion, f, slot: int, given: list) -> tuple | None:
        """The order for ``f`` (its ``slot``-th at once), () for none, None if cancelled.
        An order the turn would refuse with those ``given`` before it is refused here,
        where it is chosen, so the orders already given stay."""
        rules = self.state.rules
        fdef = rules.bastion.facilities[f.kind]

        def with_these(order: tuple) -> str:
            return refusal(self.app, bas.RunTurn(b.owner, tuple(given) + (order,)))

        def pick_problem(oid: str) -> str:
            if not oid:
                return ""
            o = bas.option(rules, f, oid)
            if bas.typed_gp(o) or ((o.buys or o.sells) and bas.stalls(rules, f)) or o.trainer \
                    or o.rechooses:
                return ""  # its price, animals, trainer or new choice come next, checked there
            return with_these((f.id, oid, 0))

        level = bas.owner_level(self.state, b)
        # a Garden's harvests of its own type(s) only (gm-review4 R2; none chosen: any)
        chosen = bas.chosen_now(rules, _as_this_turn(self.state, b, f))
        opts = []  # the facility's orders first: the highlighted one is an order, not none
        for o in fdef.orders:
            if o.min_level > level:  # a craft the owner's level cannot make is not offered
                continue
            if chosen and o.for_chosen and o.for_chosen not in chosen:
                continue
            gp = bas.order_cost(rules, b, o, 0, self.state.clock)
            price = _("GM enters the price") if bas.typed_gp(o) else \
                (_("{gp} GP").format(gp=i18n.number(gp)) if gp else _("free"))
            text = panels.order_name(rules, f, o)
            kind = panels.order_kind(o.order)
            what = text if text.lower().startswith(kind.lower()) or o.rechooses else \
                f"{kind[:1].upper()}{kind[1:]}: {text}"
            opts.append((o.id, ngettext("{what} — {price}, {n} day",
                                        "{what} — {price}, {n} days",
                                        o.days).format(what=what, price=price, n=o.days)))
        name = panels.kind_name(self.state, f)
        if slot or f.order:
            title = _("{facility} (#{id}, second half): order")
        elif _free_orders(self.state, b, f) > 1:
            title = _("{facility} (#{id}, first half): order")
        else:
            title = _("{facility} (#{id}): order")
        opts.append(("", _("No order")))
        usual = _usual_order(f, slot, [k for k, _x in opts[:-1]])
        while True:  # Escape on an order's price or animals goes back to this choice
            oid = await self._choose(title.format(facility=name, id=f.id), opts,
                                     validate=pick_problem, initial=usual)
            if oid is None:
                return None
            if not oid:
                return ()
            given_order = await self._order_details(b, f, oid, with_these)
            if given_order is not None:
                return given_order

    async def _order_details(self, b: Bastion, f, oid: str, with_these) -> tuple | None:
        """The order ``oid`` with its animals or price; None if the GM withdrew it."""
        rules = self.state.rules
        fdef = rules.bastion.facilities[f.kind]
        typed = 0
        o = bas.option(rules, f, oid)
        if (o.buys or o.sells) and bas.stalls(rules, f):
            herd = await self._animals(b, f, o)
            if herd is None:
                return None
            if herd:
                return (f.id, oid, 0, herd)
        name = panels.kind_name(self.state, f)
        if bas.typed_gp(o):
            hint = (_("Standard price of goods sold (stock {gp} GP)").format(
                gp=i18n.number(f.stock)) if o.sells else _("What the goods cost"))
            text = await self._ask(_("{facility}: price in GP").format(facility=name), hint,
                                   lambda t: _price_problem(t, o, f)
                                   or with_these((f.id, oid, int(t))))
            if text is None:
                return None
            typed = int(text)
        if o.trainer:
            return await self._trainer(f, o, typed, with_these)
        if o.rechooses:  # the new choice (a Garden's new type), one for each half
            size = _as_this_turn(self.state, b, f)
            new = await self._chosen(f.kind, bas.choice_count(rules, f.kind, size.space))
            if not new:
                return None
            why = with_these((f.id, oid, typed, (), "+".join(new)))
            if why:
                self.notify(why, title=_("Refused"), severity="error")
                return None
            return (f.id, oid, typed, (), "+".join(new))
        if o.asks:
            asks = term(rules, f"bastion.facilities.{f.kind}.orders.{o.id}.asks", o.asks)
            yields = term(rules, f"bastion.facilities.{f.kind}.orders.{o.id}.yields", o.yields)
            made = await self._ask(f"{name}: {asks}", _("Empty: {yields}").format(yields=yields),
                                   lambda t: with_these((f.id, oid, typed, (), t)),
                                   max_length=bas.MADE_MOST)
            return None if made is None else (f.id, oid, typed, (), made.strip())
        return (f.id, oid, typed)

    async def _trainer(self, f, o, typed: int, with_these) -> tuple | None:
        """A training order with the trainer the GM picks (the last one first)."""
        rules = self.state.rules
        trainers = rules.bastion.facilities[f.kind].trainers
        at = f"bastion.facilities.{f.kind}.trainers"
        tid = await self._choose(
            _("{facility}: which trainer?").format(facility=bas.facility_name(rules, f)),
            [(k, f"{term(rules, f'{at}.{k}', t.name)}: "
                 f"{term(rules, f'{at}.{k}.benefit', t.benefit)}") for k, t in trainers.items()],
            _("A week's training: each trainee has the benefit for 7 days"),
            validate=lambda k: with_these((f.id, o.id, typed, (), k)), initial=bas.trainer_of(rules, f) or None)
        return None if tid is None else (f.id, o.id, typed, (), tid)

    async def _animals(self, b: Bastion, f, o) -> tuple[str, ...] | None:
        """The animals a Stable's trade buys or sells: a kind and how many;
        () for the GM's price instead, None if cancelled."""
        rules = self.state.rules
        known = rules.bastion.animals
        def animal(k: str) -> str:
            return term(rules, f"bastion.animals.{k}", known[k].name)
        sizes = {"large": _("large"), "medium": _("medium")}
        kinds = [(k, f"{animal(k)} ({sizes.get(a.size, a.size)}, "
                     + _("{gp} GP").format(gp=i18n.number(a.gp)) + ")")
                 for k, a in known.items()] if o.buys \
            else [(k, f"{animal(k)} ×{f.animals.count(k)}") for k in dict.fromkeys(f.animals)
                  if k in known]
        kind = await self._choose(_("{facility}: which animals?").format(
            facility=bas.facility_name(rules, f)),
            kinds + [("", _("Other: the GM enters the price"))],
            bas.animal_names(rules, f.animals) or _("No animals yet"))
        if not kind:
            return None if kind is None else ()

        def herd_turn(text: str) -> bas.RunTurn:
            if int(text) > HERD_MOST:
                raise Refused(_("at most {n} animals at a time").format(n=HERD_MOST))
            return bas.RunTurn(b.owner, ((f.id, o.id, 0, (kind,) * int(text)),))
        n = await self._ask(_("How many: {animal}?").format(animal=animal(kind)), "",
                            self._check(positive_int, herd_turn), value="1")
        return None if n is None else (kind,) * int(n)

    @work(exit_on_error=False)
    async def action_all_turns(self) -> None:
        b = self._owned()
        if b is None or self._refused(bas.RunQueued()):
            return
        waiting = sum(x.queued for x in self.state.bastions.all)
        combined = any(x.combined for x in self.state.bastions.all)
        note = _("Owners away: each turn rolls its own bastion event")
        gone = [x.owner for x in self.state.bastions.all
                if x.queued and not x.abandoned and not gives_orders(self.state, x)]
        if gone:  # the dead and the departed give no orders, Maintain neither
            note += "\n" + _("No orders from {owners} (dead or gone from the party): their "
                             "turns run without orders and neglect counts").format(
                owners=", ".join(gone))
        answer = await self._choose(ngettext("Run {n} waiting turn as Maintain",
                                             "Run {n} waiting turns as Maintain",
                                             waiting).format(n=waiting),
                                    _answers(combined), note)
        if answer is not None:
            self.app.run_command(bas.RunQueued("", _chosen(answer)))

    @work(exit_on_error=False)
    async def action_weeks(self) -> None:
        """Weeks at home in one go: each turn run as it falls due, every
        facility given its last turn's orders again (core/bastion/weeks.py)."""
        b = self._owned()
        if b is None or self._refused(bas.RunWeeks(1)):
            return
        weeks = await self._ask(_("Bastion weeks at home: how many?"),
                                _("Each turn runs as it falls due; every facility takes its "
                                  "last orders again, or the turn is a Maintain"),
                                checked_by(self.app, positive_int,
                                           lambda t: bas.RunWeeks(int(t))), value="6")
        if weeks is not None:
            self.app.run_command(bas.RunWeeks(int(weeks)))

    @work(exit_on_error=False)
    async def action_downtime(self) -> None:
        br = self.state.rules.bastion
        days = await self._ask(_("Downtime: how many days?"),
                               ngettext("A bastion turn every {n} day",
                                        "A bastion turn every {n} days", br.turn_days).format(
                                   n=br.turn_days) if br else "",
                               checked_by(self.app, positive_int,
                                          lambda t: bas.Downtime(int(t))))
        if days is not None:
            self.app.run_command(bas.Downtime(int(days)))

