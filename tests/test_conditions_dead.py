"""The dead are given no condition (known-issue 6): in every ruleset a
condition set on a dead character is refused, naming them and the
condition, but those the ruleset's ``party.dead_conditions`` lists (a house
rule may list some; the shipped rulesets none); one may still be taken off.
A correction that kills a character before a condition given them is
refused as its command would be."""

from __future__ import annotations

import pytest

from tracker.core import party
from tracker.core.errors import Refused
from tracker.core.ruleset import load_text

PARALYSED = {"dnd-2024": "paralyzed", "dyb-og-drager": "paralysed", "dolmenwood": "paralysed"}


def dead_ana(make, rid):
    c = make(rid)
    c.dispatch(party.AddCharacter("Ana", hp=5))
    c.dispatch(party.AddCharacter("Bo", hp=5))
    c.dispatch(party.Damage("Ana", 50))
    return c


@pytest.mark.parametrize("rid", list(PARALYSED))
def test_the_dead_take_no_condition(make, rid):
    c = dead_ana(make, rid)
    head = c.seq
    with pytest.raises(Refused, match="Ana is dead: the dead are not"):
        c.dispatch(party.SetCondition("Ana", PARALYSED[rid]))
    assert c.seq == head
    c.dispatch(party.SetCondition("Bo", PARALYSED[rid]))  # the living do


def test_a_condition_held_at_death_may_be_taken_off(make):
    c = make("dnd-2024")
    c.dispatch(party.AddCharacter("Ana", hp=5))
    c.dispatch(party.SetCondition("Ana", "poisoned"))
    c.dispatch(party.Damage("Ana", 50))
    c.dispatch(party.SetCondition("Ana", "poisoned", on=False))
    assert "poisoned" not in c.state.party[0].conditions


def test_the_ruleset_may_list_conditions_of_the_dead(cli):
    cli("new", "c", "--ruleset", "dyb-og-drager")
    cli("do", "c", "add-character", "Ana", "--hp", "3")
    cli("do", "c", "damage", "Ana", "5")
    cli("do", "c", "condition", "Ana", "paralysed", code=1)
    cli("do", "c", "house-rule", "party.dead_conditions", '["paralysed"]')
    assert "Ana is paralysed" in cli("do", "c", "condition", "Ana", "paralysed")


def test_a_correction_that_kills_before_a_condition_is_refused(make):
    c = make("dyb-og-drager")
    c.dispatch(party.AddCharacter("Ana", hp=5))
    hit = c.dispatch(party.Damage("Ana", 2)).envelopes[0].seq
    c.dispatch(party.SetCondition("Ana", "paralysed"))
    with pytest.raises(Refused, match="Ana is dead: the dead are not"):
        c.dispatch(c.amend_command(hit, fields={"amount": "9"}))


def test_an_unknown_condition_of_the_dead_is_a_ruleset_problem():
    text = open("rulesets/dnd-2024.toml").read().replace(
        'zero_hp_conditions = ["unconscious"]',
        'zero_hp_conditions = ["unconscious"]\ndead_conditions = ["ghostly"]')
    with pytest.raises(Exception, match="dead_conditions"):
        load_text(text)
