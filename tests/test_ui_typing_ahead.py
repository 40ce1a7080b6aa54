"""Keys typed ahead go to the screen they were typed for (issue 20): a line of
text asked after another dialog closed never takes keys typed before it showed
(`g +2000 Enter t` wrote "t" into the ledger's "What for?"); where a screen can
ask both at once, the follow-up is a second field of the first dialog."""

from __future__ import annotations

from tracker.core import bastion as bas, party
from tracker.core import campaign as camp
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from tracker.ui.dialogs import ChoiceDialog, Dialog, TextDialog

from support.pilot import SIZE, burst as _burst, settle as _settle


def _bastion_campaign(saves, name="b", bastion=True) -> None:
    c = Campaign.create(saves, name, "dnd-2024", 1)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Sera", cls="fighter", abilities=(10,) * 6))
    c.dispatch(party.AwardXP(6500))
    for _ in range(4):
        c.dispatch(party.LevelUp("Sera"))
    if bastion:
        c.dispatch(bas.NewBastion("Sera", "Keep"))
        c.dispatch(bas.Downtime(7))  # a turn falls due: t opens its dialog
    c.close()


def _type(text: str) -> list[str]:
    return ["space" if ch == " " else ch for ch in text]


async def test_gold_then_a_screen_key_typed_at_once(saves):
    """`g +2000 Enter t`: the gold goes in with no reason, and t is the bastion
    screen's (the turn dialog), not the first letter of a ledger note."""
    _bastion_campaign(saves)
    app = TrackerApp(saves, "b")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.action_show_area("bastion")
        await _settle(pilot)
        _burst(app, "g", *_type("+2000"), "enter", "t")
        await _settle(pilot)
        b = bas.find(app.state, "Sera")
        assert b.treasury == 2000
        assert app.campaign.tail(1)[-1].event.why == ""
        assert not isinstance(app.screen, TextDialog), "t went into a text prompt"
        assert isinstance(app.screen, ChoiceDialog) and "Turn" in app.screen.title_text


async def test_gold_and_its_reason_in_one_dialog(saves):
    """Tab moves to the reason; Enter records both."""
    _bastion_campaign(saves)
    app = TrackerApp(saves, "b")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.action_show_area("bastion")
        await _settle(pilot)
        _burst(app, "g", *_type("+75"), "tab", *_type("rent"), "enter")
        await _settle(pilot)
        assert bas.find(app.state, "Sera").treasury == 75
        assert app.campaign.tail(1)[-1].event.why == "rent"
        assert not isinstance(app.screen, Dialog)


async def test_the_palette_then_a_prompt_takes_no_key_typed_before_it(saves):
    """Palette → "GM note" Enter, then x typed at once: the note prompt opens
    empty; the x was not meant for it."""
    _bastion_campaign(saves)
    app = TrackerApp(saves, "b")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.action_show_area("bastion")
        await _settle(pilot)
        _burst(app, "ctrl+p")
        await _settle(pilot)
        _burst(app, *_type("GM note"), "enter", "x")
        await _settle(pilot)
        assert isinstance(app.screen, TextDialog)
        assert app.screen.query_one("#text-input").value == ""
        _burst(app, "escape")
        await _settle(pilot)
