"""The words each language and each game writes (issue 23): a die's letter
(Danish 1t6, Ukrainian 1к6), the GM's word per ruleset (SL; ведучий, and
D&D 2024's Майстер), the abilities' short forms, and a bastion turn's orders
by their names. Each is checked by kind: every way a GM reads it (the log,
the recap, the players' page, the screens, dialogs, refusals, the help).

The campaigns are generation g7 (the ``played`` fixture): every area played
in each shipped ruleset, so every kind of roll and order is in their logs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from support.i18n import SIZE, svg_text
from support.pilot import settle

from tracker import i18n
from tracker.cli import main
from tracker.core import describe as describing
from tracker.core import dice as dicemod
from tracker.core.bastion import views as bastion_views
from tracker.core.chase import standing
from tracker.core.party import names as party_names
from tracker.core.ruleset import load_text
from tracker.core.terms import term
from tracker.service import Campaign, open_reader
from tracker.ui.app import TrackerApp
from tracker.ui.areas import area_screens
from support.bastion import CHOSEN

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "tracker" / "locale"
RULESETS = ("dyb-og-drager", "dolmenwood", "dnd-2024")
LETTER = {"en": "d", "da": "t", "uk": "к"}
# a die written with the Latin d where it stands for a die: 1d6, d20, 2d6kh1, d%
LATIN_DIE = re.compile(r"(?<![^\W\d_])d(?=[0-9]|%)")


def _rules(rid: str):
    return load_text((ROOT / "rulesets" / f"{rid}.toml").read_text()).rules


# the log's list head: session and day ("s2 d6": Danish dag), not a die
LIST_HEAD = re.compile(r"\b[sс]\d+\s+[dд]\d+\b")


def _latin_dice(text: str) -> list[str]:
    text = LIST_HEAD.sub("", text)
    return [text[max(0, m.start() - 30):m.end() + 10] for m in LATIN_DIE.finditer(text)]


def _cli(capsys, *argv) -> str:
    assert main(list(argv)) == 0, (argv, capsys.readouterr().err)
    return capsys.readouterr().out


# -- (1) dice: the language's letter, from one place ----------------------------------


def test_dice_take_the_languages_letter_and_only_where_they_are_dice():
    for code, letter in LETTER.items():
        with i18n.using(code):
            assert i18n.dice("1d6") == f"1{letter}6"
            # what a die keeps in the language's script (gm-review7 C7: not 2к20kh1)
            keep = {"uk": "зв"}.get(code, "kh")
            assert i18n.dice("2d20kh1+3") == f"2{letter}20{keep}1+3"
            assert i18n.dice("d%") == f"{letter}%"
            assert i18n.dice("3d6=[4,2,4]=10; 1d4*10") == f"3{letter}6=[4,2,4]=10; 1{letter}4*10"
            assert i18n.dice("add6, d{day}, Dd8x") == "add6, d{day}, Dd8x"  # no die there
    with i18n.using("da"):  # what the letter writes reads back as the die it was
        assert dicemod.parse(i18n.dice("2d6+1")).text == "2d6+1"


def test_the_pseudo_locale_keeps_the_d(pseudo):
    """A catalog whose letter is not one letter (the pseudo-locale's ⟦d⟧) keeps ``d``."""
    with i18n.using(pseudo):
        assert i18n.dice("1d6") == "1d6"


def test_a_recorded_roll_reads_with_the_letter_and_stays_d_in_the_record():
    r = dicemod.Roll("2d6", (3, 5), 8, typed=True)
    with i18n.using("en"):
        assert describing.roll_text(r) == "2d6=[3,5]=8 typed"
    with i18n.using("da"):
        assert describing.roll_text(r) == "2t6=[3,5]=8 indtastet"
    with i18n.using("uk"):
        assert describing.roll_text(r) == "2к6=[3,5]=8 введено"
    assert r.expr == "2d6"  # the fact, not the sentence


@pytest.mark.parametrize("rid", RULESETS)
@pytest.mark.parametrize("lang", ["da", "uk"])
def test_no_latin_die_in_the_log_the_recap_or_the_players_page(played, capsys, rid, lang):
    """Every roll of a campaign where every area was played, as the CLI's log,
    each session's Markdown recap and the players' view show it."""
    shown = _cli(capsys, "--saves", str(played), "--lang", lang, "log", rid)
    assert f"1{LETTER[lang]}6=[" in shown
    shown += _cli(capsys, "--saves", str(played), "--lang", lang, "export", rid,
                  "--format", "markdown", "--session", "0-2")  # every session recorded
    from tracker.public import players_view
    from tracker.web import page

    with open_reader(played, rid) as reader, i18n.using(lang):
        shown += page.main(players_view(rid, reader.head(), reader))
    assert not _latin_dice(shown), _latin_dice(shown)
    english = _cli(capsys, "--saves", str(played), "--lang", "en", "log", rid)
    assert "1d6=[" in english and "1t6" not in english and "1к6" not in english


@pytest.mark.parametrize("rid, lang", [("dyb-og-drager", "da"), ("dolmenwood", "uk"),
                                       ("dnd-2024", "uk"), ("dnd-2024", "da")])
async def test_no_latin_die_on_any_screen(played, rid, lang):
    """Every registered screen (the sheet's Hit Point Dice, the checks panel,
    a bastion turn's dice, the log and its as-it-stood pane...)."""
    app = TrackerApp(played, rid, lang=lang)
    seen = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for screen in area_screens():
            await pilot.press("escape", screen.key)
            await settle(pilot)
            text = svg_text(pilot.app.export_screenshot())
            seen.append(text)
            assert not _latin_dice(text), (screen.name, _latin_dice(text), text)
    assert any(f"{LETTER[lang]}6" in text for text in seen)


async def test_the_dice_dialog_asks_for_the_die_in_the_languages_letter(played):
    """Manual dice: the dialog that asks for a die names it as the language
    writes it (Rul 1t6), and a face it cannot show is refused with it."""
    from tracker.core.dice import DiceNeeded
    from tracker.ui.dialogs import DiceDialog
    from textual.widgets import Input, Label

    need = DiceNeeded(dicemod.DiceGroup(1, 6), "tjek", "1d6")
    app = TrackerApp(played, "dyb-og-drager", lang="da")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.call_later(app.push_screen, DiceDialog(need))  # in the app's context: its language
        await settle(pilot)
        help_text = str(app.screen.query_one("#dialog-help", Label).render())
        assert "1t6" in help_text and "1d6" not in help_text, help_text
        app.screen.query_one("#dice-input", Input).value = "9"
        await pilot.press("enter")
        await settle(pilot)
        error = str(app.screen.query_one("#dialog-error", Label).render())
        assert "t6" in error and "d6" not in error, error


def test_refusals_and_the_manual_dice_prompt_name_the_die_with_the_letter(played, capsys):
    saves = str(played)
    assert main(["--saves", saves, "--lang", "uk", "do", "dolmenwood", "damage", "Bo", "1d6",
                 "--dice", "9"]) != 0
    err = capsys.readouterr().err
    assert "к6" in err and not _latin_dice(err), err
    _cli(capsys, "--saves", saves, "do", "dolmenwood", "manual-dice", "on")
    assert main(["--saves", saves, "--lang", "da", "do", "dolmenwood", "damage", "Bo",
                 "2d6"]) != 0
    err = capsys.readouterr().err
    assert "2t6" in err and not _latin_dice(err), err


@pytest.mark.parametrize("code", ["da", "uk"])
def test_every_die_in_a_catalog_is_written_with_its_letter(code):
    """A translation that names a die ("2t6+1", "2к6 ≥") writes the same
    letter the dice are shown with ("d{day}" is a day, not a die)."""
    with (LOCALE / code / "LC_MESSAGES" / "tracker.po").open("rb") as f:
        po = read_po(f, locale=code)
    other = re.compile(r"(?<![^\W\d_])[dtк](?=[0-9]|%)")
    wrong = []
    for m in po:
        if not m.id:
            continue
        if m.context == "die letter":
            assert m.string == LETTER[code]
            continue
        for form in m.string if isinstance(m.string, tuple) else (m.string,):
            wrong += [form for x in other.finditer(form) if x.group(0) != LETTER[code]]
    assert not wrong, wrong


@pytest.mark.parametrize("rid", RULESETS)
def test_a_rulesets_name_holding_dice_reads_with_the_letter(rid):
    """[names.xx] texts wrote dice either way (Dolmenwood's "1d6 genstande",
    D&D's "2к4"): term() shows them as the language writes a die."""
    rules = _rules(rid)
    for code in ("da", "uk"):
        with i18n.using(code):
            for key in rules.names.get(code, {}):
                shown = term(rules, key)
                assert not _latin_dice(shown), (rid, code, key, shown)
    with i18n.using("da"):
        if rid == "dolmenwood":
            assert term(rules, "dungeon.hasty_exit.doom.0.gm") == "tag 1t6 af personens genstande fra den"


# -- (2) the GM's word: the ruleset's, in every message --------------------------------

GM_WORD = {  # (ruleset, language) -> how "the GM decides" reads
    ("dyb-og-drager", "en"): "the GM decides", ("dolmenwood", "en"): "the GM decides",
    ("dnd-2024", "en"): "the GM decides",
    ("dyb-og-drager", "da"): "SL afgør", ("dolmenwood", "da"): "SL afgør",
    ("dnd-2024", "da"): "SL afgør",
    ("dyb-og-drager", "uk"): "вирішує ведучий", ("dolmenwood", "uk"): "вирішує ведучий",
    ("dnd-2024", "uk"): "вирішує Майстер",
}
VEDUCHYI = re.compile(r"\b[Вв]едуч\w*")
MAISTER = re.compile(r"\bМайст(?:ер|ра|рові|ром)\b")


@pytest.mark.parametrize("rid, lang", sorted(GM_WORD))
def test_the_gm_has_the_rulesets_word(rid, lang):
    with i18n.using(lang, rid):
        assert i18n._("the GM decides") == GM_WORD[rid, lang]
        assert i18n.ngettext("A day foraging (the GM decides): {n} ration found",
                             "A day foraging (the GM decides): {n} rations found", 5) \
            .format(n=5).count(GM_WORD[rid, lang].split()[-1]) == 1


def _shared(code: str):
    with (LOCALE / code / "LC_MESSAGES" / "tracker.po").open("rb") as f:
        return read_po(f, locale=code)


def test_every_message_naming_the_gm_says_maister_in_dnd_2024():
    """Every Ukrainian message that names the GM (ведучий, ведучого,
    ведучому...) reads Майстер, Майстра, Майстрові for a D&D 2024 campaign
    (seed 003), and stays ведучий for Dolmenwood (seed 004) and Dyb & Drager."""
    naming = [m for m in _shared("uk") if m.id and any(
        VEDUCHYI.search(s) for s in (m.string if isinstance(m.string, tuple) else (m.string,)))]
    assert len(naming) > 40
    for m in naming:
        single = m.id if isinstance(m.id, str) else m.id[0]
        for rid, word in (("dnd-2024", MAISTER), ("dolmenwood", VEDUCHYI),
                          ("dyb-og-drager", VEDUCHYI), ("", VEDUCHYI)):
            with i18n.using("uk", rid):
                if isinstance(m.id, str):
                    said = [i18n.pgettext(m.context, m.id) if m.context else i18n._(m.id)]
                else:
                    said = [i18n.ngettext(m.id[0], m.id[1], n) for n in (1, 2, 5)]
            for s in said:
                assert word.search(s), (rid, single, s)
                if rid == "dnd-2024":
                    assert not VEDUCHYI.search(s), (single, s)


def test_dnd_2024s_own_catalog_holds_only_current_messages_with_their_placeholders():
    """tracker-dnd-2024.po: each message one the template has (none left
    behind when a message changes), with the shared translation's placeholders."""
    with (LOCALE / "tracker.pot").open("rb") as f:
        template = {(m.context, m.id if isinstance(m.id, str) else m.id[0])
                    for m in read_po(f) if m.id}
    with (LOCALE / "uk" / "LC_MESSAGES" / "tracker-dnd-2024.po").open("rb") as f:
        own = read_po(f, locale="uk")
    shared = _shared("uk")
    holes = re.compile(r"\{[^{}]*\}")
    assert len(own) > 40
    for m in (m for m in own if m.id):
        key = m.id if isinstance(m.id, str) else m.id[0]
        assert (m.context, key) in template, f"not in the template: {key!r}"
        mine = m.string if isinstance(m.string, tuple) else (m.string,)
        theirs = shared.get(m.id, context=m.context).string
        theirs = theirs if isinstance(theirs, tuple) else (theirs,)
        assert [sorted(holes.findall(s)) for s in mine] == \
            [sorted(holes.findall(s)) for s in theirs], key
        assert all(MAISTER.search(s) and not VEDUCHYI.search(s) for s in mine), mine


@pytest.mark.parametrize("rid, word", [("dnd-2024", "Майстра"), ("dolmenwood", "ведучого"),
                                       ("dyb-og-drager", "ведучого")])
def test_the_cli_help_and_the_players_page_say_the_rulesets_gm(played, capsys, monkeypatch,
                                                               rid, word):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    with pytest.raises(SystemExit):  # argparse's help ends the run
        main(["--saves", str(played), "--lang", "uk", "do", rid, "--help"])
    shown = capsys.readouterr().out
    assert f"Виконати одну дію {word}." in shown, shown
    from starlette.testclient import TestClient
    from tracker.web.app import create_app

    with TestClient(create_app(played, rid, "c0de-for-table", "uk")) as tc:
        refused = tc.get("/").text
    assert f"Попросіть у {word} адресу" in refused, refused


async def test_the_app_speaks_the_games_word_and_keeps_it_through_a_language_change(played):
    """The app's slot takes the campaign's game when it opens; a change of
    language keeps it (Ukrainian, then Danish, then Ukrainian again)."""
    app = TrackerApp(played, "dnd-2024", lang="uk")
    said = []

    def say(code: str | None = None) -> None:  # run by the app, in its own context
        if code:
            i18n.switch(code)
        said.append(i18n._("the GM decides"))

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for code in (None, "da", "uk"):
            app.call_later(say, code)
            await settle(pilot)
    assert said == ["вирішує Майстер", "SL afgør", "вирішує Майстер"]


def test_each_rulesets_own_texts_name_the_gm_as_its_catalog_does():
    """D&D 2024's [names.uk] says Майстер (seed 003), the others' ведучий; every
    [names.da] says SL (seed 000's word; no Danish source for the other two)."""
    for rid in RULESETS:
        rules = _rules(rid)
        uk = " ".join(rules.names.get("uk", {}).values())
        da = " ".join(rules.names.get("da", {}).values())
        if rid == "dnd-2024":
            assert MAISTER.search(uk) and not VEDUCHYI.search(uk)
        else:
            assert VEDUCHYI.search(uk) and not MAISTER.search(uk)
        assert "SL" in da.split() or "SL:" in da or "SL's" in da
        assert not re.search(r"\bGM\b", da)  # (gm is guldmønter)
        assert not re.search(r"\bspilleder\b", da, re.IGNORECASE)


# -- (3) the abilities' short forms: one set a ruleset, the same on every screen ------

SHORT = {"da": ["STY", "BEH", "UDH", "INT", "VIS", "KAR"],
         "uk": ["СИЛ", "СПР", "СТА", "ІНТ", "МДР", "ХАР"]}
ORDER = ["str", "dex", "con", "int", "wis", "cha"]


@pytest.mark.parametrize("rid", RULESETS)
@pytest.mark.parametrize("lang", ["da", "uk"])
def test_the_sheets_ability_letters(rid, lang):
    """The sheet's three letters: Danish as seed 000 writes them (Styrke (STY),
    Visdom (VIS)...), Ukrainian the same set in every ruleset (МДР, not МУД)."""
    rules = _rules(rid)
    with i18n.using(lang):
        got = [party_names.ability_abbreviation(rules, a) for a in ORDER]
    assert got == SHORT[lang]


@pytest.mark.parametrize("lang", ["da", "uk"])
def test_dnd_chase_saves_say_the_sheets_letters(lang):
    """A complication's save and the dash's Con read as the sheet's letters
    (Сил, Спр, Ста...; STY, BEH, UDH...), not a second set (Стат)."""
    rules = _rules("dnd-2024")
    with i18n.using(lang):
        for a in ORDER:
            assert standing.save_words(a).upper() == party_names.ability_abbreviation(rules, a)
        saves = [term(rules, f"chase.complications.{t}.entries.{i}.save")
                 for t in ("urban", "wilderness") for i in range(6)]
    # the abilities before any note in brackets: "Сил, Спр або Хар", "Спр (або ...)"
    named = {piece.strip().upper() for s in saves
             for piece in re.split(r",|\bабо\b|\beller\b", s.split("(")[0]) if piece.strip()}
    assert named <= set(SHORT[lang]), named


# -- (4) a bastion turn's orders by their names ----------------------------------------

TURN = {"en": "Bastion turn of Cy: orders #3 recruit",
        "da": "Bastionstur for Cy: ordrer #3 Kaserne: Hverv op til 4 forsvarere",
        "uk": "Хід Бастіону (Cy): накази #3 Казарма: Завербувати до 4 захисників"}


@pytest.mark.parametrize("lang", sorted(TURN))
def test_a_bastion_turns_orders_read_by_name(played, capsys, lang):
    """The turn's log line: English keeps the ids (the golden record; the CLI
    takes them, `3:recruit`); Danish and Ukrainian name the facility and the
    order as the ruleset's names do."""
    shown = _cli(capsys, "--saves", str(played), "--lang", lang, "log", "dnd-2024")
    line = next(l for l in shown.splitlines() if l.lstrip().startswith("89 "))
    assert TURN[lang] in line, line  # then what came of the turn


def test_an_order_reads_by_name_without_its_state_where_one_facility_has_it(played):
    """A line read without the state after it (the log's first sketch) finds
    the facility by the order, when only one kind of facility gives it."""
    c = Campaign.open(played, "dnd-2024")
    try:
        rules, ev = c.state.rules, c.entry(89).event
        with i18n.using("uk"):
            assert describing.describe(ev, rules, None).endswith(TURN["uk"])
            assert bastion_views._facility_kind(rules, None, "Cy", 3, "research") is None
    finally:
        c.close()


def _researching(saves: Path) -> Campaign:
    """Aria (level 9, as tests/support/bastion_keeps.py's keep) with an Arcane
    Study (#3) making an Uncommon Arcana item (10 days: in progress after the
    turn) and a Library (#4) at research, an order two kinds of facility give
    (the Archive too)."""
    from support.bastion_keeps import STATS
    from tracker.core import bastion as bas
    from tracker.core import campaign as camp
    from tracker.core import party

    c = Campaign.create(saves, "keep", "dnd-2024", 7)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Aria", "wizard", 9, STATS))
    c.dispatch(bas.NewBastion("Aria", "Greywatch"))
    for kind in ("arcane_study", "library"):
        c.dispatch(bas.AddFacility("Aria", kind, chosen=CHOSEN.get(kind, ())))
    c.dispatch(bas.MoveGold("Aria", 3000, "dragon hoard"))
    c.dispatch(bas.Downtime(42))
    c.dispatch(bas.RunTurn("Aria", ((3, "uncommon", 0), (4, "research", 0))))
    return c


@pytest.mark.parametrize("lang, line", [
    ("en", "orders #3 uncommon, #4 research"),
    ("da", "ordrer #3 {study}: {common}, #4 Bibliotek: Forsk i et emne"),
    ("uk", "накази #3 {study}: {common}, #4 Бібліотека: Дослідити тему")])
def test_an_order_two_facilities_give_reads_by_the_facility_the_state_has(saves, capsys,
                                                                          lang, line):
    c = _researching(saves)
    rules = c.state.rules
    c.close()
    with i18n.using(lang):
        line = line.format(
            study=term(rules, "bastion.facilities.arcane_study"),
            common=term(rules, "bastion.facilities.arcane_study.orders.uncommon.text").split(" (")[0])
    shown = _cli(capsys, "--lang", lang, "log", "keep")
    assert line in shown.splitlines()[-1], shown.splitlines()[-1]


def test_the_facilities_panel_names_an_order_in_progress(saves):
    from tracker.ui.widgets import bastion_panels as panels

    c = _researching(saves)
    try:
        state = c.state
        b = state.bastions.all[0]
        f = next(f for f in b.facilities if f.id == 3)
        assert f.order == "uncommon"
        with i18n.using("en"):
            assert "uncommon" in panels.facility_row(state, b, f)[-1].split()
        for code in ("da", "uk"):
            with i18n.using(code):
                now = panels.facility_row(state, b, f)[-1]
                assert "uncommon" not in now and term(
                    state.rules, "bastion.facilities.arcane_study.orders.uncommon.text"
                ).split(" (")[0] in now, now
    finally:
        c.close()
