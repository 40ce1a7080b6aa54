"""A campaign's language is chosen when it is made (default: its ruleset's):
`tracker new --lang CODE` and the picker's new-campaign dialog record it in
the first command, and `state` and the log read it back."""

from __future__ import annotations

import json

import pytest

from tracker.cli import main
from tracker.service import Campaign
from tracker.ui.app import TrackerApp

from support.pilot import SIZE, settle


def _language(capsys, name: str) -> str:
    assert main(["state", name]) == 0
    return json.loads(capsys.readouterr().out)["language"]


@pytest.mark.parametrize("ruleset,own,asked", [("dnd-2024", "uk", "da"),
                                               ("dyb-og-drager", "da", "uk"),
                                               ("dolmenwood", "uk", "en")])
def test_new_with_lang_makes_the_campaign_in_that_language(saves, capsys, ruleset, own, asked):
    assert main(["new", "a", "--ruleset", ruleset, "--lang", asked]) == 0
    assert main(["--lang", asked, "new", "b", "--ruleset", ruleset]) == 0  # before the command too
    assert main(["new", "c", "--ruleset", ruleset]) == 0
    capsys.readouterr()
    assert _language(capsys, "a") == _language(capsys, "b") == asked
    assert _language(capsys, "c") == own  # default: the ruleset's
    c = Campaign.open(saves, "a")
    assert [e.type for e in c.store.read()] == ["campaign_created", "language_set"]
    assert len({e.command_id for e in c.store.read()}) == 1  # one command: made with it
    c.close()


def test_new_in_the_rulesets_own_language_writes_nothing_more(saves, capsys):
    assert main(["new", "a", "--ruleset", "dnd-2024", "--lang", "uk"]) == 0
    c = Campaign.open(saves, "a")
    assert [e.type for e in c.store.read()] == ["campaign_created"]
    c.close()


def test_new_with_an_unknown_language_is_refused_and_makes_no_file(saves, capsys, pseudo):
    # "zz": no catalog and no test installs it (the pseudo-locale "xx" stays installed)
    assert main(["new", "a", "--ruleset", "dnd-2024", "--lang", "zz"]) != 0
    assert "zz" in capsys.readouterr().err
    assert not (saves / "a.campaign").exists()


async def _new_in_the_app(app, pilot, name: str, language_moves: list[str]):
    await pilot.press("n")
    await pilot.pause()
    await pilot.press("enter")  # the first shipped ruleset
    await pilot.pause()
    for ch in name:
        await pilot.press(ch)
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press(*language_moves, "enter")  # the language dialog
    await pilot.pause()
    await pilot.pause()
    await pilot.press("enter")  # "Start session 1?" -> start
    await settle(pilot)


@pytest.mark.parametrize("moves", [[], ["down"], ["down", "down"]])
async def test_the_apps_new_campaign_dialog_chooses_the_language(saves, moves):
    from tracker.service import list_rulesets

    first = list_rulesets()[0]
    app = TrackerApp(saves)
    async with app.run_test(size=SIZE) as pilot:
        await _new_in_the_app(app, pilot, "Barrow", moves)
        assert app.campaign is not None and app.state.name == "Barrow"
        chosen = app.state.language_in_force
    from tracker import i18n

    order = [first.language, *[c for c in i18n.available() if c != first.language]]
    assert chosen == order[len(moves)]  # the ruleset's first, then the others


async def test_the_apps_dialog_starts_at_this_runs_lang_as_the_cli_does(saves, capsys):
    """`tracker --lang da` then n: the campaign is made in Danish, as
    `tracker --lang da new ...` makes it."""
    app = TrackerApp(saves, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await _new_in_the_app(app, pilot, "Barrow", [])
        assert app.state.language_in_force == "en"
    assert main(["--lang", "en", "new", "Cairn", "--ruleset", "dyb-og-drager"]) == 0
    capsys.readouterr()
    assert _language(capsys, "Barrow") == _language(capsys, "Cairn") == "en"
