"""The retainers screen: who is hired, at what wage, how much is owed."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header

from ..areas import area_screen
from ..safe import cell


@area_screen("retainers", key="8", title="Retainers", help="Hirelings and their wages",
             css=str(Path(__file__).resolve().parents[1] / "retainers.tcss"), order=80)
class RetainersScreen(Screen):
    PALETTE = [("Pay wages", "Pay the highlighted retainer", "pay")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(id="retainers-table", cursor_type="row", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns("Name", "Wage", "Owed")
        self.watch(self.app, "state", self.show, init=True)

    def show(self, state) -> None:
        if state is None:
            return
        table = self.query_one(DataTable)
        table.clear()
        for r in state.retainers:
            table.add_row(cell(r.name), cell(f"{r.wage} gp"), cell(f"{r.owed_days} days"))

    async def action_pay(self) -> None:
        from ...core import retainers

        table = self.query_one(DataTable)
        if self.app.state.retainers:
            await self.app.dispatch(retainers.PayWages(self.app.state.retainers[table.cursor_row].name))
