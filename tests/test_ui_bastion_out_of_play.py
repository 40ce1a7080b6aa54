"""The bastion screen's `a` (every waiting turn) and `r` (weeks at home) for
an owner out of play, and while a chase runs: the same deciders as the CLI
(tests/test_bastion_out_of_play.py, tests/test_chase_holds_clock.py); the
dialog says whose turns run without orders."""

from __future__ import annotations

from tracker.core import bastion as bas
from tracker.core import chase as ch
from tracker.core import party
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from support.bastion_keeps import build_keep

from support.pilot import past_the_session_to, settle

SIZE = (80, 24)


async def test_a_dead_owners_waiting_turns_run_without_orders_by_keys(saves):
    c = build_keep(saves, "k", turns=False)
    c.dispatch(party.Damage("Aria", 1000))
    c.close()
    app = TrackerApp(saves, "k")
    async with app.run_test(size=SIZE) as pilot:
        await past_the_session_to(pilot, "7")
        await pilot.press("a")
        await pilot.pause()
        help_text = " ".join(str(app.screen.query_one("#dialog-help").render()).split())
        assert ("No orders from Aria (dead or gone from the party): their turns run without "
                "orders and neglect counts") in help_text
        await pilot.press("enter")
        await settle(pilot)
        b = bas.find(app.state, "Aria")
        assert (b.turns, b.neglect, b.queued) == (6, 6, 0)
        assert all(r.lines[0] == "No orders" and not r.dice for r in b.results)
        state = app.state
    reopened = Campaign.open(saves, "k")
    assert reopened.state == state
    reopened.close()


async def test_weeks_at_home_are_refused_while_a_chase_runs_by_keys(saves):
    c = build_keep(saves, "k")
    c.dispatch(ch.StartChase("urban", 40))
    c.dispatch(ch.JoinChase("Aria"), [20])
    clock = c.state.clock
    c.close()
    app = TrackerApp(saves, "k")
    async with app.run_test(size=SIZE) as pilot:
        await past_the_session_to(pilot, "7")
        await pilot.press("r")
        await settle(pilot)
        said = [n.message for n in app._notifications]
        assert any("a chase is running (round 1): no other time passes until it ends" in m
                   for m in said), said
        assert app.state.clock == clock
