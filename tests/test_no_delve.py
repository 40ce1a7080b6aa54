"""Outside a dungeon no delve runs (gm-review F14): the dungeon screen's turn
panel, its checks panel and the log's "as it stood" pane say so, and tell
the last delve as over, never its turn, check or rest counts as running.
Undoing the leaving brings the running delve back."""

import pytest

from tracker import i18n
from tracker.core.dungeon import AdvanceTurn, EnterDungeon, LeaveDungeon
from tracker.core.party import AddCharacter
from tracker.ui.widgets.dungeon_panels import checks_panel, dungeon_as_it_stood, turn_panel

RULESETS = ["dyb-og-drager", "dolmenwood", "dnd-2024"]
RUNNING = ("Turn ", "Check", "Rest:", "REST OVERDUE", "Rest penalty", "must be a rest")


def _delved(make, rid):
    c = make(rid)
    c.dispatch(AddCharacter("Bo", hp=4))
    c.dispatch(EnterDungeon("Crypt"))
    for _ in range(3):
        c.dispatch(AdvanceTurn(1, "explore"))
    c.dispatch(LeaveDungeon())
    return c


@pytest.mark.parametrize("rid", RULESETS)
def test_never_in_a_dungeon_no_delve_is_under_way(make, rid):
    c = make(rid)
    text = turn_panel(c.state).plain
    assert text.startswith("No delve under way\nNot in a dungeon (g to enter)")
    assert "Last delve" not in text
    assert not any(word in text for word in RUNNING), text
    assert checks_panel(c.state).plain == "No delve under way."


@pytest.mark.parametrize("rid", RULESETS)
def test_after_leaving_the_last_delve_is_told_as_over(make, rid):
    c = _delved(make, rid)
    text = turn_panel(c.state).plain
    assert "No delve under way" in text
    assert "Last delve (over):\nCrypt, level 1, 3 turns" in text
    assert not any(word in text for word in RUNNING), text
    assert "Party: Bo" in text
    stood = dungeon_as_it_stood(c.state).plain  # the log's pane, at the leaving
    assert "No delve under way" in stood and "Turn 3" not in stood
    if c.state.dungeon.checks:
        assert checks_panel(c.state).plain.startswith("The last delve's checks (over):\n")


@pytest.mark.parametrize("rid", RULESETS)
def test_undoing_the_leaving_shows_the_delve_running_again(make, rid):
    c = _delved(make, rid)
    c.undo()
    text = turn_panel(c.state).plain
    assert text.startswith("Turn 3 · ") and "Crypt, level 1" in text
    assert "No delve under way" not in text and "Last delve" not in text
    c.redo()
    assert "Last delve (over):" in turn_panel(c.state).plain


@pytest.mark.parametrize("lang", ["da", "uk"])
def test_the_no_delve_panel_is_translated_and_fits(make, lang):
    c = _delved(make, "dyb-og-drager")
    with i18n.using(lang):
        lines = turn_panel(c.state).plain.splitlines()
        for line in lines:
            assert len(line) <= 30, line  # the panel's 34 columns, less border and padding
        assert lines[0] == i18n._("No delve under way") != "No delve under way"
