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
                new = list(self._parse_markdown(parser.parse(markdown)))
                sources = ["\n".join(lines[b.source_range[0]:b.source_range[1]]) for b in new]
                old = [c for c in self.children if isinstance(c, MarkdownBlock)]
                was = self._sources
                if was is None or len(was) != len(old) or \
                        any(b.source_range == (0, 0) for b in new[1:]):
                    was = []  # not laid out by this method, or a block without a source: all anew
                fresh = 0
                with self.app.batch_update():
                    if not was:
                        await self.remove_children(old)
                        await self.mount_all(new)
                        fresh = len(new)
                    # the blocks of the same source, in order, stay; the others go,
                    # and the new text's blocks between them are mounted in their place
                    opcodes = SequenceMatcher(None, was, sources, autojunk=False).get_opcodes()
                    for op, i1, i2, j1, j2 in opcodes if was else ():
                        if op == "equal":
                            continue
                        if i1 < i2:
                            await self.remove_children(old[i1:i2])
                        if j1 < j2:
                            before = old[i2] if i2 < len(old) else None
                            await self.mount_all(new[j1:j2], before=before)
                            fresh += j2 - j1
                self.mounted_blocks += fresh
                self._sources = sources
                self._markdown = markdown
                self._table_of_contents = None

        return AwaitComplete(replace_changed())
