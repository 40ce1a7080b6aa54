"""The travel area: overland days and stages, on the one campaign clock.

``model.py`` is the ``[travel]`` ruleset section and the journey's part of the
state; ``calc.py`` the pure calculations over the section; ``rules.py`` the
commands and events; ``views.py`` how it shows. `core/areas.py` loads the
layers in order.
"""

from importlib import import_module


def __getattr__(name: str):
    # The rules load on first use, not with the package: the ruleset imports
    # model.py while its type is being built, before the rules can load.
    if name.startswith("__") or name in ("model", "rules", "views", "calc"):
        raise AttributeError(name)  # a submodule: the import system loads it
    return getattr(import_module(f"{__name__}.rules"), name)
