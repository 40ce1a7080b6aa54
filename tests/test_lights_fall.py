"""A dead or removed carrier's lit light falls (gm-review F13): it is no
longer theirs, and the alert, the log line, the light table, `state --json`
and the players' table say so; undo takes the death back and the light is
theirs again (derived from the party: old campaigns replay unchanged)."""

from __future__ import annotations

import json

import pytest

from tracker.core import lights as lights_area, party, supplies
from tracker.ui.widgets.dungeon_panels import light_row



def lights(cli) -> list[dict]:
    return json.loads(cli("state", "c", "--json"))["dungeon"]["lights"]


def _lit(cli):
    cli("new", "c", "--ruleset", "dyb-og-drager", "--seed", "3")
    for who in ("Bo", "Al"):
        cli("do", "c", "add-character", who, "--class", "kriger", "--abilities",
            "15,9,10,12,14,8")
    cli("do", "c", "supplies", "torches", "3")
    cli("do", "c", "enter-dungeon", "X")
    cli("do", "c", "light", "torch", "--by", "Bo")


def test_a_dead_carriers_torch_falls(cli):
    _lit(cli)
    out = cli("do", "c", "damage", "Bo", "30")
    assert "Bo's torch (#3) falls and burns on where it lies: no one carries it" in out
    assert cli("log", "c").splitlines()[-1].endswith("Bo took 30 damage — Bo's torch (#3) falls")
    assert lights(cli)[0]["dropped"] and lights(cli)[0]["lit"]
    out = cli("do", "c", "douse", "3")
    assert "a torch dropped by Bo (#3)" in out
    cli("undo", "c")
    cli("undo", "c")  # the death taken back: his again
    assert not lights(cli)[0]["dropped"]


def test_a_removed_carriers_torch_falls(cli):
    _lit(cli)
    out = cli("do", "c", "remove-character", "Bo")
    assert "Bo's torch (#3) falls" in out
    assert "falls" in cli("log", "c").splitlines()[-1]


@pytest.mark.parametrize("lang, says", [("da", "falder"), ("uk", "падає")])
def test_the_fall_is_said_in_every_language(cli, lang, says):
    _lit(cli)
    assert says in cli("do", "c", "damage", "Bo", "30", lang=lang)


def test_the_light_table_says_dropped(make):
    c = make()
    c.dispatch(party.AddCharacter("Bo", hp=4))
    c.dispatch(supplies.SetSupplies("torches", 1))
    c.dispatch(lights_area.LightSource("torch", "Bo"))
    assert light_row(c.state, c.state.lights[0])[2].plain == "Bo"
    c.dispatch(party.Damage("Bo", 30))
    assert light_row(c.state, c.state.lights[0])[2].plain == "dropped (Bo)"
