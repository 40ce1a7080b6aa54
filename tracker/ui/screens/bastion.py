"""The bastion screen (D&D 2024): each owner's bastion at a glance, and a
bastion turn as one flow: an order per facility (or Maintain), the cost,
confirm, the results with their dice."""

from __future__ import annotations

import textwrap

from msgspec.structs import replace

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ..widgets.header import Header
from ... import i18n
from ...i18n import N_, _, ngettext
from ...core import bastion as bas
from ...core.bastion.model import Bastion
from ...core.errors import Refused
from ...core.terms import term
from ...core.state import State
from ..areas import area_screen
from ..repaint import follow_state
from ..asking import Asking
from ..dialogs import Field, TextDialog, checked_by, positive_int, refusal, signed_int, whole
from ..safe import plain
from ..widgets import bastion_panels as panels
from ..widgets.footer import Footer

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


def _usual_order(f, slot: int, offered: list[str]) -> str | None:
    """The order the dialog highlights for ``f``'s ``slot``: the one it was given
    last time (in that slot, else its first), if still offered; else its first."""
    for oid in (f.usual[slot:slot + 1] + f.usual[:1]):
        if oid in offered:
            return oid
    return offered[0] if offered else None


@area_screen("bastion", key="7", title=N_("Bastion"),
             help=N_("Bastion turns, orders, events, ledger"), css="bastion.tcss", order=70)
class BastionScreen(Asking, Screen):
    ASK_MAX = 9  # most answers here are numbers
    BINDINGS = [
        Binding("t", "turn", N_("Turn"), id="bastion.turn"),
        Binding("a", "all_turns", N_("All due"), id="bastion.all_turns"),
        Binding("d", "downtime", N_("Downtime"), id="bastion.downtime"),
        Binding("f", "facility", N_("Facility"), id="bastion.facility"),
        Binding("g", "gold", N_("Gold"), id="bastion.gold"),
        Binding("l", "ledger", N_("Ledger"), id="bastion.ledger"),
        Binding("b", "next_bastion", N_("Next"), show=False, id="bastion.next"),
        Binding("n", "new", N_("New"), show=False, id="bastion.new"),
        Binding("w", "walls", N_("Walls"), show=False, id="bastion.walls"),
    ]
    PALETTE = [
        (N_("Run a bastion turn"), N_("Orders per facility or Maintain, cost, confirm"), "turn"),
        (N_("Run every due turn"), N_("Maintain for each waiting turn: the owner was away"),
         "all_turns"),
        (N_("Downtime"), N_("Let days pass; bastion turns fall due"), "downtime"),
        (N_("New bastion"), N_("For a character of the level the ruleset says"), "new"),
        (N_("Add special facility"), N_("One the owner's level allows"), "facility"),
        (N_("Build basic facility"), N_("Cramped, roomy or vast, with its cost and days"),
         "basic"),
        (N_("Build walls"), N_("Squares of defensive wall, with their cost and days"), "walls"),
        (N_("Treasury gold"), N_("Gold into or out of the bastion's treasury"), "gold"),
        (N_("Enlarge facility"), N_("The highlighted special facility, Roomy to Vast"),
         "enlarge"),
        (N_("Swap facility"), N_("On a level-up: the highlighted special facility for another"),
         "swap"),
        (N_("House refugees"), N_("In a basic facility, outside the walls, or gone"),
         "refugees"),
        (N_("Name a defender"), N_("Put a name on one of the defenders, and where they live"),
         "name_defender"),
        (N_("Strike a defender"), N_("Take a named defender off the roster"), "strike_defender"),
        (N_("Move defenders"), N_("From one Barrack to another with room"), "move_defenders"),
        (N_("Combine bastions"),
         N_("With another owner's: each keeps its own facilities and orders"), "combine"),
        (N_("Ledger or turns"), N_("Show the ledger, or the last turns"), "ledger"),
        (N_("Next bastion"), N_("Show another owner's bastion"), "next_bastion"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.show_ledger = False

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="bastion-summary", classes="panel")
        yield DataTable(id="bastion-facilities", cursor_type="row", classes="panel")
        yield Static(id="bastion-results", classes="panel")
        # compact, and Ctrl+P listed under Keys instead: the screen's keys beside the app's
        # at 80 columns (a longer Danish or Ukrainian word drops the last key, never cuts one)
        yield Footer(compact=True, show_command_palette=False)

    def check_action(self, action: str, parameters) -> bool | None:
        """"All due" shows only while some turn waits (the footer's room is short)."""
        if action == "all_turns":
            return self.state is None or any(b.queued for b in self.state.bastions.all)
        return True

    def on_mount(self) -> None:
        self._dress()
        follow_state(self, self.show)

    def _dress(self) -> None:
        self.query_one("#bastion-summary").border_title = _("Bastion")
        self.query_one("#bastion-facilities").border_title = _("Special facilities")

    def dress(self) -> None:
        """What compose leaves for later, again after a change of language (the
        app recomposes the screen): border titles, the table's columns."""
        self._dress()
        if self.app.state is not None:
            self.show(self.app.state)

    @property
    def state(self) -> State:
        return self.app.state

    def bastion(self) -> Bastion | None:
        """The bastion shown: the one the GM chose, else the first."""
        all_ = self.state.bastions.all if self.state is not None else ()
        if not all_:
            return None
        want = self.app.selected.get("bastion")
        return next((b for b in all_ if b.owner == want), all_[0])

    # -- showing the state ---------------------------------------------------------

    def show(self, state: State | None) -> None:
        if state is None or self.app.campaign is None:
            return
        summary = self.query_one("#bastion-summary", Static)
        results = self.query_one("#bastion-results", Static)
        self.query_one("#bastion-facilities", DataTable).clear(columns=True)
        b = self.bastion()
        width = max(20, summary.content_size.width or self.app.size.width - 4)
        if state.rules.bastion is None:
            summary.update(plain("\n".join(panels.wrap(_(
                "{ruleset} has no bastions: they are a D&D 2024 rule.").format(
                ruleset=state.rules.meta.name), width))))
            results.update("")
            return
        if b is None:
            summary.update(plain("\n".join(panels.wrap(_(
                "No bastions yet. A character of level {level} or more can found one: n.").format(
                level=state.rules.bastion.from_level), width))))
            results.update("")
            return
        self._show_summary()
        self._show_table()
        self.refresh_bindings()  # "All due" comes and goes with the waiting turns
        self.call_after_refresh(self._show_results)

    def _show_table(self) -> None:
        """The special facilities, each cell wrapped where the row would run
        past the panel (the Now column first), never cut."""
        state, b = self.state, self.bastion()
        table = self.query_one("#bastion-facilities", DataTable)
        table.clear(columns=True)
        if b is None or state.rules.bastion is None:
            return
        rows = [(str(f.id), panels.facility_row(state, b, f)) for f in bas.specials(b)]
        for p in bas.partners(state, b):  # each owner keeps their own facilities
            rows += [(f"{p.owner}#{f.id}", panels.facility_row(state, p, f, p.owner))
                     for f in bas.specials(p)]
        heads = ["#", _("Facility"), _("Space"), _("Hire"), _("Orders"), _("Now")]
        inner = (table.content_size.width or self.app.size.width - 4) - 1  # a scrollbar's room
        widths, cells = panels.fit_rows(heads, [r for _k, r in rows],
                                        inner - 2 * table.cell_padding * len(heads))
        for head, w in zip(heads, widths):
            table.add_column(head, width=w)
        for (key, _row), row in zip(rows, cells):
            table.add_row(*row, key=key, height=None)

    def _show_summary(self) -> None:
        """The summary, wrapped to the panel's width (Danish and Ukrainian
        run longer; the note of what the source leaves open is long)."""
        b, summary = self.bastion(), self.query_one("#bastion-summary", Static)
        if b is None or self.state.rules.bastion is None:
            return
        all_ = self.state.bastions.all
        width = max(20, summary.content_size.width or self.app.size.width - 4)
        summary.update(plain(panels.summary(self.state, b, all_.index(b), len(all_), width)))

    def _show_results(self) -> None:
        b = self.bastion()
        if b is None:
            return
        results = self.query_one("#bastion-results", Static)
        rows = max(1, results.content_size.height or 6)
        width = max(20, results.content_size.width or 76)
        if self.show_ledger:
            results.border_title = _("Ledger (balance {gp} GP)").format(
                gp=i18n.number(b.treasury))
            results.update(plain(panels.ledger(self.state, b, rows, width)))
        else:
            results.border_title = _("Last turns")
            results.update(plain(panels.results(self.state, b, rows, width)))

    def on_resize(self) -> None:
        if self.app.state is not None:
            self.call_after_refresh(self._show_summary)
            self.call_after_refresh(self._show_table)
            self.call_after_refresh(self._show_results)

    # -- dialogs ---------------------------------------------------------------------

    def _owned(self) -> Bastion | None:
        b = self.bastion()
        if b is None:
            self.notify(_("No bastion yet: n founds one."), severity="warning")
        return b

    # -- actions -----------------------------------------------------------------------

    def action_next_bastion(self) -> None:
        all_ = self.state.bastions.all
        b = self.bastion()
        if b is None or len(all_) < 2:
            return
        self.app.selected["bastion"] = all_[(all_.index(b) + 1) % len(all_)].owner
        self.show(self.state)

    def action_ledger(self) -> None:
        self.show_ledger = not self.show_ledger
        self._show_results()

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
        rules, cost = self.state.rules, 0
        lines = []
        for fid, oid, typed, *more in orders:
            f = bas.facility(b, fid)
            o = bas.option(rules, f, oid)
            herd = more[0] if more else ()
            what = more[1] if len(more) > 1 else ""
            if what and o.trainer:
                what = panels.trainer_name(rules, f.kind, what)
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
        why = refusal(self.app, cmd)
        ok = await self._choose(
            ngettext("Turn {number}: {n} order(s), {gp} GP (treasury {treasury})",
                     "Turn {number}: {n} order(s), {gp} GP (treasury {treasury})",
                     len(orders)).format(number=b.turns + 1, n=len(orders),
                                         gp=i18n.number(cost), treasury=i18n.number(b.treasury)),
            [("run", _("Run the turn")), ("cancel", _("Cancel"))],
            "\n".join(lines) or _("No orders: counts toward neglect"),
            validate=lambda k: why if k == "run" else "")
        if ok == "run":
            self.app.run_command(cmd)

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
            if bas.typed_gp(o) or ((o.buys or o.sells) and bas.stalls(rules, f)) or o.trainer:
                return ""  # its price, animals or trainer come next, checked there
            return with_these((f.id, oid, 0))

        level = bas.owner_level(self.state, b)
        opts = []  # the facility's orders first: the highlighted one is an order, not none
        for o in fdef.orders:
            if o.min_level > level:  # a craft the owner's level cannot make is not offered
                continue
            gp = bas.order_cost(rules, b, o, 0, self.state.clock)
            price = _("GM enters the price") if bas.typed_gp(o) else \
                (_("{gp} GP").format(gp=i18n.number(gp)) if gp else _("free"))
            text = panels.order_name(rules, f, o)
            kind = panels.order_kind(o.order)
            what = text if text.lower().startswith(kind.lower()) else \
                f"{kind[:1].upper()}{kind[1:]}: {text}"
            opts.append((o.id, ngettext("{what} — {price}, {n} days", "{what} — {price}, {n} days",
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
            validate=lambda k: with_these((f.id, o.id, typed, (), k)), initial=f.trainer or None)
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
        answer = await self._choose(ngettext("Run {n} waiting turn(s) as Maintain",
                                             "Run {n} waiting turn(s) as Maintain",
                                             waiting).format(n=waiting),
                                    _answers(combined),
                                    _("Owners away: each turn rolls its own bastion event"))
        if answer is not None:
            self.app.run_command(bas.RunQueued("", _chosen(answer)))

    @work(exit_on_error=False)
    async def action_downtime(self) -> None:
        br = self.state.rules.bastion
        days = await self._ask(_("Downtime: how many days?"),
                               ngettext("A bastion turn every {n} days",
                                        "A bastion turn every {n} days", br.turn_days).format(
                                   n=br.turn_days) if br else "",
                               checked_by(self.app, positive_int,
                                          lambda t: bas.Downtime(int(t))))
        if days is not None:
            self.app.run_command(bas.Downtime(int(days)))

    @work(exit_on_error=False)
    async def action_new(self) -> None:
        who = [(c.name, _("{name} (level {level})").format(name=c.name, level=c.level))
               for c in self.state.party if not refusal(self.app, bas.NewBastion(c.name))]
        if not who:
            self.notify(refusal(self.app, bas.NewBastion(self.state.party[0].name))
                        if self.state.party else _("The party is empty."), severity="warning")
            return
        owner = await self._choose(_("Whose bastion?"), who)
        if owner is None:
            return
        name = await self._ask(_("Its name (may be empty)"), max_length=80)
        if name is not None:
            self.app.selected["bastion"] = owner
            self.app.run_command(bas.NewBastion(owner, name))

    @work(exit_on_error=False)
    async def action_facility(self) -> None:
        b = self._owned()
        if b is None:
            return
        rules = self.state.rules.bastion
        opts = [(k, ngettext("{facility} (level {level}, {n} hireling(s))",
                             "{facility} (level {level}, {n} hireling(s))", d.hirelings).format(
                     facility=term(self.state.rules, f"bastion.facilities.{k}", d.name),
                     level=d.level, n=d.hirelings))
                for k, d in rules.facilities.items()
                if not refusal(self.app, bas.AddFacility(b.owner, k, True))]
        if not opts:
            self.notify(refusal(self.app, bas.AddFacility(b.owner, "barrack", True)),
                        severity="warning")
            return
        kind = await self._choose(_("Add which special facility?"), opts)
        if kind is None:
            return
        need = bas.unconfirmed(self.state, b.owner, kind)  # not shown by the sheet
        if need:
            ok = await self._qualifies(kind, b.owner, need)
            if ok != "yes":
                return
        self.app.run_command(bas.AddFacility(b.owner, kind, True))

    @work(exit_on_error=False)
    async def action_basic(self) -> None:
        b = self._owned()
        if b is None:
            return
        rules = self.state.rules.bastion
        terms_ = self.state.rules
        space = await self._choose(_("Basic facility: how big?"), [
            (k, ngettext("{space}: {gp} GP, {n} days", "{space}: {gp} GP, {n} days",
                         s.add_days).format(space=term(terms_, f"bastion.spaces.{k}", s.name),
                                            gp=i18n.number(s.add_gp), n=s.add_days))
            for k, s in rules.spaces.items()],
            validate=lambda k: refusal(self.app, bas.BuildBasic(b.owner, k)))
        if space is None:
            return
        what = await self._choose(_("What is it?"), [
            (k, term(terms_, f"bastion.basic_kinds.{k}", k)) for k in rules.basic_kinds])
        if what is not None:
            self.app.run_command(bas.BuildBasic(b.owner, space, what))

    def _highlighted_facility(self, b: Bastion):
        want = self.app.selected.get("facility")
        f = next((f for f in b.facilities if str(f.id) == want), None)
        if f is None:
            self.notify(_("Highlight a facility first (arrow keys)."), severity="warning")
        return f

    @work(exit_on_error=False)
    async def action_enlarge(self) -> None:
        b = self._owned()
        if b is None or (f := self._highlighted_facility(b)) is None:
            return
        days = 0
        rule = self.state.rules.bastion.enlarge_special
        if rule is not None and not rule.days:  # the GM's, as the source gives none
            text = await self._ask(_("Enlarge #{id}: days of work").format(id=f.id),
                                   _("not in the source: the GM says how long"), self._check(
                                       positive_int, lambda t: bas.EnlargeFacility(
                                           b.owner, f.id, int(t))))
            if text is None:
                return
            days = int(text)
        if not self._refused(bas.EnlargeFacility(b.owner, f.id, days)):
            self.app.run_command(bas.EnlargeFacility(b.owner, f.id, days))

    @work(exit_on_error=False)
    async def action_swap(self) -> None:
        b = self._owned()
        if b is None or (f := self._highlighted_facility(b)) is None:
            return
        kinds = self.state.rules.bastion.facilities
        opts = [(k, term(self.state.rules, f"bastion.facilities.{k}", d.name))
                for k, d in kinds.items()
                if not refusal(self.app, bas.SwapFacility(b.owner, f.id, k, True))]
        if not opts:
            self.notify(refusal(self.app, bas.SwapFacility(b.owner, f.id, next(iter(kinds)), True)),
                        severity="warning")
            return
        kind = await self._choose(_("Swap #{id} for which facility?").format(id=f.id), opts)
        if kind is None:
            return
        need = bas.unconfirmed(self.state, b.owner, kind)
        if need:
            ok = await self._qualifies(kind, b.owner, need)
            if ok != "yes":
                return
        self.app.run_command(bas.SwapFacility(b.owner, f.id, kind, bool(need)))

    @work(exit_on_error=False)
    async def action_refugees(self) -> None:
        b = self._owned()
        if b is None:
            return
        opts = [(str(f.id), _("In #{id}, the {kind}").format(
            id=f.id, kind=term(self.state.rules, f"bastion.basic_kinds.{f.kind}", f.kind).lower()))
            for f in b.facilities if f.basic]
        opts += [("0", _("Outside the walls")), ("leave", _("Gone: rehoused elsewhere"))]
        opts = [(k, label) for k, label in opts if not refusal(
            self.app, bas.HouseRefugees(b.owner, 0 if k == "leave" else int(k), k == "leave"))]
        if not opts:
            self.notify(refusal(self.app, bas.HouseRefugees(b.owner)), severity="warning")
            return
        where = await self._choose(_("House the refugees where?"), opts)
        if where is not None:
            self.app.run_command(bas.HouseRefugees(b.owner, 0 if where == "leave" else int(where),
                                                   where == "leave"))

    @work(exit_on_error=False)
    async def action_name_defender(self) -> None:
        b = self._owned()
        if b is None:
            return
        name = await self._ask(_("Name a defender"), _("e.g. Bran the Tall"), self._check(
            None, lambda t: bas.NameDefender(b.owner, t)), max_length=40)
        if name is None:
            return
        homes = [(str(f.id), f"#{f.id} {panels.kind_name(self.state, f)}") for f in b.facilities
                 if not refusal(self.app, bas.NameDefender(b.owner, name, f.id))]
        home = await self._choose(_("Where does {name} live?").format(name=name),
                                  homes + [("0", _("Needs no housing"))])
        if home is not None:
            self.app.run_command(bas.NameDefender(b.owner, name, int(home)))

    @work(exit_on_error=False)
    async def action_move_defenders(self) -> None:
        b = self._owned()
        if b is None:
            return
        rules = self.state.rules
        barracks = [f for f in bas.specials(b) if bas.houses(rules, f)]
        if len(barracks) < 2 or not any(f.housed for f in barracks):
            self.notify(_("Moving defenders needs two Barracks and someone living in one."),
                        severity="warning")
            return

        def label(f) -> str:
            return _("#{id} {facility} ({n} of {room} housed)").format(
                id=f.id, facility=panels.kind_name(self.state, f), n=f.housed,
                room=bas.houses(rules, f))
        source = await self._choose(_("Move defenders out of which?"),
                                    [(str(f.id), label(f)) for f in barracks if f.housed])
        if source is None:
            return
        src = int(source)
        to = await self._choose(_("Into which?"), [(str(f.id), label(f)) for f in barracks
                                                if f.id != src],
                                validate=lambda k: refusal(self.app, bas.MoveDefenders(
                                    b.owner, src, int(k), 1)))
        if to is None:
            return
        dst = int(to)
        unnamed = bas.facility(b, src).housed - bas.housed_in(b, src)
        who = await self._choose(_("Who moves?"), ([("", _("Unnamed ({n})").format(n=unnamed))]
                                                  if unnamed > 0
                                                else []) + [(d.name, d.name) for d in b.roster
                                                            if d.home == src])
        if who is None:
            return
        count = "1"
        if not who:
            count = await self._ask(_("How many of the {n}?").format(n=unnamed), "", self._check(
                positive_int, lambda t: bas.MoveDefenders(b.owner, src, dst, int(t))),
                value="1")
            if count is None:
                return
        self.app.run_command(bas.MoveDefenders(b.owner, src, dst, int(count), who))

    @work(exit_on_error=False)
    async def action_strike_defender(self) -> None:
        b = self._owned()
        if b is None:
            return
        if not b.roster:
            self.notify(_("No named defenders yet."), severity="warning")
            return
        who = await self._choose(_("Strike whom off the roster?"),
                                 [(d.name, d.name) for d in b.roster])
        if who is not None:
            self.app.run_command(bas.StrikeDefender(b.owner, who))

    @work(exit_on_error=False)
    async def action_combine(self) -> None:
        b = self._owned()
        if b is None:
            return
        others = [(x.owner, (_("{owner} (level {level}), {name}") if x.name else
                             _("{owner} (level {level})")).format(
            owner=x.owner, level=bas.owner_level(self.state, x), name=x.name))
            for x in self.state.bastions.all
            if not refusal(self.app, bas.CombineBastions(b.owner, x.owner))]
        if not others:
            self.notify(_("No other bastion to combine with") if len(self.state.bastions.all) < 2
                        else _("{owner}'s bastion is combined with every other already").format(
                            owner=b.owner), severity="warning")
            return
        rule = self.state.rules.bastion.combining
        note = _("Each owner keeps their own facilities, orders, hirelings and event rolls; "
                 "an event's defender losses may go to a partner.")
        if rule and rule.unstated:
            note += " " + _("Not in the source: {unstated}.").format(
                unstated=term(self.state.rules, "bastion.combining.unstated", rule.unstated))
        partner = await self._choose(
            _("Combine {owner}'s bastion with whose?").format(owner=b.owner), others,
            textwrap.fill(note, 56))
        if partner is not None:
            self.app.run_command(bas.CombineBastions(b.owner, partner))

    @work(exit_on_error=False)
    async def action_walls(self) -> None:
        b = self._owned()
        if b is None:
            return
        w = self.state.rules.bastion.walls
        n = await self._ask(_("Squares of wall to build"),
                            ngettext("{gp} GP and {n} days a square",
                                     "{gp} GP and {n} days a square", w.days_per_square).format(
                                gp=i18n.number(w.gp_per_square), n=w.days_per_square),
                            checked_by(self.app, positive_int,
                                       lambda t: bas.BuildWalls(b.owner, int(t))))
        if n is None:
            return
        ring = await self._choose(_("Do they close the ring?"),
                                  [("no", _("Not yet")), ("yes", _("Yes: the bastion is enclosed"))])
        if ring is not None:
            self.app.run_command(bas.BuildWalls(b.owner, int(n), ring == "yes"))

    @work(exit_on_error=False)
    async def action_gold(self) -> None:
        b = self._owned()
        if b is None:
            return
        # one dialog: a second one for the reason would take keys typed for the screen
        answer = await self.app.push_screen_wait(TextDialog(
            _("Treasury {gp} GP: gold in (+N) or out (-N)").format(gp=i18n.number(b.treasury)), "",
            validate=checked_by(self.app, signed_int, lambda t: bas.MoveGold(b.owner, int(t))),
            max_length=10, more=(Field(_("What for (for the ledger)?"), max_length=200),)))
        if answer is not None:
            gp, why = answer
            self.app.run_command(bas.MoveGold(b.owner, int(gp), why))

    async def _qualifies(self, kind: str, owner: str, need: str) -> str | None:
        """The GM's word that ``owner`` meets facility ``kind``'s prerequisite ``need``."""
        name = term(self.state.rules, f"bastion.facilities.{kind}",
                    self.state.rules.bastion.facilities[kind].name)
        return await self._choose(_("{facility}: does {owner} qualify?").format(
            facility=name, owner=owner),
            [("yes", _("Yes: a feat, a second class or an item")), ("no", _("No: cancel"))],
            _("It needs one who {need}").format(need=need))

    @on(DataTable.RowHighlighted, "#bastion-facilities")
    def _facility_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key is not None and event.row_key.value is not None:
            self.app.selected["facility"] = event.row_key.value
