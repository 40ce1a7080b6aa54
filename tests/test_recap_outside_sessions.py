"""The play outside sessions (prep before the first, and what is done after
"Session N ended") is a recap the app can reach (gm-review3 R8): `left` from
the first session shows it, and "All" counts it with every session."""

from __future__ import annotations

from tracker import i18n, recap
from tracker.core.campaign import EndSession, StartSession
from tracker.core.dungeon import AdvanceTurn, EnterDungeon, LeaveDungeon
from tracker.ui.app import TrackerApp

from support.pilot import settle


def _played(saves, make):
    c = make(name="between")
    c.dispatch(EnterDungeon("Prep"))  # before session 1: outside sessions
    c.dispatch(AdvanceTurn(2))
    c.dispatch(LeaveDungeon())
    c.dispatch(StartSession())
    c.dispatch(EnterDungeon("Played"))
    c.dispatch(AdvanceTurn(1))
    c.dispatch(LeaveDungeon())
    c.dispatch(EndSession())
    c.dispatch(EnterDungeon("After"))  # after it ended: outside sessions again
    c.dispatch(AdvanceTurn(3))
    c.close()


async def test_left_from_the_first_session_and_all_reach_the_play_outside(saves, make):
    _played(saves, make)
    app = TrackerApp(saves, "between")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # "Start session 2?": not now
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        screen = app.screen
        assert screen.shown_sessions == [1] and "Played" in screen.shown_markdown
        await pilot.press("left")
        await settle(pilot)
        assert screen.shown_sessions == [0]
        shown = screen.shown_markdown
        assert "outside sessions" in shown.splitlines()[0]
        assert "Prep" in shown and "After" in shown and "Played" not in shown
        await pilot.press("a")
        await settle(pilot)
        assert screen.shown_sessions == [0, 1]
        shown = screen.shown_markdown
        assert shown.splitlines()[0].endswith("outside sessions and session 1")
        assert all(name in shown for name in ("Prep", "Played", "After"))


def test_a_span_with_the_play_outside_is_named_so():
    with i18n.using("en"):
        assert recap.sessions_name([0, 1, 2, 3]) == "outside sessions and sessions 1-3"
        assert recap.sessions_name([1, 2]) == "sessions 1-2"
        assert recap.sessions_name([0]) == "outside sessions"
    with i18n.using("da"):
        assert recap.sessions_name([0, 2]) == "spilgang 2 og uden for spilgange"
