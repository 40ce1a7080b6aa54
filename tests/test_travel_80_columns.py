"""At 80 columns the travel screen's panes are 36 characters wide: nothing in the
Where pane is cut, however long the journey (issue 20: "144 miles so f…")."""

from __future__ import annotations

import pytest

from tracker.core import travel as tr
from tracker.core.party import AddCharacter
from tracker.core.supplies import SetSupplies
from tracker.ui.widgets.travel_panels import where_panel

PANE = 36  # inside the border, at 80 columns


@pytest.mark.parametrize("rid,terrain,days", [("dyb-og-drager", "clear", 9),
                                               ("dolmenwood", "farmland", 9)])
def test_where_pane_lines_fit_at_80_columns(make, rid, terrain, days):
    c = make(rid)
    c.dispatch(AddCharacter("Ana"))
    c.dispatch(SetSupplies(next(iter(c.state.rules.rations.kinds)), 50))
    c.dispatch(tr.SetTerrain(terrain, "", "Crossroads of the Long Road"))
    for _ in range(days):  # one at a time: several stop at each encounter
        c.dispatch(tr.TravelDay(push_on=True))
    assert c.state.travel.distance >= (100 if rid == "dyb-og-drager" else 50)
    lines = where_panel(c.state).plain.splitlines()
    assert any(line.startswith("So far:") for line in lines)
    assert all(len(line) <= PANE for line in lines), [x for x in lines if len(x) > PANE]
