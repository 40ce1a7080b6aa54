"""A recap, a log line and a count say what the campaign says now (issue 20):
after a correction, every area's tally and every line that quotes the state
is read from the corrected timeline, not from the states as they were written."""

import pytest

from support.cli import new, run


def recap(capsys, name):
    return run(capsys, "export", name, "--format", "markdown")


def log(capsys, name):
    return {int(l.split()[0]): l for l in run(capsys, "log", name).splitlines()}


def last_seq(capsys, name):
    return max(log(capsys, name))


def test_a_travel_day_corrected_from_lost_is_not_counted_lost(saves, capsys):
    new(capsys, "t", "dyb-og-drager", ["add-character", "Ada"], ["terrain", "forest"])
    run(capsys, "do", "t", "travel", "--dice", "1,3")  # lost? 1: lost; check quiet
    day = last_seq(capsys, "t")
    run(capsys, "do", "t", "travel", "--dice", "6")
    assert "2 of them lost" in recap(capsys, "t")
    run(capsys, "do", "t", "amend", str(day), "--dice", "6,3")
    out = recap(capsys, "t")
    assert "in 2 days" in out and "lost" not in out


def test_a_bastion_turn_corrected_reads_as_corrected_in_the_recap(saves, capsys):
    new(capsys, "b", "dnd-2024",
        ["add-character", "Sera", "--class", "fighter", "--abilities", "10,10,10,10,10,10"],
        ["xp", "6500"], *[["level-up", "Sera"]] * 4, ["bastion-new", "Sera"],
        ["downtime", "7"], ["bastion-turn", "Sera", "--maintain", "--dice", "1,8"])
    turn = last_seq(capsys, "b")
    assert "All Is Well (1)" in recap(capsys, "b")
    run(capsys, "do", "b", "amend", str(turn), "--dice", "12,8")
    out = recap(capsys, "b")
    assert "All Is Well (12)" in out and "(1)" not in out


def test_supplies_used_count_the_corrected_stock(saves, capsys):
    new(capsys, "s", "dolmenwood", ["add-character", "Ana"], ["supplies", "torches", "10"])
    first = last_seq(capsys, "s")
    run(capsys, "do", "s", "light", "torch", "--by", "Ana")
    run(capsys, "do", "s", "supplies", "torches", "4")  # the GM's count: not use
    assert "torches: 1" in recap(capsys, "s")
    run(capsys, "do", "s", "amend", str(first), "--set", "count=1")
    out = recap(capsys, "s")  # 1, lit, then 4 by hand: still the one lit
    assert "torches: 1" in out and "torches: 4" not in out


FIRST_RATIONS = {"dolmenwood": "fresh", "dnd-2024": "rations", "dyb-og-drager": "standard"}


@pytest.mark.parametrize("ruleset", sorted(FIRST_RATIONS))
def test_supplies_the_gm_takes_away_are_not_used(saves, capsys, ruleset):
    """gm-review8 R2: `supplies torches +1000` (a slip), then `-1000` (the fix)
    used no torches; only the one lit was used. Any supply, any ruleset, after
    an undo and a correction alike."""
    food = FIRST_RATIONS[ruleset]
    new(capsys, "s", ruleset, ["add-character", "Ana"], ["supplies", "torches", "5"],
        ["supplies", food, "3"])
    run(capsys, "do", "s", "light", "torch", "--by", "Ana")
    run(capsys, "do", "s", "supplies", "torches", "+1000")
    slip = last_seq(capsys, "s")
    run(capsys, "do", "s", "supplies", food, "+1000")
    run(capsys, "do", "s", "supplies", food, "-1000")
    run(capsys, "do", "s", "supplies", "torches", "-1000")
    run(capsys, "do", "s", "supplies", food, "-2")  # the GM's own tidying
    out = recap(capsys, "s")
    used = next(l for l in out.splitlines() if "Supplies used" in l)
    assert used.endswith("torches: 1"), out
    run(capsys, "undo", "s")  # the -2 undone, then the -1000 too
    run(capsys, "undo", "s")
    used = next(l for l in recap(capsys, "s").splitlines() if "Supplies used" in l)
    assert used.endswith("torches: 1"), used
    run(capsys, "do", "s", "amend", str(slip), "--set", "count=9")
    used = next(l for l in recap(capsys, "s").splitlines() if "Supplies used" in l)
    assert used.endswith("torches: 1"), used


def test_a_chase_line_that_quotes_the_state_follows_a_correction(saves, capsys):
    new(capsys, "c", "dnd-2024",
        ["add-character", "Bo", "--class", "fighter", "--abilities", "10,10,10,10,10,10"],
        ["start-chase", "--distance", "40"], ["join-chase", "Bo", "--init", "20"],
        ["join-chase", "Orc", "--side", "pursuer", "--speed", "40", "--con", "0",
         "--stealth", "0", "--perception", "10", "--init", "1"],
        ["chase-move", "--feet", "0", "--dice", "7"], ["chase-move", "--dice", "7"])
    catch = last_seq(capsys, "c")
    assert "catches Bo" in log(capsys, "c")[catch]
    run(capsys, "do", "c", "amend", str(catch - 1), "--set", "feet=30")
    line = log(capsys, "c")[catch]
    assert "catches Bo" not in line and "Bo 30 ft ahead" in line


def test_a_dungeon_check_and_a_light_corrected(saves, capsys):
    new(capsys, "d", "dolmenwood", ["add-character", "Ana"], ["add-character", "Bo"],
        ["supplies", "torches", "3"], ["enter-dungeon", "Barrow"], ["light", "torch", "--by", "Ana"])
    run(capsys, "do", "d", "turn")
    run(capsys, "do", "d", "turn", "--dice", "6")
    check = last_seq(capsys, "d")
    assert "encounters: 1" not in recap(capsys, "d")
    run(capsys, "do", "d", "amend", str(check), "--dice", "1,3,3,4,4")
    assert "encounters: 1" in recap(capsys, "d")


def test_level_ups_and_days_are_said_once(saves, capsys):
    new(capsys, "l", "dnd-2024",
        ["add-character", "Seraphine", "--class", "fighter", "--abilities", "10,10,10,10,10,10"],
        ["xp", "6500"], *[["level-up", "Seraphine"]] * 4, ["downtime", "3"])
    out = recap(capsys, "l")
    assert "**Went up a level:** Seraphine: level 1 → 5 (+24 HP, 34 max)\n" in out
    assert "(3 days in game)" in out


def test_the_preview_says_each_change_once(make):
    """Two areas reading one change alike (a party member's exhaustion is the
    chase runner's too) give the GM one line, not two."""
    import tracker.core.changes as ch
    from tracker.core.party import AddCharacter
    c = make("dnd-2024")
    before = c.state
    c.dispatch(AddCharacter("Bo"))

    def same(b, a):
        return ["Bo: exhaustion 0 → 1"]
    ch._READERS.extend([(998, (("party",),), same), (999, (("party",),), same)])
    try:
        lines = ch.changes_in_words(before, c.state)
    finally:
        del ch._READERS[-2:]
    assert lines.count("Bo: exhaustion 0 → 1") == 1
