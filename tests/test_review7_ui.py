"""GM review 7's clumsy findings in the app: a corrected entry marked in every
pane that shows log lines (C2), dialogs that read the campaign as another
process left it (C3), keys that record with no question (C4), the log's
search handing the keys back to the list (C11), the log footer at 70 columns
and multi-step commands that say why they stopped (C12)."""

from __future__ import annotations

from tracker.core import campaign as camp
from tracker.core import party
from tracker.core.dungeon import AdvanceTurn, EnterDungeon
from tracker.core.lights import LightSource
from tracker.core.supplies import SetSupplies
from tracker.service import Campaign
from tracker.ui.app import TrackerApp

from support.pilot import SIZE, settle


def _torch_by_ea(saves) -> int:
    """A Dyb & Drager delve with a torch lit by Ea; the torch's entry's seq."""
    c = Campaign.create(saves, "krypten", "dyb-og-drager", 3)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Ea"))
    c.dispatch(party.AddCharacter("Bo"))
    c.dispatch(SetSupplies("torches", 3))
    c.dispatch(EnterDungeon())
    lit = c.dispatch(LightSource("torch", "Ea")).envelopes[-1].seq
    c.dispatch(AdvanceTurn())
    c.close()
    return lit


def _amend_elsewhere(saves, name: str, seq: int, **fields) -> None:
    """The CLI's ``amend SEQ --set k=v`` from another process."""
    other = Campaign.open(saves, name)
    other.dispatch(other.amend_command(seq, fields={k: str(v) for k, v in fields.items()}))
    other.close()


async def test_dungeon_log_pane_marks_an_entry_corrected_elsewhere(saves):
    """C2: the dungeon's log pane marks a corrected entry as the log screen
    does (✎), beside a Lights table that reads the correction."""
    lit = _torch_by_ea(saves)
    app = TrackerApp(saves, "krypten")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # carry on the session
        await settle(pilot)
        _amend_elsewhere(saves, "krypten", lit, by="Bo")
        app._catch_up()
        await settle(pilot)
        pane = app.screen.query_one("#log").content
        line = next(x for x in str(pane).splitlines() if x.startswith(f"#{lit} "))
        assert line.startswith(f"#{lit} ✎"), line
        assert app.state.lights[-1].by == "Bo"
