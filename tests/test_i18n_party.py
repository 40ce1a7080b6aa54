"""The party area in the GM's language (issue 23): its screen, dialogs, CLI
actions and refusals through the catalogs; the screen at 80x24 in Danish and
Ukrainian; snapshots; and golden party lines in three languages.

The pseudo-locale ``xx`` (tests/support/i18n.py) wraps every message in ⟦…⟧:
shown under it, an English word outside the markers never went through the
catalogs. The ruleset's own names (classes, conditions, abilities) are data:
under ``xx`` they read in English, so they are allowed words here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.i18n import SIZE, screen_text, svg_text, unmarked
from support.pilot import settle

from tracker import i18n
from tracker.cli import main
from tracker.core import terms
from tracker.core.ruleset import load_text
from tracker.demo import build
from tracker.ui.app import TrackerApp

ROOT = Path(__file__).resolve().parents[1]
RULESETS = ("dyb-og-drager", "dolmenwood", "dnd-2024")
LANGS = {"dyb-og-drager": "da", "dolmenwood": "uk", "dnd-2024": "uk"}


def _data_words(ruleset: str) -> set[str]:
    """Every word of the ruleset's names (English under the pseudo-locale)."""
    rules = load_text((ROOT / "rulesets" / f"{ruleset}.toml").read_text()).rules
    words = set()
    for english in terms.term_keys(rules).values():
        words |= {w for word in re.split(r"[\s,()\-]+", english) if word
                  for w in (word, word.capitalize(), word.upper())}
    return words | {a.upper() for a in rules.party.abilities}  # the sheet's ids: STR, DEX


async def _shown(app, keys) -> str:
    """The screen after ``keys``, with time for a notice (a toast) to show."""
    async with app.run_test(size=SIZE) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause(0.3)
        # a toast is not in the screenshot: its text from the app's notifications
        toasts = "\n".join(n.message for n in pilot.app._notifications)
        return svg_text(pilot.app.export_screenshot()) + "\n" + toasts


# -- (1) the pseudo-locale: the party screen, its dialogs, its CLI -----------------------

# the party screen's keys that open a dialog (on the first character), the palette,
# and the steps of a new character; each with a bit of its marked text
DIALOGS = (((), "⟦Saves and skills⟧"), (("a",), "⟦New character: name⟧"),
           # heal: the first character is whole, so the dialog does not open (gm-review4 C2)
           (("d",), "⟦Damage to "), (("h",), "already at full hit points ("),
           (("x",), "⟦Award XP to the party⟧"),
           (("c",), "condition on/off⟧"), (("e",), "exhaustion"), (("w",), "load carried⟧"),
           (("r",), "⟦Combat rounds pass⟧"), (("s",), "hort rest"), (("l",), "ong rest"),
           (("ctrl+p",), "⟦Roll or type abilities, then a class they allow⟧"),
           (("a", "N", "o", "r", "a", "enter"), "⟦No class: a hireling or torch-bearer⟧"),
           (("a", "N", "o", "r", "a", "enter", "down", "enter"), "⟦In order: "),
           (("a", "N", "o", "r", "a", "enter", "enter"), "class⟧"))


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_pseudo_locale_party_screen_and_dialogs(saves, pseudo, ruleset):
    c = build(saves, "delve", ruleset, "encounter")
    names = {"delve", "Nora", "Dyb", "Drager", "Dolmenwood", "D&D"} | \
        {p.name for p in c.state.party} | set(c.state.dungeon.name.split())
    c.close()
    names |= _data_words(ruleset)
    names |= {part for w in set(names) for i in range(1, len(w) - 2)  # a dialog cuts one
              for part in (w[i:], w[:-i])}
    names |= {"Search", "for", "commands", "palette"}  # Textual's palette prompt
    for keys, shows in DIALOGS:
        text = await _shown(TrackerApp(saves, "delve", lang="xx"), ("4", *keys))
        assert "⟦Party⟧" in text and shows in text, (keys, shows, text)
        # the alerts line under the header belongs to the other areas: rows 2-3 are left out
        body = "\n".join(text.splitlines()[2:])
        assert not unmarked(body, names), (keys, unmarked(body, names), text)
        # a message wrapped over two sheet lines ("⟦Speed ... turn," | "load 400 coins⟧")
        # read whole without a dialog: under one, its markers hidden, it is still marked
        seen = {w for m in re.findall(r"⟦[^⟦⟧]*⟧", text)
                for w in re.findall(r"[A-Za-z][A-Za-z'’]{2,}", m)}
        names |= seen | {part for w in seen for i in range(1, len(w) - 2)
                         for part in (w[i:], w[:-i])}


def test_pseudo_locale_party_cli_actions_and_refusals(saves, capsys, pseudo):
    main(["new", "p", "--ruleset", "dnd-2024", "--seed", "1"])
    steps = (
        ["add-character", "Aria", "--class", "fighter", "--abilities", "16,14,15,10,12,8"],
        ["add-character", "Brom", "--class", "cleric", "--roll-abilities"],
        ["add-character", "Tam"], ["add-character", "Tam"], ["add-character", "X" * 50],
        ["add-character", "Ulf", "--class", "ranger2"], ["add-character", "Ulf", "--abilities", "1"],
        ["add-character", "Ulf", "--class", "fighter", "--abilities", "1,2"],
        ["add-character", "Ulf", "--class", "fighter", "--abilities", "99,1,1,1,1,1"],
        ["add-character", "Ulf", "--class", "fighter", "--level", "40"],
        ["damage", "Aria", "3"], ["damage", "Aria", "1d4", "--dice", "2"],
        ["damage", "Aria", "2", "--critical"], ["damage", "Tam", "2"], ["damage", "Nobody", "2"],
        ["damage", "Aria", "1d4-9"], ["damage", "Aria", "0"], ["heal", "Aria", "2"],
        ["heal", "Aria", "-1"], ["heal", "Aria", "0"], ["heal", "Aria", "99"], ["heal", "Aria", "1"],
        ["xp", "600"], ["xp", "0"], ["xp", "50", "--to", "Tam"], ["xp", "50", "--to", "Aria", "Aria"],
        ["xp", "30", "--to", "Aria"],
        ["condition", "Aria", "poisoned"], ["condition", "Aria", "poisoned"],
        ["condition", "Aria", "poisoned", "--off"], ["condition", "Aria", "poisoned", "--off"],
        ["condition", "Aria", "grumpy"], ["exhaustion", "Aria", "2"], ["exhaustion", "Aria", "2"],
        ["exhaustion", "Aria", "9"], ["level-up", "Aria"], ["level-up", "Aria"], ["level-up", "Tam"],
        ["load", "Aria", "120"], ["load", "Aria", "-1"], ["short-rest", "Aria=1"],
        ["short-rest", "Aria=9"], ["short-rest", "Aria=0"], ["short-rest", "Aria,Aria"],
        ["short-rest", "Tam"], ["short-rest", "=x"], ["long-rest"], ["long-rest"],
        ["rounds", "3"], ["rounds", "0"], ["death-save", "Aria"],
        ["damage", "Brom", "200"], ["damage", "Aria", "30"], ["death-save", "Aria", "--dice", "1"],
        ["death-save", "Aria", "--dice", "12"], ["death-save", "Aria", "--dice", "20"],
        ["damage", "Aria", "30"], ["damage", "Aria", "1"], ["death-save", "Aria", "--dice", "5"],
        ["death-save", "Aria", "--dice", "5"], ["death-save", "Aria", "--dice", "5"],
        ["death-save", "Aria"], ["heal", "Aria", "3"], ["load", "Aria", "3"],
        ["rename-character", "Tam", "Tim"], ["rename-character", "Tim", "Tim"],
        ["remove-character", "Tim"], ["remove-character", "Tim"],
    )
    for step in steps:
        main(["--lang", "xx", "do", "p", *step])
    for step in (["log", "p"], ["do", "p", "add-character", "--help"], ["do", "p", "damage", "--help"],
                 ["do", "p", "short-rest", "--help"], ["do", "--help"],
                 ["export", "p", "--format", "markdown"]):
        try:
            main(["--lang", "xx", *step])
        except SystemExit:
            pass
    out = capsys.readouterr()
    text = out.out + out.err
    allowed = _data_words("dnd-2024") | {"Aria", "Brom", "Tam", "Tim", "Ulf", "Nobody", "ranger",
                                          "grumpy", "fighter", "cleric", "XXXXXXXXXXXXXXXXXXXX"}
    checked = 0
    for line in text.splitlines():
        party_line = line.startswith("tracker: ") or re.match(r"\s*#\d+ ", line)
        if party_line and not any(w in line for w in ("created", "Session", "session")):
            checked += 1
            assert not unmarked(line, allowed), line
    assert checked > 50, text
    # each action's help and its arguments' help are marked
    for name in ("add-character", "damage", "short-rest", "xp", "death-save", "rounds"):
        assert re.search(rf"{name}\s+⟦", text), name
    assert "⟦in the ruleset's order" in text and "⟦a critical hit" in text


# -- (2) Danish and Ukrainian screens fit 80x24 ------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", ["da", "uk"])
async def test_the_party_screen_fits_80x24(saves, ruleset, lang):
    from tracker.ui.screens.party import PartyScreen

    build(saves, "delve", ruleset, "overdue").close()
    for keys in ((), ("down", "down", "down")):  # the thief: the longest saves and skills
        text = await screen_text(TrackerApp(saves, "delve", lang=lang), ("4", *keys))
        with i18n.using(lang):
            shown = [i18n._(b.description) for b in PartyScreen.BINDINGS if b.show]
            titles = [i18n._(t) for t in ("Party", "Saves and skills")]
            columns = [i18n._(t) for t in ("Name", "Class", "Lv", "HP", "AC", "XP / next",
                                           "State")]
            columns.append(i18n.pgettext("party table", "Light"))
            kept = [i18n._("Quit"), i18n._("Keys")]
        footer = text.splitlines()[-1]
        there = [f" {word} " in footer + " " for word in shown]
        assert there[0] and there == sorted(there, reverse=True), \
            f"the footer should keep the first keys and drop the last: {footer!r}"
        for word in kept:
            assert word in footer, f"footer at 80 columns lost {word!r}: {footer!r}"
        for word in [*titles, *columns]:
            assert word in text, f"{word!r} cut or missing at 80x24 ({lang}): {text}"
        cut = [line for line in text.splitlines() if "…" in line]
        assert not cut, "\n".join(cut)


# -- (3) snapshots in Danish and Ukrainian -------------------------------------------------


@pytest.mark.parametrize("ruleset, lang", [("dyb-og-drager", "da"), ("dolmenwood", "uk"),
                                           ("dnd-2024", "uk")])
def test_party_snapshot_in_danish_and_ukrainian(snap_compare, tmp_path, monkeypatch,
                                                ruleset, lang):
    import time

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    saves = tmp_path / "saves"
    saves.mkdir()
    build(saves, "delve", ruleset, "encounter").close()
    assert snap_compare(TrackerApp(saves, "delve", lang=lang), press=["4", "down", "down", "down"],
                        terminal_size=SIZE, run_before=settle)


# -- (4) golden party lines and refusals in three languages --------------------------------

def _party_play(ruleset: str, lang: str, capsys) -> tuple[list[str], list[str]]:
    """A fixed evening of the party, every die typed in, read back in ``lang``:
    the log's party lines and the refusals, in order."""
    name = f"{ruleset}-{lang}"
    cls = {"dyb-og-drager": "tyv", "dolmenwood": "thief", "dnd-2024": "rogue"}[ruleset]
    steps = [["new", name, "--ruleset", ruleset, "--seed", "1"],
             ["do", name, "add-character", "Wren", "--class", cls, "--abilities",
              "10,11,12,16,13,9", "--dice", "3"],
             ["do", name, "add-character", "Bo"],
             ["do", name, "damage", "Wren", "1d4", "--dice", "2"],
             ["do", name, "condition", "Wren", "poisoned"],
             ["do", name, "xp", "5000", "--to", "Wren"],
             ["do", name, "load", "Wren", "1"], ["do", name, "load", "Wren", "21"],
             ["do", name, "rounds", "1"], ["do", name, "rounds", "2"], ["do", name, "rounds", "5"],
             ["do", name, "rounds", "21"],
             ["do", name, "condition", "Wren", "poisoned", "--off"],
             ["do", name, "rename-character", "Bo", "Bob"],
             ["do", name, "remove-character", "Bob"]]
    refusals = [["do", name, "heal", "Wren", "0"], ["do", name, "condition", "Wren", "grumpy"],
                ["do", name, "xp", "0"], ["do", name, "damage", "Nobody", "1"]]
    for step in steps:
        assert main(step) == 0, (step, capsys.readouterr().err)
    capsys.readouterr()
    for step in refusals:
        assert main(["--lang", lang, *step]) == 1
    errors = [line.removeprefix("tracker: ") for line in capsys.readouterr().err.splitlines()]
    assert main(["--lang", lang, "log", name]) == 0
    lines = [line[29:].strip() for line in capsys.readouterr().out.splitlines()]
    return lines[1:], errors  # past the campaign's creation


GOLDEN = {
    "en": ["Wren joined the party (a level 1 Thief); HP 1d4=[3] typed+1", "Bo joined the party (level 1)",
           "Wren took 2 damage (1d4=[2] typed)", "Wren is poisoned",
           "5,000 XP to Wren (5,500 with the bonus)", "Wren carries 1 coins of weight",
           "Wren carries 21 coins of weight", "1 combat round (10 s)", "2 combat rounds (20 s)",
           "5 combat rounds (50 s)", "21 combat rounds (210 s)", "Wren is no longer poisoned",
           "Bo is now called Bob", "Bob left the party"],
    "da": ["Wren kom med i gruppen (Tyv på rang 1); LK 1t4=[3] indtastet+1",
           "Bo kom med i gruppen (rang 1)", "Wren tog 2 i skade (1t4=[2] indtastet)",
           "Wren er forgiftet", "5.000 EP til Wren (5.500 med bonus)", "Wren bærer 1 mnt",
           "Wren bærer 21 mnt", "1 kamprunde (10 s)", "2 kamprunder (20 s)", "5 kamprunder (50 s)",
           "21 kamprunder (210 s)", "Wren er ikke længere forgiftet", "Bo hedder nu Bob",
           "Bob forlod gruppen"],
    "uk": ["Wren приєднується до гурту (Злодій рівня 1); хіти 1к4=[3] введено+1",
           "Bo приєднується до гурту (рівень 1)", "Wren отримує 2 шкоди (1к4=[2] введено)",
           "Wren: отруєний", "Wren: 5\u00a0000 досвіду (5\u00a0500 з бонусом)",
           "Wren несе 1 монету ваги", "Wren несе 21 монету ваги", "1 бойовий раунд (10 с)",
           "2 бойові раунди (20 с)", "5 бойових раундів (50 с)", "21 бойовий раунд (210 с)",
           "Wren більше не отруєний", "Bo тепер зветься Bob", "Bob покидає гурт"],
}
REFUSALS = {
    "en": ["heal at least 1", "unknown condition 'grumpy'; this ruleset has: paralysed, poisoned, "
           "asleep, charmed, blinded, diseased, cursed, petrified, exhausted",
           "award at least 1 XP", "'Nobody' is not in the party (party: Wren)"],
    "da": ["helbred mindst 1", "ukendt tilstand 'grumpy'; dette regelsæt har: lammet, forgiftet, "
           "sovende, forhekset, blindet, syg, forbandet, forstenet, udmattet",
           "giv mindst 1 EP", "'Nobody' er ikke i gruppen (gruppen: Wren)"],
    "uk": ["зціліть щонайменше 1", "невідомий стан 'grumpy'; у цих правилах є: паралізований, "
           "отруєний, сплячий, зачарований, засліплений, хворий, проклятий, скамʼянілий, "
           "виснажений",
           "дайте щонайменше 1 досвіду", "'Nobody' немає в гурті (гурт: Wren)"],
}


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
def test_golden_party_lines_in_three_languages(saves, capsys, lang):
    ruleset = {"en": "dolmenwood", "da": "dyb-og-drager", "uk": "dolmenwood"}[lang]
    lines, errors = _party_play(ruleset, lang, capsys)
    assert lines == GOLDEN[lang]
    assert errors == REFUSALS[lang]


def test_a_danish_gm_types_the_danish_names(saves, capsys):
    """A class and a condition by their name in the campaign's language."""
    assert main(["new", "dd", "--ruleset", "dyb-og-drager", "--seed", "1"]) == 0
    assert main(["do", "dd", "add-character", "Gorm", "--class", "Halvlang", "--abilities",
                 "10,10,10,10,10,10", "--dice", "4"]) == 0
    assert main(["do", "dd", "condition", "Gorm", "Forgiftet"]) == 0
    assert main(["--lang", "da", "log", "dd"]) == 0
    out = capsys.readouterr().out
    assert "Gorm kom med i gruppen (Halvlang på rang 1)" in out and "Gorm er forgiftet" in out
    assert main(["--lang", "en", "log", "dd"]) == 0
    out = capsys.readouterr().out
    assert "Gorm joined the party (a level 1 Halfling)" in out and "Gorm is poisoned" in out


def test_party_alerts_tally_and_changes_in_danish_and_ukrainian(saves, capsys):
    """The alert, the recap's party lines and a correction's changes, made when shown."""
    from tracker.core.party.views import PartyTally, _fallen_and_ready, _party_changes

    c = build(saves, "delve", "dnd-2024", "encounter")
    before = c.state
    from tracker.core import party
    c.dispatch(party.Damage("Aria", 12))
    c.dispatch(party.SetCondition("Aria", "prone"))
    after = c.state
    c.close()
    with i18n.using("uk"):
        alerts = [a.text for a in _fallen_and_ready(before, after)]
        changes = _party_changes(before, after)
    assert alerts == ["Aria при смерті"]
    assert "Aria: хіти 12 → 0" in changes and "Aria тепер повалений" in changes
    assert "Aria: у живих → при смерті" in changes
    with i18n.using("da"):
        changes = _party_changes(before, after)
        tally = PartyTally([1])
        tally.names = {1: ["Aria"]}  # by character id, its names in the span
        tally.fallen = [(1, "dying")]
        tally.damage = {1: 12}
        lines = tally.lines(lambda s: s)
    assert "Aria: 12 LK → 0 LK" in changes and "Aria er i live → døende" in changes
    assert lines == ["**Skade taget:** Aria 12", "**Faldne:** Aria (døende)"]
