"""The bastion screen (D&D 2024): each owner's bastion at a glance, and a
bastion turn as one flow: an order per facility (or Maintain), the cost,
confirm, the results with their dice.

The flows live beside it, one job each: the turn (bastion_turn.py), building
and keeping (bastion_building.py), the defenders (bastion_defenders.py)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ..widgets.header import Header
from ... import i18n
from ...i18n import N_, _
from ...core import bastion as bas
from ...core.bastion.model import Bastion
from ...core.state import State
from ..areas import area_screen
from ..repaint import fill_table, follow_state, paint, update_same_size
from ..asking import Asking
from ..safe import plain
from ..widgets import bastion_panels as panels
from ..widgets.footer import Footer
from .bastion_building import Building
from .bastion_defenders import Defenders
from .bastion_turn import TurnFlow


@area_screen("bastion", key="7", title=N_("Bastion"),
             help=N_("Bastion turns, orders, events, ledger"), css="bastion.tcss", order=70)
class BastionScreen(TurnFlow, Building, Defenders, Asking, Screen):
    ASK_MAX = 9  # most answers here are numbers
    BINDINGS = [
        Binding("t", "turn", N_("Turn"), id="bastion.turn"),
        Binding("a", "all_turns", N_("All due"), id="bastion.all_turns"),
        Binding("d", "downtime", N_("Downtime"), id="bastion.downtime"),
        Binding("r", "weeks", N_("Weeks"), show=False, id="bastion.weeks"),
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
        (N_("Bastion weeks at home"),
         N_("Weeks pass; each turn runs with every facility's last orders again"), "weeks"),
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
        (N_("Choose again"), N_("At a turn: the highlighted facility's drink on tap or trainer"),
         "rechoose"),
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
        b = self.bastion()
        width = max(20, summary.content_size.width or self.app.size.width - 4)
        if state.rules.bastion is None or b is None:
            fill_table(self.query_one("#bastion-facilities", DataTable), [], [])
            text = _("{ruleset} has no bastions: they are a D&D 2024 rule.").format(
                ruleset=state.rules.meta.name) if state.rules.bastion is None else _(
                "No bastions yet. A character of level {level} or more can found one: n.").format(
                level=state.rules.bastion.from_level)
            lines = panels.wrap(text, width)
            update_same_size(summary, plain("\n".join(lines)), len(lines))
            paint(results, "")
            return
        self._show_summary()
        self._show_table()
        # "All due" comes and goes with the waiting turns; the footer recomposes
        # on every refresh of the bindings, so only when that changes
        due = self.check_action("all_turns", ())
        if due != getattr(self, "_due_shown", None):
            self._due_shown = due
            self.refresh_bindings()
        self.call_after_refresh(self._show_results)

    def _show_table(self) -> None:
        """The special facilities, each cell wrapped where the row would run
        past the panel (the Now column first), never cut."""
        state, b = self.state, self.bastion()
        table = self.query_one("#bastion-facilities", DataTable)
        if b is None or state.rules.bastion is None:
            fill_table(table, [], [])
            return
        rows = [(str(f.id), panels.facility_row(state, b, f)) for f in bas.specials(b)]
        for p in bas.partners(state, b):  # each owner keeps their own facilities
            rows += [(f"{p.owner}#{f.id}", panels.facility_row(state, p, f, p.owner))
                     for f in bas.specials(p)]
        heads = ["#", _("Facility"), _("Space"), _("Hire"), _("Orders"), _("Now")]
        inner = (table.content_size.width or self.app.size.width - 4) - 1  # a scrollbar's room
        widths, cells = panels.fit_rows(heads, [r for _k, r in rows],
                                        inner - 2 * table.cell_padding * len(heads))
        # filled again only when a cell, a head or a width differs (each change
        # of the campaign rebuilt it whole)
        fill_table(table, list(zip(heads, widths)),
                   [(key, tuple(row)) for (key, _row), row in zip(rows, cells)], height=None)

    def _show_summary(self) -> None:
        """The summary, wrapped to the panel's width (Danish and Ukrainian
        run longer; the note of what the source leaves open is long)."""
        b, summary = self.bastion(), self.query_one("#bastion-summary", Static)
        if b is None or self.state.rules.bastion is None:
            return
        all_ = self.state.bastions.all
        width = max(20, summary.content_size.width or self.app.size.width - 4)
        text = panels.summary(self.state, b, all_.index(b), len(all_), width)
        # its height is its lines' (height: auto): a layout only when their count changes
        update_same_size(summary, plain(text), text.count("\n") + 1)

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
            paint(results, plain(panels.ledger(self.state, b, rows, width)))
        else:
            results.border_title = _("Last turns")
            paint(results, plain(panels.results(self.state, b, rows, width)))

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

    @on(DataTable.RowHighlighted, "#bastion-facilities")
    def _facility_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key is not None and event.row_key.value is not None:
            self.app.selected["facility"] = event.row_key.value
