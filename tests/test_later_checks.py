"""Checks added in ruleset schema 2 (issue 19's attack) hold for today's texts
and for every new house rule, but never lock out a campaign whose recorded
text, or house rule, was written for schema 1 before them."""

from __future__ import annotations

import pytest

from tracker.core.campaign import ChangeHouseRule
from tracker.core.errors import Refused
from tracker.core.ruleset import load_text
from tracker.core.schema import RulesetError
from tracker.store import paths

BAD = {  # a key and a value that each check of schema 2 refuses
    "chase.dash_save": '"Foo"',
    "chase.complications.urban.die": '"1d4"',
    "travel.water.per_day.medium.food_lb": '"0"',
}


def _text(ruleset: str, schema: int, key: str, value: str) -> str:
    import tomllib

    import tomli_w

    data = tomllib.loads(paths.read_ruleset_file(paths.ruleset_file(ruleset)))
    data["meta"]["schema"] = schema
    node = data
    *head, last = key.split(".")
    for p in head:
        node = node[p]
    node[last] = tomllib.loads(f"v = {value}")["v"]
    return tomli_w.dumps(data)


@pytest.mark.parametrize("key", sorted(BAD))
def test_a_schema_2_text_is_refused_and_a_schema_1_text_reads_as_then(key):
    with pytest.raises(RulesetError, match=key.rsplit(".", 1)[0]):
        load_text(_text("dnd-2024", 2, key, BAD[key]))
    assert load_text(_text("dnd-2024", 1, key, BAD[key])).rules.meta.schema == 1


@pytest.mark.parametrize("key", sorted(BAD))
def test_a_new_house_rule_on_an_old_campaign_passes_todays_checks(make, key):
    """The old text skips them on replay, but what the GM sets today may not
    divide by zero or name an ability that does not exist."""
    from tracker.core.campaign import created_state, CampaignCreated

    old = _text("dnd-2024", 1, "meta.schema", "1")
    state = created_state(CampaignCreated("c", 1, "dnd-2024", "h", old))
    from tracker.core.engine import decide
    from tracker.core.dice import SeededDice

    with pytest.raises(Refused, match=key.rsplit(".", 1)[-1] if "save" in key else "key"):
        decide(state, ChangeHouseRule(key, BAD[key]), SeededDice("1"))
