"""A number the GM reads is written one way in a language: Danish 1.200,
Ukrainian 1 200, wherever it is shown (the log said "2 000 фт" and an alert
"1200 фт"). Every message given a bare number in Danish or Ukrainian writes it
in the language's form (i18n.Message); a number that names an entry
(#{seq}) or a port stays as typed. English is unchanged (the golden record)."""

from __future__ import annotations

import re

import pytest

from tracker import i18n

from support.cli import said as run

# 4+ digits in a row: a number the locale's formatter never saw (a #seq, a
# die's =[1234] and a date's year are not amounts)
BARE = re.compile(r"(?<![#\d\[=./:])\d{4,}(?![\d\]./])")

PLAYED = [  # a D&D chase and bastion with thousands, a Dolmenwood fast travel
    ("new", "d", "--ruleset", "dnd-2024", "--seed", "3"),
    ("do", "d", "session-start"),
    ("do", "d", "add-character", "Bo", "--class", "fighter", "--level", "5",
     "--abilities", "16,16,16,16,16,16"),
    ("do", "d", "xp", "12000"),
    ("do", "d", "bastion-new", "Bo", "--name", "Greywall"),
    ("do", "d", "bastion-gold", "Bo", "+12000", "--why", "a patron"),
    ("do", "d", "start-chase", "--distance", "1200"),
    ("do", "d", "join-chase", "Bo", "--side", "quarry"),
    ("do", "d", "join-chase", "Orc", "--side", "pursuer", "--speed", "1500", "--con", "1",
     "--stealth", "0", "--perception", "0", "--init", "0"),
    ("do", "d", "chase-move"),
    ("new", "w", "--ruleset", "dolmenwood", "--seed", "3"),
    ("do", "w", "session-start"),
    ("do", "w", "add-character", "Ana", "--class", "fighter", "--abilities", "16,16,16,16,16,16"),
    ("do", "w", "enter-dungeon", "Crypt"),
    ("do", "w", "supplies", "torches", "3"),
    ("do", "w", "light", "torch", "Ana"),
    ("do", "w", "fast-travel", "--feet", "2400"),
    ("log", "d"), ("log", "w"), ("state", "d", "--json"),
    ("export", "d", "--format", "markdown"), ("export", "w", "--format", "markdown"),
]


def test_a_message_writes_its_numbers_in_the_language_s_form():
    with i18n.using("uk"):
        assert i18n._("{feet} ft").format(feet=1200) == "1\xa0200 фт"
        assert i18n._("{feet} ft").format(feet=2.5) == "2,5 фт"
        met = i18n._("wandering monsters at {feet} ft").format(feet=1200)
        assert i18n._("session {session}, #{seq}: {encounter}").format(
            session=2, seq=12345, encounter=met).endswith("#12345: мандрівні чудовиська на 1\xa0200 фт")
        assert "8724" in i18n._("default {port}").format(port=8724)
    with i18n.using("da"):
        assert i18n._("{feet} ft").format(feet=1200) == "1.200 fod"
    with i18n.using("en"):
        assert i18n._("{feet} ft").format(feet=1200) == "1200 ft"  # as the record holds


@pytest.mark.parametrize("lang", ["da", "uk"])
def test_no_number_the_gm_reads_skips_the_language_s_form(saves, capsys, lang):
    shown = []
    for argv in PLAYED:
        code, text = run(capsys, "--lang", lang, *argv)
        assert code == 0, (argv, text)
        if argv[0] != "state":  # --json: numbers as data
            shown += [(argv, line) for line in text.splitlines()]
    bare = [(argv, line) for argv, line in shown
            if BARE.search(line.replace("D&D 2024", "").replace("dnd-2024", ""))]
    assert bare == [], "\n".join(line for _x, line in bare)
    amounts = "".join(line for _x, line in shown)
    assert ("1.200" if lang == "da" else "1\xa0200") in amounts
