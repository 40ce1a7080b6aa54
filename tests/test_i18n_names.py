"""Every ruleset's names in every language, and old campaigns' names (issue 23).

1. Each shipped ruleset names its terms in every language any shipped ruleset
   offers (Danish and Ukrainian), every table with every key the areas declare:
   a name added later without its translations fails here, as does a
   `tracker rulesets check` that lists one.
2. A campaign keeps the ruleset text it was made with. One made before its
   ruleset had the language's ``[names.xx]`` (generations g1-g6 have none and
   bilingual "Skov (forest)" names; g7-g8 have Dyb & Drager's Danish and the
   others' Ukrainian only) reads its names in the language shown all the same:
   ``term()`` finds them in today's shipped ruleset of the same id where the
   English name is the same (core/terms.py). English reads as recorded
   (tests/test_generations.py, tests/test_refactor_guard.py hold that).

The screens and the CLI's log and recap are checked for English terms: every
name the recorded or the shipped ruleset has whose word in the language shown
differs from the English.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import msgspec
import pytest
from support.i18n import SIZE, svg_text
from support.pilot import settle

from tracker import i18n
from tracker.cli import main
from tracker.core import terms
from tracker.core.ruleset import load_text
from tracker.ui.app import TrackerApp
from tracker.ui.areas import area_screens

ROOT = Path(__file__).resolve().parents[1]
RULESETS = ("dyb-og-drager", "dolmenwood", "dnd-2024")
GENERATIONS = ROOT / "tests" / "data" / "generations"
ALL_GENERATIONS = sorted(p.name for p in GENERATIONS.iterdir() if p.is_dir())
# the last written before the names tables, and the last written at all
SCREENED = ("g6-2026-11-30-evening", "g8-2026-12-01-evening")
LANGUAGES = ("da", "uk")
HEADINGS = ("# party and classes", "# travel and terrains", "# chase and complications",
            "# bastion, facilities and orders", "# log, recap and the rest")


def shipped(rid: str):
    return load_text((ROOT / "rulesets" / f"{rid}.toml").read_text(encoding="utf-8")).rules


# --- 1. every table, every key ------------------------------------------------


def test_every_shipped_ruleset_names_every_term_in_every_language():
    offered = {code for rid in RULESETS for code in shipped(rid).names}
    assert offered >= set(LANGUAGES)
    for rid in RULESETS:
        rules = shipped(rid)
        keys = set(terms.term_keys(rules))
        assert set(rules.names) == offered, (rid, sorted(rules.names))
        for code, table in rules.names.items():
            assert set(table) == keys, (rid, code, sorted(keys ^ set(table))[:10])
        assert not any(terms.missing(rules).values()), rid


@pytest.mark.parametrize("rid", RULESETS)
def test_rulesets_check_lists_no_name_left_in_english(rid, capsys):
    main(["rulesets", "check", str(ROOT / "rulesets" / f"{rid}.toml")])
    out = capsys.readouterr().out
    assert out.strip().endswith(")") and "\n" not in out.strip(), out


@pytest.mark.parametrize("rid", RULESETS)
def test_each_names_table_has_the_areas_headings_in_order(rid):
    text = (ROOT / "rulesets" / f"{rid}.toml").read_text(encoding="utf-8")
    tables = re.split(r"^\[names\.[a-z]+\]$", text, flags=re.M)[1:]
    assert len(tables) == len(LANGUAGES)
    for table in tables:
        at = [table.find(f"\n{h}\n") for h in HEADINGS]
        assert -1 not in at and at == sorted(at), (rid, at)


def test_a_name_added_without_its_translations_fails_the_check():
    text = (ROOT / "rulesets" / "dolmenwood.toml").read_text(encoding="utf-8")
    text = text.replace('[lights.torch]\n', '[lights.rushlight]\nname = "Rushlight"\n'
                        'duration = "1 turn"\n\n[lights.torch]\n', 1)
    rules = load_text(text).rules
    assert terms.missing(rules) == {"da": ["lights.rushlight"], "uk": ["lights.rushlight"]}


def test_the_new_tables_read_in_their_language():
    with i18n.using("da"):
        assert terms.term(shipped("dnd-2024"), "party.classes.wizard") == "Magiker"
        assert terms.term(shipped("dolmenwood"), "party.saves.Doom") == "Undergang"
    with i18n.using("uk"):
        assert terms.term(shipped("dyb-og-drager"), "travel.terrains.forest") == "Ліс"
        assert terms.term(shipped("dyb-og-drager"), "party.classes.halvlang") == "Напіврослик"


# --- 2. old campaigns' recorded rulesets --------------------------------------


def recorded(generation: str, rid: str):
    first = json.loads((GENERATIONS / generation / f"{rid}.jsonl").read_text(
        encoding="utf-8").splitlines()[0])
    return load_text(first["data"]["ruleset_toml"]).rules


def test_an_old_bilingual_name_reads_todays_word_and_english_as_recorded():
    import tracker.service  # noqa: F401 - gives the core today's shipped rulesets

    old = recorded("g6-2026-11-30-evening", "dyb-og-drager")
    assert old.names == {}
    key = "travel.terrains.forest"
    assert terms.term(old, key) == "Skov (forest)"  # English: as recorded
    with i18n.using("da"):
        assert terms.term(old, key) == "Skov"
    with i18n.using("uk"):
        assert terms.term(old, key) == "Ліс"
        assert terms.term(old, "supplies.torches") == "Смолоскипи"  # "Fakler (torches)"


def test_a_recorded_name_that_is_not_todays_is_not_borrowed():
    import tracker.service  # noqa: F401

    text = (ROOT / "rulesets" / "dnd-2024.toml").read_text(encoding="utf-8")
    text = re.sub(r'\n\[names\.da\].*', "\n", text, flags=re.S)  # as if made before it
    house = text.replace('name = "Wizard"', 'name = "Hedge Witch"', 1)
    with i18n.using("da"):
        assert terms.term(load_text(text).rules, "party.classes.wizard") == "Magiker"
        # a GM's own renamed class keeps the GM's word: it is not today's Wizard
        assert terms.term(load_text(house).rules, "party.classes.wizard") == "Hedge Witch"


def test_the_recorded_translation_comes_before_todays():
    import tracker.service  # noqa: F401

    text = (ROOT / "rulesets" / "dyb-og-drager.toml").read_text(encoding="utf-8")
    text = text.replace('"travel.terrains.forest" = "Skov"', '"travel.terrains.forest" = "Krat"')
    with i18n.using("da"):
        assert terms.term(load_text(text).rules, "travel.terrains.forest") == "Krat"


def english_terms(rules, code: str, typed: set[str]) -> set[str]:
    """The English names (and bilingual names' halves) that should not show in
    ``code``: every name of the recorded and the shipped ruleset that either
    ruleset's ``[names.<code>]`` gives another word for (found without
    ``term()``, which is what is under test)."""
    today = shipped(rules.meta.id)
    typed = {w.casefold() for w in typed}
    words = {k: w for source in (today, rules) for k, w in source.names.get(code, {}).items()}
    every_word = " ".join(words.values()).casefold()
    out: set[str] = set()
    for source in (rules, today):
        for key, english in terms.term_keys(source).items():
            word = words.get(key)
            if word is None or word.casefold() == english.casefold():
                continue
            halves = terms.BILINGUAL.fullmatch(english)
            for name in (english, *(halves.groups() if halves else ())):
                if len(name) >= 4 and name.casefold() not in every_word \
                        and name.casefold() not in typed:
                    out.add(name)
    return out


def typed_words(generation: str, rid: str) -> set[str]:
    """What the GM typed into the campaign (names, notes), bar the ruleset."""
    return words_in(json.loads(line)["data"] for line in (
        GENERATIONS / generation / f"{rid}.jsonl").read_text(encoding="utf-8").splitlines())


def words_in(events) -> set[str]:
    """Every text of the events' data and its words, bar the recorded ruleset."""
    words: set[str] = set()

    def walk(value):
        if isinstance(value, str):
            words.add(value)
            words.update(re.findall(r"[\w'’]+", value))
        elif isinstance(value, dict):
            for key, inner in value.items():
                if key != "ruleset_toml":
                    walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    for data in events:
        walk(data)
    return words


def english_in(text: str, names: set[str]) -> list[str]:
    return sorted(n for n in names
                  if re.search(r"(?<![\w])" + re.escape(n) + r"(?![\w])", text, re.I))


@pytest.fixture
def copies(tmp_path):
    def copy(generation: str) -> Path:
        saves = tmp_path / generation
        saves.mkdir()
        for rid in RULESETS:
            shutil.copy(GENERATIONS / generation / f"{rid}.campaign", saves)
        return saves
    return copy


@pytest.mark.parametrize("generation", ALL_GENERATIONS)
def test_old_campaigns_log_and_recap_read_their_names_in_the_language(
        generation, copies, capsys):
    saves = copies(generation)
    for rid in RULESETS:
        rules = recorded(generation, rid)
        typed = typed_words(generation, rid)
        for code in LANGUAGES:
            main(["--saves", str(saves), "--lang", code, "log", rid])
            main(["--saves", str(saves), "--lang", code, "export", rid, "--format",
                  "markdown", "--session", "1-99"])
            text = capsys.readouterr().out
            assert len(text.splitlines()) > 20, text
            left = english_in(text, english_terms(rules, code, typed))
            assert not left, (generation, rid, code, left)


async def every_screen(saves: Path, rid: str, code: str) -> dict[str, str]:
    app = TrackerApp(saves, rid, lang=code)
    out = {}
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the campaign asks to begin its next session: not now
        await settle(pilot)
        for screen in area_screens():
            await pilot.press(screen.key)
            await settle(pilot)
            await app.workers.wait_for_complete()
            await pilot.pause()
            out[screen.name] = svg_text(app.export_screenshot())
    return out


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("rid", RULESETS)
@pytest.mark.parametrize("generation", SCREENED)
async def test_old_campaigns_screens_read_their_names_in_the_language(
        generation, rid, code, copies):
    saves = copies(generation)
    names = english_terms(recorded(generation, rid), code, typed_words(generation, rid))
    screens = await every_screen(saves, rid, code)
    assert set(screens) == {s.name for s in area_screens()}
    for name, text in screens.items():
        left = english_in(text, names)
        assert not left, (generation, rid, code, name, left, text)


@pytest.mark.parametrize(("rid", "code"), [("dnd-2024", "da"), ("dolmenwood", "da"),
                                           ("dyb-og-drager", "uk")])
async def test_a_new_campaign_reads_the_new_tables_on_every_screen(rid, code, tmp_path):
    from tracker.demo import _PARTY, build

    campaign = build(tmp_path, rid, rid, "encounter")
    typed = words_in(msgspec.to_builtins(env.event) for env in campaign.store.read())
    campaign.close()
    rules = shipped(rid)
    names = english_terms(rules, code, typed)
    screens = await every_screen(tmp_path, rid, code)
    with i18n.using(code):  # the party's classes read in the language
        classes = {terms.term(rules, f"party.classes.{cls}") for _n, cls, *_x in _PARTY[rid]}
    assert all(c in screens["party"] for c in classes), (classes, screens["party"])
    for name, text in screens.items():
        left = english_in(text, names)
        assert not left, (rid, code, name, left, text)
