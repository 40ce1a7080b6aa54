"""Fast travel that stops for a rest (or an encounter) keeps the distance left and
offers to go on with it: an alert with the command in the CLI, a follow-up on the
dungeon screen (issue 20)."""

from __future__ import annotations

from tracker.core.dungeon import AdvanceTurn, EnterDungeon, FastTravel
from tracker.core.lights import LightSource
from tracker.core.dungeon.rules import rest_status
from tracker.core.party import AddCharacter
from tracker.core.supplies import SetSupplies


def delve(c):
    for n in ("Ana", "Bo"):
        c.dispatch(AddCharacter(n))
    c.dispatch(SetSupplies("torches", 5))
    c.dispatch(SetSupplies("oil", 2))
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(LightSource("lantern", "Ana"))  # 24 turns: fast travel needs light
    return c


def test_fast_travel_stopped_for_a_rest_says_what_is_left(make):
    c = delve(make("dolmenwood"))
    out = c.dispatch(FastTravel(4000), [6, 6])  # 10 turns of 400 ft; checks on 2, 4
    d = c.state.dungeon
    assert rest_status(c.state) == "due" and d.turn == 5
    assert d.fast_left == 4000 - 5 * 400
    texts = [a.text for a in out.alerts]
    assert "Fast travel stopped with 2,000 ft left: the next turn must be a rest" in texts
    c.dispatch(AdvanceTurn(1, "rest"), [6])
    assert c.state.dungeon.fast_left == 2000  # a rest keeps it
    out = c.dispatch(FastTravel(2000), [6, 6])
    assert c.state.dungeon.fast_left == 0 and not any("Fast travel" in a.text
                                                       for a in out.alerts)


def test_another_turn_ends_the_offer(make):
    c = delve(make("dolmenwood"))
    c.dispatch(FastTravel(4000), [6, 6])
    c.dispatch(AdvanceTurn(1, "rest"), [6])
    c.dispatch(AdvanceTurn(1, "explore"))
    assert c.state.dungeon.fast_left == 0


def test_the_cli_says_what_is_left(saves, capsys):
    from tracker.cli import main
    assert main(["new", "d", "--ruleset", "dolmenwood"]) == 0
    for argv in (["add-character", "Ana"], ["enter-dungeon", "Crypt"], ["supplies", "oil", "2"],
                 ["light", "lantern", "Ana"]):
        assert main(["do", "d", *argv]) == 0
    capsys.readouterr()
    assert main(["do", "d", "fast-travel", "--feet", "4000", "--dice", "6,6"]) == 0
    out = capsys.readouterr()
    assert "2,000 ft left: the next turn must be a rest" in out.out + out.err


async def test_the_dungeon_screen_offers_to_go_on(saves):
    from tracker.service import Campaign
    from tracker.ui.app import TrackerApp
    from tracker.ui.dialogs import ChoiceDialog, Dialog
    c = delve(Campaign.create(saves, "ft", "dolmenwood", 3))
    c.close()
    app = TrackerApp(saves, "ft")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the session on offer
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        await pilot.press(*"4000", "enter")
        for _ in range(30):
            await pilot.pause()
            if isinstance(app.screen, ChoiceDialog):
                break
        for _ in range(10):  # each stop offers to go on: the GM takes every offer
            left = app.state.dungeon.fast_left
            assert left > 0 and app.screen.title_text == f"Fast travel stopped: {left:,} ft left"
            await pilot.press("enter")
            for _ in range(30):
                await pilot.pause()
                if isinstance(app.screen, ChoiceDialog) or not app.state.dungeon.fast_left:
                    break
            if not app.state.dungeon.fast_left:
                break
        assert app.state.dungeon.fast_left == 0 and not isinstance(app.screen, Dialog)
        fast = [e.event for e in app.campaign.store.read() if e.event.TYPE == "turn_advanced"
                and e.event.activity == "fast travel"]
        assert len(fast) == 10  # the whole 4,000 ft, in 400 ft turns


def test_no_light_no_fast_travel(make):
    """The rule's third step checks the trip's light before it starts: in the
    dark the party does not fast-travel (and the GM is told to light one)."""
    import pytest
    from tracker.core.errors import Refused
    c = make("dolmenwood")
    c.dispatch(AddCharacter("Ana"))
    c.dispatch(EnterDungeon("Crypt"))
    with pytest.raises(Refused, match="no light is lit: fast travel needs light"):
        c.dispatch(FastTravel(2000))
    assert c.state.dungeon.turn == 0


def test_a_stop_for_wandering_monsters_says_so(make):
    c = delve(make("dolmenwood"))
    c.dispatch(FastTravel(1200), [5])  # 3 turns; turn 2 checks
    out = c.dispatch(FastTravel(2000), [1, 6, 6, 4, 4])  # turn 4 checks: an encounter
    assert c.state.dungeon.fast_left == 1600
    assert "Fast travel stopped with 1,600 ft left: wandering monsters" in \
        [a.text for a in out.alerts]


async def test_the_dungeon_screen_puts_the_encounter_before_going_on(saves):
    from tracker.service import Campaign
    from tracker.ui.app import TrackerApp
    from tracker.ui.dialogs import ChoiceDialog
    c = delve(Campaign.create(saves, "ft", "dolmenwood", 3))
    c.dispatch(FastTravel(1200), [5])
    c.dispatch(FastTravel(2000), [1, 6, 6, 4, 4])
    c.close()
    app = TrackerApp(saves, "ft")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the session on offer
        await pilot.pause()
        screen = app.screen
        screen.run_worker(screen._go_on_fast_travel())
        for _ in range(30):
            await pilot.pause()
            if isinstance(app.screen, ChoiceDialog):
                break
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("enter")  # the first choice: stop for the encounter
        await pilot.pause()
        assert app.state.dungeon.turn == 4 and app.state.dungeon.fast_left == 1600
