"""Repainting a screen when the campaign's state changes: only while it is in view.

Every area screen shows ``app.state``. The campaign's base screen (dungeon)
stays in the stack under the others, and repainting it on every change the GM
makes elsewhere cost each keystroke there its whole repaint as well (3-8 ms,
docs/performance.md). A screen covered by another (not by a dialog, which
leaves it in view) now only notes that it is out of date, and repaints once,
with the state as it then stands, when it is shown again. Nothing is kept but
that note: what it shows is always read from ``app.state``.
"""

from __future__ import annotations

from typing import Callable

from textual.screen import ModalScreen, Screen


def follow_state(screen: Screen, show: Callable[[object], None],
                 when_shown: Callable[[object], None] | None = None) -> None:
    """``screen.watch(app, "state", show, init=True)``, skipped while covered.
    ``when_shown``, if given, paints instead of ``show`` the first time and when
    shown again after changes (the recap builds at once then, but waits for
    the GM to pause before it rebuilds for a change made while in view)."""
    painted = False

    def first(state) -> None:
        nonlocal painted
        painted = True
        (when_shown or show)(state)

    def changed(state) -> None:
        if covered(screen):
            screen._repaint_when_shown = first
            return
        screen._repaint_when_shown = None
        (show if painted else first)(state)

    screen.watch(screen.app, "state", changed, init=True)


def covered(screen: Screen) -> bool:
    """Whether a screen that is not a dialog lies above ``screen`` (so it is out of view)."""
    stack = screen.app.screen_stack
    if screen not in stack:
        return False  # not yet, or no longer, in the stack: paint as always
    above = stack[stack.index(screen) + 1:]
    return any(not isinstance(s, ModalScreen) for s in above)


def shown_again(screen: Screen) -> None:
    """On resume: repaint a screen whose state changed while it was covered."""
    show = getattr(screen, "_repaint_when_shown", None)
    if show is not None:
        screen._repaint_when_shown = None
        show(screen.app.state)


def fill_rows(table, rows: list[tuple[str, tuple]]) -> bool:
    """Put ``rows`` (each ``(key, cells)``) in a DataTable in place of its rows,
    unless they are the very rows it shows: clearing and re-adding renders every
    cell again (the party table cost a keystroke about 20 ms for an undo of a
    note), and moves the cursor, which repaints what follows it. True if the
    rows were replaced."""
    if getattr(table, "_rows_shown", None) == rows and table.row_count == len(rows):
        return False
    table.clear()
    for key, cells in rows:
        table.add_row(*cells, key=key)
    table._rows_shown = rows
    return True


def fill_table(table, columns: list[tuple[str, int | None]],
               rows: list[tuple[str | None, tuple]], height: int | None = 1) -> bool:
    """``fill_rows`` for a table whose columns change too (their heads, or the
    widths its cells are wrapped to): cleared with its columns and filled
    again only when the columns or the rows differ from what it shows (the
    chase's runners and the bastion's facilities were rebuilt on every
    change). ``columns``: ``(head, width)``, width None for the cells' own.
    True if the table was filled again."""
    shown = (columns, rows, height)
    if getattr(table, "_table_shown", None) == shown and table.row_count == len(rows) \
            and len(table.columns) == len(columns):
        return False
    table.clear(columns=True)
    for head, width in columns:
        table.add_column(head, width=width)
    for key, cells in rows:
        table.add_row(*cells, key=key, height=height)
    table._table_shown = shown
    return True


def update(widget, content) -> None:
    """``widget.update(content)`` unless it already shows that content (a Static's
    update lays the screen out again)."""
    try:
        if widget.content == content:
            return
    except Exception:  # noqa: BLE001 - a renderable that cannot be compared: update
        pass
    widget.update(content)


def update_same_size(widget, content, size) -> None:
    """``widget.update(content)``, laying the screen out again only when the
    content's ``size`` (its number of lines in a pane that does not wrap, its
    length in a line that sizes itself to its text) differs from what it shows:
    a layout re-renders the whole screen, and the log screen's two panes asked
    for one on every keystroke."""
    if getattr(widget, "_shown_size", None) == size:
        try:
            if widget.content == content:
                return
        except Exception:  # noqa: BLE001 - cannot be compared: update
            pass
        widget.update(content, layout=False)
    else:
        widget.update(content)
    widget._shown_size = size


def paint(widget, content) -> None:
    """Show ``content`` in a pane whose stylesheet fixes its size (a height
    and width of its own, not ``auto``): nothing when it shows that already,
    else a repaint of the pane alone. ``update`` lays the whole screen out
    again, and an area screen asked for that of every pane on every change
    (the dungeon's five, for an undo that changed none of them)."""
    try:
        if widget.content == content:
            return
    except Exception:  # noqa: BLE001 - cannot be compared: paint it
        pass
    widget.update(content, layout=False)
