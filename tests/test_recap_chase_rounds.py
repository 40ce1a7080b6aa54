"""The recap counts the rounds a chase ran, as its log does (gm-review7 R3):
a 2024 chase's round counter has moved on to the next round once the last
turn of a round is taken, and that round has not begun; an evasion counts
the rounds it ran. Every ending: caught, escaped, gave up, B/X evasion."""

import re

from support.cli import new, run

FIGHTER = ["add-character", "Ola", "--class", "fighter", "--abilities", "15,14,13,12,10,8"]


def recap(capsys, name):
    return run(capsys, "--lang", "en", "export", name, "--format", "markdown")


def chase_line(capsys, name):
    return next(l for l in recap(capsys, name).splitlines() if " chase" in l and "#" in l)


def _chase(capsys, name, distance=60):
    """Ola (pursuer) after a thief (quarry, speed 30, initiative lower)."""
    new(capsys, name, "dnd-2024", FIGHTER,
        ["start-chase", "--setting", "urban", "--distance", str(distance)])
    run(capsys, "do", name, "join-chase", "Ola", "--side", "pursuer", "--dice", "20")
    run(capsys, "do", name, "join-chase", "Thief", "--speed", "30", "--con", "2",
        "--stealth", "3", "--perception", "12", "--dice", "2")


def test_caught_in_the_first_round_is_one_round(saves, capsys):
    _chase(capsys, "c1")
    out = run(capsys, "--lang", "en", "do", "c1", "dash", "--dice", "12")  # 60 ft: caught
    assert "End of round 1" in out or "catches Thief" in out
    run(capsys, "do", "c1", "end-chase", "caught")
    assert chase_line(capsys, "c1").endswith("urban chase, 1 round: caught")


def test_ended_mid_round_counts_the_round_under_way(saves, capsys):
    _chase(capsys, "c2", 200)
    for _ in range(2):  # round 1, both runners
        run(capsys, "do", "c2", "chase-move", "--dice", "12")
    run(capsys, "do", "c2", "chase-move", "--dice", "12")  # Ola's turn of round 2
    run(capsys, "do", "c2", "end-chase", "escaped")
    assert chase_line(capsys, "c2").endswith("urban chase, 2 rounds: escaped")


def test_gave_up_between_rounds_or_on_a_turn(saves, capsys):
    _chase(capsys, "c3", 200)
    for _ in range(4):  # two whole rounds
        run(capsys, "do", "c3", "chase-move", "--dice", "12")
    run(capsys, "do", "c3", "give-up", "Thief")  # not its turn: round 3 not begun
    run(capsys, "do", "c3", "end-chase", "gave up")
    assert re.search(r"urban chase, 2 rounds: ", chase_line(capsys, "c3"))
    _chase(capsys, "c5", 200)
    for _ in range(4):
        run(capsys, "do", "c5", "chase-move", "--dice", "12")
    run(capsys, "do", "c5", "give-up", "Ola")  # on its turn: round 3 is spent on it
    run(capsys, "do", "c5", "end-chase", "gave up")
    assert re.search(r"urban chase, 3 rounds: ", chase_line(capsys, "c5"))


def test_ended_before_anyone_moved_has_no_rounds(saves, capsys):
    _chase(capsys, "c4")
    run(capsys, "do", "c4", "end-chase", "escaped")
    assert chase_line(capsys, "c4").endswith("urban chase: escaped")


def test_a_bx_evasion_counts_the_rounds_it_ran(saves, capsys):
    new(capsys, "e1", "dolmenwood", ["add-character", "Ana"],
        ["start-evasion", "dungeon", "--monster-speed", "150", "--party-speed", "120",
         "--morale", "12", "--gap", "60"])
    run(capsys, "do", "e1", "run")
    run(capsys, "do", "e1", "run")  # 60 ft closed by 30 a round: caught in round 2
    line = next(l for l in recap(capsys, "e1").splitlines() if "evasion (dungeon)" in l)
    assert line.endswith("evasion (dungeon), 2 rounds: caught"), line
