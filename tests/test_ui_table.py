"""Issue 14, what a GM hit at the table: typing ahead, refused input kept in
its dialog, cursors that stay on what the GM chose, keys, stale alerts."""

from __future__ import annotations

import unicodedata

from tracker.demo import build
from tracker.ui.app import TrackerApp
from tracker.ui.dialogs import Dialog

from support.pilot import SIZE, burst as _burst, settle as _settle


# -- 2. keys typed while a dialog is opening -------------------------------------------


async def test_light_typed_ahead_goes_to_the_chosen_carrier(saves):
    """`l Enter Down Down Down Enter` in one burst: a torch for the fourth listed."""
    c = build(saves, "fast", "dolmenwood", "fresh")
    names = [ch.name for ch in c.state.party]
    c.close()
    app = TrackerApp(saves, "fast")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        before = len(app.state.lights)
        _burst(app, "l", "enter", "down", "down", "down", "enter")
        await _settle(pilot)
        assert len(app.state.lights) == before + 1
        assert app.state.lights[-1].by == names[3]
        assert not isinstance(app.screen, Dialog)


# -- 1. refused input stays in its dialog ----------------------------------------------

from tracker.core import campaign as camp, lights, party  # noqa: E402
from tracker.core import supplies as sup  # noqa: E402
from tracker.service import Campaign  # noqa: E402
from tracker.ui.dialogs import ChoiceDialog, TextDialog  # noqa: E402
from textual.widgets import Input, Label, OptionList  # noqa: E402


def _field(app) -> tuple[str, str]:
    """The open text dialog's field and the message under it."""
    screen = app.screen
    assert isinstance(screen, TextDialog), f"no text dialog open but {screen!r}"
    return (screen.query_one(Input).value,
            str(screen.query_one("#dialog-error", Label).render()))


async def _open(saves, stage="fresh", name="t"):
    build(saves, name, "dolmenwood", stage).close()
    return TrackerApp(saves, name)


async def test_refused_supplies_stay_in_the_dialog_and_keep_the_typing(saves):
    app = await _open(saves)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        before = app.state
        _burst(app, "s", "enter", "-", "9", "9", "enter")  # remove 99 torches (of 8)
        await _settle(pilot)
        value, error = _field(app)
        assert value == "-99" and "below 0" in error, error
        _burst(app, "t")
        await _settle(pilot)
        assert _field(app)[0] == "-99t"  # the 't' went into the field, not a turn
        assert app.state == before
        _burst(app, *["backspace"] * 4, "+", "1", "enter")
        await _settle(pilot)
        assert not isinstance(app.screen, Dialog)
        assert app.state.supplies.count("torches") == before.supplies.count("torches") + 1


async def test_huge_supplies_refused_in_place(saves):
    app = await _open(saves)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        _burst(app, "s", "enter", *"999999999", "enter")
        await _settle(pilot)
        value, error = _field(app)
        assert value == "999999999" and error


async def test_long_names_stop_at_their_limit(saves):
    c = Campaign.create(saves, "nd", "dolmenwood", 1)
    c.close()
    app = TrackerApp(saves, "nd")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        _burst(app, "down", "enter")  # not now
        await _settle(pilot)
        _burst(app, "g", *("x" * 90))
        await _settle(pilot)
        assert len(_field(app)[0]) == 80
        _burst(app, "escape", "4", "a", *("y" * 50))
        await _settle(pilot)
        assert len(_field(app)[0]) == 40


async def test_a_taken_character_name_is_refused_in_place(saves):
    app = await _open(saves)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        taken = app.state.party[0].name
        _burst(app, "4", "a", *taken, "enter")
        await _settle(pilot)
        value, error = _field(app)
        assert value == taken and error


async def test_too_many_turns_refused_before_the_activity(saves):
    app = await _open(saves)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        _burst(app, "n", *"1001", "enter")
        await _settle(pilot)
        value, error = _field(app)
        assert value == "1001" and "1,000" in error


async def test_field_correction_refused_in_place(saves):
    """`f` offers only the entry's own fields; a typed value the entry cannot
    take stays in the dialog with the reason (once `f bogus=1` closed it)."""
    app = await _open(saves, "mid")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        _burst(app, "2")
        await _settle(pilot)
        _burst(app, *["up"] * 5, "f")  # the effect begun at #16 (a turn's activity is chosen)
        await _settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        assert [o.id for o in app.screen.query_one(OptionList).options] == ["name", "seconds"]
        _burst(app, "down", "enter", *["backspace"] * 10, *"bogus", "enter")
        await _settle(pilot)
        value, error = _field(app)
        assert value == "bogus" and error
        _burst(app, "a")  # would switch the log's filter if the dialog had closed
        await _settle(pilot)
        assert _field(app)[0] == "bogusa"


async def test_lights_with_none_in_stock_are_not_offered(saves):
    c = build(saves, "dark", "dolmenwood", "fresh")
    c.dispatch(sup.SetSupplies("torches", 0))
    kinds = list(c.state.rules.lights)
    c.close()
    app = TrackerApp(saves, "dark")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        _burst(app, "l")
        await _settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        offered = [o.id for o in app.screen.query_one(OptionList).options]
        assert "torch" not in offered and offered and set(offered) < set(kinds)


# -- 5. no stale alerts after undo or rewind ------------------------------------------


async def test_undo_and_rewind_do_not_replay_old_alerts(saves):
    """Stepping back past 'the next turn must be a rest' does not warn again."""
    from tracker.core import dungeon as dun

    c = build(saves, "enc", "dolmenwood", "encounter")
    for _ in range(8):
        c.dispatch(dun.AdvanceTurn(1, "explore"))
    target = c.seq - 6
    c.close()
    app = TrackerApp(saves, "enc")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.clear_notifications()
        for _ in range(4):
            _burst(app, "ctrl+z")
            await _settle(pilot)
        app.run_command(app.campaign.rewind_command(target))
        await _settle(pilot)
        _burst(app, "ctrl+z")  # undo the rewind
        await _settle(pilot)
        texts = [n.message for n in app._notifications]
        assert not texts, texts


# -- 3. the cursor stays on what the GM chose -------------------------------------------


async def test_party_cursor_stays_on_the_character_across_screens(saves):
    app = await _open(saves, "mid")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        third = app.state.party[2]
        _burst(app, "4", "down", "down", "1", "t", "4")
        await _settle(pilot)
        _burst(app, "d", "1", "enter")
        await _settle(pilot)
        assert party.find(app.state, third.name).hp == third.hp - 1


async def test_lights_cursor_follows_the_light_when_rows_resort(saves):
    app = await _open(saves, "mid")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.run_command(lights.LightSource("torch", app.state.party[1].name))
        await _settle(pilot)
        lit = [l for l in app.state.lights if l.lit]
        assert len(lit) == 2
        first = min(lit, key=lambda l: l.id)
        _burst(app, "o")  # douse the first: it sorts below the one still lit
        await _settle(pilot)
        assert not lights.find(app.state, first.id).lit
        _burst(app, "o")  # and relight it: the cursor is still on it
        await _settle(pilot)
        assert all(l.lit for l in app.state.lights if l.id in {x.id for x in lit})


async def test_dousing_the_only_light_asks_first(saves):
    app = await _open(saves, "fresh")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        assert [l.lit for l in app.state.lights] == [True]
        _burst(app, "o")
        await _settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        _burst(app, "enter")  # the first answer keeps it burning
        await _settle(pilot)
        assert app.state.lights[0].lit
        _burst(app, "o", "down", "enter")
        await _settle(pilot)
        assert not app.state.lights[0].lit


async def test_log_cursor_follows_a_correction_to_its_entry(saves):
    from tracker.ui.widgets.log_view import LogView

    app = await _open(saves, "mid")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        _burst(app, "2")
        await _settle(pilot)
        await app.workers.wait_for_complete()
        view = app.screen.query_one(LogView)
        turn = sorted(e.seq for e in view.entries if e.type == "turn_advanced")[-2]
        view.cursor = [e.seq for e in view.entries].index(turn)
        await pilot.pause()
        _burst(app, "i", "enter", "enter")  # insert a turn after it, record it
        await _settle(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.state.corrections
        assert view.current.seq == turn  # on the entry it corrected (issue 20)


# -- 4. keys ------------------------------------------------------------------------------


async def test_two_quits_ask_once(saves):
    c = build(saves, "t", "dolmenwood", "fresh")
    c.dispatch(camp.EndSession())  # a session begun in this run is offered to end
    c.close()
    app = TrackerApp(saves, "t")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        _burst(app, "enter")  # "Start session 2?" -> start
        await _settle(pilot)
        assert app.state.in_session
        _burst(app, "ctrl+q", "ctrl+q")
        await _settle(pilot)
        assert sum(isinstance(s, ChoiceDialog) for s in app.screen_stack) == 1
        _burst(app, "escape", "q")  # q quits too, inside a campaign
        await _settle(pilot)
        assert isinstance(app.screen, ChoiceDialog) and "Quit" in app.screen.title_text


async def test_footer_shows_quit_and_the_log_shows_its_corrections(saves):
    app = await _open(saves, "mid")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        shown = {a.binding.action for a in app.screen.active_bindings.values() if a.binding.show}
        assert "quit" in shown and "keys" in shown
        _burst(app, "2")
        await _settle(pilot)
        shown = {a.binding.action for a in app.screen.active_bindings.values() if a.binding.show}
        assert {"insert_turn", "amend_field"} <= shown


async def test_keys_screen_lists_the_screens_bindings_as_mapped(saves):
    from tracker.ui.dialogs import KeysDialog

    app = await _open(saves)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.update_keymap({"dungeon.turn": "y"})
        _burst(app, "question_mark")
        await _settle(pilot)
        assert isinstance(app.screen, KeysDialog)
        rows = dict((what, key) for key, what in app.screen.rows)
        assert rows["Turn"] == "y" and rows["Light"] == "l" and "Quit" in rows
        _burst(app, "escape", "4", "f1")
        await _settle(pilot)
        assert "Damage" in dict((w, k) for k, w in app.screen.rows)


async def test_palette_lists_quit_campaigns_keys_with_the_bound_key(saves):
    from tracker.ui.palette import ScreenActions

    app = await _open(saves)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.update_keymap({"dungeon.turn": "y"})
        await pilot.pause()
        items = {t: h for t, h, _ in ScreenActions(app.screen)._items()}
        assert {"Quit", "Campaigns", "Keys"} <= set(items)
        assert items["Advance turn"].endswith("(y)"), items["Advance turn"]
        assert items["Quit"].endswith("(ctrl+q)") or "^q" in items["Quit"], items["Quit"]


async def test_the_app_shows_what_another_tracker_wrote(saves, monkeypatch):
    """The soak test found the app never caught up with the CLI's entries, so
    every key of the GM was refused as a concurrent write."""
    import tracker.ui.app as app_module
    from tracker.core.campaign import AddNote

    monkeypatch.setattr(app_module, "CATCH_UP_SECONDS", 0.1)
    build(saves, "shared", "dolmenwood", "mid").close()
    app = TrackerApp(saves, "shared")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        if isinstance(app.screen, Dialog):  # the offer to start a session
            await pilot.press("escape")
            await _settle(pilot)
        other = Campaign.open(saves, "shared")
        other.dispatch(AddNote("written by the shell"))
        head = other.seq
        other.close()
        await pilot.pause(0.5)
        assert app.campaign.seq == head and app.state.notes >= 1
        turn = app.state.dungeon.turn
        await pilot.press("t")
        await _settle(pilot)
        assert app.state.dungeon.turn == turn + 1 and app.campaign.seq > head


# -- alerts have a line of their own -------------------------------------------------------


async def test_alerts_show_on_their_line_on_every_screen_and_clear_with_the_next_action(saves):
    """Issue 14: toasts piled up over Effects and Supplies and stayed when no
    longer true. The latest action's alerts sit above the footer instead."""
    from tracker.core import dungeon as dun
    from tracker.ui.widgets.alerts_line import AlertsLine

    app = await _open(saves, "mid")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.run_command(sup.SetSupplies("torches", 0))  # no alert
        await _settle(pilot)
        line = app.screen.query_one(AlertsLine)
        assert not line.display
        app.run_command(dun.AdvanceTurn(5, "explore"))  # stops: the next turn must be a rest
        await _settle(pilot)
        shown = str(line.render())
        assert line.display and "must be a rest" in shown, shown
        assert not any("must be a rest" in n.message for n in app._notifications)  # no toast
        _burst(app, "4")  # the party screen shows it too
        await _settle(pilot)
        assert "must be a rest" in str(app.screen.query_one(AlertsLine).render())
        app.run_command(party.SetLoad(app.state.party[0].name, 10))  # an action with none
        await _settle(pilot)
        assert not app.screen.query_one(AlertsLine).display
