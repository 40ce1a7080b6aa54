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
from ...core.party.model import Character
from ...core.state import State
from ..dialogs import ChoiceDialog, DiceDialog, TextDialog, checked_by, positive_int, whole
from ..areas import area_screen
from ..repaint import fill_rows, follow_state, update
from ..safe import plain
from ..widgets import party_panels as panels


@area_screen("party", key="4", title="Party", help="Characters, hit points, XP, conditions",
             css="party.tcss", order=40)
class PartyScreen(Screen):
    BINDINGS = [
        Binding("a", "add", "Add", id="party.add"),
        Binding("d", "damage", "Damage", id="party.damage"),
        Binding("h", "heal", "Heal", id="party.heal"),
        Binding("x", "xp", "XP", id="party.xp"),
        Binding("u", "level_up", "Level up", id="party.level_up"),
        Binding("c", "condition", "Condition", id="party.condition"),
        Binding("e", "exhaustion", "Exhaustion", show=False, id="party.exhaustion"),
        Binding("w", "load", "Load", show=False, id="party.load"),
        Binding("r", "rounds", "Rounds", id="party.rounds"),
        Binding("v", "death_save", "Death save", show=False, id="party.death_save"),
        Binding("s", "short_rest", "Short rest", show=False, id="party.short_rest"),
        Binding("l", "long_rest", "Long rest", show=False, id="party.long_rest"),
    ]
    PALETTE = [
        ("Add character", "Roll or type abilities, then a class they allow", "add"),
        ("Damage", "The highlighted character takes damage", "damage"),
        ("Critical hit", "Damage; at 0 HP two failed death saves (D&D 2024)", "critical"),
        ("Death save", "Roll for the highlighted character at 0 HP (D&D 2024)", "death_save"),
        ("Combat rounds", "Rounds pass on the clock; effects in rounds end on time", "rounds"),
        ("Short rest", "An hour; each may spend Hit Point Dice (D&D 2024)", "short_rest"),
        ("Long rest", "Eight hours; hit points, dice, one exhaustion level (D&D 2024)",
         "long_rest"),
        ("Heal", "The highlighted character heals", "heal"),
        ("Award XP to the party", "Split among the living, each with their bonus", "xp"),
        ("Award XP to one", "Only the highlighted character", "xp_one"),
        ("Level up", "When the XP table allows; rolls the new hit points", "level_up"),
        ("Condition on/off", "Poisoned, paralysed, ...", "condition"),
        ("Exhaustion level", "D&D 2024 levels 1-6", "exhaustion"),
        ("Load carried", "Coins of weight, for the movement rate", "load"),
        ("Remove character", "Take the highlighted character out of the party", "remove"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(id="party-table", cursor_type="row", zebra_stripes=True, classes="panel")
        with Horizontal(id="party-detail"):
            yield Static(id="party-sheet", classes="panel")
            yield Static(id="party-saves", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#party-table").border_title = "Party"
        self.query_one("#party-saves").border_title = "Saves and skills"
        table = self.query_one(DataTable)
        table.add_columns("Name", "Class", "Lv", "HP", "AC", "XP / next", "State", "Light")
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
        unit = state.rules.party.speed_unit if state.rules.party else ""
        table.border_subtitle = plain(f"party speed {speed} {unit}") if speed is not None else ""
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
            sheet_pane.border_title = "Character"
            sheet_pane.update("Nobody in the party yet: press a to add a character.")
            saves_pane.update("")
            return
        sheet_pane.border_title = plain(c.name)
        update(sheet_pane, panels.character_sheet(self.app.state, c))
        update(saves_pane, panels.saves_and_skills(self.app.state, c))

    def selected(self, quiet: bool = False) -> Character | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            if not quiet:
                self.notify("The party is empty: press a to add a character.")
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
        text = await self.app.push_screen_wait(TextDialog(
            f"{'Critical hit' if critical else 'Damage'} to {c.name}",
            f"HP {c.hp}/{c.hp_max} · a number, or dice to roll (2d6+1)",
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
        if n := await self._number("Combat rounds pass", f"{secs} s each, on the campaign clock",
                                   party.AdvanceRounds):
            self.app.run_command(party.AdvanceRounds(n))

    @work(exit_on_error=False)
    async def action_short_rest(self) -> None:
        state = self.app.state
        rests = state.rules.party.rests if state.rules.party else None
        if rests is None:  # refused with the ruleset's name
            self.app.run_command(party.ShortRest())
            return
        left = [f"{c.name} {n}d{sheet.class_of(state.rules, c).hit_die} (HP {c.hp}/{c.hp_max})"
                for c in state.party if (n := sheet.hit_dice_left(state.rules, c))
                and sheet.status(state.rules, c) == "ok"]
        text = await self.app.push_screen_wait(TextDialog(
            f"Short rest ({rests.short_hours} h): Hit Point Dice to spend",
            "NAME=N, separated by commas; empty: nobody spends any\nLeft: "
            + (", ".join(left) or "none"),
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
            f"Long rest: {rests.long_hours} hours pass", [("yes", "Rest"), ("no", "Not now")],
            "Hit points and Hit Point Dice back, exhaustion -"
            f"{rests.long_exhaustion_removed}, for everyone with {rests.min_hp}+ HP"))
        if ok == "yes":
            self.app.run_command(party.LongRest())

    @work(exit_on_error=False)
    async def action_heal(self) -> None:
        if (c := self.selected()) and (n := await self._number(
                f"Heal {c.name}", f"HP {c.hp}/{c.hp_max}", lambda n: party.Heal(c.name, n))):
            self.app.run_command(party.Heal(c.name, n))

    @work(exit_on_error=False)
    async def action_xp(self) -> None:
        if n := await self._number("Award XP to the party",
                                   "Split evenly among the living; each adds their bonus",
                                   party.AwardXP):
            self.app.run_command(party.AwardXP(n))

    @work(exit_on_error=False)
    async def action_xp_one(self) -> None:
        if (c := self.selected()) and (n := await self._number(
                f"Award XP to {c.name}", make=lambda n: party.AwardXP(n, (c.name,)))):
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
        opts = [(k, f"{'[x]' if k in c.conditions else '[ ]'} {k}") for k in p.conditions]
        cond = await self.app.push_screen_wait(ChoiceDialog(f"{c.name}: condition on/off", opts))
        if cond:
            self.app.run_command(party.SetCondition(c.name, cond, cond not in c.conditions))

    @work(exit_on_error=False)
    async def action_exhaustion(self) -> None:
        c = self.selected()
        p = self.app.state.rules.party
        if c is None or p is None:
            return
        if not p.exhaustion_max:
            self.notify(f"{self.app.state.rules.meta.name} has no exhaustion levels.")
            return
        opts = [("0", "0: not exhausted")] + [(str(i), f"{i}: {e}") for i, e in
                                              enumerate(p.exhaustion_effects, 1)]
        level = await self.app.push_screen_wait(ChoiceDialog(f"{c.name}: exhaustion", opts))
        if level is not None:
            self.app.run_command(party.SetExhaustion(c.name, int(level)))

    @work(exit_on_error=False)
    async def action_load(self) -> None:
        c = self.selected()
        if c is None:
            return
        text = await self.app.push_screen_wait(TextDialog(
            f"{c.name}: load carried", "In coins of weight (10 coins = 1 lb)", str(c.load),
            validate=checked_by(self.app, lambda t: "" if whole(t) else "a whole number of coins",
                                lambda t: party.SetLoad(c.name, int(t))), max_length=9))
        if text is not None:
            self.app.run_command(party.SetLoad(c.name, int(text)))

    @work(exit_on_error=False)
    async def action_remove(self) -> None:
        c = self.selected()
        if c is None:
            return
        ok = await self.app.push_screen_wait(ChoiceDialog(
            f"Remove {c.name} from the party?", [("yes", "Remove"), ("no", "Keep")]))
        if ok == "yes":
            self.app.run_command(party.RemoveCharacter(c.name))

    # -- a new character, by the ruleset's procedure ---------------------------------------

    @work(exit_on_error=False)
    async def action_add(self) -> None:
        state = self.app.state
        p = state.rules.party
        name = await self.app.push_screen_wait(TextDialog(
            "New character: name", "Up to 40 characters",
            validate=checked_by(self.app, None, party.AddCharacter), max_length=40))
        if name is None:
            return
        if p is None:
            self.app.run_command(party.AddCharacter(name))
            return
        order = ", ".join(p.abilities)
        how = await self.app.push_screen_wait(ChoiceDialog(f"{name}: abilities", [
            ("roll", f"Roll {p.ability_roll} for each, in order"),
            ("type", f"Type them ({order})"),
            ("none", "No class: a hireling or torch-bearer")]))
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
            for _ in p.abilities:
                n = sum(g.count for g in expr.groups)
                scores.append(dicemod.total_of(expr, tuple(faces[used:used + n])))
                used += n
        else:
            lo, hi = p.ability_range

            def check(text: str) -> str:
                parts = text.replace(",", " ").split()
                if len(parts) != len(p.abilities) or not all(whole(x, 4) for x in parts):
                    return f"{len(p.abilities)} numbers, in order: {order}"
                bad = [x for x in parts if not lo <= int(x) <= hi]
                return f"{bad[0]} is outside {lo}-{hi}" if bad else ""

            text = await self.app.push_screen_wait(TextDialog(
                f"{name}: abilities", f"In order: {order}", validate=check, max_length=60))
            if text is None:
                return
            scores = [int(x) for x in text.replace(",", " ").split()]
        abilities = dict(zip(p.abilities, scores))
        shown = "  ".join(f"{a.upper()} {v}" for a, v in abilities.items())
        allowed = [(cid, k.name) for cid, k in p.classes.items()
                   if all(abilities.get(a, 0) >= n for a, n in k.requires.items())]
        barred = [k.name for k in p.classes.values()
                  if any(abilities.get(a, 0) < n for a, n in k.requires.items())]
        help_ = shown + (f"\nNot allowed by these scores: {', '.join(barred)}" if barred else "")
        cid = await self.app.push_screen_wait(ChoiceDialog(f"{name}: class", allowed, help_))
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
        for a, label in p.abilities.items():
            for g in expr.groups:
                got = await self.app.push_screen_wait(
                    DiceDialog(DiceNeeded(g, f"{name}: {label}", p.ability_roll)))
                if got is None:
                    return None
                faces.extend(got)
        return faces
