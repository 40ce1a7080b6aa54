"""Textual's Header, minus a race: its title watcher looks up its title
widget, which is missing while the header is being built or torn down (a
screen switched to just as a command changes the app's title); Textual's
own watcher lets that error through, so the app would stop on a keystroke.

And minus a layout per keystroke: the sub-title holds the game clock, which
most keys move, and Textual's watcher updates the title with a layout of the
whole screen (about a third of a dungeon turn's repaint, docs/performance.md).
The title is one line (``nowrap``, the header's whole width) whatever it says,
so a new title only needs the line repainted."""

from __future__ import annotations

from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.widgets import Header as TextualHeader
from textual.widgets._header import HeaderTitle

from ..repaint import update_same_size


class Header(TextualHeader):
    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()  # in place of Textual's own title watcher, not beside it

        async def set_title() -> None:
            try:
                title = self.format_title()
                update_same_size(self.query_one(HeaderTitle), title, title.plain.count("\n"))
            except (NoMatches, NoScreen):  # not built yet, or gone: the next change sets it
                pass

        self.watch(self.app, "title", set_title)
        self.watch(self.app, "sub_title", set_title)
        self.watch(self.screen, "title", set_title)
        self.watch(self.screen, "sub_title", set_title)
