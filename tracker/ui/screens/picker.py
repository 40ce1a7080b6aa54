"""The campaign picker: campaigns newest first; create one by choosing a ruleset."""

from __future__ import annotations

import datetime as dt

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Label

from ..widgets.header import Header
from ... import i18n
from ...core.errors import Refused
from ...i18n import N_, _
from ...service import Campaign, check_name_free, list_campaigns, list_rulesets
from ..dialogs import ChoiceDialog, TextDialog
from ..safe import cell, plain
from ..widgets.footer import Footer


class PickerScreen(Screen):
    BINDINGS = [
        Binding("enter", "open", N_("Open"), id="picker.open"),
        Binding("n", "new", N_("New campaign"), id="picker.new"),
        Binding("f5", "refresh", N_("Refresh"), id="picker.refresh"),
    ]
    PALETTE = [
        (N_("Open campaign"), N_("Open the highlighted campaign"), "open"),
        (N_("New campaign"), N_("Create a campaign: choose a ruleset and a name"), "new"),
        (N_("Refresh list"), N_("Read the saves folder again"), "refresh"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Label("", id="picker-where")
        yield DataTable(id="campaigns", cursor_type="row", zebra_stripes=True)
        yield Label("", id="picker-empty")
        yield Footer()

    def on_mount(self) -> None:
        self.dress()

    def dress(self) -> None:
        """The columns and the list, again after a change of language."""
        table = self.query_one(DataTable)
        table.clear(columns=True)
        table.add_columns(_("Campaign"), _("Ruleset"), _("Last played"), _("Entries"))
        self.refresh_list()

    def refresh_list(self) -> None:
        saves = self.app.saves
        # the folder in bold, where the sentence puts it
        before, _x, after = _("Campaigns in {folder}").partition("{folder}")
        self.query_one("#picker-where", Label).update(
            plain(before) + plain(str(saves), "bold") + plain(after))
        table = self.query_one(DataTable)
        table.clear()
        found = list_campaigns(saves)
        for c in found:
            ruleset = _ruleset_cell(c)
            table.add_row(cell(c.name), ruleset, _when(c.modified), i18n.number(c.events),
                          key=c.name)
        self.query_one("#picker-empty", Label).update(
            "" if found else _("No campaigns yet: press [b]n[/b] to start one."))
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
        options, found = [], {}
        for r in list_rulesets():
            if r.error:
                self.notify(r.error, title=_("Broken ruleset"), severity="error")
            else:
                options.append((r.id, f"{r.name} — {r.description}"))
                found[r.id] = r
        rid = await self.app.push_screen_wait(ChoiceDialog(_("New campaign: ruleset"), options))
        if rid is None:
            return

        def check(name: str) -> str:
            try:
                check_name_free(self.app.saves, name)
            except Refused as e:
                return str(e)
            return ""

        name = await self.app.push_screen_wait(
            TextDialog(_("New campaign: name"), _("Letters, digits, spaces, . _ + ' -"),
                       validate=check))
        if name is None:
            return
        language = await self.app.push_screen_wait(self._language_dialog(found[rid]))
        if language is None:
            return
        try:
            Campaign.create(self.app.saves, name, rid, language=language).close()
        except Refused as e:
            self.notify(str(e), title=_("Cannot create"), severity="error")
            return
        self.refresh_list()
        self.app.open_campaign(name)

    def _language_dialog(self, ruleset) -> ChoiceDialog:
        """The campaign's language, as `tracker new --lang` chooses it: the
        ruleset's by default, or this run's --lang when the app was given one."""
        own = ruleset.language
        options = [(code, i18n.NATIVE_NAMES.get(code, code)
                    + (" " + _("(the ruleset's)") if code == own else ""))
                   for code in [own, *[c for c in i18n.available() if c != own]]]
        return ChoiceDialog(_("New campaign: language"), options,
                            help=_("The log reads in it; the language action changes it later."),
                            initial=self.app.lang_asked or own)


def _ruleset_cell(c):
    """The ruleset, or what the file is when it cannot be played as it stands:
    damaged (its bytes), newer (upgrade to open it), or older (opens, upcast)."""
    if c.status == "damaged":
        return cell(_("damaged"), "red")
    if c.status == "newer":
        return cell(_("newer tracker: upgrade"), "yellow")
    if c.error:
        return cell(_("unreadable"), "red")
    if c.status == "older":
        return cell(_("{ruleset} (older, opens)").format(ruleset=c.ruleset_name or c.ruleset))
    return cell(c.ruleset_name or c.ruleset)


def _when(modified: float) -> str:
    """When a campaign was last played: English keeps its sortable 2026-12-01
    17:05; another language reads the locale's own short form (01.12.2026 17.05)."""
    moment = dt.datetime.fromtimestamp(modified)
    if i18n.current() == i18n.ENGLISH:
        return moment.strftime("%Y-%m-%d %H:%M")
    return i18n.date_time(moment)
