"""D&D 2024: a stage's navigation die corrected when another stage followed it
the same day (gm-review3 R6). The later stage begins at the hour the corrected
one now ends, and its extended-travel saves are those of the hours it now
covers, at their DCs (5e2024.md §5.4: DC 10 + 1 per hour past the 8th); the
saves keep the dice the table rolled, in their order. One undo takes it back."""

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
    second = cli("do", "c", "travel", "--hours", "2", "--no-camp", "--dice", "15,1")
    assert re.findall(r"vs DC (\d+)", first) == ["11", "12", "13"]  # 11.2 h
    assert re.findall(r"vs DC (\d+)", second) == ["14", "15"]  # hours 12 and 13
    return int(re.search(r"#(\d+) Stage", first).group(1))


def _second(out: str) -> str:
    return out.strip().splitlines()[1]


@pytest.mark.parametrize("dice, dcs, hours", [
    ("15", ["11", "12"], 10.0),  # on course: 8 h, then hours 9 and 10
    ("1,6", ["15", "16"], 14.8),  # 60% longer: 12.8 h, then hours 13 and 14
])
def test_the_later_stage_follows_the_corrected_one(cli, dice, dcs, hours):
    seq = _two_stages(cli)
    out = cli("do", "c", "amend", str(seq), "--dice", dice)
    later = _second(out)
    assert later.startswith(f"#{seq + 3} Corrected #{seq + 1}: Stage")
    assert re.findall(r"vs DC (\d+)", later) == dcs
    assert re.findall(r"save 1d20=\[(\d+)\]", later) == ["1", "6"]  # the table's dice kept
    state = json.loads(cli("state", "c", "--json"))
    assert state["travel"]["hours_today"] == pytest.approx(hours)
    cli("undo", "c")
    state = json.loads(cli("state", "c", "--json"))
    assert state["travel"]["hours_today"] == pytest.approx(13.2)
