"""A level-up's log line says which level and how many hit points it gave
(gm-review7 C9), in the GM's log, the players' log and the recap, in every
language; a correction of the Hit Point roll reads the new numbers."""

import pytest

from support.cli import new, run
from tracker.core import party
from tracker.public import players_view

BO = ["add-character", "Bo", "--class", "fighter", "--abilities", "10,10,14,10,10,10"]
LINES = {
    "en": ["Bo reached level 2 (+8 HP, 20 max)", "Bo reached level 3 (+8 HP, 28 max)"],
    "da": ["Bo nåede rang 2 (+8 LK, 20 i alt)", "Bo nåede rang 3 (+8 LK, 28 i alt)"],
    "uk": ["Bo досягає рівня 2 (хіти +8, максимум 20)",
           "Bo досягає рівня 3 (хіти +8, максимум 28)"],
}
RECAP = {"en": "Bo: level 1 → 3 (+16 HP, 28 max)",
         "da": "Bo: rang 1 → 3 (+16 LK, 28 i alt)",
         "uk": "Bo: рівень 1 → 3 (хіти +16, максимум 28)"}


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
def test_the_log_and_the_recap_say_the_level_and_its_hit_points(saves, capsys, lang):
    new(capsys, "l", "dnd-2024", BO, ["xp", "6500"], ["level-up", "Bo"], ["level-up", "Bo"])
    log = run(capsys, "--lang", lang, "log", "l")
    for line in LINES[lang]:
        assert line in log, log
    md = run(capsys, "--lang", lang, "export", "l", "--format", "markdown")
    assert RECAP[lang] in md, md


def test_a_rolled_level_says_its_roll_and_what_it_gave(saves, capsys):
    new(capsys, "d", "dolmenwood",
        ["add-character", "Ann", "--class", "fighter", "--abilities", "10,10,10,10,14,10"],
        ["xp", "5000"])
    out = run(capsys, "--lang", "en", "do", "d", "level-up", "Ann", "--dice", "4")
    assert "Ann reached level 2 (HP 1d8=[4] typed+1: +5, " in out, out
    seq = out.split("#")[1].split(" ")[0]
    run(capsys, "do", "d", "amend", seq, "--dice", "7")  # the roll retyped: the new numbers
    log = run(capsys, "--lang", "en", "log", "d")
    assert "Ann reached level 2 (HP 1d8=[7] typed+1: +8, " in log, log


def test_the_players_log_says_it_too(make):
    c = make("dnd-2024")
    c.dispatch(party.AddCharacter("Bo", "fighter", 1, (10, 10, 14, 10, 10, 10)))
    c.dispatch(party.AwardXP(6500))
    c.dispatch(party.LevelUp("Bo"))
    with c.reader() as r:
        v = players_view(c.name, r.head(), r)
    assert "Bo reached level 2 (+8 HP, 20 max)" in [i["text"] for i in v["log"]]
