"""A planned route ends where it ends: the day that reaches its end goes no
farther (its miles, hexes and hours), the party has arrived, and travel stops
there until the GM plans the next route or clears it, on every ruleset, on
land and afloat, by one day or several, with corrections, undo and the CLI.

Before, a journey ran on past its end: a 25-mile route made 36-mile days for as
long as the GM pressed t, each with its rations, checks and miles."""

from __future__ import annotations

import pytest

from tracker.core import travel as tr
from tracker.core.errors import Refused
from tracker.core.engine import Redo, Undo
from tracker.core.travel.model import Stage
from tracker.history import entries

from support.amend import seq_of
from support.cli import new, run
from support.travel import js, road

RULESETS = ["dyb-og-drager", "dolmenwood", "dnd-2024"]
GROUND = {"dyb-og-drager": "clear", "dolmenwood": "meadow", "dnd-2024": "grassland"}
ARRIVED = "arrived at Town, the end of its route"


def _on_a_road(make, rid, *lengths):
    """A party on a road in open ground with a route of ``lengths`` (Ford, Town)."""
    c = road(make, rid, GROUND[rid], "road", rations=40)
    names = ("Ford", "Town")[-len(lengths):]
    c.dispatch(tr.PlanRoute(tuple(Stage(n, GROUND[rid], n_, "road")
                                  for n, n_ in zip(names, lengths))))
    return c


def _size(c) -> float:
    return sum(tr.stage_size(c.state.rules.travel, s) for s in c.state.travel.stages)


def _until_arrived(c, most=10):
    out = []
    while not c.state.travel.arrived and len(out) < most:
        out.append(c.dispatch(tr.TravelDay()))
    return out


@pytest.mark.parametrize("rid", RULESETS)
def test_the_day_that_reaches_the_end_goes_no_farther_and_travel_stops(make, rid):
    c = _on_a_road(make, rid, 25)
    size = _size(c)
    outs = _until_arrived(c)
    j = c.state.travel
    assert j.arrived and not j.stages and j.place == "Town"
    assert j.distance == size == sum(d.distance for d in j.days)  # no mile past the end
    assert j.days[-1].halt == "end" and j.days[-1].at == "Town"
    assert any("Arrived at Town" in a.text for a in outs[-1].alerts)
    assert "arrived at Town, the end of the route" in js(c)["days"][-1]["line"]
    assert js(c)["arrived"] is True
    head, clock, food = c.seq, c.state.clock, c.state.supplies.rations
    for cmd in (tr.TravelDay(), tr.TravelDay(days=3), tr.TravelDay(forced=True)):
        with pytest.raises(Refused, match=ARRIVED):
            c.dispatch(cmd)
    assert (c.seq, c.state.clock, c.state.supplies.rations) == (head, clock, food)


LONG = {"dyb-og-drager": 80, "dolmenwood": 10, "dnd-2024": 60}  # two days and some


@pytest.mark.parametrize("rid", RULESETS)
def test_several_days_stop_on_the_day_of_arrival(make, rid):
    c = _on_a_road(make, rid, LONG[rid])
    size = _size(c)
    quiet = [] if rid == "dnd-2024" else [6, 6, 6]  # each day's encounter check
    c.dispatch(tr.TravelDay(days=20), quiet or None)
    j = c.state.travel
    assert j.arrived and j.distance == size and len(j.days) == 3


def test_a_pace_model_stage_ends_at_arrival_and_the_day_goes_on(make):
    """D&D 2024: 24 miles at Normal pace in 8 hours, then 6 miles more: 2 hours,
    no camp (the day goes on at the destination), no save for hours not walked."""
    c = _on_a_road(make, "dnd-2024", 30)
    c.dispatch(tr.TravelDay())
    morning = c.state.clock
    out = c.dispatch(tr.TravelDay(hours=12))  # past the 8 hours: extended-travel saves
    ev = out.envelopes[0].event
    assert (ev.hours, ev.camp, ev.saves) == (2, False, ())
    assert c.state.clock - morning == 2 * 3600 and c.state.travel.hours_today == 2
    assert c.state.travel.days[-1].distance == 6
    assert any("The day goes on here" in a.text for a in out.alerts)
    c.dispatch(tr.MakeCamp())  # the GM beds the party down when it will


@pytest.mark.parametrize("rid", RULESETS)
def test_the_next_route_or_a_cleared_one_sets_the_party_on_its_way(make, rid):
    c = _on_a_road(make, rid, 5)
    _until_arrived(c)
    c.dispatch(tr.PlanRoute((Stage("Weir", GROUND[rid], 3, "road"),)))
    assert not c.state.travel.arrived
    _until_arrived(c)
    c.dispatch(tr.PlanRoute(()))  # cleared: on without a route
    assert not c.state.travel.arrived
    c.dispatch(tr.TravelDay())
    c.dispatch(tr.PlanRoute((Stage("Weir", GROUND[rid], 1, "road"),)))
    _until_arrived(c)
    c.dispatch(tr.SetTerrain(GROUND[rid]))  # where it is, as it is: it sets out from here
    c.dispatch(tr.TravelDay())


def test_a_route_that_goes_on_by_water_stops_the_walkers_at_the_shore(make):
    """D&D 2024: 6 road miles to the Shore take 2 hours (Normal, 3 mph); the
    route goes on by water: the stage ends there, the GM embarks, and the
    keelboat's 1 mph puts in at the Isle after 4 hours, where sailing stops."""
    c = road(make, "dnd-2024", "grassland", "road")
    c.dispatch(tr.PlanRoute((Stage("Shore", "grassland", 6, "road"),
                             Stage("Isle", "waterborne", 4))))
    out = c.dispatch(tr.TravelDay())
    d = c.state.travel.days[-1]
    assert (d.distance, d.hours, d.halt, d.at) == (6, 2, "water", "Shore")
    assert out.envelopes[0].event.camp is False
    assert any("At Shore: the route goes on by water" in a.text for a in out.alerts)
    c.dispatch(tr.Embark("keelboat"))
    out = c.dispatch(tr.TravelDay())
    assert out.envelopes[0].event.hours == 4 and not out.envelopes[0].event.camp
    j = c.state.travel
    assert j.arrived and j.place == "Isle" and j.distance == 10
    with pytest.raises(Refused, match="arrived at Isle"):
        c.dispatch(tr.TravelDay())


def test_a_ship_goes_no_farther_than_the_route_at_sea(make):
    """Dyb & Drager: the day's wind moves the ship its rate ÷ 5 miles or more;
    a 5-mile river passage ends at the harbour, however far the wind would take it."""
    c = road(make, "dyb-og-drager", "river")
    c.dispatch(tr.Embark("Havørn", rate=120))
    c.dispatch(tr.PlanRoute((Stage("Havn", "river", 5),)))
    for _ in range(10):
        if c.state.travel.arrived:
            break
        if c.state.travel.gale:
            c.dispatch(tr.Gale("ride_out"), [99])
        c.dispatch(tr.TravelDay())
    j = c.state.travel
    assert j.arrived and j.distance == 5 and j.place == "Havn"
    with pytest.raises(Refused, match="arrived at Havn"):
        c.dispatch(tr.TravelDay())


# --- corrections and undo --------------------------------------------------------


def test_a_correction_that_would_arrive_earlier_is_refused_naming_the_day_after(make):
    """36 road miles a day: 50 miles arrive on day 2. Day 1 as a forced march
    (54 miles) would have arrived: day 2 could not have been travelled."""
    c = _on_a_road(make, "dyb-og-drager", 50)
    c.dispatch(tr.TravelDay(), [6])
    c.dispatch(tr.TravelDay(), [6])
    first = seq_of(c, "day_travelled") - 1
    with pytest.raises(Refused, match=rf"#{first + 1}.*arrived at Town"):
        c.dispatch(c.amend_command(first, fields={"forced": "true"}))


def test_a_correction_that_makes_a_day_shorter_takes_the_arrival_back(make):
    """70 miles: 36, then 34 and arrived. Day 1 foraging on the way (24 miles)
    leaves 10 to go after day 2 (36), and the party travels on."""
    c = _on_a_road(make, "dyb-og-drager", 70)
    c.dispatch(tr.TravelDay(), [6])
    c.dispatch(tr.TravelDay(), [6])
    assert c.state.travel.arrived and c.state.travel.days[-1].distance == 34
    first = seq_of(c, "day_travelled") - 1
    cmd = c.amend_command(first, fields={"foraging": "true"})
    assert "24 miles" in c.explain(cmd).entry_after
    c.dispatch(cmd)
    j = c.state.travel
    assert not j.arrived and j.distance == 60 and j.progress == 60
    assert [d.halt for d in j.days] == ["", ""]
    c.dispatch(tr.TravelDay(), [6])
    assert c.state.travel.arrived and c.state.travel.days[-1].distance == 10


def test_undo_of_the_arrival_sets_the_party_back_on_the_road_and_redo_arrives(make):
    c = _on_a_road(make, "dnd-2024", 20)
    c.dispatch(tr.TravelDay())
    assert c.state.travel.arrived
    c.dispatch(Undo())
    assert not c.state.travel.arrived and c.state.travel.stages
    c.dispatch(Redo())
    assert c.state.travel.arrived


# --- what the GM reads: the log, the CLI ----------------------------------------


def test_the_log_line_of_the_arrival_day_says_how_far_it_went(make):
    c = _on_a_road(make, "dyb-og-drager", 50)
    c.dispatch(tr.TravelDay(), [6])
    c.dispatch(tr.TravelDay(), [6])
    lines = [e.text for e in entries(list(c.store.read()), c.timeline)][-2:]
    assert lines[0].startswith("Travel day: 36 miles through clear")
    assert lines[1].startswith("Travel day: 14 miles through clear; "
                               "arrived at Town, the end of the route")


def test_the_cli_stops_at_the_end_and_says_so(saves, capsys):
    new(capsys, "trip", "dyb-og-drager", ["add-character", "Ana"],
        ["supplies", "standard", "20"], ["terrain", "clear", "--road", "road"],
        ["route", "Town:clear:45:road"])
    out = run(capsys, "do", "trip", "travel", "--days", "5")
    assert "9 miles through clear; arrived at Town, the end of the route" in out
    assert "!! Arrived at Town" in out
    from tracker.cli import main
    assert main(["do", "trip", "travel"]) == 1
    assert "arrived at Town, the end of its route" in capsys.readouterr().err
    run(capsys, "do", "trip", "route", "none")  # the help's "none clears it"
    assert "Travel day" in run(capsys, "do", "trip", "travel")


def test_the_correction_preview_reads_the_day_as_the_log_does(make):
    """The arrival day's line in a correction's preview, now and after, goes no
    farther than the route (before, it read the day's whole 36 miles)."""
    c = _on_a_road(make, "dyb-og-drager", 50)
    c.dispatch(tr.TravelDay(), [6])
    c.dispatch(tr.TravelDay(), [6])
    second = seq_of(c, "day_travelled")
    p = c.explain(c.amend_command(second, dice=[5]))
    assert p.entry_now.startswith("Travel day: 14 miles through clear; arrived at Town")
    assert p.entry_after.startswith("Travel day: 14 miles through clear; arrived at Town")
    assert "check 1d6=[5] typed" in p.entry_after


def test_a_stages_pace_corrected_moves_the_arrival(make):
    """D&D 2024, 30 miles: 24 at Normal, then 6 in 2 hours. The first stage
    corrected to Slow (18) leaves the party 6 miles short after the second,
    on its way again; corrected to Fast (30), it would have arrived on the
    first, and the second could not have been travelled."""
    c = _on_a_road(make, "dnd-2024", 30)
    c.dispatch(tr.TravelDay())
    first = max(e.seq for e in c.tail(c.seq) if e.type == "day_travelled")
    c.dispatch(tr.TravelDay())
    assert c.state.travel.arrived
    with pytest.raises(Refused, match="arrived at Town"):
        c.dispatch(c.amend_command(first, fields={"pace": "fast"}))
    c.dispatch(c.amend_command(first, fields={"pace": "slow"}))
    j = c.state.travel
    assert not j.arrived and j.distance == 24 and j.stages
    c.dispatch(tr.TravelDay())
    assert c.state.travel.arrived and c.state.travel.days[-1].distance == 6


def test_the_players_hear_the_arrival_days_miles_to_the_end(make):
    """The players' page keeps the day's checks but says how far it went: no
    farther than the route (before, the whole day's 36 miles)."""
    from tracker.public import players_view
    c = _on_a_road(make, "dyb-og-drager", 50)
    c.dispatch(tr.TravelDay(), [6])
    c.dispatch(tr.TravelDay(), [6])
    with c.reader() as r:
        log = [e["text"] for e in players_view(c.name, r.head(), r)["log"]]
    assert log[:2] == ["Travel day: 14 miles through clear", "Travel day: 36 miles through clear"]
