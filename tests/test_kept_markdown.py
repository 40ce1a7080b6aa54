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
            if i == 2:  # the first list and the Notes list (the note came back too)
                assert kept.mounted_blocks - mounted == 2


async def test_a_long_block_between_two_changes_is_kept():
    """The recap's longest block (a session's encounters) sits between the
    figures and the notes, which both change on an undone note: it stays."""
    app = _Two()
    long = ["## Encounters", ""] + [f"- turn {n}: wolves" for n in range(300)] + [""]
    one = BASE[:7] + long + BASE[7:]
    two = BASE[:4] + ["- 13 turns"] + BASE[5:7] + long + BASE[7:10] + BASE[11:]
    async with app.run_test() as pilot:
        kept, plain = app.query_one("#kept", KeptMarkdown), app.query_one("#plain", Markdown)
        await kept.update(_text(one))
        await pilot.pause()
        encounters = [b for b in kept.children if isinstance(b, MarkdownBlock)][4]
        mounted = kept.mounted_blocks
        await kept.update(_text(two))
        await plain.update(_text(two))
        await pilot.pause()
        assert _shown(kept) == _shown(plain)
        assert kept.mounted_blocks - mounted == 2  # the first list and the notes
        assert [b for b in kept.children if isinstance(b, MarkdownBlock)][4] is encounters
