"""D&D 2024 afloat: a failed navigation check makes the voyage's way 1d6 ×
10 % longer, not the day, by the same steps as a stage on land
(tests/test_travel_strayed_saves.py; gm-review7 R4): the ship sails the hours
the GM set and makes that much less headway along its route. A day afloat
written before ``day_sailed`` 5 sailed that much longer, as it was recorded."""

from __future__ import annotations

import json

import pytest

from tracker.core.events import decode
from tracker.core.handlers import EVOLVERS
from tracker.core.travel.sea import Sailed


def _voyage(cli, miles=100):
    """Ari aboard a galley (4 mph) on a route of ``miles`` by water to Isle."""
    cli("new", "c", "--ruleset", "dnd-2024", "--seed", "9")
    cli("do", "c", "add-character", "Ari", "--class", "ranger", "--abilities",
        "12,16,14,10,15,8")
    cli("do", "c", "supplies", "rations", "6")
    cli("do", "c", "terrain", "waterborne")
    cli("do", "c", "embark", "galley")
    cli("do", "c", "route", f"Isle:waterborne:{miles}")


def _travel(cli) -> dict:
    return json.loads(cli("state", "c", "--json"))["travel"]


def test_a_strayed_day_afloat_sails_the_hours_set_and_makes_less_headway(cli):
    """8 h at 4 mph: 32 miles sailed; strayed 50 %, 21.3 of them headway."""
    _voyage(cli)
    out = cli("do", "c", "travel", "--dice", "3,5")
    assert "32 miles on waterborne aboard the Galley (8 h afloat)" in out, out
    assert "the way 50% longer (1d6*10=[5]=50 typed): 21.3 miles of headway" in out, out
    j = _travel(cli)
    assert j["days"][-1]["hours"] == 8 and j["days"][-1]["distance"] == 32
    assert j["stage_progress"] == pytest.approx(32 / 1.5)
    assert j["days"][-1]["line"] == "Day 1: sailed 32 miles on waterborne; strayed: " \
        "the way 50% longer"


def test_a_strayed_ship_puts_in_when_its_headway_reaches_the_route_end(cli):
    """20 miles to Isle: on course 5 h; the way 50 % longer, 30 miles: 8 h."""
    _voyage(cli, 20)
    cli("do", "c", "travel", "--dice", "3,5")
    j = _travel(cli)
    assert j["arrived"] and j["days"][-1]["hours"] == 8
    assert j["distance"] == pytest.approx(30)


def test_a_correction_into_straying_afloat_keeps_the_day(cli):
    """amend: the navigation die retyped into a failure makes the way longer,
    the day stays 8 h; undo and redo follow."""
    _voyage(cli)
    cli("do", "c", "travel", "--dice", "15")
    seq = [l for l in cli("log", "c").splitlines() if "Sailed:" in l][0].split()[0]
    out = cli("do", "c", "amend", seq, "--dice", "3,6")
    assert "(8 h afloat)" in out and "the way 60% longer" in out, out
    j = _travel(cli)
    assert j["days"][-1]["hours"] == 8 and j["stage_progress"] == pytest.approx(20)
    cli("undo", "c")
    assert _travel(cli)["stage_progress"] == pytest.approx(32)
    cli("redo", "c")
    assert _travel(cli)["stage_progress"] == pytest.approx(20)


def test_an_old_strayed_day_afloat_keeps_its_longer_day(make):
    """A ``day_sailed`` 4 entry: its straying made the day 50 % longer afloat
    (12 h), the 32 miles of its 8 h all headway, as it was recorded."""
    c = make("dnd-2024", seed=9)
    from tracker.core import travel as tr
    from tracker.core.party import AddCharacter
    c.dispatch(AddCharacter("Ari", cls="ranger", abilities=(12, 16, 14, 10, 15, 8)))
    c.dispatch(tr.SetTerrain("waterborne"))
    c.dispatch(tr.Embark("galley"))
    ev = decode("day_sailed", 4, (
        '{"terrain":"waterborne","vessel":"galley","hours":8,'
        '"lost_roll":{"expr":"1d20","dice":[3],"total":3},'
        '"delay":{"expr":"1d6*10","dice":[5],"total":50}}'))
    assert isinstance(ev, Sailed) and not ev.strays_farther
    d = EVOLVERS[Sailed](c.state, ev).travel.days[-1]
    assert (d.hours, d.distance, d.longer, d.strayed) == (12, 32, 0, True)
