"""The recap as a view that draws only the lines in sight (issue 22).

A new text redraws only its new blocks (``markdown_lines``), and showing it
lays out nothing: the view's size is set by the stylesheet, only its
scrollbar follows the number of lines. It looks as the recap looked in
Textual's Markdown (the same theme colours for headings, bullets and the
chart) and scrolls by keys as well as by the mouse."""

from __future__ import annotations

from textual.binding import Binding
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ...i18n import N_
from .markdown_lines import Looks, MarkdownLines


class RecapView(ScrollView, can_focus=True, inherit_bindings=False):
    # the screen's own keys (left and right: the sessions) stay the screen's
    BINDINGS = [
        Binding("up", "scroll_up", N_("Up"), show=False, id="recap.up"),
        Binding("down", "scroll_down", N_("Down"), show=False, id="recap.down"),
        Binding("pageup", "page_up", N_("Page up"), show=False, id="recap.pageup"),
        Binding("pagedown", "page_down", N_("Page down"), show=False, id="recap.pagedown"),
        Binding("home", "scroll_home", N_("First"), show=False, id="recap.home"),
        Binding("end", "scroll_end", N_("Last"), show=False, id="recap.end"),
    ]

    COMPONENT_CLASSES = {"recap-view--h1", "recap-view--h2", "recap-view--h3",
                         "recap-view--bullet", "recap-view--code", "recap-view--fence",
                         "recap-view--quote", "recap-view--rule"}

    # the parts as Textual's Markdown styles them (widgets/_markdown.py)
    DEFAULT_CSS = """
    RecapView {
        overflow-x: hidden;
        overflow-y: auto;
        scrollbar-gutter: stable;
        color: $foreground;
    }
    RecapView > .recap-view--h1 {
        color: $markdown-h1-color;
        background: $markdown-h1-background;
        text-style: $markdown-h1-text-style;
    }
    RecapView > .recap-view--h2 {
        color: $markdown-h2-color;
        background: $markdown-h2-background;
        text-style: $markdown-h2-text-style;
    }
    RecapView > .recap-view--h3 {
        color: $markdown-h3-color;
        background: $markdown-h3-background;
        text-style: $markdown-h3-text-style;
    }
    RecapView > .recap-view--bullet {
        color: $text-primary;
    }
    RecapView > .recap-view--code {
        background: $warning 10%;
        color: $text-warning 95%;
    }
    RecapView > .recap-view--fence {
        color: rgb(210,210,210);
        background: black 10%;
    }
    RecapView > .recap-view--quote {
        color: $text-primary 50%;
    }
    RecapView > .recap-view--rule {
        color: $secondary;
    }
    """

    def __init__(self, markdown: str = "", **kwargs):
        super().__init__(**kwargs)
        self.text = MarkdownLines()
        self.text.update(markdown)
        self.source = markdown  # the text shown (as Markdown.source)
        self.lines: list[Strip] = []
        self._looks: Looks | None = None

    def update(self, markdown: str, top: bool = False) -> None:
        """Show ``markdown``: its new sections parsed, its new blocks drawn;
        from its first line if ``top`` (else where the view was)."""
        self.source = markdown
        self.text.update(markdown)
        self._lay_out()
        if top:
            self.scroll_home(animate=False, immediate=True)

    def on_mount(self) -> None:
        super().on_mount()
        self.text.console = self.app.console
        self.call_after_refresh(self._lay_out)

    def on_resize(self, _event) -> None:
        self._lay_out()

    def notify_style_update(self) -> None:
        """A new theme (or focus, say): the looks read again, the lines drawn
        again only if they changed."""
        super().notify_style_update()
        self._looks = None
        if self.is_mounted:
            self.call_after_refresh(self._lay_out)

    def looks(self) -> Looks:
        if self._looks is None:
            base = self.rich_style

            def part(name: str):
                return base + self.get_component_rich_style(f"recap-view--{name}")
            self._looks = Looks(text=base, h1=part("h1"), h2=part("h2"), h3=part("h3"),
                                bullet=part("bullet"), code=part("code"), fence=part("fence"),
                                quote=part("quote"), rule=part("rule"))
        return self._looks

    def _lay_out(self) -> None:
        width = self.scrollable_content_region.width
        if not self.is_mounted or width <= 0:
            return  # laid out once it has a size
        old, lines = self.lines, self.text.lines(width, self.looks())
        if lines == old:
            return
        self.lines = lines
        self._resize(Size(width, len(lines)))
        # only the lines in sight that changed are painted again (an undone note:
        # a line or two, not the whole view)
        top = self.scroll_offset.y
        changed = [y for y in range(top, top + self.size.height)
                   if (old[y] if y < len(old) else None) is not
                   (lines[y] if y < len(lines) else None)]
        if changed:
            self.refresh_lines(changed[0], changed[-1] - changed[0] + 1)

    def _resize(self, size: Size) -> None:
        """The new number of lines, without a layout of the screen (a change of
        ``virtual_size`` asks for one, and the view's own size is the
        stylesheet's): only the scrollbar follows, and the scroll stays within
        the text."""
        if size == self.virtual_size:
            return
        self.set_reactive(RecapView.virtual_size, size)
        self._scroll_update(size)

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        if index < len(self.lines):
            return self.lines[index]
        return Strip.blank(self.scrollable_content_region.width, self.looks().text)
