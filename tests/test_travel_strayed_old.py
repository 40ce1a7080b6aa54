"""D&D 2024 stages that strayed, written before ``day_travelled`` 6 (by the
code of fe59d06: tests/data/old_strayed/make.py): then a failed navigation
check made the stage take longer on the road (5e2024.md §5.8 read as time),
with the extended-travel saves of the hours it ran past the 8th. Since
gm-review7 R4 a stray makes the way longer and the day keeps the GM's hours
(tests/test_travel_strayed_saves.py); these old entries replay, read and
are corrected as they were written: their hours, their saves, and a later
stage that follows a corrected one (gm-review3 R6, R18)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tracker.service import Campaign

from support.old_campaigns import differences, state_now

OLD = Path(__file__).parent / "data" / "old_strayed"


@pytest.fixture
def old(saves):
    for name in ("whole", "stages"):
        shutil.copyfile(OLD / f"{name}.campaign", saves / f"{name}.campaign")
    return saves


def _dcs(out: str) -> list[int]:
    return [int(dc) for dc in re.findall(r"vs DC (\d+)", out)]


@pytest.mark.parametrize("name", ["whole", "stages"])
def test_an_old_strayed_stage_replays_as_it_was_written(old, name):
    then = json.loads((OLD / f"{name}.state.json").read_text())
    c = Campaign.open(old, name)
    try:
        assert differences(then, state_now(c)) == []
    finally:
        c.close()


def test_an_old_stage_says_the_hours_it_took_and_its_saves(old, cli):
    line = [l for l in cli("log", "whole").splitlines() if "Travel day" in l][0]
    assert "(12.8 h on the road)" in line and "60% longer" in line
    assert _dcs(line) == [11, 12, 13, 14]


def test_an_old_stage_corrected_keeps_its_meaning(old, cli):
    """Its navigation die retyped onto course drops the saves of the hours
    straying added; retyped back, the stage is longer again, with them."""
    seq = [l for l in cli("log", "whole").splitlines() if "Travel day" in l][0].split()[0]
    out = cli("do", "whole", "amend", seq, "--dice", "15")
    assert "vs DC" not in out and "(8 h on the road)" in out
    out = cli("do", "whole", "amend", seq, "--dice", "3,6,11,10,20,12")
    assert _dcs(out) == [11, 12, 13, 14] and "(12.8 h on the road)" in out


@pytest.mark.parametrize("dice, dcs, hours", [
    ("15", [11, 12], 10.0),  # on course: 8 h, then hours 9 and 10
    ("1,6", [15, 16], 14.8),  # 60% longer: 12.8 h, then hours 13 and 14
])
def test_the_later_old_stage_follows_the_corrected_one(old, cli, dice, dcs, hours):
    log = cli("log", "stages")
    first = int(re.search(r"^\s*(\d+) .*Stage", log, re.M).group(1))
    second = [l for l in log.splitlines() if l.split()[0] == str(first + 1)][0]
    rolled = re.findall(r"save 1d20=\[(\d+)\]", second)
    assert rolled[0] == "1" and len(rolled) == 2  # typed, then one from the seed
    out = cli("do", "stages", "amend", str(first), "--dice", dice)
    later = out.strip().splitlines()[1]
    assert later.startswith(f"#{first + 3} Corrected #{first + 1}: Stage")
    assert _dcs(later) == dcs
    assert re.findall(r"save 1d20=\[(\d+)\]", later) == rolled  # the table's dice kept
    assert json.loads(cli("state", "stages", "--json"))["travel"]["hours_today"] == \
        pytest.approx(hours)
    cli("undo", "stages")
    assert json.loads(cli("state", "stages", "--json"))["travel"]["hours_today"] == \
        pytest.approx(13.2)
