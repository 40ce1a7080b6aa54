"""A log line tells what happened, never a time to come (gm-review F5): a
travel day or stage and a day afloat say how long they took ("(8 h on the
road)"), not "in 8 h", which reads as eight hours from now. In English,
Danish and Ukrainian; the golden lines (tests/test_i18n_travel.py) and the
sea's (tests/test_travel_sea.py) read the same."""

import re

import pytest

from tracker import i18n
from tracker.core.describe import describe
from tracker.core.party import AddCharacter
from tracker.core.supplies import SetSupplies
from tracker.core.travel.rules import SetGuide, SetTerrain, TravelDay

FUTURE = re.compile(r"\bin \d+(\.\d+)? h\b")


@pytest.mark.parametrize("lang,stage,day", [
    ("en", "(4 h on the road)", "(8 h on the road)"),
    ("da", "(4 t på vejen)", "(8 t på vejen)"),
    ("uk", "(4 год у дорозі)", "(8 год у дорозі)"),
])
def test_a_stage_and_a_day_say_how_long_they_took(make, lang, stage, day):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Aria", hp=8))
    c.dispatch(SetSupplies("rations", 10))
    c.dispatch(SetTerrain("grassland"))
    c.dispatch(SetGuide(True))
    first = c.dispatch(TravelDay(hours=4, camp=False)).envelopes[0].event
    c.dispatch(TravelDay(hours=4))  # the rest of the day, then camp
    whole = c.dispatch(TravelDay()).envelopes[0].event
    with i18n.using(lang):
        a, b = describe(first, c.state.rules), describe(whole, c.state.rules)
    assert stage in a and day in b, (a, b)
    assert not FUTURE.search(a) and not FUTURE.search(b)
