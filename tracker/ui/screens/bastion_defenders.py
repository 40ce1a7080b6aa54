"""A bastion's defenders by name (D&D 2024): naming one and where they live,
moving defenders between Barracks, striking a name off the roster. A mixin of
the bastion screen (screens/bastion.py), which gives it ``state``, ``_owned``
and the dialogs of ``Asking``."""

from __future__ import annotations

from textual import work

from ...i18n import _
from ...core import bastion as bas
from ..dialogs import positive_int, refusal
from ..widgets import bastion_panels as panels


class Defenders:
    """The bastion screen's roster: the palette's defender entries."""

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

