"""The words a usage line, the help and a refusal name arguments by (argparse's
metavariables: ``NAME``, ``amount``, ``--saves DIR``) read in the run's
language, and in English exactly as before (issue 23)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tracker import argparse_words, cli, i18n

from support.cli import said as run

LOCALE = Path(__file__).parents[1] / "tracker" / "locale"


def _parsers(parser: argparse.ArgumentParser):
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in dict.fromkeys(action.choices.values()):
                yield from _parsers(command)


def _shown(lang: str) -> set[str]:
    with i18n.using(lang):
        parser = cli.build_parser()
    return {argparse_words.shown_name(a) for p in _parsers(parser) for a in p._actions
            if argparse_words.named(a)}


def test_every_argument_s_name_is_a_marked_word():
    """A new argument's name needs its line in argparse_words.METAVARS (and
    its translations): without it, it reads in English."""
    assert _shown("en") - set(argparse_words.METAVARS) == set()
    with open(LOCALE / "tracker.pot", "rb") as f:
        marked = {m.id for m in read_po(f) if m.context == "metavar"}
    assert marked == set(argparse_words.METAVARS)


@pytest.mark.parametrize("lang", ["da", "uk"])
def test_no_argument_is_named_in_english(lang):
    english = _shown("en")
    # the words that read the same: numbers, ids, an entry's seq
    same = {"N", "N,N,...", "N[-M]", "id", "seq", "SEQ", "HEX", "PORT", "NOTE", "partner"}
    assert (_shown(lang) & english) - same == set()


@pytest.mark.parametrize("lang, usage, refused", [
    ("en", "usage: tracker [-h] [--saves DIR] [--lang CODE] COMMAND ...",
     "tracker do name damage: error: the following arguments are required: NAME, N|DICE"),
    ("da", "brug: tracker [-h] [--saves MAPPE] [--lang KODE] KOMMANDO ...",
     "tracker do navn damage: fejl: disse argumenter skal angives: NAVN, N|TERNINGER"),
    ("uk", "використання: tracker [-h] [--saves ТЕКА] [--lang КОД] КОМАНДА ...",
     "tracker do назва damage:"),
])
def test_usage_and_a_refusal_name_arguments_in_the_run_s_language(capsys, lang, usage, refused):
    code, text = run(capsys, "--lang", lang, "--help")
    assert code == 0 and text.startswith(usage), text
    code, text = run(capsys, "--lang", lang, "do", "c", "damage")
    assert code == 2 and refused in text, text
    if lang == "uk":
        assert text.rstrip().endswith("ІМʼЯ, N|КУБИКИ"), text


def test_a_command_s_help_in_danish_names_its_arguments_in_danish(capsys):
    code, text = run(capsys, "--lang", "da", "do", "c", "add-character", "--help")
    assert code == 0
    assert "--abilities STY,INT,VIS,BEH,UDH,KAR" in text and "--class KLASSE" in text, text
    assert "tracker do navn add-character" in text and " NAVN" in text, text
