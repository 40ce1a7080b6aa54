"""A correction's preview in the app reads every line in full (issue: the
confirmation cut each change at the dialog's width, so "#N moves with it and
will read: …" lost its end). Long changes wrap under their own start; the
dialog's choices stay in view. At 80x24 and 120x40, in en, da and uk."""

from __future__ import annotations

import re

import pytest

from tracker import i18n
from tracker.ui.app import TrackerApp
from tracker.ui.dialogs import ChoiceDialog, TextDialog
from tracker.ui.widgets.log_view import LogView

from support.campaigns import tired_before_a_chase
from support.pilot import settle


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("lang", ["en", "da", "uk"])
async def test_a_long_change_reads_whole(saves, lang, size):
    c, tired = tired_before_a_chase(saves, "c")
    with i18n.using(lang, "dnd-2024"):
        changes = c.explain(c.amend_command(tired, fields={"level": "1"})).changes
    moves = [x for x in changes if x.startswith(f"#{tired + 2} ")]
    assert moves and max(map(len, changes)) > 56, changes  # wider than the dialog
    c.close()
    app = TrackerApp(saves, "c", lang=lang)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if isinstance(app.screen, ChoiceDialog):  # start the session
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        await app.workers.wait_for_complete()
        view = app.screen.query_one(LogView)
        view.cursor = [e.seq for e in view.entries].index(tired)
        await pilot.pause()
        await pilot.press("f")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        keys = [o.id for o in app.screen.query_one("OptionList").options]
        await pilot.press(*["down"] * keys.index("level"), "enter")
        await settle(pilot)
        assert isinstance(app.screen, TextDialog)
        await pilot.press(*["backspace"] * 3, "1", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        shown = str(app.screen.query_one("#dialog-help").render())
        assert "…" not in shown.split("\n", 3)[-1] or "more" in shown, shown
        for line in changes:
            assert _words(line) in _words(shown), (line, shown)
        # no row wider than the dialog's text, and its choices in view
        help_width = app.screen.query_one("#dialog-help").content_region.width
        assert all(len(row) <= help_width for row in shown.splitlines()), shown
        choices = app.screen.query_one("#choices").region
        assert choices.height > 0 and choices.bottom <= size[1], choices
        await pilot.press("escape")
        await settle(pilot)
