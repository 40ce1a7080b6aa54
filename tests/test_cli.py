"""The ``tracker`` command: every subcommand, and what bad input gets."""

import json
import sqlite3
import subprocess
import sys

import pytest

from tracker.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def usage(capsys, *argv):
    with pytest.raises(SystemExit) as e:
        main(list(argv))
    out, err = capsys.readouterr()
    return e.value.code, out + err


@pytest.fixture
def camp(saves, capsys):
    assert run(capsys, "new", "camp", "--ruleset", "dolmenwood", "--seed", "5")[0] == 0
    for argv in (["add-character", "Ana"], ["add-character", "Bo"], ["supplies", "torches", "3"],
                 ["enter-dungeon", "Barrow"]):
        assert run(capsys, "do", "camp", *argv)[0] == 0
    return "camp"


def state(capsys, name="camp", *extra):
    code, out, _ = run(capsys, "state", name, "--json", *extra)
    assert code == 0
    return json.loads(out)


def test_new_list_rulesets(saves, capsys, camp):
    code, out, _ = run(capsys, "list")
    assert code == 0 and out.startswith("camp\tdolmenwood")
    code, out, _ = run(capsys, "rulesets")
    assert {l.split("\t")[0] for l in out.splitlines()} == {"dyb-og-drager", "dolmenwood", "dnd-2024"}


def test_full_delve_from_the_command_line(capsys, camp):
    assert run(capsys, "do", "camp", "light", "torch", "--by", "Ana")[0] == 0
    assert run(capsys, "do", "camp", "turn", "--count", "2", "--dice", "4")[0] == 0
    assert run(capsys, "do", "camp", "turn", "--activity", "search")[0] == 0
    assert run(capsys, "do", "camp", "rest")[0] == 0
    assert run(capsys, "do", "camp", "effect", "Light", "--turns", "6")[0] == 0
    assert run(capsys, "do", "camp", "check", "--dice", "1,3,3,4,4")[0] == 0
    assert run(capsys, "do", "camp", "depth", "2")[0] == 0
    assert run(capsys, "do", "camp", "fast-travel", "--feet", "400")[0] == 0
    s = state(capsys)
    d = s["dungeon"]
    assert d["turn"] == 5 and d["depth"] == 2 and s["clock"]["time"] == "08:50"
    assert d["lights"][0]["turns_left"] == 1 and d["lights"][0]["by"] == "Ana"
    assert d["checks"][0] == {"turn": 2, "roll": 4, "dice": {"expr": "1d6", "dice": [4], "total": 4, "typed": True},
                              "chance": "1-in-6", "encounter": False, "scheduled": True}
    extra = [k for k in d["checks"] if not k["scheduled"]]
    assert extra[0]["encounter"] and extra[0]["distance_ft"] == 80
    lid, eid = d["lights"][0]["id"], d["effects"][0]["id"]
    assert run(capsys, "do", "camp", "douse", str(lid))[0] == 0
    assert run(capsys, "do", "camp", "relight", str(lid))[0] == 0
    assert run(capsys, "do", "camp", "end-effect", str(eid))[0] == 0
    assert run(capsys, "do", "camp", "supplies", "torches", "-1")[0] == 0
    assert state(capsys)["supplies"]["torches"] == 1
    code, out, _ = run(capsys, "do", "camp", "leave-dungeon", "--hasty", "--route", "--gm", "-2",
                       "--dice", "20,1,4")
    assert code == 0 and "Bo failed the save versus Doom" in out and "GM -2" in out
    assert run(capsys, "do", "camp", "enter-dungeon")[0] == 0
    assert run(capsys, "do", "camp", "leave-dungeon")[0] == 0


def test_session_notes_characters(capsys, camp):
    for argv in (["session-start"], ["note", "The door is trapped"], ["rename-character", "Bo", "Bodil"],
                 ["remove-character", "Ana"], ["session-end"], ["manual-dice", "on"],
                 ["house-rule", "dungeon.wandering.chance", '"2-in-6"']):
        assert run(capsys, "do", "camp", *argv)[0] == 0, argv
    s = state(capsys)
    assert s["session"] == {"number": 1, "running": False} and s["manual_dice"]
    assert [p["name"] for p in s["party"]] == ["Bodil"] and s["notes"] == 1
    code, _, err = run(capsys, "do", "camp", "turn", "--count", "2")
    assert code == 1 and "manual dice are on" in err and "--dice" in err


def test_state_at_log_undo_redo(capsys, camp):
    assert [c["name"] for c in state(capsys, "camp", "--at", "2")["party"]] == ["Ana"]
    code, _, err = run(capsys, "state", "camp", "--at", "99")
    assert code == 1 and "seq must be 1 to" in err
    assert run(capsys, "undo", "camp")[0] == 0
    assert not state(capsys)["dungeon"]["active"]
    code, out, _ = run(capsys, "log", "camp")
    assert "Entered Barrow (level 1) (undone)" in out
    code, out, _ = run(capsys, "log", "camp", "--json", "--grep", "barrow")
    lines = [json.loads(l) for l in out.splitlines()]
    assert lines[0]["undone"] and lines[0]["type"] == "dungeon_entered"
    assert run(capsys, "redo", "camp")[0] == 0
    assert state(capsys)["dungeon"]["active"]
    code, _, err = run(capsys, "redo", "camp")
    assert code == 1 and err == "tracker: nothing to redo\n"


def test_export_import(capsys, camp, saves, tmp_path):
    out_file = tmp_path / "camp.jsonl"
    assert run(capsys, "export", "camp", "--format", "jsonl", "-o", str(out_file))[0] == 0
    assert run(capsys, "import", str(out_file), "copy")[0] == 0
    assert state(capsys, "copy")["dungeon"] == state(capsys, "camp")["dungeon"]
    code, out, _ = run(capsys, "export", "camp")
    assert out.splitlines()[0].startswith('{"seq":1,"type":"campaign_created"')
    lines = out_file.read_text().splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines[:3] + ['{"seq": 4, "type": "nope"}'] + lines[4:]) + "\n")
    code, _, err = run(capsys, "import", str(bad), "bad")
    assert code == 1 and "bad.jsonl, line 4: missing 'version'" in err
    bad.write_text("\n".join(lines[:2] + [lines[2].replace('"character_added"', '"nonsense"')]) + "\n")
    code, _, err = run(capsys, "import", str(bad), "bad")
    assert code == 1 and "line 3: an entry of a kind this tracker does not know ('nonsense')" in err
    bad.write_text(lines[0][:40] + "\n")
    code, _, err = run(capsys, "import", str(bad), "bad")
    assert code == 1 and "line 1: not JSON" in err
    code, _, err = run(capsys, "import", str(out_file), "camp")
    assert code == 1 and "already exists" in err
    assert not (saves / "bad.campaign").exists()


@pytest.mark.parametrize("argv,message", [
    (["new", "x", "--ruleset", "gurps"], "unknown ruleset 'gurps'"),
    (["new", "../evil", "--ruleset", "dolmenwood"], "bad campaign name '../evil'"),
    (["new", "a/b", "--ruleset", "dolmenwood"], "bad campaign name"),
    (["new", "nul", "--ruleset", "dolmenwood"], "bad campaign name"),
    (["new", "camp", "--ruleset", "dolmenwood"], "already exists"),
    (["do", "ghost", "turn"], "no campaign named 'ghost'"),
    (["do", "camp", "light", "torch", "--by", "Zed"], "'Zed' is not in the party"),
    (["do", "camp", "light", "sun"], "unknown light 'sun'"),
    (["do", "camp", "turn", "--activity", "dance"], "unknown activity 'dance'"),
    (["do", "camp", "turn", "--count", "2", "--dice", "9"], "not possible on a d6"),
    (["do", "camp", "supplies", "gold", "3"], "unknown supply 'gold'"),
    (["do", "camp", "depth", "0"], "level must be 1 or deeper"),
    (["do", "camp", "effect", "Haste", "--turns", "0"], "positive time"),
    (["do", "camp", "effect", "Haste", "--turns", "999999"],  # 10 years, in the GM's unit
     "999,999 turns is too long: an effect lasts at most 527,040 turns (10 years)"),
    (["do", "camp", "effect", "Haste", "--hours", "999999"], "at most 87,840 hours"),
    (["do", "camp", "amend", "3", "--insert-turn", "rest"],  # Bo joins before the dungeon
     "a rest turn inserted after #3 would not replay: a dungeon turn cannot pass while the "
     "party is outside"),
    (["do", "camp", "douse", "42"], "no light #42"),
    (["do", "camp", "add-character", "Ana"], "Ana is already in the party"),
    (["do", "camp", "house-rule", "time.turn_seconds", "-5"], "expected a positive number"),
    (["rulesets", "check", "/nonexistent.toml"], "cannot read"),
])
def test_bad_input_gets_one_clear_line_and_changes_nothing(capsys, camp, argv, message):
    before = state(capsys)
    code, out, err = run(capsys, *argv)
    assert code == 1 and message in err and err.startswith("tracker: ")
    assert "Traceback" not in err
    assert state(capsys) == before


def test_broken_ruleset_file_check(capsys, tmp_path):
    f = tmp_path / "mine.toml"
    f.write_text("[meta]\nid = 'x'\n")
    code, _, err = run(capsys, "rulesets", "check", str(f))
    assert code == 1 and "mine.toml" in err and "required but missing" in err
    code, _, err = run(capsys, "new", "hr", "--ruleset", str(f))
    assert code == 1 and "mine.toml" in err


def test_corrupt_and_foreign_files(capsys, saves):
    (saves / "junk.campaign").write_bytes(b"\x00garbage" * 100)
    code, _, err = run(capsys, "state", "junk", "--json")
    assert code == 1 and "not an SQLite file" in err
    con = sqlite3.connect(saves / "alien.campaign")
    con.execute("create table x(y)")
    con.commit()
    con.close()
    code, _, err = run(capsys, "do", "alien", "turn")
    assert code == 1 and "not a tracker campaign" in err
    code, out, _ = run(capsys, "list")
    assert "junk\t?\t0 events  UNREADABLE" in out


@pytest.mark.parametrize("argv", [["do"], ["do", "camp"], ["do", "camp", "turn", "--count", "x"],
                                  ["bogus"], ["do", "camp", "turn", "--dice", "a,b"],
                                  ["state"], ["do", "camp", "effect", "X"]])
def test_usage_errors_exit_2(capsys, camp, argv):
    code, text = usage(capsys, *argv)
    assert code == 2 and "Traceback" not in text


@pytest.mark.parametrize("sub", [[], ["new"], ["list"], ["rulesets"], ["rulesets", "check"], ["do"],
                                 ["do", "x", "turn"], ["do", "x", "leave-dungeon"], ["state"],
                                 ["log"], ["undo"], ["redo"], ["export"], ["import"], ["open"]])
def test_help_on_every_subcommand(capsys, sub):
    code, text = usage(capsys, *sub, "--help")
    assert code == 0 and "usage: tracker" in text


def test_installed_entry_point_exit_codes(saves):
    exe = [sys.executable, "-m", "tracker.cli"]
    r = subprocess.run(exe + ["do", "ghost", "turn"], capture_output=True, text=True)
    assert r.returncode == 1 and r.stderr.startswith("tracker: no campaign named 'ghost'")
    r = subprocess.run(exe + ["do"], capture_output=True, text=True)
    assert r.returncode == 2


def test_amend_rewind_and_the_recap(capsys, camp, tmp_path):
    """Correct a die typed wrong, a torch's carrier, insert a forgotten rest."""
    assert run(capsys, "do", "camp", "session-start")[0] == 0
    assert run(capsys, "do", "camp", "light", "torch", "--by", "Ana")[0] == 0
    assert run(capsys, "do", "camp", "turn")[0] == 0
    code, out, _ = run(capsys, "do", "camp", "turn", "--dice", "6")
    check_seq = int(out.split()[0][1:])
    torch_seq = check_seq - 2
    assert not state(capsys)["dungeon"]["checks"][0]["encounter"]
    code, out, _ = run(capsys, "do", "camp", "amend", str(check_seq), "--dice", "1,3,3,4,4",
                       "--note", "read the die wrong")
    assert code == 0 and "ENCOUNTER" in out
    d = state(capsys)["dungeon"]
    assert d["checks"][0]["encounter"] and d["checks"][0]["distance_ft"] == 80
    assert run(capsys, "do", "camp", "amend", str(torch_seq), "--set", "by=Bo")[0] == 0
    assert state(capsys)["dungeon"]["lights"][0]["by"] == "Bo"
    assert run(capsys, "do", "camp", "amend", str(torch_seq + 1), "--insert-turn", "rest")[0] == 0
    d = state(capsys)["dungeon"]
    assert d["turn"] == 3 and d["turns_since_rest"] == 1
    # the checks keep to the schedule (gm-review F1): the rest is turn 2 and makes the
    # check, rolled with the correction; the encounter's turn is now 3, no check's turn
    assert [c["turn"] for c in d["checks"]] == [2]
    code, out, _ = run(capsys, "log", "camp")
    assert "(corrected by #" in out and "Corrected #" in out
    code, out, _ = run(capsys, "export", "camp", "--format", "markdown", "--session", "1")
    assert code == 0 and out.startswith("# camp: session 1") and "Wandering checks:** 1" in out
    seq = state(capsys)["seq"]
    assert run(capsys, "do", "camp", "rewind", "4")[0] == 0  # before entering
    assert not state(capsys)["dungeon"]["active"]
    assert run(capsys, "undo", "camp")[0] == 0
    assert state(capsys)["dungeon"]["turn"] == 3
    assert state(capsys, "camp", "--at", str(seq))["dungeon"] == state(capsys)["dungeon"]
    code, _, err = run(capsys, "do", "camp", "amend", str(check_seq), "--dice", "9")
    assert code == 1 and "that turn made no wandering check" in err  # turn 3 now (F1)
    code, _, err = run(capsys, "export", "camp", "--format", "markdown", "--session", "7")
    assert code == 1 and "no entries in session 7" in err


def test_log_filters(capsys, camp):
    assert run(capsys, "do", "camp", "light", "torch", "--by", "Bo")[0] == 0
    code, out, _ = run(capsys, "log", "camp", "--area", "party")
    assert [l.split()[5] for l in out.splitlines()] == ["Ana", "Bo"]
    code, out, _ = run(capsys, "log", "camp", "--character", "bo")
    assert len(out.splitlines()) == 2 and "carried by Bo" in out
    code, out, _ = run(capsys, "log", "camp", "--session", "0", "--json", "--area", "supplies")
    assert json.loads(out)["type"] == "supplies_set"


def test_party_from_the_command_line(capsys, saves):
    assert run(capsys, "new", "p", "--ruleset", "dyb-og-drager", "--seed", "3")[0] == 0
    assert run(capsys, "do", "p", "add-character", "Astrid", "--class", "kriger",
               "--abilities", "15,9,10,12,13,8", "--dice", "6")[0] == 0
    code, out, _ = run(capsys, "do", "p", "add-character", "Ulf", "--class", "Tyv",
                       "--roll-abilities", "--dice", ",".join(["4"] * 18) + ",3")
    assert code == 0 and "abilities 3d6=[4,4,4]=12" in out
    assert run(capsys, "do", "p", "damage", "Astrid", "3")[0] == 0
    assert run(capsys, "do", "p", "heal", "astrid", "1")[0] == 0
    assert run(capsys, "do", "p", "xp", "3000", "--to", "Astrid")[0] == 0
    assert run(capsys, "do", "p", "level-up", "Astrid", "--dice", "5")[0] == 0
    assert run(capsys, "do", "p", "condition", "Ulf", "poisoned")[0] == 0
    assert run(capsys, "do", "p", "load", "Ulf", "500")[0] == 0
    s = state(capsys, "p")
    a, u = s["party"]
    assert (a["class"], a["level"], a["hp"], a["hp_max"], a["xp"], a["xp_next"]) == \
        ("kriger", 2, 5 + 6, 7 + 6, 3150, 4000)
    assert a["abilities"]["str"] == 15 and a["saves"]["DG"] == 12
    assert u["skills"]["DL Dirke Låse"] == 15 and u["conditions"] == ["poisoned"]
    assert s["party_speed"] == 90
    code, out, _ = run(capsys, "do", "p", "condition", "Ulf", "poisoned", "--off")
    assert code == 0


@pytest.mark.parametrize("argv,message", [
    (["add-character", "X", "--class", "bard", "--abilities", "10,10,10,10,10,10"], "no class 'bard'"),
    (["add-character", "X", "--class", "dvaerg", "--abilities", "10,10,10,10,8,10"],
     "requires Udholdenhed (UDH) 10"),
    (["add-character", "X", "--class", "kriger", "--abilities", "19,10,10,10,10,10"], "outside 3-18"),
    (["add-character", "X", "--class", "elver", "--level", "11", "--abilities", "10,10,10,10,10,10"],
     "level must be 1 to 10"),
    (["add-character", "X", "--class", "kriger"], "needs abilities"),
    (["damage", "Zed", "3"], "'Zed' is not in the party"),
    (["heal", "Astrid", "-2"], "cannot be negative"),
    (["level-up", "Astrid"], "needs 2,000 XP"),
    (["exhaustion", "Astrid", "1"], "no exhaustion levels"),
    (["condition", "Astrid", "sparkly"], "unknown condition"),
])
def test_party_bad_input(capsys, saves, argv, message):
    assert run(capsys, "new", "p", "--ruleset", "dyb-og-drager", "--seed", "3")[0] == 0
    assert run(capsys, "do", "p", "add-character", "Astrid", "--class", "kriger",
               "--abilities", "15,9,10,12,13,8", "--dice", "6")[0] == 0
    before = state(capsys, "p")
    code, _, err = run(capsys, "do", "p", *argv)
    assert code == 1 and message in err, err
    assert state(capsys, "p") == before


def test_campaign_names_in_any_script(capsys, saves):
    for name in ("Ravnehøj", "Спектр", "Ulf's camp"):
        assert run(capsys, "new", name, "--ruleset", "dyb-og-drager")[0] == 0
    code, out, _ = run(capsys, "list")
    assert {line.split("\t")[0] for line in out.splitlines()} == {"Ravnehøj", "Спектр", "Ulf's camp"}
    code, _, err = run(capsys, "new", "a\\b", "--ruleset", "dyb-og-drager")
    assert code == 1 and "bad campaign name" in err


def test_saves_may_come_before_or_after_the_command(capsys, tmp_path, monkeypatch):
    monkeypatch.delenv("TRACKER_SAVES", raising=False)
    here, there = tmp_path / "here", tmp_path / "there"
    assert main(["new", "c", "--ruleset", "dnd-2024", "--saves", str(here)]) == 0
    assert main(["do", "c", "note", "after the command", "--saves", str(here)]) == 0
    assert main(["--saves", str(here), "log", "c"]) == 0
    assert "after the command" in capsys.readouterr().out
    # given twice, the one after the command wins, as the GM typed it last
    assert main(["--saves", str(there), "log", "c", "--saves", str(here)]) == 0
    assert not there.exists()


def test_turn_count_and_light_carrier_may_be_typed_without_their_flags(capsys, camp):
    code, out, _ = run(capsys, "do", camp, "light", "torch", "Ana")
    assert code == 0 and "carried by Ana" in out
    assert run(capsys, "do", camp, "turn", "2")[0] == 0
    assert state(capsys)["dungeon"]["turn"] == 2


def test_log_session_and_time_are_both_the_state_after_the_entry(capsys, camp):
    """Playtest #8: a rewind from session 2 back into session 1 stands in
    session 1 at session 1's time; its undo puts the campaign back in session 2."""
    for argv in (["session-start"], ["turn"], ["session-end"], ["session-start"], ["turn"]):
        assert run(capsys, "do", "camp", *argv)[0] == 0
    code, out, _ = run(capsys, "log", "camp", "--json")
    turn1 = next(e for e in map(json.loads, out.splitlines())
                 if e["type"] == "turn_advanced" and e["session"] == 1)
    assert run(capsys, "do", "camp", "rewind", str(turn1["seq"]))[0] == 0
    assert run(capsys, "undo", "camp")[0] == 0
    code, out, _ = run(capsys, "log", "camp", "--json")
    rewound, undid = [json.loads(l) for l in out.splitlines()[-2:]]
    assert (rewound["session"], rewound["game_time"]) == (1, turn1["game_time"])
    assert undid["session"] == 2 and undid["game_time"] != turn1["game_time"]
    code, out, _ = run(capsys, "log", "camp")
    assert f"s1   {turn1['game_time']}" in out.splitlines()[-2]


def test_an_imported_campaign_goes_by_its_own_name(capsys, camp, tmp_path):
    """Playtest #21: the copy's log is the original's (its first entry names
    the original), but the copy is shown under the name it was imported as."""
    out_file = tmp_path / "camp.jsonl"
    assert run(capsys, "export", "camp", "-o", str(out_file))[0] == 0
    assert run(capsys, "import", str(out_file), "camp2")[0] == 0
    assert state(capsys, "camp2")["campaign"] == "camp2"
    code, out, _ = run(capsys, "do", "camp2", "note", "hello", "--json")
    assert code == 0 and json.loads(out)["campaign"] == "camp2"
    assert state(capsys, "camp")["campaign"] == "camp"


@pytest.mark.parametrize("word,told", [("undo", "tracker undo NAME"), ("redo", "tracker redo NAME"),
                                       ("list", "tracker list"), ("state", "tracker state NAME")])
def test_a_command_typed_under_do_is_told_where_it_lives(camp, capsys, word, told):
    """A tired GM types `tracker do camp undo`: one line saying undo is its own
    command, not argparse's list of every action."""
    code, said = usage(capsys, "do", camp, word)
    assert code == 2
    assert f"{word} is its own command: {told}" in said
    assert "invalid choice" not in said and "damage" not in said
