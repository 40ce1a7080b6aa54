"""D&D 2024: a stage's navigation die corrected when another stage followed it
the same day. Since gm-review7 R4 straying makes the stage's way longer, not
its hours: the later stage begins where it began and keeps its saves (hours 9
and 10 at DC 11 and 12, 5e2024.md §5.4), whichever way the die goes, and only
the corrected stage's headway changes. (Old entries, whose straying made the
stage longer on the road, still move the later stage: gm-review3 R6,
tests/test_travel_strayed_old.py.) One undo takes it back."""

from __future__ import annotations

import json
import re

import pytest

from tracker.cli import main


@pytest.fixture
def cli(saves, capsys):
    def run(*argv, ok=True):
        code = main(["--lang", "en", *argv])
        said = capsys.readouterr()
        assert (code == 0) == ok, said
        return said.out + said.err
    return run


def _two_stages(cli):
    cli("new", "c", "--ruleset", "dnd-2024", "--seed", "5")
    cli("do", "c", "add-character", "Bo", "--class", "fighter", "--abilities",
        "15,14,13,10,12,8")
    cli("do", "c", "supplies", "rations", "20")
    cli("do", "c", "terrain", "forest")
    first = cli("do", "c", "travel", "--hours", "8", "--no-camp", "--dice", "1,4")
    second = cli("do", "c", "travel", "--hours", "2", "--no-camp", "--dice", "15,1,6")
    assert "vs DC" not in first and "(8 h on the road)" in first  # the way 40% longer
    assert re.findall(r"vs DC (\d+)", second) == ["11", "12"]  # hours 9 and 10
    return int(re.search(r"#(\d+) Stage", first).group(1))


@pytest.mark.parametrize("dice, longer", [
    ("15", None),  # on course
    ("1,6", "60%"),  # the way 60% longer
])
def test_the_later_stage_stays_where_it_was(cli, dice, longer):
    seq = _two_stages(cli)
    out = cli("do", "c", "amend", str(seq), "--dice", dice)
    assert len([l for l in out.splitlines() if l.startswith("#")]) == 1, out  # nothing moves
    assert (f"the way {longer} longer" in out) if longer else ("longer" not in out)
    state = json.loads(cli("state", "c", "--json"))
    assert state["travel"]["hours_today"] == pytest.approx(10)
    assert state["travel"]["days"][-2]["strayed"] is bool(longer)
    cli("undo", "c")
    state = json.loads(cli("state", "c", "--json"))
    assert state["travel"]["hours_today"] == pytest.approx(10)
    assert state["travel"]["days"][-2]["strayed"] is True
