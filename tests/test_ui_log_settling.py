"""The log screen settles the part of a long list the GM has on screen first
(issue 22): a sketched list's lines show no game time until the replay reaches
them; a jump into the middle of the list waits for one part's replay, not for
everything before it. And the list it ends with is the full replay's."""

from __future__ import annotations

import threading

from tracker import history
from tracker.core import dungeon as dun, lights, party, supplies
from tracker.core.campaign import StartSession
from tracker.history import Settling, entries
from tracker.service import Campaign, LogReader
from tracker.ui.app import TrackerApp
from tracker.ui.screens.log import LogScreen
from tracker.ui.widgets.log_view import LogView

from support.pilot import SIZE, settle as _settle


def _long_delve(saves, turns: int) -> None:
    c = Campaign.create(saves, "long", "dyb-og-drager", 1)
    c.store.conn.execute("PRAGMA synchronous = OFF")  # a test's file: speed over durability
    c.dispatch(party.AddCharacter("Ana"))
    c.dispatch(StartSession())  # in session: the app asks nothing on opening
    c.dispatch(supplies.SetSupplies("torches", 200))
    c.dispatch(dun.EnterDungeon("Deep", 1))
    for i in range(turns):
        if i % 6 == 0:
            c.dispatch(lights.LightSource("torch", "Ana"))
        c.dispatch(dun.AdvanceTurn(1, "explore"))
    c.close()


async def test_the_part_on_screen_is_settled_first(saves, monkeypatch):
    _long_delve(saves, 700)  # over 500 entries: the screen sketches the list
    monkeypatch.setattr(history, "CHUNK", 50)
    settled, go = [], threading.Event()
    real_settle, real_loop = Settling.settle, LogScreen._settle

    def recorded(self, part, stop=lambda: False):
        settled.append(part)
        return real_settle(self, part, stop)

    def held(self, parts, wanted, stop):  # until the test has moved the cursor
        go.wait(30)
        return real_loop(self, parts, wanted, stop)
    monkeypatch.setattr(Settling, "settle", recorded)
    monkeypatch.setattr(LogScreen, "_settle", held)
    app = TrackerApp(saves, "long")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.3)  # not settle(): it would wait for the held worker
        app.action_show_area("log")
        screen = app.screen
        for _ in range(3000):  # the sketch shown: complete, not settled
            await pilot.pause(0.01)
            if isinstance(screen, LogScreen) and screen.complete and not screen.settled \
                    and len(screen.all) == app.campaign.seq:
                break
        view = screen.query_one(LogView)
        assert view.entries[300].clock is None  # older than the tail: no game time yet
        view.cursor = 300
        target = view.entries[300].seq
        for _ in range(300):
            await pilot.pause(0.01)
            if target in view.unsettled:
                break
        assert target in view.unsettled
        go.set()
        for _ in range(3000):
            await pilot.pause(0.01)
            if screen.settled:
                break
        await _settle(pilot)
        assert settled[0][0] <= target <= settled[0][1]  # its part first
        # then the oldest left, in order (after any other part on screen)
        firsts = [p[0] for p in settled]
        assert firsts.index(1) <= 2 and firsts[firsts.index(1):] == sorted(firsts[firsts.index(1):])
        with LogReader(saves / "long.campaign") as log:
            whole = entries(list(log.read()), log.timeline)
        assert [e.as_json() for e in screen.all] == [e.as_json() for e in whole]
        shown = view.render_line(view.cursor - view.scroll_offset.y).text
        assert shown.split()[2] != "·" and view.current.game_time  # its day, not "·"


async def test_a_search_typed_letter_by_letter_keeps_what_a_fresh_search_keeps(saves, monkeypatch):
    """Each letter typed searches only what the last letter kept, once the list
    is settled; before that (an entry's words still growing), and after any
    other filter changed, the whole list."""
    from tracker.history import filtered

    _long_delve(saves, 120)
    app = TrackerApp(saves, "long")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.action_show_area("log")
        await _settle(pilot)
        screen = app.screen
        searched = []
        real = filtered

        def counted(entries, *a, **k):
            searched.append(len(entries))
            return real(entries, *a, **k)
        monkeypatch.setattr("tracker.ui.screens.log.filtered", counted)
        kept = []
        for typed in ("t", "to", "tor", "torch", "torch (", "to", "x"):
            screen.text = typed
            screen.apply_filters()
            await pilot.pause()
            want = real(screen.all, text=typed)
            assert screen.query_one(LogView).entries == want, typed
            kept.append(len(want))
        whole = len(screen.all)
        assert 0 < kept[4] < kept[3]  # "torch (#2) went out": words time passing added
        # "t", then each longer search from the last one's, then "to" again (shorter) and "x"
        assert searched == [whole, *kept[:4], whole, whole]
        screen.text = "torch"
        screen.settled = False  # as while it settles: every search reads the whole list
        searched.clear()
        screen.apply_filters()
        screen.text = "torch ("
        screen.apply_filters()
        assert searched == [whole, whole]
