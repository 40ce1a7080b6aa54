"""The campaign picker: campaigns newest first; create one by choosing a ruleset."""

from __future__ import annotations

import datetime as dt

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label

from ..widgets.header import Header
from ...core.errors import Refused
from ...service import Campaign, check_name_free, list_campaigns, list_rulesets
from ..dialogs import ChoiceDialog, TextDialog
from ..safe import cell, plain


class PickerScreen(Screen):
    BINDINGS = [
        Binding("enter", "open", "Open", id="picker.open"),
        Binding("n", "new", "New campaign", id="picker.new"),
        Binding("f5", "refresh", "Refresh", id="picker.refresh"),
    ]
    PALETTE = [
        ("Open campaign", "Open the highlighted campaign", "open"),
        ("New campaign", "Create a campaign: choose a ruleset and a name", "new"),
        ("Refresh list", "Read the saves folder again", "refresh"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Label("", id="picker-where")
        yield DataTable(id="campaigns", cursor_type="row", zebra_stripes=True)
        yield Label("", id="picker-empty")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Campaign", "Ruleset", "Last played", "Entries")
        self.refresh_list()

    def refresh_list(self) -> None:
        saves = self.app.saves
        self.query_one("#picker-where", Label).update(
            plain("Campaigns in ") + plain(str(saves), "bold"))
        table = self.query_one(DataTable)
        table.clear()
        found = list_campaigns(saves)
        for c in found:
            when = dt.datetime.fromtimestamp(c.modified).strftime("%Y-%m-%d %H:%M")
            ruleset = _ruleset_cell(c)
            table.add_row(cell(c.name), ruleset, when, str(c.events), key=c.name)
        self.query_one("#picker-empty", Label).update(
            "" if found else "No campaigns yet: press [b]n[/b] to start one.")
        table.focus()

    def action_refresh(self) -> None:
        self.refresh_list()

    @on(DataTable.RowSelected)
    def _selected(self, event: DataTable.RowSelected) -> None:
        self.app.open_campaign(event.row_key.value)

    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if table.row_count:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
            self.app.open_campaign(key.value)

    @work(exit_on_error=False)
    async def action_new(self) -> None:
        options = []
        for r in list_rulesets():
            if r.error:
                self.notify(r.error, title="Broken ruleset", severity="error")
            else:
                options.append((r.id, f"{r.name} — {r.description}"))
        rid = await self.app.push_screen_wait(ChoiceDialog("New campaign: ruleset", options))
        if rid is None:
            return

        def check(name: str) -> str:
            try:
                check_name_free(self.app.saves, name)
            except Refused as e:
                return str(e)
            return ""

        name = await self.app.push_screen_wait(
            TextDialog("New campaign: name", "Letters, digits, spaces, . _ + ' -", validate=check))
        if name is None:
            return
        try:
            Campaign.create(self.app.saves, name, rid).close()
        except Refused as e:
            self.notify(str(e), title="Cannot create", severity="error")
            return
        self.refresh_list()
        self.app.open_campaign(name)


def _ruleset_cell(c):
    """The ruleset, or what the file is when it cannot be played as it stands:
    damaged (its bytes), newer (upgrade to open it), or older (opens, upcast)."""
    if c.status == "damaged":
        return cell("damaged", "red")
    if c.status == "newer":
        return cell("newer tracker: upgrade", "yellow")
    if c.error:
        return cell("unreadable", "red")
    if c.status == "older":
        return cell(f"{c.ruleset_name or c.ruleset} (older, opens)")
    return cell(c.ruleset_name or c.ruleset)
