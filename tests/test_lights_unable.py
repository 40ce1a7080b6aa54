"""Who cannot hold a light drops it, and who cannot act takes up, lights or
relights none (gm-review3 R9). The ruleset says who (``party.cannot_act``,
``party.drops_held``, ``party.zero_hp_conditions``): in D&D 2024 a character
at 0 HP is Unconscious and drops what it holds (derived from the party, like
a dead carrier's drop: undo and healing give it back); Incapacitated,
Paralyzed, Petrified, Stunned and Unconscious take no actions. In the B/X
rulesets 0 HP is death; paralysed, asleep and petrified take no action. A
turn with nobody up warns."""

from __future__ import annotations

import json

import pytest

from tracker.core import lights as L, party, supplies
from tracker.core.alerts import alerts
from tracker.core.dungeon.rules import AdvanceTurn, EnterDungeon, LeaveDungeon
from tracker.core.errors import Refused
from tracker.core.lights.rules import dropped_by
from tracker.core.timeline.entries import Undo
from tracker.core.view import state_json

PARALYSED = {"dnd-2024": "paralyzed", "dyb-og-drager": "paralysed", "dolmenwood": "paralysed"}


def delve(make, rid):
    c = make(rid)
    for n in ("Cy", "Di"):
        c.dispatch(party.AddCharacter(n, hp=8))
    c.dispatch(supplies.SetSupplies("torches", 5))
    c.dispatch(EnterDungeon("Vault"))
    return c


def test_a_dying_carrier_drops_the_light(make):
    c = delve(make, "dnd-2024")
    c.dispatch(L.LightSource("torch", "Cy"))
    before = c.state
    c.dispatch(party.Damage("Cy", 8))  # 0 HP: dying, Unconscious
    light = c.state.lights[0]
    assert dropped_by(c.state, light) == "Cy" and light.lit
    assert any("falls and burns on where it lies" in a.text for a in alerts(before, c.state))
    assert state_json(c.state, c.seq)["dungeon"]["lights"][0]["dropped"]
    with pytest.raises(Refused, match=r"Cy is at 0 HP \(unconscious\) and cannot take up a light"):
        c.dispatch(L.TakeLight(light.id, "Cy"))
    c.dispatch(L.TakeLight(light.id, "Di"))  # another picks it up
    assert c.state.lights[0].by == "Di"


def test_undo_and_healing_give_it_back(make):
    c = delve(make, "dnd-2024")
    c.dispatch(L.LightSource("torch", "Cy"))
    c.dispatch(party.Damage("Cy", 8))
    c.dispatch(Undo())
    assert not dropped_by(c.state, c.state.lights[0])
    c.dispatch(party.Damage("Cy", 8))
    c.dispatch(party.Heal("Cy", 3))
    assert not dropped_by(c.state, c.state.lights[0])


def test_the_dying_and_unconscious_light_and_take_nothing(make):
    c = delve(make, "dnd-2024")
    c.dispatch(L.LightSource("torch", "Cy"))
    c.dispatch(party.Damage("Di", 8))
    with pytest.raises(Refused, match="Di is at 0 HP"):
        c.dispatch(L.LightSource("torch", "Di"))
    with pytest.raises(Refused, match="Di is at 0 HP"):
        c.dispatch(L.TakeLight(c.state.lights[0].id, "Di"))
    c.dispatch(party.SetCondition("Cy", "unconscious"))
    assert dropped_by(c.state, c.state.lights[0]) == "Cy"
    with pytest.raises(Refused, match="Cy is unconscious and cannot take up a light"):
        c.dispatch(L.TakeLight(c.state.lights[0].id, "Cy"))


@pytest.mark.parametrize("rid", ["dnd-2024", "dyb-og-drager", "dolmenwood"])
def test_a_paralysed_holder_cannot_relight(make, rid):
    c = delve(make, rid)
    c.dispatch(L.LightSource("torch", "Cy"))
    c.dispatch(L.DouseLight(c.state.lights[0].id))
    c.dispatch(party.SetCondition("Cy", PARALYSED[rid]))
    assert not dropped_by(c.state, c.state.lights[0])  # still holds it
    with pytest.raises(Refused, match="who holds light #.*cannot relight it"):
        c.dispatch(L.RelightLight(c.state.lights[0].id))
    with pytest.raises(Refused, match="cannot take up a light"):
        c.dispatch(L.LightSource("torch", "Cy"))
    c.dispatch(L.TakeLight(c.state.lights[0].id, "Di"))
    c.dispatch(L.RelightLight(c.state.lights[0].id))


def test_a_dying_carriers_light_stays_behind(make):
    c = delve(make, "dnd-2024")
    c.dispatch(L.LightSource("torch", "Cy"))
    c.dispatch(party.Damage("Cy", 8))
    c.dispatch(LeaveDungeon())
    assert c.state.lights == ()


@pytest.mark.parametrize("rid", ["dnd-2024", "dyb-og-drager"])
def test_a_turn_with_nobody_up_warns(make, rid):
    c = delve(make, rid)
    c.dispatch(party.SetCondition("Cy", PARALYSED[rid]))
    before = c.state
    c.dispatch(AdvanceTurn())
    assert not any("No one in the party is up" in a.text for a in alerts(before, c.state))
    c.dispatch(party.Damage("Di", 8))
    if rid == "dnd-2024":  # dying, no turn passes (gm-review4 R6): stable first
        for _ in range(3):
            c.dispatch(party.DeathSave("Di"), [10])
    before = c.state
    c.dispatch(AdvanceTurn())
    assert any("No one in the party is up" in a.text for a in alerts(before, c.state))


def test_a_ruleset_names_only_its_conditions():
    from tracker.core.ruleset import load_text
    from tracker.store import paths
    text = paths.read_ruleset_file(paths.ruleset_file("dnd-2024"))
    text = text.replace('drops_held = ["unconscious"]', 'drops_held = ["asleep"]')
    with pytest.raises(Refused, match="party.drops_held"):
        load_text(text)
