"""The GM's own keys: ``keymap.toml`` in the user's config folder maps binding
ids to keys (``"dungeon.turn" = "space"``), applied with Textual's keymap.

Every binding in the app carries an id (docs/keys.md lists them); a keymap
naming an id that does not exist, or giving no key, is reported by name and
the rest of it still applies.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from textual.binding import Binding
from .. import atomic
from ..i18n import _

KEYMAP_ENV = "TRACKER_KEYMAP"  # a keymap file elsewhere (tests, a shared table laptop)
KEY = re.compile(r"^(?:[a-z0-9_]+\+)*(?:[a-z0-9_]+|[^\s,+])$", re.I)  # ctrl+z, f1, space, ?


@dataclass(frozen=True)
class Bound:
    id: str
    keys: str  # as shipped
    description: str
    where: str  # the screen or dialog class that has it


def keymap_path() -> Path:
    if os.environ.get(KEYMAP_ENV):
        return Path(os.environ[KEYMAP_ENV])
    import platformdirs

    return Path(platformdirs.user_config_dir("tracker")) / "keymap.toml"


def every_binding(app_bindings=()) -> dict[str, Bound]:
    """Every binding with an id in the app's screens, dialogs and widgets, and
    ``app_bindings`` (the app's own, made from the screen registry)."""
    from .. import ui

    found: dict[str, Bound] = {}
    for info in pkgutil.walk_packages(ui.__path__, f"{ui.__name__}."):
        module = importlib.import_module(info.name)
        for cls in vars(module).values():
            if not inspect.isclass(cls) or cls.__module__ != module.__name__:
                continue
            for b in vars(cls).get("BINDINGS", ()):
                if isinstance(b, Binding) and b.id and b.id not in found:
                    found[b.id] = Bound(b.id, b.key, b.description or b.action, cls.__name__)
    for b in app_bindings:
        if isinstance(b, Binding) and b.id and b.id not in found:
            found[b.id] = Bound(b.id, b.key, b.description or b.action, "TrackerApp")
    return dict(sorted(found.items()))


def read_keymap(path: Path, known: dict[str, Bound]) -> tuple[dict[str, str], list[str]]:
    """The keymap in ``path`` (none if the file does not exist) and what is wrong in it."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, []
    except (OSError, UnicodeDecodeError) as e:
        return {}, [_("{file}: cannot be read ({reason})").format(file=path, reason=e)]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        return {}, [_("{file}: not a TOML file ({reason})").format(file=path, reason=e)]
    keymap, problems = {}, []
    for binding_id, keys in data.items():
        if binding_id not in known:
            near = [k for k in known if k.split(".")[0] == binding_id.split(".")[0]]
            said = _("{file}: no key has the id {id}; ids of that part: {ids}") if near else \
                _("{file}: no key has the id {id} (docs/keys.md lists every id)")
            problems.append(said.format(file=path, id=repr(binding_id),
                                        ids=", ".join(near[:8])))
        elif not isinstance(keys, str) or not keys.strip():
            problems.append(_('{file}: {id} wants its keys as text, e.g. "ctrl+t"').format(
                file=path, id=binding_id))
        elif bad := [k for k in keys.split(",") if not KEY.match(k.strip())]:
            problems.append(_("{file}: {id}: {keys} is not a key name (e.g. t, ctrl+t, f5, "
                              "space)").format(file=path, id=binding_id,
                                               keys=", ".join(map(repr, bad))))
        else:
            keymap[binding_id] = ",".join(k.strip() for k in keys.split(","))
    return keymap, problems


def keys_markdown(app_bindings) -> str:
    """The table of docs/keys.md: every binding id, its keys and what it does."""
    rows = ["| id | keys | what it does | on |", "| --- | --- | --- | --- |"]
    for b in every_binding(app_bindings).values():
        rows.append(f"| `{b.id}` | `{b.keys}` | {b.description} | {b.where} |")
    return "\n".join(rows) + "\n"


def write_docs(path: Path, app_bindings) -> None:
    """Write the table of every binding into ``path`` (docs/keys.md), after its text."""
    text = path.read_text(encoding="utf-8")
    intro = text[:text.index("| id |")] if "| id |" in text else text
    atomic.write_text(path, intro + keys_markdown(app_bindings))


if __name__ == "__main__":  # python -m tracker.ui.keymap docs/keys.md
    import sys

    from tracker.ui.app import TrackerApp  # run as a script: the app is not this module's importer

    write_docs(Path(sys.argv[1]), TrackerApp.BINDINGS)
