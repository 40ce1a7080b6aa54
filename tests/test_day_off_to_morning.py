"""A day off on the road (a rest day, a day hunting or foraging) ends when a
travel day begun at the same moment does: the day's hours, then the night,
to the next morning (gm-review F16: a rest day ran 24 hours from whenever
it began, so after one taken in the afternoon the travel days were out of
step with the mornings). Entries written before (version 2 and older) keep
their whole day: old campaigns replay as they did."""

import pytest

from tracker.core import clock, events
from tracker.core.engine import evolve
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter, AdvanceRounds
from tracker.core.travel.rules import (ForageDay, ForagedDay, Hunt, Hunted, RestDay,
                                       RestDayTaken, SetGuide, SetTerrain, TravelDay)

RULESETS = ["dyb-og-drager", "dolmenwood", "dnd-2024"]


def _afternoon(make, rid):
    c = make(rid)
    c.dispatch(AddCharacter("Ana", hp=5))
    c.dispatch(SetTerrain(next(iter(c.state.rules.travel.terrains))))
    c.dispatch(SetGuide(True))  # no getting lost: a travel day's length is its own
    rounds = (6 * 3600 + 50 * 60) // c.state.rules.time.round_seconds
    c.dispatch(AdvanceRounds(rounds))  # Day 1, 14:50
    assert clock.time_of_day(c.state.rules, c.state.clock) == "14:50"
    return c


@pytest.mark.parametrize("rid", RULESETS)
def test_a_rest_day_ends_at_the_next_morning_as_a_travel_day_does(make, rid):
    c = _afternoon(make, rid)
    travelled = c.preview(TravelDay())
    rested = c.preview(RestDay())
    assert clock.stamp(c.state.rules, rested.clock) == "Day 2, 08:00"
    assert rested.clock == travelled.clock


@pytest.mark.parametrize("rid", RULESETS)
def test_every_day_off_lines_up_with_the_mornings(make, rid):
    c = _afternoon(make, rid)
    seen = []
    for cmd in (RestDay(), RestDay(), TravelDay(), RestDay()):
        c.dispatch(cmd)
        seen.append(clock.stamp(c.state.rules, c.state.clock))
    assert seen == ["Day 2, 08:00", "Day 3, 08:00", "Day 4, 08:00", "Day 5, 08:00"]
    assert [d.day for d in c.state.travel.days][-4:] == [1, 2, 3, 4]


@pytest.mark.parametrize("rid", RULESETS)
def test_a_day_hunting_or_foraging_ends_at_the_morning_too(make, rid):
    c = _afternoon(make, rid)
    ends = []
    for cmd in (Hunt(True), Hunt(), ForageDay(False), ForageDay()):
        try:  # the GM's word (--found) where the ruleset leaves it so, else the roll
            after = c.preview(cmd)
        except Refused:
            continue
        ends.append(clock.stamp(c.state.rules, after.clock))
    assert ends and set(ends) == {"Day 2, 08:00"}, ends


@pytest.mark.parametrize("cls", [RestDayTaken, Hunted, ForagedDay])
def test_older_entries_keep_their_whole_day(cls):
    assert cls.VERSION >= 3 and cls().to_morning  # a rest day is version 4 (whole_step)
    for version in (1, 2):
        old = events.decode(cls.TYPE, version, b"{}")
        assert old.to_morning is False
        assert old.lights_burn is (version == 2)


def test_an_old_rest_day_still_passes_a_whole_day(make):
    c = _afternoon(make, "dolmenwood")
    old = events.decode("rest_day_taken", 2, b"{}")
    after = evolve(c.state, old)
    assert after.clock - c.state.clock == c.state.rules.time.day_seconds
    assert clock.stamp(c.state.rules, after.clock) == "Day 2, 14:50"
