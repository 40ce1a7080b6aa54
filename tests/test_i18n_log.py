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

from support.campaigns import played_at
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
    played_at(saves, FIXED_TIME)  # the picker's "last played": the log's last entry


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


# -- (2) the screens fit 80x24 in Danish and Ukrainian ----------------------------------


def _footer_fits(text: str, lang: str, screen, skip=()) -> None:
    """The footer keeps the screen's first keys and drops the last ones whole
    (widgets/footer.py); Quit and Keys stay; no key is cut. ``skip``: actions
    the footer never shows (the picker's Enter is its table's)."""
    footer = [line for line in text.splitlines() if line.strip()][-1]
    with i18n.using(lang):
        shown = [i18n._(b.description) for b in screen.BINDINGS
                 if b.show and b.action not in skip]
        kept = [i18n._("Quit"), i18n._("Keys")]
    there = [f" {word}" in footer for word in shown]
    assert there[0] and there == sorted(there, reverse=True), footer
    for word in kept:
        assert word in footer, (word, footer)
    assert "…" not in footer, footer
    # the last key before the palette's is whole: "^y Gentag", never "^y G"
    last = footer.split("▏")[0].rstrip().rsplit(" ", 1)[-1]
    with i18n.using(lang):
        whole = {i18n._(d) for d in ("Undo", "Redo", "Quit", "Keys")} | set(shown)
    whole |= {"^z", "^y"}  # Undo and Redo as bare keys (widgets/footer.py): whole too
    # a compact footer's keys stand with no space between them: "Keys^z^y"
    assert any(last.endswith(word) for word in whole), (last, footer)


@pytest.mark.parametrize("lang", ["da", "uk"])
async def test_the_log_screen_fits_80x24(saves, lang):
    from tracker.ui.screens.log import LogScreen

    delve(saves, "delve", RULESET[lang]).close()
    app = TrackerApp(saves, "delve", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await log_ready(pilot)
        await pilot.pause(0.2)
        text = svg_text(app.export_screenshot())
    _footer_fits(text, lang, LogScreen)
    with i18n.using(lang):
        titles = [i18n._("Log"), i18n._("After #{seq}").format(seq=18),
                  i18n._("all entries"), i18n._("{shown} of {total}").format(shown=18, total=18)]
    for title in titles:
        assert title in text, (title, text)
    # nothing of ours cut short with "…"; a log row longer than the list ends in
    # one (i18n-fit: a cut line says so; its whole text reads in the pane below)
    for row in text.splitlines():
        if "…" in row:
            assert re.match(r"\W*\d+ ", row) and row.rstrip(" │▁▂▃▄▅▆▇█").endswith("…"), row


@pytest.mark.parametrize("lang", ["da", "uk"])
async def test_the_recap_screen_fits_80x24(saves, lang):
    from tracker.ui.screens.recap import RecapScreen

    delve(saves, "delve", RULESET[lang]).close()
    text = await screen_text(TrackerApp(saves, "delve", lang=lang), ("3", "a"))
    _footer_fits(text, lang, RecapScreen)
    with i18n.using(lang):
        heading = i18n._("sessions {first}-{last}").format(first=1, last=2)
    assert heading in text and "…" not in text, text


@pytest.mark.parametrize("lang", ["da", "uk"])
async def test_the_picker_fits_80x24(saves, lang):
    from tracker.ui.screens.picker import PickerScreen

    delve(saves, "delve", RULESET[lang]).close()
    text = await screen_text(TrackerApp(saves, lang=lang))
    _footer_fits(text, lang, PickerScreen, skip=("open",))
    with i18n.using(lang):
        columns = [i18n._(c) for c in ("Campaign", "Ruleset", "Last played", "Entries")]
    for column in columns:
        assert column in text, (column, text)


async def test_the_compact_footer_counts_the_columns_between_keys():
    """The log's footer is compact: one column between keys. Counted, a Danish
    footer drops a key whole instead of the palette covering "^y Gentag"."""
    from textual.app import App
    from textual.widgets._footer import FooterKey

    from tracker.ui.widgets.footer import _width

    class OneKey(App):
        def compose(self):
            yield FooterKey("w", "w", "Spol", "rewind")

    app = OneKey()
    async with app.run_test() as pilot:
        key = app.query_one(FooterKey)
        key.styles.margin = (0, 1, 0, 0)
        await pilot.pause()
        assert _width(key) == key.outer_size.width + 1


# -- (3) snapshots in Danish and Ukrainian -----------------------------------------------


@pytest.mark.parametrize("lang", ["da", "uk"])
def test_log_screen_snapshot_in_danish_and_ukrainian(snap_compare, fixed_saves, lang):
    delve(fixed_saves, "delve", RULESET[lang]).close()

    async def run_before(pilot):
        await log_ready(pilot)
        for _i in range(4):
            await pilot.press("up")  # on the correction: its "as it stood" pane
        await pilot.pause(0.2)

    assert snap_compare(TrackerApp(fixed_saves, "delve", lang=lang), terminal_size=SIZE,
                        run_before=run_before)


@pytest.mark.parametrize("lang", ["da", "uk"])
def test_rewind_preview_snapshot_in_danish_and_ukrainian(snap_compare, fixed_saves, lang):
    delve(fixed_saves, "delve", RULESET[lang]).close()

    async def run_before(pilot):
        await log_ready(pilot)
        await pilot.press("home", *["down"] * 6)  # #7, before the search undone and redone
        await pilot.pause(0.2)
        await pilot.press("w")
        await settle(pilot)

    assert snap_compare(TrackerApp(fixed_saves, "delve", lang=lang), terminal_size=SIZE,
                        run_before=run_before)


@pytest.mark.parametrize("lang", ["da", "uk"])
def test_recap_screen_snapshot_in_danish_and_ukrainian(snap_compare, fixed_saves, lang):
    delve(fixed_saves, "delve", RULESET[lang]).close()

    async def run_before(pilot):
        await pilot.press("3", "a")
        await settle(pilot)

    assert snap_compare(TrackerApp(fixed_saves, "delve", lang=lang), terminal_size=SIZE,
                        run_before=run_before)


@pytest.mark.parametrize("lang", ["da", "uk"])
def test_picker_snapshot_in_danish_and_ukrainian(snap_compare, fixed_saves, lang):
    for r in ("dyb-og-drager", "dolmenwood"):
        delve(fixed_saves, f"{r} delve", r).close()
    _mtimes(fixed_saves)
    assert snap_compare(TrackerApp(fixed_saves, lang=lang), terminal_size=SIZE)


# -- (4) golden lines in English, Danish and Ukrainian --------------------------------

HISTORY = {  # entries 9, 10 and 13 to 18 of ``delve`` on Dyb & Drager
    "en": ["Undid: turn advanced (from #8)", "Redid: turn advanced (from #8)",
           "Turn: explore; check 1d6=[6] typed quiet",
           "Corrected #13: Turn: explore; check 1d6=[1] typed ENCOUNTER, surprised: monsters, "
           "distance 70 ft (2d6*10=[3,4]=70 typed)",
           "Turn: rest", "Rewound the campaign to #13", "Undid: rewound (from #16)",
           "Now on dungeon level 2"],
    "da": ["Fortrød: tur gået (fra #8)", "Gentog: tur gået (fra #8)",
           "Tur: udforskning; tjek 1t6=[6] indtastet: ingen konfrontation",
           "Rettede #13: Tur: udforskning; tjek 1t6=[1] indtastet KONFRONTATION, overrasket: "
           "uhyrerne, afstand 70 fod (2t6*10=[3,4]=70 indtastet)",
           "Tur: hvile", "Spolede kampagnen tilbage til #13", "Fortrød: spolet tilbage (fra #16)",
           "Nu på dybets niveau 2"],
    "uk": ["Скасовано: хід минув (з #8)", "Повторено: хід минув (з #8)",
           "Хід: дослідження; перевірка 1к6=[6] введено тихо",
           "Виправлено #13: Хід: дослідження; перевірка 1к6=[1] введено ЗУСТРІЧ, захоплені "
           "зненацька: чудовиська, відстань 70 фт (2к6*10=[3,4]=70 введено)",
           "Хід: відпочинок", "Кампанію відмотано до #13", "Скасовано: відмотано (з #16)",
           "Тепер на рівні підземелля 2"],
}


def _lines(c: Campaign, lang: str) -> list[str]:
    with i18n.using(lang):
        log = entries(list(c.store.read()), Timeline(c.store.read))
        return [e.text for e in log]


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
def test_golden_undo_redo_rewind_and_correction_lines(saves, lang):
    c = delve(saves, "dd", "dyb-og-drager")
    lines = _lines(c, lang)
    c.close()
    assert [lines[i - 1] for i in (9, 10, *range(13, 19))] == HISTORY[lang]


def test_a_danish_campaigns_log_read_in_english_danish_and_ukrainian(saves):
    """The log holds facts: one Danish campaign, its every line in three
    languages, and English as it always was (no Danish word in it)."""
    c = delve(saves, "dd", "dyb-og-drager")
    assert c.state.language_in_force == "da"
    en, da, uk = (_lines(c, lang) for lang in ("en", "da", "uk"))
    c.close()
    assert len(en) == len(da) == len(uk) == 18
    # GM review 5 C8: the ruleset's name, not its id
    assert en[0] == "Campaign 'dd' created with Dyb & Drager (seed 1)"
    assert da[0] == "Kampagnen 'dd' oprettet med Dyb & Drager (frø 1)"
    for i in range(1, 18):
        assert en[i] != da[i] != uk[i] != en[i], (en[i], da[i], uk[i])
    assert not any(re.search(r"[æøåÆØÅ]|\bTur\b|tur gået", line) for line in en), en
    # Dyb & Drager names its rules terms in Ukrainian too (issue 23): no English but names
    english = r"Barrow|Dyb & Drager|dd"
    assert not any(re.search(r"[a-z]{4}", re.sub(english, "", line)) for line in uk), uk


RECAP = {
    "en": ["# dd: sessions 1-2", "",
           "*Dyb & Drager* · from Day 1, 08:00 to Day 1, 08:50 (5 turns in game)"],
    "da": ["# dd: spilgang 1-2", "",
           "*Dyb & Drager* · fra Dag 1, 08:00 til Dag 1, 08:50 (5 ture i spillet)"],
    "uk": ["# dd: сесії 1-2", "",
           "*Dyb & Drager* · День 1, 08:00 — День 1, 08:50 (5 ходів у грі)"],
}
BY_SESSION = {"en": ("## By session", "S1   turns    3", "S2   turns    2"),
              "da": ("## Spilgang for spilgang", "S1   ture    3", "S2   ture    2"),
              "uk": ("## За сесіями", "С1   ходи    3", "С2   ходи    2")}


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
def test_golden_recap_and_its_markdown_export(saves, capsys, lang):
    delve(saves, "dd", "dyb-og-drager").close()
    assert main(["--lang", lang, "export", "dd", "--session", "1-2", "--format",
                 "markdown"]) == 0
    md = capsys.readouterr().out.splitlines()
    assert md[:3] == RECAP[lang]
    heading, first, second = BY_SESSION[lang]
    assert heading in md
    assert md[md.index("```") + 1].startswith(first) and md[md.index("```") + 2].startswith(second)
    with i18n.using(lang):
        c = Campaign.open(saves, "dd")
        one = recap.markdown(recap.build("dd", list(c.store.read()), c.state_at, [1]))
        c.close()
    assert one.splitlines()[0] == "# " + {"en": "dd: session 1", "da": "dd: spilgang 1",
                                          "uk": "dd: сесія 1"}[lang]


@pytest.mark.parametrize("turns, want", [(1, "1 хід"), (2, "2 ходи"), (5, "5 ходів")])
def test_a_recaps_span_in_ukrainian_plural_forms(saves, turns, want):
    c = Campaign.create(saves, "s", "dolmenwood", 1)
    c.dispatch(camp.StartSession())
    c.dispatch(dun.EnterDungeon("Barrow", 1))
    for _i in range(turns):
        _turn(c, "explore")
    with i18n.using("uk"):
        md = recap.markdown(recap.build("s", list(c.store.read()), c.state_at, [1]))
    c.close()
    assert f"({want} у грі)" in md.splitlines()[2], md


@pytest.mark.parametrize("n, da, uk", [
    (1, "1 terning givet", "Дано 1 кубик,"), (2, "2 terninger givet", "Дано 2 кубики,"),
    (5, "5 terninger givet", "Дано 5 кубиків,"), (21, "21 terninger givet", "Дано 21 кубик,")])
def test_too_many_dice_for_a_correction_in_each_plural_form(n, da, uk):
    from tracker.core.timeline.amend import _given_but

    for lang, want in (("da", da), ("uk", uk)):
        with i18n.using(lang):
            assert _given_but(n, "…").startswith(want)
    with i18n.using("en"):
        assert _given_but(n, "…").startswith(f"{n} {'die' if n == 1 else 'dice'} given")


@pytest.mark.parametrize("n", [2, 5, 21])
def test_a_retyped_check_with_too_many_dice_is_refused_in_ukrainian(saves, capsys, n):
    c = delve(saves, "dd", "dolmenwood")
    seq = next(e.seq for e in c.store.read() if e.type == "turn_advanced"
               and getattr(e.event, "check", None) is not None)
    c.close()
    dice = ",".join(["6"] + ["1"] * (n - 1))  # a 6 is quiet: the check rolls only that die
    assert main(["--lang", "uk", "do", "dd", "amend", str(seq), "--dice", dice]) == 1
    err = capsys.readouterr().err
    assert uk_given(n) in err and "запис кидає лише 1" in err, err


def uk_given(n: int) -> str:
    return {2: "Дано 2 кубики", 5: "Дано 5 кубиків", 21: "Дано 21 кубик"}[n]


def test_every_entry_kind_an_undo_names_reads_in_each_language():
    """An undo stores its command's kind in English ("turn advanced"): every
    event type has its words in kinds.py, and each catalog translates them."""
    words = kinds._made.__wrapped__("en")
    missing = {t.replace("_", " ") for t in EVENT_TYPES} - set(words)
    assert not missing, f"add to tracker/core/timeline/kinds.py and translate: {missing}"
    for lang in ("da", "uk"):
        with i18n.using(lang):
            assert kinds.kind_words("turn advanced") != "turn advanced"
            untranslated = [w for w in words if kinds.kind_words(w) == w]
            assert not untranslated, (lang, untranslated)


def test_a_correction_preview_names_its_fields_in_the_gms_language(saves):
    """changes.py: a change no area words is said from the state's keys, each
    key through field_words.py ("Retainers · Al · wage: 2 → 3")."""
    c = delve(saves, "dd", "dyb-og-drager")
    before, after = c.state_at(4), c.state_at(6)
    c.close()
    with i18n.using("en"):
        en = changes_in_words(before, after)
    with i18n.using("da"):
        da = changes_in_words(before, after)
        assert cut([f"{i}" for i in range(9)], 4)[-1] == "… og 6 mere"
    assert en[0].startswith("Time: Day 1, 08:00 → ") and da[0].startswith("Tid: Dag 1, 08:00 → ")
    assert len(en) == len(da) and en != da


async def test_the_log_and_recap_read_again_when_the_gm_changes_the_language(saves, monkeypatch):
    """Palette "Language" while the log is open: every line is made again in
    the new language (the list built before is not extended in the old one),
    and so is the recap."""
    monkeypatch.delenv("LANGUAGE")
    delve(saves, "dd", "dyb-og-drager").close()
    app = TrackerApp(saves, "dd")
    async with app.run_test(size=SIZE) as pilot:
        await log_ready(pilot)
        before = svg_text(app.export_screenshot())
        await app.dispatch(camp.SetLanguage("uk"))
        for _i in range(20):  # the screens compose again, the log is read again
            await pilot.pause(0.1)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause(0.2)
        after = svg_text(app.export_screenshot())
        await pilot.press("3")
        await settle(pilot)
        recap_text = svg_text(app.export_screenshot())
    assert "Fortrød: spolet tilbage (fra #16)" in before
    assert "Скасовано: відмотано (з #16)" in after and "Fortrød" not in after, after
    assert "Мову задано" in after or "Мова" in after
    assert "сесія 2" in recap_text and "spilgang" not in recap_text, recap_text


async def test_f_names_a_turns_fields_and_activities_in_danish(saves):
    """The field list and the choice of values read in the GM's words: the
    activity by the ruleset's Danish name, not its id."""
    delve(saves, "dd", "dyb-og-drager").close()
    app = TrackerApp(saves, "dd", lang="da")
    seen = []
    async with app.run_test(size=SIZE) as pilot:
        await log_ready(pilot)
        await pilot.press("home", *["down"] * 5)  # #6, a turn exploring
        await pilot.pause(0.2)
        for key in ("f", "enter"):
            await pilot.press(key)
            await settle(pilot)
            seen.append(svg_text(app.export_screenshot()))
    fields, values = seen
    assert "Ret et felt i #6" in fields and "aktivitet: udforskning" in fields, fields
    assert "#6: ny værdi for aktivitet" in values and "udforskning  (nu)" in values, values
    assert "eftersøgning" in values and "explore" not in values, values
