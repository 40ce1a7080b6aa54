"""A lit light burns through every kind of time that passes (gm-review F3):
a travel day, a stage, a rest day, hunting, foraging, a camp's night,
downtime, a day's flight, a day at sea. One that burns to its end goes out
with the usual alert and log line; undo gives it back. Old campaigns' entries
(version 1 of each) passed that time with the lights' time standing still,
and still do (tests/test_lights_due.py)."""

from __future__ import annotations

import json

import pytest




def lights(cli, name="c") -> list[dict]:
    return json.loads(cli("state", name, "--json"))["dungeon"]["lights"]


def _torch(cli, ruleset):
    cli("new", "c", "--ruleset", ruleset, "--seed", "3")
    cli("do", "c", "add-character", "Ana", "--hp", "8")
    cli("do", "c", "supplies", "torches", "2")
    cli("do", "c", "light", "torch", "--by", "Ana")


@pytest.mark.parametrize("steps", [
    [["terrain", "forest"], ["travel", "--dice", "6,6"]],
    [["terrain", "forest"], ["rest-day"]],
    [["terrain", "forest"], ["hunt", "--found"]],
    [["terrain", "forest"], ["forage"]],
    [["terrain", "ocean"], ["embark", "Havornen", "--rate", "120"],
     ["travel", "--dice", "3,4,6"]],
], ids=["travel", "rest-day", "hunt", "forage", "sail"])
def test_a_day_outdoors_burns_a_torch_out(cli, steps):
    _torch(cli, "dyb-og-drager")
    for argv in steps[:-1]:
        cli("do", "c", *argv)
    out = cli("do", "c", *steps[-1])
    assert "Ana's torch (#2) has gone out" in out
    assert [{k: l[k] for k in ("id", "by", "seconds_left", "lit")} for l in lights(cli)] == \
        [{"id": 2, "by": "Ana", "seconds_left": 0, "lit": False}]
    assert "Ana's torch (#2) went out" in cli("log", "c").splitlines()[-1]
    cli("undo", "c")
    assert lights(cli)[0]["lit"] and lights(cli)[0]["seconds_left"] > 0


def test_a_day_of_flight_burns_a_torch_out(cli):
    _torch(cli, "dyb-og-drager")
    cli("do", "c", "start-evasion", "wilderness", "--monster-speed", "90", "--gap", "40",
        "--morale", "12")
    cli("do", "c", "evade", "--dice", "99")  # missed: a day of pursuit follows
    assert "Ana's torch (#2) has gone out" in cli("do", "c", "pursuit-day")
    assert not lights(cli)[0]["lit"]


@pytest.mark.parametrize("ruleset", ["dnd-2024", "dyb-og-drager"])
def test_downtime_burns_a_torch_out(cli, ruleset):
    _torch(cli, ruleset)
    assert "Ana's torch (#2) has gone out" in cli("do", "c", "downtime", "2")
    assert not lights(cli)[0]["lit"]


def test_a_stage_shorter_than_a_lamps_oil_burns_it_down_and_leaves_it_lit(cli):
    cli("new", "c", "--ruleset", "dnd-2024", "--seed", "3")
    cli("do", "c", "add-character", "Ana", "--class", "fighter", "--abilities",
        "10,10,10,10,10,10")
    cli("do", "c", "supplies", "oil", "2")
    cli("do", "c", "light", "lamp", "--by", "Ana")  # 6 hours
    cli("do", "c", "terrain", "grassland")
    out = cli("do", "c", "travel", "--hours", "2", "--no-camp", "--dice", "15")
    assert "gone out" not in out
    assert lights(cli)[0]["lit"] and lights(cli)[0]["seconds_left"] == 4 * 3600
    assert "Ana's lamp (#2) has gone out" in cli("do", "c", "camp")  # the night
