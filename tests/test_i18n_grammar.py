"""Grammar and fit in Danish and Ukrainian (issue 23): footers at 80 columns,
counts of named things, words without a grammatical gender, one apostrophe,
the per-campaign commands' help, the Markdown export's last newline,
Textual's own words, and long lines at 80 columns."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.i18n import SIZE, svg_text
from support.pilot import settle

from tracker import i18n
from tracker.ui.app import TrackerApp
from tracker.ui.areas import area_screens
from tracker.ui.widgets.footer import main_count

RULESETS = ("dyb-og-drager", "dolmenwood", "dnd-2024")
LANGS = ("en", "da", "uk")


# -- 1. the footer at 80 columns keeps every screen's main keys ------------------------------


def _main_descriptions(app) -> list[str]:
    """The screen's main keys as the footer words them: the first main_count of the
    keys the screen itself shows now (its active bindings, bar the app's)."""
    app_actions = {b.action for b in app.BINDINGS if hasattr(b, "action")}
    own, seen = [], set()
    for _node, binding, enabled, _tip in app.screen.active_bindings.values():
        if binding.show and binding.action not in app_actions \
                and binding.action not in seen and binding.action != "command_palette":
            seen.add(binding.action)
            own.append(i18n._(binding.description))
    return own[:main_count(app.screen)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rid", RULESETS)
async def test_every_screen_keeps_its_main_keys_at_80_columns(played, rid, lang):
    app = TrackerApp(played, rid, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the campaign asks to begin a session: not now
        await settle(pilot)
        for screen in area_screens():
            await pilot.press(screen.key)
            await settle(pilot)
            await pilot.pause(0.1)
            footer = svg_text(app.export_screenshot()).splitlines()[-1]
            with i18n.using(lang):
                main = _main_descriptions(app)
                kept = [i18n._("Quit"), i18n._("Keys")]
            assert main, f"{screen.name} shows no key of its own"
            for word in [*main, *kept]:
                assert word in footer, f"{screen.name} in {lang} lost {word!r}: {footer!r}"
            assert "…" not in footer, footer


# -- 2. a count of a ruleset's named thing reads in any language -----------------------------


def _cli(saves, *argv) -> str:
    import contextlib
    import io

    from tracker.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--saves", str(saves), *argv]) == 0
    return out.getvalue()


@pytest.mark.parametrize("rid, lang", [("dyb-og-drager", "en"), ("dyb-og-drager", "da"),
                                       ("dolmenwood", "uk")])
def test_the_recaps_supplies_name_the_thing_before_its_count(saves, rid, lang):
    from tracker.core import terms
    from tracker.core.ruleset import load_text

    _cli(saves, "new", "c", "--ruleset", rid, "--seed", "1")
    for argv in (["session-start"], ["enter-dungeon", "Krypt"], ["supplies", "torches", "3"],
                 ["light", "torch"]):
        _cli(saves, "do", "c", *argv)
    md = _cli(saves, "--lang", lang, "export", "c", "--format", "markdown")
    rules = load_text((Path(__file__).parents[1] / "rulesets" / f"{rid}.toml").read_text()).rules
    with i18n.using(lang):
        torches = terms.term(rules, "supplies.torches").lower()
        head = i18n._("**Supplies used:** {supplies}").split("{")[0]
    line = next(l for l in md.splitlines() if head in l)
    # "1 torches", "1 fakler", "1 смолоскипи": a ruleset names its supplies in the
    # plural only and no number bends it, so the name leads (gm-review F12)
    assert line.endswith(f"{head}{torches}: 1"), line
    assert f"1 {torches}" not in md, md


@pytest.mark.parametrize("lang, kind", [("en", "standard rations"),
                                        ("da", "almindelige rationer")])
def test_a_spoiled_ration_count_leads_with_its_kind(lang, kind):
    """"1 standard rations spoiled" (gm-review F12): the kind's name is plural for any n."""
    from tracker.i18n import ngettext

    with i18n.using(lang):
        for n in (1, 2, 5):
            said = ngettext("{kind} spoiled: {n}", "{kind} spoiled: {n}", n).format(
                n=n, kind=kind)
            assert said.startswith(kind + ":" if lang == "da" else kind + " "), said


# -- 3. Ukrainian about a character: no grammatical gender -----------------------------------

# a character's name, then a word that agrees with a man only: a past tense
# (здобув, провалив, вибрався, врятувався) or an adjective (мертвий, стабільний)
_MASCULINE = ("мертвий", "живий", "стабільний", "непритомний", "неушкоджений", "поранений",
              "здобув", "провалив", "вибрався", "врятувався", "загинув", "втратив", "Новий у")


def _uk_catalog():
    from babel.messages.pofile import read_po

    with (Path(i18n.__file__).parent / "locale" / "uk" / "LC_MESSAGES" / "tracker.po") \
            .open("rb") as f:
        return read_po(f)


def test_ukrainian_says_nothing_of_a_characters_gender():
    import re

    about = re.compile(r"\{(name|who|owner|names)\}")
    found = []
    for m in _uk_catalog():
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        # a message about a character, or a status word said of one (the HP bands)
        if not (any(about.search(i) for i in ids if i) or ids[0] in _STATUS_WORDS):
            continue
        found += [(ids[0], s) for s in strings for word in _MASCULINE
                  if s and re.search(rf"(?<![\w]){word}(?![\w])", s)]
    assert not found, "\n".join(f"{i!r}: {s!r}" for i, s in found)


_STATUS_WORDS = {"alive", "dead", "dying", "stable", "stable at 0 HP", "down", "unhurt",
                 "wounded", "badly wounded"}


# -- 4. one apostrophe in Ukrainian: ʼ (U+02BC) -----------------------------------------------


def test_ukrainian_writes_one_apostrophe():
    """ʼ U+02BC, the modifier letter apostrophe, as seed 003 writes it: a letter
    to Unicode, so a word with it stays one word (search, double-click,
    ``\\w``), where ' is a typewriter mark and ’ a closing quote."""
    import re

    inside = re.compile(r"[\u0400-\u04FF](['’`])[\u0400-\u04FF]")
    wrong = [(m.id, s) for m in _uk_catalog() if m.id
             for s in (m.string if isinstance(m.string, tuple) else (m.string,))
             if s and inside.search(s)]
    for path in sorted((Path(__file__).parents[1] / "rulesets").glob("*.toml")):
        text = path.read_text()  # its [names.uk] tables, and any Ukrainian beside them
        wrong += [(path.name, text[m.start() - 20:m.end() + 5]) for m in inside.finditer(text)]
    assert not wrong, wrong


# -- 5. a per-campaign command's help in the campaign's language -----------------------------


@pytest.mark.parametrize("argv", [["do", "c", "--help"], ["do", "c", "turn", "--help"],
                                  ["log", "c", "-h"], ["state", "c", "--help"]])
def test_a_campaign_commands_help_follows_its_language(saves, monkeypatch, capsys, argv):
    from tracker.cli import main

    _cli(saves, "new", "c", "--ruleset", "dolmenwood", "--seed", "1")  # Ukrainian
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["--saves", str(saves), *argv])
    with i18n.using("uk"):
        usage = i18n._("usage: ")
    assert capsys.readouterr().out.startswith(usage.strip()), usage
    with pytest.raises(SystemExit):  # --lang still wins, and the locale variables
        main(["--saves", str(saves), "--lang", "en", *argv])
    assert capsys.readouterr().out.startswith("usage:")
    monkeypatch.setenv("LANGUAGE", "da")
    with pytest.raises(SystemExit):
        main(["--saves", str(saves), *argv])
    with i18n.using("da"):
        assert capsys.readouterr().out.startswith(i18n._("usage: ").strip())


def test_help_for_no_such_campaign_reads_as_the_run_does(saves, capsys):
    from tracker.cli import main

    with pytest.raises(SystemExit):
        main(["--saves", str(saves), "do", "nobody", "--help"])
    assert capsys.readouterr().out.startswith("usage:")


# -- 6. the Markdown export ends with a newline ----------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
async def test_the_markdown_export_ends_with_one_newline(played, tmp_path, lang):
    out = tmp_path / "recap.md"
    _cli(played, "--lang", lang, "export", "dolmenwood", "--format", "markdown",
         "-o", str(out))
    cli = out.read_text(encoding="utf-8")
    assert cli.endswith("\n") and not cli.endswith("\n\n"), repr(cli[-40:])
    assert _cli(played, "--lang", lang, "export", "dolmenwood", "--format",
                "markdown").endswith("\n")
    app = TrackerApp(played, "dolmenwood", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key in ("escape", "3", "x"):
            await pilot.press(key)
            await settle(pilot)
    written = next(played.glob("dolmenwood-recap-*.md")).read_text(encoding="utf-8")
    assert written.endswith("\n") and not written.endswith("\n\n"), repr(written[-40:])
    assert written == cli


# -- 7. Textual's own words -------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["da", "uk"])
async def test_textuals_own_words_read_in_the_language(played, lang):
    app = TrackerApp(played, "dolmenwood", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        footer = svg_text(app.export_screenshot()).splitlines()[-1]
        await pilot.press("question_mark")
        await settle(pilot)
        keys = svg_text(app.export_screenshot())
        await pilot.press("escape")
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.pause(0.2)
        prompt = svg_text(app.export_screenshot())
        for ch in "zzqqxx":
            await pilot.press(ch)
        await pilot.pause(1.0)
        none = svg_text(app.export_screenshot())
    with i18n.using(lang):
        words = {w: i18n._(w) for w in ("palette", "Focus Next", "Copy selected text",
                                        "Search for commands…", "No matches found")}
    assert words["palette"] in footer and "palette" not in footer, footer
    for w in ("Focus Next", "Copy selected text"):
        assert words[w] in keys and w not in keys, keys
    assert words["Search for commands…"] in prompt, prompt
    assert words["No matches found"] in none and "No matches" not in none, none


# -- 8. long lines at 80 columns read whole ---------------------------------------------------


def _flat(text: str) -> str:
    """The screen's text as one line: a wrapped line joined again."""
    import re

    return re.sub(r"[\s│]+", " ", text)


@pytest.mark.parametrize("lang", LANGS)
async def test_the_whole_weather_reads_at_80_columns(saves, lang):
    from support.road import on_the_road
    from tracker.core.travel.views import weather_words

    on_the_road(saves, "dnd-2024")  # three tables' rows: a long line
    app = TrackerApp(saves, "road", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("5")
        await settle(pilot)
        await pilot.pause(0.1)
        text = svg_text(app.export_screenshot())
        with i18n.using(lang):
            said = weather_words(app.state.rules, app.state.travel.weather)
    assert len(said) > 70, said  # longer than the line, or this test tests nothing
    assert _flat(said) in _flat(text), text


@pytest.mark.parametrize("lang", LANGS)
async def test_the_chases_whole_source_reads_at_80_columns(played, lang):
    from tracker.ui.widgets import chase_panels

    app = TrackerApp(played, "dolmenwood", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key in ("escape", "6"):
            await pilot.press(key)
            await settle(pilot)
        await pilot.pause(0.1)
        text = svg_text(app.export_screenshot())
        with i18n.using(lang):
            source = chase_panels.source(app.state)
    assert _flat(source) in _flat(text), text
    assert "…" not in text.split("╭")[1], text  # the summary panel, its border too


@pytest.mark.parametrize("lang", LANGS)
async def test_long_bastion_summaries_are_never_cut_unsaid(played, lang):
    """Three owners' turns at once: each summary whole on the alerts line, or
    counted in its last words (the log holds them all)."""
    from tracker.core.alerts import Alert
    from tracker.i18n import ngettext
    from tracker.ui.widgets.alerts_line import ROWS, AlertsLine

    app = TrackerApp(played, "dnd-2024", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        with i18n.using(lang):
            said = [ngettext(
                "{owner}: turns {first}-{last} run, treasury {gp} GP, {n} defender lost",
                "{owner}: turns {first}-{last} run, treasury {gp} GP, {n} defenders lost",
                n).format(owner=owner, first=3, last=8, gp="+1 250", n=n)
                for owner, n in (("Aria", 1), ("Bramble", 2), ("Wren", 5), ("Astrid", 21),
                                 ("Frida", 3))]
        line = app.screen.query_one(AlertsLine)
        with i18n.using(lang):  # as the app's own task shows them, in its language
            line.show([Alert("information", s) for s in said])
        await pilot.pause(0.2)
        rows = line.size.height
        assert 0 < rows <= ROWS
        screen = [row for row in svg_text(app.export_screenshot()).splitlines() if row.strip()]
        shown = _flat("\n".join(screen[-1 - rows:-1]))  # the rows above the footer
    whole = [s for s in said if _flat(s) in shown]
    assert len(whole) >= 2, shown
    left = len(said) - len(whole)
    if left:  # the rest counted, not cut
        with i18n.using(lang):
            more = ngettext("… and {n} more alert in the log (2)",
                            "… and {n} more alerts in the log (2)", left).format(n=left)
        assert _flat(more) in shown, shown
    assert "…" not in shown.replace(_flat(more) if left else "\0", ""), shown


def test_danish_puts_no_article_before_a_rules_name():
    """A ruleset's name has its own gender in Danish (en fakkel, et lys, et
    køkken): an article before it agrees with one kind only. The catalog puts
    the name after a colon or after a noun of its own ("nyt rum: {kind}",
    "klassen {cls}")."""
    import re

    from babel.messages.pofile import read_po

    names = "kind|light|supply|terrain|facility|vessel|mount|order|space|cls|road|route|what"
    article = re.compile(rf"\b(en|et|ny|nyt|den|det|denne|dette)\s+\{{({names})\}}", re.I)
    with (Path(i18n.__file__).parent / "locale" / "da" / "LC_MESSAGES" / "tracker.po") \
            .open("rb") as f:
        catalog = read_po(f)
    found = [(m.id, s) for m in catalog if m.id
             for s in (m.string if isinstance(m.string, tuple) else (m.string,))
             if s and article.search(s)]
    assert not found, found
