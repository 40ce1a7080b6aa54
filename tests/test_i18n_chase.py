"""The chase in the GM's language (issue 23): the D&D 2024 chase and the B/X
evasion of Dyb & Drager and Dolmenwood read in Danish and Ukrainian, from
the catalogs and from the rulesets' [names.xx]; nothing shown unextracted
(the pseudo-locale), the screen fits 80x24, and the log's lines hold in
three languages (Ukrainian's three plural forms)."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from support.i18n import SIZE, screen_text, svg_text, unmarked
from support.pilot import settle

from tracker import i18n
from tracker.cli import main
from tracker.core import campaign as camp
from tracker.core import chase as ch
from tracker.core import party, terms
from tracker.core.ruleset import load_text
from tracker.service import Campaign
from tracker.ui.app import TrackerApp

ROOT = Path(__file__).resolve().parents[1]
ROGUE = (10, 16, 14, 12, 14, 10)
FIGHTER = (16, 12, 16, 10, 10, 8)
RULESETS = ("dyb-og-drager", "dolmenwood", "dnd-2024")


def _rules(ruleset: str):
    return load_text((ROOT / "rulesets" / f"{ruleset}.toml").read_text()).rules


def _urban_chase(saves, name: str = "chase") -> None:
    """A D&D 2024 urban chase in its second round: a crowd cost Bo 10 ft."""
    c = Campaign.create(saves, name, "dnd-2024", 3)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Ana", "rogue", 1, ROGUE))
    c.dispatch(party.AddCharacter("Bo", "fighter", 1, FIGHTER))
    c.dispatch(ch.StartChase("urban", 90))
    c.dispatch(ch.JoinChase("Ana"), [14])
    c.dispatch(ch.JoinChase("Bo"), [12])
    c.dispatch(ch.JoinChase("Thug", "pursuer", 30, 1, 0, 12), [18])
    c.dispatch(ch.JoinChase("Guard", "pursuer", 30, 2, 0, 11, 1), [2])
    for dash, dice in [(True, [9]), (True, [11]), (False, [4]), (True, [8]), (True, [7]),
                       (False, [2, 3])]:
        c.dispatch(ch.TakeTurn(None, dash), dice)
    c.close()


def _evasion(saves, ruleset: str, name: str = "chase") -> None:
    """A dungeon evasion three rounds in, the monsters still after the party."""
    c = Campaign.create(saves, name, ruleset, 3)
    c.dispatch(camp.StartSession())
    for n in ("Ana", "Bo", "Cy"):
        c.dispatch(party.AddCharacter(n))
    morale = [3, 2] if ruleset == "dyb-og-drager" else None  # Dolmenwood: the GM says
    c.dispatch(ch.StartEvasion("dungeon", 120, 90, morale=8, gap=1000), morale)
    for _x in range(3):
        c.dispatch(ch.RunRound())
    c.close()


def _build(saves, ruleset: str, name: str = "chase") -> None:
    (_urban_chase if ruleset == "dnd-2024" else lambda s, n: _evasion(s, ruleset, n))(saves, name)


async def _open_chase(pilot) -> None:
    await pilot.press("6")
    await settle(pilot)


# -- (1) the pseudo-locale: nothing the chase shows is outside the catalogs ------------


def _data_words(ruleset: str) -> set[str]:
    """The ruleset's own names (with no [names.xx] they read in English), and its
    ids the GM types (urban, dense_woods)."""
    rules = _rules(ruleset)
    words = {"Ana", "Bo", "Cy", "Thug", "Guard", "Wolf", "Bear", "Nobody", "moon", "swamp",
             "north", "Dyb", "Drager", "Dolmenwood", "D&D", "OSE", "DMG"}
    for english in terms.term_keys(rules).values():
        words |= {w for word in re.findall(r"[A-Za-z'’]+", english)
                  for w in (word, word.capitalize())}
    if rules.chase is not None:
        words |= set(rules.chase.complications) | set(rules.chase.escape_factors)
        if rules.chase.evasion is not None:
            words |= {w for k in rules.chase.evasion.terrain for w in k.split("_")}
    return words


CHASE_STEPS = {
    "dnd-2024": [["add-character", "Ana"], ["chase-move"], ["start-chase", "--setting", "moon"],
                 ["start-chase", "--setting", "urban", "--distance", "30"],
                 ["join-chase", "Ana", "--dice", "15"], ["join-chase", "Zed"],
                 ["join-chase", "Thug", "--side", "pursuer", "--speed", "40", "--dice", "3"],
                 ["join-chase", "Thug", "--side", "pursuer", "--speed", "40"],
                 ["chase-move", "--feet", "9999"], ["chase-move", "--dice", "1,5"],
                 ["dash", "--dice", "4,3"], ["dash", "--dice", "9"], ["dash", "--dice", "6,2"],
                 ["escape", "Nobody"], ["escape", "Ana", "--factors", "moon"],
                 ["escape", "Ana", "--factors", "cover", "--dice", "3,2"],
                 ["swap-side", "Thug"], ["give-up", "Thug"], ["give-up", "Thug"],
                 ["end-chase", "escaped"], ["end-chase", "caught"],
                 ["start-evasion", "dungeon", "--monster-speed", "90"],
                 ["start-chase", "--setting", "wilderness"],
                 ["join-chase", "Ana", "--dice", "15"],
                 ["join-chase", "Wolf", "--side", "pursuer", "--speed", "40", "--dice", "3"],
                 ["chase-move", "--dice", "6,2"],
                 ["chase-move", "--creature", "Bear", "--dice", "4,2,3"],
                 ["chase-move", "--dice", "3,1"], ["chase-move", "--dice", "1"],
                 ["chase-move"]],
    "dyb-og-drager": [["add-character", "Ana"], ["supplies", "standard", "3"], ["start-chase"],
                      ["run"], ["start-evasion", "dungeon", "--monster-speed", "150",
                                "--party-speed", "120", "--morale", "8", "--gap", "1000",
                                "--dice", "3,4"],
                      ["run"], ["drop", "food", "--rations", "9"],
                      ["drop", "food", "--rations", "2", "--dice", "5"],
                      ["drop", "treasure", "--dice", "2"],
                      ["start-evasion", "wilderness", "--monster-speed", "150",
                       "--party-speed", "120", "--pursuers", "3", "--morale", "12"],
                      ["evade", "--terrain", "swamp"],
                      ["evade", "--terrain", "dense_woods", "--dice", "99"],
                      ["pursuit-day", "--direction", "north", "--dice", "20"], ["run"],
                      ["end-chase", "caught"],
                      ["start-evasion", "sea", "--monster-speed", "150", "--party-speed", "120",
                       "--gap", "100", "--morale", "12"], ["run"], ["evade", "--dice", "90"],
                      ["run"], ["run"], ["run"], ["run"]],
    "dolmenwood": [["add-character", "Ana"],
                   ["start-evasion", "dungeon", "--monster-speed", "150",
                    "--party-speed", "120", "--gap", "1000"]] + [["run"]] * 30 +
                  [["end-chase", "escaped"], ["enter-dungeon", "Crypt"], ["rest"], ["rest"],
                   ["rest"]],
}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pseudo_locale_chase_cli_lines_refusals_and_help(saves, capsys, pseudo, ruleset):
    main(["new", "p", "--ruleset", ruleset, "--seed", "1"])
    capsys.readouterr()
    shown = []
    for step in CHASE_STEPS[ruleset]:
        main(["--lang", "xx", "do", "p", *step])
        out = capsys.readouterr()
        if step[0] not in ("add-character", "supplies", "enter-dungeon", "rest"):
            shown += (out.out + out.err).splitlines()
    main(["--lang", "xx", "log", "p"])
    # the party's own lines (Ana joined the party) are the party area's to mark
    shown += [line for line in capsys.readouterr().out.splitlines()
              if "joined the party" not in line]
    main(["--lang", "xx", "export", "p", "--format", "markdown"])
    # the recap's chase lines (its head and the other areas' are theirs)
    shown += [line for line in capsys.readouterr().out.splitlines()
              if re.search(r"chase|Chase|evasion", line)]
    assert len(shown) > 20, shown
    allowed = _data_words(ruleset) | {"Crypt", "Standard", "standard", "rations", "Ration"}
    for line in shown:
        assert not unmarked(line, allowed), (line, unmarked(line, allowed))
    # the actions' help: the description and every option's help are marked
    for action in ("start-chase", "join-chase", "chase-move", "dash", "escape", "give-up",
                   "swap-side", "end-chase", "start-evasion", "run", "drop", "evade",
                   "pursuit-day"):
        with pytest.raises(SystemExit):
            main(["--lang", "xx", "do", "p", action, "--help"])
        text = capsys.readouterr().out
        # option names, metavars and choices are the interface, not words to translate;
        # a help wrapped over lines is one text again
        prose = re.sub(r"\n[ \t]+", " ", text.split("\n\n", 1)[-1])
        prose = re.sub(r"--?[a-z][a-z-]*|\{[^}]*\}|\b[A-Z_]{2,}\b|N,N,\.\.\.", " ", prose)
        assert "⟦" in text, (action, text)
        assert not unmarked(prose, allowed | {"help", "show", "this", "message", "and", "exit",
                                              "dice", "json", "options", "positional",
                                              "arguments", "quarry", "pursuer", "caught",
                                              "gave", "escaped", "dungeon", "wilderness",
                                              "sea", "party", "monsters", "nobody", "treasure",
                                              "food", "who", "outcome", "where", "kind"}), \
            (action, unmarked(prose, allowed), text)


SCREEN_KEYS = {
    "dnd-2024": ((), ("question_mark",), ("ctrl+p",), ("f",), ("j",), ("e",), ("g",)),
    "dyb-og-drager": ((), ("question_mark",), ("b",), ("ctrl+p",)),
    "dolmenwood": ((), ("b",)),
}


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_pseudo_locale_chase_screen_and_dialogs(saves, pseudo, ruleset):
    _build(saves, ruleset)
    # Textual's own key names in the keys dialog; a runner's name or the source
    # cut at the screen's edge ("Guar", "sou") is data all the same
    names = _data_words(ruleset) | {"palette", "Search", "for", "commands", "chase", "Focus",
                                    "Next", "Previous", "shift", "tab", "Guar", "sou"}
    for keys in SCREEN_KEYS[ruleset]:
        text = await screen_text(TrackerApp(saves, "chase", lang="xx"), ("6", *keys))
        # the round list shows the party's log lines too (theirs to mark): skip those
        body = "\n".join(line for line in text.splitlines()
                         if not re.search(r"joined the party", line))
        assert not unmarked(body, names), (keys, unmarked(body, names), text)


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_pseudo_locale_start_dialogs(saves, pseudo, ruleset):
    """The start dialogs of the ruleset's kind: the 2024 chase's setting and
    distance, the evasion's place, surprise and speeds."""
    c = Campaign.create(saves, "chase", ruleset, 3)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Ana"))
    c.close()
    names = _data_words(ruleset) | {"chase", "sou"}  # the campaign's name; the source cut
    steps = {"dnd-2024": [("s",), ("enter",)],
             "dyb-og-drager": [("s",), ("down", "enter"), ("enter",)],
             "dolmenwood": [("s",), ("down", "enter"), ("enter",), ("enter",)]}[ruleset]
    keys: tuple = ("6",)
    for more in steps:
        keys += more
        text = await screen_text(TrackerApp(saves, "chase", lang="xx"), keys)
        assert not unmarked(text, names), (keys, unmarked(text, names), text)


# -- (2) the chase screen fits 80x24 in Danish and Ukrainian ----------------------------


@pytest.mark.parametrize("moment", ["running", "idle"])
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", ["da", "uk"])
async def test_the_chase_screen_fits_80x24(saves, ruleset, lang, moment):
    """In a chase (or evasion) and before one (the border lists every kind of
    evasion's filled rule then)."""
    from tracker.ui.screens.chase import ChaseScreen

    if moment == "running":
        _build(saves, ruleset)
    else:
        c = Campaign.create(saves, "chase", ruleset, 3)
        c.dispatch(camp.StartSession())
        c.close()
    app = TrackerApp(saves, "chase", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await _open_chase(pilot)
        screen = pilot.app.screen
        # the keys this chase offers (the ruleset's kind: a 2024 chase or an evasion)
        offered = [b.description for b in ChaseScreen.BINDINGS
                   if b.show and screen.check_action(b.action, ()) is not False]
        text = svg_text(pilot.app.export_screenshot())
    with i18n.using(lang):
        shown = [i18n._(d) for d in offered]
        kept = [i18n._("Quit"), i18n._("Keys")]
        titles = [i18n._("Chase"), i18n._("Round by round"),
                  i18n._("The two sides") if ruleset != "dnd-2024" and moment == "running"
                  else i18n._("Who runs (initiative order)")]
    footer = text.splitlines()[-1]
    there = [word in footer for word in shown]
    assert there and there[0] and there == sorted(there, reverse=True), \
        f"the footer should keep the first keys and drop the last: {footer!r}"
    for word in kept:
        assert word in footer, f"footer at 80 columns lost {word!r}: {footer!r}"
    assert "…" not in footer, footer
    for title in titles:
        assert title in text, f"panel title {title!r} cut: {text}"
    # nothing of ours cut with "…". May be: the round list's log lines (long), the
    # turn's complication (how it went first, the table's words after), and the
    # source where the ruleset names it only in English (as cut in English)
    with i18n.using(lang):
        complication = i18n._("Complication ({went}): {what}").split(" (")[0]
    rules = _rules(ruleset)
    english_source = lang not in rules.names or "chase.source" not in rules.names[lang]
    cut = [line for line in text.splitlines() if "…" in line
           and not re.match(r"│#\d+ ", line) and not line.startswith(f"│{complication} (")
           and not (english_source and line.startswith("╰─ "))]
    assert not cut, "\n".join(cut)


# -- (3) snapshots in Danish and Ukrainian ---------------------------------------------


@pytest.mark.parametrize("ruleset, lang", [("dyb-og-drager", "da"), ("dolmenwood", "uk"),
                                           ("dnd-2024", "uk")])
def test_chase_snapshot_in_danish_and_ukrainian(snap_compare, fixed_saves, ruleset, lang):
    _build(fixed_saves, ruleset)
    assert snap_compare(TrackerApp(fixed_saves, "chase", lang=lang), terminal_size=SIZE,
                        run_before=_open_chase)


# -- (4) the same chase in three languages ---------------------------------------------

GOLDEN_CHASE = {
    "en": ["Chase begins (urban), quarry 30 ft ahead",
           "Ana joins the chase as quarry (party), initiative 1d20=[15] typed+3",
           "Thug joins the chase as pursuer (speed 40 ft), initiative 1d20=[3] typed+0",
           "Ana moves 30 ft; complication 1d12=[2] typed: a crowd is in the way; DC 10 Str, "
           "Dex or Cha save; on a failure: 10 ft of difficult terrain through the crowd; the "
           "next runner's save 1d20=[4] typed",
           "Thug dashes 30 ft; complication 1d12=[9] typed none. End of round 1 (6 s in): "
           "Ana 30 ft ahead",
           "Ana tries to slip away: Stealth 2d20kh1=[2,1]=2 typed + 3 = 5 vs Perception 10: spotted "
           "(plenty to hide behind)",
           "Chase over: escaped"],
    "da": ["Forfølgelsen begynder (by), byttet 30 fod foran",
           "Ana er med i forfølgelsen som bytte (gruppen), initiativ 1t20=[15] indtastet+3",
           "Thug er med i forfølgelsen som forfølger (hastighed 40 fod), initiativ "
           "1t20=[3] indtastet+0",
           "Ana bevæger sig 30 fod; komplikation 1t12=[2] indtastet: en folkemængde står i "
           "vejen; SG 10 STY, BEH eller KAR-afværgeslag; ved fiasko: 10 fod vanskeligt "
           "terræn gennem mængden; næste deltagers afværgeslag 1t20=[4] indtastet",
           "Thug spurter 30 fod; komplikation 1t12=[9] indtastet ingen. Slut på runde 1 "
           "(6 s inde): Ana 30 fod foran",
           "Ana prøver at slippe væk: Snigen 2t20kh1=[2,1]=2 indtastet + 3 = 5 mod Opmærksomhed 10: "
           "set (masser at gemme sig bag)",
           "Forfølgelsen er slut: slap væk"],
    "uk": ["Погоня починається (місто), здобич на 30 фт попереду",
           "Ana долучається до погоні: здобич (гурт), Ініціатива 1к20=[15] введено+3",
           "Thug долучається до погоні: переслідувач (Швидкість 40 фт), Ініціатива "
           "1к20=[3] введено+0",
           "Ana рухається на 30 фт; ускладнення 1к12=[2] введено: на шляху натовп; "
           "рятувальний кидок Сил, Спр або Хар СК 10; у разі провалу: 10 фт складної "
           "місцевості крізь натовп; рятувальний кидок наступного учасника 1к20=[4] введено",
           "Thug: Ривок на 30 фт; ускладнення 1к12=[9] введено немає. Кінець раунду 1 "
           "(минуло 6 с): Ana 30 фт попереду",
           "Ana намагається втекти: Непомітність 2к20зв1=[2,1]=2 введено + 3 = 5 проти Уважності 10: "
           "помітили (є за чим сховатися)",
           "Погоня скінчилася: утеча вдалася"],
}
ALERT = {"en": "!! Complication for Thug: a crowd is in the way; DC 10 Str, Dex or Cha "
               "save — save 4: failed; 10 ft lost",
         "da": "!! Komplikation for Thug: en folkemængde står i vejen; SG 10 STY, BEH eller "
               "KAR-afværgeslag — afværgeslag 4: mislykket; 10 fod tabt",
         "uk": "!! Ускладнення (Thug): на шляху натовп; рятувальний кидок Сил, Спр або "
               "Хар СК 10 — рятувальний кидок 4: провал; утрачено 10 фт"}


def _lines(capsys, name: str, lang: str) -> list[str]:
    capsys.readouterr()
    assert main(["--lang", lang, "log", name]) == 0
    return [line[29:].strip() for line in capsys.readouterr().out.splitlines()]


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
def test_golden_chase_lines_in_three_languages(saves, capsys, lang):
    name = f"c-{lang}"
    for step in (["new", name, "--ruleset", "dnd-2024", "--seed", "1"],
                 ["do", name, "add-character", "Ana", "--class", "rogue",
                  "--abilities", "10,16,14,10,12,10"],
                 ["do", name, "start-chase", "--distance", "30"],
                 ["do", name, "join-chase", "Ana", "--dice", "15"],
                 ["do", name, "join-chase", "Thug", "--side", "pursuer", "--speed", "40",
                  "--dice", "3"]):
        assert main(step) == 0, (step, capsys.readouterr().err)
    capsys.readouterr()
    assert main(["--lang", lang, "do", name, "chase-move", "--dice", "2,4"]) == 0
    assert ALERT[lang] in capsys.readouterr().out.splitlines()
    for step in (["dash", "--feet", "30", "--dice", "9"], ["escape", "Ana", "--factors", "cover",
                                           "--dice", "2,1"], ["end-chase", "escaped"]):
        assert main(["do", name, *step]) == 0, (step, capsys.readouterr().err)
    lines = _lines(capsys, name, lang)[2:]  # after the campaign's and Ana's entries
    assert lines == GOLDEN_CHASE[lang]


# Ukrainian's three forms: 1 раціон, 2 раціони, 5 раціонів, 21 раціон
GOLDEN_BAIT = {
    "en": ["Dropped 1 ration of food 1d6=[5] typed: they run on",
           "Dropped 2 rations of food 1d6=[5] typed: they run on",
           "Dropped 5 rations of food 1d6=[5] typed: they run on",
           "Dropped 21 rations of food 1d6=[5] typed: they run on"],
    "da": ["Smed 1 ration mad 1t6=[5] indtastet: de løber videre",
           "Smed 2 rationer mad 1t6=[5] indtastet: de løber videre",
           "Smed 5 rationer mad 1t6=[5] indtastet: de løber videre",
           "Smed 21 rationer mad 1t6=[5] indtastet: de løber videre"],
    "uk": ["Кинуто 1 раціон їжі 1к6=[5] введено: вони біжать далі",
           "Кинуто 2 раціони їжі 1к6=[5] введено: вони біжать далі",
           "Кинуто 5 раціонів їжі 1к6=[5] введено: вони біжать далі",
           "Кинуто 21 раціон їжі 1к6=[5] введено: вони біжать далі"],
}
GOLDEN_RECAP = {"en": "- session 1, #5: evasion (dungeon), 21 rounds: escaped",
                "da": "- spilgang 1, #5: undvigelse (dyb), 21 runder: slap væk",
                "uk": "- сесія 1, #5: утеча (підземелля), 21 раунд: утеча вдалася"}


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
def test_golden_evasion_lines_and_plural_forms(saves, capsys, lang):
    ruleset = {"en": "dolmenwood", "da": "dyb-og-drager", "uk": "dolmenwood"}[lang]
    kind = {"dolmenwood": "fresh", "dyb-og-drager": "standard"}[ruleset]
    name = f"e-{lang}"
    for step in (["new", name, "--ruleset", ruleset, "--seed", "1"],
                 ["do", name, "session-start"],
                 ["do", name, "add-character", "Ana"],
                 ["do", name, "supplies", kind, "40"],
                 ["do", name, "start-evasion", "dungeon", "--monster-speed", "150",
                  "--party-speed", "120", "--morale", "12", "--gap", "1000"],
                 *[["do", name, "drop", "food", "--rations", str(n), "--dice", "5"]
                   for n in (1, 2, 5, 21)],
                 *[["do", name, "run"]] * 21,
                 ["do", name, "drop", "treasure", "--dice", "1"]):
        assert main(step) == 0, (step, capsys.readouterr().err)
    lines = _lines(capsys, name, lang)
    assert [l for l in lines if re.match(r"Dropped \d|Smed \d|Кинуто \d", l)] == GOLDEN_BAIT[lang]
    assert main(["--lang", lang, "export", name, "--format", "markdown"]) == 0
    assert GOLDEN_RECAP[lang] in capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("n, want", [(1, "1 Ривок використано"), (2, "2 Ривки використано"),
                                     (5, "5 Ривків використано"), (21, "21 Ривок використано")])
def test_a_corrections_words_count_dashes_in_ukrainian(n, want):
    from tracker.core.chase import views

    with i18n.using("uk"):
        assert views._dashes({"dashes": n}) == want


# -- the rules terms: complications and the evasion's words from the data ---------------


def test_the_complication_tables_are_named_in_ukrainian_in_dnd_2024():
    r = _rules("dnd-2024")
    assert terms.missing(r) == {"da": [], "uk": []}
    key = "chase.complications.urban.entries.1.result"
    with i18n.using("uk"):
        assert terms.term(r, key) == "на шляху натовп"
        assert terms.term(r, "chase.complications.wilderness") == "дика місцевість"
        assert terms.term(r, "chase.escape_factors.cover.text") == "є за чим сховатися"
    with i18n.using("da"):  # D&D 2024's [names.da] (issue 23, tests/test_i18n_names.py)
        assert terms.term(r, key) == "en folkemængde står i vejen"


@pytest.mark.parametrize("ruleset, code, word", [("dyb-og-drager", "da", "tæt skov"),
                                                 ("dolmenwood", "uk", "густий ліс")])
def test_the_evasion_words_come_from_the_osr_rulesets(ruleset, code, word):
    r = _rules(ruleset)
    assert terms.missing(r) == {"da": [], "uk": []}
    with i18n.using(code):
        assert terms.term(r, "chase.evasion.terrain.dense_woods") == word
    assert terms.term(r, "chase.evasion.terrain.dense_woods") == "dense woods"


def test_a_complication_name_for_a_row_the_table_lacks_is_refused():
    text = (ROOT / "rulesets" / "dnd-2024.toml").read_text()
    bad = text.replace('"chase.complications.urban.entries.5.result"',
                       '"chase.complications.urban.entries.9.result"')
    with pytest.raises(Exception, match=r"names\.uk\.chase\.complications\.urban\.entries\.9"
                                        r"\.result: .* names nothing"):
        load_text(bad, "house.toml")


def test_a_runner_s_complication_reads_in_the_language_shown(saves, capsys):
    """The state keeps what a complication did as facts: the same campaign's
    screen, JSON and alert read in each language."""
    _urban_chase(saves)
    c = Campaign.open(saves, "chase")
    from tracker.core.chase.standing import affliction_text

    bo = next(x for x in c.state.chase.runners if x.complication)
    with i18n.using("en"):
        en = affliction_text(c.state.rules, bo.complication)
    with i18n.using("uk"):
        uk = affliction_text(c.state.rules, bo.complication)
    c.close()
    assert en.startswith("a crowd is in the way; DC 10 Str, Dex or Cha save; on a failure: ")
    assert en.endswith(" — save 3: failed; 10 ft lost")
    assert uk.startswith("на шляху натовп; рятувальний кидок Сил, Спр або Хар СК 10")
    assert uk.endswith(" — рятувальний кидок 3: провал; утрачено 10 фт")
    assert main(["--lang", "uk", "state", "chase", "--json"]) == 0
    assert '"complication": "на шляху натовп;' in capsys.readouterr().out


class _Refusing(gettext.NullTranslations):
    def gettext(self, message):
        raise AssertionError(f"text made while folding: {message!r}")

    ngettext = pgettext = gettext


@pytest.mark.parametrize("ruleset", RULESETS)
def test_replaying_a_chase_makes_no_text(saves, ruleset):
    from tracker.core.engine import Timeline

    _build(saves, ruleset)
    c = Campaign.open(saves, "chase")
    try:
        i18n.install("refuse", _Refusing())
        with i18n.using("refuse"):
            state = Timeline(c.store.read).state_at(c.seq)
    finally:
        c.close()
    assert state.chase.active and (state.chase.runners or state.chase.evasion)


@pytest.mark.parametrize("n, want", [(1, "1 тікає від 3"), (2, "2 тікають від 3"),
                                     (5, "5 тікають від 3"), (21, "21 тікає від 3")])
def test_the_fleeing_group_agrees_with_its_number_in_ukrainian(n, want):
    from tracker.core.describe import describe

    ev = ch.EvasionStarted("wilderness", 120, 150, fleeing=n, pursuers=3)
    with i18n.using("uk"):
        line = describe(ev, _rules("dolmenwood"))
    assert line == f"Утеча (дика місцевість): гурт 120 фт, чудовиська 150 фт, {want}; " \
                   "вони переслідують"
