"""B/X wilderness evasion (osr.md §9): after a failed evasion roll a day of
pursuit comes before a new roll, on whatever terrain the GM names; the
failed roll says so, with its chance, in the log line and the alert (at sea
the ships run in rounds). The refusal is the decider's: a log written before
it, with two failed rolls in a row, replays as it did."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from tracker import i18n
from tracker.core import chase as ch
from tracker.core.alerts import alerts
from tracker.core.describe import describe
from tracker.core.errors import Refused
from tracker.core.handlers import DECIDERS
from tracker.core.party import AddCharacter
from tracker.core.view import state_json
from tracker.service import Campaign

BX = ["dyb-og-drager", "dolmenwood"]
FAILED = "failed (70%): they pursue; a day of pursuit follows"


def wilds(make, rid):
    """Three flee two as fast as they are: 70% on the Dyb & Drager table."""
    c = make(rid)
    for n in ("Ana", "Bo", "Cy"):
        c.dispatch(AddCharacter(n))
    c.dispatch(ch.StartEvasion("wilderness", 120, 120, morale=12 if rid == "dyb-og-drager" else 0,
                               pursuers=2, surprised=""))
    return c


def line(c) -> str:
    env = c.entry(c.seq)
    return describe(env.event, c.state.rules, c.state)


@pytest.mark.parametrize("rid", BX)
def test_a_failed_roll_is_followed_by_a_day_of_pursuit_before_another(make, rid):
    c = wilds(make, rid)
    c.dispatch(ch.RollEvasion(), [99])
    pct = c.state.chase.evasion.chance
    for again in (ch.RollEvasion(), ch.RollEvasion(("dense_woods",))):
        with pytest.raises(Refused, match=rf"the evasion roll failed \({pct}%\): a day of pursuit "
                           r"comes before a new roll \(pursuit-day, or y on the chase screen\)"):
            c.dispatch(again, [1])
    assert state_json(c.state, c.seq)["chase"]["evasion"]["awaits_pursuit_day"] is True
    c.dispatch(ch.PursueDay("north"))
    assert c.state.chase.active
    assert "awaits_pursuit_day" not in state_json(c.state, c.seq)["chase"]["evasion"]
    c.dispatch(ch.RollEvasion(), [1])  # the day came: flee again
    assert (c.state.chase.active, c.state.chase.outcome) == (False, "escaped")


def test_the_failed_roll_says_so_in_its_line_and_alert(make):
    c = wilds(make, "dyb-og-drager")
    before = c.state
    c.dispatch(ch.RollEvasion(), [80])
    assert line(c) == "Evasion roll 1d100=[80] typed: " + FAILED
    assert "Evasion " + FAILED in [a.text for a in alerts(before, c.state)]


@pytest.mark.parametrize("lang, words", [("da", "mislykkedes (70%)"),
                                         ("uk", "не вдалася (70%)")])
def test_the_failed_roll_reads_in_danish_and_ukrainian(make, lang, words):
    c = wilds(make, "dyb-og-drager")
    c.dispatch(ch.RollEvasion(), [80])
    with i18n.using(lang):
        assert words in line(c)
        with pytest.raises(Refused, match=r"\(70%\)") as err:
            c.dispatch(ch.RollEvasion(), [1])
        assert "day of pursuit" not in str(err.value)


def test_a_log_with_two_failed_rolls_in_a_row_replays_as_it_did(make, saves, monkeypatch):
    c = wilds(make, "dyb-og-drager")
    c.dispatch(ch.RollEvasion(), [80])
    decide = DECIDERS[ch.RollEvasion]

    def as_before(state, cmd, dice):  # the decider of before: no day between
        e = replace(state.chase.evasion, awaits_day=False)
        return decide(replace(state, chase=replace(state.chase, evasion=e)), cmd, dice)
    monkeypatch.setitem(DECIDERS, ch.RollEvasion, as_before)
    c.dispatch(ch.RollEvasion(), [90])
    monkeypatch.setitem(DECIDERS, ch.RollEvasion, decide)
    then = c.state.chase
    c.close()
    again = Campaign.open(saves, "c")
    try:
        assert again.state.chase == then and then.active
    finally:
        again.close()
