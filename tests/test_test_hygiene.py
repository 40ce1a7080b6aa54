"""The suite's own shape: no test module imports another. What two test
modules share lives in ``conftest.py`` (fixtures) or in a module whose name
does not start with ``test_`` (``tests/support/``, ``area_checks.py``). A test
module imported by another makes its helpers the other's unwritten API: moving
or changing one breaks tests elsewhere, and ``import *`` would collect its tests
twice."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _test_modules_imported(source: str) -> set[str]:
    """The ``test_*`` modules ``source`` imports, by any spelling: ``import``,
    ``from ... import``, through ``tests.``, relative, or by name through
    ``importlib.import_module`` / ``__import__``."""
    named: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            named |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            named.add(base)
            named |= {f"{base}.{a.name}" if base else a.name for a in node.names}
        elif isinstance(node, ast.Call) and node.args \
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str) \
                and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
                    "import_module", "__import__"):
            named.add(node.args[0].value)
    found = set()
    for name in named:
        parts = [p for p in name.split(".") if p]
        if parts[:1] == ["tests"]:
            parts = parts[1:]
        if parts and parts[0].startswith("test_"):
            found.add(parts[0])
    return found


def test_the_check_finds_every_spelling_of_an_import():
    source = "\n".join([
        "from test_ui import fixed_saves",
        "import test_bastion as tb",
        "from tests.test_travel import road",
        "from tests import test_properties",
        "from . import test_chase",
        "import importlib; importlib.import_module('test_keymap')",
        "__import__('test_web')",
        "from support.pilot import settle",  # a support module: allowed
        "import area_checks, testing_tools",  # not test_ modules
        "test_x = 1",  # a name, not an import
    ])
    assert _test_modules_imported(source) == {
        "test_ui", "test_bastion", "test_travel", "test_properties", "test_chase",
        "test_keymap", "test_web"}


def test_no_test_module_imports_another():
    wrong = []
    for path in sorted(TESTS.rglob("*.py")):
        imported = _test_modules_imported(path.read_text(encoding="utf-8"))
        if imported:
            wrong.append(f"{path.relative_to(TESTS)} imports {', '.join(sorted(imported))}: "
                         "move what they share to conftest.py or tests/support/")
    assert not wrong, "\n".join(wrong)


def test_pilot_tests_settle_one_way():
    """``support.pilot.settle`` is the one wait after keys: held keys landed, no
    dialog flow between steps, workers done. A module's own settle (nine once,
    each waiting for part of that) would be back to tests that pass or hang by
    timing."""
    own = [f"{path.name}:{node.lineno}" for path in sorted(TESTS.glob("test_*.py"))
           for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
           if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
           and node.name.lstrip("_") == "settle"]
    assert not own, f"settle defined in test modules (use support.pilot.settle): {own}"
