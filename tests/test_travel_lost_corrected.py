"""A lost party rolls no lost die: an earlier travel day corrected into lost
leaves the next day's roll void, and its log line says none (gm-review F15)."""

from support.cli import new, run


def log(capsys, name):
    return {int(l.split()[0]): l for l in run(capsys, "log", name).splitlines()}


def test_the_day_after_a_day_corrected_into_lost_shows_no_lost_roll(saves, capsys):
    new(capsys, "t", "dyb-og-drager", ["add-character", "Ada"], ["terrain", "forest"])
    run(capsys, "do", "t", "travel", "--dice", "6,3")  # on course
    first = max(log(capsys, "t"))
    run(capsys, "do", "t", "travel", "--dice", "1,3")  # lost on the second day
    assert "lost? 1d6=[1]" in log(capsys, "t")[first + 1]
    run(capsys, "do", "t", "amend", str(first), "--dice", "1,3")  # lost on the first
    line = log(capsys, "t")[first + 1]
    assert "lost?" not in line and "check 1d6=[3]" in line
    run(capsys, "undo", "t")  # the correction undone: the second day's roll stands again
    assert "lost? 1d6=[1]" in log(capsys, "t")[first + 1]
