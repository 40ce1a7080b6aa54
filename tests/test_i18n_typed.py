"""A GM types the ruleset's things in their own words (issue 23): `tracker do`
takes a supply, light, class, condition, terrain, pace or facility by its id,
its English name or its name in any language the ruleset has, and a refusal
lists what there is in the GM's language (ids in English, as always)."""

from __future__ import annotations

import json

import pytest

from tracker.cli import main


def _state(name, capsys) -> dict:
    capsys.readouterr()
    main(["state", name, "--json"])
    return json.loads(capsys.readouterr().out)


def test_a_danish_gm_names_supplies_lights_classes_and_terrain_in_danish(saves, capsys):
    main(["new", "d", "--ruleset", "dyb-og-drager", "--seed", "1"])
    assert main(["do", "d", "supplies", "fakler", "3"]) == 0
    assert main(["do", "d", "supplies", "TORCHES", "+1"]) == 0  # the id, in any case
    assert main(["do", "d", "add-character", "Ulf", "--class", "Fighter", "--roll-abilities"]) == 0
    assert main(["do", "d", "add-character", "Bo", "--class", "MAGIKER", "--roll-abilities"]) == 0
    assert main(["do", "d", "light", "Fakkel", "Ulf"]) == 0
    assert main(["do", "d", "condition", "Ulf", "forgiftet"]) == 0
    state = _state("d", capsys)
    assert state["supplies"]["torches"] == 3  # 3, +1, one lit
    assert [c["class"] for c in state["party"]] == ["kriger", "magiker"]  # the ids
    assert state["party"][0]["conditions"] and state["party"][0]["lights"]


def test_a_ukrainian_gm_sets_the_pace_in_ukrainian(saves, capsys):
    main(["new", "u", "--ruleset", "dnd-2024", "--seed", "1"])
    assert main(["do", "u", "pace", "швидкий"]) == 0
    assert _state("u", capsys)["travel"]["pace"] == "fast"
    assert main(["do", "u", "pace", "Повільний"]) == 0
    assert _state("u", capsys)["travel"]["pace"] == "slow"


@pytest.mark.parametrize("lang, listed", [
    ("da", "regelsættet har: Fakler, Olie"), ("en", "this ruleset has: torches, oil")])
def test_a_refusal_lists_what_there_is_in_the_gms_language(saves, capsys, lang, listed):
    main(["new", "d", "--ruleset", "dyb-og-drager", "--seed", "1"])
    capsys.readouterr()
    assert main(["--lang", lang, "do", "d", "supplies", "fisk", "2"]) != 0
    assert listed in capsys.readouterr().err
