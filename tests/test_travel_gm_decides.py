"""What the GM decides on the road where the ruleset leaves it to them (Dolmenwood's
foraging and hunting: gm-review3 C3, hunting refused though the ruleset said the GM
decides), and who may guide: never the dead (issue 20)."""

from __future__ import annotations

import pytest

from tracker.core import travel as tr
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter, Damage
from tracker.core.supplies import SetSupplies
from tracker.history import entries


def wood(make):
    c = make("dolmenwood", "wood")
    c.dispatch(AddCharacter("Ana"))
    c.dispatch(AddCharacter("Bo"))
    c.dispatch(SetSupplies("preserved", 4))
    c.dispatch(tr.SetTerrain(next(iter(c.state.rules.travel.terrains))))
    return c


def food(c):
    return sum(b.count for b in c.state.supplies.rations)


def last_text(c):
    return [e.text for e in entries(list(c.store.read()), c.timeline)][-1]


def test_dolmenwood_forage_records_what_the_gm_decides(make):
    c = wood(make)
    with pytest.raises(Refused, match="the GM decides. Say --found N"):
        c.dispatch(tr.ForageDay())
    c.dispatch(tr.ForageDay(True, 6))
    ev = list(c.store.read())[-1].event
    assert (ev.found, ev.rations) == (True, 6)
    assert food(c) == 4 + 6 - 2  # found, then a day eaten
    assert c.state.travel.days[-1].food == 6
    assert last_text(c) == "A day foraging (the GM decides): 6 rations found — 2 rations eaten"
    c.dispatch(tr.ForageDay(False))
    assert food(c) == 6 and c.state.travel.days[-1].food == 0
    assert last_text(c) == "A day foraging (the GM decides): nothing found — 2 rations eaten"
    with pytest.raises(Refused, match="1 to 1,000 rations"):
        c.dispatch(tr.ForageDay(True, 0))


def test_dolmenwood_hunting_records_what_the_gm_decides(make):
    c = wood(make)
    with pytest.raises(Refused, match="Hunting is not in our sources: the GM decides. Say --found N"):
        c.dispatch(tr.Hunt())
    c.dispatch(tr.Hunt(True, 5))
    ev = list(c.store.read())[-1].event
    assert (ev.found, ev.rations) == (True, 5)
    assert food(c) == 4 + 5 - 2 and c.state.travel.days[-1].food == 5
    assert last_text(c) == "A day hunting (the GM decides): 5 rations found — 2 rations eaten"
    c.dispatch(tr.Hunt(False))
    assert food(c) == 5 and c.state.travel.days[-1].food == 0
    assert last_text(c) == "A day hunting (the GM decides): nothing found — 2 rations eaten"
    for bad in (0, 1001):
        with pytest.raises(Refused, match="1 to 1,000 rations"):
            c.dispatch(tr.Hunt(True, bad))


def test_a_gm_hunt_is_corrected_and_undone_like_any_day(make):
    c = wood(make)
    seq = c.dispatch(tr.Hunt(True, 5)).envelopes[0].seq
    c.dispatch(c.amend_command(seq, fields={"rations": "2"}))
    assert food(c) == 4 + 2 - 2 and c.state.travel.days[-1].food == 2
    with pytest.raises(Refused, match="1 to 1,000 rations"):
        c.dispatch(c.amend_command(seq, fields={"rations": "0"}))
    empty = c.dispatch(tr.Hunt(False)).envelopes[0].seq
    with pytest.raises(Refused, match="nothing was found: no rations"):
        c.dispatch(c.amend_command(empty, fields={"rations": "3"}))
    c.undo()  # the empty hunt
    c.undo()  # the correction
    c.undo()  # the hunt
    assert food(c) == 4 and c.state.travel.day == 0


def test_a_ruleset_that_decides_the_hunt_takes_no_gm_count(make):
    c = make("dyb-og-drager")
    c.dispatch(AddCharacter("Ana"))
    c.dispatch(AddCharacter("Bo"))
    c.dispatch(tr.SetTerrain("forest"))
    with pytest.raises(Refused, match="Dyb & Drager says what a hunt finds"):
        c.dispatch(tr.Hunt(True, 3))
    c.dispatch(tr.Hunt(True))
    assert c.state.travel.days[-1].food == 2  # a ration a hunter, as before
    d = make("dnd-2024", "dnd")
    d.dispatch(AddCharacter("Ana"))
    with pytest.raises(Refused, match="no hunting rule"):
        d.dispatch(tr.Hunt(True, 3))


def test_a_ruleset_that_rolls_foraging_takes_no_gm_word(make):
    c = make("dyb-og-drager")
    c.dispatch(AddCharacter("Ana"))
    c.dispatch(tr.SetTerrain("forest"))
    with pytest.raises(Refused, match="rolls foraging"):
        c.dispatch(tr.ForageDay(True, 3))


def test_the_cli_forage_says_found_or_nothing(saves, capsys):
    from tracker.cli import main
    assert main(["new", "w", "--ruleset", "dolmenwood"]) == 0
    for argv in (["add-character", "Ana"], ["terrain", "farmland"]):
        assert main(["do", "w", *argv]) == 0
    assert main(["do", "w", "forage", "--found", "3"]) == 0
    assert main(["do", "w", "forage", "--nothing"]) == 0
    out = capsys.readouterr().out
    assert "3 rations found" in out and "nothing found" in out
    assert main(["do", "w", "hunt", "--found", "2"]) == 0
    assert main(["do", "w", "hunt", "--nothing"]) == 0
    out = capsys.readouterr().out
    assert "A day hunting (the GM decides): 2 rations found" in out
    assert "A day hunting (the GM decides): nothing found" in out


# --- the dead guide no one ------------------------------------------------------------

RULESETS = ["dyb-og-drager", "dolmenwood", "dnd-2024"]


def with_a_dead(make, rid):
    c = make(rid, f"d-{rid}")
    c.dispatch(AddCharacter("Ana", hp=4))
    c.dispatch(AddCharacter("Bo", hp=4))
    return c


@pytest.mark.parametrize("rid", RULESETS)
def test_a_dead_navigator_is_refused(make, rid):
    c = with_a_dead(make, rid)
    c.dispatch(Damage("Ana", 20))  # far past 0: dead on every ruleset
    with pytest.raises(Refused, match="Ana is dead: the dead guide no one"):
        c.dispatch(tr.SetGuide(False, "Ana"))
    c.dispatch(tr.SetGuide(False, "Bo"))
    assert c.state.travel.navigator == "Bo"


def test_a_navigator_who_died_since_makes_no_check(make):
    c = with_a_dead(make, "dnd-2024")
    c.dispatch(SetSupplies("rations", 10))
    c.dispatch(tr.SetTerrain("forest"))
    c.dispatch(tr.SetGuide(False, "Ana"))
    c.dispatch(Damage("Ana", 20))
    with pytest.raises(Refused, match="Ana is dead: .*choose another navigator"):
        c.dispatch(tr.TravelDay())
    c.dispatch(tr.SetGuide(False, "Bo"))
    c.dispatch(tr.TravelDay())
    assert c.state.travel.day == 1


async def test_the_navigator_dialog_leaves_the_dead_out(saves):
    from tracker.ui.app import TrackerApp
    from tracker.ui.dialogs import ChoiceDialog
    from tracker.service import Campaign
    c = Campaign.create(saves, "nav", "dnd-2024", 1)
    c.dispatch(AddCharacter("Ana", hp=4))
    c.dispatch(AddCharacter("Bo", hp=4))
    c.dispatch(Damage("Ana", 20))
    c.dispatch(tr.SetTerrain("forest"))
    c.close()
    app = TrackerApp(saves, "nav")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the session on offer
        await pilot.pause()
        await pilot.press("5")
        await pilot.pause()
        await app.screen.run_action("guide")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, ChoiceDialog):
                break
        await pilot.press("enter")  # a guide: yes
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, ChoiceDialog) and app.screen.title_text == "Navigator":
                break
        assert isinstance(app.screen, ChoiceDialog)
        assert [k for k, _ in app.screen.options] == ["Bo"]


@pytest.mark.parametrize("action,found", [("forage", 4), ("hunt", 3)])
async def test_the_days_dialog_asks_the_gm_in_dolmenwood(saves, action, found):
    """Foraging and hunting, where the ruleset leaves them to the GM: found or
    not, then how many rations (one dialog, ``_gm_finds``)."""
    from tracker.ui.app import TrackerApp
    from tracker.service import Campaign
    c = Campaign.create(saves, "fw", "dolmenwood", 1)
    c.dispatch(AddCharacter("Ana"))
    c.dispatch(tr.SetTerrain("farmland"))
    c.close()
    app = TrackerApp(saves, "fw")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the session on offer
        await pilot.pause()
        await pilot.press("5")
        await pilot.pause()
        await app.screen.run_action(action)
        await pilot.pause()
        await pilot.press("enter")  # food (game) found
        await pilot.pause()
        await pilot.press(str(found), "enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.state.travel.days[-1].food == found
