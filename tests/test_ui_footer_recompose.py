"""The footer composes once per change of what it shows (issue 22, seventh
pass): a screen mounting sends several bindings signals, most with the same
keys, and each used to recompose the footer (every key widget mounted and
styled again). Counted here, not timed (timing goals live in bench/)."""

from __future__ import annotations

from textual.widgets._footer import FooterKey

from tracker.core.campaign import SetLanguage
from tracker.demo import build
from tracker.ui.app import TrackerApp
from tracker.ui.widgets.footer import Footer

from support.pilot import settle


def _count(monkeypatch) -> list:
    done = []
    real = Footer.recompose

    async def recompose(self):
        done.append(self)
        await real(self)
    monkeypatch.setattr(Footer, "recompose", recompose)
    return done


def _keys(app) -> list[str]:
    return [k.description for k in app.screen.query_one(Footer).query(FooterKey) if k.display]


async def test_each_screen_mounting_composes_its_footer_once(saves, monkeypatch):
    build(saves, "d", "dnd-2024", "mid").close()
    app = TrackerApp(saves, "d")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in "234567":
            done = _count(monkeypatch)
            await pilot.press(key)
            await settle(pilot)
            monkeypatch.undo()
            assert len(done) == 1, (key, len(done))
            assert _keys(app), key  # composed, with its keys
            await pilot.press("1")
            await settle(pilot)


async def test_the_footer_follows_a_change_of_language_and_an_undo(saves, monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):  # the campaign's language, then
        monkeypatch.delenv(var, raising=False)
    build(saves, "d", "dnd-2024", "mid").close()
    app = TrackerApp(saves, "d")
    async with app.run_test(size=(100, 24)) as pilot:
        await settle(pilot)
        before = _keys(app)
        app.run_command(SetLanguage("da"))
        await settle(pilot)
        danish = _keys(app)
        assert danish != before and "Afslut" in danish, danish
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert _keys(app) == before
