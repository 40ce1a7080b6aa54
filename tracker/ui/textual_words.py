"""Textual's own words in the GM's language, where Textual lets us set them
(issue 23): the command palette's prompt and its "No matches found", the theme
search's prompt, the palette key's word in the footer ("palette") and the
words of Textual's own bindings that the keys dialog lists ("Focus Next").

The footer (widgets/footer.py) and the keys dialog translate every binding's
description they show; Textual's own are marked here so that the catalogs
hold them. Textual's system commands are marked in app.py (TEXTUAL_COMMANDS).
"""

from __future__ import annotations

from rich.align import Align
from rich.text import Text
from textual.command import CommandList, CommandPalette
from textual.widgets.option_list import Option

from ..i18n import N_, _

# Textual's own bindings (Screen.BINDINGS, App's palette key): their words as
# the footer and the keys dialog show them
BINDING_WORDS = (N_("Focus Next"), N_("Focus Previous"), N_("Copy selected text"),
                 N_("palette"), N_("Open the command palette"))


class Palette(CommandPalette):
    """Textual's command palette, its prompt and its "no matches" in the GM's
    language (the prompt is a parameter; "No matches found" is not, so the
    countdown that shows it is set again here, as Textual 8.2 sets it)."""

    def __init__(self, *args, placeholder: str | None = None, **kwargs):
        super().__init__(*args, placeholder=placeholder or _("Search for commands…"), **kwargs)

    def _start_no_matches_countdown(self, search_value: str) -> None:
        super()._start_no_matches_countdown(search_value)
        self._stop_no_matches_countdown()  # Textual's, in English: ours instead

        def show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(Option(
                    Align.center(Text(_("No matches found"), style="not bold")),
                    disabled=True, id=self._NO_MATCHES))
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)


def theme_palette() -> Palette:
    from textual.theme import ThemeProvider

    return Palette(providers=[ThemeProvider], placeholder=_("Search for themes…"))
