"""The recap's view (issue 22): Markdown drawn as lines, each new block drawn
once, and only the lines in sight painted. What it shows for a text is
always what a fresh view shows for that text (nothing kept from an older
one), cutting the text at headings reads it as the whole text reads, and on
the recap screen it follows undo, redo, rewinds and corrections, scrolls by
key, keeps the screen's keys and wraps again on a resize."""

from __future__ import annotations

import asyncio

import pytest

from tracker import i18n, recap
from tracker.core import dungeon as dun
from tracker.core.timeline.entries import Rewind
from tracker.demo import build
from tracker.service import LogReader
from tracker.ui.app import TrackerApp
from tracker.ui.screens.recap import RecapScreen
from tracker.ui.widgets import markdown_lines
from tracker.ui.widgets.markdown_lines import Looks, MarkdownLines
from tracker.ui.widgets.recap_view import RecapView

from support.campaigns import reviewed
from support.pilot import settle

BASE = ["# Camp: session 3", "", "*Dyb & Drager* · day 4", "",
        "- **Turns:** 12", "- 2 encounters", "", "## Notes", "", "- one", "- two", "",
        "## Lights", "", "- torch 3", ""]
LOOKS = Looks()


def _text(lines) -> str:
    return "\n".join(lines) + "\n"


def _drawn(markdown: str, width: int = 60, looks: Looks = LOOKS) -> list:
    """What a fresh view draws for ``markdown``: each line's segments."""
    fresh = MarkdownLines()
    fresh.update(markdown)
    return _segments(fresh.lines(width, looks))


def _segments(lines) -> list:
    return [list(line) for line in lines]


def test_each_text_shows_as_a_fresh_view_shows_it_and_only_new_blocks_are_drawn():
    kept = MarkdownLines()
    long = ["## Encounters", ""] + [f"- turn {n}: wolves" for n in range(300)] + [""]
    edits = [BASE,
             BASE[:10] + BASE[11:],  # a note undone: one list changes
             BASE[:4] + ["- **Turns:** 13"] + BASE[5:],  # a count in the first list
             BASE[:7],  # sections gone
             BASE + ["## By session", "", "```", "S1 ██", "# in a fence", "```", ""],
             BASE[:7] + long + BASE[7:],
             BASE[:4] + ["- **Turns:** 14"] + BASE[5:7] + long + BASE[7:10] + BASE[11:],
             ["*nothing in session 3 stands: undone or rewound*"]]
    for i, lines in enumerate(edits):
        drawn = kept.drawn
        kept.update(_text(lines))
        assert _segments(kept.lines(60, LOOKS)) == _drawn(_text(lines)), i
        if i == 1:  # the Notes list alone is drawn again
            assert kept.drawn - drawn == 1
        if i == 6:  # the first list and the notes: not the 300 encounters between them
            assert kept.drawn - drawn == 2


def test_a_new_width_or_new_looks_draw_every_block_again():
    kept = MarkdownLines()
    kept.update(_text(BASE))
    wide = _segments(kept.lines(60, LOOKS))
    assert _segments(kept.lines(20, LOOKS)) == _drawn(_text(BASE), 20)
    assert all(line.cell_length <= 20 for line in kept.lines(20, LOOKS))
    bold = Looks(bullet=LOOKS.bullet + LOOKS.h1)
    assert _segments(kept.lines(60, bold)) != wide


def test_the_sections_read_as_the_whole_text_reads(monkeypatch):
    """The recaps of every demo in three languages (an encounter's list, notes,
    the chart's fence), drawn section by section and as one text."""
    texts = []
    for rid in ("dyb-og-drager", "dolmenwood", "dnd-2024"):
        for lang in (i18n.ENGLISH, "da", "uk"):
            with i18n.using(lang, rid):
                for r in _recaps(rid):
                    texts.append(recap.markdown(r, escape=True))
    assert any("```" in t for t in texts) and any("## " in t for t in texts)
    by_sections = [_drawn(t) for t in texts]
    monkeypatch.setattr(markdown_lines, "sections", lambda text: [text])
    assert by_sections == [_drawn(t) for t in texts]


def _recaps(rid: str):
    """The last session's recap and every session's (a second session played,
    with an encounter: the chart's fence, the encounters' list)."""
    import tempfile
    from pathlib import Path

    c = build(Path(tempfile.mkdtemp(prefix="recap-view-")), "d", rid, "encounter")
    c.dispatch(c.end_session_command())
    c.dispatch(c.start_session_command())
    c.dispatch(dun.AdvanceTurn(2, "explore"))
    with LogReader(c.store.path) as log:
        envs = list(log.read())
        sessions = sorted({e.session for e in envs if e.session > 0})
        yield recap.build("d <x> [y]", envs, log.state_at, None)
        yield recap.build("d", envs, log.state_at, sessions)
    c.close()


def test_a_heading_inside_a_fence_does_not_cut_it(monkeypatch):
    text = _text(["# A", "", "```", "# not a heading", "~~~", "```", "", "## B", "", "- x",
                  "", "~~~~", "## in a fence", "~~~", "~~~~~", "## C"])
    assert markdown_lines.sections(text) == [
        "# A\n\n```\n# not a heading\n~~~\n```\n",
        "## B\n\n- x\n\n~~~~\n## in a fence\n~~~\n~~~~~", "## C\n"]
    by_sections = _drawn(text)
    monkeypatch.setattr(markdown_lines, "sections", lambda text: [text])
    assert by_sections == _drawn(text)


def _fresh(saves, name: str) -> str:
    with LogReader(saves / f"{name}.campaign") as log:
        envs = list(log.read())
        return recap.markdown(recap.build(name, envs, log.state_at, None), escape=True)


async def _shown_is_fresh(app, pilot, saves) -> None:
    await settle(pilot)
    screen = app.screen
    screen.rebuild()  # at once, not after the settle pause
    await settle(pilot)
    view = screen.query_one(RecapView)
    assert screen.shown_markdown == _fresh(saves, "review")
    width = view.scrollable_content_region.width
    assert _segments(view.lines) == _drawn(screen.shown_markdown, width, view.looks()) != []


async def test_the_view_follows_undo_redo_rewind_and_corrections(saves):
    reviewed(saves).close()
    app = TrackerApp(saves, "review")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        assert isinstance(app.screen, RecapScreen)
        await _shown_is_fresh(app, pilot, saves)
        for keys in (("ctrl+z",), ("ctrl+y",), ("ctrl+z", "ctrl+z"), ("ctrl+y", "ctrl+y")):
            await pilot.press(*keys)
            await _shown_is_fresh(app, pilot, saves)
        c = app.campaign
        note = next(s for s in range(c.seq, 0, -1) if c.entry(s).event.TYPE == "note_added")
        app.run_command(c.amend_command(note, fields={"text": "The spiders *fled*"}))
        await _shown_is_fresh(app, pilot, saves)
        assert "The spiders \\*fled\\*" in app.screen.shown_markdown
        app.run_command(dun.AdvanceTurn(1, "explore"))
        await _shown_is_fresh(app, pilot, saves)
        app.run_command(Rewind(c.seq - 3))
        await _shown_is_fresh(app, pilot, saves)


async def test_it_scrolls_by_key_keeps_the_screens_keys_and_wraps_on_resize(saves):
    reviewed(saves).close()
    app = TrackerApp(saves, "review")
    async with app.run_test(size=(80, 14)) as pilot:
        await settle(pilot)
        await pilot.press("3", "a")  # every session: longer than the screen
        await settle(pilot)
        screen = app.screen
        view = screen.query_one(RecapView)
        assert app.focused is view and len(view.lines) > view.scrollable_content_region.height
        await pilot.press("end")
        await pilot.pause()
        assert view.scroll_offset.y == view.max_scroll_y > 0
        await pilot.press("home", "down")
        await pilot.pause()
        assert view.scroll_offset.y == 1
        sessions = screen.sessions
        # the screen's: from "All" (the play outside sessions first), the
        # session after it, session 1, from its top
        await pilot.press("end", "right")
        await settle(pilot)
        assert screen.sessions != sessions and len(screen.sessions) == 1
        assert view.scroll_offset.y == 0
        await pilot.press("end", "ctrl+z")  # the same recap again: it stays where it was
        await settle(pilot)
        await asyncio.sleep(screen.SETTLE + 0.1)
        await settle(pilot)
        assert view.scroll_offset.y == view.max_scroll_y > 0
        await pilot.press("a")
        await settle(pilot)
        await pilot.resize_terminal(40, 14)
        await settle(pilot)
        await pilot.pause()
        width = view.scrollable_content_region.width
        assert width < 40
        assert _segments(view.lines) == _drawn(screen.shown_markdown, width, view.looks())
        assert all(line.cell_length <= width for line in view.lines)


@pytest.mark.parametrize("theme", ["textual-light", "nord"])
async def test_a_new_theme_draws_the_lines_in_its_colours(saves, theme):
    reviewed(saves).close()
    app = TrackerApp(saves, "review")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        view = app.screen.query_one(RecapView)
        before = view.looks()
        app.theme = theme
        await settle(pilot)
        await pilot.pause()
        assert view.looks() != before
        width = view.scrollable_content_region.width
        assert _segments(view.lines) == _drawn(app.screen.shown_markdown, width, view.looks())
