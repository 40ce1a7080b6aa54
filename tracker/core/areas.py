"""The areas of the campaign, in fold order: the one list that registers them.

An area is a package ``tracker/core/<name>/`` with up to three layers:
``model`` (its part of the state, its ruleset section), ``rules`` (commands,
events, deciders, evolvers, time hooks) and ``views`` (log lines, alerts,
JSON). The models load first, when the ruleset and state types are built;
the rules and views when the engine loads. An area that reacts to another's
events comes after it, so its evolver runs second.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

AREAS = ("campaign", "party", "dungeon", "lights", "effects", "supplies", "bastion", "chase",
         "travel", "corrections")


def import_layer(layer: str) -> None:
    """Import ``layer`` (model, rules, views) of every area that has it, in fold order."""
    for name in AREAS:
        module = f"{__package__}.{name}.{layer}"
        if find_spec(module) is not None:
            import_module(module)


def register() -> None:
    """Load every area: its events, deciders, evolvers, log lines, alerts and JSON."""
    for layer in ("model", "rules", "views"):
        import_layer(layer)
