"""Who cannot act does nothing themselves (gm-review, known-issue 2): the
ruleset's ``party.cannot_act`` (D&D 2024: incapacitated, paralyzed,
petrified, stunned, unconscious, and so at 0 HP; B/X: paralysed, asleep,
petrified) keeps a character from dousing the light they hold, from
guiding the party, from foraging or hunting for it, and from any chase
action; the refusal names the character and why. A light dropped where its
carrier fell, or set down, anyone may douse; and another may take the light
from one who cannot act, then douse it."""

from __future__ import annotations

import pytest

from tracker.core import chase as ch, lights as L, party, supplies, travel as tr
from tracker.core.dungeon.rules import EnterDungeon
from tracker.core.errors import Refused

PARALYSED = {"dnd-2024": "paralyzed", "dyb-og-drager": "paralysed", "dolmenwood": "paralysed"}
WORD = {"dnd-2024": "Paralyzed", "dyb-og-drager": "Lammet", "dolmenwood": "paralysed"}


def delve(make, rid):
    c = make(rid)
    for n in ("Cy", "Di"):
        c.dispatch(party.AddCharacter(n, hp=8))
    c.dispatch(supplies.SetSupplies("torches", 5))
    c.dispatch(EnterDungeon("Vault"))
    c.dispatch(L.LightSource("torch", "Cy"))
    return c


@pytest.mark.parametrize("rid", list(PARALYSED))
def test_one_who_cannot_act_does_not_douse_the_light_they_hold(make, rid):
    c = delve(make, rid)
    c.dispatch(party.SetCondition("Cy", PARALYSED[rid]))
    head = c.seq
    with pytest.raises(Refused, match=r"Cy, who holds light #\d+, is .+ and cannot douse it"):
        c.dispatch(L.DouseLight(c.state.lights[0].id))
    assert c.seq == head
    light = c.state.lights[0].id
    c.dispatch(L.TakeLight(light, "Di"))  # another takes it from Cy's hand
    c.dispatch(L.DouseLight(light))
    assert not c.state.lights[0].lit


def test_a_light_dropped_where_its_carrier_fell_anyone_douses(make):
    c = delve(make, "dnd-2024")
    c.dispatch(party.Damage("Cy", 8))  # 0 HP: unconscious, the torch falls
    c.dispatch(L.DouseLight(c.state.lights[0].id))
    assert not c.state.lights[0].lit


def test_the_cli_says_who_and_why(cli, capsys):
    cli("new", "c", "--ruleset", "dnd-2024")
    cli("do", "c", "add-character", "Cy", "--hp", "8")
    cli("do", "c", "supplies", "torches", "2")
    cli("do", "c", "enter-dungeon", "Vault")
    cli("do", "c", "light", "torch", "Cy")
    cli("do", "c", "condition", "Cy", "stunned")
    from tracker.cli import main
    assert main(["--lang", "en", "do", "c", "douse", "2"]) == 1
    err = capsys.readouterr().err
    assert "cy, who holds light #2, is stunned and cannot douse it" in err.casefold(), err


def test_a_correction_that_leaves_the_holder_unable_before_a_douse_is_refused(make):
    c = delve(make, "dnd-2024")
    note = c.dispatch(party.SetCondition("Cy", "poisoned")).envelopes[0].seq
    c.dispatch(L.DouseLight(c.state.lights[0].id))
    with pytest.raises(Refused, match="cannot douse it"):
        c.dispatch(c.amend_command(note, fields={"condition": "stunned"}))


@pytest.mark.parametrize("rid", ["dnd-2024", "dyb-og-drager"])
def test_one_who_cannot_act_does_not_guide(make, rid):
    c = make(rid)
    c.dispatch(party.AddCharacter("Ana", hp=8))
    c.dispatch(party.AddCharacter("Bo", hp=8))
    c.dispatch(tr.SetTerrain("forest"))
    c.dispatch(party.SetCondition("Ana", PARALYSED[rid]))
    with pytest.raises(Refused, match="Ana is .+ and cannot guide"):
        c.dispatch(tr.SetGuide(True, "Ana"))
    c.dispatch(party.SetCondition("Ana", PARALYSED[rid], on=False))
    c.dispatch(tr.SetGuide(True, "Ana"))
    c.dispatch(party.SetCondition("Ana", PARALYSED[rid]))
    with pytest.raises(Refused, match=r"Ana is .+ and cannot guide: choose another navigator"):
        c.dispatch(tr.TravelDay())
    c.dispatch(tr.SetGuide(True, "Bo"))
    c.dispatch(tr.TravelDay())


@pytest.mark.parametrize("rid,cmd", [("dnd-2024", tr.ForageDay()),
                                     ("dyb-og-drager", tr.ForageDay()),
                                     ("dyb-og-drager", tr.Hunt(True))])
def test_no_one_able_forages_or_hunts(make, rid, cmd):
    c = make(rid)
    for name in ("Ana", "Bo"):
        c.dispatch(party.AddCharacter(name, hp=5))
        c.dispatch(party.SetCondition(name, PARALYSED[rid]))
    c.dispatch(tr.SetTerrain("forest"))
    with pytest.raises(Refused, match="no one in the party is able to"):
        c.dispatch(cmd)


def test_the_forager_is_the_navigator_while_able(make):
    c = make("dnd-2024")
    c.dispatch(party.AddCharacter("Ana", "fighter", abilities=(16, 14, 15, 10, 18, 8)))
    c.dispatch(party.AddCharacter("Bo", "rogue", abilities=(10, 17, 12, 13, 10, 14)))
    c.dispatch(tr.SetTerrain("forest"))
    c.dispatch(tr.SetGuide(True, "Ana"))
    c.dispatch(party.SetCondition("Ana", "stunned"))
    assert c.decide(tr.ForageDay(), [5])[0].modifier == 0  # Bo's, not the stunned Ana's


def test_one_who_cannot_act_takes_no_chase_action(make):
    c = make("dnd-2024")
    rogue = (10, 16, 14, 12, 14, 10)
    c.dispatch(party.AddCharacter("Ana", "rogue", 1, rogue))
    c.dispatch(party.AddCharacter("Pip", "rogue", 1, rogue))
    c.dispatch(ch.StartChase("urban", 30))
    c.dispatch(party.SetCondition("Pip", "paralyzed"))
    with pytest.raises(Refused, match="Pip is .+ and takes no chase actions"):
        c.dispatch(ch.JoinChase("Pip"), [10])
    c.dispatch(ch.JoinChase("Ana"), [10])
