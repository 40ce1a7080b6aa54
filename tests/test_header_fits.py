"""The header keeps the in-game time (gm-review, left open): a Danish campaign
"dyb-og-drager" before its first session read "… ingen spilgang endnu · Dag
1, …" at 80 columns, the time cut by Textual's ellipsis. The header now leaves
out the ruleset's name, then the end of the campaign's name, first
(tracker/ui/widgets/header.py: ``fitted``), on every screen, in every
language, at any width, and again when the terminal is resized."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from tracker import i18n
from tracker.core import clock
from tracker.core.campaign import StartSession
from tracker.core.campaign.rules import SetManualDice
from tracker.service import Campaign
from tracker.ui.areas import area_screens
from tracker.ui.widgets.header import BESIDE_TITLE, Parts, fitted

from support.i18n import svg_text
from support.pilot import settle

PARTS = Parts("dyb-og-drager", "Dyb & Drager", "ingen spilgang endnu", "Dag 1, 08:00")


def test_all_of_it_when_it_fits():
    assert fitted(PARTS, 100) == ("dyb-og-drager · Dyb & Drager", "ingen spilgang endnu · Dag 1, 08:00")


def test_the_ruleset_goes_first_then_the_end_of_the_name():
    assert fitted(PARTS, 62) == ("dyb-og-drager", "ingen spilgang endnu · Dag 1, 08:00")
    title, sub = fitted(PARTS, 45)
    assert title == "dyb-og…" and sub == "ingen spilgang endnu · Dag 1, 08:00"
    assert cell_len(title) + 3 + cell_len(sub) <= 45


def test_then_the_session_and_time_alone_and_at_last_the_time():
    dice = PARTS._replace(dice="manuelle terninger")
    assert fitted(dice, 62) == ("ingen spilgang endnu · Dag 1, 08:00 · manuelle terninger", "")
    assert fitted(dice, 40) == ("Dag 1, 08:00 · manuelle terninger", "")
    assert fitted(dice, 20) == ("Dag 1, 08:00", "")


@pytest.mark.parametrize("width", range(0, 120))
def test_it_never_runs_past_the_line_while_the_time_fits(width):
    for parts in (PARTS, PARTS._replace(dice="manuelle terninger", campaign="x" * 70)):
        title, sub = fitted(parts, width)
        shown = f"{title} — {sub}" if sub else title
        if width >= cell_len(parts.time):
            assert cell_len(shown) <= width and parts.time in shown, (width, shown)


def header_line(app) -> str:
    return svg_text(app.export_screenshot()).splitlines()[0]


@pytest.mark.parametrize("lang", ["da", "uk"])
async def test_every_screen_shows_the_time_at_80_100_and_120_columns(saves, lang):
    from tracker.ui.app import TrackerApp

    c = Campaign.create(saves, "dyb-og-drager", "dyb-og-drager", 3)
    c.dispatch(SetManualDice(True))  # the longest header: "manuelle terninger" too
    with i18n.using(lang):
        stamp = clock.stamp(c.state.rules, c.state.clock)
        dice = i18n._("manual dice")
    c.close()
    app = TrackerApp(saves, "dyb-og-drager", lang=lang)
    async with app.run_test(size=(120, 24)) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # "Start session 1?": not now
        await settle(pilot)
        for width in (80, 100, 120):
            await pilot.resize_terminal(width, 24)
            for area in area_screens():
                await pilot.press(area.key)
                await settle(pilot)
                line = header_line(app)
                assert stamp in line and dice in line, (width, area.name, line)
                assert "…" not in line, (width, area.name, line)
                if width == 120:  # room for all of it
                    assert "Dyb & Drager" in line, (width, area.name, line)


async def test_the_name_is_cut_not_the_time(saves):
    from tracker.ui.app import TrackerApp

    name = "Krypten under Kragehøj i Nordmarken"
    c = Campaign.create(saves, name, "dolmenwood", 3)
    c.dispatch(StartSession())
    c.close()
    app = TrackerApp(saves, name, lang="da")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        line = header_line(app)
        assert "Krypten under Kragehøj i Nordmark… — Spilgang 1 · Dag 1, 08:00" in line, line
