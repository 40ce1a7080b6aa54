"""Food found on the road is stocked, not used backwards (gm-review3 R17):
the recap's "Supplies used" counts what went out, "Food found" what came in,
on every ruleset that forages, after an undo and a correction alike."""

from __future__ import annotations

import re

import pytest




def _used(md: str) -> dict[str, int]:
    line = next((x for x in md.splitlines() if "Supplies used" in x), "")
    return {k: int(n) for k, n in re.findall(r"([\w ()]+?): (-?\d+)", line.split(":**", 1)[-1])}


CASES = {  # ruleset, party, supplies and terrain, the day's forage
    "dolmenwood": (["Ana --class fighter --abilities 14,10,9,12,13,8",
                    "Bo --class thief --abilities 10,10,9,14,13,8"],
                   ["supplies preserved 4", "terrain meadow"], "forage --found 3"),
    "dnd-2024": (["Cy --class ranger --abilities 10,15,13,12,16,8",
                  "Di --class rogue --abilities 10,15,13,12,12,8"],
                 ["supplies rations 2", "water 10", "terrain forest"], "forage --dice 20,6,6"),
}


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_food_found_is_not_negative_use(cli, ruleset):
    party, setup, forage = CASES[ruleset]
    cli("new", "c", "--ruleset", ruleset, "--seed", "3")
    for who in party:
        cli("do", "c", "add-character", *who.split())
    for line in setup:
        cli("do", "c", *line.split())
    cli("do", "c", *forage.split())
    md = cli("export", "c", "--format", "markdown")
    eaten = int(re.search(r"\*\*Rations:\*\* (\d+) eaten", md).group(1))
    assert "Food found on the road" in md
    used = _used(md)
    assert used and all(n > 0 for n in used.values()), md
    assert sum(used.values()) == eaten, md  # the party ate; nothing else went out
    cli("undo", "c")  # the day undone: nothing found, nothing eaten
    md = cli("export", "c", "--format", "markdown")
    assert "Food found" not in md and "Supplies used" not in md, md
