"""The dead carry nothing and do nothing (issue 20): one check in the party
area (``living_character``) refuses them in every decider that has a
character carry, act or gain, and the dialogs leave them out."""

import pytest

from tracker.core.dungeon import EnterDungeon
from tracker.core.errors import Refused
from tracker.core.lights import LightSource
from tracker.core.party import AddCharacter, AwardXP, Damage, LevelUp, SetLoad
from tracker.core.party.rules import living, living_character
from tracker.core.supplies import SetSupplies
from tracker.ui.widgets.dungeon_panels import turn_panel

RULESETS = ["dyb-og-drager", "dolmenwood", "dnd-2024"]


def party_with_a_dead(make, rid):
    c = make(rid)
    c.dispatch(AddCharacter("Ana", hp=4))
    c.dispatch(AddCharacter("Bo", hp=4))
    c.dispatch(Damage("Ana", 20))  # far past 0: dead on every ruleset
    c.dispatch(SetSupplies("torches", 3))
    c.dispatch(EnterDungeon("Crypt"))
    return c


@pytest.mark.parametrize("rid", RULESETS)
def test_a_dead_character_carries_no_light_and_does_nothing(make, rid):
    c = party_with_a_dead(make, rid)
    assert [x.name for x in living(c.state)] == ["Bo"]
    for cmd, why in ((LightSource("torch", "Ana"), "carry no light"),
                     (SetLoad("Ana", 100), "carry nothing"),
                     (LevelUp("Ana"), "gain no levels")):
        with pytest.raises(Refused, match=f"Ana is dead: the dead {why}"):
            c.dispatch(cmd)
    assert not c.state.lights
    c.dispatch(LightSource("torch", "Bo"))
    assert living_character(c.state, "bo").name == "Bo"


def test_xp_is_not_given_to_the_dead(make):
    c = party_with_a_dead(make, "dyb-og-drager")
    c.dispatch(AddCharacter("Cy", "kriger", abilities=(10,) * 6), [5])
    c.dispatch(Damage("Cy", 30))
    with pytest.raises(Refused, match="Cy is dead: the dead earn no XP"):
        c.dispatch(AwardXP(100, ("Cy",)))


@pytest.mark.parametrize("rid", RULESETS)
def test_the_dungeon_screen_lists_the_dead_apart(make, rid):
    c = party_with_a_dead(make, rid)
    text = turn_panel(c.state).plain
    assert "Party: Bo (dead: Ana)" in text
