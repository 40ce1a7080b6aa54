"""gm-review4 R8 (D&D 2024): exhaustion takes ``party.exhaustion_d20`` a level
from every D20 Test (5e2024.md §3.3): the navigator's and the forager's
Survival checks as well as the saves. The log line shows the check's
modifier with it, as the saves show theirs; corrections (the day's dice, an
earlier entry's exhaustion) recompute with it; entries written before
(``day_travelled`` 3, ``foraged_day`` 3) keep their checks as rolled."""

from __future__ import annotations

import msgspec

from tracker.core import travel as tr
from tracker.core.events import decode
from tracker.core.party import sheet
from tracker.core.party.rules import SetExhaustion
from tracker.history import entries
from support.travel import day, last, road


def _line(c, word="navigation"):
    """The last log line that reads ``word`` (the day, or its correction)."""
    return [e.text for e in entries(list(c.store.read()), c.timeline) if word in e.text][-1]


def test_the_navigators_exhaustion_weighs_on_the_check(make):
    c = road(make, "dnd-2024", "forest")
    c.dispatch(tr.SetGuide(False, "Bo"))  # Wis 14: +2
    c.dispatch(SetExhaustion("Bo", 2))  # -4
    out = day(c, 13, 2)  # 13 + 2 - 4 = 11 < DC 15: strayed, the way 20% longer
    ev = out.envelopes[0].event
    assert (ev.nav_mod, ev.nav_tired) == (2, 4)
    assert last(c).strayed
    assert "navigation 1d20=[13] typed-2 strayed" in _line(c)
    # a correction of the day's dice recomputes with it: 17 + 2 - 4 = 15 meets the DC
    c.dispatch(c.amend_command(out.envelopes[0].seq, [17]))
    assert not last(c).strayed and "navigation 1d20=[17] typed-2 on course" in _line(c)


def test_the_foragers_exhaustion_weighs_on_the_check_not_on_the_food(make):
    c = road(make, "dnd-2024", "forest")
    c.dispatch(tr.SetGuide(False, "Bo"))
    c.dispatch(SetExhaustion("Bo", 1))  # -2
    day(c, 20, 13, 4, 3, forage=True)  # foraging 13 + 2 - 2 = 13 vs DC 10: found, 4+2 lb
    assert last(c).food == 6 and "foraging 1d20=[13] typed" in _line(c, "foraging")
    c.dispatch(SetExhaustion("Bo", 2))  # -4: 11 + 2 - 4 = 9 fails (before: 13, found)
    day(c, 20, 11, forage=True)
    assert last(c).food == 0 and "foraging 1d20=[11] typed-2 —" in _line(c, "foraging")


def test_a_day_foraging_takes_the_foragers_exhaustion(make):
    """The review's campaign r8: ``forage --dice 14,3`` read "1d20=[14] typed+1
    vs DC 10" at exhaustion 1 (Ana, Wis 12)."""
    c = road(make, "dnd-2024", "forest")
    c.dispatch(SetExhaustion("Ana", 3))  # -6: 14 + 1 - 6 = 9 < DC 10
    c.dispatch(tr.ForageDay(), [14])
    assert last(c).food == 0
    assert "A day foraging: 1d20=[14] typed-5 vs DC 10 nothing" in _line(c, "A day foraging")


def test_a_corrected_exhaustion_takes_the_stray_away(make):
    c = road(make, "dnd-2024", "forest")
    c.dispatch(tr.SetGuide(False, "Bo"))
    tired = c.dispatch(SetExhaustion("Bo", 2))
    out = day(c, 15, 2)  # 15 + 2 - 4 = 13: strayed, the way 20% longer
    assert last(c).strayed and last(c).longer == 20
    c.dispatch(c.amend_command(tired.envelopes[0].seq, fields={"level": "1"}))  # 15 + 2 - 2
    assert not last(c).strayed and last(c).longer == 0 and last(c).hours == 8
    assert "navigation 1d20=[15] typed on course" in _line(c)
    assert c.state.corrections  # the day itself was refitted, its delay gone
    assert out.envelopes[0].seq in c.state.corrections


def test_every_check_takes_the_rulesets_penalty(make):
    c = road(make, "dnd-2024", "forest")
    ana = c.state.party[0]
    assert sheet.check(c.state.rules, ana, "wis") == (1, 0)
    c.dispatch(SetExhaustion("Ana", 3))
    assert sheet.check(c.state.rules, c.state.party[0], "wis") == \
        (1, 3 * c.state.rules.party.exhaustion_d20)


def test_old_entries_keep_their_checks_as_rolled():
    old = decode("day_travelled", 3, msgspec.json.encode({}))
    assert old.checks_tired is False and old.nav_tired == 0 and old.forage_tired == 0
    assert decode("foraged_day", 3, msgspec.json.encode({})).checks_tired is False
    assert decode("day_sailed", 2, msgspec.json.encode({})).nav_tired == 0
