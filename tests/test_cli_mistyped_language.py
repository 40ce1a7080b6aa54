"""A mistyped command on a named campaign is told in the campaign's language,
as its help and refusals are (a Danish campaign's `--dice 1,x` said argparse's
English); `--lang` still wins, and an unknown campaign keeps the run's."""

from __future__ import annotations

import pytest

from support.cli import said as run




@pytest.fixture
def danish(saves, capsys, monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert run(capsys, "new", "k", "--ruleset", "dyb-og-drager", "--seed", "1")[0] == 0
    return "k"


def test_a_bad_argument_reads_in_the_campaign_s_language(danish, capsys):
    code, text = run(capsys, "do", danish, "check", "--dice", "1,x")
    assert code == 2 and "fejl" in text and "forventede hele tal" in text, text
    code, text = run(capsys, "do", danish, "xp")
    assert code == 2 and "brug:" in text and "usage:" not in text, text


def test_lang_wins_and_an_unknown_campaign_keeps_the_run_s_language(danish, capsys):
    code, text = run(capsys, "--lang", "en", "do", danish, "xp")
    assert code == 2 and "usage:" in text and "error:" in text, text
    code, text = run(capsys, "do", "nobody", "xp")
    assert code == 2 and "usage:" in text, text
