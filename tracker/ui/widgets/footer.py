"""The footer: each key's description in the GM's language, and never a key
cut in half ("^q Qui").

Translating: bindings are declared once, at import, with their descriptions
marked ``N_("Turn")``; this footer translates them each time it is composed, so
the language of the moment shows (a screen's footer recomposes as its bindings
do).

Fitting: at a narrow width it shows fewer of the screen's keys, the last ones
listed first to go, and keeps Quit and Keys (which lists every key) always;
Undo and Redo go only after every screen key has. What is not shown is still
bound, in ? and the palette. A translated description is measured as shown, so
a longer Danish or Ukrainian word costs a key sooner, never a cut one.

Every area screen gets this footer (ui/areas.py puts it in place of Textual's).
"""

from __future__ import annotations

from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey  # not exported: the footer's key widgets

from ...i18n import _

KEPT = ("quit", "keys")  # the app's: how to leave, and where every key is listed
LAST_TO_GO = ("undo", "redo")  # the app's, kept while any screen key can go instead


class Footer(TextualFooter):

    def compose(self):
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description) if widget.description else ""
                if widget.tooltip:
                    widget.tooltip = _(str(widget.tooltip))
            yield widget

    async def recompose(self) -> None:
        await super().recompose()
        self.call_after_refresh(self._fit)

    def on_resize(self) -> None:
        for key in self.query(FooterKey):
            key.display = True
        self.call_after_refresh(self._fit)

    def _fit(self, tries: int = 5) -> None:
        keys = [k for k in self.query(FooterKey) if k.display]
        if tries and any(not k.outer_size.width for k in keys):  # not laid out yet
            self.set_timer(0.02, lambda: self._fit(tries - 1))
            return
        room = self.size.width
        used = sum(_width(k) for k in keys)
        if not room or used <= room:
            return
        app_actions = {b.action for b in getattr(self.app, "BINDINGS", ())
                       if hasattr(b, "action")}
        own = [k for k in keys if k.action not in app_actions
               and not k.has_class("-command-palette")]
        spare = [k for a in reversed(LAST_TO_GO) for k in keys if k.action == a]
        for key in [*reversed(own), *spare]:
            if used <= room:
                break
            used -= _width(key)
            key.display = False


def _width(key: FooterKey) -> int:
    """The columns a key takes: its own and its margin (a compact footer's keys
    have one column between them, which ``outer_size`` leaves out)."""
    return key.outer_size.width + key.styles.margin.width
