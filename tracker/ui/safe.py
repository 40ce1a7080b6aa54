"""GM-typed text on screen: never markup, never an action.

A character named ``[/b]Bo`` or ``[@click=app.quit]x[/]`` is shown as those
characters. Widgets that parse markup (Static, Label, border titles, toasts,
option lists, DataTable string cells) get ``Content``/``Text`` objects built
here, or ``markup=False``; the recap's Markdown gets its special characters
escaped.
"""

from __future__ import annotations

from rich.text import Text
from textual.content import Content


def plain(text: str, style: str = "") -> Content:
    """``text`` exactly as typed, optionally in one style (e.g. "bold")."""
    c = Content(str(text))
    return c.stylize(style) if style else c


def cell(text: str, style: str = "") -> Text:
    """A DataTable cell: a Rich ``Text`` (a ``str`` cell would be parsed as markup)."""
    return Text(str(text), style=style)


def md(text: str) -> str:
    """``text`` with Markdown's special characters escaped: shown, not obeyed."""
    from ..recap import _md_escape

    return _md_escape(str(text))
