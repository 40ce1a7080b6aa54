"""Building and keeping a bastion (D&D 2024): founding one, special and basic
facilities, enlarging and swapping, refugees, walls, treasury gold and combining
with another owner's. A mixin of the bastion screen (screens/bastion.py), which
gives it ``state``, ``_owned`` and the dialogs of ``Asking``."""

from __future__ import annotations

import textwrap

from textual import work

from ... import i18n
from ...i18n import _, ngettext
from ...core import bastion as bas
from ...core.bastion.model import Bastion
from ...core.terms import term
from ..dialogs import Field, TextDialog, checked_by, positive_int, refusal, signed_int


class Building:
    """The bastion screen's works: n, f, g, w and the palette's building entries."""

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
        opts = [(k, ngettext("{facility} (level {level}, {n} hireling)",
                             "{facility} (level {level}, {n} hirelings)", d.hirelings).format(
                     facility=term(self.state.rules, f"bastion.facilities.{k}", d.name),
                     level=d.level, n=d.hirelings))
                for k, d in rules.facilities.items()
                if not refusal(self.app, bas.AddFacility(b.owner, k, True,
                                                         bas.some_choice(self.state.rules, k)))]
        if not opts:
            self.notify(refusal(self.app, bas.AddFacility(b.owner, "barrack", True)),
                        severity="warning")
            return
        kind = await self._choose(_("Add which special facility?"), opts)
        if kind is None:
            return
        # what is chosen when it is built (a Garden's type: gm-review4 R2)
        chosen = await self._chosen(kind, bas.choice_count(self.state.rules, kind,
                                                           rules.facilities[kind].space))
        if chosen is None:
            return
        need = bas.unconfirmed(self.state, b.owner, kind)  # not shown by the sheet
        if need:
            ok = await self._qualifies(kind, b.owner, need)
            if ok != "yes":
                return
        self.app.run_command(bas.AddFacility(b.owner, kind, True, chosen))

    async def _chosen(self, kind: str, n: int, first: int = 1, initial: str | None = None,
                      taken: tuple[str, ...] = ()) -> tuple[str, ...] | None:
        """What the GM chooses for a facility of ``kind`` when it is built (a
        Garden's type), ``n`` of them, one dialog each; () where its kind chooses
        nothing; None: cancelled. ``first``: the number of the first asked (a
        Vast Garden's second type is the 2nd)."""
        rules = self.state.rules
        c = rules.bastion.facilities[kind].choice
        if c is None or n < 1:
            return ()
        facility = term(rules, f"bastion.facilities.{kind}", rules.bastion.facilities[kind].name)
        what = term(rules, f"bastion.facilities.{kind}.choice", c.name)
        opts = [(k, term(rules, f"bastion.facilities.{kind}.choice.options.{k}", v))
                for k, v in c.options.items()]
        out: list[str] = []
        total = first - 1 + n
        for i in range(first, first + n):
            left = [(k, v) for k, v in opts if c.repeats or k not in (*taken, *out)]
            title = (_("{facility}: which {what}?") if total == 1 else
                     _("{facility}: which {what} ({i} of {n})?")).format(
                facility=facility, what=what, i=i, n=total)
            got = await self._choose(title, left, initial=initial)
            if got is None:
                return None
            out.append(got)
        return tuple(out)

    @work(exit_on_error=False)
    async def action_basic(self) -> None:
        b = self._owned()
        if b is None:
            return
        rules = self.state.rules.bastion
        terms_ = self.state.rules
        space = await self._choose(_("Basic facility: how big?"), [
            (k, ngettext("{space}: {gp} GP, {n} day", "{space}: {gp} GP, {n} days",
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
        if self._refused(bas.EnlargeFacility(b.owner, f.id, days)):
            return
        chosen: tuple[str, ...] | None = ()
        rules = self.state.rules
        more = 0 if f.basic else \
            bas.choice_count(rules, f.kind, "vast") - bas.choice_count(rules, f.kind, f.space)
        if more > 0 and bas.chosen_now(rules, f):  # a Vast Garden's second type (R2)
            chosen = await self._chosen(f.kind, more, first=len(bas.chosen_now(rules, f)) + 1,
                                        initial=f.chosen[-1], taken=f.chosen)
            if chosen is None:
                return
        self.app.run_command(bas.EnlargeFacility(b.owner, f.id, days, chosen))

    @work(exit_on_error=False)
    async def action_swap(self) -> None:
        b = self._owned()
        if b is None or (f := self._highlighted_facility(b)) is None:
            return
        kinds = self.state.rules.bastion.facilities
        opts = [(k, term(self.state.rules, f"bastion.facilities.{k}", d.name))
                for k, d in kinds.items()
                if not refusal(self.app, bas.SwapFacility(b.owner, f.id, k, True,
                                                          bas.some_choice(self.state.rules, k)))]
        if not opts:
            self.notify(refusal(self.app, bas.SwapFacility(b.owner, f.id, next(iter(kinds)), True)),
                        severity="warning")
            return
        kind = await self._choose(_("Swap #{id} for which facility?").format(id=f.id), opts)
        if kind is None:
            return
        chosen = await self._chosen(kind, bas.choice_count(self.state.rules, kind,
                                                           kinds[kind].space))
        if chosen is None:
            return
        need = bas.unconfirmed(self.state, b.owner, kind)
        if need:
            ok = await self._qualifies(kind, b.owner, need)
            if ok != "yes":
                return
        self.app.run_command(bas.SwapFacility(b.owner, f.id, kind, bool(need), chosen))

    @work(exit_on_error=False)
    async def action_rechoose(self) -> None:
        """What the highlighted facility has chosen, chosen again where its kind
        allows at any bastion turn (a Pub's drink on tap, a Training Area's trainer)."""
        b = self._owned()
        if b is None or (f := self._highlighted_facility(b)) is None:
            return
        rules = self.state.rules
        c = None if f.basic else rules.bastion.facilities[f.kind].choice
        if c is None or not c.each_turn:  # nothing to choose: the refusal says why
            self._refused(bas.ChooseAgain(b.owner, f.id, ()))
            return
        now = bas.chosen_now(rules, f)
        chosen = await self._chosen(f.kind, bas.choice_count(rules, f.kind, f.space),
                                    initial=now[0] if now else None)
        if chosen:
            self.app.run_command(bas.ChooseAgain(b.owner, f.id, chosen))

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
                            ngettext("{gp} GP and {n} day a square",
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

