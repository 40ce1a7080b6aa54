"""D&D 2024: a stage made longer by failed navigation (5e2024.md §5.8) rolls
its extended-travel saves for the hours travelled, not the hours asked
(§5.4; gm-review F5)."""

from __future__ import annotations

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
    (8, "3,6,11,10,20,12", [11, 12, 13, 14]),  # 60% longer: 12.8 h, hours 9-12
    (10, "3,2,11,10,20,12", [11, 12, 13, 14]),  # 20% longer: 12 h
    (10, "15,11,10", [11, 12]),  # on course: the hours asked
    (6, "3,3", []),  # 30% longer: 7.8 h, none past the 8th
])
def test_a_longer_stage_saves_for_every_hour_travelled(cli, hours, dice, dcs):
    assert _stage(cli, hours, dice) == dcs


def test_an_entry_without_saves_to_reads_its_saves_by_the_hours_asked():
    """An entry written before the field: its saves are those of the hours asked."""
    t = load_text(open("rulesets/dnd-2024.toml").read()).rules.travel
    roll = '{"expr":"1d20","dice":[10],"total":10}'
    ev = decode("day_travelled", 1, (
        '{"terrain":"forest","pace":"normal","hours":10,"lost_roll":{"expr":"1d20",'
        '"dice":[3],"total":3},"delay":{"expr":"1d6*10","dice":[2],"total":20},'
        f'"saves":[["Ari",{roll},2],["Bo",{roll},0],["Ari",{roll},2],["Bo",{roll},0]]}}'))
    assert save_dcs(t, ev) == [11, 11, 12, 12]


def test_a_correction_that_changes_the_stages_length_changes_its_saves(cli):
    """amend: the navigation die retyped into a failure adds the saves of the
    hours the stage now takes; retyped back, they go."""
    assert _stage(cli, 8, "15") == []
    entry = "6"
    out = cli("do", "c", "amend", entry, "--dice", "3,6,11,10,20,12")
    assert [int(dc) for dc in re.findall(r"vs DC (\d+)", out)] == [11, 12, 13, 14]
    out = cli("do", "c", "amend", entry, "--dice", "15")
    assert "vs DC" not in out


@pytest.mark.parametrize("hours, dice, took", [
    (8, "3,6,11,10,20,12", "(12.8 h on the road)"),  # 60% longer
    (8, "3,4,11,10,20", "(11.2 h on the road)"),  # 40% longer
    (10, "15,11,10", "(10 h on the road)"),  # on course: the hours asked
])
def test_a_stage_says_the_hours_it_took_not_the_hours_asked(cli, hours, dice, took):
    """gm-review3 R2: a stage that strayed took longer, and its line says so."""
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
