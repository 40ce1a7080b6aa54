"""The players' log reads the log as it stands (gm-review5 R1, R2): a
corrected entry as the correction in force reads it (its secret still kept
until told), and entries taken back by a rewind left out as undone ones are;
the GM's own log marks them. And the rest counts the same on the GM's panel
and the players' page (R3)."""

from __future__ import annotations

import json
import re

import pytest
from starlette.testclient import TestClient

from tracker.core import dungeon as dun
from tracker.public import players_view
from tracker.service import Campaign
from tracker.web.app import create_app

WREN = ("add-character", "Wren", "--class", "fighter", "--abilities", "14,10,9,12,13,8")
BRAM = ("add-character", "Bram", "--class", "thief", "--abilities", "10,10,9,16,13,8")


def delve(cli, name):
    """gm-review5's p2/p3: a torch lit by Bram (#7), a turn (#8), an encounter (#9)."""
    cli("new", name, "--ruleset", "dolmenwood", "--seed", "1")
    for argv in (WREN, BRAM, ("supplies", "torches", "2"), ("enter-dungeon", "Barrow"),
                 ("light", "torch", "--by", "Bram"), ("turn",), ("turn", "--dice", "1,3,3,4,4")):
        cli("do", name, *argv)


def page_log(saves, name) -> list[str]:
    """The log the players' page shows, over HTTP, newest first."""
    with TestClient(create_app(saves, name, None)) as tc:
        html = tc.get("/").text
    return [re.sub(r"<[^>]+>", "", m).strip()
            for m in re.findall(r'<li[^>]*>(.*?)</li>', html, re.S)]


def view(saves, name) -> dict:
    c = Campaign.open(saves, name)
    try:
        with c.reader() as r:
            return players_view(name, r.head(), r)
    finally:
        c.close()


def lines(v) -> dict[int, str]:
    return {i["seq"]: i["text"] for i in v["log"]}


def test_a_corrected_entry_reads_as_corrected_to_the_players(saves, cli):
    delve(cli, "p3")
    cli("do", "p3", "reveal", "9")
    cli("do", "p3", "amend", "7", "--set", "by=Wren")
    cli("do", "p3", "amend", "9", "--dice", "5")
    v = view(saves, "p3")
    log = lines(v)
    assert "Wren" in log[7] and "Bram" not in log[7]
    assert "ENCOUNTER" not in json.dumps(v["log"])
    assert "quiet" in log[9]  # told: the corrected check in full
    assert log[10].startswith("The GM tells: ") and "quiet" in log[10]
    assert not any(t.startswith("Corrected") for t in log.values())  # the GM's bookkeeping
    assert 11 not in log and 12 not in log
    page = "\n".join(page_log(saves, "p3"))
    assert "ENCOUNTER" not in page and "carried by Bram" not in page


def test_a_secret_corrected_in_stays_secret_until_told(saves, cli):
    cli("new", "q1", "--ruleset", "dolmenwood", "--seed", "1")
    for argv in (WREN, ("enter-dungeon", "Barrow"), ("turn",), ("turn", "--dice", "5")):
        cli("do", "q1", *argv)  # #6 a quiet check
    cli("do", "q1", "amend", "6", "--dice", "1,3,3,4,4")  # an encounter after all
    v = view(saves, "q1")
    log = lines(v)
    assert log[6] == "Turn: explore" and "ENCOUNTER" not in json.dumps(v["log"])
    cli("do", "q1", "reveal", "6")
    log = lines(view(saves, "q1"))
    assert "ENCOUNTER" in log[6] and "ENCOUNTER" in log[max(log)]
    assert log[max(log)].startswith("The GM tells: ")


def test_a_rewind_takes_its_entries_off_the_players_log(saves, cli):
    delve(cli, "p2")
    cli("do", "p2", "reveal", "9")  # #10, told after the rewind point
    cli("do", "p2", "rewind", "8")
    v = view(saves, "p2")
    log = lines(v)
    assert 9 not in log and 10 not in log and 8 in log
    assert "The GM tells" not in json.dumps(v["log"])
    page = page_log(saves, "p2")
    assert not any("08:20" in p for p in page), page
    cli("do", "p2", "turn")  # play goes on after the rewind: shown
    assert 12 in lines(view(saves, "p2"))


def test_the_gms_log_marks_rewound_entries(saves, cli):
    delve(cli, "r2")
    cli("do", "r2", "rewind", "8")
    out = cli("log", "r2")
    row = {int(l.split()[0]): l for l in out.splitlines() if l.strip()}
    assert "(rewound)" in row[9] and "(rewound)" not in row[8]
    assert "(rewound)" not in row[10]  # the rewind itself is the GM's bookkeeping
    js = [json.loads(l) for l in cli("log", "r2", "--json").splitlines()]
    assert [e["seq"] for e in js if e["rewound"]] == [9]
    cli("undo", "r2")  # the rewind undone: #9 stands again
    assert "(rewound)" not in cli("log", "r2")


@pytest.mark.parametrize("ruleset", ["dolmenwood", "dyb-og-drager"])
def test_the_gm_and_the_players_count_the_rest_alike(make, ruleset):
    from tracker.ui.widgets.dungeon_panels import turn_panel

    c = make(ruleset)
    c.dispatch(dun.EnterDungeon("A", 1))
    c.dispatch(dun.AdvanceTurn(1, "rest"))
    every = c.state.rules.dungeon.rest.every_turns
    for since in range(every - 1):
        assert c.state.dungeon.turns_since_rest == since
        gm = re.search(r"due in (\d+)", turn_panel(c.state).plain)
        with c.reader() as r:
            v = players_view(c.name, r.head(), r)
        facts = dict(next(p for p in v["panels"] if p["kind"] == "dungeon")["facts"])
        players = re.search(r"due in (\d+) turn", facts["Rest"])
        assert gm and players and gm.group(1) == players.group(1) == str(every - since)
        c.dispatch(dun.AdvanceTurn(1, "explore"))


def test_a_rewind_further_back_than_the_page_reads_leaves_what_stands(make):
    """A rewind past the entries the page reads (``public._LOOK_BACK``) leaves
    the entries it returned to, not an empty log."""
    from tracker.core import campaign as camp

    c = make("dolmenwood")
    c.dispatch(camp.AddNote("The door is open"))
    for i in range(230):
        c.dispatch(camp.AddNote(f"note {i}"))
    c.dispatch(c.rewind_command(12))
    with c.reader() as r:
        v = players_view(c.name, r.head(), r)
    shown = [i["text"] for i in v["log"]]
    assert shown[0] == "Note: note 9" and "Note: note 10" not in shown, shown[:3]
    assert len(shown) == 12  # all that stands


def test_danish_players_view_tells_a_characters_level_from_the_dungeons(make):
    """gm-review5 C4: one msgid "Level" read "Niveau" for both; the seed's
    word for a character's level is *rang* (docs/i18n.md)."""
    from tracker import i18n
    from tracker.core import party

    c = make("dyb-og-drager")
    c.dispatch(party.AddCharacter("Astrid", "kriger", abilities=(15, 9, 10, 12, 13, 8)), [6])
    c.dispatch(dun.EnterDungeon("A", 1))
    with i18n.using("da", "dyb-og-drager"), c.reader() as r:
        v = players_view(c.name, r.head(), r)
    party_panel = next(p for p in v["panels"] if p["kind"] == "party")
    dungeon = next(p for p in v["panels"] if p["kind"] == "dungeon")
    assert "Rang" in party_panel["header"] and "Niveau" not in party_panel["header"]
    assert "Niveau" in dict(dungeon["facts"])


def test_every_reader_counts_the_same_entries_as_standing(saves, cli):
    """Undone and rewound alike, for every reader: the log's ``stands`` (the
    GM's log, its screen, the players' log) and the recap's ``Standing`` (the
    recap, the export) agree, through undo, redo, rewinds and their undo."""
    from tracker.history import entries
    from tracker.recap import Standing

    delve(cli, "s1")
    cli("do", "s1", "turn")  # 10
    cli("undo", "s1")  # 11
    cli("do", "s1", "rewind", "8")  # 12
    cli("do", "s1", "turn")  # 13
    cli("do", "s1", "rewind", "9")  # 14: as it stood right after #9, which stands again
    cli("undo", "s1")  # 15: the second rewind undone
    cli("do", "s1", "turn")  # 16
    c = Campaign.open(saves, "s1")
    try:
        envs = list(c.store.read())
        listed = entries(envs, c.timeline)
    finally:
        c.close()
    about = {"undone", "redone", "rewound"}
    log = [e.seq for e in listed if e.stands and e.type not in about]
    recap = [env.seq for env in Standing(envs).within()]
    assert log == recap
    assert 9 not in log and 10 not in log and 13 in log and 16 in log
    shown = {i["seq"] for i in view(saves, "s1")["log"]}
    assert shown == set(log) - {e.seq for e in listed if e.type == "entry_corrected"}


def test_a_corrected_hasty_exit_reads_to_the_players_as_in_the_gms_log(saves, cli):
    """gm-review5 R4 on the players' page: the correction in force, once told
    (the Doom table's fates are the GM's until then), reads with the saves'
    modifiers, targets and fates, as the GM's log reads it now."""
    cli("new", "h", "--ruleset", "dolmenwood", "--seed", "1")
    for argv in (WREN, BRAM, ("enter-dungeon", "B", "--depth", "3"),
                 ("leave-dungeon", "--hasty", "--dice", "18,5,3")):
        cli("do", "h", *argv)
    cli("do", "h", "amend", "6", "--dice", "17,4,2")
    heard = lines(view(saves, "h"))[6]
    assert heard == "Hasty exit, save versus Doom: Wren 1d20=[17] typed; Bram 1d20=[4] typed"
    cli("do", "h", "reveal", "6")
    log = lines(view(saves, "h"))
    for part in ("Wren 1d20=[17] typed-2 vs 12 saved",
                 "Bram 1d20=[4] typed-2 vs 13 failed doom 1d10=[2] typed: escaped at 1 HP"):
        assert part in log[6], log[6]
