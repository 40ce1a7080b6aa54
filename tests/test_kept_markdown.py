"""The recap's Markdown (issue 22): a new text replaces only the blocks whose
source changed, and what is shown is always the new text's blocks, the same
as Textual's Markdown shows for that text from scratch."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Markdown
from textual.widgets._markdown import MarkdownBlock

from tracker.ui.widgets.kept_markdown import KeptMarkdown

BASE = ["# Camp: session 3", "", "*Dyb & Drager* · day 4", "",
        "- 12 turns", "- 2 encounters", "", "## Notes", "", "- one", "- two", "",
        "## Lights", "", "- torch 3", ""]


def _text(lines) -> str:
    return "\n".join(lines) + "\n"


def _shown(md: Markdown) -> list[tuple[str, str]]:
    def plain(block) -> str:
        return "|".join([str(block._content)] + [plain(b) for b in block.query(MarkdownBlock)])
    return [(type(b).__name__, plain(b)) for b in md.children if isinstance(b, MarkdownBlock)]


class _Two(App):
    def compose(self):
        yield KeptMarkdown("Building…", id="kept")
        yield Markdown("", id="plain")


async def test_only_changed_blocks_are_mounted_and_the_result_is_the_new_text():
    app = _Two()
    edits = [BASE,
             BASE[:10] + BASE[11:],  # a note undone: one list changes
             BASE[:4] + ["- 13 turns"] + BASE[5:],  # a count in the first list
             BASE[:7],  # sections gone
             BASE + ["## By session", "", "```", "S1 ██", "```", ""],  # one more at the end
             ["*nothing in session 3 stands: undone or rewound*"]]
    async with app.run_test() as pilot:
        kept, plain = app.query_one("#kept", KeptMarkdown), app.query_one("#plain", Markdown)
        for i, lines in enumerate(edits):
            mounted = kept.mounted_blocks
            await kept.update(_text(lines))
            await plain.update(_text(lines))
            await pilot.pause()
            assert _shown(kept) == _shown(plain), i
            if i == 1:  # the Notes list alone is mounted again
                assert kept.mounted_blocks - mounted == 1
            if i == 2:  # from the first list to the Notes list (the note came back too)
                assert kept.mounted_blocks - mounted == 3
