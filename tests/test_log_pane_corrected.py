"""The log screen's "After #N" pane shows the campaign as the log now stands:
an entry corrected later reads there as corrected, like its log line (before,
it showed the state as the entry was first written: Ana's 99 typed HP
after a correction to 7), and Enter's whole reading says the same."""

from __future__ import annotations

import pytest

from tracker.core.party import AddCharacter
from tracker.demo import build
from tracker.ui.app import TrackerApp
from tracker.ui.dialogs import ReadDialog
from tracker.ui.widgets.log_view import LogView

from support.pilot import SIZE, settle


@pytest.fixture
def corrected(saves):
    c = build(saves, "c", "dolmenwood", "fresh")
    c.dispatch(AddCharacter("Ana", "fighter", 1, (14, 10, 9, 12, 13, 8), hp=99))
    ana = c.seq
    c.dispatch(AddCharacter("Bo", "thief", 1, (10, 14, 9, 12, 13, 8), hp=4))
    c.dispatch(c.amend_command(ana, fields={"hp": "7"}))
    assert c.state.party[-2].hp == 7
    c.close()
    return saves, ana


def _pane(app) -> str:
    return str(app.screen.query_one("#log-state").render())


@pytest.mark.parametrize("up", [1, 2])  # the next entry (Bo joins), the entry itself
async def test_the_pane_shows_the_corrected_state(corrected, up):
    saves, ana = corrected  # Ana joins at #ana, Bo joins, the correction
    app = TrackerApp(saves, "c")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_show_area("log")
        await settle(pilot)
        for _ in range(up):
            await pilot.press("up")
            await settle(pilot)
        await pilot.pause(0.5)
        assert app.screen.query_one(LogView).current.seq == ana + 2 - up
        pane = _pane(app)
        ana_row = next(line for line in pane.splitlines() if line.startswith("Ana Fighter"))
        assert "7/7" in ana_row and "99" not in ana_row, pane
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ReadDialog)
        read = str(app.screen.query_one("#read-text").render())
        assert "99/99" not in read and "7/7" in read, read
