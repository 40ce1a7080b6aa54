"""The party screen: who is in the party, how they stand, one key to hurt,
heal or reward them, and a new character by the ruleset's own procedure."""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ..widgets.header import Header
from ...core import dice as dicemod
from ...core import party
from ...core.party import sheet
from ...core.dice import DiceNeeded
from ...core.numbers import number_parts
from ...core.party.model import Character
from ...core.state import State
from ..dialogs import (ChoiceDialog, DiceDialog, TextDialog, checked_by, positive_int, refusal,
                       whole)
from ..areas import area_screen
from ..repaint import fill_rows, follow_state, update
from ..safe import plain
from ..widgets import party_panels as panels
from ..widgets.kept import Kept
from ...core.party.names import (ability_abbreviation, ability_name, ability_order, class_name,
                                  condition_name, exhaustion_effect, rules_text)
from ...i18n import N_, _, ngettext, pgettext
from ...i18n import dice


@area_screen("party", key="4", title=N_("Party"), help=N_("Characters, hit points, XP, conditions"),
             css="party.tcss", order=40)
class PartyScreen(Screen):
    BINDINGS = [
        Binding("a", "add", N_("Add"), id="party.add"),
        Binding("d", "damage", N_("Damage"), id="party.damage"),
        Binding("h", "heal", N_("Heal"), id="party.heal"),
        Binding("x", "xp", N_("XP"), id="party.xp"),
        Binding("u", "level_up", N_("Level up"), id="party.level_up"),
        Binding("c", "condition", N_("Condition"), id="party.condition"),
        Binding("e", "exhaustion", N_("Exhaustion"), show=False, id="party.exhaustion"),
        Binding("w", "load", N_("Load"), show=False, id="party.load"),
        Binding("r", "rounds", N_("Rounds"), id="party.rounds"),
        Binding("v", "death_save", N_("Death save"), show=False, id="party.death_save"),
        Binding("s", "short_rest", N_("Short rest"), show=False, id="party.short_rest"),
        Binding("l", "long_rest", N_("Long rest"), show=False, id="party.long_rest"),
    ]
    PALETTE = [
        (N_("Add character"), N_("Roll or type abilities, then a class they allow"), "add"),
        (N_("Damage"), N_("The highlighted character takes damage"), "damage"),
        (N_("Critical hit"), N_("Damage, its dice rolled twice; at 0 HP two failed death saves "
                              "(D&D 2024)"), "critical"),
        (N_("Death save"), N_("Roll for the highlighted character at 0 HP (D&D 2024)"),
         "death_save"),
        (N_("Combat rounds"), N_("Rounds pass on the clock; effects in rounds end on time"),
         "rounds"),
        (N_("Short rest"), N_("An hour; each may spend Hit Point Dice (D&D 2024)"), "short_rest"),
        (N_("Long rest"), N_("Eight hours; hit points, dice, one exhaustion level (D&D 2024)"),
         "long_rest"),
        (N_("Heal"), N_("The highlighted character heals"), "heal"),
        (N_("Award XP to the party"), N_("Split among the living, each with their bonus"), "xp"),
        (N_("Award XP to one"), N_("Only the highlighted character"), "xp_one"),
        (N_("Level up"), N_("When the XP table allows; rolls the new hit points"), "level_up"),
        (N_("Condition on/off"), N_("Poisoned, paralysed, ..."), "condition"),
        (N_("Exhaustion level"), N_("D&D 2024 levels 1-6"), "exhaustion"),
        (N_("Load carried"), N_("Coins of weight, for the movement rate"), "load"),
        (N_("Remove character"), N_("Take the highlighted character out of the party"), "remove"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(id="party-table", cursor_type="row", zebra_stripes=True, classes="panel")
        with Horizontal(id="party-detail"):
            yield Static(id="party-sheet", classes="panel")
            yield Static(id="party-saves", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#party-table").border_title = _("Party")
        self.query_one("#party-saves").border_title = _("Saves and skills")
        table = self.query_one(DataTable)
        # TRANSLATORS: the party table's columns; keep them short (80 columns)
        table.add_columns(_("Name"), _("Class"), _("Lv"), _("HP"), _("AC"), _("XP / next"),
                          _("State"), pgettext("party table", "Light"))
        follow_state(self, self.show)

    # -- showing ----------------------------------------------------------------------

    def show(self, state: State | None) -> None:
        if state is None or self.app.campaign is None:
            return
        table = self.query_one(DataTable)
        row = table.cursor_row
        keep = self.app.selected.get("party")  # by id: across refreshes and screens
        fill_rows(table, [(str(c.id), panels.party_row(state, c)) for c in state.party])
        if table.row_count:
            ids = [str(c.id) for c in state.party]
            table.move_cursor(row=ids.index(keep) if keep in ids else
                              min(row, table.row_count - 1), animate=False)
        speed = sheet.party_speed(state)
        unit = rules_text(state.rules, "speed_unit") if state.rules.party else ""
        table.border_subtitle = plain(_("party speed {speed} {unit}").format(
            speed=speed, unit=unit)) if speed is not None else ""
        self._show_selected()

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key is not None and event.row_key.value is not None:
            self.app.selected["party"] = event.row_key.value
        self._show_selected()

    def _show_selected(self) -> None:
        c = self.selected(quiet=True)
        sheet_pane = self.query_one("#party-sheet", Static)
        saves_pane = self.query_one("#party-saves", Static)
        if c is None:
            sheet_pane.border_title = _("Character")
            sheet_pane.update(_("Nobody in the party yet: press a to add a character."))
            saves_pane.update("")
            return
        sheet_pane.border_title = plain(c.name)
        # Kept: a wrapped line never leaves a label at one line's end and its number
        # on the next (Danish and Ukrainian wrap where English fits)
        update(sheet_pane, Kept(panels.character_sheet(self.app.state, c)))
        update(saves_pane, Kept(panels.saves_and_skills(self.app.state, c)))

    def selected(self, quiet: bool = False) -> Character | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            if not quiet:
                self.notify(_("The party is empty: press a to add a character."))
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        return next((c for c in self.app.state.party if str(c.id) == key.value), None)

    # -- one-key actions ----------------------------------------------------------------

    async def _number(self, title: str, help: str = "", make=None) -> int | None:
        """A number, checked against the command ``make(n)`` before the dialog closes."""
        text = await self.app.push_screen_wait(TextDialog(
            title, help, validate=checked_by(self.app, positive_int,
                                             lambda t: make(int(t))) if make else positive_int,
            max_length=9))
        return None if text is None else int(text)

    @work(exit_on_error=False)
    async def action_damage(self, critical: bool = False) -> None:
        c = self.selected()
        if c is None:
            return
        rules = self.app.state.rules.party
        times = rules.critical_dice if critical and rules is not None else 1
        help_text = _("HP {hp}/{max} · a number, or dice to roll (2d6+1)").format(
            hp=c.hp, max=c.hp_max)
        if times > 1:  # the ruleset doubles the dice: the GM types them once
            help_text += " · " + ngettext(
                "type the dice once: a critical hit rolls them {n} time",
                "type the dice once: a critical hit rolls them {n} times", times).format(n=times)
        text = await self.app.push_screen_wait(TextDialog(
            (_("Critical hit to {name}") if critical else _("Damage to {name}")).format(
                name=c.name),
            help_text,
            validate=checked_by(self.app, None,
                                lambda t: party.damage_from(c.name, t, critical)),
            max_length=40))
        if text is not None:
            self.app.run_command(party.damage_from(c.name, text, critical))

    def action_critical(self) -> None:
        self.action_damage(critical=True)

    def action_death_save(self) -> None:
        if c := self.selected():
            self.app.run_command(party.DeathSave(c.name))

    @work(exit_on_error=False)
    async def action_rounds(self) -> None:
        secs = self.app.state.rules.time.round_seconds
        if n := await self._number(_("Combat rounds pass"),
                                   _("{secs} s each, on the campaign clock").format(secs=secs),
                                   party.AdvanceRounds):
            self.app.run_command(party.AdvanceRounds(n))

    @work(exit_on_error=False)
    async def action_short_rest(self) -> None:
        state = self.app.state
        rests = state.rules.party.rests if state.rules.party else None
        if rests is None:  # refused with the ruleset's name
            self.app.run_command(party.ShortRest())
            return
        left = [_("{name} {dice} (HP {hp}/{max})").format(
                    name=c.name, dice=dice(f"{n}d{sheet.class_of(state.rules, c).hit_die}"),
                    hp=c.hp, max=c.hp_max)
                for c in state.party if (n := sheet.hit_dice_left(state.rules, c))
                and sheet.status(state.rules, c) == "ok"]
        text = await self.app.push_screen_wait(TextDialog(
            _("Short rest ({hours} h): Hit Point Dice to spend").format(hours=rests.short_hours),
            _("NAME=N, separated by commas; empty: nobody spends any") + "\n"
            + _("Left: {who}").format(who=", ".join(left) or _("none")),
            validate=checked_by(self.app, None, party.short_rest_from), max_length=200))
        if text is not None:
            self.app.run_command(party.short_rest_from(text))

    @work(exit_on_error=False)
    async def action_long_rest(self) -> None:
        rests = self.app.state.rules.party.rests if self.app.state.rules.party else None
        if rests is None:
            self.app.run_command(party.LongRest())
            return
        ok = await self.app.push_screen_wait(ChoiceDialog(
            ngettext("Long rest: {hours} hour passes", "Long rest: {hours} hours pass",
                     rests.long_hours).format(hours=rests.long_hours),
            [("yes", _("Rest")), ("no", _("Not now"))],
            _("Hit points and Hit Point Dice back, exhaustion -{n}, for everyone with "
              "{hp}+ HP").format(n=rests.long_exhaustion_removed, hp=rests.min_hp)))
        if ok == "yes":
            self.app.run_command(party.LongRest())

    @work(exit_on_error=False)
    async def action_heal(self) -> None:
        c = self.selected()
        if c is None:
            return
        # what heals nobody (full hit points, the dead, no hit points tracked)
        # is said before anything is typed, not after (gm-review4 C2)
        if why := refusal(self.app, party.Heal(c.name, 1)):
            self.notify(why, title=_("Refused"), severity="error")
            return
        text = await self.app.push_screen_wait(TextDialog(
            _("Heal {name}").format(name=c.name),
            _("HP {hp}/{max} · a number, or dice to roll (2d4+2)").format(hp=c.hp, max=c.hp_max),
            validate=checked_by(self.app, None, lambda t: party.heal_from(c.name, t)),
            max_length=40))
        if text is not None:
            self.app.run_command(party.heal_from(c.name, text))

    @work(exit_on_error=False)
    async def action_xp(self) -> None:
        if n := await self._number(_("Award XP to the party"),
                                   _("Split evenly among the living; each adds their bonus"),
                                   party.AwardXP):
            self.app.run_command(party.AwardXP(n))

    @work(exit_on_error=False)
    async def action_xp_one(self) -> None:
        if (c := self.selected()) and (n := await self._number(
                _("Award XP to {name}").format(name=c.name),
                make=lambda n: party.AwardXP(n, (c.name,)))):
            self.app.run_command(party.AwardXP(n, (c.name,)))

    def action_level_up(self) -> None:
        if c := self.selected():
            self.app.run_command(party.LevelUp(c.name))

    @work(exit_on_error=False)
    async def action_condition(self) -> None:
        c = self.selected()
        p = self.app.state.rules.party
        if c is None or p is None:
            return
        rules = self.app.state.rules
        opts = [(k, f"{'[x]' if k in c.conditions else '[ ]'} {condition_name(rules, k)}")
                for k in p.conditions]
        cond = await self.app.push_screen_wait(ChoiceDialog(
            _("{name}: condition on/off").format(name=c.name), opts))
        if cond:
            self.app.run_command(party.SetCondition(c.name, cond, cond not in c.conditions))

    @work(exit_on_error=False)
    async def action_exhaustion(self) -> None:
        c = self.selected()
        p = self.app.state.rules.party
        if c is None or p is None:
            return
        if not p.exhaustion_max:
            self.notify(_("{ruleset} has no exhaustion levels.").format(
                ruleset=self.app.state.rules.meta.name))
            return
        rules = self.app.state.rules
        opts = [("0", _("0: not exhausted"))] + [(str(i), f"{i}: {exhaustion_effect(rules, i)}")
                                                 for i in range(1, p.exhaustion_max + 1)]
        level = await self.app.push_screen_wait(ChoiceDialog(
            _("{name}: exhaustion").format(name=c.name), opts))
        if level is not None:
            self.app.run_command(party.SetExhaustion(c.name, int(level)))

    @work(exit_on_error=False)
    async def action_load(self) -> None:
        c = self.selected()
        if c is None:
            return
        text = await self.app.push_screen_wait(TextDialog(
            _("{name}: load carried").format(name=c.name),
            _("In coins of weight (10 coins = 1 lb)"), str(c.load),
            validate=checked_by(self.app,
                                lambda t: "" if whole(t) else _("a whole number of coins"),
                                lambda t: party.SetLoad(c.name, int(t))), max_length=9))
        if text is not None:
            self.app.run_command(party.SetLoad(c.name, int(text)))

    @work(exit_on_error=False)
    async def action_remove(self) -> None:
        c = self.selected()
        if c is None:
            return
        ok = await self.app.push_screen_wait(ChoiceDialog(
            _("Remove {name} from the party?").format(name=c.name),
            [("yes", _("Remove")), ("no", _("Keep"))]))
        if ok == "yes":
            self.app.run_command(party.RemoveCharacter(c.name))

    # -- a new character, by the ruleset's procedure ---------------------------------------

    @work(exit_on_error=False)
    async def action_add(self) -> None:
        state = self.app.state
        p = state.rules.party
        name = await self.app.push_screen_wait(TextDialog(
            _("New character: name"), _("Up to 40 characters"),
            validate=checked_by(self.app, None, party.AddCharacter), max_length=40))
        if name is None:
            return
        if p is None:
            self.app.run_command(party.AddCharacter(name))
            return
        order = ability_order(state.rules)
        how = await self.app.push_screen_wait(ChoiceDialog(
            _("{name}: abilities").format(name=name), [
                ("roll", _("Roll {dice} for each, in order").format(dice=dice(p.ability_roll))),
                ("type", _("Type them ({order})").format(order=order)),
                ("none", _("No class: a hireling or torch-bearer"))]))
        if how is None:
            return
        if how == "none":
            self.app.run_command(party.AddCharacter(name))
            return
        faces: list[int] = []
        if how == "roll":
            faces = await self._roll_abilities(p, name)
            if faces is None:
                return
            expr = dicemod.parse(p.ability_roll)
            scores, used = [], 0
            for _x in p.abilities:
                n = sum(g.count for g in expr.groups)
                scores.append(dicemod.total_of(expr, tuple(faces[used:used + n])))
                used += n
        else:
            lo, hi = p.ability_range

            def check(text: str) -> str:
                parts = number_parts(text)
                if len(parts) != len(p.abilities) or not all(whole(x, 4) for x in parts):
                    return ngettext("{n} number, in order: {order}",
                                    "{n} numbers, in order: {order}", len(p.abilities)).format(
                        n=len(p.abilities), order=order)
                bad = [x for x in parts if not lo <= int(x) <= hi]
                return _("{score} is outside {lo}-{hi}").format(score=bad[0], lo=lo, hi=hi) \
                    if bad else ""

            text = await self.app.push_screen_wait(TextDialog(
                _("{name}: abilities").format(name=name), _("In order: {order}").format(
                    order=order), validate=check, max_length=60))
            if text is None:
                return
            scores = [int(x) for x in number_parts(text)]
        abilities = dict(zip(p.abilities, scores))
        shown = "  ".join(f"{ability_abbreviation(state.rules, a)} {v}"
                          for a, v in abilities.items())
        rules = state.rules
        allowed = [(cid, class_name(rules, cid)) for cid, k in p.classes.items()
                   if all(abilities.get(a, 0) >= n for a, n in k.requires.items())]
        barred = [class_name(rules, cid) for cid, k in p.classes.items()
                  if any(abilities.get(a, 0) < n for a, n in k.requires.items())]
        help_ = shown + ("\n" + _("Not allowed by these scores: {classes}").format(
            classes=", ".join(barred)) if barred else "")
        cid = await self.app.push_screen_wait(ChoiceDialog(
            _("{name}: class").format(name=name), allowed, help_))
        if cid is None:
            return
        if how == "roll":
            # the faces shown above: rolled by tracker, or typed by the GM (manual dice)
            self.app.run_command(party.AddCharacter(name, cid, roll_abilities=True),
                                 preset=faces, typed=state.manual_dice)
        else:
            self.app.run_command(party.AddCharacter(name, cid, abilities=tuple(scores)))

    async def _roll_abilities(self, p, name: str) -> list[int] | None:
        """The ability dice, shown before the class is chosen: rolled by tracker
        from the campaign's seed, or typed by the GM in manual dice mode."""
        expr = dicemod.parse(p.ability_roll)
        if not self.app.state.manual_dice:
            return self.app.campaign.roll_ahead(p.ability_roll, len(p.abilities))
        faces: list[int] = []
        for a in p.abilities:
            label = _("{name}: {ability}").format(
                name=name, ability=ability_name(self.app.state.rules, a))
            for g in expr.groups:
                got = await self.app.push_screen_wait(
                    DiceDialog(DiceNeeded(g, label, p.ability_roll)))
                if got is None:
                    return None
                faces.extend(got)
        return faces
