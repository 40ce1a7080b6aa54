"""The chase screen: snapshots at 80x24 on each ruleset that has a chase rule,
and whole chases played by keys, checked against the reopened log."""

from __future__ import annotations

import pytest

from tracker.core import chase as ch
from tracker.core import campaign as camp
from tracker.core import party
from tracker.service import Campaign
from tracker.ui.app import TrackerApp

from support.pilot import SIZE, settle as _settle

ROGUE = (10, 16, 14, 12, 14, 10)
FIGHTER = (16, 12, 16, 10, 10, 8)


def _urban_chase(saves) -> None:
    """Two rounds of an urban chase, four runners, a complication pending."""
    c = Campaign.create(saves, "chase", "dnd-2024", 3)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Ana", "rogue", 1, ROGUE))
    c.dispatch(party.AddCharacter("Bo", "fighter", 1, FIGHTER))
    c.dispatch(ch.StartChase("urban", 90))
    c.dispatch(ch.JoinChase("Ana"), [14])
    c.dispatch(ch.JoinChase("Bo"), [12])
    c.dispatch(ch.JoinChase("Thug", "pursuer", 30, 1, 0, 12), [18])
    c.dispatch(ch.JoinChase("Guard", "pursuer", 30, 2, 0, 11, 1), [2])
    for dash, die in [(True, 9), (True, 11), (False, 4), (True, 8), (True, 7), (False, 12)]:
        c.dispatch(ch.TakeTurn(None, dash), [die])
    c.close()


def _evasion(saves, ruleset: str, rounds: int = 5, bait: bool = True) -> None:
    """A dungeon evasion, five rounds in, the monsters still after the party."""
    c = Campaign.create(saves, "chase", ruleset, 3)
    c.dispatch(camp.StartSession())
    for n in ("Ana", "Bo", "Cy"):
        c.dispatch(party.AddCharacter(n))
    morale = [3, 2] if ruleset == "dyb-og-drager" else None  # Dolmenwood: the GM says
    c.dispatch(ch.StartEvasion("dungeon", 120, 90, morale=8, gap=1000), morale)
    for _ in range(rounds):
        c.dispatch(ch.RunRound())
    if bait:
        c.dispatch(ch.DropBait("treasure"), [5])
    c.close()


def _run_out(saves, ruleset: str) -> None:
    """Thirty rounds of running: the party exhausted until it rests."""
    _evasion(saves, ruleset, rounds=30, bait=False)


def _complicated(saves) -> None:
    """An urban chase where a brawl's missed save cost Ana hit points and feet."""
    c = Campaign.create(saves, "chase", "dnd-2024", 3)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Ana", "rogue", 1, ROGUE))
    c.dispatch(ch.StartChase("urban", 60))
    c.dispatch(ch.JoinChase("Ana"), [14])
    c.dispatch(ch.JoinChase("Thug", "pursuer", 30, 1, 0, 12), [18])
    c.dispatch(ch.TakeTurn(None), [5, 4, 3, 2])  # Dex save +5: 4+5 < DC 15, 2d4 = 5
    c.close()


@pytest.mark.parametrize("ruleset", ["dyb-og-drager", "dolmenwood", "dnd-2024",
                                     "dyb-og-drager-exhausted", "dnd-2024-complication"])
def test_chase_screen_snapshot(snap_compare, fixed_saves, ruleset):  # noqa: F811
    if ruleset == "dnd-2024":
        _urban_chase(fixed_saves)
    elif ruleset == "dnd-2024-complication":
        _complicated(fixed_saves)
    elif ruleset.endswith("-exhausted"):
        _run_out(fixed_saves, ruleset.removesuffix("-exhausted"))
    else:
        _evasion(fixed_saves, ruleset)

    async def run_before(pilot):
        await pilot.press("6")
        await _settle(pilot)

    assert snap_compare(TrackerApp(fixed_saves, "chase"), terminal_size=SIZE,
                        run_before=run_before)


async def _keys(pilot, *keys: str) -> None:
    for k in keys:
        await pilot.press(k)
        await pilot.pause()
    await _settle(pilot)


async def test_an_urban_chase_by_keys_to_its_end(saves):
    """Start, four join (two from the party, two typed in), turns with moves
    and dashes, an escape roll, the end: all in the reopened log."""
    c = Campaign.create(saves, "k", "dnd-2024", 11)
    c.dispatch(party.AddCharacter("Ana", "rogue", 1, ROGUE))
    c.dispatch(party.AddCharacter("Bo", "fighter", 1, FIGHTER))
    c.close()
    app = TrackerApp(saves, "k")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _keys(pilot, "enter")  # start session 1
        await _keys(pilot, "6", "s", "enter", "ctrl+u", "6", "0", "enter")  # urban, 60 ft
        await _keys(pilot, "j", "enter", "enter")  # Ana, quarry
        await _keys(pilot, "j", "enter", "enter")  # Bo, quarry
        await _keys(pilot, "j", "down", "down", "enter", *"Thug", "enter", "down", "enter",
                    "ctrl+u", *"30 1 0 12", "enter")
        await _keys(pilot, "j", "down", "down", "enter", *"Guard", "enter", "down", "enter",
                    "ctrl+u", *"30 2 0 11", "enter")
        assert [r.name for r in app.state.chase.runners] != []
        assert len(app.state.chase.runners) == 4
        for _ in range(8):  # two rounds: everyone dashes
            await _keys(pilot, "d")
        assert app.state.chase.round == 3
        quarry = [r.name for r in app.state.chase.runners if r.side == "quarry"
                  and ch.running(app.state, r)]
        pick = ("enter",) if len(quarry) > 1 else ()  # one quarry left: no one to choose
        await _keys(pilot, "e", *pick, "down", "enter")  # plenty to hide behind
        await _keys(pilot, "x", "enter")
        outcome = app.state.chase.outcome
        assert not app.state.chase.active
    reopened = Campaign.open(saves, "k")
    types = [e.event.TYPE for e in reopened.store.read()]
    assert types.count("chase_joined") == 4 and types.count("chase_turn_taken") == 8
    escape = next(e.event for e in reopened.store.read() if e.event.TYPE == "chase_escape_rolled")
    assert escape.name == quarry[0] and escape.factors == ("cover",)
    assert escape.roll.expr == "2d20kh1"
    assert reopened.state.chase.outcome == outcome and reopened.state.clock == 12
    assert reopened.state == app.state
    reopened.close()


@pytest.mark.parametrize("ruleset", ["dyb-og-drager", "dolmenwood"])
async def test_a_dungeon_evasion_by_keys(saves, ruleset):
    """Out of a dungeon encounter: the party flees (the gap asked, no encounter
    at hand giving it), runs, drops treasure."""
    c = Campaign.create(saves, "k", ruleset, 5)
    for n in ("Ana", "Bo"):
        c.dispatch(party.AddCharacter(n))
    c.close()
    app = TrackerApp(saves, "k")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _keys(pilot, "enter")
        await _keys(pilot, "6", "s", "enter", "ctrl+u", "1", "5", "0", "enter")  # dungeon, 150 ft
        if ruleset == "dyb-og-drager":
            await _keys(pilot, "ctrl+u", "1", "2", "enter")  # morale 12: always pursues
        else:
            await _keys(pilot, "enter")  # they pursue
        # no encounter at hand gives the gap: it is asked, not taken as 0 (R12)
        await _keys(pilot, "ctrl+u", "6", "0", "0", "enter")
        assert app.state.chase.active and app.state.chase.evasion.pursue
        assert app.state.chase.evasion.gap == 600
        for _ in range(3):
            await _keys(pilot, "r")
        await _keys(pilot, "b", "enter")  # drop treasure
        want = app.state.chase.active
    reopened = Campaign.open(saves, "k")
    types = [e.event.TYPE for e in reopened.store.read()]
    assert types.count("evasion_round_run") == 3 and "evasion_bait_dropped" in types
    assert reopened.state.clock == 30 and reopened.state.chase.active == want
    assert reopened.state == app.state
    reopened.close()


@pytest.mark.parametrize("ruleset", ["dyb-og-drager", "dolmenwood"])
async def test_a_day_of_wilderness_pursuit_by_keys(saves, ruleset):
    """After a failed evasion roll: a day of pursuit asks which way the party
    flees (the source has no table) and moves the clock a day."""
    c = Campaign.create(saves, "k", ruleset, 5)
    for n in ("Ana", "Bo"):
        c.dispatch(party.AddCharacter(n))
    c.dispatch(ch.StartEvasion("wilderness", 240, 120, 12, True, 2, 1))  # morale 12: no roll
    c.dispatch(ch.RollEvasion(), [100])
    start = c.state.clock
    c.close()
    app = TrackerApp(saves, "k")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _keys(pilot, "enter")
        await _keys(pilot, "6", "y", *"north", "enter")
    reopened = Campaign.open(saves, "k")
    day = [e.event for e in reopened.store.read() if e.event.TYPE == "pursuit_day_rolled"]
    assert len(day) == 1 and day[0].direction == "north" and day[0].roll is not None
    assert reopened.state.clock == start + reopened.state.rules.time.day_seconds
    assert reopened.state == app.state
    reopened.close()
