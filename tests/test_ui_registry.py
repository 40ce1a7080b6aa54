"""Every area screen is registered completely (a key, a title, its own
stylesheet), the app builds its keys, styles and palette from the registry,
and the campaign-wide actions are on every area screen. A test here fails
naming what is missing."""

from __future__ import annotations

import inspect
import pkgutil
import re

from textual.screen import Screen

import tracker.ui.screens as screens_pkg
from tracker.demo import build
from tracker.ui.app import TrackerApp
from tracker.ui.areas import area_screens
from tracker.ui.dialogs import TextDialog
from tracker.ui.palette import ScreenActions

from support.pilot import settle as _settle

NOT_AREAS = {"PickerScreen"}  # the picker opens no campaign area; it has no number key
SIZE = (80, 24)


def test_every_area_screen_has_a_key_a_title_and_its_own_stylesheet():
    missing = []
    for a in area_screens():
        what = f"area screen {a.name!r} ({a.screen.__name__})"
        if not a.key:
            missing.append(f"{what}: no key")
        if not a.title or not a.help:
            missing.append(f"{what}: no title or palette help")
        if not a.css.is_file():
            missing.append(f"{what}: its stylesheet {a.css.name} does not exist")
            continue
        selectors = re.findall(r"^([^\s/*}][^{]*)\{", a.css.read_text(), re.M)
        strays = [s.strip() for sel in selectors for s in sel.split(",")
                  if not s.strip().startswith(a.screen.__name__)]
        if strays:  # a rule for every screen belongs in app.tcss
            missing.append(f"{what}: {a.css.name} styles beyond its screen: {strays}")
        if not getattr(a.screen, "PALETTE", None):
            missing.append(f"{what}: no PALETTE (the command palette would not list its actions)")
        for title, _, action in getattr(a.screen, "PALETTE", []):
            name = action.split("(")[0]
            if not hasattr(a.screen, f"action_{name}"):
                missing.append(f"{what}: palette entry {title!r} runs no action_{name}")
    assert not missing, "\n".join(missing)


def test_area_screens_do_not_share_a_name_a_key_or_a_place():
    found = area_screens()
    for field in ("name", "key", "order"):
        values = [getattr(a, field) for a in found]
        twins = sorted({v for v in values if values.count(v) > 1})
        assert not twins, f"area screens share a {field}: {twins}"
    app_keys = {k for b in TrackerApp.BINDINGS if not b.action.startswith("show_area")
                for k in b.key.split(",")}
    clash = [a.name for a in found if a.key in app_keys]
    assert not clash, f"area screen keys taken by other app keys: {clash}"


def test_every_screen_module_registers_its_screen():
    """A screen class without its @area_screen line would be unreachable."""
    registered = {a.screen for a in area_screens()}
    unregistered = []
    for info in pkgutil.iter_modules(screens_pkg.__path__):
        module = __import__(f"{screens_pkg.__name__}.{info.name}", fromlist=["_"])
        for cls in vars(module).values():
            if inspect.isclass(cls) and issubclass(cls, Screen) and \
                    cls.__module__ == module.__name__ and cls not in registered and \
                    cls.__name__ not in NOT_AREAS:
                unregistered.append(f"{module.__name__}.{cls.__name__}")
    assert not unregistered, f"screens with no @area_screen line: {unregistered}"


async def test_campaign_wide_actions_are_on_every_area_screen(saves):
    """A note, sessions, manual dice, house rules: in the palette of every area
    screen, and a note can be written from each of them."""
    build(saves, "t", "dolmenwood", "fresh").close()
    # every screen's palette entry and its key, built once: each screen is then
    # checked against this set, so the test grows with the screens, not their square
    screen_entries = {(f"{a.title} screen", f"({a.key})") for a in area_screens()}
    app = TrackerApp(saves, "t")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        for a in area_screens():
            await pilot.press(a.key)
            await _settle(pilot)
            assert isinstance(app.screen, a.screen), a.name
            items = {t: h for t, h, _ in ScreenActions(app.screen)._items()}
            for title in ("GM note", "Start session", "End session", "Manual dice on/off",
                          "House rule", "Undo", "Campaigns", "Keys", "Quit"):
                assert title in items, f"{a.name} screen: no {title!r} in the palette"
            shown = {(t, h[h.rfind(" (") + 1:]) for t, h in items.items() if " (" in h}
            assert screen_entries <= shown, \
                f"{a.name} screen: palette entries or keys missing: {sorted(screen_entries - shown)}"
            notes = app.state.notes
            await app.run_action("app.note", app.screen)
            await _settle(pilot)
            assert isinstance(app.screen, TextDialog), f"{a.name} screen: no note dialog"
            await pilot.press(*f"from {a.name}", "enter")
            await _settle(pilot)
            assert app.state.notes == notes + 1, f"{a.name} screen: the note was not written"
            assert isinstance(app.screen, a.screen)


async def test_campaign_actions_are_hidden_without_a_campaign(saves):
    app = TrackerApp(saves)  # the picker
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        items = {t for t, _, _ in ScreenActions(app.screen)._items()}
        assert "GM note" not in items and "Dungeon screen" not in items
        assert app.check_action("note", ()) is False


def test_the_readme_lists_every_area_screen_and_its_key():
    """Playtest #11: a screen missing from README is found only by chance."""
    from pathlib import Path

    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    missing = [f"{a.key} {a.title}" for a in area_screens()
               if not re.search(rf"^\| `{a.key}` \| {a.title} \|", readme, re.M)]
    assert not missing, f"README's screens table lacks: {missing}"
