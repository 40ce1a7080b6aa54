"""A light can be picked up (gm-review F13): one dropped where its carrier
fell, one set down, or one its carrier hands over, by a living member; in
every ruleset (each has lights), from the CLI (`take-light ID NAME`) and the
dungeon screen (`h`), undone and corrected like any entry, in en/da/uk. The
event is new (light_taken, version 1): no older log holds one."""

from __future__ import annotations

import pytest
from support.pilot import settle

from tracker import i18n
from tracker.cli import main
from tracker.core.describe import describe
from tracker.core.dungeon import EnterDungeon
from tracker.core.errors import Refused
from tracker.core.events import EVENT_TYPES
from tracker.core.lights import LightSource, TakeLight
from tracker.core.lights.rules import LightTaken, dropped_by
from tracker.core.party import AddCharacter, Damage, RemoveCharacter
from tracker.core.supplies import SetSupplies
from tracker.ui.app import TrackerApp

RULESETS = ["dyb-og-drager", "dolmenwood", "dnd-2024"]


def _fallen(make, rid, name="c"):
    """Ana carries a lit torch and dies: it lies where she fell."""
    c = make(rid, name=name)
    c.dispatch(AddCharacter("Ana", hp=3))
    c.dispatch(AddCharacter("Bo", hp=5))
    c.dispatch(AddCharacter("Cy", hp=5))
    c.dispatch(SetSupplies("torches", 3))
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(LightSource("torch", "Ana"))
    c.dispatch(Damage("Ana", 30))
    light = c.state.lights[0]
    assert dropped_by(c.state, light) == "Ana"
    return c, light.id


@pytest.mark.parametrize("rid", RULESETS)
def test_a_dropped_light_is_picked_up_and_burns_on(make, rid):
    c, lid = _fallen(make, rid)
    left = c.state.lights[0].left(c.state.clock)
    out = c.dispatch(TakeLight(lid, "bo"))  # the party's spelling is found
    light = c.state.lights[0]
    assert light.by == "Bo" and not dropped_by(c.state, light) and light.lit
    assert light.left(c.state.clock) == left and c.state.clock == out.state.clock
    assert describe(out.envelopes[0].event, c.state.rules, c.state,
                    c.state_at(out.envelopes[0].seq - 1)) == \
        f"Bo takes a torch dropped by Ana (#{lid})"
    assert isinstance(out.envelopes[0].event, LightTaken) and LightTaken.VERSION == 2  # from_by (known-issue 5)
    assert EVENT_TYPES["light_taken"] is LightTaken
    c.undo()
    assert dropped_by(c.state, c.state.lights[0]) == "Ana"
    c.redo()
    assert c.state.lights[0].by == "Bo"
    # handed over by a living carrier, then to one more
    c.dispatch(TakeLight(lid, "Cy"))
    assert c.state.lights[0].by == "Cy"


@pytest.mark.parametrize("rid", RULESETS)
def test_what_is_refused(make, rid):
    c, lid = _fallen(make, rid)
    for cmd, why in ((TakeLight(lid, "Ana"), "Ana is dead: the dead carry no light"),
                     (TakeLight(99, "Bo"), "there is no light #99"),
                     (TakeLight(lid, ""), f"name who takes light #{lid}"),
                     (TakeLight(lid, "Zed"), "Zed")):
        with pytest.raises(Refused, match=why):
            c.dispatch(cmd)
    c.dispatch(TakeLight(lid, "Bo"))
    with pytest.raises(Refused, match=f"Bo carries light #{lid} already"):
        c.dispatch(TakeLight(lid, "Bo"))


def test_a_set_down_light_is_picked_up(make):
    c = make("dyb-og-drager")
    c.dispatch(AddCharacter("Bo", hp=5))
    c.dispatch(AddCharacter("Cy", hp=5))
    c.dispatch(SetSupplies("torches", 3))
    c.dispatch(EnterDungeon("Crypt"))
    c.dispatch(LightSource("torch", "Cy"))
    c.dispatch(RemoveCharacter("Cy"))  # the lights they carried are set down
    lid = c.state.lights[0].id
    assert c.state.lights[0].by == ""
    out = c.dispatch(TakeLight(lid, "Bo"))
    with i18n.using("da"):
        line = describe(out.envelopes[0].event, c.state.rules, c.state,
                        c.state_at(out.envelopes[0].seq - 1))
    assert line.startswith("Bo tager: ") and f"#{lid}" in line


def test_a_correction_cannot_hand_it_to_the_dead(make):
    c, lid = _fallen(make, "dolmenwood")
    seq = c.dispatch(TakeLight(lid, "Bo")).envelopes[0].seq
    with pytest.raises(Refused, match="dead"):
        c.dispatch(c.amend_command(seq, fields={"by": "Ana"}))
    c.dispatch(c.amend_command(seq, fields={"by": "Cy"}))
    assert c.state.lights[0].by == "Cy"


@pytest.mark.parametrize("lang,line", [("en", "Bo takes a torch dropped by Ana"),
                                       ("uk", "Bo бере: ")])
def test_the_cli(make, capsys, lang, line):
    c, lid = _fallen(make, "dyb-og-drager", name="cli")
    c.close()
    assert main(["--lang", lang, "do", "cli", "take-light", str(lid), "Bo"]) == 0
    assert line in capsys.readouterr().out
    assert main(["do", "cli", "take-light", str(lid), "Ana"]) == 1
    assert "the dead carry no light" in capsys.readouterr().err


async def test_the_dungeon_screens_h(make, saves):
    c, lid = _fallen(make, "dyb-og-drager", name="app")
    c.close()
    app = TrackerApp(saves, "app")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for key in ("escape", "1", "h"):
            await pilot.press(key)
            await settle(pilot)
        await pilot.press("enter")  # the first who can: Bo
        await settle(pilot)
        assert app.state.lights[0].by == "Bo"
