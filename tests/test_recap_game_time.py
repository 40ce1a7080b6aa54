"""The recap's game time has its unit, in every language (gm-review7 C8): a
session in which no time passed says so in words, never "(0 in game)"."""

import pytest

from support.cli import new, run
from tracker import i18n
from tracker.core import clock
from tracker.core.ruleset import load_text

NONE = {"en": "(no time in game)", "da": "(ingen tid i spillet)", "uk": "(у грі час не минув)"}


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
def test_no_time_in_game_is_said_in_words(saves, capsys, lang):
    new(capsys, "z", "dolmenwood", ["add-character", "Ann"])
    head = run(capsys, "--lang", lang, "export", "z", "--format", "markdown").splitlines()[2]
    assert "(0 " not in head and head.endswith(NONE[lang]), head


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
def test_some_time_in_game_has_its_unit(saves, capsys, lang):
    new(capsys, "t", "dolmenwood", ["add-character", "Ann"], ["enter-dungeon", "X"],
        ["turn"], ["turn"])
    head = run(capsys, "--lang", lang, "export", "t", "--format", "markdown").splitlines()[2]
    assert "(0 " not in head and any(w in head for w in ("2 turns", "2 ture", "2 ходи")), head


def test_a_span_of_nothing_has_a_unit():
    from pathlib import Path
    t = (Path(__file__).parent.parent / "rulesets" / "dolmenwood.toml").read_text()
    rules = load_text(t, "dolmenwood.toml").rules
    with i18n.using("en"):
        assert clock.span(rules, 0) == "0 min"
