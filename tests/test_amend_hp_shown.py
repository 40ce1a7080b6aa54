"""A character's entry says the hit points it holds (gm-review3 R19): typed
HP (`--hp`) are shown, a correction of hp shows the new value rather than the
old roll, and the roll's CON modifier stays in a correction's line. In
English, Danish and Ukrainian.

Before, `amend 3 --set hp=99` logged "HP 1d8=[3]" (the old roll, without its
+1), and `--hp 99` showed no HP at all."""

from __future__ import annotations

import re

import pytest

from tracker.cli import main

ADD = ("add-character", "Ana", "--class", "fighter", "--abilities", "14,10,9,12,13,8")


@pytest.fixture
def cli(saves, capsys):
    def run(lang, *argv):
        code = main(["--lang", lang, *argv])
        said = capsys.readouterr()
        assert code == 0, said
        return said.out
    return run


@pytest.mark.parametrize("lang, typed", [("en", "typed"), ("da", "indtastet"),
                                         ("uk", "введено")])
def test_a_correction_of_hp_shows_the_new_value(cli, lang, typed):
    cli(lang, "new", "c", "--ruleset", "dolmenwood", "--seed", "1")
    added = cli(lang, "do", "c", *ADD)
    assert re.search(r"=\[\d\]\+1", added)
    seq = re.search(r"#(\d+)", added).group(1)
    out = cli(lang, "do", "c", "amend", seq, "--set", "hp=99")
    assert f"99 ({typed})" in out and "=[" not in out
    assert f"99 ({typed})" in cli(lang, "log", "c")


@pytest.mark.parametrize("lang, typed", [("en", "typed"), ("da", "indtastet"),
                                         ("uk", "введено")])
def test_typed_hp_are_shown_and_corrected(cli, lang, typed):
    cli(lang, "new", "c", "--ruleset", "dolmenwood", "--seed", "1")
    added = cli(lang, "do", "c", *ADD, "--hp", "99")
    assert f"99 ({typed})" in added
    seq = re.search(r"#(\d+)", added).group(1)
    assert f"7 ({typed})" in cli(lang, "do", "c", "amend", seq, "--set", "hp=7")


def test_another_correction_keeps_the_rolls_modifier(cli):
    cli("en", "new", "c", "--ruleset", "dolmenwood", "--seed", "1")
    seq = re.search(r"#(\d+)", cli("en", "do", "c", *ADD)).group(1)
    assert "HP 1d8=[3]+1" in cli("en", "do", "c", "amend", seq, "--set", "ac=5")
