"""The dungeon's log pane and the chase's round by round, in the app, read a
past entry as it stood when it was made, after a house rule, an escape and
the end of the chase, and after reopening (review findings 1 and 2 of the
past-lines round; tests/test_past_lines.py holds the kind for every pane)."""

from __future__ import annotations

from tracker.core import campaign as camp
from tracker.core import chase as ch
from tracker.core import party
from tracker.core.dungeon import AdvanceTurn, EnterDungeon
from tracker.service import Campaign
from tracker.ui.app import TrackerApp

from support.i18n import svg_text
from support.pilot import SIZE, settle

ROGUE = (10, 16, 14, 12, 14, 10)


def _line(app, seq: int) -> str:
    """Entry ``seq``'s line as the screen shows it (80 columns: cut with "…")."""
    text = svg_text(app.export_screenshot())
    found = [part.strip() for line in text.splitlines() for part in line.split("│")
             if part.strip().startswith(f"#{seq} ")]  # a pane beside it: its own part
    assert found, text
    return found[0]


async def test_the_dungeon_log_pane_keeps_an_old_check_quiet_after_a_house_rule(saves):
    c = Campaign.create(saves, "d", "dyb-og-drager", 1)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Bo"))
    c.dispatch(EnterDungeon())
    c.dispatch(AdvanceTurn())
    seq = c.dispatch(AdvanceTurn(activity="rest"), [2]).envelopes[-1].seq  # 2: quiet at 1-in-6
    c.close()
    app = TrackerApp(saves, "d", lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the session question, if asked
        await settle(pilot)
        before = _line(app, seq)
        assert "quiet" in before
        await app.dispatch(camp.ChangeHouseRule("dungeon.wandering.chance", '"2-in-6"'))
        await settle(pilot)
        assert app.state.rules.dungeon.wandering.chance != c.state.rules.dungeon.wandering.chance
        assert _line(app, seq) == before
        assert "ENCOUNTER" not in _line(app, seq)
    app = TrackerApp(saves, "d", lang="en")  # reopened: the same
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert _line(app, seq) == before


async def test_the_chase_pane_keeps_a_rounds_end_after_an_escape_and_the_end(saves):
    c = Campaign.create(saves, "k", "dnd-2024", 3)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Ana", "rogue", 1, ROGUE))
    c.dispatch(ch.StartChase("urban", 90))
    c.dispatch(ch.JoinChase("Ana"), [14])
    c.dispatch(ch.JoinChase("Thug", "pursuer", 30, 1, 0, 12), [18])
    c.dispatch(ch.TakeTurn(None, True), [9])
    seq = c.dispatch(ch.TakeTurn(None, True), [11]).envelopes[-1].seq  # the round's last turn
    c.close()
    app = TrackerApp(saves, "k", lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("6")
        await settle(pilot)
        before = _line(app, seq)
        assert "End of round 1" in before
        await pilot.press("e")  # Ana, the one quarry: straight to the escape factor
        await settle(pilot)
        await pilot.press("enter")  # no escape factor
        await settle(pilot)
        escape = app.state.chase.runners[0]
        assert app.campaign.entry(app.campaign.seq).type == "chase_escape_rolled", escape
        assert _line(app, seq) == before
        escaped = app.campaign.seq
        said = _line(app, escaped)
        await app.dispatch(ch.EndChase("escaped"))
        await settle(pilot)
        assert _line(app, seq) == before and _line(app, escaped) == said


async def test_the_recent_panes_read_in_the_campaigns_language_from_the_start(saves, monkeypatch):
    """The recent lines are read when the campaign opens: after its language
    is chosen, so a Danish campaign's pane is Danish from the first paint."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    c = Campaign.create(saves, "d", "dyb-og-drager", 1)
    c.dispatch(party.AddCharacter("Bo"))
    c.dispatch(EnterDungeon())
    c.close()
    app = TrackerApp(saves, "d")  # no --lang: the ruleset's, Danish
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert "kom med i gruppen" in _line(app, 2) and "joined" not in _line(app, 2)
