"""A Markdown document that, given a new text, replaces only the blocks whose
source changed (issue 22): Textual's ``Markdown.update`` removes every block
and mounts the new ones, and the recap, rebuilt after each change the GM
makes, differs from the last one in a line or two (a note, a count), so each
rebuild remounted and restyled some hundred blocks for it. The blocks kept
are those of the same source text at the start and at the end of the
document; everything between is mounted anew from the new text, so what is
shown is always the new text's blocks."""

from __future__ import annotations

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
                head = 0
                while head < min(len(was), len(new)) and was[head] == sources[head]:
                    head += 1
                tail = 0
                while tail < min(len(was), len(new)) - head and \
                        was[len(was) - 1 - tail] == sources[len(new) - 1 - tail]:
                    tail += 1
                gone = old[head:len(old) - tail] if was else old
                fresh = new[head:len(new) - tail]
                with self.app.batch_update():
                    if gone:
                        await self.remove_children(gone)
                    if fresh:
                        before = old[len(old) - tail] if tail else None
                        await self.mount_all(fresh, before=before)
                self.mounted_blocks += len(fresh)
                self._sources = sources
                self._markdown = markdown
                self._table_of_contents = None

        return AwaitComplete(replace_changed())
