"""Issue 14, the log screen: corrections previewed in the GM's words, `f`
offering the entry's own fields, a layout that fits 80x24 and uses 120x40.
Flows by keys, checked against the reopened log."""

from __future__ import annotations


import pytest
from textual.widgets import Input, Label, OptionList

from tracker.core import dungeon as dun
from tracker.core.errors import Refused
from tracker.demo import build
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from tracker.ui.dialogs import ChoiceDialog, TextDialog
from tracker.ui.widgets.log_view import LogView

from support.campaigns import reviewed as _reviewed
from support.pilot import log_ready as _log_ready, settle as _settle


def _seq(c: Campaign, type_: str, last: bool = False) -> int:
    seqs = [e.seq for e in c.store.read() if e.type == type_]
    return seqs[-1] if last else seqs[0]


def _lit_torch(c: Campaign) -> int:
    return next(e.seq for e in c.store.read() if e.type == "light_lit" and e.event.kind == "torch")


# -- 1. the preview in words (core and service) ---------------------------------------


def test_a_retyped_check_reads_as_the_gm_says_it(saves):
    c = build(saves, "p", "dolmenwood", "mid")
    while not dun.check_due(c.state, c.state.dungeon.turn + 1):
        c.dispatch(dun.AdvanceTurn(1, "explore"))
    c.dispatch(dun.AdvanceTurn(1, "explore"), [6])
    turn, seq = c.state.dungeon.turn, c.seq
    seen = c.explain(c.amend_command(seq, [1, 5, 2, 3, 4]))
    assert "quiet" in seen.entry_now and "ENCOUNTER" in seen.entry_after
    assert f"Quiet check on turn {turn} becomes an encounter" in seen.changes
    assert not any("[" in line or "->" in line or "dungeon." in line for line in seen.changes), \
        seen.changes
    assert seen.undoes == []


def test_rewinding_past_a_correction_says_it_undoes_it(saves):
    c = _reviewed(saves)
    corrected = _seq(c, "entry_corrected")
    target = c.entry(corrected).event.target
    seen = c.explain(c.rewind_command(target - 1))
    assert seen.undoes == [f"the correction of #{target}"]
    assert seen.entry_now  # the entry the campaign goes back to
    assert any(line.startswith("Turn ") and "→" in line for line in seen.changes), seen.changes
    # correcting the corrected entry again replaces its correction: not undone
    assert c.explain(c.amend_command(target, [2])).undoes == []


def test_a_light_given_to_another_reads_by_name(saves):
    c = build(saves, "l", "dolmenwood", "mid")
    seq = _lit_torch(c)
    old = c.entry(seq).event.by
    other = next(ch.name for ch in c.state.party if ch.name != old)
    seen = c.explain(c.amend_command(seq, fields={"by": other}))
    assert f"carried by {other}" in seen.entry_after
    assert any(line.startswith(f"{old}'s torch") and f"carried by {other}" in line
               for line in seen.changes), seen.changes


def test_the_fields_offered_are_the_entrys_own(saves):
    c = build(saves, "f", "dolmenwood", "mid")
    torch = _lit_torch(c)
    assert c.entry_fields(torch) == {"kind": "torch", "by": c.entry(torch).event.by}
    turn = _seq(c, "turn_advanced")
    assert list(c.entry_fields(turn)) == ["activity"]  # its dice are retyped with m
    with pytest.raises(Refused, match="cannot be corrected"):
        c.entry_fields(1)


# -- 2. flows by keys, checked against the reopened log --------------------------------


async def _on_entry(pilot, seq: int) -> LogView:
    await pilot.press("2")
    await _settle(pilot)
    view = pilot.app.screen.query_one(LogView)
    view.cursor = [e.seq for e in view.entries].index(seq)
    await pilot.pause()
    return view


def _help(app) -> str:
    return str(app.screen.query_one("#dialog-help", Label).render())


async def test_f_gives_a_torch_to_another_by_keys(saves):
    c = build(saves, "k", "dolmenwood", "mid")
    seq = _lit_torch(c)
    old = c.entry(seq).event.by
    other = next(ch.name for ch in c.state.party if ch.name != old)
    c.close()
    app = TrackerApp(saves, "k")
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await _on_entry(pilot, seq)
        await pilot.press("f")
        await _settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        options = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        assert options == ["kind: Torch", f"by: {old}"]  # the kind by its name (F9)
        await pilot.press("down", "enter")
        await _settle(pilot)
        assert isinstance(app.screen, TextDialog)
        assert app.screen.query_one(Input).value == old  # the value now, to edit
        await pilot.press(*["backspace"] * 20, *"Nobody", "enter")
        await _settle(pilot)
        field = app.screen.query_one(Input)
        assert isinstance(app.screen, TextDialog) and field.value == "Nobody"
        assert str(app.screen.query_one("#dialog-error", Label).render())  # says why
        await pilot.press(*["backspace"] * 6, *other, "enter")
        await _settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)  # the preview, in words
        text = _help(app)
        assert f"After: Lit a torch carried by {other}" in text and "dungeon." not in text
        await pilot.press("enter")  # Record it
        await _settle(pilot)
        await pilot.pause(0.2)
        assert app.screen.query_one(LogView).current.seq == seq  # stays on what it corrected
    again = Campaign.open(saves, "k")
    last = again.entry(again.seq)
    assert last.type == "entry_corrected" and last.event.target == seq
    assert [l.by for l in again.state.lights if l.kind == "torch"][0] == other
    again.close()


async def test_f_offers_a_turns_activities_as_choices_by_keys(saves):
    c = build(saves, "act", "dolmenwood", "mid")
    seq = _seq(c, "turn_advanced", last=True)
    was = c.entry(seq).event.activity
    activities = list(c.state.rules.dungeon.activities)
    other = next(a for a in activities if a != was)
    c.close()
    app = TrackerApp(saves, "act")
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await _on_entry(pilot, seq)
        await pilot.press("f", "enter")  # its only field: activity
        await _settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)  # not free text
        options = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        assert options == [a + ("  (now)" if a == was else "") for a in activities]
        await pilot.press(*["down"] * activities.index(other), "enter")
        await _settle(pilot)
        assert f"Turn: {other}" in _help(app)  # the preview
        await pilot.press("enter")
        await _settle(pilot)
    again = Campaign.open(saves, "act")
    assert again.entry_events(seq, again.state)[0].activity == other
    again.close()


async def test_w_rewinds_past_a_correction_by_keys(saves):
    c = _reviewed(saves)
    target = c.entry(_seq(c, "entry_corrected")).event.target
    head = c.seq
    c.close()
    app = TrackerApp(saves, "review")
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await _on_entry(pilot, target - 1)
        await pilot.press("w")
        await _settle(pilot)
        text = _help(app)
        assert f"This also undoes the correction of #{target}." in text
        assert "clock." not in text and "What changes:" in text
        await pilot.press("enter")
        await _settle(pilot)
        view = app.screen.query_one(LogView)
        assert view.current.seq == head + 1  # the cursor follows the new entry
    again = Campaign.open(saves, "review")
    assert again.seq == head + 1 and again.entry(again.seq).event.to_seq == target - 1
    assert target not in again.state.corrections
    again.close()


async def test_m_retypes_a_check_with_its_preview_by_keys(saves):
    c = _reviewed(saves)
    target = c.entry(_seq(c, "entry_corrected")).event.target
    c.close()
    app = TrackerApp(saves, "review")
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await _on_entry(pilot, target)
        await pilot.press("m", "2", "enter")
        await _settle(pilot)
        text = _help(app)
        assert "Now:   " in text and "ENCOUNTER" in text and "After: " in text
        assert "becomes quiet" in text
        await pilot.press("enter")
        await _settle(pilot)
    again = Campaign.open(saves, "review")
    assert not any(ch.encounter for ch in again.state.dungeon.checks
                   if ch.turn == again.state.dungeon.turn)
    assert again.entry(again.seq).event.target == target
    again.close()


# -- 3. layout ---------------------------------------------------------------------------


async def test_the_log_uses_the_width_and_the_footer_keeps_undo(saves):
    _reviewed(saves).close()
    app = TrackerApp(saves, "review")
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(pilot)
        await pilot.press("2")
        await _settle(pilot)
        assert app.screen.query_one("#log-state").region.width > 36
    app = TrackerApp(saves, "review")
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await pilot.press("2")
        await _settle(pilot)
        assert app.screen.query_one(LogView).region.width == 80  # the state goes below
        from textual.widgets._footer import FooterKey

        keys = {k.description: k.region for k in app.screen.query(FooterKey)}
        palette = min(r.x for d, r in keys.items() if "palette" in d.lower()) \
            if any("palette" in d.lower() for d in keys) else 80
        for shown in ("Undo", "Redo", "Rewind", "Dice", "Insert", "Field"):
            assert shown in keys and keys[shown].right <= palette, (shown, keys)


async def test_a_long_refusal_is_not_cut_off(saves):
    """A refusal longer than the dialog wraps under the field (it ran off the edge)."""
    build(saves, "r", "dolmenwood", "mid").close()
    app = TrackerApp(saves, "r")
    why = "#26 (turn advanced) would not replay: Dolmenwood has no activity 'bogus' " \
          "(activities: explore, search, listen, rest)"
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        app.push_screen(TextDialog("Correct", validate=lambda text: why))
        await pilot.pause()
        await pilot.press("x", "enter")
        await pilot.pause()
        error = app.screen.query_one("#dialog-error", Label)
        dialog = app.screen.query_one("#dialog")
        assert str(error.render()) == why
        assert error.region.right <= dialog.region.right and error.region.height >= 2


# -- snapshots --------------------------------------------------------------------------


def test_log_screen_snapshot_wide(snap_compare, fixed_saves):  # noqa: F811
    """At 120x40 the state pane takes a share of the width (80x24: test_ui.py)."""
    _reviewed(fixed_saves).close()

    async def run_before(pilot):
        await _log_ready(pilot)
        for _ in range(3):
            await pilot.press("up")
        await pilot.pause(0.2)  # the state pane follows the cursor after 50 ms

    assert snap_compare(TrackerApp(fixed_saves, "review"), terminal_size=(120, 40),
                        run_before=run_before)


def test_rewind_preview_snapshot(snap_compare, fixed_saves):  # noqa: F811
    c = _reviewed(fixed_saves)
    target = c.entry(_seq(c, "entry_corrected")).event.target
    c.close()

    async def run_before(pilot):
        await _on_entry(pilot, target - 1)
        await pilot.press("w")
        await _settle(pilot)

    assert snap_compare(TrackerApp(fixed_saves, "review"), terminal_size=(80, 24),
                        run_before=run_before)




async def test_f_corrects_a_bastion_turn_into_maintain_with_its_event_rolled(saves):
    """gm-review4 C1: "maintain: yes" on a turn with orders is no longer refused:
    the preview says the event's die is rolled from the seed, and yes records it."""
    from tracker.core import bastion as bas
    from tracker.core import party
    c = Campaign.create(saves, "keep", "dnd-2024", 3)
    c.dispatch(party.AddCharacter("Cyr", "cleric", 5, (10, 12, 14, 10, 16, 13)))
    c.dispatch(bas.NewBastion("Cyr"))
    c.dispatch(bas.AddFacility("Cyr", "garden", chosen=("food",)))
    c.dispatch(bas.Downtime(7))
    c.dispatch(bas.RunTurn("Cyr", ((3, "food", 0),)))
    seq = c.seq
    c.close()
    app = TrackerApp(saves, "keep")
    async with app.run_test(size=(100, 40)) as pilot:
        await _settle(pilot)
        await pilot.press("escape")  # no session now
        await _settle(pilot)
        await _on_entry(pilot, seq)
        await pilot.press("f")
        await _settle(pilot)
        options = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        await pilot.press(*["down"] * options.index("maintain: no"), "enter")
        await _settle(pilot)
        await pilot.press("home", "enter")  # yes
        await _settle(pilot)
        assert "Correct #" in str(app.screen.query_one("#dialog-title").render())
        assert "new dice rolled from the campaign's seed: 1d100=[" in _help(app)
        await pilot.press("enter")  # record it
        await _settle(pilot)
        r = bas.find(app.state, "Cyr").results[-1]
        assert r.lines[0] == "Maintain" and r.dice[0].startswith("1d100=[")


async def test_f_corrects_a_gardens_type_and_its_later_harvest_by_keys(saves):
    """A Garden built as the wrong type: `f` on its entry offers "chosen: Food",
    the new type is typed by its name, the preview names the later turn it
    moves (its harvest now the corrected type's goods), and yes records it."""
    from tracker.core import bastion as bas
    from tracker.core import party
    c = Campaign.create(saves, "keep", "dnd-2024", 3)
    c.dispatch(party.AddCharacter("Cyr", "cleric", 5, (10, 12, 14, 10, 16, 13)))
    c.dispatch(bas.NewBastion("Cyr"))
    c.dispatch(bas.AddFacility("Cyr", "garden", chosen=("food",)))
    seq = c.seq
    c.dispatch(bas.Downtime(7))
    c.dispatch(bas.RunTurn("Cyr", ((3, "food", 0),)))
    c.close()
    app = TrackerApp(saves, "keep")
    async with app.run_test(size=(160, 40)) as pilot:
        await _settle(pilot)
        await pilot.press("escape")  # no session now
        await _settle(pilot)
        await _on_entry(pilot, seq)
        await pilot.press("f")
        await _settle(pilot)
        options = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        assert "chosen: Food" in options
        await pilot.press(*["down"] * options.index("chosen: Food"), "enter")
        await _settle(pilot)
        assert isinstance(app.screen, TextDialog)
        assert app.screen.query_one(Input).value == "Food"
        await pilot.press(*["backspace"] * 4, *"Herb", "enter")
        await _settle(pilot)
        assert "Correct #" in str(app.screen.query_one("#dialog-title").render())
        text = _help(app)
        assert "After: Cyr's bastion: Garden (Herb) added" in text
        assert "moves with it and will read: Bastion turn of Cyr" in text  # the harvest
        await pilot.press("enter")  # record it
        await _settle(pilot)
        assert bas.find(app.state, "Cyr").results[-1].lines == (
            "Garden: harvested a Potion of Healing",)
