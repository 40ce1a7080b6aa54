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

from support.campaigns import tired_before_a_chase
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


def test_state_now_at_is_the_corrected_logs_state(saves):
    """``Campaign.state_now_at`` is the state the corrected log leads to at
    each entry (``fold.as_now``, as the log's lines read it), in any order
    asked; ``state_at`` stays the state as first written."""
    from tracker.core.timeline.fold import as_now

    c, tired = tired_before_a_chase(saves, "t")
    c.dispatch(c.amend_command(tired, fields={"level": "1"}))
    now = as_now(c.timeline, c.state, c.seq)
    for seq in [c.seq, 1, tired + 2, tired, *range(1, c.seq + 1)]:
        got = c.state_now_at(seq)
        assert (got.party, got.chase) == (now(seq).party, now(seq).chase), seq
    assert c.state_now_at(tired + 2).party[0].exhaustion == 1
    assert c.state_at(tired + 2).party[0].exhaustion == 2
    c.close()
