"""D&D 2024: a failed navigation check makes the stage's way 1d6 × 10 %
longer (5e2024.md §5.8), not the day: the party travels the hours the GM
set, makes that much less headway, and rolls the extended-travel saves
(§5.4) of those hours only (gm-review7 R4; before, the day ran longer and
saved for hours nobody chose: tests/test_travel_strayed_old.py keeps those
entries as written)."""

from __future__ import annotations

import json
import re

import pytest

from tracker.core.events import decode
from tracker.core.ruleset import load_text
from tracker.core.travel.rules import save_dcs



def _stage_said(cli, hours, dice) -> str:
    """Ari, a ranger, travels one stage through forest: its log lines."""
    cli("new", "c", "--ruleset", "dnd-2024", "--seed", "9")
    cli("do", "c", "add-character", "Ari", "--class", "ranger", "--abilities",
        "12,16,14,10,15,8")
    cli("do", "c", "supplies", "rations", "6")
    cli("do", "c", "terrain", "forest")
    return cli("do", "c", "travel", "--hours", str(hours), "--dice", dice)


def _stage(cli, hours, dice) -> list[int]:
    return [int(dc) for dc in re.findall(r"vs DC (\d+)", _stage_said(cli, hours, dice))]


@pytest.mark.parametrize("hours, dice, dcs", [
    (8, "3,6", []),  # the way 60% longer: 8 h, no save
    (10, "3,2,11,10", [11, 12]),  # the way 20% longer: hours 9 and 10, as on course
    (10, "15,11,10", [11, 12]),  # on course: the hours asked
    (6, "3,3", []),
])
def test_a_stage_that_strays_saves_for_the_hours_asked_only(cli, hours, dice, dcs):
    assert _stage(cli, hours, dice) == dcs


def test_straying_makes_less_headway_along_the_route(cli):
    """A route of 40 miles through forest: on course a day makes 24 of them;
    strayed 50%, its 24 miles make 16 of headway (24 × 100/150), 24 left;
    the next day on course makes 24 more and arrives, 16 h on the road in all."""
    cli("new", "c", "--ruleset", "dnd-2024", "--seed", "9")
    cli("do", "c", "add-character", "Ari", "--class", "ranger", "--abilities",
        "12,16,14,10,15,8")
    cli("do", "c", "supplies", "rations", "6")
    cli("do", "c", "route", "Ford:forest:40")
    out = cli("do", "c", "travel", "--dice", "3,5")
    assert "24 miles through forest (8 h on the road)" in out, out
    assert "the way 50% longer (1d6*10=[5]=50 typed): 16 miles of headway" in out, out
    state = json.loads(cli("state", "c", "--json"))["travel"]
    assert state["stage_progress"] == pytest.approx(16) and state["distance"] == 24
    assert state["days"][-1]["line"] == "Day 1: 24 miles through forest; strayed: the way " \
        "50% longer"
    out = cli("do", "c", "travel", "--dice", "20")
    assert "arrived at Ford" in out, out
    state = json.loads(cli("state", "c", "--json"))["travel"]
    assert state["arrived"] and state["distance"] == 48


def test_an_entry_without_saves_to_reads_its_saves_by_the_hours_asked():
    """An entry written before the field: its saves are those of the hours asked."""
    t = load_text(open("rulesets/dnd-2024.toml").read()).rules.travel
    roll = '{"expr":"1d20","dice":[10],"total":10}'
    ev = decode("day_travelled", 1, (
        '{"terrain":"forest","pace":"normal","hours":10,"lost_roll":{"expr":"1d20",'
        '"dice":[3],"total":3},"delay":{"expr":"1d6*10","dice":[2],"total":20},'
        f'"saves":[["Ari",{roll},2],["Bo",{roll},0],["Ari",{roll},2],["Bo",{roll},0]]}}'))
    assert save_dcs(t, ev) == [11, 11, 12, 12]


def test_a_correction_into_straying_adds_no_saves(cli):
    """amend: the navigation die retyped into a failure rolls the way's delay
    and no save; retyped back, the delay goes. The day stays 8 h."""
    assert _stage(cli, 8, "15") == []
    entry = "6"
    out = cli("do", "c", "amend", entry, "--dice", "3,6")
    assert "vs DC" not in out and "the way 60% longer" in out and "(8 h on the road)" in out
    assert json.loads(cli("state", "c", "--json"))["party"][0]["exhaustion"] == 0
    out = cli("do", "c", "amend", entry, "--dice", "15")
    assert "vs DC" not in out and "longer" not in out


@pytest.mark.parametrize("hours, dice, took", [
    (8, "3,6", "(8 h on the road)"),  # the way 60% longer, not the day
    (10, "3,4,11,10", "(10 h on the road)"),
    (10, "15,11,10", "(10 h on the road)"),  # on course: the hours asked
])
def test_a_stage_says_the_hours_the_gm_set(cli, hours, dice, took):
    out = _stage_said(cli, hours, dice)
    assert took in out, out


def test_two_failed_saves_name_the_traveller_once_with_the_levels(cli):
    """gm-review3 R2: "Bo, Bo" for two failed saves reads "Bo (2 levels)"."""
    cli("new", "c", "--ruleset", "dnd-2024", "--seed", "9")
    cli("do", "c", "add-character", "Bo", "--class", "fighter", "--abilities",
        "8,10,9,12,13,8")
    cli("do", "c", "add-character", "Cy", "--class", "fighter", "--abilities",
        "8,10,16,12,13,8")
    cli("do", "c", "supplies", "rations", "6")
    cli("do", "c", "terrain", "forest")
    out = cli("do", "c", "travel", "--hours", "10", "--dice", "15,1,20,1,20")
    assert "Exhaustion from extended travel: Bo (2 levels)" in out, out
    assert "Cy" not in out.split("Exhaustion from extended travel:")[1].splitlines()[0]


@pytest.mark.parametrize("dice, hours", [
    ("20", 4),  # on course: 12 miles in 4 h pass Ford, 10 miles off
    ("3,5", 5),  # the way 50% longer: 15 miles in 5 h make the 10 of headway
])
def test_a_stage_that_strays_reaches_the_routes_end_later(cli, dice, hours):
    """The stage ends where the route does, on a way straying made longer: an
    hour later, not short of it (with a second navigation check to finish)."""
    cli("new", "c", "--ruleset", "dnd-2024", "--seed", "9")
    cli("do", "c", "add-character", "Ari", "--class", "ranger", "--abilities",
        "12,16,14,10,15,8")
    cli("do", "c", "supplies", "rations", "6")
    cli("do", "c", "route", "Ford:forest:10")
    out = cli("do", "c", "travel", "--dice", dice)
    assert f"({hours} h on the road); arrived at Ford" in out, out
    state = json.loads(cli("state", "c", "--json"))["travel"]
    assert state["arrived"] and state["hours_today"] == pytest.approx(hours)
