"""Textual's Header, minus a race: its title watcher looks up its title
widget, which is missing while the header is being built or torn down (a
screen switched to just as a command changes the app's title); Textual's
own watcher lets that error through, so the app would stop on a keystroke."""

from __future__ import annotations

from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.widgets import Header as TextualHeader
from textual.widgets._header import HeaderTitle


class Header(TextualHeader):
    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()  # in place of Textual's own title watcher, not beside it

        async def set_title() -> None:
            try:
                self.query_one(HeaderTitle).update(self.format_title())
            except (NoMatches, NoScreen):  # not built yet, or gone: the next change sets it
                pass

        self.watch(self.app, "title", set_title)
        self.watch(self.app, "sub_title", set_title)
        self.watch(self.screen, "title", set_title)
        self.watch(self.screen, "sub_title", set_title)
