"""Every way an evasion ends tells the GM in an alert (osr.md §9): over at
once when it starts (a faster party in a dungeon, no pursuit, surprised
monsters), the first evasion of a campaign or a later one; a roll that gets
away; a day of pursuit that catches up; the GM ending it. Both B/X rulesets."""

from __future__ import annotations

import json

import pytest


BX = ["dyb-og-drager", "dolmenwood"]



def _active(cli) -> bool:
    return json.loads(cli("state", "c"))["chase"]["active"]


def _alerts(out: str) -> list[str]:
    return [line[3:] for line in out.splitlines() if line.startswith("!! ")]


@pytest.mark.parametrize("ruleset", BX)
@pytest.mark.parametrize("how", [["--monster-speed", "10", "--gap", "40"],  # party faster
                                 ["--monster-speed", "500", "--no-pursuit"]])
def test_a_dungeon_evasion_over_at_once_is_told_every_time(cli, ruleset, how):
    cli("new", "c", "--ruleset", ruleset, "--seed", "3")
    cli("do", "c", "add-character", "Ana", "--hp", "8")
    cli("do", "c", "enter-dungeon", "Barrow")
    for _ in range(3):  # the first of the campaign and the ones after it
        out = cli("do", "c", "start-evasion", "dungeon", *how)
        assert not _active(cli)
        assert any("gets away" in a for a in _alerts(out)), out


@pytest.mark.parametrize("ruleset", BX)
def test_surprised_monsters_in_the_wilderness_are_told(cli, ruleset):
    cli("new", "c", "--ruleset", ruleset, "--seed", "3")
    cli("do", "c", "add-character", "Ana", "--hp", "8")
    for _ in range(2):
        out = cli("do", "c", "start-evasion", "wilderness", "--monster-speed", "90",
                  "--surprised", "monsters")
        assert not _active(cli) and any("gets away" in a for a in _alerts(out)), out


@pytest.mark.parametrize("ruleset", BX)
def test_a_wilderness_evasion_ended_by_a_roll_or_a_day_of_pursuit_is_told(cli, ruleset):
    cli("new", "c", "--ruleset", ruleset, "--seed", "3")
    cli("do", "c", "add-character", "Ana", "--hp", "8")
    told = []
    for _ in range(2):
        cli("do", "c", "start-evasion", "wilderness", "--monster-speed", "90", "--gap", "40",
            "--morale", "12")
        out = cli("do", "c", "evade", "--dice", "1")  # a low roll: away
        for _day in range(30):  # the chance missed: a day of pursuit, then flee again
            if not _active(cli):
                break
            out = cli("do", "c", "pursuit-day")
            if _active(cli):
                out = cli("do", "c", "evade", "--dice", "1")
        assert not _active(cli), out
        told.append(_alerts(out))
    assert all(any("Evasion" in a for a in alerts) for alerts in told), told


@pytest.mark.parametrize("ruleset", BX)
def test_a_day_of_pursuit_that_catches_up_is_told(cli, ruleset):
    cli("new", "c", "--ruleset", ruleset, "--seed", "3")
    cli("do", "c", "add-character", "Ana", "--hp", "8")
    cli("do", "c", "start-evasion", "wilderness", "--monster-speed", "500", "--gap", "40",
        "--morale", "12")  # faster pursuers: a day of pursuit may catch up
    cli("do", "c", "evade", "--dice", "100")  # no luck
    assert _active(cli)
    for _day in range(30):
        out = cli("do", "c", "pursuit-day")
        if not _active(cli):
            break
    assert not _active(cli) and any("Evasion" in a for a in _alerts(out)), out


@pytest.mark.parametrize("ruleset", BX)
def test_the_gm_ending_an_evasion_is_told(cli, ruleset):
    cli("new", "c", "--ruleset", ruleset, "--seed", "3")
    cli("do", "c", "add-character", "Ana", "--hp", "8")
    cli("do", "c", "enter-dungeon", "Barrow")
    cli("do", "c", "start-evasion", "dungeon", "--monster-speed", "500", "--gap", "40",
        "--morale", "12")
    assert _active(cli)
    out = cli("do", "c", "end-chase", "caught")
    assert any("caught" in a for a in _alerts(out)), out
