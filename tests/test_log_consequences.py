"""The log says why supplies changed (issue 20): what time passing did (a light
going out, an effect ending, rations spoiled or eaten, a bastion turn falling
due, water drunk) is read into the entry that passed the time, from the states
before and after it, so a correction of an earlier entry changes the words too;
and a chase save's modifier is the one the runner had before the turn."""

from support.cli import new, run


def log(capsys, name):
    return {int(l.split()[0]): l for l in run(capsys, "log", name).splitlines()}


def last_seq(capsys, name):
    return max(log(capsys, name))


def test_a_turn_says_the_light_that_went_out_the_effect_that_ended_and_the_rations_spoiled(
        saves, capsys):
    new(capsys, "d", "dolmenwood", ["add-character", "Ana"], ["supplies", "fresh", "6"],
        ["supplies", "torches", "2"],
        ["house-rule", "rations.kinds.fresh.spoils_in_dungeon", '"2 turns"'],
        ["house-rule", "lights.torch.duration", '"2 turns"'],
        ["enter-dungeon", "Barrow"], ["light", "torch", "--by", "Ana"])
    run(capsys, "do", "d", "effect", "Bless", "--minutes", "20")
    bless = last_seq(capsys, "d")
    run(capsys, "do", "d", "turn")
    quiet = log(capsys, "d")[last_seq(capsys, "d")]
    assert " — " not in quiet  # nothing ran out yet: the line is as it was
    run(capsys, "do", "d", "turn", "--dice", "6")
    line = log(capsys, "d")[last_seq(capsys, "d")]
    assert line.endswith("— Ana's torch (#2) went out; Bless ended; fresh rations spoiled: 6"), line
    # the words are read from the states, not stored: a longer Bless no longer ends here
    run(capsys, "do", "d", "amend", str(bless), "--set", "seconds=3600")
    line = log(capsys, "d")[last_seq(capsys, "d") - 1]
    assert "Bless ended" not in line and "went out" in line, line


def test_days_passing_say_which_bastion_turn_fell_due(saves, capsys):
    new(capsys, "b", "dnd-2024",
        ["add-character", "Sera", "--class", "fighter", "--abilities", "10,10,10,10,10,10"],
        ["xp", "6500"], *[["level-up", "Sera"]] * 4, ["bastion-new", "Sera"])
    run(capsys, "do", "b", "downtime", "7")
    line = log(capsys, "b")[last_seq(capsys, "b")]
    assert line.endswith("— a bastion turn falls due for Sera"), line


def last_day(capsys, name):
    """The last travel day's line (the night's long rest in camp comes after it)."""
    return [line for line in log(capsys, name).values() if "Travel day" in line][-1]


def test_a_day_on_the_road_says_what_was_eaten_and_missed(saves, capsys):
    new(capsys, "e", "dnd-2024", ["add-character", "Ada"], ["supplies", "rations", "1"],
        ["terrain", "grassland"])
    run(capsys, "do", "e", "travel")  # the first day begun: the one ration eaten
    assert last_day(capsys, "e").endswith("— 1 ration eaten")
    run(capsys, "do", "e", "travel")
    assert last_day(capsys, "e").endswith("— 1 meal missed")


def test_a_travel_day_says_the_water_drunk(saves, capsys):
    new(capsys, "t", "dnd-2024", ["add-character", "Ada"], ["terrain", "grassland"],
        ["water", "10"])
    run(capsys, "do", "t", "travel")
    run(capsys, "do", "t", "travel")
    assert "gal of water drunk" in last_day(capsys, "t")


def test_an_entry_about_entries_says_no_consequence(saves, capsys):
    """An undo or a correction moves the state wholesale: that is another
    entry's doing, said there, not time passing in the undo."""
    new(capsys, "u", "dolmenwood", ["add-character", "Ana"], ["supplies", "torches", "1"],
        ["house-rule", "lights.torch.duration", '"1 turn"'],
        ["enter-dungeon", "Barrow"], ["light", "torch", "--by", "Ana"], ["rest"])
    run(capsys, "undo", "u")
    run(capsys, "redo", "u")
    lines = log(capsys, "u")
    assert [s for s, l in lines.items() if "went out" in l] == [last_seq(capsys, "u") - 2]


def test_every_area_that_reacts_to_time_tells_what_passed():
    """One registry: each area with an @on_time hook says in its views what
    time passing did (core/consequences.py), none in history.py."""
    from tracker.core import consequences, timeflow

    def area(module: str) -> str:
        return module.split(".")[2]

    reacting = {area(h.hook.__module__) for h in timeflow.TIME_HOOKS}
    telling = {area(fn.__module__) for _, _, fn in consequences._TELLERS}
    assert reacting <= telling, f"no @tells_consequences in: {sorted(reacting - telling)}"
    assert all(fn.__module__.endswith(".views") for _, _, fn in consequences._TELLERS)
    history = open("tracker/history.py", encoding="utf-8").read()
    assert "went out" not in history and "spoiled" not in history


def test_a_chase_save_reads_the_modifier_the_runner_has_now(saves, capsys):
    """The Orc's first failed dash save gave it a level of exhaustion (−2 on
    its next save); retyped as made, the later save reads without it, and the
    11 it rolled now makes the DC: no second level of exhaustion."""
    new(capsys, "c", "dnd-2024",
        ["add-character", "Bo", "--class", "fighter", "--abilities", "10,10,10,10,10,10"],
        ["start-chase", "--distance", "400"], ["join-chase", "Bo", "--init", "20"],
        ["join-chase", "Orc", "--side", "pursuer", "--speed", "30", "--con", "0",
         "--stealth", "0", "--perception", "10", "--init", "1"])
    for _ in range(3):
        run(capsys, "do", "c", "chase-move", "--dice", "7")
        run(capsys, "do", "c", "dash", "--dice", "7")
    run(capsys, "do", "c", "chase-move", "--dice", "7")
    run(capsys, "do", "c", "dash", "--dice", "7,7")
    first = last_seq(capsys, "c")
    run(capsys, "do", "c", "chase-move", "--dice", "7")
    run(capsys, "do", "c", "dash", "--dice", "11,7")
    later = last_seq(capsys, "c")
    assert "save 1d20-2=[11]=9 typed failed" in log(capsys, "c")[later]
    run(capsys, "do", "c", "amend", str(first), "--dice", "12,7")
    line = log(capsys, "c")[later]
    assert "save 1d20=[11] typed made" in line, line
    import json
    state = json.loads(run(capsys, "state", "c", "--json"))
    orc = next(r for r in state["chase"]["runners"] if r["name"] == "Orc")
    assert orc["exhaustion"] == 0
