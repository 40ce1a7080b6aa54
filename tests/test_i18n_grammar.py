"""Grammar and fit in Danish and Ukrainian (issue 23): footers at 80 columns,
counts of named things, words without a grammatical gender, one apostrophe,
the per-campaign commands' help, the Markdown export's last newline,
Textual's own words, and long lines at 80 columns."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from support.i18n import SIZE, svg_text
from support.pilot import settle

from tracker import i18n
from tracker.ui.app import TrackerApp
from tracker.ui.areas import area_screens
from tracker.ui.widgets.footer import MAIN

GENERATION = Path(__file__).parent / "data" / "generations" / "g7-2026-12-01-morning"
RULESETS = ("dyb-og-drager", "dolmenwood", "dnd-2024")
LANGS = ("en", "da", "uk")


@pytest.fixture
def played(tmp_path):
    """Campaigns where every area was played (generation g7)."""
    saves = tmp_path / "saves"
    saves.mkdir()
    for rid in RULESETS:
        shutil.copy(GENERATION / f"{rid}.campaign", saves / f"{rid}.campaign")
    return saves


# -- 1. the footer at 80 columns keeps every screen's main keys ------------------------------


def _main_descriptions(app) -> list[str]:
    """The screen's main keys as the footer words them: the first MAIN of the
    keys the screen itself shows now (its active bindings, bar the app's)."""
    app_actions = {b.action for b in app.BINDINGS if hasattr(b, "action")}
    own, seen = [], set()
    for _node, binding, enabled, _tip in app.screen.active_bindings.values():
        if binding.show and binding.action not in app_actions \
                and binding.action not in seen and binding.action != "command_palette":
            seen.add(binding.action)
            own.append(i18n._(binding.description))
    return own[:MAIN]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rid", RULESETS)
async def test_every_screen_keeps_its_main_keys_at_80_columns(played, rid, lang):
    app = TrackerApp(played, rid, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the campaign asks to begin a session: not now
        await settle(pilot)
        for screen in area_screens():
            await pilot.press(screen.key)
            await settle(pilot)
            await pilot.pause(0.1)
            footer = svg_text(app.export_screenshot()).splitlines()[-1]
            with i18n.using(lang):
                main = _main_descriptions(app)
                kept = [i18n._("Quit"), i18n._("Keys")]
            assert main, f"{screen.name} shows no key of its own"
            for word in [*main, *kept]:
                assert word in footer, f"{screen.name} in {lang} lost {word!r}: {footer!r}"
            assert "…" not in footer, footer
