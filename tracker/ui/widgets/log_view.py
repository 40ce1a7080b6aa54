"""A virtual list of log entries: renders only the visible lines, so a log of
100k entries scrolls as smoothly as one of ten."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ...core import clock
from ...history import LogEntry
from ...i18n import N_, _

_PLAIN = Style()
_DIM = Style(dim=True)
_UNDONE = Style(strike=True, dim=True)
_ALERT = Style(color="red", bold=True)
_CORRECTED = Style(color="yellow")  # CORRECTED_STYLE
_CURSOR = Style(bgcolor="#1f4e79", bold=True)
CORRECTED_STYLE = "yellow"  # the mark's colour wherever a log line is shown


def corrected_mark(e: LogEntry) -> str:
    """The mark a corrected entry carries wherever its line is shown (the log
    screen, the dungeon's and the chase's log panes): the line is the entry as
    first written, the mark says a later entry corrects it (gm-review7 C2:
    the dungeon's pane read "carried by Ea" beside a Lights table saying Bo)."""
    return "✎" if e.corrected_by else ""


def append_pane_line(t: Text, e: LogEntry, style: str) -> None:
    """One entry's line in a screen's log pane, ``#seq text``, with the log
    screen's mark where a later entry corrects it."""
    if mark := corrected_mark(e):
        t.append(f"#{e.seq} ", style=style)
        t.append(mark, style=CORRECTED_STYLE)
        t.append(f"{e.text}\n", style=style)
    else:  # one span, as the screens' snapshots hold it
        t.append(f"#{e.seq} {e.text}\n", style=style)


class LogView(ScrollView, can_focus=True):
    """The entries (already filtered) with a cursor; Enter-free: moving selects."""

    BINDINGS = [
        Binding("up", "move(-1)", N_("Up"), show=False, id="log.up"),
        Binding("down", "move(1)", N_("Down"), show=False, id="log.down"),
        Binding("pageup", "page(-1)", N_("Page up"), show=False, id="log.pageup"),
        Binding("pagedown", "page(1)", N_("Page down"), show=False, id="log.pagedown"),
        Binding("home", "jump(0)", N_("First"), show=False, id="log.home"),
        Binding("end", "jump(-1)", N_("Last"), show=False, id="log.end"),
    ]

    cursor: reactive[int] = reactive(0)

    @dataclass
    class Highlighted(Message):
        """The entry under the cursor changed."""

        entry: LogEntry | None

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.entries: list[LogEntry] = []
        self._lines: dict[int, tuple] = {}  # id(entry) -> (its look, it, its strip)
        # the seqs of the latest lines drawn before their game time was known
        # (a sketch): the screen's worker settles those first. A tuple, replaced
        # whole: the worker reads it from its own thread.
        self.unsettled: tuple[int, ...] = ()

    def show(self, entries: list[LogEntry], keep_seq: int | None = None) -> None:
        """Show ``entries``; keep the cursor on ``keep_seq`` if it is still there."""
        self.entries = entries
        self._resize(Size(0, len(entries)))
        index = len(entries) - 1
        if keep_seq is not None:
            # the entries are in log order: the first at or after keep_seq, by halving
            at = bisect_left(entries, keep_seq, key=lambda e: e.seq)
            index = at if at < len(entries) else index
        index = max(0, index)
        if index != self.cursor:
            self.cursor = index
        else:  # the same row, maybe another entry: its watchers all the same (once, not twice)
            self.mutate_reactive(LogView.cursor)
        self.refresh()

    def _resize(self, size: Size) -> None:
        """The list's new length, without a layout of the screen: ScrollView's
        ``virtual_size`` asks for one on every change, and the list grows by an
        entry on every keystroke (a layout of the whole log screen, most of its
        keystroke's cost). Its own size is fixed by the stylesheet, so only the
        scrollbar follows; the scrollbar appearing or going asks for its own
        layout (``_refresh_scrollbars``)."""
        if size == self.virtual_size:
            return
        if not self.is_mounted or not self.size.height:  # not laid out yet: the usual way
            self.virtual_size = size
            return
        self.set_reactive(LogView.virtual_size, size)
        self._scroll_update(size)
        self.refresh()

    def watch_cursor(self, cursor: int) -> None:
        if self.is_mounted and self.size.height:  # laid out: in this frame, not the next
            self._follow_cursor()
        else:
            self.call_after_refresh(self._follow_cursor)
        self.refresh()
        self.post_message(self.Highlighted(self.current))

    def on_resize(self, _event) -> None:
        """A new height (the narrow layout's list above its pane, a smaller
        terminal): the cursor stays in view, or End on the last entry, where it
        already is, would not bring it back."""
        self.call_after_refresh(self._follow_cursor)

    def _follow_cursor(self) -> None:
        """Scroll so the cursor is visible (after the virtual size took effect)."""
        height = max(1, self.scrollable_content_region.height)
        y = self.scroll_offset.y
        if self.cursor < y:
            self.scroll_to(y=self.cursor, animate=False, immediate=True)
        elif self.cursor >= y + height:
            self.scroll_to(y=self.cursor - height + 1, animate=False, immediate=True)

    @property
    def current(self) -> LogEntry | None:
        return self.entries[self.cursor] if 0 <= self.cursor < len(self.entries) else None

    def action_move(self, delta: int) -> None:
        if self.entries:
            self.cursor = min(len(self.entries) - 1, max(0, self.cursor + delta))

    def action_page(self, direction: int) -> None:
        self.action_move(direction * max(1, self.scrollable_content_region.height - 1))

    def action_jump(self, where: int) -> None:
        if self.entries:
            self.cursor = where % len(self.entries)
            self._follow_cursor()  # on it already: scrolled to it all the same

    def on_click(self, event) -> None:
        index = self.scroll_offset.y + event.y
        if 0 <= index < len(self.entries):
            self.cursor = index

    def render_line(self, y: int) -> Strip:
        """One visible line. Each is built once per look (its entry, its marks,
        the cursor on it or not, the width) and kept: a keystroke's repaint
        draws every visible line again, and building a line's strips (four
        each, with their caches) cost the log screen's keystroke most of its
        repaint."""
        index = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        if index >= len(self.entries):
            return Strip.blank(width)
        e = self.entries[index]
        if e.clock is None and e.seq not in self.unsettled:
            self.unsettled = (*self.unsettled[-63:], e.seq)
        digits = max(5, len(str(self.entries[-1].seq)))  # entry 100,000 keeps the column
        key = (e.text, e.stands, e.corrected_by, e.clock, e.session, index == self.cursor,
               width, self.scroll_offset.x, digits)
        lines = self._lines
        found = lines.get(id(e))
        if found is not None and found[0] == key and found[1] is e:
            return found[2]
        strip = self._render(e, index == self.cursor, width, digits)
        if len(lines) > 4 * max(1, self.size.height):  # only what was in view lately
            lines.clear()
        lines[id(e)] = (key, e, strip)
        return strip

    def _render(self, e: LogEntry, at_cursor: bool, width: int, digits: int = 5) -> Strip:
        # an encounter stands out in any language: the word as the lines say it
        alert = _("ENCOUNTER")
        text = e.text
        style = _UNDONE if not e.stands else (
            _ALERT if "ENCOUNTER" in text or alert in text else _PLAIN)
        mark = corrected_mark(e) or " "
        head = f"{e.seq:>{digits}} {self._when(e)} "
        dim, corrected = _DIM, _CORRECTED
        pad = None
        if at_cursor:  # the cursor's style under every part's own, and on the padding
            dim, corrected, style, pad = _CURSOR + dim, _CURSOR + corrected, _CURSOR + style, \
                _CURSOR
        line = Strip([Segment(head, dim), Segment(mark, corrected), Segment(text, style)])
        if line.cell_length > width > 1:  # a cut line says so: "…", the whole one below
            line = Strip([*line.crop(0, width - 1), Segment("…", style)])
        x = self.scroll_offset.x
        return line.crop_extend(x, x + width, pad)

    @staticmethod
    def _when(e: LogEntry) -> str:
        """The entry's session, day and time in a few columns: "s1   d2 08:00"."""
        # TRANSLATORS: the log list's short session and day ("s1 d2"): one letter each
        session = _("s{session}").format(session=e.session)
        if e.clock is None:  # a sketched entry: its game time follows (history.sketch)
            return f"{session:<3}{'·':>4} {'':5}"
        day = _("d{day}").format(day=clock.day(e.rules, e.clock))
        return f"{session:<3}{day:>4} {clock.time_of_day(e.rules, e.clock)}"
