"""The GM's language (issue 23) for the log, the recap, the picker and the
timeline (undo, redo, rewind, corrections and their previews): nothing shown
outside the catalogs, the screens fit 80x24 in Danish and Ukrainian, their
snapshots, and golden lines in English, Danish and Ukrainian.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from support.i18n import SIZE, screen_text, svg_text, unmarked
from support.pilot import log_ready, settle

from tracker import i18n, recap
from tracker.cli import main
from tracker.core import campaign as camp
from tracker.core import dungeon as dun
from tracker.core import lights, supplies
from tracker.core.changes import changes_in_words, cut
from tracker.core.engine import Timeline
from tracker.core.errors import Refused
from tracker.core.events import EVENT_TYPES
from tracker.core.timeline import kinds
from tracker.history import entries
from tracker.service import Campaign, list_rulesets
from tracker.ui.app import TrackerApp

FIXED_TIME = 1_790_000_000  # 2026-09-21: the picker's "last played" column
RULESET = {"en": "dolmenwood", "da": "dyb-og-drager", "uk": "dolmenwood"}


def delve(saves: Path, name: str, ruleset: str) -> Campaign:
    """A delve of dungeon and history entries only, every die typed: two
    sessions, an undo and a redo, a retyped check (a correction), a rewind
    and its undo. No character: the party's lines are another area's."""
    c = Campaign.create(saves, name, ruleset, 1)
    c.dispatch(supplies.SetSupplies("torches", 3))
    c.dispatch(camp.StartSession())
    c.dispatch(dun.EnterDungeon("Barrow", 1))
    c.dispatch(lights.LightSource("torch"))
    for activity in ("explore", "explore", "search"):
        _turn(c, activity)
    c.undo()
    c.redo()
    c.dispatch(camp.EndSession())
    c.dispatch(camp.StartSession())
    while not dun.check_due(c.state, c.state.dungeon.turn + 1):
        _turn(c, "explore")
    _turn(c, "explore")
    checked = c.seq
    c.dispatch(c.amend_command(checked, [1, 5, 2, 3, 4]))
    _turn(c, "rest")
    c.dispatch(c.rewind_command(checked))
    c.undo()
    c.dispatch(dun.ChangeDepth(2))
    return c


def _turn(c: Campaign, activity: str) -> None:
    """One turn; a wandering check falling due rolls a 6 (quiet)."""
    due = dun.check_due(c.state, c.state.dungeon.turn + 1)
    c.dispatch(dun.AdvanceTurn(1, activity), [6] if due else None)


def _mtimes(saves: Path) -> None:
    for i, p in enumerate(sorted(saves.iterdir())):
        os.utime(p, (FIXED_TIME + i * 3600, FIXED_TIME + i * 3600))


# -- (1) the pseudo-locale: nothing of ours shown outside the catalogs --------------------

# names and ids the GM typed or the ruleset holds (no [names.xx] in the pseudo-locale)
NAMES = {"Barrow", "delve", "Torch", "torch", "explore", "search", "rest", "Dolmenwood",
         "Stopped", "tracker", "saves", "review", "recap", "Markdown", "md",
         "Search", "for", "commands", "zzz"}  # Textual's own palette placeholder


def _area_lines(text: str) -> str:
    return text


@pytest.mark.parametrize("keys", [(), ("enter",), ("question_mark",), ("ctrl+p",),
                                  ("s",), ("a", "a"), ("w",), ("m",), ("i",), ("f",),
                                  ("slash", "z", "z", "z")])
async def test_pseudo_locale_log_screen_and_its_dialogs(saves, pseudo, keys):
    delve(saves, "delve", "dolmenwood").close()
    app = TrackerApp(saves, "delve", lang="xx")
    async with app.run_test(size=SIZE) as pilot:
        await log_ready(pilot)
        for _i in range(3):
            await pilot.press("up")
        await pilot.pause(0.2)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        text = svg_text(app.export_screenshot())
    assert not unmarked(text, NAMES), (keys, unmarked(text, NAMES), text)


async def test_pseudo_locale_field_dialogs_and_the_preview(saves, pseudo):
    """f on a turn: its fields, then a choice of activities, then the preview."""
    delve(saves, "delve", "dolmenwood").close()
    app = TrackerApp(saves, "delve", lang="xx")
    seen = []
    async with app.run_test(size=SIZE) as pilot:
        await log_ready(pilot)
        await pilot.press("home", *["down"] * 5)  # #6, a turn exploring
        await pilot.pause(0.2)
        for key in ("f", "enter", "down", "enter"):
            await pilot.press(key)
            await settle(pilot)
            seen.append(svg_text(app.export_screenshot()))
    text = "\n".join(seen)
    assert "⟦What changes:⟧" in text, text
    assert not unmarked(text, NAMES), (unmarked(text, NAMES), text)


@pytest.mark.parametrize("keys", [(), ("a",), ("left",), ("x",), ("ctrl+p",)])
async def test_pseudo_locale_recap_screen(saves, pseudo, keys):
    delve(saves, "delve", "dolmenwood").close()
    text = await screen_text(TrackerApp(saves, "delve", lang="xx"), ("3", *keys))
    assert not unmarked(text, NAMES), (keys, unmarked(text, NAMES), text)


@pytest.mark.parametrize("keys", [(), ("n",), ("ctrl+p",)])
async def test_pseudo_locale_picker(saves, pseudo, keys):
    delve(saves, "delve", "dolmenwood").close()
    text = await screen_text(TrackerApp(saves, lang="xx"), keys)
    extra = NAMES | set(re.findall(r"[A-Za-z]+", str(saves)))
    # the rulesets' names and descriptions are their data ([meta]), not our text
    for r in list_rulesets():
        extra |= set(re.findall(r"[A-Za-z][A-Za-z'’]+", f"{r.name} {r.description}"))
    assert not unmarked(text, extra), (keys, unmarked(text, extra), text)


def test_pseudo_locale_log_export_amend_undo_cli_and_refusals(saves, capsys, pseudo):
    delve(saves, "p", "dolmenwood").close()
    for step in (["log", "p"], ["log", "p", "--area", "history"],
                 ["export", "p", "--format", "markdown"],
                 ["export", "p", "--session", "1-2", "--format", "markdown"],
                 ["export", "p", "--session", "7", "--format", "markdown"],
                 ["undo", "p"], ["redo", "p"], ["redo", "p"],
                 ["do", "p", "amend", "5"], ["do", "p", "amend", "1", "--dice", "1"],
                 ["do", "p", "amend", "5", "--dice", "1", "2", "3", "4", "5", "6", "7"],
                 ["do", "p", "amend", "5", "--dice", "9"],
                 ["do", "p", "amend", "6", "--set", "activity=dance"],
                 ["do", "p", "amend", "6", "--set", "nothing=1"],
                 ["do", "p", "amend", "6", "--set", "activity"],
                 ["do", "p", "amend", "6", "--set", "activity=explore"],
                 ["do", "p", "amend", "6", "--insert-turn", "dance"],
                 ["do", "p", "amend", "4", "--dice", "1"],
                 ["do", "p", "rewind", "0"], ["do", "p", "rewind", "999"]):
        try:
            main(["--lang", "xx", *step])
        except SystemExit:
            pass
    out = capsys.readouterr()
    text = out.out + out.err
    assert "⟦" in text
    for action, marked in (("amend", ("⟦correct entry SEQ", "⟦why, for the log⟧",
                                      "⟦insert a forgotten turn")),
                           ("rewind", ("⟦return the campaign to how it stood",))):
        with pytest.raises(SystemExit):
            main(["--lang", "xx", "do", "p", action, "--help"])
        shown = " ".join(capsys.readouterr().out.split())
        assert all(" ".join(m.split()) in shown for m in marked), shown
    for line in text.splitlines():
        if "usage: " in line or "[-" in line:
            continue  # argparse's usage: the command's own names and flags
        line = re.sub(r"--?[a-z][a-z-]*", " ", line)  # flags are typed as they are
        assert not unmarked(line, NAMES | {"dance", "nothing", "activity", "SEQ", "FIELD",
                                           "VALUE", "ACTIVITY", "NOTE", "DICE", "p", "seq", "DIR",
                                           "CODE"}), line
