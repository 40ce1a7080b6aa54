"""Dice as each language writes them, in what it shows and what it refuses
(gm-review7 C7): a Danish error names the die's "t" (the dialog's own
example is 2t4+2), a Ukrainian one "к"; and what a die keeps reads in the
language's script (D&D's ability roll "4к6зв3", never "4к6kh3"). Whatever
a language writes reads back as the die it was, typed in any language."""

from __future__ import annotations

import re

import pytest

from tracker import i18n
from tracker.core import dice as dicemod
from tracker.core.ruleset import load_text

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LETTER = {"en": "d", "da": "t", "uk": "к"}


def _mixed(text: str) -> bool:
    """Latin and Cyrillic letters in one expression: 4к6kh3."""
    return bool(re.search(r"[a-z]", text) and re.search(r"[а-яіїєґ]", text))


@pytest.mark.parametrize("lang", LETTER)
@pytest.mark.parametrize("typed", ["1d4+", "1t4+", "1к4+", "2d", "2t", "+3"])
def test_a_dice_error_names_the_die_with_the_languages_letter(lang, typed):
    with i18n.using(lang):
        with pytest.raises(dicemod.DiceError) as e:
            dicemod.parse(typed)
    said = str(e.value)
    assert f"'{LETTER[lang]}'" in said, said
    assert all(f"'{x}'" not in said for x in LETTER.values() if x != LETTER[lang]), said


@pytest.mark.parametrize("lang", LETTER)
def test_every_languages_letter_reads_as_a_die_in_any_language(lang):
    with i18n.using(lang):
        for letter in LETTER.values():
            assert dicemod.parse(f"2{letter}6+1").text == "2d6+1"


@pytest.mark.parametrize("lang", LETTER)
@pytest.mark.parametrize("expr", ["4d6kh3", "2d20kl1+3", "2d20kh1*10", "1d6"])
def test_what_a_die_keeps_reads_in_the_languages_script_and_back(lang, expr):
    with i18n.using(lang):
        shown = i18n.dice(expr)
        assert not _mixed(shown), shown
        assert dicemod.parse(shown).text == expr  # what it shows reads back the same
    for other in LETTER:  # and a GM of any language may type it
        with i18n.using(other):
            assert dicemod.parse(shown).text == expr


def test_the_dnd_ability_roll_reads_in_one_script():
    rules = load_text((ROOT / "rulesets" / "dnd-2024.toml").read_text()).rules
    with i18n.using("uk", "dnd-2024"):
        shown = i18n.dice(rules.party.ability_roll)
    assert shown.startswith("4к6") and not re.search(r"[a-z]", shown), shown


@pytest.mark.parametrize("lang", LETTER)
def test_a_keep_error_names_the_languages_keep_words(lang):
    with i18n.using(lang):
        high, low = i18n.keep_words()
        with pytest.raises(dicemod.DiceError) as e:
            dicemod.parse("4d6kx3")
    assert f"'{high}'" in str(e.value) and f"'{low}'" in str(e.value), str(e.value)
