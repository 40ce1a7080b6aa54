"""The areas of the campaign, in fold order: the one list that registers them.

An area is a package ``tracker/core/<name>/`` with up to three layers:
``model`` (its part of the state, its ruleset section), ``rules`` (commands,
events, deciders, evolvers, time hooks) and ``views`` (log lines, alerts,
JSON). The models load first, when the ruleset and state types are built;
the rules and views when the engine loads. An area that reacts to another's
events comes after it, so its evolver runs second.
"""

from __future__ import annotations

import sys
from importlib import import_module
from importlib.util import find_spec
from pkgutil import iter_modules

AREAS = ("campaign", "party", "dungeon", "lights", "effects", "supplies", "bastion", "chase",
         "travel", "corrections")


RULE_MODULES: dict[str, tuple[str, ...]] = {}  # area package -> its rules modules, in order


def rules_of(package: str, *modules: str):
    """The ``__getattr__`` of an area's package, whose rules are in ``modules``
    (``rules`` unless it names more, e.g. chase's B/X evasion in its own module).

    The rules load on first use, not with the package: the ruleset imports the
    area's ``model`` while its type is being built, before any rules can load.
    ``from tracker.core.chase import Dash`` finds ``Dash`` in whichever module."""
    modules = modules or ("rules",)
    RULE_MODULES[package] = modules
    submodules: set[str] = set()  # listed once, on the first lookup

    def __getattr__(name: str):
        if not submodules:
            submodules.update(m.name for m in iter_modules(sys.modules[package].__path__))
        if name.startswith("__") or name in submodules:
            raise AttributeError(name)  # a submodule: the import system loads it
        for module in modules:
            found = getattr(import_module(f"{package}.{module}"), name, RULE_MODULES)
            if found is not RULE_MODULES:
                setattr(sys.modules[package], name, found)  # found once: later lookups are plain
                return found
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    return __getattr__


def import_layer(layer: str) -> None:
    """Import ``layer`` (model, rules, views) of every area that has it, in fold order;
    the rules layer is every module the area lists with ``rules_of``."""
    for name in AREAS:
        package = f"{__package__}.{name}"
        import_module(package)  # its __init__ names its rules modules
        modules = RULE_MODULES.get(package, ("rules",)) if layer == "rules" else (layer,)
        for module in modules:
            if find_spec(f"{package}.{module}") is not None:
                import_module(f"{package}.{module}")


def register() -> None:
    """Load every area: its events, deciders, evolvers, log lines, alerts and JSON."""
    for layer in ("model", "rules", "views"):
        import_layer(layer)
