"""GM review 7's clumsy findings in the app: a corrected entry marked in every
pane that shows log lines (C2), dialogs that read the campaign as another
process left it (C3), keys that record with no question (C4), the log's
search handing the keys back to the list (C11), the log footer at 70 columns
and multi-step commands that say why they stopped (C12)."""

from __future__ import annotations

from tracker.core import campaign as camp
from tracker.core import party
from tracker.core.dungeon import AdvanceTurn, EnterDungeon
from tracker.core.lights import LightSource
from tracker.core.supplies import SetSupplies
from tracker.service import Campaign
from tracker.ui.app import TrackerApp

import pytest

from support.i18n import svg_text
from support.pilot import SIZE, settle


def _torch_by_ea(saves) -> int:
    """A Dyb & Drager delve with a torch lit by Ea; the torch's entry's seq."""
    c = Campaign.create(saves, "krypten", "dyb-og-drager", 3)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Ea"))
    c.dispatch(party.AddCharacter("Bo"))
    c.dispatch(SetSupplies("torches", 3))
    c.dispatch(EnterDungeon())
    lit = c.dispatch(LightSource("torch", "Ea")).envelopes[-1].seq
    c.dispatch(AdvanceTurn())
    c.dispatch(AdvanceTurn())  # the second turn rolls a wandering check
    c.close()
    return lit


def _amend_elsewhere(saves, name: str, seq: int, **fields) -> None:
    """The CLI's ``amend SEQ --set k=v`` from another process."""
    other = Campaign.open(saves, name)
    other.dispatch(other.amend_command(seq, fields={k: str(v) for k, v in fields.items()}))
    other.close()


async def test_dungeon_log_pane_marks_an_entry_corrected_elsewhere(saves):
    """C2: the dungeon's log pane marks a corrected entry as the log screen
    does (✎), beside a Lights table that reads the correction."""
    lit = _torch_by_ea(saves)
    app = TrackerApp(saves, "krypten")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # carry on the session
        await settle(pilot)
        _amend_elsewhere(saves, "krypten", lit, by="Bo")
        app._catch_up()
        await settle(pilot)
        pane = app.screen.query_one("#log").content
        line = next(x for x in str(pane).splitlines() if x.startswith(f"#{lit} "))
        assert line.startswith(f"#{lit} ✎"), line
        assert app.state.lights[-1].by == "Bo"


async def test_after_a_search_the_keys_act_on_the_entries(saves):
    """C11: ``/``, a word, Enter: the list has the keys; a Tab does not take
    them back into the search, so ``m`` retypes the highlighted entry's dice
    and the filter stays the word. Escape leaves the search the same way."""
    from tracker.ui.dialogs import TextDialog
    from tracker.ui.widgets.log_view import LogView
    from support.pilot import log_ready

    _torch_by_ea(saves)
    app = TrackerApp(saves, "krypten")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # carry on the session
        await log_ready(pilot)
        screen = app.screen
        await pilot.press("slash", *"check", "enter")
        await settle(pilot)
        view = screen.query_one(LogView)
        assert app.focused is view and screen.text == "check"
        await pilot.press("tab", "m")
        await settle(pilot)
        assert screen.text == "check"
        assert isinstance(app.screen, TextDialog)  # the dice of the highlighted check
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("slash", "x", "escape")
        await settle(pilot)
        assert app.focused is view and screen.text == "x"  # a new search: the old one selected
        await pilot.press("tab", "x")  # x: the list's "clear filters", not the search's
        await settle(pilot)
        assert screen.text == ""


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
async def test_the_log_footer_keeps_its_four_corrections_at_70_columns(saves, lang):
    """C12: at 70 columns the log's footer gave up ``f`` (correct a field)
    before the words of Undo and Redo; the four corrections stay now."""
    from tracker import i18n
    from support.pilot import log_ready

    _torch_by_ea(saves)
    app = TrackerApp(saves, "krypten", lang=lang)
    async with app.run_test(size=(70, 22)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # carry on the session
        await log_ready(pilot)
        await pilot.pause(0.1)
        footer = svg_text(app.export_screenshot()).splitlines()[-1]
        with i18n.using(lang):
            words = [i18n._(w) for w in ("Rewind", "Dice", "Insert", "Field", "Quit", "Keys")]
        for word in words:
            assert word in footer, footer


async def test_the_gms_travel_encounter_asks_first(saves):
    """C4: ``e`` on the travel screen (D&D: the GM's encounter) asks before it
    records; ``e e`` gives one question, not two encounters; Escape, none."""
    from tracker.core import travel as tr
    from tracker.ui.dialogs import ChoiceDialog

    c = Campaign.create(saves, "borg", "dnd-2024", 5)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Оля", "fighter", 1, (15, 14, 13, 12, 10, 8)))
    c.dispatch(tr.SetTerrain("forest"))
    c.close()
    app = TrackerApp(saves, "borg")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # carry on the session
        await settle(pilot)
        await pilot.press("5")
        await settle(pilot)
        seq = app.campaign.seq
        await pilot.press("e", "e")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog) and app.campaign.seq == seq
        await pilot.press("escape")
        await settle(pilot)
        assert app.campaign.seq == seq
        await pilot.press("e", "enter")
        await settle(pilot)
        assert app.campaign.seq == seq + 1  # one encounter


async def test_the_dungeons_extra_check_asks_first(saves):
    """C4, the same kind: ``c`` (an extra wandering check, maybe an
    encounter) asks first; Enter rolls it."""
    from tracker.ui.dialogs import ChoiceDialog

    _torch_by_ea(saves)
    app = TrackerApp(saves, "krypten")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # carry on the session
        await settle(pilot)
        checks = len(app.state.dungeon.checks)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog) and len(app.state.dungeon.checks) == checks
        await pilot.press("enter")
        await settle(pilot)
        assert len(app.state.dungeon.checks) == checks + 1


async def test_the_bastion_turns_confirmation_reads_the_treasury_as_it_stands(make, saves,
                                                                             monkeypatch):
    """C3: gold added from the CLI while the turn's dialogs are open: the
    confirmation quotes the treasury with it, and follows a change made while
    it is open."""
    from tracker.core import bastion as bas
    from tracker.ui import app as app_module
    from tracker.ui.dialogs import ChoiceDialog
    from support.bastion import keep, week

    monkeypatch.setattr(app_module, "CATCH_UP_SECONDS", 3600)  # only what the flow asks
    c = keep(make, gold=0, name="borg")
    week(c)
    c.close()

    def gold(n):
        other = Campaign.open(saves, "borg")
        other.dispatch(bas.MoveGold("Ana", n, "from the CLI"))
        other.close()

    app = TrackerApp(saves, "borg")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # no session now
        await settle(pilot)
        await pilot.press("7")
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)  # how the turn goes
        gold(100)
        await pilot.press("down", "down", "enter")  # no orders this turn
        await settle(pilot)
        title = str(app.screen.query_one("#dialog-title").content)
        assert "treasury 100" in title, title
        gold(50)
        app._catch_up()
        await settle(pilot)
        title = str(app.screen.query_one("#dialog-title").content)
        assert "treasury 150" in title, title


async def test_n_turns_that_stop_short_say_why_on_the_alerts_line(saves):
    """C12 in the app: ``n`` 6 with a rest due in 3 stops before it, and the
    alerts line says where and why (not only the dialog's note before)."""
    from tracker.ui.widgets.alerts_line import AlertsLine

    _torch_by_ea(saves)
    app = TrackerApp(saves, "krypten")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # carry on the session
        await settle(pilot)
        turn = app.state.dungeon.turn
        await pilot.press("n", "6", "enter")
        await settle(pilot)
        await pilot.press("enter")  # the first activity: explore
        await settle(pilot)
        done = app.state.dungeon.turn - turn
        assert 0 < done < 6
        said = [a.text for a in app.last_alerts]
        assert f"Stopped after {done} turns of 6, before the rest (the next turn must be a " \
               "rest)" in said, said
        line = str(app.screen.query_one(AlertsLine).render())
        assert "Stopped after" in line, line
