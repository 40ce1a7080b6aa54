"""Reading the log at the table (issue 20): an entry read whole on Enter, the
"as it stood" pane showing the entry's own area, and at 80 columns nothing cut:
footers keep whole keys (Quit and Keys always), check turns past 99 keep a
space before the die, the dungeon log's newest entry stays in view."""

from __future__ import annotations

from rich.text import Text

from tracker.core import travel as tr
from tracker.core.dice import Roll
from tracker.demo import build
from tracker.ui import areas
from tracker.ui.app import TrackerApp
from tracker.ui.dialogs import ReadDialog
from tracker.ui.widgets import dungeon_panels
from tracker.ui.widgets.log_view import LogView
from textual.widgets._footer import FooterKey

from support.pilot import SIZE, settle as _settle


async def test_enter_reads_a_long_entry_whole(saves):
    c = build(saves, "long", "dolmenwood", "mid")
    from tracker.core import campaign as camp
    note = "The door " + "creaks and groans " * 20 + "and opens at last."
    c.dispatch(camp.AddNote(note))
    c.close()
    app = TrackerApp(saves, "long")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.action_show_area("log")
        await _settle(pilot)
        await pilot.pause(0.3)
        assert app.screen.query_one(LogView).current.text.endswith("opens at last.")
        await pilot.press("enter")
        await _settle(pilot)
        assert isinstance(app.screen, ReadDialog)
        shown = app.screen.query_one("#read-text").render()
        assert "opens at last." in str(shown).replace("\n", " ")
        await pilot.press("escape")
        await _settle(pilot)
        assert not isinstance(app.screen, ReadDialog)


async def test_the_pane_shows_the_area_the_entry_belongs_to(saves):
    """A travel day's entry shows where the party was (the journey), not the
    dungeon's turn and lights."""
    from tracker.core import dungeon
    c = build(saves, "road", "dnd-2024", "fresh")
    c.dispatch(dungeon.LeaveDungeon())
    c.dispatch(tr.SetTerrain("grassland", "", "Oakvale", None))
    c.dispatch(tr.TravelDay())
    c.close()
    app = TrackerApp(saves, "road")
    async with app.run_test(size=(100, 30)) as pilot:
        await _settle(pilot)
        app.action_show_area("log")
        await _settle(pilot)
        await pilot.pause(0.5)
        pane = str(app.screen.query_one("#log-state").render())
        assert "of the journey" in pane and "Turn " not in pane.split("\n\n", 1)[-1], pane


def test_every_log_area_with_a_screen_has_its_pane():
    """Each area screen's log area is shown by its own panels (the registry),
    the rest (a note, a session) by the fallback."""
    from tracker.ui import as_it_stood
    areas.area_screens()
    for area in ("dungeon", "travel", "chase", "party", "bastion"):
        assert area in as_it_stood._SHOWN, f"no 'as it stood' pane registered for {area}"
    assert as_it_stood._FALLBACK


def test_check_turns_past_99_keep_a_space_before_the_die(saves):
    from msgspec.structs import replace
    from tracker.core.dungeon.model import Check
    c = build(saves, "deep", "dolmenwood", "mid")
    state = c.state
    c.close()
    checks = tuple(Check(turn=t, roll=Roll("1d6", (6,), 6), chance="1-in-6", encounter=False)
                   for t in (98, 144, 1441))
    text = dungeon_panels.checks_panel(replace(state, dungeon=replace(
        state.dungeon, checks=checks))).plain
    assert "T1441 1d6=6" in text and "T144  1d6=6" in text and "T98   1d6=6" in text, text


async def test_footers_keep_whole_keys_at_80_columns(saves):
    """On every area screen at 80x24: the keys shown fit the footer, and Quit
    and Keys are among them (no "^q Qui")."""
    build(saves, "narrow", "dnd-2024", "mid").close()
    app = TrackerApp(saves, "narrow")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        for a in areas.area_screens():
            app.action_show_area(a.name)
            await _settle(pilot)
            await pilot.pause(0.3)
            footer = app.screen.query_one("Footer")
            shown = [k for k in footer.query(FooterKey) if k.display]
            assert sum(k.outer_size.width for k in shown) <= footer.size.width, a.name
            assert {"quit", "keys"} <= {k.action for k in shown}, a.name


async def test_the_dungeon_log_keeps_its_newest_entry_when_its_pane_shrinks(saves):
    build(saves, "tail", "dolmenwood", "mid").close()
    app = TrackerApp(saves, "tail")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        newest = f"#{app.campaign.seq} "
        log = app.screen.query_one("#log")
        log.styles.height = 3  # as when the alerts line under it wraps to two rows
        await pilot.pause(0.3)
        shown = str(log.render()).rstrip().split("\n")
        assert shown and shown[-1].startswith(newest), shown
        assert len(shown) <= max(1, log.content_size.height)
