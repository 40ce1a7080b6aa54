"""Undo and redo name what the GM did (gm-review F17): `bastion-weeks 2`
undone reads "Undid: 2 bastion weeks", not the "downtime passed" of the
command's first entry; several turns, travel days or queued bastion turns
are counted. The same words in the CLI, the app's log panes and the log, in
English, Danish and Ukrainian; a command of one entry reads as before."""

from __future__ import annotations

import pytest
from support.pilot import settle

from tracker import i18n
from tracker.cli import main
from tracker.core import bastion as bas
from tracker.core import dungeon as dun
from tracker.core import party
from tracker.core.describe import describe
from tracker.core.timeline.entries import Undo
from tracker.core.timeline.kinds import command_label, kind_words
from tracker.core.supplies import SetSupplies
from tracker.core.travel.rules import SetGuide, SetTerrain, TravelDay
from tracker.service import Campaign
from tracker.ui.app import TrackerApp

STATS = (16, 12, 14, 10, 10, 10)


def _keep(saves, name="k") -> Campaign:
    c = Campaign.create(saves, name, "dnd-2024", 3)
    c.dispatch(party.AddCharacter("Ana", "fighter", 5, STATS))
    c.dispatch(bas.NewBastion("Ana", "Keep"))
    return c


def _said(c, outcome) -> str:
    return describe(outcome.envelopes[0].event, c.state.rules)


def test_the_labels_of_compound_commands():
    assert command_label(["downtime_passed", "bastion_turn_run"] * 2) == "2 bastion weeks"
    assert command_label(["downtime_passed", "bastion_turn_run"]) == "1 bastion week"
    assert command_label(["bastion_turn_run", "downtime_passed", "bastion_turn_run"]) == \
        "1 bastion week"  # a turn already waiting ran first
    assert command_label(["downtime_passed"]) == "downtime passed"  # `downtime N` queues
    assert command_label(["turn_advanced"] * 3) == "3 turns advanced"
    assert command_label(["turn_advanced"]) == "turn advanced"
    assert command_label(["day_travelled", "camp_long_rest"] * 2) == "2 days travelled"
    assert command_label(["bastion_turn_run"] * 2) == "2 bastion turns run"
    assert command_label(["camp_made", "camp_long_rest"]) == "camp made"
    assert command_label(["fast_travel_started", "turn_advanced", "turn_advanced"]) == \
        "fast travel started"
    assert command_label(["light_lit", "light_lit"]) == "2 × light lit"


@pytest.mark.parametrize("lang,undid,redid", [
    ("en", "Undid: 2 bastion weeks (from #", "Redid: 2 bastion weeks (from #"),
    ("da", "Fortrød: 2 bastionsuger (fra #", "Gentog: 2 bastionsuger (fra #"),
    ("uk", "Скасовано: 2 тижні Бастіону (з #", "Повторено: 2 тижні Бастіону (з #"),
])
def test_undoing_bastion_weeks_names_the_weeks(saves, lang, undid, redid):
    c = _keep(saves)
    c.dispatch(bas.RunWeeks(2))
    with i18n.using(lang):
        assert _said(c, c.undo()).startswith(undid)
        assert _said(c, c.redo()).startswith(redid)
    c.close()


def test_several_turns_days_and_queued_turns_are_counted(saves):
    c = _keep(saves)
    c.dispatch(bas.Downtime(14))
    assert _said(c, c.undo()).startswith("Undid: downtime passed")  # one entry: as before
    c.redo()
    c.dispatch(bas.RunQueued())
    assert _said(c, c.undo()).startswith("Undid: 2 bastion turns run")
    assert _said(c, c.redo()).startswith("Redid: 2 bastion turns run")
    c.close()
    d = Campaign.create(saves, "d", "dyb-og-drager", 1)
    d.dispatch(party.AddCharacter("Bo", hp=5))
    d.dispatch(SetSupplies("standard", 20))
    d.dispatch(dun.EnterDungeon("Crypt"))
    d.dispatch(dun.AdvanceTurn(3, "explore"))
    assert _said(d, d.undo()).startswith("Undid: 3 turns advanced")
    d.dispatch(dun.AdvanceTurn(1, "explore"))
    assert _said(d, d.undo()).startswith("Undid: turn advanced")
    d.dispatch(dun.LeaveDungeon())
    d.dispatch(SetTerrain(next(iter(d.state.rules.travel.terrains))))
    d.dispatch(SetGuide(True))
    d.dispatch(TravelDay(days=2))
    assert _said(d, d.undo()).startswith("Undid: 2 days travelled")
    with i18n.using("uk"):
        assert _said(d, d.redo()).startswith("Повторено: 2 дні подорожі")
    d.close()


def test_an_old_undo_label_still_reads():
    assert kind_words("downtime passed") == "downtime passed"
    with i18n.using("da"):
        assert kind_words("3 turns advanced") == "3 ture gået"
        assert kind_words("1 bastion week") == "1 bastionsuge"
        assert kind_words("2 × light lit") == "2 × " + kind_words("light lit")


def test_the_cli_says_it(saves, capsys):
    _keep(saves, "cli").close()
    assert main(["do", "cli", "bastion-weeks", "2"]) == 0
    capsys.readouterr()
    assert main(["--lang", "en", "undo", "cli"]) == 0
    assert "Undid: 2 bastion weeks (from #" in capsys.readouterr().out
    assert main(["--lang", "da", "redo", "cli"]) == 0
    assert "Gentog: 2 bastionsuger (fra #" in capsys.readouterr().out


async def test_the_app_says_it(saves):
    """The bastion screen's `r` (the dialog offers six weeks), then ctrl+z."""
    _keep(saves, "app").close()
    app = TrackerApp(saves, "app")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for key in ("enter", "7", "r", "enter", "ctrl+z"):  # session dialog, screen, weeks, undo
            await pilot.press(key)
            await settle(pilot)
        told = app.recent[-1].text  # the newest line of the screens' log panes
        assert told.startswith("Undid: 6 bastion weeks (from #"), told


@pytest.mark.parametrize("lang, undid", [("en", "Undid: a correction (from #"),
                                         ("da", "Fortrød: en rettelse (fra #"),
                                         ("uk", "Скасовано: виправлення (з #")])
def test_a_correction_is_one_thing_undone_however_many_entries_it_moved(saves, lang, undid):
    """gm-review3 C1: a forgotten turn inserted wrote a correction of each
    later turn it moved; undo read "4 × entry corrected"."""
    c = Campaign.create(saves, "c", "dolmenwood", 3)
    c.dispatch(party.AddCharacter("Ana", hp=8))
    c.dispatch(dun.EnterDungeon("D"))
    first = c.dispatch(dun.AdvanceTurn(1)).envelopes[0].seq
    c.dispatch(dun.AdvanceTurn(3))
    moved = c.dispatch(c.amend_command(first, insert=("turn", "rest")))
    assert len(moved.envelopes) > 1  # the later turns moved with it
    with i18n.using(lang):
        assert _said(c, c.dispatch(Undo())).startswith(undid)
    assert kind_words("4 × entry corrected") == "4 × entry corrected"  # old logs read as stored
