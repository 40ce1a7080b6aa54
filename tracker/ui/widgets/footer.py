"""The footer: each key's description in the GM's language, and never a key
cut in half ("^q Qui").

Translating: bindings are declared once, at import, with their descriptions
marked ``N_("Turn")``; this footer translates them each time it is composed, so
the language of the moment shows (a screen's footer recomposes as its bindings
do).

Fitting: at a narrow width it gives up, in this order, until the keys fit:
1. the screen's keys past its main ones (the first ``MAIN`` it shows, or its
   ``FOOTER_MAIN``: a screen lists its keys most used first), the last listed first;
2. the words of Undo and Redo: they stay as bare keys (``^z ^y``), which every
   GM knows (the columns this gives back show the next keys dropped in 1 that fit);
3. Undo and Redo themselves;
4. the command palette's key (Keys lists ctrl+p);
5. the screen's main keys, the last first (only narrower than 80 columns: at
   80x24 every screen keeps them in every language, tests/test_i18n_grammar.py).
Quit and Keys (which lists every key) always stay. What is not shown is still
bound, in ? and the palette. A translated description is measured as shown, so
a longer Danish or Ukrainian word costs a key sooner, never a cut one.

Every area screen gets this footer (ui/areas.py puts it in place of Textual's).
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey  # not exported: the footer's key widgets

from ... import i18n
from ...i18n import _

KEPT = ("quit", "keys")  # the app's: how to leave, and where every key is listed
LAST_TO_GO = ("undo", "redo")  # the app's, bare and then gone before a main key goes
MAIN = 3  # a screen's first keys shown, kept at 80 columns in every language


def main_count(screen) -> int:
    """How many of a screen's first keys are its main ones: ``MAIN``, or the
    screen's own ``FOOTER_MAIN`` (the log's four corrections, w m i f: at 70
    columns the field's key went first, gm-review7 C12)."""
    return getattr(screen, "FOOTER_MAIN", MAIN)


def main_keys(own: list, screen=None) -> list:
    """A screen's main keys: the first ``main_count`` of its own, in the order shown."""
    return own[:main_count(screen)]


class Footer(TextualFooter):
    """Composed once per change of what it shows: Textual's recomposes on every
    bindings signal (a screen mounting sends two to five, most with the same
    keys), each recompose mounting every key widget and styling it again."""

    _shown: tuple | None = None  # what the keys composed last showed (``_showing``)
    _recompose_due = False  # a recompose is asked for after the next refresh

    def bindings_changed(self, screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._recompose_due:
            # the signals before the refresh: one look at the keys
            self._recompose_due = self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        self._recompose_due = False
        if self.is_attached and self._showing() != self._shown:
            await self.recompose()

    def _showing(self) -> tuple:
        """What ``compose`` would show: each shown key's binding, whether it is
        enabled and its tooltip, in order, with the language they are read in
        and the keymap's display of each key."""
        palette = self.app.COMMAND_PALETTE_BINDING
        return (i18n.current(), i18n.current_game(), self.show_command_palette, self.compact,
                tuple((key, b.key, self.app.get_key_display(b), b.description, b.action,
                       b.group, b.show, b.tooltip, enabled, tooltip)
                      for key, (_node, b, enabled, tooltip)
                      in self.screen.active_bindings.items() if b.show or key == palette))

    def compose(self):
        self._shown = self._showing() if self._bindings_ready else None
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description) if widget.description else ""
                if widget.tooltip:
                    widget.tooltip = _(str(widget.tooltip))
                widget._full = (widget.description, widget.key_display)
            yield widget

    async def recompose(self) -> None:
        await super().recompose()
        self.call_after_refresh(self._fit)

    def on_resize(self) -> None:
        for key in self.query(FooterKey):
            key.display = True
            if hasattr(key, "_full") and (key.description, key.key_display) != key._full:
                key.description, key.key_display = key._full
                key.refresh(layout=True)
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
        main = main_keys(own, self.screen)
        spare = [k for a in reversed(LAST_TO_GO) for k in keys if k.action == a]
        extra = own[len(main):]
        for key in reversed(extra):
            if used <= room:
                return
            used -= self._hide(key)
        if used > room and spare:  # the two together: "^z ^y", never "^z Undo ^y"
            used -= sum(self._bare(key) for key in spare)
            self.refresh(layout=True)
            for key in extra:  # the columns the words gave back: the next keys, in order
                if key.display or used + _width(key) > room:
                    break
                key.display = True
                used += _width(key)
        # the palette's key before a main one: Keys (f1) lists it too
        palette = [k for k in keys if k.has_class("-command-palette")]
        for key in [*spare, *palette, *reversed(main)]:
            if used <= room:
                return
            used -= self._hide(key)

    @staticmethod
    def _hide(key: FooterKey) -> int:
        width = _width(key)
        key.display = False
        return width

    @staticmethod
    def _bare(key: FooterKey) -> int:
        """Show the key alone, padded as a key with its word is; the columns saved."""
        if not key.description:
            return 0
        pad = key.get_component_styles("footer-key--key").padding
        was = _width(key)
        key.description = ""
        key.key_display = " " * pad.left + key.key_display.strip() + " " * pad.right
        key.refresh(layout=True)
        return was - _width(key)


def _width(key: FooterKey) -> int:
    """The columns a key takes: its text as it renders now (not its last
    layout's size, stale right after a resize gave a key back its word), its
    padding and border, and its margin (a compact footer's keys have one column
    between them)."""
    return (cell_len(key.render().plain) + key.styles.gutter.width
            + key.styles.margin.width)
