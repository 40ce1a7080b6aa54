"""Keys are remappable (issue 21): a keymap file of binding ids applies to every
screen, a bad one is reported by name, and docs/keys.md lists every id."""

from __future__ import annotations

import ast
from pathlib import Path

from tracker.core import campaign as camp
from tracker.core import dungeon as dun
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from tracker.ui.keymap import every_binding, keys_markdown

from support.pilot import settle as _settle

ROOT = Path(__file__).resolve().parents[1]


def _delve(saves) -> None:
    c = Campaign.create(saves, "k", "dyb-og-drager", 1)
    c.dispatch(camp.StartSession())
    c.dispatch(dun.EnterDungeon("Crypt", 1))
    c.close()


def _app_with_keymap(saves, tmp_path, monkeypatch, text: str) -> TrackerApp:
    """The app on a fresh delve, with ``text`` as the GM's keymap file."""
    keymap = tmp_path / "keymap.toml"
    keymap.write_text(text)
    monkeypatch.setenv("TRACKER_KEYMAP", str(keymap))
    _delve(saves)
    return TrackerApp(saves, "k")


async def test_a_remapped_key_does_the_action_and_the_old_key_no_longer(saves, tmp_path,
                                                                         monkeypatch):
    app = _app_with_keymap(saves, tmp_path, monkeypatch,
                           '"dungeon.turn" = "space"\n"app.screen.log" = "f2"\n')
    async with app.run_test(size=(100, 30)) as pilot:
        await _settle(pilot)
        await pilot.press("space")
        await _settle(pilot)
        assert app.state.dungeon.turn == 1
        await pilot.press("t")
        await _settle(pilot)
        assert app.state.dungeon.turn == 1  # t is free now
        await pilot.press("f2")
        await _settle(pilot)
        assert type(app.screen).__name__ == "LogScreen"


async def test_a_bad_keymap_is_reported_by_name_and_the_rest_applies(saves, tmp_path,
                                                                    monkeypatch):
    app = _app_with_keymap(saves, tmp_path, monkeypatch,
                           '"dungeon.trun" = "x"\n"dungeon.rest" = ""\n'
                           '"dungeon.light" = "ctrl + l"\n"dungeon.turn" = "space"\n')
    async with app.run_test(size=(100, 30)) as pilot:
        await _settle(pilot)
        told = " | ".join(n.message for n in app._notifications)
        assert "no key has the id 'dungeon.trun'; ids of that part: " in told
        assert "dungeon.rest wants its keys as text" in told
        assert "'ctrl + l' is not a key name" in told
        await pilot.press("space")
        await _settle(pilot)
        assert app.state.dungeon.turn == 1 and app.is_running


async def test_a_keymap_that_is_not_toml_is_reported_and_the_app_opens(saves, tmp_path,
                                                                       monkeypatch):
    app = _app_with_keymap(saves, tmp_path, monkeypatch, "dungeon.turn = [unclosed\n")
    async with app.run_test(size=(100, 30)) as pilot:
        await _settle(pilot)
        assert any("not a TOML file" in n.message for n in app._notifications)
        await pilot.press("t")
        await _settle(pilot)
        assert app.state.dungeon.turn == 1


def test_every_binding_has_an_id():
    """A binding without an id cannot be remapped."""
    missing = []
    for path in (ROOT / "tracker" / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Binding" and \
                    not any(k.arg == "id" for k in node.keywords):
                missing.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not missing, f"bindings without an id: {missing}"
    assert len(every_binding(TrackerApp.BINDINGS)) > 50


def test_docs_list_every_binding_id():
    """Regenerate the table with: .venv/bin/python -m tracker.ui.keymap docs/keys.md"""
    doc = (ROOT / "docs" / "keys.md").read_text(encoding="utf-8")
    assert keys_markdown(TrackerApp.BINDINGS) in doc, "docs/keys.md's table is not the app's bindings"
