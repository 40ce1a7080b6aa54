"""The dungeon screen: the turn clock a GM lives in at the table."""

from __future__ import annotations

import re
from functools import partial

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ..widgets.header import Header
from ...core import dungeon as dun
from ...core import clock, effects, lights, party, supplies
from ...core.errors import Refused
from ...core.schema import seconds
from ...core.state import State
from ...core.terms import term
from ...i18n import N_, _, ngettext, pgettext
from ..areas import area_screen
from ..repaint import fill_rows, follow_state, paint
from ..asking import Asking
from ..dialogs import positive_int, refusal, signed_int
from ..widgets import dungeon_panels as panels
from ..widgets.footer import Footer


def _modifier(text: str) -> str:
    return "" if re.fullmatch(r"[+-]?[0-9]{1,3}", text) else \
        _("a number: +N a bonus, -N a penalty, 0 none")


class TailPane(Static):
    """A pane whose newest line is its last: drawn again for the rows it has
    whenever its height changes (the alerts line under it wrapping to two
    rows takes one), so the newest entry is never the one cut off."""

    lines = None  # rows -> the Text to show

    def show_tail(self) -> None:
        if self.lines is not None:
            paint(self, self.lines(max(1, self.content_size.height)))

    def on_resize(self) -> None:
        self.show_tail()


@area_screen("dungeon", key="1", title=N_("Dungeon"), help=N_("The turn clock"),
             css="dungeon.tcss", order=10)
class DungeonScreen(Asking, Screen):
    BINDINGS = [
        Binding("t", "turn", N_("Turn"), id="dungeon.turn"),
        Binding("r", "rest", N_("Rest"), id="dungeon.rest"),
        Binding("l", "light", N_("Light"), id="dungeon.light"),
        Binding("c", "check", N_("Check"), show=False, id="dungeon.check"),
        Binding("a", "activity", N_("Activity"), show=False, id="dungeon.activity"),
        Binding("o", "toggle_light", N_("Douse"), id="dungeon.toggle_light"),
        Binding("h", "take_light", N_("Take light"), show=False, id="dungeon.take_light"),
        Binding("e", "effect", N_("Effect"), show=False, id="dungeon.effect"),
        Binding("g", "enter_or_leave", N_("Go in/out"), id="dungeon.enter_leave"),
        Binding("n", "turns", N_("N turns"), show=False, id="dungeon.turns"),
        Binding("s", "supplies", N_("Supplies"), show=False, id="dungeon.supplies"),
        Binding("f", "fast_travel", N_("Fast travel"), show=False, id="dungeon.fast_travel"),
        Binding("p", "add_character", N_("Add character"), show=False, id="dungeon.add_character"),
    ]
    PALETTE = [
        (N_("Advance turn"), N_("One turn exploring"), "turn"),
        (N_("Advance N turns"), N_("Several turns of one activity; stops at an encounter"), "turns"),
        (N_("Rest turn"), N_("A turn of rest"), "rest"),
        (N_("Turn with activity"), N_("One turn searching, listening, ..."), "activity"),
        (N_("Extra wandering check"), N_("Roll a check now, no time passes"), "check"),
        (N_("Light a light"), N_("Torch, lantern, ... and who carries it"), "light"),
        (N_("Douse or relight"), N_("The light highlighted in the lights table"), "toggle_light"),
        (N_("Take a light"), N_("Someone picks up the highlighted light: dropped, set down or "
                                "handed over"), "take_light"),
        (N_("Start effect timer"), N_("A spell or effect that ends on its own"), "effect"),
        (N_("End effect"), N_("Stop a running effect early"), "end_effect"),
        (N_("Enter or leave the dungeon"), N_("Enter, leave or leave in haste"), "enter_or_leave"),
        (N_("Change dungeon level"), N_("Go up or down a level"), "depth"),
        (N_("Fast travel"), N_("Through explored areas, with its checks"), "fast_travel"),
        (N_("Supplies"), N_("Set or add torches, oil, rations"), "supplies"),
        (N_("Add character"), N_("Add someone to the party"), "add_character"),
        (N_("Rename character"), N_("Change a character's name"), "rename_character"),
        (N_("Remove character"), N_("Take someone out of the party"), "remove_character"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="top"):
            yield Static(id="turn-panel", classes="panel")
            yield DataTable(id="lights", cursor_type="row", show_cursor=True, classes="panel")
        with Horizontal(id="middle"):
            yield Static(id="checks", classes="panel")
            yield Static(id="effects", classes="panel")
        with Horizontal(id="bottom"):
            yield TailPane(id="log", classes="panel")
            yield Static(id="supplies", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self._dress()
        follow_state(self, self.show)

    def dress(self) -> None:
        """What compose leaves for later, again after a change of language (the
        app recomposes the screen): border titles and the lights' columns."""
        self._dress()
        if self.app.state is not None:
            self.show(self.app.state)

    def _dress(self) -> None:
        self.query_one("#turn-panel").border_title = _("Turn")
        self.query_one("#lights").border_title = _("Lights")
        self.query_one("#checks").border_title = _("Wandering checks")
        self.query_one("#effects").border_title = _("Effects")
        self.query_one("#supplies").border_title = _("Supplies")
        self.query_one("#log").border_title = _("Log")
        table = self.query_one("#lights", DataTable)
        # turns left right after the number: a narrow screen cuts the last
        # columns, and the count is what the GM reads the table for, whatever
        # the light's name (GM review 5 C5: "Закритий ліхтар" pushed it out)
        table.add_columns("#", _("Turns left"), pgettext("lights table", "Light"), _("By"), "")

    # -- showing the state ---------------------------------------------------------

    def show(self, state: State | None) -> None:
        if state is None or self.app.campaign is None:
            return
        turn = self.query_one("#turn-panel", Static)
        paint(turn, panels.turn_panel(state))
        turn.border_subtitle = panels.turn_sources(state)
        self._show_lights(state)
        checks = self.query_one("#checks", Static)
        paint(checks, panels.checks_panel(state, max(1, checks.content_size.height or 12)))
        paint(self.query_one("#effects", Static), panels.effects_panel(state))
        paint(self.query_one("#supplies", Static), panels.supplies_panel(state))
        self._show_log(state)

    def _show_log(self, state: State) -> None:
        log = self.query_one("#log", TailPane)
        log.lines = lambda rows: panels.log_lines(self.app.recent, rows)
        log.show_tail()

    def on_resize(self) -> None:
        if self.app.state is not None:
            self.call_after_refresh(self._show_log, self.app.state)

    def _show_lights(self, state: State) -> None:
        table = self.query_one("#lights", DataTable)
        row = table.cursor_row
        keep = self.app.selected.get("light")  # the light, not the row: rows come and go
        # spent lights leave the table (one line under it counts them); the rest keep
        # the order they were lit in, so dousing one moves no row under the cursor
        order = [l for l in state.lights if not l.spent]
        fill_rows(table, [(str(light.id), _turns_left_first(panels.light_cells(state, light)))
                          for light in order])
        table.border_subtitle = panels.spent_lights(state)
        if table.row_count:
            ids = [str(l.id) for l in order]
            table.move_cursor(row=ids.index(keep) if keep in ids else
                              min(row, table.row_count - 1), animate=False)

    @on(DataTable.RowHighlighted, "#lights")
    def _light_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key is not None and event.row_key.value is not None:
            self.app.selected["light"] = event.row_key.value

    # -- one-key actions -------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.app.state

    def action_turn(self) -> None:
        self._turn("explore")

    @work(exit_on_error=False)
    async def _turn(self, activity: str) -> None:
        """One turn; one that would bring the rest penalty asks first, as `n`
        and `tracker do NAME turn N` stop before it: the keys a GM typed ahead
        land in the question, not in the penalty."""
        if activity != "rest" and dun.next_turn_tires(self.state):
            penalty = term(self.state.rules, "dungeon.rest.penalty")
            rest = [("rest", _("Rest this turn"))] if "rest" in self.state.rules.dungeon.activities \
                else []
            choice = await self._choose(
                _("The next turn must be a rest"),
                [*rest, ("push", _("Push on: the penalty ({penalty})").format(penalty=penalty)),
                 ("no", _("Not now"))],
                _("Another turn without one brings the rest penalty."))
            if choice in (None, "no"):
                return
            activity = "rest" if choice == "rest" else activity
        self.app.run_command(dun.AdvanceTurn(1, activity))

    def action_rest(self) -> None:
        self.app.run_command(dun.AdvanceTurn(1, "rest"))

    @work(exit_on_error=False)
    async def action_check(self) -> None:
        """An extra wandering check, asked first: no step of the turn's (``t``
        rolls the schedule's own), and a stray ``c`` logged a check that may
        be an encounter (as the travel screen's ``e``: gm-review7 C4)."""
        if self._refused(dun.RollCheck()):
            return
        choice = await self._choose(_("An extra wandering check now?"),
                                    [("yes", _("Roll the check")), ("no", _("Cancel"))],
                                    _("No time passes"))
        if choice == "yes":
            self.app.run_command(dun.RollCheck())

    @work(exit_on_error=False)
    async def action_activity(self) -> None:
        acts = self._activities()
        if self._refused(dun.AdvanceTurn(1, acts[0][0])):
            return
        act = await self._choose(_("Turn activity"), acts,
                                 validate=lambda a: refusal(self.app, dun.AdvanceTurn(1, a)))
        if act:
            self._turn(act)

    def _activities(self) -> list[tuple[str, str]]:
        rules = self.state.rules
        return [(a, term(rules, f"dungeon.activities.{a}", a).capitalize())
                for a in rules.dungeon.activities]

    @work(exit_on_error=False)
    async def action_turns(self) -> None:
        first = next(iter(self.state.rules.dungeon.activities))
        if self._refused(dun.AdvanceTurn(1, first)):
            return
        # the count is checked as rest turns: a rest is never refused for a rest due,
        # the activity asked next is checked as itself
        counted = "rest" if "rest" in self.state.rules.dungeon.activities else first
        n = await self._ask(_("Advance how many turns?"), _("Stops early at an encounter, when a "
                            "light goes out or before a turn would bring the rest penalty"),
                            self._check(positive_int, lambda t: dun.AdvanceTurn(int(t), counted)),
                            max_length=9)
        if n is None:
            return
        acts = self._activities()
        act = await self._choose(ngettext("{n} turn of", "{n} turns of", int(n)).format(n=n),
                                 acts, validate=lambda a: refusal(
            self.app, dun.AdvanceTurn(int(n), a)))
        if act:
            self.app.run_command(dun.AdvanceTurn(int(n), act))

    @work(exit_on_error=False)
    async def action_light(self) -> None:
        rules = self.state.rules
        kinds, why = [], ""
        for kid, k in rules.lights.items():  # only what can be lit: one in stock, say
            refused = refusal(self.app, lights.LightSource(kid, ""))
            if refused:
                why = why or refused
                continue
            have = " — " + _("{n} left").format(n=self.state.supplies.count(k.supply)) \
                if k.supply else ""
            burns = clock.span(rules, seconds(rules, k.duration))  # in the GM's language
            kinds.append((kid, f"{term(rules, f'lights.{kid}')} ({burns}){have}"))
        if not kinds:
            self.notify(_("Nothing can be lit: {why} (s sets supplies)").format(why=why),
                        title=_("No light"), severity="warning", timeout=8)
            return
        kind = await self._choose(_("Light what?"), kinds)
        if kind is None:
            return
        by = ""
        if self.state.party:
            who = [(c.name, c.name) for c in self.state.party
                   if not refusal(self.app, lights.LightSource(kind, c.name))]
            by = await self._choose(_("Carried by"), who + [("", _("Nobody (set down)"))])
            if by is None:
                return
        self.app.run_command(lights.LightSource(kind, by))

    def _selected_light(self):
        table = self.query_one("#lights", DataTable)
        if not table.row_count:
            self.notify(_("No light is burning or left to relight: press l to light one."),
                        severity="warning")
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        return lights.find(self.state, int(key.value))

    @work(exit_on_error=False)
    async def action_toggle_light(self) -> None:
        light = self._selected_light()
        if light is None:
            return
        cmd = lights.DouseLight(light.id) if light.lit else lights.RelightLight(light.id)
        if why := refusal(self.app, cmd):  # who holds it cannot act: said before asking
            self.notify(why, severity="warning", timeout=8)
            return
        if light.lit and [l.id for l in self.state.lights if l.lit] == [light.id]:
            name = f"#{light.id} {term(self.state.rules, f'lights.{light.kind}', light.kind)}" + \
                (f" ({light.by})" if light.by else "")
            ok = await self._choose(_("Douse {light}?").format(light=name),
                                    [("no", _("Keep it burning")), ("yes", _("Douse it"))],
                                    _("It is the party's only light: darkness follows."))
            if ok != "yes":
                return
        self.app.run_command(cmd)

    @work(exit_on_error=False)
    async def action_take_light(self) -> None:
        """The highlighted light picked up by a living member: one dropped where
        its carrier fell, set down, or handed over (gm-review F13)."""
        light = self._selected_light()
        if light is None:
            return
        who = [(c.name, c.name) for c in self.state.party
               if not refusal(self.app, lights.TakeLight(light.id, c.name))]
        if not who:
            why = refusal(self.app, lights.TakeLight(light.id, self.state.party[0].name)) \
                if self.state.party else _("nobody yet (p adds one)")
            self.notify(why, title=_("Take light"), severity="warning", timeout=8)
            return
        name = f"#{light.id} {term(self.state.rules, f'lights.{light.kind}', light.kind)}"
        by = await self._choose(_("Who takes {light}?").format(light=name), who)
        if by is None:
            return
        self.app.run_command(lights.TakeLight(light.id, by))

    @work(exit_on_error=False)
    async def action_effect(self) -> None:
        rules = self.state.rules
        name = await self._ask(_("Effect or spell"), _("e.g. Bless, Light, Invisibility"),
                               self._check(None, lambda t: effects.StartEffect(t, 1)),
                               max_length=200)
        if name is None:
            return

        def form(text: str) -> str:
            try:
                cmd = effects.effect_from(rules, name, text)  # a number or dice (4d4 turns)
                return "" if cmd.dice or cmd.seconds > 0 else _("must be longer than 0")
            except Refused as e:
                return str(e)

        span = await self._ask(_("{name}: lasts how long?").format(name=name),
                               _("e.g. 6 turns, 10 rounds, 1 hour, 4d4 turns"),
                               self._check(form, lambda t: effects.effect_from(rules, name, t)),
                               max_length=40)
        if span is not None:
            self.app.run_command(effects.effect_from(rules, name, span))

    @work(exit_on_error=False)
    async def action_end_effect(self) -> None:
        opts = [(str(e.id), e.name) for e in self.state.effects]
        if not opts:
            self.notify(_("No effects are running."))
            return
        eid = await self._choose(_("End which effect?"), opts)
        if eid:
            self.app.run_command(effects.EndEffect(int(eid)))

    @work(exit_on_error=False)
    async def action_enter_or_leave(self) -> None:
        d = self.state.dungeon
        if not d.active:
            name = await self._ask(_("Enter which dungeon?"), _("Its name, for the log"),
                                   self._check(None, lambda t: dun.EnterDungeon(t, 1)),
                                   value=d.name, max_length=80)
            if name is not None:
                self.app.run_command(dun.EnterDungeon(name, 1))
            return
        opts = [("leave", _("Leave by a known way out"))]
        h = self.state.rules.dungeon.hasty_exit
        if h is not None:
            opts += [("hasty", _("Hasty exit: save versus Doom")),
                     ("hasty-map", _("Hasty exit with a marked map ({n})").format(
                         n=f"{h.marked_map:+d}")),
                     ("hasty-route", _("Hasty exit along a known safe route ({n})").format(
                         n=f"{h.known_route:+d}")),
                     ("hasty-both", _("Hasty exit with map and route ({n})").format(
                         n=f"{h.marked_map + h.known_route:+d}"))]
        how = await self._choose(_("Leave {name}").format(name=d.name) if d.name
                                 else _("Leave the dungeon"), opts)
        if not how:
            return
        exit = partial(dun.LeaveDungeon, how.startswith("hasty"),
                       how in ("hasty-map", "hasty-both"), how in ("hasty-route", "hasty-both"))
        gm = "0"
        if how.startswith("hasty") and h.gm_modifier_max:
            gm = await self._ask(_("The GM's bonus or penalty for this dungeon"),
                                 _("+N very small, -N sprawling, 0 none (at most {n} either "
                                   "way)").format(n=h.gm_modifier_max),
                                 self._check(_modifier, lambda t: exit(int(t))),
                                 value="0", max_length=4)
            if gm is None:
                return
        self.app.run_command(exit(int(gm)))

    @work(exit_on_error=False)
    async def action_depth(self) -> None:
        n = await self._ask(_("Go to dungeon level"),
                            _("Now on level {depth}").format(depth=self.state.dungeon.depth),
                            self._check(positive_int, lambda t: dun.ChangeDepth(int(t))),
                            max_length=9)
        if n is not None:
            self.app.run_command(dun.ChangeDepth(int(n)))

    @work(exit_on_error=False)
    async def action_fast_travel(self) -> None:
        ft = self.state.rules.dungeon.fast_travel
        if ft is None:
            self.notify(_("{ruleset} has no fast-travel rule.").format(
                ruleset=self.state.rules.meta.name), severity="warning")
            return
        if self._refused(dun.FastTravel(ft.speed * ft.feet_per_turn_per_speed)):
            return
        feet = await self._ask(_("Fast travel: how many feet?"),
                               _("{feet} ft per turn").format(
                                   feet=ft.speed * ft.feet_per_turn_per_speed),
                               self._check(positive_int, lambda t: dun.FastTravel(int(t))),
                               max_length=9)
        if feet is not None and await self.app.dispatch(dun.FastTravel(int(feet))) is not None:
            await self._go_on_fast_travel()

    async def _go_on_fast_travel(self) -> None:
        """Fast travel that stopped early: offer to go on with the distance left
        (after the rest it stopped for, where one is due)."""
        left = self.state.dungeon.fast_left
        why = dun.fast_travel_stopped_by(self.state)
        if not self.state.dungeon.active or not left or why == "dark":
            return  # in the dark it cannot go on: the alert says why
        rest = dun.rest_status(self.state) in ("due", "overdue")
        go_on = _("Rest a turn, then go on {feet} ft").format(feet=left) if rest else \
            _("Go on {feet} ft").format(feet=left)
        if why == "encounter":  # the monsters come first: stopping is the first choice
            choices = [("stop", _("Stop here for the encounter")), ("go", go_on)]
            help_text = _("Wandering monsters: play the encounter, then go on if the party can")
        else:
            choices = [("go", go_on), ("stop", _("Stop here"))]
            help_text = _("The next turn must be a rest") if why == "rest" else \
                _("It stopped for what the GM must see first")
        go = await self._choose(_("Fast travel stopped: {feet} ft left").format(feet=left),
                                choices, help_text)
        if go != "go":
            return
        if rest:
            turn = self.state.dungeon.turn
            if await self.app.dispatch(dun.AdvanceTurn(1, "rest")) is None:
                return
            met = any(c.encounter for c in self.state.dungeon.checks if c.turn > turn)
            if met or dun.rest_status(self.state) in ("due", "overdue"):
                return  # the rest was interrupted: the GM sees to it first
        if await self.app.dispatch(dun.FastTravel(left)) is not None:
            await self._go_on_fast_travel()

    @work(exit_on_error=False)
    async def action_supplies(self) -> None:
        s = self.state.supplies
        rules = self.state.rules
        opts = [(k, f"{term(rules, f'supplies.{k}')} ({s.count(k)})") for k in rules.supplies]
        kind = await self._choose(_("Supplies"), opts)
        if kind is None:
            return

        def make(text: str):
            return supplies.SetSupplies(kind, int(text), text.startswith(("+", "-")))

        n = await self._ask(_("{supply}: now {n}").format(supply=term(rules, f"supplies.{kind}"),
                                                          n=s.count(kind)),
                            _("Type N to set, +N to add, -N to remove"),
                            self._check(signed_int, make), max_length=10)
        if n is not None:
            self.app.run_command(supplies.SetSupplies(kind, int(n), n.startswith(("+", "-"))))

    def action_add_character(self) -> None:
        """New characters are made on the party screen, by the ruleset's procedure."""
        self.app.action_show_area("party")
        self.app.call_after_refresh(lambda: self.app.screen.run_action("add"))

    async def _pick_character(self, title: str) -> str | None:
        if not self.state.party:
            self.notify(_("The party is empty."))
            return None
        return await self._choose(title, [(c.name, c.name) for c in self.state.party])

    @work(exit_on_error=False)
    async def action_rename_character(self) -> None:
        old = await self._pick_character(_("Rename whom?"))
        if old is None:
            return
        new = await self._ask(_("New name for {name}").format(name=old),
                              validate=self._check(None, lambda t: party.RenameCharacter(old, t)),
                              value=old, max_length=40)
        if new is not None:
            self.app.run_command(party.RenameCharacter(old, new))

    @work(exit_on_error=False)
    async def action_remove_character(self) -> None:
        who = await self._pick_character(_("Remove whom?"))
        if who is not None:
            self.app.run_command(party.RemoveCharacter(who))


def _turns_left_first(row: tuple) -> tuple:
    """A light's row in the table's order: #, turns left, light, carrier, bar
    (the bar last: the first thing a narrow screen cuts)."""
    light_id, name, by, left, bar = row
    return light_id, left, name, by, bar
