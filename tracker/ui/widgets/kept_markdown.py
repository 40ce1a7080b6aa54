"""A Markdown document that, given a new text, replaces only the blocks whose
source changed (issue 22): Textual's ``Markdown.update`` removes every block
and mounts the new ones, and the recap, rebuilt after each change the GM
makes, differs from the last one in a line or two (a note, a count), so each
rebuild remounted and restyled some hundred blocks for it. The blocks kept
are those whose source text is the same, in the same order (a diff of the
blocks' sources, a few dozen); the others are mounted anew from the new text
in their place, so what is shown is always the new text's blocks."""

from __future__ import annotations

from difflib import SequenceMatcher

from markdown_it import MarkdownIt
from textual.await_complete import AwaitComplete
from textual.widgets import Markdown
from textual.widgets._markdown import MarkdownBlock


class KeptMarkdown(Markdown):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._sources: list[str] | None = None  # each shown block's source, when this set them
        self.mounted_blocks = 0  # blocks mounted by updates so far (tests count them)

    def update(self, markdown: str) -> AwaitComplete:
        parser = MarkdownIt("gfm-like") if self._parser_factory is None else \
            self._parser_factory()

        async def replace_changed() -> None:
            async with self.lock:
                lines = markdown.splitlines()
                groups = _top_level(parser.parse(markdown))
                sources = ["\n".join(lines[g[0].map[0]:g[0].map[1]]) if g[0].map else None
                           for g in groups]
                old = [c for c in self.children if isinstance(c, MarkdownBlock)]
                was = self._sources
                if was is None or len(was) != len(old) or None in sources:
                    was = []  # not laid out by this method, or a block without a source: all anew
                # the blocks of the same source, in order, stay; the others go, and
                # the new text's blocks between them are made and mounted in their place
                # (only those: making a block's widgets is most of its cost)
                opcodes = SequenceMatcher(None, was, sources, autojunk=False).get_opcodes() \
                    if was else [("replace", 0, len(old), 0, len(groups))]
                fresh = 0
                with self.app.batch_update():
                    for op, i1, i2, j1, j2 in opcodes:
                        if op == "equal":
                            continue
                        if i1 < i2:
                            await self.remove_children(old[i1:i2])
                        made = list(self._parse_markdown(t for g in groups[j1:j2] for t in g))
                        if made:
                            before = old[i2] if i2 < len(old) else None
                            await self.mount_all(made, before=before)
                            fresh += len(made)
                        if len(made) != j2 - j1:
                            sources = None  # a group made no block or several: all anew next time
                self.mounted_blocks += fresh
                self._sources = sources
                self._markdown = markdown
                self._table_of_contents = None

        return AwaitComplete(replace_changed())


def _top_level(tokens) -> list[list]:
    """The tokens of each top-level block, in order (an open token of level 0
    to its close, or a lone one such as a fence)."""
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
