"""Textual's Header, minus a race: its title watcher looks up its title
widget, which is missing while the header is being built or torn down (a
screen switched to just as a command changes the app's title); Textual's
own watcher lets that error through, so the app would stop on a keystroke.

And minus a layout per keystroke: the sub-title holds the game clock, which
most keys move, and Textual's watcher updates the title with a layout of the
whole screen (about a third of a dungeon turn's repaint, docs/performance.md).
The title is one line (``nowrap``, the header's whole width) whatever it says,
so a new title only needs the line repainted.

And fitted to its width (gm-review, left open): Textual cuts a title too long
for its line at the end, which is where the in-game time is; a Danish campaign
"dyb-og-drager" before its first session lost it at 80 columns. The app gives
the title's parts (``TrackerApp.header_parts``) and the header leaves out the
least a GM needs first (``fitted``): the ruleset's name, then the end of the
campaign's name; the session, the time and "manual dice" stay."""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.widgets import Header as TextualHeader
from textual.widgets._header import HeaderTitle

from ..repaint import update_same_size


class Parts(NamedTuple):
    """What the header says of the campaign, as the app words it."""

    campaign: str
    ruleset: str
    session: str  # "Session 2", "after session 2", "no session yet"
    time: str  # the in-game date and time
    dice: str = ""  # "manual dice", or nothing


SEP, DASH = " · ", " — "  # between the parts; between the title and the sub-title
# the icon's width and the clock's space (Textual's HeaderIcon, HeaderClockSpace)
BESIDE_TITLE = 8 + 10


def fitted(parts: Parts, width: int) -> tuple[str, str]:
    """(title, sub-title) of ``parts`` in ``width`` cells: all of it when it
    fits; else without the ruleset's name; else the campaign's name cut short
    (an ellipsis); else the sub-title alone, then without the session, then
    the time alone (cut only when even that does not fit)."""
    sub = SEP.join(p for p in (parts.session, parts.time, parts.dice) if p)
    for title in (f"{parts.campaign}{SEP}{parts.ruleset}", parts.campaign):
        if cell_len(title) + len(DASH) + cell_len(sub) <= width:
            return title, sub
    room = width - len(DASH) - cell_len(sub)
    if room >= 6:  # a few letters of the name and the ellipsis
        return _cut(parts.campaign, room), sub
    for alone in (sub, SEP.join(p for p in (parts.time, parts.dice) if p)):
        if cell_len(alone) <= width:
            return alone, ""
    return parts.time, ""


def _cut(text: str, width: int) -> str:
    """``text`` in ``width`` cells, its end an ellipsis when cut."""
    if cell_len(text) <= width:
        return text
    while text and cell_len(text) > width - 1:
        text = text[:-1]
    return text.rstrip() + "…"


class Header(TextualHeader):
    def format_title(self):
        """The title and sub-title, fitted to the line (``fitted``) when the
        app gives their parts and the screen has no title of its own."""
        parts = getattr(self.app, "header_parts", None)
        width = self.size.width - BESIDE_TITLE
        if parts is None or self.screen.title is not None or \
                self.screen.sub_title is not None or width <= 0:
            return super().format_title()
        return self.app.format_title(*fitted(parts, width))

    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()  # in place of Textual's own title watcher, not beside it

        async def set_title() -> None:
            self._show_title()

        self.watch(self.app, "title", set_title)
        self.watch(self.app, "sub_title", set_title)
        self.watch(self.screen, "title", set_title)
        self.watch(self.screen, "sub_title", set_title)

    def _show_title(self) -> None:
        try:
            title = self.format_title()
            update_same_size(self.query_one(HeaderTitle), title, title.plain.count("\n"))
        except (NoMatches, NoScreen):  # not built yet, or gone: the next change sets it
            pass

    def on_resize(self) -> None:
        """Fitted again to the new width."""
        self._show_title()
