"""Issue 9 in the app: GM-typed text is never markup, and a failing worker
never ends the app (its error is shown)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.core import campaign as camp
from tracker.core import dungeon as dun
from tracker.core import effects, lights, party, supplies
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from tracker.ui.dialogs import DiceDialog

from support.pilot import settle as _settle

SIZE = (100, 30)
# markup that would crash (a closing tag with nothing open), click an action,
# or restyle the screen if it were parsed
NASTY = ["[/b]Bo", "[@click=app.quit]x[/]", "[red]Al[/red]"]


def _screen_text(app) -> str:
    return app.export_screenshot().replace("&#160;", " ")


def _campaign(saves: Path, name: str = "odd") -> None:
    c = Campaign.create(saves, name, "dolmenwood", 3)
    c.dispatch(camp.StartSession())
    for i, who in enumerate(NASTY):
        c.dispatch(party.AddCharacter(who, "fighter", 1, (14, 10, 9, 12, 13, 8), hp=8))
    c.dispatch(supplies.SetSupplies("torches", 3, False))
    c.dispatch(dun.EnterDungeon("[b]Barrow[/b] [@click=app.quit]go[/]", 1))
    c.dispatch(lights.LightSource("torch", NASTY[0]))
    c.dispatch(effects.StartEffect("[@click=app.quit]Bless[/]", 600))
    c.dispatch(camp.AddNote("note [/i] with *stars* and [a link](http://example.com)"))
    c.dispatch(party.Damage(NASTY[1], 2))
    c.close()


def _running(app) -> bool:
    return app.is_running and app.return_code is None


async def test_markup_in_names_is_shown_as_typed_on_every_screen(saves):
    _campaign(saves)
    app = TrackerApp(saves, "odd")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        shown = _screen_text(app)  # the dungeon screen
        assert "[/b]Bo" in shown and "[@click=app.quit]Bless[/]" in shown
        assert "[b]Barrow[/b]" in shown
        for key in ("4", "2", "3"):  # party, log, recap
            await pilot.press(key)
            await _settle(pilot)
            await pilot.pause()
            assert _running(app), key
        await pilot.press("4")
        await _settle(pilot)
        shown = _screen_text(app)
        assert "[/b]Bo" in shown and "[@click=app.quit]x[/]" in shown and "[red]Al[/red]" in shown
        await pilot.press("down")  # the sheet's border title is the name
        await _settle(pilot)
        assert "[@click=app.quit]x[/]" in _screen_text(app)
        await pilot.press("2")
        await _settle(pilot)
        await pilot.press("c")  # filter by a character: the status line names them
        await _settle(pilot)
        assert _running(app)
        await pilot.press("3")
        await _settle(pilot)
        md = app.screen.query_one("#recap").source
        assert r"\[/i\]" in md and r"\*stars\*" in md and r"\[a link\]" in md
        # a refused command naming a nasty name: the notification shows it plainly
        app.run_command(party.Damage("[/b]Zed", 1))
        await _settle(pilot)
        assert any("[/b]Zed" in n.message and not n.markup for n in app._notifications)
        await pilot.pause()
        assert _running(app)


async def test_dice_dialog_with_markup_in_the_name(saves):
    """The crash of issue 9: a character named [/b]Bo and the dice dialog."""
    _campaign(saves)
    c = Campaign.open(saves, "odd")
    c.dispatch(camp.SetManualDice(True))
    c.close()
    app = TrackerApp(saves, "odd")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("g", "down", "enter", "enter")  # hasty exit, no GM bonus: saves
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, DiceDialog)
        assert "[/b]Bo: save versus doom" in _screen_text(app)
        await pilot.press("escape")
        await _settle(pilot)
        assert _running(app)


async def test_choice_and_text_dialogs_show_names_plainly(saves):
    _campaign(saves)
    app = TrackerApp(saves, "odd")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("l")  # light: the kinds, then who carries it
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "[@click=app.quit]x[/]" in _screen_text(app)
        await pilot.press("escape")
        await _settle(pilot)
        await app.screen.run_action("rename_character")
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert "New name for [@click=app.quit]x[/]" in _screen_text(app)
        await pilot.press("escape")
        await _settle(pilot)
        assert _running(app)


async def test_picker_shows_a_ruleset_name_with_markup_plainly(saves, tmp_path):
    root = Path(__file__).resolve().parents[1]
    own = tmp_path / "mine.toml"
    own.write_text((root / "rulesets" / "dolmenwood.toml").read_text(encoding="utf-8")
                   .replace('id = "dolmenwood"', 'id = "[/b]odd"', 1)
                   .replace('name = "Dolmenwood"', 'name = "[@click=app.quit]R[/]"', 1),
                   encoding="utf-8")
    Campaign.create(saves, "own", str(own), 1).close()
    app = TrackerApp(saves)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        assert "[@click=app.quit]R[/]" in _screen_text(app)  # the picker shows its name
        await pilot.press("enter")  # opens it, and offers to start session 1
        await pilot.pause()
        await pilot.pause()
        assert _running(app) and app.campaign is not None
        assert "[@click=app.quit]R[/]" in _screen_text(app)  # the header


# --- workers never end the app ------------------------------------------------------------


def _boom(*args, **kwargs):
    raise RuntimeError("disk on fire")


def _bug_notified(app) -> bool:
    return any("disk on fire" in n.message for n in app._notifications)


async def test_log_read_failure_is_shown_and_the_app_goes_on(saves, monkeypatch, tmp_path):
    import tempfile

    import tracker.ui.screens.log as log_screen

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    _campaign(saves)
    monkeypatch.setattr(log_screen, "entries", _boom)
    app = TrackerApp(saves, "odd")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("2")
        await _settle(pilot)
        await pilot.pause()
        assert _running(app)
        pane = app.screen.query_one("#log-state").content
        assert "Could not read the log: RuntimeError: disk on fire" in getattr(pane, "plain", pane)
        assert _bug_notified(app)
        await pilot.press("1", "t")  # and the GM carries on
        await _settle(pilot)
        assert _running(app) and app.state.dungeon.turn == 1
    assert list(tmp_path.glob("tracker-bug-*.txt"))


async def test_recap_failure_is_shown_and_the_app_goes_on(saves, monkeypatch, tmp_path):
    import tempfile

    import tracker.recap as recap

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    _campaign(saves)
    monkeypatch.setattr(recap, "_build", _boom)  # every recap, the screen's kept one too
    app = TrackerApp(saves, "odd")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("3")
        await _settle(pilot)
        await pilot.pause()
        assert _running(app)
        assert "Could not build the recap" in app.screen.query_one("#recap").source
        assert _bug_notified(app)


@pytest.mark.parametrize("where", ["dispatch", "_snapshot"])
async def test_a_failing_dispatch_or_snapshot_is_shown_and_the_app_goes_on(saves, monkeypatch,
                                                                         tmp_path, where):
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    _campaign(saves)
    app = TrackerApp(saves, "odd")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        real = getattr(Campaign, where)
        monkeypatch.setattr(Campaign, where, _boom)
        if where == "_snapshot":
            app.campaign.snapshot_seq = -10**6  # a snapshot is due now
        await pilot.press("t")
        await _settle(pilot)
        await pilot.pause()
        assert _running(app) and _bug_notified(app)
        monkeypatch.setattr(Campaign, where, real)
        app.campaign.refresh()
        turn = app.campaign.state.dungeon.turn
        await pilot.press("t")
        await _settle(pilot)
        assert _running(app) and app.state.dungeon.turn == turn + 1


async def test_odd_digits_in_number_dialogs_are_refused_not_fatal(saves):
    """'²' and '٣' pass str.isdigit() but not int(): the dialog says so."""
    from tracker.ui.dialogs import TextDialog

    _campaign(saves)
    app = TrackerApp(saves, "odd")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("4")
        await _settle(pilot)
        for key, text in (("d", "²"), ("w", "²"), ("d", "9" * 40)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, TextDialog)
            app.screen.query_one("Input").value = text
            await pilot.press("enter")
            await pilot.pause()
            assert _running(app) and isinstance(app.screen, TextDialog)
            await pilot.press("escape")
            await _settle(pilot)
        assert _running(app)
