"""Ruleset texts in the GM's language (issue 23): what reaches the GM from the
rulesets' data (and a few texts of ours made beside it) had no key, so it read
in English in a Danish or Ukrainian campaign. Now each has one: [meta]
description, the Doom table's fates (kept in the state by their row, made when
shown), the sea's wind rows, travel's not-in-source notes, the chance
notation, the terrain in calc's refusals, the joining creature's default name.

(1) Under the pseudo-locale, with rulesets whose [names.xx] wraps every term in
⟦…⟧, those paths show no unmarked English: any English word outside the
markers is a ruleset text shown without its key, or one of ours unmarked.
(2) Golden lines in English, Danish and Ukrainian, from the tables that exist
(Dyb & Drager's [names.da]; Dolmenwood's and D&D 2024's [names.uk]).
(3) An old campaign (generation g8) with Doom fates reads as it did in English
and, where the catalogs say it, in Ukrainian.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from support.i18n import screen_text, unmarked
from support.pilot import log_ready, settle

from tracker import i18n
from tracker.cli import main
from tracker.core import campaign as camp
from tracker.core import chase as ch
from tracker.core import dice
from tracker.core import dungeon as dun
from tracker.core import party, terms
from tracker.core import travel as tr
from tracker.core.dungeon import fates
from tracker.core.engine import Timeline
from tracker.core.ruleset import load_text
from tracker.history import entries
from tracker.service import Campaign, list_rulesets
from tracker.ui.app import TrackerApp

ROOT = Path(__file__).resolve().parents[1]
RULESETS = ("dyb-og-drager", "dolmenwood", "dnd-2024")
G8 = ROOT / "tests" / "data" / "generations" / "g8-2026-12-01-evening"
ABILITIES = (10, 10, 10, 10, 10, 10)
MARKED = re.compile(r"⟦[^⟦⟧\n]*⟧")


def _shipped(rid: str) -> str:
    return (ROOT / "rulesets" / f"{rid}.toml").read_text(encoding="utf-8")


def pseudo_ruleset(rid: str) -> str:
    """The shipped ruleset with a [names.xx] table naming every term ⟦so⟧."""
    rules = load_text(_shipped(rid)).rules
    lines = [f"{json.dumps(k, ensure_ascii=False)} = {json.dumps(f'⟦{v}⟧', ensure_ascii=False)}"
             for k, v in terms.term_keys(rules).items() if len(v) <= 198]
    return _shipped(rid) + "\n[names.xx]\n" + "\n".join(lines) + "\n"


@pytest.fixture
def pseudo_rulesets(tmp_path, monkeypatch):
    """A rulesets folder of pseudo rulesets (TRACKER_RULESETS), so a new
    campaign and `tracker rulesets` read them."""
    d = tmp_path / "rulesets"
    d.mkdir()
    for rid in RULESETS:
        (d / f"{rid}.toml").write_text(pseudo_ruleset(rid), encoding="utf-8")
    monkeypatch.setenv("TRACKER_RULESETS", str(d))
    return d


def _cli(steps, capsys, lang="xx") -> str:
    for step in steps:
        try:
            main(["--lang", lang, *step])
        except SystemExit:
            pass
    out = capsys.readouterr()
    return out.out + out.err


def _doomed(saves: Path, name: str = "doom") -> Campaign:
    """Dolmenwood: three fail the save versus Doom on level 2, each to a fate of
    another kind: hit points set (Wren), hit points the tracker does not track
    and a GM's part (Bob, a hireling), death (Cy)."""
    c = Campaign.create(saves, name, "dolmenwood", 1)
    c.dispatch(party.AddCharacter("Wren", "fighter", 1, ABILITIES), [6])
    c.dispatch(party.AddCharacter("Bob"))
    c.dispatch(party.AddCharacter("Cy", "fighter", 1, ABILITIES), [5])
    c.dispatch(dun.EnterDungeon("Barrow", 2))
    c.dispatch(dun.LeaveDungeon(True), [1, 2, 1, 3, 1, 6])
    return c


def _at_sea(saves: Path, name: str = "sea") -> Campaign:
    """Dyb & Drager: a day afloat in a gentle breeze, lost at sea (no navigator)."""
    c = Campaign.create(saves, name, "dyb-og-drager", 1)
    c.dispatch(party.AddCharacter("Ulf", "kriger", 1, ABILITIES), [3])
    c.dispatch(tr.SetTerrain("ocean"))
    c.dispatch(tr.Embark("Havørn", 120))
    c.dispatch(tr.TravelDay(), [2, 2, 6])
    return c


def _joined(saves: Path, name: str = "chase") -> Campaign:
    """D&D 2024: a wilderness complication brings a creature in after Ana, who
    fails its save; the GM names none."""
    c = Campaign.create(saves, name, "dnd-2024", 3)
    c.dispatch(party.AddCharacter("Ana", "rogue", 1, (10, 16, 14, 12, 14, 10)))
    c.dispatch(ch.StartChase("wilderness", 60))
    c.dispatch(ch.JoinChase("Ana"), [4])
    c.dispatch(ch.JoinChase("Thug", "pursuer", 30, 1, 0, 12), [20])
    c.dispatch(ch.TakeTurn(None, False), [6, 1, 5])
    return c


def _line(c: Campaign, seq: int, lang: str) -> str:
    with i18n.using(lang):
        log = entries(list(c.store.read()), Timeline(c.store.read))
        return next(e.text for e in log if e.seq == seq)


# -- the key design ---------------------------------------------------------------------


@pytest.mark.parametrize("rid", RULESETS)
def test_every_ruleset_text_shown_has_a_key(pseudo, rid):
    """The texts this slice names are terms of every shipped ruleset that has
    them, and a [names.xx] of them all loads (their dotted inner keys too)."""
    rules = load_text(pseudo_ruleset(rid)).rules
    keys = terms.term_keys(rules)
    assert "meta.description" in keys
    want = {"dolmenwood": ["dungeon.hasty_exit.doom.0.result", "dungeon.hasty_exit.doom.0.gm",
                           "dungeon.hasty_exit.doom.9.gm", "travel.not_in_source.weather.tables"],
            "dyb-og-drager": ["travel.sea.weather.entries.0.result",
                              "travel.sea.weather.entries.8.result",
                              "travel.not_in_source.terrains.broken.encounter",
                              "travel.not_in_source.weather", "travel.sea.note"],
            "dnd-2024": ["travel.not_in_source.encounters", "travel.not_in_source.sea.weather",
                         "travel.sea.note"]}[rid]
    assert set(want) <= set(keys), sorted(set(want) - set(keys))
    with i18n.using("xx"):
        assert all(terms.term(rules, k) == f"⟦{keys[k]}⟧" for k in want)


@pytest.mark.parametrize("rid,code", [("dyb-og-drager", "da"), ("dolmenwood", "uk"),
                                      ("dnd-2024", "uk")])
def test_the_shipped_tables_translate_every_new_key(rid, code):
    """The home language of each ruleset names every text this slice keyed
    (`rulesets check` would list the ones it does not)."""
    rules = load_text(_shipped(rid)).rules
    ours = re.compile(r"meta\.description|dungeon\.hasty_exit\.doom\.|travel\.sea\.weather\."
                      r"entries\.|travel\.not_in_source\.|travel\.sea\.note")
    left = [k for k in terms.missing(rules).get(code, []) if ours.match(k)]
    assert not left, left


def test_the_state_keeps_the_fate_by_its_row_and_makes_no_text(saves):
    """The fold keeps which row of the Doom table each fate is; no words."""
    c = _doomed(saves)
    exits = c.state.dungeon.last_hasty_exit
    assert [(r.name, r.row, r.on_sheet, r.tracked) for r in exits] == [
        ("Wren", 1, True, True), ("Bob", 2, True, False), ("Cy", 5, True, True)]
    fields = set(type(exits[0]).__struct_fields__)
    assert not fields & {"fate", "applied", "gm"}, fields
    # what the fate did to the sheet is derived from the row: Wren at 1 HP, Cy dead
    wren, bob, cy = c.state.party
    assert (wren.hp, cy.dead, bob.dead) == (1, True, False)
    c.close()


# -- (1) the pseudo-locale ----------------------------------------------------------------


def test_pseudo_locale_rulesets_list(saves, capsys, pseudo, pseudo_rulesets):
    text = _cli([["rulesets"]], capsys)
    rows = [line.split("\t") for line in text.splitlines() if "\t" in line]
    assert len(rows) == 3, text
    for rid, name, description in rows:
        assert MARKED.fullmatch(description), description  # the description, by its key
        assert not unmarked(description), description


async def test_pseudo_locale_new_campaign_dialog(saves, pseudo, pseudo_rulesets):
    text = await screen_text(TrackerApp(saves, lang="xx"), ("n",))
    shown = [line for line in text.splitlines() if " — " in line]
    assert len(shown) == 3, text
    for line in shown:
        description = line.split(" — ", 1)[1]
        assert description.lstrip("│ ").startswith("⟦"), line
        assert not unmarked(description.strip("│ "), {"Dyb", "Drager", "Dolmenwood"}), line


def test_pseudo_locale_doom_fates_in_log_alerts_and_state(saves, capsys, pseudo,
                                                          pseudo_rulesets):
    steps = [["new", "p", "--ruleset", "dolmenwood", "--seed", "1"],
             ["do", "p", "add-character", "Wren", "--class", "fighter", "--abilities",
              "10,10,10,10,10,10", "--dice", "6"],
             ["do", "p", "add-character", "Bob"], ["do", "p", "enter-dungeon", "Barrow"],
             ["do", "p", "depth", "2"],
             ["do", "p", "leave-dungeon", "--hasty", "--dice", "1,3,1,1"]]
    _cli(steps[:-1], capsys)
    done = _cli(steps[-1:], capsys)
    log = _cli([["log", "p"]], capsys)
    state = json.loads(_cli([["state", "p", "--json"]], capsys))
    line = next(x for x in log.splitlines() if "⟦" in x and "Doom" in x)
    alerts = [x for x in done.splitlines() if x.startswith("!!")]
    names = {"Wren", "Bob", "Barrow"}
    for text in [line, *alerts]:
        assert not unmarked(text, names), (unmarked(text, names), text)
    # the fates themselves, from the Doom table by their keys
    fates_shown = [r["fate"] for r in state["dungeon"]["hasty_exit"]]
    assert fates_shown == ["⟦escaped at 1 HP and -1 to a random ability⟧",
                           "⟦escaped, but lost 1d6 items⟧"]
    assert "⟦take 1d6 of their items away⟧" in line and "⟦lower a random ability by 1⟧" in line, line


async def test_pseudo_locale_doom_fate_on_the_dungeon_and_log_screens(saves, pseudo,
                                                                      pseudo_rulesets):
    c = Campaign.create(saves, "p", "dolmenwood", 1)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Wren", "fighter", 1, ABILITIES), [6])
    c.dispatch(dun.EnterDungeon("Barrow", 1))
    c.close()
    app = TrackerApp(saves, "p", lang="xx")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # as the hasty-exit dialog would: in the app's language (a worker
        # started here copies this context, not the app's)
        with i18n.using("xx"):
            app.run_command(dun.LeaveDungeon(True), [1, 2])
        await pilot.pause(0.5)
        await settle(pilot)
        from support.i18n import svg_text
        dungeon = svg_text(app.export_screenshot())
        await log_ready(pilot)
        log = svg_text(app.export_screenshot())
    names = {"Wren", "Barrow"}
    assert "⟦escaped at 1 HP⟧" in dungeon.replace("\n", ""), dungeon
    assert "⟦escaped at 1 HP⟧" in log.replace("\n", "") or "⟦escaped" in log, log
    for text in (dungeon, log):
        bad = [w for w in unmarked(text, names) if w not in ("Dolmenwood",)]
        assert not bad, (bad, text)


def test_pseudo_locale_sea_wind_notes_chances_and_refusals(saves, capsys, pseudo,
                                                           pseudo_rulesets):
    steps = [["new", "p", "--ruleset", "dyb-og-drager", "--seed", "1"],
             ["do", "p", "add-character", "Ulf", "--class", "kriger", "--abilities",
              "10,10,10,10,10,10", "--dice", "3"]]
    _cli(steps, capsys)
    said = _cli([["do", "p", "weather"], ["do", "p", "terrain", "swamp"],
                 ["do", "p", "forage"], ["do", "p", "hunt"],
                 ["do", "p", "terrain", "ocean"], ["do", "p", "embark", "Havørn", "--rate", "120"],
                 ["do", "p", "travel", "--dice", "2,2,6"]], capsys)
    shown = [x for x in said.splitlines() if x.startswith(("tracker: ", "#", "!!"))]
    assert len(shown) >= 6, said
    names = {"Ulf", "Havørn"}
    bad = {x: unmarked(x, names) for x in shown if unmarked(x, names)}
    assert not bad, bad
    text = "\n".join(shown)
    assert "⟦Land weather is in neither the seed nor OSE: the GM enters it.⟧" in text
    assert "⟦The seed leaves finding game to the GM.⟧" in text
    assert "⟦Swamp⟧" in text  # "nothing to forage in Swamp": the terrain by its key
    assert "⟦gentle breeze⟧" in text and "⟦6-in-6⟧" in text, text


def test_pseudo_locale_dolmenwood_and_dnd_notes(saves, capsys, pseudo, pseudo_rulesets):
    _cli([["new", "w", "--ruleset", "dolmenwood", "--seed", "1"],
          ["new", "n", "--ruleset", "dnd-2024", "--seed", "1"],
          ["do", "n", "add-character", "Ana"]], capsys)
    said = _cli([["do", "w", "weather"], ["do", "w", "terrain", "bog"], ["do", "w", "forage"],
                 ["do", "w", "hunt"],
                 ["do", "n", "terrain", "waterborne"], ["do", "n", "embark", "keelboat"],
                 ["do", "n", "travel", "--current", "against", "--hours", "1"]], capsys)
    shown = [x for x in said.splitlines() if x.startswith(("tracker: ", "#", "!!"))]
    bad = {x: unmarked(x, {"Ana"}) for x in shown if unmarked(x, {"Ana"})}
    assert not bad, bad
    text = "\n".join(shown)
    assert "⟦Foraging is not in our sources: the GM decides.⟧" in text, text
    assert "⟦Hunting is not in our sources: the GM decides.⟧" in text, text
    assert "⟦Keelboats and rowboats cannot be rowed against a significant current.⟧" in text


def test_pseudo_locale_a_joining_creatures_name(saves, pseudo):
    with i18n.using("xx"):
        c = _joined(saves)
    assert [r.name for r in c.state.chase.runners][-1] == "⟦creature after Ana⟧"
    c.close()


# -- (2) golden lines -----------------------------------------------------------------------

DOOM = {
    "en": "Hasty exit, save versus Doom (level 2 -1): "
          "Wren 1d20=[1] typed-1 vs 12 failed doom 1d10=[2] typed: escaped at 1 HP (HP set to 1); "
          "Bob 1d20=[1] typed-1 vs 12 failed doom 1d10=[3] typed: escaped at 1 HP and -1 to a "
          "random ability; GM: set HP to 1; lower a random ability by 1; "
          "Cy 1d20=[1] typed-1 vs 12 failed doom 1d10=[6] typed: dead; companions recovered and "
          "looted the body (dead); Doom table (stand-in: not in the source)",
    "uk": "Поспішний вихід, рятувальний кидок проти Загибелі (рівень 2 -1): "
          "Wren 1к20=[1] введено-1 проти 12 провал доля 1к10=[2] введено: вибратися вдалося, "
          "лишився 1 хіт (хіти тепер 1); "
          "Bob 1к20=[1] введено-1 проти 12 провал доля 1к10=[3] введено: вибратися вдалося, "
          "лишився 1 хіт і -1 до випадкової характеристики; ведучий: встановіть хіти на 1; "
          "зменште випадкову характеристику на 1; "
          "Cy 1к20=[1] введено-1 проти 12 провал доля 1к10=[6] введено: смерть; супутники "
          "винесли й обшукали тіло (без життя); таблиця «Загибель у підземеллі» (замінник: немає в "
          "джерелі)",
}


@pytest.mark.parametrize("lang", sorted(DOOM))
def test_golden_doom_line_and_alerts(saves, lang):
    c = _doomed(saves)
    assert _line(c, c.seq - 1, lang) == DOOM[lang]
    with i18n.using(lang):
        said = {r.name: (fates.fate_text(c.state.rules, r), fates.applied_text(c.state.rules, r),
                         fates.for_the_gm(c.state.rules, r)) for r in c.state.dungeon.last_hasty_exit}
    assert said == {
        "en": {"Wren": ("escaped at 1 HP", "HP set to 1", ""),
               "Bob": ("escaped at 1 HP and -1 to a random ability", "",
                       "set HP to 1; lower a random ability by 1"),
               "Cy": ("dead; companions recovered and looted the body", "dead", "")},
        "uk": {"Wren": ("вибратися вдалося, лишився 1 хіт", "хіти тепер 1", ""),
               "Bob": ("вибратися вдалося, лишився 1 хіт і -1 до випадкової характеристики", "",
                       "встановіть хіти на 1; зменште випадкову характеристику на 1"),
               "Cy": ("смерть; супутники винесли й обшукали тіло", "без життя", "")}}[lang]
    c.close()


def test_golden_doom_alerts_in_the_cli(saves, capsys):
    c = _doomed(saves, "d")
    c.close()
    main(["do", "d", "enter-dungeon", "Barrow", "--depth", "2"])
    capsys.readouterr()
    main(["--lang", "uk", "do", "d", "leave-dungeon", "--hasty", "--dice", "1,10,20"])
    alerts = [x for x in capsys.readouterr().out.splitlines() if x.startswith("!!")]
    # Wren is at 1 HP from the first exit; the fate is the GM's whole (roll again)
    assert alerts == ["!! Wren: рятувальний кидок проти Загибелі провалено (1-1 проти 12): киньте "
                      "ще раз; можна обмінятися долею із супутником (замінник: немає в джерелі); "
                      "ведучий: киньте ще раз за таблицею Загибелі (1к10); персонаж може "
                      "обмінятися долею із супутником",
                      "!! Bob: вдалося вибратися (випало 20-1 проти 12)"], alerts


SEA = {
    "en": "Sailed: 12 miles on ocean aboard the Havørn; wind 2d6=[2,2]=4 typed gentle breeze "
          "(OSE fill: not in the source); lost at sea (6-in-6): LOST; check 1d6=[6] typed, quiet "
          "— 1 meal missed",
    "da": "Sejlede: 12 mil på hav om bord på Havørn; vind 2t6=[2,2]=4 indtastet let vind "
          "(OSE-udfyldning: ikke i kilden); væk på havet (6:6): VÆK; tjek 1t6=[6] indtastet, "
          "ingen konfrontation — 1 måltid sprunget over",
}


@pytest.mark.parametrize("lang", sorted(SEA))
def test_golden_sea_wind_line_and_weather(saves, lang):
    from tracker.core.travel.views import weather_words

    c = _at_sea(saves)
    assert _line(c, c.seq, lang) == SEA[lang]
    with i18n.using(lang):
        said = weather_words(c.state.rules, c.state.travel.weather)
    assert c.state.travel.weather == "gentle breeze"  # the state keeps the ruleset's words
    assert said == {"en": "gentle breeze", "da": "let vind"}[lang]
    c.close()


def test_golden_gale_weather(saves):
    from tracker.core.travel.views import weather_words

    c = _at_sea(saves)
    c.dispatch(tr.TravelDay(), [6, 6, 6])  # 12: a gale
    c.dispatch(tr.Gale("ride_out"), [99])
    weather = c.state.travel.weather
    assert weather == "gale: afloat"
    said = {}
    for lang in ("en", "da", "uk"):
        with i18n.using(lang):
            said[lang] = weather_words(c.state.rules, weather)
    assert said == {"en": "gale: afloat", "da": "kuling: flyder", "uk": "шторм: на плаву"}
    c.close()


REFUSALS = {  # (ruleset, command) -> en, da or uk
    ("dyb-og-drager", "weather"): {
        "en": "tracker: Land weather is in neither the seed nor OSE: the GM enters it.",
        "da": "tracker: Vejret på land står hverken i kilden eller i OSE: SL skriver det ind."},
    ("dyb-og-drager", "forage"): {
        "en": "tracker: nothing to forage in Swamp",
        "da": "tracker: intet at fouragere i Sump"},
    ("dyb-og-drager", "hunt"): {
        "en": "tracker: The seed leaves finding game to the GM. Say --found or --nothing.",
        "da": "tracker: Kilden overlader det til SL, om gruppen finder vildt. Sig --found eller "
              "--nothing."},
    ("dolmenwood", "weather"): {
        "en": "tracker: The seasonal 2d6 weather tables are not in our sources: the GM enters "
              "the day's weather and its effects (I, V, W).",
        "uk": "tracker: Сезонних таблиць погоди 2к6 немає в наших джерелах: ведучий вносить "
              "погоду дня та її наслідки (I, V, W)."},
    ("dolmenwood", "hunt"): {
        "en": "tracker: Hunting is not in our sources: the GM decides. Say --found N "
              "(rations) or --nothing.",
        "uk": "tracker: Полювання немає в наших джерелах: вирішує ведучий. Скажіть --found N "
              "(раціонів) або --nothing."},
}


def test_golden_refusals_name_the_terrain_by_its_key(saves, capsys):
    """Embarking onto land, going ashore onto water: the terrain's own name."""
    main(["new", "p", "--ruleset", "dyb-og-drager", "--seed", "1"])
    capsys.readouterr()
    said = {}
    for lang in ("en", "da"):
        main(["--lang", lang, "do", "p", "embark", "Havørn", "--rate", "120", "--water",
              "forest"])
        said[lang] = [capsys.readouterr().err.strip()]
    main(["do", "p", "terrain", "ocean"])
    main(["do", "p", "embark", "Havørn", "--rate", "120"])
    capsys.readouterr()
    for lang in ("en", "da"):
        main(["--lang", lang, "do", "p", "disembark", "river"])
        said[lang].append(capsys.readouterr().err.strip())
    assert said == {
        "en": ["tracker: Forest is land: a vessel goes on river, ocean",
               "tracker: River is water: disembark onto land (a land terrain)"],
        "da": ["tracker: Skov er land: et fartøj sejler på river, ocean",
               "tracker: Flod er vand: gå i land på land (et landterræn)"]}


@pytest.mark.parametrize("rid,command", sorted(REFUSALS))
def test_golden_notes_and_refusals(saves, capsys, rid, command):
    main(["new", "p", "--ruleset", rid, "--seed", "1"])
    main(["do", "p", "terrain", "swamp" if rid == "dyb-og-drager" else "bog"])
    capsys.readouterr()
    for lang, want in REFUSALS[rid, command].items():
        assert main(["--lang", lang, "do", "p", command]) != 0
        assert capsys.readouterr().err.strip() == want


def test_golden_chance_notation(saves):
    """The chance on the dungeon's check line and in a refusal, as each
    language writes it (the data's "X-in-Y" stays in `state --json`)."""
    said = {}
    for lang in ("en", "da", "uk"):
        with i18n.using(lang):
            said[lang] = [dice.chance_text("1-in-6"), dice.chance_text(dice.Chance(2, 6)),
                          dice.chance_text("not a chance")]
    assert said == {"en": ["1-in-6", "2-in-6", "not a chance"],
                    "da": ["1:6", "2:6", "not a chance"],
                    "uk": ["1 з 6", "2 з 6", "not a chance"]}


def test_golden_descriptions(saves, capsys):
    """`tracker rulesets` and the picker's new-campaign dialog say each
    ruleset's description in the language shown."""
    want = {"da": {"dyb-og-drager": "Dansk spil i B/X-stil: ture på 10 minutter, tjek for "
                                    "omvandrende uhyrer på 1:6, fakler der brænder i 6 ture"},
            "uk": {"dolmenwood": "Процедура підземелля Dolmenwood: перевірка після дій, "
                                 "відпочинок 1 хід на годину, псування припасів, поспішний вихід",
                   "dnd-2024": "D&D 2024: раунди по 6 секунд, джерела світла на години, "
                               "перевірки зустрічей — як задасть Майстер"},
            "en": {"dyb-og-drager": "Danish B/X-style game: 10-minute turns, 1-in-6 wandering "
                                    "checks, 6-turn torches"}}
    for lang, rows in want.items():
        main(["--lang", lang, "rulesets"])
        listed = {r[0]: r[2] for r in (x.split("\t") for x in
                                        capsys.readouterr().out.splitlines())}
        with i18n.using(lang):
            picker = {r.id: r.description for r in list_rulesets()}
        for rid, description in rows.items():
            assert listed[rid] == description == picker[rid]


async def test_the_demos_notice_says_the_description_in_danish(saves):
    """Opening the shipped demo (its recorded Dyb & Drager) says what it is in
    the GM's language, the description too."""
    shutil.copy(ROOT / "saves" / "demo.campaign", saves / "demo.campaign")
    app = TrackerApp(saves, "demo", lang="da")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        said = [n.message for n in app._notifications]
    assert any("Dansk spil i B/X-stil: ture på 10 minutter" in x for x in said), said
    assert not any("Danish B/X-style" in x for x in said), said


def test_golden_joining_creature_name(saves):
    names = {}
    for lang in ("en", "da", "uk"):
        with i18n.using(lang):
            c = _joined(saves, f"chase-{lang}")
        names[lang] = c.state.chase.runners[-1].name
        c.close()
    assert names == {"en": "creature after Ana", "da": "væsen efter Ana", "uk": "істота за Ana"}


# -- (3) an old campaign's Doom fates ------------------------------------------------------


def test_an_old_campaigns_doom_fates_read_as_then_and_in_ukrainian(saves):
    """Generation g8 (written before the fates had keys) replays to the fates
    it recorded, word for word, in English; in Ukrainian and Danish its lines
    say the catalog's words and each fate the shipped ruleset's name for its
    row (the recorded ruleset has none: term() borrows today's, which names
    the same English)."""
    shutil.copy(G8 / "dolmenwood.campaign", saves / "old.campaign")
    then = json.loads((G8 / "dolmenwood.state.json").read_text())["dungeon"]["hasty_exit"]
    shipped = load_text(_shipped("dolmenwood")).rules
    c = Campaign.open(saves, "old")
    exits = c.state.dungeon.last_hasty_exit
    failed = [r for r in exits if not r.saved]
    assert failed, "g8 holds a failed save versus Doom"
    with i18n.using("en"):
        assert [fates.fate_text(c.state.rules, r) for r in exits] == [r["fate"] for r in then]
    seq = next(e.seq for e in entries(list(c.store.read()), Timeline(c.store.read))
               if e.type == "hasty_exit_rolled")
    english = _line(c, seq, "en")
    for r in failed:
        assert f": {fates.fate_text(c.state.rules, r)}" in english
    start = {"uk": "Поспішний вихід, рятувальний кидок проти Загибелі",
             "da": "Hastig flugt, afværgeslag mod Undergang"}
    for lang in ("uk", "da"):
        line = _line(c, seq, lang)
        assert line.startswith(start[lang]), line
        for r in failed:
            key = f"dungeon.hasty_exit.doom.{r.row}.result"
            english_fate = shipped.dungeon.hasty_exit.doom[r.row].result
            want = shipped.names.get(lang, {}).get(key) or english_fate
            with i18n.using(lang):
                assert fates.fate_text(c.state.rules, r) == want
            assert f": {want}" in line, line
            if lang == "uk":  # Dolmenwood's own language has every fate
                assert want != english_fate
    c.close()
