"""Several bastion weeks at home from one command (issue 22: the GM's job
between sessions, one key in the app and one `tracker do NAME bastion-weeks N`):
a turn's length of days passes, each turn falling due runs at once, every
facility takes its last turn's orders again where they need nothing the GM
types, an order that cannot be given that week is left out of it, and a turn
with none is a Maintain. The events are the ones the GM would write by hand,
so the log replays, undoes and reads as before."""

from __future__ import annotations

import json

import pytest
from support.pilot import settle

from tracker.cli import main
from tracker.core import bastion as bas
from tracker.core import dungeon as dun
from tracker.core import party
from tracker.core.errors import Refused
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from tracker.ui.screens.bastion import BastionScreen

STATS = (16, 12, 14, 10, 10, 10)
SIX = ("armory", "barrack", "garden", "library", "smithy", "storehouse")


def _keep(saves, name: str = "k") -> Campaign:
    """A level-17 owner with six special facilities and one turn of orders given."""
    c = Campaign.create(saves, name, "dnd-2024", 3)
    c.dispatch(party.AddCharacter("Ana", "fighter", 17, STATS))
    c.dispatch(bas.NewBastion("Ana", "Keep"))
    for kind in SIX:
        c.dispatch(bas.AddFacility("Ana", kind, True, ("herb",) if kind == "garden" else ()))
    c.dispatch(bas.MoveGold("Ana", 5000, "hoard"))
    c.dispatch(bas.Downtime(7))
    c.dispatch(bas.RunTurn("Ana", ((3, "stock", 0), (4, "recruit", 0), (5, "herb", 0),
                                   (6, "research", 0), (7, "common", 0), (8, "buy", 500))))
    return c


def _turns(envs) -> list:
    return [e.event for e in envs if isinstance(e.event, bas.BastionTurnRun)]


def test_six_weeks_run_six_turns_with_the_usual_orders(saves):
    c = _keep(saves)
    clock, turns = c.state.clock, c.state.bastions.all[0].turns
    out = c.dispatch(bas.RunWeeks(6))
    kinds = [e.event.TYPE for e in out.envelopes]
    assert kinds == ["downtime_passed", "bastion_turn_run"] * 6
    b = c.state.bastions.all[0]
    assert b.turns == turns + 6 and b.queued == 0
    assert c.state.clock == clock + 42 * c.state.rules.time.day_seconds
    given = [[o.option for o in t.orders] for t in _turns(out.envelopes)]
    # the Barrack houses 12: it recruits 4 a week until it is full, then is left out;
    # the Storehouse's purchase needs a price the GM types: never repeated
    assert given[0] == ["stock", "recruit", "herb", "research", "common"]
    assert given[2] == ["stock", "herb", "research", "common"]
    assert all("buy" not in g for g in given)
    assert b.defenders == 12
    assert not any(t.maintain for t in _turns(out.envelopes))
    c.close()


def test_without_orders_given_before_each_turn_is_a_maintain_at_home(saves):
    c = Campaign.create(saves, "m", "dnd-2024", 3)
    c.dispatch(party.AddCharacter("Ana", "fighter", 17, STATS))
    c.dispatch(bas.NewBastion("Ana", "Keep"))
    c.dispatch(bas.AddFacility("Ana", "library", True))
    out = c.dispatch(bas.RunWeeks(3))
    turns = _turns(out.envelopes)
    assert len(turns) == 3 and all(t.maintain and not t.away for t in turns)
    assert c.state.bastions.all[0].neglect == 0  # a Maintain at home is an order
    c.close()


def test_weeks_replay_and_undo_as_the_turns_written_by_hand(saves):
    c = _keep(saves)
    before = c.state
    c.dispatch(bas.RunWeeks(4))
    after = c.state
    c.close()
    again = Campaign.open(saves, "k")
    assert again.state == after  # the log replays to the same state
    again.undo()
    assert again.state.bastions == before.bastions and again.state.clock == before.clock
    again.close()


@pytest.mark.parametrize("cmd, why", [
    (bas.RunWeeks(0), "1 to 52 weeks"),
    (bas.RunWeeks(53), "1 to 52 weeks"),
    (bas.RunWeeks(2, "Bob"), "Bob has no bastion"),
])
def test_refused_weeks_say_why_and_write_nothing(saves, cmd, why):
    c = _keep(saves)
    seq = c.seq
    with pytest.raises(Refused, match=why):
        c.dispatch(cmd)
    assert c.seq == seq
    c.close()


def test_weeks_are_refused_in_a_dungeon_without_bastions_and_with_none_founded(saves):
    c = _keep(saves)
    c.dispatch(dun.EnterDungeon("Crypt"))
    with pytest.raises(Refused, match="in a dungeon"):
        c.dispatch(bas.RunWeeks(1))
    c.close()
    osr = Campaign.create(saves, "o", "dyb-og-drager", 3)
    with pytest.raises(Refused, match="has no bastions"):
        osr.dispatch(bas.RunWeeks(1))
    osr.close()
    none = Campaign.create(saves, "n", "dnd-2024", 3)
    with pytest.raises(Refused, match="no bastion yet"):
        none.dispatch(bas.RunWeeks(1))
    none.close()


def test_one_cli_call_runs_the_weeks(saves, capsys):
    _keep(saves).close()
    assert main(["--saves", str(saves), "--lang", "en", "do", "k", "bastion-weeks", "6"]) == 0
    printed = capsys.readouterr().out
    assert printed.count("Downtime: 7 days pass") == 6
    assert main(["--saves", str(saves), "state", "k", "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["bastions"][0]["turns"] == 7


async def test_one_key_on_the_bastion_screen_runs_the_weeks(saves):
    _keep(saves).close()
    app = TrackerApp(saves, "k")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in ("enter", "7"):  # the session dialog (carry on), then the bastion screen
            await pilot.press(key)
            await settle(pilot)
        assert isinstance(app.screen, BastionScreen)
        turns = app.state.bastions.all[0].turns
        await pilot.press("r")  # the dialog offers six weeks
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.state.bastions.all[0].turns == turns + 6
