"""Issue 19: a runner complication damage takes down runs no more; a complication
row's save names abilities; every rolled table's die can reach every row."""

from pathlib import Path

import pytest

from tracker.core import chase as ch
from tracker.core.campaign import ChangeHouseRule
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter, Damage
from tracker.core.ruleset import RulesetError, load_text
from tracker.core.view import state_json

ROGUE = (10, 16, 12, 10, 10, 14)
RULES = Path(__file__).parent.parent / "rulesets"


def js(c):
    return state_json(c.state, c.seq)["chase"]


def test_a_party_member_downed_by_complication_damage_takes_no_more_turns(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "rogue", 1, ROGUE))
    c.dispatch(Damage("Ana", c.state.party[0].hp - 1))  # 1 HP left
    c.dispatch(ch.StartChase("urban", 40))
    c.dispatch(ch.JoinChase("Ana"), [20])
    c.dispatch(ch.JoinChase("Thug", "pursuer", speed=30, con=1, perception=12), [10])
    c.dispatch(ch.JoinChase("Bo", "quarry", speed=30), [1])
    c.dispatch(ch.TakeTurn(0), [12])  # Ana: no complication
    c.dispatch(ch.TakeTurn(0), [5, 4, 3, 2])  # Thug: a brawl on the next runner, Bo
    c.dispatch(ch.TakeTurn(0), [5, 4, 3, 2])  # Bo: a brawl on the next, Ana: 5 damage
    assert c.state.party[0].hp == 0
    ana = next(r for r in js(c)["runners"] if r["name"] == "Ana")
    assert ana["status"] == "down"
    assert js(c)["turn"] != "Ana"


def _table_with(old: str, new: str) -> str:
    t = (RULES / "dnd-2024.toml").read_text()
    assert old in t
    return t.replace(old, new, 1)


def test_a_complication_save_must_name_abilities(make):
    with pytest.raises(RulesetError, match=r"entries\[0\]\.save: 'Foo' is not an ability"):
        load_text(_table_with('save = "Dex", dc = 10', 'save = "Foo", dc = 10'), "mine.toml")
    c = make("dnd-2024")
    with pytest.raises(Refused, match=r"'Foo' is not an ability"):
        c.dispatch(ChangeHouseRule("chase.complications.urban.entries",
                                   '[{ roll = [1, 20], result = "x", save = "Foo", dc = 10 }]'))


@pytest.mark.parametrize("section", ["chase.complications.urban", "bastion.events",
                                     "travel.weather.tables.temperature"])
def test_a_die_that_cannot_reach_every_row_is_refused(make, section):
    c = make("dnd-2024")
    with pytest.raises(Refused, match=r"can never come up on 1d4"):
        c.dispatch(ChangeHouseRule(f"{section}.die", '"1d4"'))
