"""An area is one folder plus its registration, and forgetting one fails at once.

Each test copies the ``tracker`` package into a temporary folder, drops files
into it as a contributor would, and runs the copy in a fresh interpreter: the
throw-away area of ``tests/throwaway_area`` must show up in every layer with
nothing changed outside its own files, and each forgotten or doubled
registration must stop the program at import with a message naming the file.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
AREA = Path(__file__).resolve().parent / "throwaway_area"
RETAINERS = {  # where each file of the throw-away area goes in the package
    "core/retainers/__init__.py": "core/retainers/__init__.py",
    "core/retainers/model.py": "core/retainers/model.py",
    "core/retainers/rules.py": "core/retainers/rules.py",
    "core/retainers/views.py": "core/retainers/views.py",
    "actions/retainers.py": "actions/retainers.py",
    "screens/retainers.py": "ui/screens/retainers.py",
    "screens/retainers.tcss": "ui/retainers.tcss",
}


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    """A copy of the tracker package with ``files`` (path in package -> text) added."""
    top = tmp_path / "pkg"
    shutil.copytree(ROOT / "tracker", top / "tracker",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for rel, text in files.items():
        (top / "tracker" / rel).parent.mkdir(parents=True, exist_ok=True)
        (top / "tracker" / rel).write_text(text, encoding="utf-8")
    return top


def _run(top: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(top), "TRACKER_RULESETS": str(ROOT / "rulesets"),
           "PYTHONDONTWRITEBYTECODE": "1"}
    # -I would drop PYTHONPATH; -S keeps the editable install's finder from winning
    site = [p for p in sys.path if p.endswith("site-packages")]
    env["PYTHONPATH"] = os.pathsep.join([str(top), *site])
    return subprocess.run([sys.executable, "-S", *argv], capture_output=True, text=True,
                          env=env, cwd=top, timeout=120)


def test_the_copy_runs_its_own_files(tmp_path):
    top = _package(tmp_path, {})
    got = _run(top, "-c", "import tracker; print(tracker.__file__)")
    assert got.stdout.strip() == str(top / "tracker" / "__init__.py"), got.stderr


def test_a_new_area_shows_up_in_every_layer_from_its_own_files(tmp_path):
    """CLI actions, state --json, its log lines and --area filter, an alert
    from its time hook, the recap, a correction's words, its screen on its key,
    and a markup-laden name shown as typed."""
    files = {dest: (AREA / src).read_text() for src, dest in RETAINERS.items()}
    top = _package(tmp_path, files)
    saves = tmp_path / "saves"
    saves.mkdir()
    got = _run(top, str(AREA / "scenario.py"), str(saves))
    assert got.returncode == 0, got.stderr[-3000:]
    found = json.loads(got.stdout.strip().splitlines()[-1])
    name = "[red]Al[/red]"
    assert f"Hired {name} at 2 gp a day" in found["hire"]
    assert f"!! {name} is owed 1 days' wages" in found["a_day"]
    assert found["state"] == [{"name": name, "wage": 2, "owed_days": 1}]
    assert f"Hired {name} at 2 gp a day" in found["log_area"]
    assert "long rest" not in found["log_area"].lower()  # the filter keeps its area only
    assert f"**Retainers hired:** {name}" in found["recap"]
    assert found["correction"] == [f"Retainers · {name} · wage: 2 → 3", f"Hired {name} at 3 gp a day"]
    assert found["screen"] == "RetainersScreen"
    assert found["cell"] == name


def _fails(tmp_path, files: dict[str, str], *argv: str) -> str:
    top = _package(tmp_path, files)
    got = _run(top, "-c", "from tracker.cli import main; main(['do', 'x', '--help'])", *argv)
    assert got.returncode != 0, f"a forgotten registration went unnoticed:\n{got.stdout[-500:]}"
    return got.stderr


def test_a_package_in_core_that_declares_no_area_fails_naming_its_file(tmp_path):
    err = _fails(tmp_path, {"core/retainers/__init__.py": '"""Forgot the declaration."""\n'})
    assert "core/retainers/__init__.py: a package in tracker/core that declares no area" in err


def test_two_areas_with_one_fold_order_fail(tmp_path):
    err = _fails(tmp_path, {"core/retainers/__init__.py":
                            "from ..areas import area\n__getattr__ = area(__name__, order=30)\n"})
    assert "fold order 30 is taken by" in err and "dungeon/__init__.py" in err


def test_an_event_filed_under_an_unknown_log_area_fails_naming_its_file(tmp_path):
    rules = (AREA / "core/retainers/rules.py").read_text().replace(
        '@event("wages_paid", area="retainers")', '@event("wages_paid", area="retainer")')
    files = {dest: (AREA / src).read_text() for src, dest in RETAINERS.items()}
    err = _fails(tmp_path, {**files, "core/retainers/rules.py": rules})
    assert "core/retainers/rules.py: event 'wages_paid' (WagesPaid) is filed under the log " \
           "area 'retainer', which no area declares" in err


def test_two_actions_with_one_name_fail_naming_both_files(tmp_path):
    files = {dest: (AREA / src).read_text() for src, dest in RETAINERS.items()}
    actions = files["actions/retainers.py"].replace('Action("pay"', 'Action("damage"')
    err = _fails(tmp_path, {**files, "actions/retainers.py": actions})
    assert "two actions are named 'damage'" in err
    assert "actions/party.py" in err and "actions/retainers.py" in err


def test_an_actions_module_without_its_list_fails(tmp_path):
    err = _fails(tmp_path, {"actions/retainers.py": '"""Forgot ACTIONS."""\n'})
    assert "actions/retainers.py: an actions module must list its actions" in err
