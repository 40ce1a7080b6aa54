"""Markdown drawn as lines of styled text, each block drawn once (issue 22).

The recap is rebuilt after every change the GM makes and differs from the
last one in a line or two, while a recap of a long session runs to hundreds
of lines. Textual's ``Markdown`` makes a widget per block, list item and
bullet, and laying out and painting some 2,000 of them took seconds; here the
text is cut into sections (at each heading), a section is parsed only when
its text is new, and a block is drawn (wrapped to the width) only when it is
new or the width or the looks changed. The lines are then strips a Line API
view shows a screenful at a time (``recap_view.RecapView``).

Cutting at headings reads every section as the whole text reads: a heading
at the start of a line outside a fence always begins a block of its own, and
the recap escapes what could reach across one (HTML, link references;
``recap._md_escape``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

# a line that starts a heading (group 1) or a fence (2: its mark, 3: the rest of the
# line), found after its line break (a literal the regex engine skips to, where "^"
# would be tried at every character)
_MARKS = re.compile(r"\n(?:(#{1,6})(?:[ \t]|$)| {0,3}(`{3,}|~{3,})(.*)$)", re.M)

# Textual's Markdown, as the recap looked in it: the bullets by depth, the blank
# lines above and below each kind of block (margins: two blocks are as far
# apart as the larger of the two asks), a fence's padding
BULLETS = ["• ", "▪ ", "‣ ", "⭑ ", "◦ "]
MARGINS = {"h1": (2, 1), "h2": (2, 1), "h3": (1, 1), "h4": (1, 1), "h5": (1, 1), "h6": (1, 1),
           "fence": (1, 1), "code_block": (1, 1), "blockquote": (1, 1), "hr": (1, 1)}
PARAGRAPH = (0, 1)  # paragraphs, lists, tables, anything else
FENCE_PAD = 2
_INLINE = {"strong": Style(bold=True), "em": Style(italic=True), "s": Style(strike=True),
           "a": Style(underline=True)}


@dataclass(frozen=True)
class Looks:
    """The styles of each part (the view reads them from its stylesheet)."""

    text: Style = Style()
    h1: Style = Style(bold=True)
    h2: Style = Style(underline=True)
    h3: Style = Style(bold=True)
    bullet: Style = Style()
    code: Style = Style(reverse=True)
    fence: Style = Style()
    quote: Style = Style(dim=True)
    rule: Style = Style(dim=True)


class _Block:
    """One top-level block: its tokens, its margins and its lines at the last width drawn."""

    __slots__ = ("source", "tokens", "margins", "drawn")

    def __init__(self, source: str | None, tokens: list[Token]):
        self.source, self.tokens = source, tokens
        first = tokens[0]
        kind = first.tag if first.type == "heading_open" else first.type.removesuffix("_open")
        self.margins = MARGINS.get(kind, PARAGRAPH)
        self.drawn: tuple[int, Looks, list[Strip]] | None = None


class MarkdownLines:
    """A Markdown text as lines, kept across texts: ``update`` takes the new
    text (parsing only the sections not seen in the last one), ``lines(width,
    looks)`` gives every line (drawing only the blocks not drawn at that width
    and in those looks)."""

    def __init__(self, console: Console | None = None):
        self.console = console or Console(width=80, color_system="truecolor", legacy_windows=False)
        self.parser = MarkdownIt("gfm-like")  # as Textual's Markdown reads it
        self.sections: dict[str, list[_Block]] = {}
        self.order: list[str] = []  # the text's sections, in order
        self.drawn = 0  # blocks drawn so far (tests count them)
        self.parsed = 0  # sections parsed so far
        self._blank: tuple = (0, None, None)

    def update(self, markdown: str) -> None:
        order = sections(markdown)
        kept, fresh, known = self.sections, {}, None
        for text in order:
            if text in fresh:
                continue
            blocks = kept.get(text)
            if blocks is None:  # a new section: its blocks of a source seen before kept
                if known is None:
                    known = {b.source: b for bs in kept.values() for b in bs if b.source}
                blocks = [known.get(source) or _Block(source, tokens)
                          for source, tokens in self._parse(text)]
            fresh[text] = blocks
        self.sections, self.order = fresh, order

    def _parse(self, text: str) -> list[tuple[str | None, list[Token]]]:
        """Each block of a section: its source (None if unknown) and tokens."""
        self.parsed += 1
        lines = text.split("\n")
        return [("\n".join(lines[g[0].map[0]:g[0].map[1]]) if g[0].map else None, g)
                for g in _groups(self.parser.parse(text))]

    def lines(self, width: int, looks: Looks = Looks()) -> list[Strip]:
        """Every line of the text, ``width`` cells wide at most; a line drawn
        before is the same object (the view repaints only the others)."""
        width = max(width, 1)
        out: list[Strip] = []
        below = None  # the last block's bottom margin
        if self._blank[:2] != (width, looks):  # one blank strip: a line unchanged is the same
            self._blank = (width, looks, Strip.blank(width, looks.text))
        blank = self._blank[2]
        for text in self.order:
            for block in self.sections[text]:
                top, bottom = block.margins
                gap = min(top, 1) if below is None else max(below, top)
                out.extend([blank] * gap)
                drawn = block.drawn
                if drawn is None or drawn[0] != width or drawn[1] != looks:
                    drawn = block.drawn = (width, looks, _Drawer(self.console, looks).block(
                        block.tokens, width))
                    self.drawn += 1
                out.extend(drawn[2])
                below = bottom
        return out


def sections(markdown: str) -> list[str]:
    """The text cut before each heading that starts a line outside a fence
    (only the lines that start with ``#`` or a fence are looked at: a recap
    of a long session is thousands of list items)."""
    out, start, fence = [], 0, None
    for m in _MARKS.finditer("\n" + markdown):  # the first line has a break before it too
        mark = m.group(2)
        if mark is None:  # a heading (at m.start() in the text: the break added is not in it)
            if fence is None and m.start() > start:
                out.append(markdown[start:m.start() - 1])  # without the line break before it
                start = m.start()
        elif fence is None:
            fence = mark
        elif mark[0] == fence[0] and len(mark) >= len(fence) and not m.group(3).strip():
            fence = None  # a closing fence: the opening's character, as long or longer
    out.append(markdown[start:])
    return out


def _groups(tokens: list[Token]) -> list[list[Token]]:
    """Sibling blocks' tokens: from an opening token to its close, or a lone one."""
    out, group, depth = [], [], 0
    for token in tokens:
        group.append(token)
        depth += token.nesting
        if depth == 0:
            out.append(group)
            group = []
    if group:
        out.append(group)
    return out


class _Drawer:
    def __init__(self, console: Console, looks: Looks):
        self.console, self.looks = console, looks

    def block(self, tokens: list[Token], width: int, depth: int = 0) -> list[Strip]:
        first, looks = tokens[0], self.looks
        kind = first.type
        if kind == "heading_open":
            style = {"h1": looks.h1, "h2": looks.h2}.get(first.tag, looks.h3)
            return self.wrap(self.inline(tokens[1:2], style), width, center=first.tag == "h1")
        if kind in ("bullet_list_open", "ordered_list_open"):
            return self.listed(tokens, width, depth)
        if kind in ("fence", "code_block"):
            return self.fence(first.content, width)
        if kind == "hr":
            return [Strip(self._segments(Text("─" * width, style=looks.text + looks.rule)),
                          width)]
        if kind == "blockquote_open":
            inner = self.blocks(tokens[1:-1], width - 2, depth)
            bar = Text("▌ ", style=looks.text + looks.quote)
            return [Strip.join([Strip(self._segments(bar), 2), line]) for line in inner]
        # a paragraph, or any other block: its text, wrapped
        return self.wrap(self.inline(tokens, looks.text), width)

    def blocks(self, tokens: list[Token], width: int, depth: int) -> list[Strip]:
        """Sibling blocks inside another (a list item, a quote), one after another."""
        out = []
        for group in _groups(tokens):
            out += self.block(group, width, depth)
        return out

    def listed(self, tokens: list[Token], width: int, depth: int) -> list[Strip]:
        ordered = tokens[0].type == "ordered_list_open"
        items = _groups(tokens[1:-1])
        start = int(tokens[0].attrs.get("start", 1)) if ordered else 1
        if ordered:
            marks = [f"{start + i}. " for i in range(len(items))]
            wide = max(map(len, marks))
            marks = [m.rjust(wide) for m in marks]
        else:
            marks = [BULLETS[min(depth, len(BULLETS) - 1)]] * len(items)
        out = []
        for mark, item in zip(marks, items):
            inner = self.blocks(item[1:-1], max(1, width - len(mark) - 1), depth + 1) or \
                [Strip.blank(1, self.looks.text)]
            bullet = Strip(self._segments(Text(mark, style=self.looks.text + self.looks.bullet)),
                           len(mark))
            pad = Strip.blank(len(mark), self.looks.text)
            out += [Strip.join([bullet if i == 0 else pad, line]) for i, line in enumerate(inner)]
        return out

    def fence(self, code: str, width: int) -> list[Strip]:
        style = self.looks.text + self.looks.fence
        rows = [""] + code.rstrip("\n").split("\n") + [""]
        out = []
        for row in rows:
            text = Text(" " * FENCE_PAD + row.expandtabs(4), style=style, no_wrap=True)
            text.truncate(width, overflow="crop", pad=True)
            out.append(Strip(self._segments(text), width))
        return out

    def inline(self, tokens: list[Token], style: Style) -> Text:
        """A block's inline text in ``style``, with its emphasis, code and links."""
        looks, text = self.looks, Text(style=style, end="")
        stack = [Style()]
        for token in tokens:
            if token.type != "inline":
                continue
            if text.plain:  # a table's next cell, say: apart from the last
                text.append("  ", stack[-1])
            for child in token.children or ():
                kind = child.type
                if kind == "softbreak":
                    text.append(" ", stack[-1])
                elif kind == "hardbreak":
                    text.append("\n", stack[-1])
                elif kind == "code_inline":
                    text.append(child.content, stack[-1] + looks.code)
                elif child.nesting == 1:
                    stack.append(stack[-1] + _INLINE.get(child.tag, Style()))
                elif child.nesting == -1:
                    if len(stack) > 1:
                        stack.pop()
                elif kind == "image":
                    text.append(child.content or "".join(c.content for c in child.children or ()),
                                stack[-1])
                else:  # text, and anything else that holds some
                    text.append(child.content, stack[-1])
        return text

    def wrap(self, text: Text, width: int, center: bool = False) -> list[Strip]:
        out = []
        for line in text.wrap(self.console, width, justify="left", overflow="fold"):
            segments = self._segments(line)
            if center:  # a segment of its own on the left (the SVG export drops leading spaces)
                line.rstrip()
                pad = (width - line.cell_len) // 2
                segments = [Segment(" " * pad, self.looks.text)] + self._segments(line) \
                    if pad > 0 else self._segments(line)
            out.append(Strip(segments))
        return out or [Strip.blank(0)]

    def _segments(self, text: Text) -> list[Segment]:
        """``text`` as segments, each in its own style over the text's (which
        ``Text.render`` leaves off a text without spans)."""
        base = text.style if isinstance(text.style, Style) else Style()
        return [Segment(t, base + s if s else base) for t, s, _ in text.render(self.console)]
