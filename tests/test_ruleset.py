"""Rulesets load, and a broken one is refused naming file, key and line."""

from pathlib import Path

import pytest

from tracker.core.ruleset import RulesetError, load_text
from tracker.core.schema import seconds
from tracker.store.paths import list_rulesets

ROOT = Path(__file__).resolve().parents[1]


def text(rid):
    return (ROOT / "rulesets" / f"{rid}.toml").read_text()


@pytest.mark.parametrize("rid", ["dyb-og-drager", "dolmenwood", "dnd-2024"])
def test_shipped_rulesets_load(rid):
    r = load_text(text(rid), rid).rules
    assert r.meta.id == rid
    assert rid in list_rulesets()


def test_durations_per_ruleset():
    osr = load_text(text("dyb-og-drager")).rules
    dnd = load_text(text("dnd-2024")).rules
    assert seconds(osr, osr.lights["torch"].duration) == 6 * 600
    assert seconds(osr, osr.lights["lantern"].duration) == 24 * 600
    assert seconds(dnd, dnd.lights["torch"].duration) == 3600
    assert seconds(dnd, dnd.lights["hooded_lantern"].duration) == 6 * 3600


def test_wandering_defaults():
    osr = load_text(text("dyb-og-drager")).rules.dungeon
    dol = load_text(text("dolmenwood")).rules.dungeon
    dnd = load_text(text("dnd-2024")).rules.dungeon
    assert (osr.wandering.every_turns, osr.wandering.chance) == (2, "1-in-6")
    assert dol.wandering.distance_both_surprised == "1d4*10"
    assert osr.turn_steps[0] == "wandering" and dol.turn_steps[0] == "actions"
    assert dnd.wandering.every_turns == 0


@pytest.mark.parametrize("old,new,expect", [
    ("every_turns = 2", 'every_turns = "two"', "line 28: key dungeon.wandering.every_turns: Expected `int`"),
    ('chance = "1-in-6"', 'chance = "1 in 6"', "line 29: key dungeon.wandering.chance: bad chance"),
    ("turn_seconds = 600", "turn_secs = 600", "key time.turn_secs: Object contains unknown field"),
    ('distance = "2d6*10"', 'distance = "2d6**10"', "key dungeon.wandering.distance: bad dice"),
    ("[dungeon.rest]", "[dungeon.rest", "not valid TOML"),
    ('duration = "24 turns"', 'duration = "24 tuns"', "key lights.lantern.duration: bad duration"),
    ('supply = "oil"', 'supply = "whale"', "key lights.lantern.supply: 'whale' is not in [supplies]"),
    ('{ roll = [10, 10], result = "roll again, and may swap fates with a companion", gm = '
     '"roll again on the Doom table (1d10); they may swap fates with a companion" },', "",
     "no entry for a roll of 10"),
    # a note on what the source lacks names a key of its section and reads "KIND: why"
    ('"hasty_exit.doom" = "stand-in: ', '"hasty_exit.dom" = "stand-in: ',
     "key dungeon.not_in_source: 'hasty_exit.dom': [dungeon] has no 'dom' there"),
    ('"hasty_exit.doom" = "stand-in: ', '"hasty_exit.doom" = "stand-in ',
     'key dungeon.not_in_source: \'hasty_exit.doom\': expected "KIND: why"'),
])
def test_broken_ruleset_names_the_problem(old, new, expect):
    t = text("dolmenwood")
    assert old in t
    with pytest.raises(RulesetError) as e:
        load_text(t.replace(old, new, 1), "mine.toml")
    assert str(e.value).startswith("mine.toml")
    assert expect in str(e.value)


def test_missing_key_is_named():
    t = text("dyb-og-drager").replace("turn_seconds = 600", "")
    with pytest.raises(RulesetError, match="key time.turn_seconds: this key is required"):
        load_text(t, "x.toml")


@pytest.mark.parametrize("old,new,expect", [
    ('then = "1d4*10", rolled = "{} °F colder"', 'then = "1d4x10", rolled = "{} °F colder"',
     "key travel.weather.tables.temperature.entries[1].then: bad dice"),
    ('then = "1d4*10", rolled = "{} °F colder"', 'then = "1d4*10", rolled = "colder"',
     "travel.weather.tables.temperature.entries[1]: then (dice) and rolled"),
])
def test_a_weather_rows_dice_are_checked(old, new, expect):
    t = text("dnd-2024")
    assert old in t
    with pytest.raises(RulesetError) as e:
        load_text(t.replace(old, new, 1), "mine.toml")
    assert expect in str(e.value)
