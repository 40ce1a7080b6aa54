"""Malnutrition (D&D 2024, seed 003:541; 5e2024.md §4) and the exhaustion that too
little food or water brings, which no rest removes before a full day's food or water
(5e2024.md §3.3). Dice are typed: the Constitution saves come after the day's own dice.
"""

from __future__ import annotations

import pytest

from tracker.core import travel as tr
from tracker.core.campaign import ChangeHouseRule
from tracker.core.chase.rules import _rest_off
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter, SetExhaustion, ShortRest
from tracker.core.supplies import RollMalnutrition, SetSupplies
from tracker.core.view import state_json

PARTY = (("Ana", "fighter", (16, 14, 15, 10, 12, 8)),   # Con save +2 +2 (proficient)
         ("Bo", "rogue", (10, 17, 12, 13, 14, 14)),     # +1
         ("Cy", "wizard", (8, 14, 14, 16, 12, 10)))     # +2


def party(make, rations=1, water=None):
    c = make("dnd-2024")
    for n, cls, ab in PARTY:
        c.dispatch(AddCharacter(n, cls, abilities=ab))
    c.dispatch(SetSupplies("rations", rations))
    c.dispatch(tr.SetTerrain("grassland", "road"))
    if water is not None:
        c.dispatch(tr.SetWater(water))
    return c


def tired(c):
    return [ch.exhaustion for ch in c.state.party]


def held(c, cause):
    return [dict(ch.held).get(cause, 0) for ch in c.state.party]


def test_under_half_a_days_food_calls_for_a_dc_10_con_save_each(make):
    c = party(make, rations=1)  # three eat 3 a day: 1 is under half
    out = c.dispatch(tr.RestDay(), [5, 9, 8])  # Ana 5+4=9 fails, Bo 9+1=10 makes, Cy 8+2 makes
    assert tired(c) == [1, 0, 0] and held(c, "malnutrition") == [1, 0, 0]
    saved = out.envelopes[-1].event
    assert [(n, r.total, m) for n, r, m in saved.saves] == [("Ana", 5, 4), ("Bo", 9, 1),
                                                           ("Cy", 8, 2)]
    text = [a.text for a in out.alerts if "Not enough food" in a.text][0]
    assert text == "Not enough food: 2 meals missed — malnutrition: +exhaustion for Ana"
    assert c.state.supplies.hunger_owed == ()
    js = state_json(c.state, c.seq)
    assert js["supplies"]["malnutrition_owed"] == [] and \
        js["party"][0]["exhaustion_held"] == {"malnutrition": 1}


def test_half_a_days_food_is_no_save_and_the_warning_says_so(make):
    c = make("dnd-2024")
    for n, cls, ab in PARTY[:2]:
        c.dispatch(AddCharacter(n, cls, abilities=ab))
    c.dispatch(SetSupplies("rations", 1))  # two eat 2: 1 is half, not under it
    out = c.dispatch(ShortRest(), None)
    for _ in range(23):
        out = c.dispatch(ShortRest())
        if out.alerts:
            break
    assert tired(c) == [0, 0] and c.state.supplies.hunger_owed == ()
    alert = [a for a in out.alerts if "Not enough food" in a.text][0]
    assert alert.severity == "warning" and alert.text.endswith("no exhaustion from it")


def test_five_days_without_food_bring_a_level_a_day_from_the_fifth(make):
    c = party(make, rations=0)
    for _ in range(4):
        c.dispatch(tr.RestDay())  # nothing eaten: no save (the wording's reading)
    assert tired(c) == [0, 0, 0] and c.state.supplies.fasting == 4
    out = c.dispatch(tr.RestDay())
    assert tired(c) == [1, 1, 1] and held(c, "malnutrition") == [1, 1, 1]
    assert any("5 days without food" in a.text for a in out.alerts)
    c.dispatch(tr.RestDay())
    assert tired(c) == [2, 2, 2]


def test_no_rest_removes_malnutrition_until_a_full_days_food(make):
    c = party(make, rations=0)
    for _ in range(5):  # each day off ends in a night's long rest (gm-review3 R11)
        c.dispatch(tr.RestDay())
    assert tired(c) == [1, 1, 1]  # ... which leaves the level
    c.dispatch(SetSupplies("rations", 10))
    c.dispatch(tr.RestDay())  # a full day's food: the level is an ordinary one again,
    assert held(c, "malnutrition") == [0, 0, 0] and c.state.supplies.fasting == 0
    assert tired(c) == [0, 0, 0]  # and the day's night, a long rest, removes it


def test_a_long_rest_removes_only_the_levels_water_does_not_hold(make):
    """The party screen's long rest, the camp's, a chase's rest: none takes off the
    level of a dry day (issue 20: it used to on the party screen)."""
    c = party(make, rations=30, water=0)
    c.dispatch(SetExhaustion("Ana", 1))  # a level from something else
    c.dispatch(tr.RestDay())  # no water: +1 each, held; the night's long rest (R11)...
    assert held(c, "dehydration") == [1, 1, 1]
    assert tired(c) == [1, 1, 1]  # ...took Ana's other level; nobody's dry one
    assert _rest_off(c.state, ["Bo"]).party[1].exhaustion == 1  # nor does a chase's rest
    c.dispatch(tr.SetWater(10))
    c.dispatch(tr.RestDay())  # a day begun with a full day's water releases it, and
    assert held(c, "dehydration") == [0, 0, 0] and tired(c) == [0, 0, 0]  # its night ends it


def test_the_gm_lowering_exhaustion_lowers_what_is_held(make):
    c = party(make, rations=30, water=0)
    c.dispatch(tr.RestDay())
    c.dispatch(SetExhaustion("Ana", 0))
    assert held(c, "dehydration") == [0, 1, 1]


def test_saves_owed_off_the_road_are_rolled_by_their_own_command(make):
    c = make("dnd-2024")
    for n, cls, ab in PARTY:
        c.dispatch(AddCharacter(n, cls, abilities=ab))
    c.dispatch(SetSupplies("rations", 1))
    with pytest.raises(Refused, match="no malnutrition save is owed"):
        c.dispatch(RollMalnutrition())
    for _ in range(24):
        out = c.dispatch(ShortRest())
        if c.state.supplies.hunger_owed:
            break
    assert c.state.supplies.hunger_owed == ("Ana", "Bo", "Cy")
    assert any("save DC 10 owed by Ana, Bo, Cy (roll: malnutrition)" in a.text
               for a in out.alerts)
    c.dispatch(RollMalnutrition(), [1, 1, 20])
    assert tired(c) == [1, 1, 0] and c.state.supplies.hunger_owed == ()
    c.undo()
    assert tired(c) == [0, 0, 0] and c.state.supplies.hunger_owed == ("Ana", "Bo", "Cy")


def test_a_travel_day_short_of_food_rolls_the_saves_with_the_day(make):
    c = party(make, rations=1)
    out = c.dispatch(tr.TravelDay())
    kinds = [e.event.TYPE for e in out.envelopes]
    assert "malnutrition_saved" in kinds and c.state.supplies.hunger_owed == ()


def test_rulesets_without_the_keys_keep_the_old_ways(make):
    """A ruleset recorded before these keys: no malnutrition, and a rest removes a
    dry day's level like any other."""
    for rid in ("dyb-og-drager", "dolmenwood"):
        assert make(rid, rid).state.rules.rations.malnutrition is None
    c = party(make, rations=30, water=0)
    c.dispatch(ChangeHouseRule("travel.water.exhaustion_lasts", "false"))
    c.dispatch(tr.RestDay())
    assert tired(c) == [1, 1, 1] and held(c, "dehydration") == [0, 0, 0]
    c.dispatch(tr.SetWater(10))
    c.dispatch(tr.RestDay())  # the next day's night, a long rest (gm-review3 R11), ends it
    assert tired(c) == [0, 0, 0]


def test_downtime_at_home_is_fed_by_the_bastion_not_starved(make):
    """D&D 2024 downtime at home eats no rations (bastion.downtime_eats_rations):
    no meals missed, no saves owed, no fasting days, no exhaustion."""
    from tracker.core import bastion as bas
    c = make("dnd-2024")
    for n, cls, ab in PARTY:
        c.dispatch(AddCharacter(n, cls, abilities=ab))
    c.dispatch(SetSupplies("rations", 1))
    c.dispatch(bas.Downtime(20))
    s = c.state.supplies
    assert (s.missed_meals, s.hunger_owed, s.fasting) == (0, (), 0) and tired(c) == [0, 0, 0]


def _eat_days_day_by_day(state, days, eaters, per, changes):
    """``hunger.eat_days`` as it was before it ate a run of full days at once."""
    from msgspec.structs import replace
    from tracker.core.party.rules import exhausted, release_exhaustion
    from tracker.core.supplies.hunger import CAUSE
    from tracker.core.supplies.rations import eat_from
    rules, clock = state.rules, state.clock
    m = rules.rations.malnutrition
    supplies = changes.get("supplies", state.supplies)
    party = changes.get("party", state.party)
    need = len(eaters) * per
    owed, fasting = list(supplies.hunger_owed), supplies.fasting
    for _day in range(days):
        before = supplies.eaten
        supplies = eat_from(supplies, clock, rules, need)
        ate = supplies.eaten - before
        if ate >= need:
            party = release_exhaustion(party, CAUSE)
            fasting = 0
        elif ate == 0:
            fasting += 1
            if m.fasting_days and fasting >= m.fasting_days:
                party = exhausted(party, rules, {n: 1 for n in eaters}, hold=CAUSE)
        else:
            fasting = 0
            if ate * 100 < need * m.under_percent:
                owed += eaters
    changes["supplies"] = replace(supplies, hunger_owed=tuple(owed), fasting=fasting)
    if party is not changes.get("party", state.party):
        changes["party"] = party


def test_a_run_of_full_days_eaten_at_once_is_the_days_eaten_one_by_one(make):
    """perf-mixed: ``eat_days`` eats days that the rations all feed in one go;
    supplies, party and hunger come out as the day-by-day count left them."""
    import random
    from msgspec.structs import replace
    from tracker.core.supplies.hunger import eat_days
    from tracker.core.supplies.model import RationBatch
    c = party(make, rations=0)
    c.dispatch(SetExhaustion("Bo", 2))
    base = c.state
    rnd = random.Random(22)
    for _ in range(400):
        batches = tuple(RationBatch("rations", rnd.choice([0, 1, 2, 3, 5, 9]) if rnd.random() < .1
                                    else rnd.randint(1, 9), rnd.randint(0, 9))
                        for _ in range(rnd.randint(0, 6)))
        held = (("malnutrition", 1),) if rnd.random() < .5 else ()
        s = replace(base, supplies=replace(base.supplies, rations=batches,
                                           fasting=rnd.randint(0, 6)),
                    party=tuple(replace(ch, held=held if ch.name == "Bo" else ())
                                for ch in base.party))
        eaters = [ch.name for ch in s.party][:rnd.randint(1, 3)]
        days, per = rnd.randint(0, 9), rnd.randint(0, 2)
        old, new = {}, {}
        _eat_days_day_by_day(s, days, eaters, per, old)
        eat_days(s, days, eaters, per, new)
        assert new == old, (batches, days, eaters, per)


def _eat_from_batch_by_batch(s, now, rules, meals):
    """``rations.eat_from`` as it was before its fast paths (perf-areas)."""
    from msgspec.structs import replace
    from tracker.core.supplies.rations import exposure, spoil_limits
    if meals <= 0:
        return s
    big = 1 << 62
    limits = spoil_limits(rules)

    def urgency(b):
        limit = limits.get(b.kind)
        return big if limit is None else limit - exposure(s, b, now)

    batches = sorted(s.rations, key=urgency) if limits and len(s.rations) > 1 else s.rations
    left = meals
    out = []
    for b in batches:
        n = b.count
        if not left and n > 0:
            out.append(b)
            continue
        take_n = left if left < n else n
        left -= take_n
        if n - take_n:
            out.append(replace(b, count=n - take_n))
    return replace(s, rations=tuple(out), eaten=s.eaten + meals - left,
                   missed_meals=s.missed_meals + left)


def test_a_meal_eaten_by_the_fast_paths_is_the_meal_eaten_batch_by_batch(make):
    """perf-areas: ``eat_from`` takes a meal the first batch holds without its
    loop, and stops walking the batches once the meal is eaten; batches of none
    or fewer (which the loop takes differently) and spoiling kinds included."""
    import random
    from msgspec.structs import replace
    from tracker.core.supplies.model import RationBatch
    from tracker.core.supplies.rations import eat_from
    c = party(make, rations=0)
    s = c.state.supplies
    rules = c.state.rules
    rnd = random.Random(23)
    kinds = list(rules.rations.kinds)
    for _ in range(2000):
        batches = tuple(RationBatch(rnd.choice(kinds), rnd.choice([-2, -1, 0, 1, 2, 3, 5, 9])
                                    if rnd.random() < .15 else rnd.randint(1, 9),
                                    rnd.randint(0, 9))
                        for _ in range(rnd.randint(0, 6)))
        supplies = replace(s, rations=batches, eaten=rnd.randint(0, 5),
                           missed_meals=rnd.randint(0, 5))
        meals = rnd.randint(-1, 20)
        assert eat_from(supplies, 100, rules, meals) == \
            _eat_from_batch_by_batch(supplies, 100, rules, meals), (batches, meals)
