"""The areas of the campaign: found as the packages of ``tracker/core``, each
declaring itself in its ``__init__`` with :func:`area`.

An area is a package ``tracker/core/<name>/`` with up to three layers:
``model`` (its part of the state, its ruleset section), ``rules`` (commands,
events, deciders, evolvers, time hooks) and ``views`` (log lines, alerts,
JSON). The models load first, when the ruleset and state types are built;
the rules and views when the engine loads. Areas load in their declared fold
order. An event's evolvers run in the order they register: its own area's
first (registered when that area's rules load), then each area reacting to
it. An area that reacts to a later area's events (chase to travel's) imports
that area's rules, so the owner's evolver still runs first
(tests/test_areas.py checks "the owner first, the reacting areas after").

Nothing lists the areas by hand: a package in ``core/`` without its
declaration, two areas with one fold order, or an event filed under a log
area nobody declared fails at import, naming the file. The one exception is
``KERNEL``: packages of ``core/`` that are machinery every area relies on
(the timeline: undo, redo, rewind, corrections, time travel), listed here by
name, and refused if one declares itself an area or is missing.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path
from pkgutil import iter_modules

from .events import declare_log_area


class AreaError(RuntimeError):
    """An area is declared wrongly or not at all (a mistake in the code, not the GM's)."""


@dataclass(frozen=True)
class Area:
    """What an area declares of itself."""

    name: str  # its package's name: "chase"
    package: str  # "tracker.core.chase"
    order: int  # fold order: lower folds first
    rules: tuple[str, ...]  # the modules holding its rules, in load order
    logs: tuple[str, ...]  # the log areas its events are filed under (the log's --area)
    file: str  # its __init__.py, for messages


# packages of core/ that are not areas: the timeline beside the engine
KERNEL = {"timeline": "undo, redo, rewind, corrections and time travel (core/timeline)"}

_DECLARED: dict[str, Area] = {}  # package -> its declaration
_FOUND: list[tuple[Area, ...]] = []  # the areas in fold order, once found


def area(package: str, *, order: int, rules: tuple[str, ...] = ("rules",),
         logs: tuple[str, ...] = ()):
    """Declare the area whose package is ``package`` (pass ``__name__``) and
    return the package's ``__getattr__``.

    ``order``: its place in the fold; ``rules``: the modules holding its rules
    (``rules`` unless it names more, e.g. chase's B/X evasion in its own
    module); ``logs``: the log areas its events may name (its own name unless
    it says). The rules load on first use, not with the package: the ruleset
    imports the area's ``model`` while its type is being built, before any
    rules can load. ``from tracker.core.chase import Dash`` finds ``Dash`` in
    whichever module."""
    module = sys.modules[package]
    name = package.rpartition(".")[2]
    if name in KERNEL and package == f"{__package__}.{name}":
        raise AreaError(f"{getattr(module, '__file__', package)}: {name} is kernel "
                        f"({KERNEL[name]}), listed in core/areas.py KERNEL, not an area")
    declared = Area(name, package, order, tuple(rules), tuple(logs) or (name,),
                    str(getattr(module, "__file__", package)))
    _DECLARED[package] = declared
    for log in declared.logs:
        declare_log_area(log, by=declared.file)
    submodules: set[str] = set()  # listed once, on the first lookup

    def __getattr__(attr: str):
        if not submodules:
            submodules.update(m.name for m in iter_modules(module.__path__))
        if attr.startswith("__") or attr in submodules:
            raise AttributeError(attr)  # a submodule: the import system loads it
        for rules_module in declared.rules:
            found = getattr(import_module(f"{package}.{rules_module}"), attr, _DECLARED)
            if found is not _DECLARED:
                setattr(module, attr, found)  # found once: later lookups are plain
                return found
        raise AttributeError(f"module {package!r} has no attribute {attr!r}")
    return __getattr__


def areas() -> tuple[Area, ...]:
    """Every area, in fold order: each package of ``tracker/core`` (a package
    added to ``tracker.core.__path__`` too) must declare itself."""
    if _FOUND:
        return _FOUND[0]
    core = sys.modules[__package__]
    found = []
    packages = {info.name for info in iter_modules(core.__path__) if info.ispkg}
    missing = sorted(set(KERNEL) - packages)
    if missing:
        raise AreaError(f"{Path(__file__).name}: KERNEL lists {', '.join(missing)}, "
                        "which is no package of tracker/core")
    for info in sorted(iter_modules(core.__path__), key=lambda m: m.name):
        if not info.ispkg or info.name in KERNEL:
            continue
        package = f"{__package__}.{info.name}"
        import_module(package)
        if package not in _DECLARED:
            where = Path(info.module_finder.path) / info.name / "__init__.py"
            raise AreaError(f"{where}: a package in tracker/core that declares no area; "
                            f"add `__getattr__ = area(__name__, order=N)` (from ..areas)")
        found.append(_DECLARED[package])
    orders: dict[int, Area] = {}
    for a in found:
        if a.order in orders:
            raise AreaError(f"{a.file}: fold order {a.order} is taken by "
                            f"{orders[a.order].file}; give each area its own")
        orders[a.order] = a
    _FOUND.append(tuple(sorted(found, key=lambda a: a.order)))
    return _FOUND[0]


def rule_modules(package: str) -> tuple[str, ...]:
    """The modules that hold the rules of the area whose package is ``package``."""
    return _DECLARED[package].rules


def import_layer(layer: str) -> None:
    """Import ``layer`` (model, rules, views) of every area that has it, in fold order;
    the rules layer is every module the area lists in its declaration."""
    for a in areas():
        for module in (a.rules if layer == "rules" else (layer,)):
            if find_spec(f"{a.package}.{module}") is not None:
                import_module(f"{a.package}.{module}")


def register() -> None:
    """Load every area: its events, deciders, evolvers, log lines, alerts and JSON."""
    for layer in ("model", "rules", "views"):
        import_layer(layer)
