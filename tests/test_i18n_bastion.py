"""The bastion area in the GM's language (issue 23): its screen, dialogs, CLI
actions and refusals show nothing unextracted (the pseudo-locale); the screen
fits 80x24 in English, Danish and Ukrainian with nothing of ours cut; the same
campaign's log lines, alerts and refusals read in three languages, with
Ukrainian's three plural forms; a turn's lines are kept as messages, so the
fold makes no text and one state reads in any language."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from support.i18n import SIZE, screen_text, svg_text, unmarked
from support.pilot import settle
from support.bastion_keeps import build_keep, build_pair

from tracker import i18n
from tracker.cli import main
from tracker.core import terms
from tracker.core.ruleset import load_text
from tracker.ui.app import TrackerApp
from tracker.ui.screens.bastion import BastionScreen
from tracker.ui.widgets import bastion_panels as panels

ROOT = Path(__file__).resolve().parents[1]
TO_SCREEN = ("enter", "7")  # carry on the session, then the bastion screen


def _rules_words() -> set[str]:
    """The D&D 2024 names, which read in English where a language has no
    [names.xx] (the pseudo-locale has none)."""
    rules = load_text((ROOT / "rulesets" / "dnd-2024.toml").read_text()).rules
    out: set[str] = set()
    for english in terms.term_keys(rules).values():
        out |= {w.strip("(),.:;") for word in english.split()
                for w in (word, word.capitalize())}
    # a dialog drawn over the facilities' table leaves the start of a name showing
    return out | {w[:i] for w in out for i in range(3, len(w))}


NAMES = {"Aria", "Bex", "Greywatch", "Bran", "keep", "pair", "osr"}


def _keep(saves: Path):
    """test_ui_bastion's keep, a week on, its Library's research done: the
    ledger holds an item beside the gold."""
    from tracker.core import bastion as bas

    c = build_keep(saves)
    c.dispatch(bas.Downtime(7))
    c.dispatch(bas.RunTurn("Aria", ((6, "research", 0),)))
    return c


def _flat(text: str) -> str:
    """The screen's words with its borders and wrapping undone."""
    return " ".join(re.sub(r"[│╭╮╰╯─┃]", " ", text).split())


# -- (1) the pseudo-locale: nothing of the bastion's outside the catalogs ------------

SCREEN_KEYS = ((), ("t",), ("t", "enter"), ("t", "down", "enter"), ("d",), ("f",), ("g",),
               ("l",), ("n",), ("w",), ("ctrl+p",))


@pytest.mark.parametrize("keys", SCREEN_KEYS, ids=lambda k: "+".join(k) or "screen")
async def test_pseudo_locale_bastion_screen_and_dialogs(saves, pseudo, keys):
    _keep(saves).close()
    text = await screen_text(TrackerApp(saves, "keep", lang="xx"), TO_SCREEN + keys)
    # the alerts line repeats the last entry's alerts, of any area: not this test's
    body = "\n".join(l for l in text.splitlines() if not l.lstrip().startswith("!"))
    allowed = NAMES | _rules_words() | {"palette", "Search", "for", "commands"}
    assert not unmarked(body, allowed), (keys, unmarked(body, allowed), text)
    assert "⟦" in body  # the screen (and dialog) did show, in the pseudo-locale


async def test_pseudo_locale_combined_bastions(saves, pseudo):
    build_pair(saves).close()
    text = await screen_text(TrackerApp(saves, "pair", lang="xx"), TO_SCREEN)
    body = "\n".join(l for l in text.splitlines() if not l.lstrip().startswith("!"))
    # the combined line wraps over three rows: read the screen as one line
    assert not unmarked(_flat(body), NAMES | _rules_words()), text


def test_pseudo_locale_bastion_cli_actions_and_refusals(saves, capsys, pseudo):
    main(["new", "p", "--ruleset", "dnd-2024", "--seed", "1"])
    for step in (["do", "p", "add-character", "Lo", "--class", "fighter", "--level", "2",
                  "--abilities", "16,14,15,10,12,8", "--hp", "12"],
                 ["do", "p", "add-character", "Aria", "--class", "fighter", "--level", "9",
                  "--abilities", "16,14,15,10,12,8", "--hp", "60"],
                 ["do", "p", "bastion-new", "Lo"], ["do", "p", "bastion-new", "Aria"],
                 ["do", "p", "bastion-new", "Aria"], ["do", "p", "facility-add", "Aria", "moat"],
                 ["do", "p", "facility-add", "Aria", "barrack"],
                 ["do", "p", "facility-add", "Aria", "sanctuary"],
                 ["do", "p", "bastion-gold", "Aria", "0"],
                 ["do", "p", "bastion-gold", "Aria", "300", "--why", "hoard"],
                 ["do", "p", "walls", "Aria", "0"], ["do", "p", "walls", "Aria", "9"],
                 ["do", "p", "basic-add", "Aria", "huge"], ["do", "p", "downtime", "0"],
                 ["do", "p", "bastion-turn", "Aria"], ["do", "p", "bastion-turns"],
                 ["do", "p", "downtime", "7"],
                 ["do", "p", "bastion-turn", "Aria", "--order", "nonsense"],
                 ["do", "p", "bastion-turn", "Aria", "--order", "barrack:dig"],
                 ["do", "p", "bastion-turn", "Aria", "--order", "3:recruit", "--maintain"],
                 ["do", "p", "bastion-turn", "Aria", "--order", "3:recruit"],
                 ["do", "p", "defender-name", "Aria", "Bran", "--home", "9"],
                 ["do", "p", "defender-strike", "Aria", "Nobody"],
                 ["do", "p", "bastion-combine", "Aria", "Aria"], ["do", "p", "refugees", "Aria"],
                 ["do", "p", "divest", "Nobody"], ["log", "p"],
                 ["do", "p", "bastion-turn", "--help"], ["do", "p", "defender-move", "--help"]):
        try:
            main(["--lang", "xx", *step])
        except SystemExit:
            pass
    out = capsys.readouterr()
    text = out.out + out.err
    allowed = NAMES | {"Lo", "moat", "nonsense", "dig", "huge", "Nobody", "hoard", "barrack",
                       "recruit", "dnd", "FACILITY", "ORDER", "GP", "WHAT", "OWNER", "FROM",
                       "TO", "COUNT", "NAME", "DEFENDER", "SHIFT_TO", "AID", "PICK", "usage",
                       "bastion", "turn", "defender", "move", "help", "order", "maintain",
                       "bribe", "opportunity", "aid", "pick", "shift", "owner", "source",
                       "count", "name", "Fighter", "CODE", "DIR", "lang", "saves", "dice",
                       "home", "leave", "encloses", "why", "days", "qualifies", "kind",
                       "facility", "squares", "partner", "space", "SHIFT", "DAYS", "HOME",
                       "SQUARES", "KIND", "SPACE", "PARTNER"} | _rules_words()
    bastion_lines = [l for l in text.splitlines()
                     if l.startswith("tracker: ") or re.match(r"\s*#\d+ .*⟦", l)
                     or "bastion" in l.lower() or "--" in l]
    assert len(bastion_lines) > 20
    for line in bastion_lines:
        if "joined the party" in line or str(saves) in line:  # the party's line; `new`'s
            continue
        options = re.sub(r"--?[a-z][a-z-]*|\b[A-Z][A-Z_]+\b", " ", line)  # --names, METAVARS
        assert not unmarked(options, allowed), line


# -- (2) the screen fits 80x24 in three languages, nothing of ours cut ---------------


def _shown_keys(lang: str, waiting: bool) -> list[str]:
    with i18n.using(lang):
        return [i18n._(b.description) for b in BastionScreen.BINDINGS
                if b.show and (waiting or b.action != "all_turns")]


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
@pytest.mark.parametrize("extra", [(), ("l",)], ids=["turns", "ledger"])
async def test_the_bastion_screen_fits_80x24(saves, lang, extra):
    c = _keep(saves)
    b = c.state.bastions.all[0]
    state = c.state
    c.close()
    text = await screen_text(TrackerApp(saves, "keep", lang=lang), TO_SCREEN + extra)
    lines = text.splitlines()
    assert all(len(l) <= SIZE[0] for l in lines), text
    assert "…" not in text, text  # nothing of ours cut short
    footer = lines[-1]
    shown = _shown_keys(lang, b.queued > 0)
    there = [f" {word}" in f" {footer}" for word in shown]
    assert there[0] and there == sorted(there, reverse=True), \
        f"the footer keeps the first keys and drops the last whole: {footer!r}"
    with i18n.using(lang):
        for kept in (i18n._("Quit"), i18n._("Keys")):
            assert kept in footer, footer
        titles = [i18n._("Bastion"), i18n._("Special facilities")] + (
            [i18n._("Ledger (balance {gp} GP)").format(gp=i18n.number(b.treasury))] if extra
            else [i18n._("Last turns")])
        shown_text = _flat(text)
        for title in titles:
            assert title in text, (title, text)
        # the long lines of before (the Basic line's refugees, Bran in the Now column,
        # the newest turn's result) show whole, wrapped where they must be
        whole = [i18n.ngettext("{n} refugees outside", "{n} refugees outside",
                               b.refugees).format(n=b.refugees), "Bran"]
        if extra:  # the newest ledger line, the research's item, whole
            whole.append(" ".join(panels.ledger(state, b, 1, 76).split()))
        if not extra:
            newest = panels.results(state, b, 3, 76).split("\n")[0]
            whole.append(" ".join(newest.split()))
        for piece in whole:
            assert " ".join(piece.split()) in shown_text, (piece, text)


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
async def test_the_combined_bastions_fit_80x24(saves, lang):
    build_pair(saves).close()
    text = await screen_text(TrackerApp(saves, "pair", lang=lang), TO_SCREEN)
    assert "…" not in text and all(len(l) <= SIZE[0] for l in text.splitlines()), text
    with i18n.using(lang):
        rule = load_text((ROOT / "rulesets" / "dnd-2024.toml").read_text()).rules
        note = terms.term(rule, "bastion.combining.unstated")
    assert " ".join(note.split()) in _flat(text), text


@pytest.mark.parametrize("lang", ["da", "uk"])
def test_bastion_snapshot_in_danish_and_ukrainian(snap_compare, fixed_saves, monkeypatch, lang):
    import time

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    build_keep(fixed_saves).close()

    async def run_before(pilot):
        await settle(pilot)
        for key in TO_SCREEN:
            await pilot.press(key)
            await settle(pilot)

    assert snap_compare(TrackerApp(fixed_saves, "keep", lang=lang), terminal_size=SIZE,
                        run_before=run_before)


# -- (3) the same log, alerts and refusals in three languages -------------------------

STEPS = (
    ["add-character", "Aria", "--class", "fighter", "--level", "9",
     "--abilities", "16,14,15,10,12,8", "--hp", "60"],
    ["bastion-new", "Aria", "--name", "Greywatch"],
    ["facility-add", "Aria", "barrack"], ["facility-add", "Aria", "garden", "--type", "food"],
    ["bastion-gold", "Aria", "5000", "--why", "dragon hoard"],
    ["basic-add", "Aria", "cramped", "--what", "Kitchen"],
    ["walls", "Aria", "1"], ["walls", "Aria", "2"], ["walls", "Aria", "3", "--encloses"],
    ["downtime", "1"], ["downtime", "2"], ["downtime", "5"],
    ["bastion-turn", "Aria", "--order", "barrack:recruit", "--order", "garden:food"],
    ["downtime", "21"],
    ["bastion-turn", "Aria", "--maintain", "--dice", "55,1,2,3,4,5,6"],
    ["bastion-turn", "Aria", "--maintain", "--dice", "88,3,3,5"],
    ["bastion-turn", "Aria"],
    ["defender-name", "Aria", "Bran", "--home", "3"],
)
REFUSED = (["bastion-turn", "Aria"], ["downtime", "0"], ["facility-add", "Aria", "moat"])

GOLDEN = {
    "en": [
        "Aria founds a bastion, Greywatch",
        "Aria's bastion: Barrack added",
        "Aria's bastion: Garden (Food) added",  # its type (gm-review4 R2)
        "Aria's bastion treasury +5,000 GP: dragon hoard",
        "Aria's bastion: building a cramped Kitchen (500 GP, 20 days)",
        "Aria's bastion: 1 square of wall (250 GP, 10 days)",
        "Aria's bastion: 2 squares of wall (500 GP, 20 days)",
        "Aria's bastion: 3 squares of wall (750 GP, 30 days), closing the ring",
        "Downtime: 1 day passes",
        "Downtime: 2 days pass",
        "Downtime: 5 days pass — a bastion turn falls due for Aria",
        "Bastion turn of Aria: orders #3 recruit, #4 food; Barrack: 4 defenders recruited; "
        "Garden: harvested 100 days of Rations",
        "Downtime: 21 days pass — 3 bastion turns fall due for Aria",
        "Bastion turn of Aria: Maintain; dice 1d100=[55] typed 6d6=[1,2,3,4,5,6]=21 typed; "
        "Attack (55): beaten off; 1 defender killed",
        "Bastion turn of Aria: Maintain; dice 1d100=[88] typed 2d4=[3,3]=6 typed "
        "1d6*100=[5]=500 typed; Refugees (88): 6 refugees; they pay 500 GP; staying outside "
        "the walls",
        "Bastion turn of Aria: no orders",
        "Aria's bastion: a defender is named Bran, housed in facility #3",
    ],
    "da": [
        "Aria grundlægger en bastion, Greywatch",
        "Arias bastion: Kaserne tilføjet",
        "Arias bastion: Have (Mad) tilføjet",
        "Arias bastions skatkammer +5.000 gm: dragon hoard",
        "Arias bastion: bygger Køkken (trangt) (500 gm, 20 dage)",
        "Arias bastion: 1 felt mur (250 gm, 10 dage)",
        "Arias bastion: 2 felter mur (500 gm, 20 dage)",
        "Arias bastion: 3 felter mur (750 gm, 30 dage), der lukker ringen",
        "Fritid: 1 dag går",
        "Fritid: 2 dage går",
        "Fritid: 5 dage går — en bastionstur forfalder for Aria",
        "Bastionstur for Aria: ordrer #3 Kaserne: Hverv op til 4 forsvarere, #4 Have: Mad: "
        "rationer til 100 dage; Kaserne: 4 forsvarere hvervet; Have: høstede rationer til "
        "100 dage",
        "Fritid: 21 dage går — 3 bastionsture forfalder for Aria",
        "Bastionstur for Aria: Vedligehold; terninger 1t100=[55] indtastet "
        "6t6=[1,2,3,4,5,6]=21 indtastet; Angreb (55): slået tilbage; 1 forsvarer dræbt",
        "Bastionstur for Aria: Vedligehold; terninger 1t100=[88] indtastet 2t4=[3,3]=6 "
        "indtastet 1t6*100=[5]=500 indtastet; Flygtninge (88): 6 flygtninge; de betaler "
        "500 gm; bor uden for murene",
        "Bastionstur for Aria: ingen ordrer",
        "Arias bastion: en forsvarer får navnet Bran, indkvarteret i rum #3",
    ],
    "uk": [
        "Aria засновує Бастіон «Greywatch»",
        "Бастіон (Aria): додано приміщення «Казарма»",
        "Бастіон (Aria): додано приміщення «Сад (Харчовий)»",
        "Скарбниця Бастіону (Aria): +5\xa0000 зм — dragon hoard",  # Babel: a no-break space,
        "Бастіон (Aria): будується Кухня (тісне) (500 зм, 20 днів)",
        "Бастіон (Aria): 1 клітинка муру (250 зм, днів: 10)",
        "Бастіон (Aria): 2 клітинки муру (500 зм, днів: 20)",
        "Бастіон (Aria): 3 клітинки муру (750 зм, днів: 30), коло замкнено",
        "Простій: минає 1 день",
        "Простій: минають 2 дні",
        "Простій: минає 5 днів — настає 1 хід Бастіону (Aria)",
        "Хід Бастіону (Aria): накази #3 Казарма: Завербувати до 4 захисників, #4 Сад: "
        "Харчовий: раціони на 100 днів; Казарма: завербовано 4 захисників; Сад: зібрано "
        "раціони на 100 днів",
        "Простій: минає 21 день — настають 3 ходи Бастіону (Aria)",
        "Хід Бастіону (Aria): Утримання; кубики 1к100=[55] введено 6к6=[1,2,3,4,5,6]=21 "
        "введено; Напад (55): відбито; загинув 1 захисник",
        "Хід Бастіону (Aria): Утримання; кубики 1к100=[88] введено 2к4=[3,3]=6 введено "
        "1к6*100=[5]=500 введено; Біженці (88): 6 біженців; платять 500 зм; живуть за мурами",
        "Хід Бастіону (Aria): без наказів",
        "Бастіон (Aria): захисника названо Bran, живе в приміщенні #3",
    ],
}
GOLDEN_ALERTS = {
    "en": ["Bastion turn due for Aria",
           "Aria, turn 1: Barrack: 4 defenders recruited; Garden: harvested 100 days of "
           "Rations",
           "Bastion turn due for Aria (3 waiting)",
           "Aria, turn 2: Maintain; Attack (55): beaten off; 1 defender killed",
           "Aria, turn 3: Maintain; Refugees (88): 6 refugees; they pay 500 GP; staying "
           "outside the walls",
           "Aria, turn 4: No orders"],
    "da": ["Bastionstur forfalden for Aria",
           "Aria, tur 1: Kaserne: 4 forsvarere hvervet; Have: høstede rationer til 100 dage",
           "Bastionstur forfalden for Aria (3 venter)",
           "Aria, tur 2: Vedligehold; Angreb (55): slået tilbage; 1 forsvarer dræbt",
           "Aria, tur 3: Vedligehold; Flygtninge (88): 6 flygtninge; de betaler 500 gm; bor "
           "uden for murene",
           "Aria, tur 4: Ingen ordrer"],
    "uk": ["Настав хід Бастіону (Aria)",
           "Aria, хід 1: Казарма: завербовано 4 захисників; Сад: зібрано раціони на 100 днів",
           "Настав хід Бастіону (Aria; чекає: 3)",
           "Aria, хід 2: Утримання; Напад (55): відбито; загинув 1 захисник",
           "Aria, хід 3: Утримання; Біженці (88): 6 біженців; платять 500 зм; живуть за "
           "мурами",
           "Aria, хід 4: Без наказів"],
}
GOLDEN_REFUSED = {
    "en": ["no bastion turn is due for Aria (the next falls due for Aria in 6 days)",
           "downtime is 1 to 3,660 days",
           "no special facility 'moat'; choose one of: arcane_study, armory, barrack, garden, "
           "library"],
    "da": ["ingen bastionstur er forfalden for Aria (den næste forfalder for Aria om 6 dage)",
           "fritid er 1 til 3.660 dage",
           "intet særligt rum 'moat'; vælg et af: arcane_study, armory, barrack, garden, "
           "library"],
    "uk": ["хід Бастіону (Aria) не настав (наступний — Aria, через 6 днів)",
           "простій — від 1 до 3\xa0660 днів",
           "немає спеціального приміщення 'moat'; оберіть одне з: arcane_study, armory, "
           "barrack, garden, library"],
}


def _played(name: str, lang: str, capsys) -> tuple[list[str], list[str], list[str]]:
    """A fixed bastion campaign, every die typed in, its log, alerts and
    refusals in ``lang``."""
    assert main(["new", name, "--ruleset", "dnd-2024", "--seed", "1"]) == 0
    alerts = []
    for step in STEPS:
        assert main(["--lang", lang, "do", name, *step]) == 0, (step, capsys.readouterr().err)
        alerts += [l[3:] for l in capsys.readouterr().out.splitlines() if l.startswith("!! ")]
    refused = []
    for step in REFUSED:
        assert main(["--lang", lang, "do", name, *step]) != 0
        err = capsys.readouterr().err.strip().splitlines()[-1]
        refused.append(err.removeprefix("tracker: "))
    assert main(["--lang", lang, "log", name]) == 0
    # each line: seq, session, the game time (its clock ends "08:00"), the text
    log = [re.split(r"\d\d:\d\d\s+", l, maxsplit=1)[-1].strip()
           for l in capsys.readouterr().out.splitlines()]
    return log[2:], alerts, refused  # past the campaign's creation and Aria joining


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
def test_golden_bastion_lines_in_three_languages(saves, capsys, lang):
    log, alerts, refused = _played(f"gold-{lang}", lang, capsys)
    assert log == GOLDEN[lang]
    assert alerts == GOLDEN_ALERTS[lang]
    assert [r[:len(g)] for r, g in zip(refused, GOLDEN_REFUSED[lang])] == GOLDEN_REFUSED[lang]


@pytest.mark.parametrize("n, want", [(1, "минає 1 день"), (2, "минають 2 дні"),
                                     (5, "минає 5 днів"), (11, "минає 11 днів"),
                                     (21, "минає 21 день"), (22, "минають 22 дні")])
def test_ukrainian_days_and_turns_take_three_forms(n, want):
    from tracker.core.bastion.commands import DowntimePassed
    from tracker.core.bastion.views import _describe_downtime

    rules = load_text((ROOT / "rulesets" / "dnd-2024.toml").read_text()).rules
    with i18n.using("uk"):
        assert _describe_downtime(DowntimePassed(n), rules) == f"Простій: {want}"
        turns = i18n.ngettext("Neglected {n} turn: the hirelings leave",
                              "Neglected {n} turns: the hirelings leave", n).format(n=n)
    forms = {1: "хід", 2: "ходи", 5: "ходів", 11: "ходів", 21: "хід", 22: "ходи"}
    assert turns == f"Занедбано {n} {forms[n]}: найманці йдуть"


# -- (4) the fold makes no text; one state reads in any language ----------------------


class _Refusing(gettext.NullTranslations):
    def gettext(self, message):
        raise AssertionError(f"text made while folding: {message!r}")

    ngettext = pgettext = gettext


def test_a_bastion_campaign_replays_making_no_text(saves):
    from tracker.core.engine import Timeline

    c = build_keep(saves)
    try:
        i18n.install("refuse", _Refusing())
        with i18n.using("refuse"):
            state = Timeline(c.store.read).state_at(c.seq)
    finally:
        c.close()
    b = state.bastions.all[0]
    assert b.turns == 6 and b.ledger and all(r.said for r in b.results)


def test_one_state_reads_its_turns_and_ledger_in_each_language(saves):
    c = build_keep(saves)
    state, b = c.state, c.state.bastions.all[0]
    c.close()
    said = {}
    for lang in ("en", "da", "uk"):
        with i18n.using(lang):
            said[lang] = (panels.results(state, b, 30, 200), panels.ledger(state, b, 30, 200))
    assert "Refugees (88): 5 refugees; they pay 500 GP; staying outside the walls" in \
        said["en"][0]
    assert "Flygtninge (88): 5 flygtninge; de betaler 500 gm; bor uden for murene" in said["da"][0]
    assert "Біженці (88): 5 біженців; платять 500 зм; живуть за мурами" in said["uk"][0]
    assert "Armory: Stock the Armory" in said["en"][1]
    assert "Зброярня: Поповнити Зброярню" in said["uk"][1]
    assert "Rustkammer: Fyld Rustkammeret op" in said["da"][1]
    assert said["en"][0] != said["da"][0] != said["uk"][0]


def test_a_house_rule_taking_an_order_away_takes_its_translations(make):
    """[names.uk] names the Workshop's orders: a house rule leaving it one order
    loads (its other orders' names go with them), and reads in Ukrainian."""
    from tracker.core.campaign import ChangeHouseRule

    c = make("dnd-2024", "house")
    c.dispatch(ChangeHouseRule("bastion.facilities.workshop.orders",
                               '[{ id = "tools", order = "craft", text = "Tools work", '
                               'gm_cost = true }]'))
    names = c.state.rules.names["uk"]
    assert "bastion.facilities.workshop.orders.tools.text" in names
    assert "bastion.facilities.workshop.orders.common.text" not in names
    assert "bastion.facilities.smithy.orders.common.text" in names  # others untouched
    with i18n.using("uk"):
        assert terms.term(c.state.rules, "bastion.facilities.workshop") == "Майстерня"
