"""How the retainers show: log lines, an alert, JSON and the recap."""

from __future__ import annotations

from ..alerts import Alert, alerting
from ..events import describes
from ..state import State
from ..tally import Tally, tally
from ..view import state_view
from .rules import RetainerHired, WagesPaid


@describes(RetainerHired)
def _hired(ev: RetainerHired, rules) -> str:
    return f"Hired {ev.name} at {ev.wage} gp a day"


@describes(WagesPaid)
def _paid(ev: WagesPaid, rules) -> str:
    return f"Paid {ev.name}'s wages"


@alerting(90)
def _unpaid(before: State, after: State) -> list[Alert]:
    was = {r.name: r.owed_days for r in before.retainers}
    return [Alert("warning", f"{r.name} is owed {r.owed_days} days' wages")
            for r in after.retainers if r.owed_days > was.get(r.name, 0)]


@state_view("retainers", 95)
def _json(state: State) -> list:
    return [{"name": r.name, "wage": r.wage, "owed_days": r.owed_days} for r in state.retainers]


@tally(95)
class RetainersTally(Tally):
    def __init__(self, sessions):
        super().__init__(sessions)
        self.hired: list[str] = []

    def see(self, session, seq, ev, state_at) -> None:
        if isinstance(ev, RetainerHired):
            self.hired.append(ev.name)

    def lines(self, e) -> list[str]:
        return [f"**Retainers hired:** {', '.join(e(n) for n in self.hired)}"] if self.hired else []
