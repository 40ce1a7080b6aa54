"""The alerts line: what the last action told the GM, above the footer of
every area screen, where it covers nothing.

It shows the alerts of the GM's latest action, each once, and is replaced by
the next action's (or cleared when that one has none), so an alert that is no
longer true does not linger. Only what is rare and urgent (an encounter, a
death: severity "error") also pops up as a toast.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

MARK = {"error": ("‼", "bold white on red"), "warning": ("!", "bold yellow"),
        "information": ("·", "cyan")}


class AlertsLine(Static):
    """One or two lines of the latest alerts; hidden when there are none."""

    DEFAULT_CSS = """
    AlertsLine { height: auto; max-height: 2; padding: 0 1; display: none; }
    AlertsLine.-shown { display: block; }
    """

    _shown = Text()

    def show(self, alerts: list) -> None:
        seen, t = set(), Text()
        for a in alerts:
            if a.text in seen:
                continue
            seen.add(a.text)
            mark, style = MARK.get(a.severity, MARK["information"])
            if t:
                t.append("  ")
            t.append(f"{mark} ", style=style)
            t.append(a.text, style="bold" if a.severity != "information" else "")
        if t != self._shown:  # unchanged: no update, which would lay out the screen again
            self._shown = t
            self.update(t)
        self.set_class(bool(alerts), "-shown")
