"""A correction of what a later day's lost chance is rolled under reaches
that day, on land and afloat (gm-review7 R1's kind): the guide (Dyb & Drager,
Dolmenwood: none is rolled with a guide), the weather's effects (Dolmenwood's
poor visibility), the navigator aboard. A guide corrected in takes the lost
checks of the days it now leads away (the party was never lost), corrected
out gives them their own, rolled from the seed; the days' own fields follow
(``course_on_schedule``'s ``under``). Undo and redo go with the correction."""

from __future__ import annotations

import json

from tracker.core import travel as tr
from tracker.core.timeline.entries import Redo, Undo

from support.amend import seq_of
from support.travel import day, last, road


def _days(cli, name="k"):
    j = json.loads(cli("state", name, "--json"))["travel"]
    return j["lost"], [d["lost"] for d in j["days"]]


def _forest(cli):
    """Dyb & Drager, forest (lost on 1-2 in 6): a guide, then none; three days,
    the second lost (its die 1), the third lost already (no roll)."""
    cli("new", "k", "--ruleset", "dyb-og-drager", "--seed", "3")
    cli("do", "k", "add-character", "Ana", "--class", "fighter", "--abilities",
        "12,12,12,12,12,12")
    cli("do", "k", "terrain", "forest")
    cli("do", "k", "guide", "yes")
    none = cli("do", "k", "guide", "no").split()[0].lstrip("#")
    for dice in ("5,6", "1,6", "6"):
        cli("do", "k", "travel", "--dice", dice)
    return none


def test_a_guide_corrected_in_takes_the_later_days_lost_checks_away(cli):
    none = _forest(cli)
    assert _days(cli) == (True, [False, True, True])
    out = cli("do", "k", "amend", none, "--set", "guide=yes")
    assert "lost?" not in out and "LOST" not in out, out
    assert _days(cli) == (False, [False, False, False])
    cli("undo", "k")
    assert _days(cli) == (True, [False, True, True])
    cli("redo", "k")
    assert _days(cli) == (False, [False, False, False])
    log = cli("log", "k")
    assert "lost? 1d6=[1] typed LOST" in log  # the day as written, corrected since


def test_a_guide_corrected_out_gives_the_days_it_led_their_own_checks(cli):
    """A guide led three days (no roll); corrected to none, each day rolls its
    own lost check from the seed, as the command would have."""
    cli("new", "k", "--ruleset", "dyb-og-drager", "--seed", "3")
    cli("do", "k", "add-character", "Ana", "--class", "fighter", "--abilities",
        "12,12,12,12,12,12")
    cli("do", "k", "terrain", "forest")
    guide = cli("do", "k", "guide", "yes").split()[0].lstrip("#")
    for _ in range(3):
        assert "lost?" not in cli("do", "k", "travel", "--dice", "6")
    out = cli("do", "k", "amend", guide, "--set", "guide=no")
    assert out.count("lost? 1d6=") >= 1, out
    rolled = [l for l in out.splitlines() if "Travel day" in l]
    assert rolled and all("lost? 1d6=" in l for l in rolled[:1]), out


def test_a_navigator_corrected_out_afloat_loses_the_ship_on_open_sea(make):
    """Dyb & Drager, open sea: 2-in-6 lost with a navigator, certain without
    (nothing rolled). The navigator corrected out: the day is lost; back in,
    the day rolls its own check again."""
    c = road(make, "dyb-og-drager", "clear")
    guide = c.dispatch(tr.SetGuide(True)).envelopes[0].seq
    c.dispatch(tr.Embark("Havørn", rate=120, terrain="ocean"))
    day(c, 3, 4, 6, 6)  # the wind 2d6 = 7, lost? 6: no, no encounter
    assert not last(c).lost
    c.dispatch(c.amend_command(guide, fields={"guide": "no"}))
    ev = c.entry_events(seq_of(c, "day_sailed"))[0]
    assert not ev.navigator and ev.lost_roll is None and last(c).lost
    c.dispatch(Undo())
    assert not last(c).lost
    c.dispatch(Redo())
    assert last(c).lost


def test_a_later_day_takes_the_weather_as_the_corrected_entries_leave_it(make):
    """Dolmenwood, open forest: lost on 1 in 6, on 1-2 in poor visibility (V).
    The weather's codes are not corrected by ``amend`` (a list), so the
    rescheduler is asked directly: a day written in clear sight (its die 2: not
    lost) after entries that now leave poor visibility takes it, and is lost."""
    from tracker.core import dice as dicemod
    from tracker.core.handlers import EVOLVERS
    from tracker.core.travel.rules import Travelled, stage_on_schedule
    c = road(make, "dolmenwood", "open_forest")
    ev = day(c, 2, 6).envelopes[0].event
    assert ev.effects == () and not last(c).lost
    c.dispatch(tr.SetWeather("fog", ("V",)))
    now = stage_on_schedule(c.state, ev, dicemod.ScriptedDice([]))
    assert now.effects == ("V",) and now.lost_roll == ev.lost_roll
    assert EVOLVERS[Travelled](c.state, now).travel.days[-1].lost


def test_land_in_sight_corrected_reaches_a_later_day_afloat(make):
    """Dyb & Drager, open sea, no navigator: 2-in-6 lost with land in sight,
    certain out of it. The boarding corrected to out of sight of land: the
    day's roll goes and the ship is lost; undone, it is back on course."""
    c = road(make, "dyb-og-drager", "clear")
    boarded = c.dispatch(tr.Embark("Havørn", rate=120, coast=True,
                                   terrain="ocean")).envelopes[0].seq
    day(c, 3, 4, 6, 6)  # the wind 2d6 = 7, lost? 6: no, no encounter
    assert not last(c).lost
    c.dispatch(c.amend_command(boarded, fields={"coast": "no"}))
    ev = c.entry_events(seq_of(c, "day_sailed"))[0]
    assert not ev.coast and ev.lost_roll is None and last(c).lost
    c.dispatch(Undo())
    assert not last(c).lost
