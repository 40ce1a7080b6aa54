"""The recap counts each day of the road as the journey's journal holds it
(gm-review F2): a gale's run, a correction, a day lost read from one source."""

import json

from support.cli import new, run


def recap(capsys, name, *more):
    return run(capsys, "export", name, "--format", "markdown", *more)


def journey(capsys, name):
    return json.loads(run(capsys, "state", name, "--json"))["travel"]


def _at_sea(capsys):
    new(capsys, "sea", "dyb-og-drager",
        ["add-character", "Bo", "--class", "kriger", "--abilities", "15,9,10,12,14,8"],
        ["terrain", "ocean"], ["embark", "Havornen", "--rate", "120"], ["guide", "yes"])
    run(capsys, "do", "sea", "travel", "--dice", "3,4,6,6")  # 24 miles, fresh breeze
    run(capsys, "do", "sea", "travel", "--dice", "6,6,6,6")  # a gale: the GM chooses


def test_a_gales_run_counts_its_miles_and_its_lost_day(saves, capsys):
    _at_sea(capsys)
    run(capsys, "do", "sea", "gale", "run")  # driven three times the day's distance, lost
    j = journey(capsys, "sea")
    assert j["distance"] == 96 and sum(d["lost"] for d in j["days"]) == 1
    assert "**Travelled:** 96 miles in 2 days (1 of them lost)" in recap(capsys, "sea")


def test_a_gale_run_in_the_next_session_counts_there(saves, capsys):
    _at_sea(capsys)
    run(capsys, "do", "sea", "session-end")
    run(capsys, "do", "sea", "session-start")
    run(capsys, "do", "sea", "gale", "run")
    assert "**Travelled:** 24 miles in 2 days" in recap(capsys, "sea", "--session", "1")
    assert "**Travelled:** 72 miles in 1 day (1 of them lost)" in \
        recap(capsys, "sea", "--session", "2")
    run(capsys, "undo", "sea")  # the run undone: the recap follows the journey
    assert "Travelled" not in recap(capsys, "sea", "--session", "2")
