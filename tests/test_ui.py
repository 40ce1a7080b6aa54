"""The app: Pilot tests of key flows and snapshots of every screen.

Snapshots use fixed campaigns (tracker.demo, dice typed in) at 80x24, the
smallest terminal the GM may use.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from support.campaigns import played_at

from tracker.core import campaign as camp
from tracker.core import party
from tracker.demo import STAGES, build
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from tracker.ui.dialogs import ChoiceDialog, DiceDialog

from support.campaigns import reviewed as _reviewed
from support.pilot import SIZE, log_ready as _log_ready, settle as _settle

RULESETS = ["dyb-og-drager", "dolmenwood", "dnd-2024"]
FIXED_TIME = 1_790_000_000  # 2026-09-21: the picker's "last played" column


def _freeze_mtimes(saves: Path) -> None:
    played_at(saves, FIXED_TIME)  # the picker's "last played": the log's last entry


def test_picker_snapshot(snap_compare, fixed_saves):
    for r in RULESETS:
        build(fixed_saves, f"{r} demo", r, "mid").close()
    _freeze_mtimes(fixed_saves)
    assert snap_compare(TrackerApp(fixed_saves), terminal_size=SIZE)


def test_empty_picker_snapshot(snap_compare, fixed_saves):
    assert snap_compare(TrackerApp(fixed_saves), terminal_size=SIZE)


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_dungeon_snapshot(snap_compare, fixed_saves, ruleset, stage):
    build(fixed_saves, "delve", ruleset, stage).close()
    assert snap_compare(TrackerApp(fixed_saves, "delve"), terminal_size=SIZE,
                        run_before=_settle)


def test_dice_dialog_snapshot(snap_compare, fixed_saves):
    c = build(fixed_saves, "manual", "dolmenwood", "fresh")
    c.dispatch(camp.SetManualDice(True))
    c.close()

    async def press(pilot):
        await pilot.press("t", "t")
        await pilot.pause()

    assert snap_compare(TrackerApp(fixed_saves, "manual"), terminal_size=SIZE, run_before=press)


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_twelve_turn_delve_with_keys(saves, ruleset):
    """A GM runs a delve with one key per action; everything lands in the log."""
    build(saves, "delve", ruleset, "fresh").close()
    app = TrackerApp(saves, "delve")
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(5):
            await pilot.press("t")
            await _settle(pilot)
        await pilot.press("l")
        await pilot.pause()
        from textual.widgets import OptionList

        offered = [o.id for o in app.screen.query_one(OptionList).options]  # in stock only
        await pilot.press("down", "enter", "enter")  # the second kind of light offered
        await _settle(pilot)
        await pilot.press("r")
        await _settle(pilot)
        await pilot.press("a", "down", "enter")  # one turn of the second activity: search
        await _settle(pilot)
        await pilot.press("c", "enter")  # the extra check asks first
        await _settle(pilot)
        while app.state.dungeon.turn < 12:
            await pilot.press("t")
            await _settle(pilot)
            if isinstance(app.screen, ChoiceDialog):  # a rest is due: this GM pushes on
                await pilot.press("down", "enter")
                await _settle(pilot)
        turn_before_undo = app.state.dungeon.turn
        await pilot.press("ctrl+z")
        await _settle(pilot)
        assert app.state.dungeon.turn == turn_before_undo - 1
        await pilot.press("ctrl+y")
        await _settle(pilot)
        state = app.state
    assert state.dungeon.turn >= 12 or any(c.encounter for c in state.dungeon.checks)
    assert [l.kind for l in state.lights][1:] == [offered[1]]
    assert any(not c.scheduled for c in state.dungeon.checks)
    reopened = Campaign.open(saves, "delve")
    assert reopened.state == state  # durable: the log holds exactly what the screen showed
    reopened.close()


async def test_manual_dice_modal_refuses_impossible_values(saves):
    c = build(saves, "m", "dyb-og-drager", "fresh")
    c.dispatch(camp.SetManualDice(True))
    c.close()
    app = TrackerApp(saves, "m")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await _settle(pilot)
        await pilot.press("t")  # turn 2 checks: the GM must type the die
        await pilot.pause()
        assert isinstance(app.screen, DiceDialog)
        await pilot.press("7", "enter")
        await pilot.pause()
        assert isinstance(app.screen, DiceDialog)  # 7 is not on a d6
        await pilot.press("backspace", "4", "enter")
        await _settle(pilot)
        check = app.state.dungeon.checks[-1]
        assert (check.roll.total, check.roll.typed, check.encounter) == (4, True, False)


async def test_refused_action_shows_reason_and_changes_nothing(saves):
    Campaign.create(saves, "x", "dolmenwood", 1).close()
    app = TrackerApp(saves, "x")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")  # "Start session 1?" -> not now
        await _settle(pilot)
        assert not app.state.in_session
        before = app.state
        await pilot.press("t")  # not in a dungeon
        await _settle(pilot)
        assert app.state == before
        assert any("not in a dungeon" in n.message for n in app._notifications)


async def test_quitting_offers_to_end_the_session(saves):
    """Only a session begun in this run (issue 20: a newcomer quitting the demo
    was asked to end "session 2" of a campaign they never started)."""
    c = build(saves, "q", "dyb-og-drager", "fresh")
    c.dispatch(camp.EndSession())
    c.close()
    app = TrackerApp(saves, "q")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # "Start session 2?" -> start
        await _settle(pilot)
        assert app.state.in_session and app.state.session == 2
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("enter")  # end the session and quit
        await _settle(pilot)
    c = Campaign.open(saves, "q")
    assert not c.state.in_session and c.state.session == 2
    c.close()


async def test_quitting_offers_to_end_a_session_found_running(saves):
    """GM review 5 C7: a session started from the CLI (or in an earlier run) was
    left running without a word on `q`; README says quitting offers to end it."""
    build(saves, "q", "dyb-og-drager", "fresh").close()
    app = TrackerApp(saves, "q")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("ctrl+q")
        await _settle(pilot)
        from tracker.ui.dialogs import ChoiceDialog
        assert app.is_running and isinstance(app.screen, ChoiceDialog)
        assert "end session 1" in app.screen.title_text
        await pilot.press("enter")  # end the session and quit
        await _settle(pilot)
    c = Campaign.open(saves, "q")
    assert not c.state.in_session and c.state.session == 1
    c.close()
    app = TrackerApp(saves, "q")  # "keep" quits and leaves it running
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("enter")  # "Start session 2?" -> start
        await _settle(pilot)
    app = TrackerApp(saves, "q")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("ctrl+q")
        await _settle(pilot)
        await pilot.press("down", "enter")
        await _settle(pilot)
    c = Campaign.open(saves, "q")
    assert c.state.in_session and c.state.session == 2  # it goes on next time
    c.close()


async def test_palette_screenshot_saves_in_the_saves_folder(saves):
    build(saves, "shot", "dyb-og-drager", "fresh").close()
    app = TrackerApp(saves, "shot")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.deliver_screenshot()  # what the palette's Screenshot calls
        await pilot.pause()
        shots = list((saves / "screenshots").glob("shot-*.svg"))
        assert len(shots) == 1 and shots[0].read_text().startswith("<svg")
        said = [n.message for n in app._notifications]
        assert any(str(shots[0]) in m for m in said), said
        assert not any("Failed" in m for m in said)


async def test_picker_creates_and_opens_a_campaign(saves):
    app = TrackerApp(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("down", "enter")  # the second shipped ruleset
        await pilot.pause()
        for ch in "Barrow":
            await pilot.press(ch)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")  # the language: the ruleset's
        await pilot.pause()
        await pilot.pause()
        await pilot.press("enter")  # "Start session 1?" -> start
        await _settle(pilot)
        assert app.campaign is not None and app.state.name == "Barrow"
        assert app.state.in_session and app.state.session == 1
    assert (saves / "Barrow.campaign").exists()


# -- the log and the recap ------------------------------------------------------------


def test_log_screen_snapshot(snap_compare, fixed_saves):
    _reviewed(fixed_saves).close()

    async def run_before(pilot):
        await _log_ready(pilot)
        for _ in range(5):
            await pilot.press("up")
        await pilot.pause(0.2)  # the state pane follows the cursor after 50 ms

    assert snap_compare(TrackerApp(fixed_saves, "review"), terminal_size=SIZE,
                        run_before=run_before)


def test_recap_screen_snapshot(snap_compare, fixed_saves):
    _reviewed(fixed_saves).close()

    async def run_before(pilot):
        await pilot.press("3")
        await _settle(pilot)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(TrackerApp(fixed_saves, "review"), terminal_size=(80, 30),
                        run_before=run_before)


async def test_log_screen_amend_rewind_and_filters(saves):
    _reviewed(saves).close()
    app = TrackerApp(saves, "review")
    async with app.run_test(size=SIZE) as pilot:
        await _log_ready(pilot)
        screen = app.screen
        from tracker.ui.widgets.log_view import LogView

        view = screen.query_one(LogView)
        assert any(e.undone for e in view.entries) and any(e.corrected_by for e in view.entries)
        await pilot.press("a")  # area filter: the first area
        await pilot.pause()
        assert view.entries and all(e.area == view.entries[0].area for e in view.entries)
        await pilot.press("x", "slash")
        for ch in "spiders":
            await pilot.press(ch)
        await pilot.press("enter")
        await pilot.pause()
        assert [e.type for e in view.entries] == ["note_added"]
        await pilot.press("x")
        await pilot.pause()
        # rewind to just after the party entered, with the diff shown first
        target = next(e.seq for e in view.entries if e.type == "dungeon_entered")
        view.cursor = [e.seq for e in view.entries].index(target)
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("enter")  # "Record it"
        await _settle(pilot)
        assert app.state.dungeon.turn == 0 and app.state.dungeon.active
        await pilot.press("ctrl+z")
        await _settle(pilot)
        assert app.state.dungeon.turn > 0


# -- the party --------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_party_screen_snapshot(snap_compare, fixed_saves, ruleset):
    from tracker.core import party

    c = build(fixed_saves, "party", ruleset, "mid")
    first = c.state.party[0].name
    c.dispatch(party.Damage(first, 3))
    c.dispatch(party.AwardXP(900))
    c.close()

    async def run_before(pilot):
        await pilot.press("4")
        await _settle(pilot)
        await pilot.press("down")
        await pilot.pause()

    assert snap_compare(TrackerApp(fixed_saves, "party"), terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_fight_damage_and_xp_with_keys(saves, ruleset):
    """A party of four from the app's own form, a fight's damage, an XP award."""
    Campaign.create(saves, "f", ruleset, 5).close()
    app = TrackerApp(saves, "f")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # start session 1
        await _settle(pilot)
        await pilot.press("4")
        await _settle(pilot)
        for name in ("Ana", "Bo", "Cy", "Di"):
            await pilot.press("a")
            await pilot.pause()
            for ch in name:
                await pilot.press(ch)
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("enter")  # roll the abilities
            await pilot.pause()
            await pilot.press("enter")  # the first class those scores allow
            await _settle(pilot)
        assert [c.name for c in app.state.party] == ["Ana", "Bo", "Cy", "Di"]
        assert all(c.cls and c.hp_max > 0 and len(c.abilities) == 6 for c in app.state.party)
        assert not any(r.typed for e in app.recent if e.type == "character_added"
                       for r in e.event.ability_rolls)
        hp = app.state.party[0].hp
        await pilot.press("home", "d", "1", "enter")
        await _settle(pilot)
        assert app.state.party[0].hp == hp - 1
        await pilot.press("x", "4", "0", "0", "enter")
        await _settle(pilot)
        from tracker.core.party import sheet

        living = [c for c in app.state.party if sheet.status(app.state.rules, c) != "dead"]
        share = 400 // len(living)  # the blow may have killed someone with 1 HP
        assert all(share * 80 // 100 <= c.xp <= share * 110 // 100 for c in living)


async def test_another_writer_between_keypresses_loses_none_of_them(saves, monkeypatch):
    """A CLI writes between the GM's keypresses: each key is decided again on
    the campaign as it now stands, so every one of them lands."""
    from tracker.core import dungeon as dun
    from tracker.ui import app as app_module

    monkeypatch.setattr(app_module, "CATCH_UP_SECONDS", 3600)  # only the refusal catches up
    build(saves, "two", "dyb-og-drager", "fresh").close()
    app = TrackerApp(saves, "two")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        for n in range(1, 4):
            other = Campaign.open(saves, "two")  # a second process (the CLI) writes first
            other.dispatch(dun.AdvanceTurn(1, "search"))
            other.close()
            await pilot.press("t")
            await _settle(pilot)
            assert app.state.dungeon.turn == 2 * n  # the other's turn and ours
        assert not [n for n in app._notifications if n.title in ("Changed elsewhere", "Refused")]
        state = app.state
    reopened = Campaign.open(saves, "two")
    assert reopened.state == state and reopened.state.dungeon.turn == 6
    reopened.close()


async def test_undo_after_another_writer_is_not_retried(saves, monkeypatch):
    """Undo means "the last entry I saw": after another writer the last entry is
    someone else's, so it is not undone on the GM's behalf."""
    from tracker.core import dungeon as dun
    from tracker.ui import app as app_module

    monkeypatch.setattr(app_module, "CATCH_UP_SECONDS", 3600)
    build(saves, "two", "dyb-og-drager", "fresh").close()
    app = TrackerApp(saves, "two")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await _settle(pilot)
        other = Campaign.open(saves, "two")
        other.dispatch(dun.AdvanceTurn(1, "search"))
        other.close()
        await pilot.press("ctrl+z")
        await _settle(pilot)
        assert app.state.dungeon.turn == 2  # reloaded, nothing undone
        assert any("Another tracker" in n.message for n in app._notifications)


async def test_manual_dice_character_creation(saves):
    """Manual dice: the GM types each ability's dice, then the hit-point die."""
    c = Campaign.create(saves, "md", "dyb-og-drager", 2)
    c.dispatch(camp.StartSession())
    c.dispatch(camp.SetManualDice(True))
    c.close()
    app = TrackerApp(saves, "md")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        await _settle(pilot)
        await pilot.press("a", *"Sif", "enter")
        await pilot.pause()
        await pilot.press("enter")  # roll the abilities
        for _ in range(6):
            await pilot.pause()
            assert isinstance(app.screen, DiceDialog)
            await pilot.press("3", "space", "4", "space", "5", "enter")
        await pilot.pause()
        await pilot.press("down", "enter")  # Kriger
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, DiceDialog)  # the hit-point die
        await pilot.press("6", "enter")
        await _settle(pilot)
        sif = party.find(app.state, "Sif")
        assert sif.cls == "kriger" and set(sif.abilities.values()) == {12}
        assert sif.hp_max == 6
        added = next(e for e in app.recent if e.type == "character_added")
        assert all(r.typed for r in added.event.ability_rolls + added.event.hp_rolls)


async def test_a_dialog_opens_clear_of_toasts_and_alert_toasts_are_short(saves):
    """Playtest #19: an alert is on the alerts line, so its toast is brief; and
    a dialog opening clears the toasts that would cover its help."""
    from tracker.core.alerts import Alert
    from tracker.ui.dialogs import TextDialog

    build(saves, "toasts", "dyb-og-drager", "fresh").close()
    app = TrackerApp(saves, "toasts")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _settle(pilot)
        app.show_alerts([Alert("error", "Astrid's torch has gone out")])
        app.notify("no such thing", title="Refused", severity="error")
        for _ in range(3):  # the toasts mount a few callbacks later
            await pilot.pause()
        toast = next(n for n in app._notifications if "torch" in n.message)
        assert toast.timeout <= 4
        await pilot.press("n")  # the dungeon's "N turns" dialog
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        await pilot.pause()
        assert not list(app._notifications)
        # nor do the toasts of the screen below show through the dialog's backdrop
        from textual.widgets._toast import Toast

        assert not [t for s in app.screen_stack for t in s.query(Toast) if t.display]


async def test_supplies_dialog_says_a_number_is_too_large_and_keeps_it(saves):
    """Playtest #16: eleven digits are neither cut to ten nor answered with the
    number's shape: the dialog says what the CLI says, and keeps what was typed."""
    from textual.widgets import Input, Label

    from tracker.ui.dialogs import TextDialog

    build(saves, "sup", "dyb-og-drager", "fresh").close()
    app = TrackerApp(saves, "sup")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("s", "enter")  # the first kind of supply
        await pilot.pause()
        await pilot.press(*"12345678901", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        assert app.screen.query_one(Input).value == "12345678901"
        error = str(app.screen.query_one("#dialog-error", Label).render())
        assert "12,345,678,901 is more than anyone can carry" in error
        await pilot.press("escape", "e")  # an effect's name: text stops at its limit, saying so
        await pilot.pause()
        app.screen.query_one(Input).insert_text_at_cursor("x" * 205)
        await pilot.pause()
        assert len(app.screen.query_one(Input).value) == 200
        assert "at most 200 characters" in str(app.screen.query_one("#dialog-error", Label).render())


async def test_the_demo_says_what_it_is_and_asks_nothing_on_quit(saves):
    """Issue 20, first run: the demo opened in Danish without saying it was a
    Dyb & Drager demo, and quitting asked to end a session the newcomer never began."""
    from tracker.demo import main as build_demo
    build_demo([str(saves)])
    app = TrackerApp(saves, "demo")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        said = [n.message for n in app._notifications if n.title == "The demo"]
        assert said and "Dyb & Drager" in said[0] and "demo" in said[0]
        await pilot.press("ctrl+q")
        await _settle(pilot)
    c = Campaign.open(saves, "demo")
    assert c.state.in_session  # nothing was asked, nothing ended
    c.close()


@pytest.mark.parametrize("ruleset", ["dolmenwood", "dyb-og-drager", "dnd-2024"])
async def test_at_60_columns_the_lights_table_keeps_the_turns_left(saves, ruleset):
    """GM review 5 C5: at 60 columns the Lights row read "5  Candle  Bram  ████",
    the count cut; the bar goes first, the count stays."""
    import re
    from tracker.ui.widgets.dungeon_panels import light_row
    build(saves, "n", ruleset, "mid").close()
    app = TrackerApp(saves, "n")
    async with app.run_test(size=(60, 30)) as pilot:
        await _settle(pilot)
        lit = [l for l in app.state.lights if l.lit]
        assert lit
        screen = re.sub(r"<[^>]*>", "", app.export_screenshot()).replace("&#160;", " ")
        for light in lit:
            count = str(light_row(app.state, light)[3]).split(" ")[0]
            assert re.fullmatch(r"\d+/\d+", count)
            assert count in screen, (count, screen)
