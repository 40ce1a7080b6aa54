"""Counts, dice and durations as a Danish or Ukrainian GM writes them (issue 23).

A number pasted before a noun reads wrong in Ukrainian ("2 ходів", "44 хітів")
and in Danish for one ("1 ture"): every such message goes through ngettext,
or its translation names the unit once, as a label ("хіти 0 → 2"). A GM types
dice with the seeds' letter ("2t6", "1к6") and durations in their own words
("6 ture", "6 ходів")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tracker import i18n
from tracker.core import dice, schema
from tracker.core.errors import Refused
from tracker.core.ruleset import load_text

LOCALE = Path(__file__).parents[1] / "tracker" / "locale"

# A placeholder right before a noun whose form depends on the number.
PASTED = {
    "uk": re.compile(r"\{\w+\}\s+(ходів|ходи|хітів|хіти|днів|дні|раундів|раунди|годин|години|"
                     r"миль|милі|монет|кубиків|кубики|символів|символи|захисників|наказів|"
                     r"накази|футів|тижнів|хвилин|разів)\b(?!/)"),
    "da": re.compile(r"\{\w+\}\s+(ture|dage|runder|timer|mønter|terninger|ordrer|forsvarere|"
                     r"uger|minutter|gange)\b"),
}


@pytest.mark.parametrize("lang", ["da", "uk"])
def test_no_number_is_pasted_before_a_noun_that_changes_with_it(lang):
    with open(LOCALE / lang / "LC_MESSAGES" / "tracker.po", "rb") as f:
        catalog = read_po(f)
    pasted = [m.id for m in catalog if m.id and isinstance(m.id, str)
              and PASTED[lang].search(m.string or "")]
    assert pasted == []


def test_english_has_its_own_singular_and_plural():
    """English says "1 defender", "3 defenders": never "defender(s)", nor a
    counted message whose singular is its plural where the noun follows the
    number ("1 squares of wall")."""
    with open(LOCALE / "tracker.pot", "rb") as f:
        template = read_po(f)
    either = re.compile(r"\w\((s|es)\)")
    marked = [m.id for m in template if m.id and either.search(" ".join(
        m.id if isinstance(m.id, tuple) else (m.id,)))]
    assert marked == []
    counted_noun = re.compile(r"\{n\} (\w+ )?(defenders|days|turns|orders|rolls|hirelings|"
                              r"squares)\b")
    same = [m.id[0] for m in template if isinstance(m.id, tuple) and m.id[0] == m.id[1]
            and counted_noun.search(m.id[0])]
    assert same == []


@pytest.fixture(scope="module")
def dyb():
    text = (Path(__file__).parents[1] / "rulesets" / "dyb-og-drager.toml").read_text()
    return load_text(text).rules


@pytest.mark.parametrize("typed, recorded", [
    ("2t6", "2d6"), ("3T6+1", "3d6+1"), ("1к6", "1d6"), ("1К8*10", "1d8*10"),
    ("2d20kh1+3", "2d20kh1+3"), ("t6", "d6")])
def test_the_seeds_die_letters_are_read_as_d_and_recorded_as_d(typed, recorded):
    assert dice.parse(typed).text == recorded


def test_a_bad_expression_is_named_as_the_gm_typed_it():
    with pytest.raises(dice.DiceError, match="'2t6x'"):
        dice.parse("2t6x")


@pytest.mark.parametrize("typed, seconds", [
    ("6 ture", 3600), ("1 tur", 600), ("10 runder", 100), ("2 timer", 7200), ("1 uge", 604800),
    ("6 ходів", 3600), ("1 хід", 600), ("3 години", 10800), ("2 дні", 172800),
    ("6 turns", 3600), ("10 minutes", 600)])
def test_durations_in_every_shipped_language_mean_the_same(dyb, typed, seconds):
    assert schema.seconds(dyb, typed) == seconds


def test_a_bad_duration_lists_the_units_in_the_gms_language(dyb):
    with i18n.using("da"), pytest.raises(Exception, match=r"runder, ture, minutter"):
        schema.seconds(dyb, "6 parsec")
    with i18n.using("uk"), pytest.raises(Exception, match=r"раунди, ходи, хвилини"):
        schema.seconds(dyb, "6 парсек")


def _refusal(argv, capsys) -> str:
    from tracker.cli import main

    code = main(argv)
    said = capsys.readouterr()
    assert code != 0, said.out
    return said.err


def test_a_refused_run_of_turns_counts_them_in_ukrainian(saves, capsys):
    from tracker.cli import main

    main(["new", "w", "--ruleset", "dolmenwood", "--seed", "2"])
    main(["do", "w", "add-character", "Тарас", "--class", "Fighter", "--abilities",
          "12,12,12,12,12,12"])
    main(["do", "w", "enter-dungeon", "Шахта"])
    for _ in range(30):  # one turn at a time, up to the turn that must be a rest
        capsys.readouterr()
        if main(["--lang", "uk", "do", "w", "turn", "2"]) != 0:
            break
    said = capsys.readouterr().err
    assert "2 ходи привели б" in said, said
    for n, words in [(5, "5 ходів привели б"), (21, "21 хід привів би")]:
        said = _refusal(["--lang", "uk", "do", "w", "turn", str(n)], capsys)
        assert words in said, said


def test_danish_and_ukrainian_gms_roll_with_their_own_letters(saves, capsys):
    from tracker.cli import main

    main(["new", "d", "--ruleset", "dyb-og-drager", "--seed", "2"])
    main(["do", "d", "add-character", "Åse", "--class", "fighter", "--abilities",
          "12,12,12,12,12,12", "--hp", "8"])
    capsys.readouterr()
    assert main(["do", "d", "damage", "Åse", "1t4"]) == 0
    assert main(["do", "d", "damage", "Åse", "1к4"]) == 0
    capsys.readouterr()
    main(["--lang", "en", "log", "d"])
    english = capsys.readouterr().out
    assert english.count("1d4=[") == 2
