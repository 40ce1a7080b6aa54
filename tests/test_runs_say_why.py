"""A run of several turns or days that stops short says why, in the CLI's
output and the app's alerts (gm-review7 C12: ``turn --count 6`` with a rest
due stopped after 4 turns and said nothing of it)."""

from __future__ import annotations

from tracker.core import campaign as camp
from tracker.core import party
from tracker.core import travel as tr
from tracker.core.dungeon import AdvanceTurn, EnterDungeon, FastTravel
from tracker.core.lights import LightSource
from tracker.core.supplies import SetSupplies

from support.travel import road


def _delve(make):
    c = make("dyb-og-drager", "krypten")
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Ea"))
    c.dispatch(SetSupplies("torches", 3))
    c.dispatch(EnterDungeon())
    return c


def test_turns_stopped_before_the_rest_say_so(make):
    c = _delve(make)
    c.dispatch(AdvanceTurn(2))
    out = c.dispatch(AdvanceTurn(6))
    turns = [e for e in out.envelopes if e.type == "turn_advanced"]
    assert len(turns) < 6
    said = [a.text for a in out.alerts]
    assert f"Stopped after {len(turns)} turns of 6, before the rest (the next turn must be " \
           "a rest)" in said, said


def test_turns_that_all_run_say_nothing_of_stopping(make):
    c = _delve(make)
    out = c.dispatch(AdvanceTurn(2))
    assert not [a for a in out.alerts if a.text.startswith("Stopped")]


def test_turns_stopped_by_a_light_going_out_say_so(make):
    c = _delve(make)
    c.dispatch(LightSource("torch", "Ea"))
    c.dispatch(AdvanceTurn(4))
    c.dispatch(AdvanceTurn(1, "rest"))
    out = c.dispatch(AdvanceTurn(3))
    said = [a.text for a in out.alerts]
    assert any(t.startswith("Stopped after 1 turn of 3, when a light went out") for t in said), said


def test_the_cli_prints_why_the_turns_stopped(cli, saves):
    cli("new", "krypten", "--ruleset", "dyb-og-drager", "--seed", "3")
    cli("do", "krypten", "add-character", "Ea")
    cli("do", "krypten", "enter-dungeon")
    cli("do", "krypten", "turn", "--count", "2")
    said = cli("do", "krypten", "turn", "--count", "6")
    assert "!! Stopped after" in said and "of 6, before the rest" in said, said
    da = cli("do", "krypten", "turn", "--count", "3", "--activity", "rest", lang="da")
    assert "Stopped" not in da  # rest turns run whole


def test_fast_travel_says_its_own_stop_once(make):
    c = make("dolmenwood", "vej")
    c.dispatch(party.AddCharacter("Ea"))
    c.dispatch(SetSupplies("torches", 3))
    c.dispatch(EnterDungeon())
    c.dispatch(LightSource("torch", "Ea"))
    out = c.dispatch(FastTravel(100000))
    said = [a.text for a in out.alerts]
    assert any(t.startswith("Fast travel stopped") for t in said), said
    assert not [t for t in said if t.startswith("Stopped after")], said


def test_days_stopped_short_say_why(make):
    c = road(make, "dyb-og-drager", "forest", rations=0)
    out = c.dispatch(tr.TravelDay(days=5))
    days = [e for e in out.envelopes if e.type == "day_travelled"]
    said = [a.text for a in out.alerts]
    if len(days) < 5:
        assert any(t.startswith(f"Stopped after {len(days)} day") and "of 5, " in t
                   for t in said), said
    else:
        assert not [t for t in said if t.startswith("Stopped after")]
