"""The warnings of the fixed-width panels are never cut (gm-review F18): the
dungeon's turn panel (34 columns, at 80 and at 100 alike) and the travel
screen's "where" and "needs" panels (40 and what 80 columns leave) show
each rest and check warning whole in English, Danish and Ukrainian. (The
alerts line under every screen wraps: tests/test_i18n_fit.py.)"""

import pytest
from rich.cells import cell_len

from tracker import i18n
from tracker.core import dice
from tracker.core.dungeon import AdvanceTurn, EnterDungeon
from tracker.core.party import AddCharacter
from tracker.i18n import _, ngettext
from tracker.ui.widgets.dungeon_panels import turn_panel
from tracker.ui.widgets.travel_panels import days

LANGS = ("en", "da", "uk")
TURN_PANEL = 30  # 34 columns less the border and padding
TRAVEL_PANEL = 36  # "where" is 40 wide; "needs" has 80 - 40 at 80 columns


def _turn_warnings() -> list[str]:
    return [_("Check: NEXT TURN ({chance})").format(chance=dice.chance_text("2-in-6")),
            ngettext("Check: in {n} turn ({chance})", "Check: in {n} turns ({chance})",
                     12).format(n=12, chance=dice.chance_text("1-in-6")),
            _("Checks: on demand ({chance})").format(chance=dice.chance_text("1-in-6")),
            ngettext("REST OVERDUE ({n} turn)", "REST OVERDUE ({n} turns)", 99).format(n=99),
            _("Rest: next turn must be a rest"), _("Rest: no rule"),
            _("Rest: {n} since; due in {left}").format(n=10, left=10),
            _("Rest interrupted: not taken"),
            _("Rest penalty {n} until rested").format(n=-4),
            _("No delve under way"), _("Not in a dungeon (g to enter)"), _("Last delve (over):")]


def _travel_warnings() -> list[str]:
    return [_("REST DAY OWED ({n})").format(n=2),
            _("REST OVERDUE: {penalty} ({days})").format(penalty=-2, days=days(99)),
            _("Rest day due ({days})").format(days=days(6)),
            _("Rest: {days} since; due in {n}").format(days=days(5), n=1),
            _("Rest days: GM decides"), _("Rest days: no rule"),
            _("Route done (p plans the next)"), _("GALE: t chooses what the ship does"),
            _("Terrain: not set (g sets it)")]


@pytest.mark.parametrize("lang", LANGS)
def test_every_rest_and_check_warning_fits_its_panel(lang):
    with i18n.using(lang):
        long = [(w, cell_len(w)) for w in _turn_warnings() if cell_len(w) > TURN_PANEL]
        long += [(w, cell_len(w)) for w in _travel_warnings() if cell_len(w) > TRAVEL_PANEL]
    assert not long, long


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rid", ["dyb-og-drager", "dolmenwood"])
def test_the_turn_panel_shows_the_rest_due_and_overdue_whole(make, rid, lang):
    c = make(rid)
    c.dispatch(AddCharacter("Bo", hp=4))
    c.dispatch(EnterDungeon("X"))
    every = c.state.rules.dungeon.rest.every_turns
    for _turn in range(every + 1):  # due, then pushed on into the penalty
        c.dispatch(AdvanceTurn(1, "explore"))
        with i18n.using(lang):
            lines = turn_panel(c.state).plain.splitlines()
        cut = [line for line in lines if cell_len(line) > TURN_PANEL]
        assert not cut, (c.state.dungeon.turns_since_rest, cut)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rid", ["dyb-og-drager", "dolmenwood"])
def test_the_evasions_exhaustion_warning_fits_80_columns(make, rid, lang):
    """The chase summary's "Exhausted, N rest turns to go" and its effects,
    each on its row (Ukrainian ran to 92 columns on one)."""
    from tracker.core import chase

    rules = make(rid).state.rules
    with i18n.using(lang):
        rows = [ngettext("Exhausted, {n} rest turn to go:", "Exhausted, {n} rest turns to go:",
                         30).format(n=30), "  " + chase.winded_effects(rules)]
    assert all(cell_len(r) <= 76 for r in rows), rows
