"""A number the GM reads is written one way in a language: Danish 1.200,
Ukrainian 1 200, wherever it is shown (the log said "2 000 фт" and an alert
"1200 фт"). Every message given a bare number in Danish or Ukrainian writes it
in the language's form (i18n.Message); a number that names an entry
(#{seq}) or a port stays as typed. English too (gm-review6 C1: "1500 XP"
beside "1,200 ft"): one form in each language, English 1,200."""

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
        assert i18n._("{feet} ft").format(feet=1200) == "1,200 ft"
        assert i18n.ngettext("{n} XP", "{n} XP", 1500).format(n=1500) == "1,500 XP"
        assert i18n._("#{seq}").format(seq=12345) == "#12345"


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
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
    assert {"en": "1,200", "da": "1.200", "uk": "1\xa0200"}[lang] in amounts


def test_panels_previews_and_the_players_view_group_in_english(make):
    """gm-review6 C1, the other readers: a correction's preview (its changes
    and its lines), the players' panels and the recap write 1,500 as the log
    does, never 1500 (English is grouped too)."""
    from tracker.core import dungeon as dun
    from tracker.core.party import AddCharacter, AwardXP
    from tracker.cli import recap_lines
    from tracker.core.supplies.rules import SetSupplies
    from tracker.public import players_view

    with i18n.using("en"):
        c = make("dolmenwood")
        c.dispatch(AddCharacter("Wren", "fighter", abilities=(14, 10, 9, 12, 13, 8)))
        c.dispatch(SetSupplies("torches", 1500))
        c.dispatch(dun.EnterDungeon("A", 1))
        c.dispatch(AwardXP(1200))
        seq = c.seq
        p = c.explain(c.amend_command(seq, fields={"amount": "1500"}))
        shown = [p.entry_now, p.entry_after, *p.changes]
        assert "1,500 XP to Wren" in p.entry_after and any("1,200 → 1,575" in x or
                                                            "→ 1,5" in x for x in p.changes), shown
        with c.reader() as r:
            v = players_view(c.name, r.head(), r)
        facts = [f for panel in v["panels"] for f in panel.get("facts", [])]
        assert ["Torches", "1,500"] in facts or ("Torches", "1,500") in facts, facts
        lines = v["log"]
        assert any("1,200 XP" in i["text"] for i in lines), lines
        text = "\n".join(recap_lines(c, None))
        assert "1,200" in text and not BARE.search(text), text
