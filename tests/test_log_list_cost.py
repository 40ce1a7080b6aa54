"""What the log's whole list costs, checked by what it does, not by how long it
takes (timing goals live in bench/bench.py; issue 22, fifth pass)."""

from __future__ import annotations

import msgspec

from tracker import i18n
from tracker.core import terms
from tracker.store import paths, shipped


def _rules(ruleset_id: str = "dyb-og-drager"):
    return shipped.ruleset(ruleset_id)


def test_a_name_asked_again_walks_the_ruleset_once(monkeypatch):
    """Each of 100,000 turn lines asked the ruleset for its activity's name and
    walked the ruleset for it: half of describing a line."""
    rules = _rules()
    walked = []
    real = terms._walk
    monkeypatch.setattr(terms, "_walk", lambda r, key: walked.append(key) or real(r, key))
    monkeypatch.setattr(terms, "_english", {})
    with i18n.using("en"):
        names = {terms.term(rules, "dungeon.activities.rest") for _ in range(100)}
    assert len(names) == 1 and walked == ["dungeon.activities.rest"]


def test_a_name_remembered_is_its_own_rulesets():
    """Remembered per ruleset: another ruleset (a house rule renaming the
    light) reads its own name, and an unknown key its default, every time."""
    rules = _rules()
    lights = {k: msgspec.structs.replace(v, name="Brand") if k == "torch" else v
              for k, v in rules.lights.items()}
    house = msgspec.structs.replace(rules, lights=lights)
    with i18n.using("en"):
        for _ in range(3):
            assert terms.term(rules, "lights.torch") == "Torch"
            assert terms.term(house, "lights.torch") == "Brand"
            assert terms.term(rules, "dungeon.activities.nowhere", "x") == "x"


def test_every_shipped_name_reads_as_walked():
    """The remembered names are the walked ones, for every key of every shipped ruleset."""
    for rid in paths.list_rulesets():
        rules = _rules(rid)
        for key in terms.term_keys(rules):
            assert terms.english(rules, key) == terms._english_walked(rules, key), (rid, key)


def _notes(saves, n: int) -> None:
    from tracker.core.campaign import AddNote, StartSession
    from tracker.service import Campaign
    c = Campaign.create(saves, "notes", "dyb-og-drager", 1)
    c.store.conn.execute("PRAGMA synchronous = OFF")  # a test's file: speed over durability
    c.dispatch(StartSession())
    for i in range(n):
        c.dispatch(AddNote(f"note {i}"))
    c.close()


async def _log_screen(app, pilot):
    from support.pilot import settle
    app.action_show_area("log")
    await settle(pilot)
    await pilot.pause()
    return app.screen.query_one("#log-list")


def _cursor_in_view(view) -> bool:
    top, height = view.scroll_offset.y, view.scrollable_content_region.height
    return top <= view.cursor < top + height


async def test_the_cursor_stays_in_view_when_the_list_gets_shorter(saves):
    """Seen in tmux: from 100 columns to 80 the list goes above its pane, a
    third of its rows; the cursor on the last entry was left below the view,
    and End, already there, did not bring it back."""
    from tracker.ui.app import TrackerApp
    _notes(saves, 120)
    app = TrackerApp(saves, "notes")
    async with app.run_test(size=(110, 40)) as pilot:
        view = await _log_screen(app, pilot)
        assert view.cursor == len(view.entries) - 1 and _cursor_in_view(view)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert _cursor_in_view(view), (view.cursor, view.scroll_offset.y)
        view.scroll_to(y=0, animate=False, immediate=True)  # scrolled away by the wheel
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        assert _cursor_in_view(view)


async def test_the_seq_column_widens_for_entry_100000(saves):
    """Seen in tmux: entry 100,000 and after pushed their line a column right
    of the ones before."""
    from tracker.history import LogEntry
    from tracker.ui.app import TrackerApp
    _notes(saves, 3)
    app = TrackerApp(saves, "notes")
    async with app.run_test(size=(110, 40)) as pilot:
        view = await _log_screen(app, pilot)
        view.show([LogEntry(seq, 1, None, "note_added", None, None, None, "campaign",
                            _text="x") for seq in range(99990, 100010)], keep_seq=99990)
        await pilot.pause()
        lines = [view.render_line(y).text for y in range(20)]
        assert len({line.index(" x") for line in lines}) == 1, lines
