"""The chase screen: one row per participant, one key per common step.

The D&D 2024 chase (move, dash, complications, escape) and B/X evasion
(run, drop treasure or food, the evasion roll) share it; the ruleset says
which one ``s`` starts.
"""

from __future__ import annotations

import textwrap

from rich.cells import cell_len

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ..widgets.header import Header
from ...core import chase
from ...core.chase.model import OUTCOMES, PURSUER, QUARRY, at_hand
from ...core.errors import Refused
from ...core.numbers import number_parts
from ...core.schema import note_kind
from ...core.state import State
from ..areas import area_screen
from ..repaint import fill_table, follow_state, paint
from ..asking import Asking
from ..dialogs import positive_int, refusal, whole
from ..widgets import chase_panels as panels
from ...core.chase.standing import side_word, status_word, where_word
from ...core.terms import term
from ...i18n import N_, _, ngettext
from ...i18n import dice


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]


def _numbers(text: str) -> list[int]:
    """Whole numbers separated by spaces or commas ("30 +1 2 12"); Refused if not."""
    parts = number_parts(text)
    if not parts or not all(whole(p.lstrip("+-"), 6) for p in parts):
        raise Refused(_("type whole numbers separated by spaces, e.g. 30 1 2 12"))
    return [int(p) for p in parts]


@area_screen("chase", key="6", title=N_("Chase"), help=N_("Pursuit round by round"),
             css="chase.tcss", order=60)
class ChaseScreen(Asking, Screen):
    ASK_MAX = 60  # names and short answers
    BINDINGS = [
        Binding("s", "start", N_("Start"), id="chase.start"),
        Binding("j", "join", N_("Join"), id="chase.join"),
        Binding("m", "move", N_("Move"), id="chase.move"),
        Binding("d", "dash", N_("Dash"), id="chase.dash"),
        Binding("e", "escape", N_("Escape"), id="chase.escape"),
        # not in the footer: at 80 columns it would cut the app's own keys; the
        # summary says "x ends the chase" when it is over (f1 and ^p list it)
        Binding("x", "end", N_("End"), show=False, id="chase.end"),
        Binding("r", "run", N_("Run"), id="chase.run"),
        Binding("v", "evade", N_("Evade"), id="chase.evade"),
        Binding("b", "bait", N_("Bait"), id="chase.bait"),
        Binding("y", "day", N_("Pursuit day"), id="chase.day"),
        Binding("f", "move_feet", N_("Move N ft"), show=False, id="chase.move_feet"),
        Binding("g", "give_up", N_("Give up"), show=False, id="chase.give_up"),
    ]
    PALETTE = [
        (N_("Start a chase or evasion"), N_("The ruleset's kind: a 2024 chase or B/X evasion"),
         "start"),
        (N_("Join the chase"), N_("A party member, or someone named with their numbers"),
         "join"),
        (N_("Move"), N_("Whose turn it is moves its speed; a complication is rolled"), "move"),
        (N_("Dash"), N_("Move twice the speed; past the free dashes, a Con save"), "dash"),
        (N_("Move or dash some feet"), N_("Whose turn it is moves as far as you type"),
         "move_feet"),
        (N_("Escape roll"), N_("A quarry out of sight rolls Stealth against Perception"),
         "escape"),
        (N_("Give up"), N_("A participant leaves the chase"), "give_up"),
        (N_("Swap sides"),
         N_("Roles reverse: a quarry turns on its pursuers, or a pursuer flees"), "swap"),
        (N_("End the chase"), N_("Caught, gave up or escaped"), "end"),
        (N_("Run a round"), N_("B/X: both sides run flat out for a round"), "run"),
        (N_("Drop treasure or food"), N_("B/X: the pursuers may stop for it (3-in-6)"), "bait"),
        (N_("Evasion roll"), N_("B/X: the percentile chance in the wilderness or at sea"),
         "evade"),
        (N_("A day of pursuit"), N_("B/X wilderness: faster pursuers may catch up"), "day"),
    ]

    EVASION = {"run", "evade", "bait", "day"}
    CHASE = {"join", "move", "dash", "escape", "move_feet", "give_up", "swap"}

    def check_action(self, action: str, parameters) -> bool | None:
        """Show only the keys of the ruleset's kind of chase (2024 or B/X), and
        of an evasion only those its place and moment allow."""
        state = self.app.state if self.app.campaign is not None else None
        rules = state.rules.chase if state is not None else None
        if action in self.EVASION:
            if rules is None or rules.evasion is None:
                return False
            return self._evasion_key(state, action)
        if action in self.CHASE:
            return rules is not None and bool(rules.complications)
        if action in ("start", "end") and state is not None:  # one of the two at a time
            return state.chase.active == (action == "end")
        return True

    @staticmethod
    def _evasion_key(state: State, action: str) -> bool:
        """Run in a dungeon (or at sea after a failed roll), bait in a dungeon,
        the evasion roll in the wilderness or at sea, a pursuit day after a failed
        wilderness roll; nothing once the evasion is over."""
        e = state.chase.evasion
        if not state.chase.active or e is None:
            return False
        return {"run": e.where == "dungeon" or (e.where == "sea" and bool(e.chance)),
                "bait": e.where == "dungeon",
                "evade": e.where == "wilderness" or (e.where == "sea" and not e.chance),
                "day": e.where == "wilderness" and bool(e.chance)}[action]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="chase-summary", classes="panel")
        yield DataTable(id="runners", cursor_type="row", classes="panel")
        yield Static(id="chase-log", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self._dress()
        follow_state(self, self.show)

    def dress(self) -> None:
        """Border titles again after a change of language (the app recomposes the screen)."""
        self._dress()
        if self.app.state is not None:
            self.show(self.app.state)

    def _dress(self) -> None:
        self.query_one("#chase-summary").border_title = _("Chase")
        self.query_one("#runners").border_title = _("Who runs (initiative order)")
        self.query_one("#chase-log").border_title = _("Round by round")

    def show(self, state: State | None) -> None:
        if state is None or self.app.campaign is None:
            return
        summary = self.query_one("#chase-summary", Static)
        fills = panels.evasion_sources(state)
        summary.border_title = _("Chase") + (f" · {fills}" if fills else "")
        self._show_summary(state)
        table = self.query_one("#runners", DataTable)
        evasion = state.chase.evasion is not None
        table.border_title = _("The two sides") if evasion else _("Who runs (initiative order)")
        row = table.cursor_row
        # TRANSLATORS: the runners table's columns: keep them short (80 columns)
        heads = (" ", _("Name"), _("Side"), _("Gap ft"), _("Speed") if evasion else _("Dash"),
                 _("Exh"), _("Status"))
        if fill_table(table, [(h, None) for h in heads],
                      [(None, tuple(r)) for r in panels.runner_rows(state)]) and table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1), animate=False)
        self._show_log(state)
        # which keys the footer shows follows the chase's kind and moment; the
        # footer recomposes on every refresh (about 30 ms), so only when they change
        keys = tuple(self.check_action(a, ()) for a in sorted(self.EVASION | self.CHASE
                                                               | {"start", "end"}))
        if keys != getattr(self, "_keys_shown", None):
            self._keys_shown = keys
            self.refresh_bindings()

    def _show_log(self, state: State) -> None:
        log = self.query_one("#chase-log", Static)
        paint(log, panels.log_lines(self.app.recent, max(1, log.content_size.height)))

    def _show_summary(self, state: State) -> None:
        """The summary, its rules' source in the lower border where it fits
        whole, else under the summary, wrapped: "OSE, Evasion and Pursuit
        (Dolmenwood's own chase rules are not ...)" runs past 80 columns."""
        summary = self.query_one("#chase-summary", Static)
        width = self.app.size.width  # the summary spans the screen (its own size lags a resize)
        text, source = panels.summary(state), panels.source(state)
        border = cell_len(source) + 6 <= width  # "╰─ " and " ─╯", a column to spare
        summary.border_subtitle = source if border else ""
        if not border:
            text = text.copy()
            text.rstrip()
            for line in textwrap.wrap(source, max(20, width - 4)):
                text.append("\n" + line, style="dim")
        paint(summary, text)

    def on_resize(self) -> None:
        if self.app.state is not None:
            self.call_after_refresh(self._show_summary, self.app.state)
            self.call_after_refresh(self._show_log, self.app.state)

    # -- helpers ---------------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.app.state

    def _run(self, command) -> None:
        if not self._refused(command):
            self.app.run_command(command)

    def _runner_choice(self, title: str, keep) -> list[tuple[str, str]]:
        return [(r.name, _("{name} ({side}, {status})").format(
                    name=r.name, side=side_word(r.side),
                    status=status_word(chase.status(self.state, r))))
                for r in self.state.chase.runners if keep(r)]

    # -- the 2024 chase --------------------------------------------------------------------

    @work(exit_on_error=False)
    async def action_start(self) -> None:
        rules = self.state.rules.chase
        if rules is not None and rules.evasion is not None and not rules.complications:
            await self._start_evasion()
            return
        if self._refused(chase.StartChase(next(iter(rules.complications), "urban")
                                          if rules else "urban")):
            return
        setting = await self._choose(_("Chase where?"), [
            (k, _("Complications: {setting}").format(setting=panels.setting_word(self.state.rules, k)))
            for k in rules.complications])
        if setting is None:
            return
        met = at_hand(self.state)  # the encounter just met, in a dungeon or on the road
        encounter = met.distance if met is not None else None
        dist = await self._ask(
            _("How far ahead is the quarry (ft)?"),
            _("The GM's call; the last encounter was at {feet} ft").format(feet=encounter)
            if encounter else _("The GM's call"),
            self._check(lambda t: "" if whole(t, 7) else _("a whole number of feet"),
                        lambda t: chase.StartChase(setting, int(t))),
            value=str(encounter or 30), max_length=7)
        if dist is not None:
            self.app.run_command(chase.StartChase(setting, int(dist)))

    @work(exit_on_error=False)
    async def action_join(self) -> None:
        if self._refused(chase.JoinChase("?", QUARRY, 30)):
            return
        # only those who can run: not in it yet, and a side would take them (the
        # dead, the unconscious are refused either way, so are not offered)
        members = [(c.name, _("{name} (party)").format(name=c.name)) for c in self.state.party
                   if chase.find(self.state.chase, c.name) is None
                   and not all(refusal(self.app, chase.JoinChase(c.name, side))
                               for side in (QUARRY, PURSUER))]
        who = await self._choose(_("Who joins?"), members + [("", _("Someone else…"))])
        if who is None:
            return
        if not who:
            who = await self._ask(_("Name"), validate=self._check(
                None, lambda t: chase.JoinChase(t, QUARRY, 30)), max_length=40)
            if who is None:
                return
        side = await self._choose(_("{name} is").format(name=who),
                                  [("quarry", _("Quarry: runs away")),
                                   ("pursuer", _("Pursuer: gives chase"))])
        if side is None:
            return
        if chase.find(self.state.chase, who) is None and \
                who.casefold() in {c.name.casefold() for c in self.state.party}:
            self.app.run_command(chase.JoinChase(who, side))
            return

        def make(text: str):
            given = _numbers(text)
            if len(given) > 5:
                raise Refused(_("at most five numbers: speed Con Stealth Perception initiative"))
            speed, con, stealth, perception, init = given + [0, 0, 10, 0][len(given) - 1:]
            return chase.JoinChase(who, side, speed, con, stealth, perception, init)

        nums = await self._ask(_("{name}: speed Con Stealth Perception [init]").format(name=who),
                               _("e.g. 30 1 2 12 (modifiers; passive Perception)"),
                               self._check(None, make), value="30 0 0 10")
        if nums is not None:
            self.app.run_command(make(nums))

    def action_move(self) -> None:
        self._run(chase.TakeTurn(None, False))

    def action_dash(self) -> None:
        self._run(chase.TakeTurn(None, True))

    @work(exit_on_error=False)
    async def action_move_feet(self) -> None:
        if self._refused(chase.TakeTurn(0, False)):
            return
        how = await self._choose(_("Move or dash?"), [("move", _("Move")), ("dash", _("Dash"))])
        if how is None:
            return
        feet = await self._ask(_("How many feet?"), validate=self._check(
            lambda t: "" if whole(t, 6) else _("a whole number of feet"),
            lambda t: chase.TakeTurn(int(t), how == "dash")), max_length=6)
        if feet is not None:
            self.app.run_command(chase.TakeTurn(int(feet), how == "dash"))

    @work(exit_on_error=False)
    async def action_escape(self) -> None:
        quarry = self._runner_choice("", lambda r: r.side == QUARRY
                                     and chase.running(self.state, r))
        if not quarry:
            self.notify(_("No quarry is running."), severity="warning")
            return
        who = quarry[0][0] if len(quarry) == 1 else \
            await self._choose(_("Who slips out of sight?"), quarry)
        if who is None or self._refused(chase.TryEscape(who)):
            return
        factors = self.state.rules.chase.escape_factors
        edges = {"advantage": _("advantage"), "disadvantage": _("disadvantage")}
        rules = self.state.rules
        edge = await self._choose(
            _("{name}: Stealth, out of the lead pursuer's sight").format(name=who),
            [("", _("No escape factor"))] +
            [(k, "{} ({})".format(term(rules, f"chase.escape_factors.{k}.text", f.text),
                                  edges.get(f.edge, f.edge))) for k, f in factors.items()],
            _("Never out of sight? Then no roll: it fails."))
        if edge is not None:
            self.app.run_command(chase.TryEscape(who, (edge,) if edge else ()))

    @work(exit_on_error=False)
    async def action_give_up(self) -> None:
        opts = self._runner_choice("", lambda r: chase.running(self.state, r))
        who = await self._choose(_("Who gives up?"), opts) if opts else None
        if who:
            self.app.run_command(chase.LeaveChase(who))

    @work(exit_on_error=False)
    async def action_swap(self) -> None:
        opts = self._runner_choice("", lambda r: chase.running(self.state, r))
        who = await self._choose(_("Whose role reverses?"), opts) if opts else None
        if who:
            self.app.run_command(chase.SwapSide(who))

    @work(exit_on_error=False)
    async def action_end(self) -> None:
        if self._refused(chase.EndChase(OUTCOMES[0])):
            return
        hint = chase.over(self.state)
        order = sorted(OUTCOMES, key=lambda o: o != hint)
        how = await self._choose(_("The chase ends:"), [(o, _capital(status_word(o)))
                                                       for o in order])
        if how:
            self.app.run_command(chase.EndChase(how))

    # -- B/X evasion -----------------------------------------------------------------------

    async def _start_evasion(self) -> None:
        e = self.state.rules.chase.evasion
        if self._refused(chase.StartEvasion("dungeon", 120, gap=0)):
            return
        met = at_hand(self.state)
        said = "" if met is None else (
            _("After the encounter ({where}) at {feet} ft: {surprised}") if met.distance is not None
            else _("After the encounter ({where}): {surprised}")).format(
            where=where_word(met.where), feet=met.distance,
            surprised=panels.surprised_words(met.surprised) if met.surprised else
            _("nobody surprised"))
        where = await self._choose(_("The party flees"), [
            (w, _capital(where_word(w))) for w in chase.WHERE if w != "sea" or e.sea is not None],
            said or _("No encounter noted: the surprise is asked"))
        if where is None:
            return
        surprised = None  # None: the encounter's, in the command
        # no encounter gives the gap: it is asked last (R12), checked meanwhile without it
        probe = {} if where == "wilderness" or (met is not None and met.distance is not None) \
            else {"gap": 0}
        if where == "wilderness" and met is None:
            surprised = await self._choose(_("Who was surprised?"), [
                ("", _("Nobody (or both sides)")), ("party", _("The party: it cannot evade")),
                ("monsters", _("The monsters: the party gets away at once"))])
            if surprised is None:
                return
        speed = await self._ask(_("The monsters' speed (ft a round, or a ship's)"),
                                validate=self._check(positive_int, lambda t: chase.StartEvasion(
                                    where, int(t), **probe)), value="120", max_length=5)
        if speed is None:
            return
        morale, pursue = 0, True
        if e.morale_die:
            m = await self._ask(_("Their morale (2-12)"),
                                _("{die} at most it: they pursue").format(die=dice(e.morale_die)),
                                self._check(positive_int, lambda t: chase.StartEvasion(
                                    where, int(speed), morale=int(t), **probe)), value="8",
                                max_length=2)
            if m is None:
                return
            morale = int(m)
        else:
            said = await self._choose(_("Do they pursue?"), [("y", _("They pursue")),
                                                             ("n", _("They let the party go"))],
                                      _("The referee decides"))
            if said is None:
                return
            pursue = said == "y"
        extra = {} if surprised is None else {"surprised": surprised}
        # the dungeon's gap too when no encounter at hand gives it (R12: unknown is not 0)
        if where != "dungeon" or met is None or met.distance is None:
            n = await self._ask(_("How many pursue?") if where == "wilderness" else
                                _("Feet between the ships") if where == "sea" else
                                _("Feet between the party and the monsters"),
                                "" if where == "wilderness" or met is None else
                                _("The encounter's distance"),
                                validate=self._check(
                                    positive_int, lambda t: chase.StartEvasion(
                                        where, int(speed), morale=morale, pursue=pursue,
                                        **({"pursuers": int(t)} if where == "wilderness"
                                           else {"gap": int(t)}))), max_length=6,
                                value="" if where == "wilderness" or met is None
                                or met.distance is None else str(met.distance))
            if n is None:
                return
            extra |= {"pursuers": int(n)} if where == "wilderness" else {"gap": int(n)}
        self.app.run_command(chase.StartEvasion(where, int(speed), morale=morale,
                                                pursue=pursue, **extra))

    def action_run(self) -> None:
        self._run(chase.RunRound())

    @work(exit_on_error=False)
    async def action_day(self) -> None:
        if self._refused(chase.PursueDay()):
            return
        way = ""
        if self.state.rules.chase.evasion.directions is None:
            way = await self._ask(_("Which way does the party flee?"),
                                  _("A random direction: not in the source, GM enters it"),
                                  max_length=80)
            if way is None:
                return
        self.app.run_command(chase.PursueDay(way))

    @work(exit_on_error=False)
    async def action_bait(self) -> None:
        if self._refused(chase.DropBait("treasure")):
            return
        have = sum(b.count for b in self.state.supplies.rations)
        kind = await self._choose(_("Drop what?"), [
            ("treasure", _("Treasure")),
            ("food", ngettext("Food ({n} ration carried)", "Food ({n} rations carried)",
                              have).format(n=have))])
        if kind == "treasure":
            self.app.run_command(chase.DropBait(kind))
        elif kind == "food":
            n = await self._ask(_("How many rations?"),
                                _("The party carries {n}").format(n=have),
                                self._check(positive_int,
                                            lambda t: chase.DropBait("food", int(t))),
                                value="1", max_length=5)
            if n is not None:
                self.app.run_command(chase.DropBait("food", int(n)))

    @work(exit_on_error=False)
    async def action_evade(self) -> None:
        if self._refused(chase.RollEvasion()):
            return
        terrain = self.state.rules.chase.evasion.terrain
        pick = ""
        if terrain:
            e = self.state.rules.chase.evasion
            fill = note_kind(e.fills, "terrain")
            pick = await self._choose(_("Terrain"), [("", _("Nothing special"))] + [
                (k, f"{panels.terrain_word(self.state.rules, k)} ({v:+d}%)")
                for k, v in terrain.items()],
                _("{kind}: not in the source").format(kind=_(fill)) if fill else "")
            if pick is None:
                return
        self.app.run_command(chase.RollEvasion((pick,) if pick else ()))
