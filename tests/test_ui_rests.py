"""The party screen at the D&D 2024 table (issue 14): a snapshot with a dying
character's death saves and spent Hit Point Dice, and a fight, its rounds, the
death saves and both rests by keys, checked against the reopened log."""

from __future__ import annotations

from pathlib import Path

from tracker.core import campaign as camp
from tracker.core import effects, party
from tracker.core.view import state_json
from tracker.history import entries
from tracker.service import Campaign
from tracker.ui.app import TrackerApp

from support.pilot import past_the_session_to, settle as _settle


SIZE = (80, 24)


def build_fight(saves: Path, name: str = "table") -> Campaign:
    """Brom (fighter 3) spent two Hit Point Dice; Wil (wizard 1) is down, dying."""
    c = Campaign.create(saves, name, "dnd-2024", 7)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Brom", "fighter", 3, (16, 12, 14, 10, 10, 8)))
    c.dispatch(party.AddCharacter("Wil", "wizard", 1, (8, 14, 8, 16, 12, 10)))
    c.dispatch(party.Damage("Brom", 20))
    c.dispatch(party.ShortRest((("Brom", 2),)), [3, 7])
    c.dispatch(party.Damage("Wil", 5))
    c.dispatch(party.DeathSave("Wil"), [14])
    c.dispatch(party.Damage("Wil", 1, critical=True))
    return c


def test_party_at_the_table_snapshot(snap_compare, fixed_saves):
    build_fight(fixed_saves).close()

    async def run_before(pilot):
        await past_the_session_to(pilot, "4")
        await pilot.press("down")
        await pilot.pause()

    assert snap_compare(TrackerApp(fixed_saves, "table"), terminal_size=SIZE,
                        run_before=run_before)


async def test_rounds_death_saves_and_rests_by_keys(saves):
    c = build_fight(saves, "keys")
    c.dispatch(camp.SetManualDice(True))  # the GM types every die
    c.dispatch(effects.StartEffect("Bless", 60))  # 10 rounds
    clock = c.state.clock
    c.close()
    app = TrackerApp(saves, "keys")
    async with app.run_test(size=SIZE) as pilot:
        await past_the_session_to(pilot, "4")
        await pilot.press("down", "v")  # Wil's death save: the GM types 20
        await pilot.pause()
        await pilot.press("2", "0", "enter")
        await _settle(pilot)
        # ten rounds: Bless ends (while Wil was dying, a round at a time: gm-review4 R6)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("1", "0", "enter")
        await _settle(pilot)
        await pilot.press("s")  # short rest: Brom spends his last die, Wil one
        await pilot.pause()
        for ch in "Brom, Wil=1":
            await pilot.press(ch)
        await pilot.press("enter")
        for die in ("5", "2"):
            await pilot.pause()
            await pilot.press(die, "enter")
        await _settle(pilot)
        await pilot.press("l")  # long rest, confirmed
        await pilot.pause()
        await pilot.press("enter")
        await _settle(pilot)
    c = Campaign.open(saves, "keys")
    lines = [e.text for e in entries(list(c.store.read()), c.timeline)][-4:]
    assert lines == [
        "Wil's death save (1d20=[20] typed): 1 HP back",
        "10 combat rounds (60 s) — Bless ended",  # the Bless its rounds ran out
        "Short rest (1 h): Brom spent 1 Hit Point Die (1d10=[5] typed); "
        "Wil spent 1 Hit Point Die (1d6=[2] typed)",
        "Long rest (8 h): hit points and Hit Point Dice back for Brom, Wil, exhaustion -1",
    ]
    brom, wil = state_json(c.state, c.seq)["party"]
    assert c.state.effects == () and c.state.clock == clock + 60 + 9 * 3600
    assert (brom["hp"], brom["hit_dice"]["left"], wil["hp"], wil["status"]) == (28, 3, 5, "ok")
    c.close()


async def test_heal_by_dice_in_the_dialog_and_none_at_full_hit_points(saves):
    """The heal dialog takes dice as the damage dialog does (gm-review4 C2),
    and does not open on one it cannot heal: at full hit points the refusal
    is said at once, before anything is typed."""
    c = build_fight(saves, "heal")
    c.dispatch(party.Heal("Brom", 100))  # Brom whole again; Wil dying
    c.close()
    app = TrackerApp(saves, "heal")
    async with app.run_test(size=SIZE) as pilot:
        await past_the_session_to(pilot, "4")
        await pilot.press("home", "h")  # Brom, at full hit points: no dialog
        await _settle(pilot)
        assert app.screen.__class__.__name__ == "PartyScreen"
        assert any("Brom is already at full hit points (28)" in n.message
                   for n in app._notifications)
        await pilot.press("down", "h")  # Wil: 2d4+2, a potion
        await pilot.pause()
        for ch in "2d4+2":
            await pilot.press(ch)
        await pilot.press("enter")
        await _settle(pilot)
        wil = app.state.party[1]
        healed = [e for e in app.recent if e.type == "healed"][-1].event
        assert healed.roll is not None and healed.roll.expr == "2d4+2"
        assert wil.hp == min(wil.hp_max, healed.amount) and healed.amount >= 4


async def test_no_long_rest_while_someone_is_dying(saves):
    """The app refuses time passing while someone is dying, as the command line
    does, naming who and what to do (gm-review4 R6)."""
    build_fight(saves, "dying").close()
    app = TrackerApp(saves, "dying")
    async with app.run_test(size=SIZE) as pilot:
        await past_the_session_to(pilot, "4")
        clock = app.state.clock
        await pilot.press("l")  # long rest, confirmed
        await pilot.pause()
        await pilot.press("enter")
        await _settle(pilot)
        assert app.state.clock == clock
        assert any(n.title == "Refused" and n.message.startswith(
            "Wil is dying: no more than a round passes") and "death-save" in n.message
            for n in app._notifications)
