"""The CLI's actions (`tracker do NAME ACTION ...`), contributed by each area.

Each module of this package lists its actions declaratively (``ACTIONS``, of
``Action`` and ``arg``); the modules are found, not listed, and cli.py builds
its parser from them. A module without ``ACTIONS`` or two actions with one name
fail at import, naming the files.
"""

from __future__ import annotations

import sys
from importlib import import_module
from pkgutil import iter_modules

from ..core.areas import areas
from .spec import Action, Usage, arg, ints

NOT_ACTIONS = {"spec"}  # the declaring machinery itself


def _found() -> dict[str, Action]:
    package = sys.modules[__name__]
    out: dict[str, Action] = {}
    where: dict[str, str] = {}
    fold = {a.name: a.order for a in areas()}  # the CLI lists them in the areas' order
    for info in sorted(iter_modules(package.__path__),
                       key=lambda m: (fold.get(m.name, 10**6), m.name)):
        if info.name in NOT_ACTIONS:
            continue
        module = import_module(f"{__name__}.{info.name}")
        actions = getattr(module, "ACTIONS", None)
        if not isinstance(actions, tuple) or not all(isinstance(a, Action) for a in actions):
            raise RuntimeError(f"{module.__file__}: an actions module must list its "
                               f"actions as ACTIONS = (Action(...), ...)")
        for a in actions:
            if a.name in out:
                raise RuntimeError(f"two actions are named {a.name!r}: in {where[a.name]} "
                                   f"and in {module.__file__}")
            out[a.name], where[a.name] = a, module.__file__
    return out


ACTIONS: dict[str, Action] = _found()

__all__ = ["ACTIONS", "Action", "Usage", "arg", "ints"]
