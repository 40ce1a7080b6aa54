"""The footer, with each key's description in the GM's language.

Bindings are declared once, at import, with their descriptions marked
``N_("Turn")``; this footer translates them each time it is composed, so the
language of the moment shows (a screen's footer recomposes as its bindings do).
"""

from __future__ import annotations

from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from ...i18n import _


class Footer(TextualFooter):
    def compose(self):
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description) if widget.description else ""
                if widget.tooltip:
                    widget.tooltip = _(str(widget.tooltip))
            yield widget
