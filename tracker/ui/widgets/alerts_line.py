"""The alerts line: what the last action told the GM, above the footer of
every area screen, where it covers nothing.

It shows the alerts of the GM's latest action, each once, and is replaced by
the next action's (or cleared when that one has none), so an alert that is no
longer true does not linger. Only what is rare and urgent (an encounter, a
death: severity "error") also pops up as a toast.

It wraps to at most ``ROWS`` rows (a Ukrainian bastion summary runs to three at
80 columns). Alerts that would need more are not cut off unsaid: the last row
says how many more there are, and the log (key 2) holds every one.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual.widgets import Static

from ...i18n import ngettext

MARK = {"error": ("‼", "bold white on red"), "warning": ("!", "bold yellow"),
        "information": ("·", "cyan")}
ROWS = 4  # the most rows it takes from the screen's panes


class AlertsLine(Static):
    """Up to ROWS rows of the latest alerts; hidden when there are none."""

    DEFAULT_CSS = f"""
    AlertsLine {{ height: auto; max-height: {ROWS}; padding: 0 1; display: none; }}
    AlertsLine.-shown {{ display: block; }}
    """

    _shown = Text()

    def show(self, alerts: list) -> None:
        seen, parts = set(), []
        for a in alerts:
            if a.text in seen:
                continue
            seen.add(a.text)
            mark, style = MARK.get(a.severity, MARK["information"])
            part = Text(f"{mark} ", style=style)
            part.append(a.text, style="bold" if a.severity != "information" else "")
            parts.append(part)
        t = self._fitted(parts)
        if t != self._shown:  # unchanged: no update, which would lay out the screen again
            self._shown = t
            self.update(t)
        self.set_class(bool(alerts), "-shown")

    def _fitted(self, parts: list[Text]) -> Text:
        """The alerts joined, as many whole as fit in ROWS rows, then a last
        word on how many more the log holds."""
        width = max(20, (self.size.width or self.app.size.width) - 2)
        whole = Text("  ").join(parts)
        if len(whole) <= width or _rows(whole, width) <= ROWS:  # the common case: one wrap
            return whole
        t = Text()
        for i, part in enumerate(parts):
            more = len(parts) - i - 1
            trial = Text("  ").join([t, part]) if t else part.copy()
            if more:  # room for the word on the rest, should the next one not fit
                tail = trial + Text("  " + _more(more), style="dim")
            else:
                tail = trial
            if t and _rows(tail, width) > ROWS:
                return t + Text("  " + _more(len(parts) - i), style="dim")
            t = trial
        return t


def _more(n: int) -> str:
    # TRANSLATORS: the alerts line's last words when more alerts than fit were made
    return ngettext("… and {n} more alert in the log (2)", "… and {n} more alerts in the log (2)",
                    n).format(n=n)


_CONSOLE = Console(width=200)  # measures only: wrap() is given the width


def _rows(text: Text, width: int) -> int:
    return len(text.wrap(_CONSOLE, width))
