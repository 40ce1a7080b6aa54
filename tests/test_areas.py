"""Every area is complete: each event has an area, a log line, an evolver and
discoverable dice and names; each command a decider; the layers import only
what they may. A test here fails naming what is missing."""

from __future__ import annotations

import ast
import typing
from pathlib import Path

from tracker.core import engine
from tracker.core.dice import Roll
from tracker.core.events import DESCRIBERS, EVENT_TYPES
from tracker.core.handlers import BEGINNERS, DECIDERS, EVOLVERS, Command
from tracker.core.timeline.entries import LOOKING_BACK

import pytest

ROOT = Path(__file__).resolve().parents[1] / "tracker"


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def test_every_event_has_an_area_a_log_line_and_an_evolver():
    missing = []
    for name, cls in EVENT_TYPES.items():
        if not cls.AREA:
            missing.append(f"{name}: no area")
        if cls not in DESCRIBERS:
            missing.append(f"{name}: no @describes (the log would show its type name)")
        # the campaign's beginning (@begins) and the entries about entries
        # (undo, redo, rewind, corrections) are folded by the timeline's step
        if cls not in EVOLVERS and cls not in BEGINNERS and cls not in LOOKING_BACK:
            missing.append(f"{name}: no @evolves")
    assert not missing, "\n".join(missing)


def test_every_declared_log_area_files_some_event():
    """A log area no event uses is a declaration gone stale or misspelt (the
    log's --area would offer it and find nothing)."""
    from tracker.core.events import LOG_AREAS

    used = {cls.AREA for cls in EVENT_TYPES.values()}
    assert not set(LOG_AREAS) - used, f"log areas with no event: {set(LOG_AREAS) - used}"


def test_every_command_has_one_decider():
    missing = [c.__name__ for c in _subclasses(Command) if c not in DECIDERS]
    assert not missing, f"commands without a decider: {missing}"


def _names_used(paths) -> set[str]:
    used = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Name):
                used.add(node.id)
            elif isinstance(node, ast.Attribute):
                used.add(node.attr)
            elif isinstance(node, ast.alias):
                used.add(node.name)
    return used


def _functions_naming(names: set[str]) -> dict[str, set[str]]:
    """Each core function -> the commands its body names (a parser that builds one)."""
    out: dict[str, set[str]] = {}
    for path in (ROOT / "core").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                named = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} & names
                if named:
                    out.setdefault(node.name, set()).update(named)
    return out


def test_every_command_is_reached_by_an_action_or_a_screen():
    """A command that no CLI action, screen or the service builds cannot be given
    by a GM; one that only the core makes says so with ``INTERNAL = True``."""
    commands = {c.__name__: c for c in _subclasses(Command) if not c.INTERNAL}
    front = [*(ROOT / "actions").glob("*.py"), *(ROOT / "ui").rglob("*.py"),
             ROOT / "service.py", ROOT / "cli.py"]
    used = _names_used(front)
    reached = set(commands) & used
    for function, named in _functions_naming(set(commands)).items():
        if function in used:  # built through a core helper (party's damage parser)
            reached |= named
    unreached = sorted(f"{commands[n].__module__}.{n}" for n in set(commands) - reached)
    assert not unreached, f"commands no action, screen or service builds: {unreached}"


def test_dice_are_found_wherever_an_event_can_hold_them():
    """The log finds rolls by walking the event's fields; a Roll hidden in a
    type the walk does not enter would lose its dice from the log."""
    from tracker.core.dice import rolls_in

    for name, cls in EVENT_TYPES.items():
        hints = typing.get_type_hints(cls)
        for field, hint in hints.items():
            if "Roll" not in repr(hint):
                continue
            origin = typing.get_origin(hint)
            assert hint is Roll or origin in (tuple, typing.Union, type(Roll | None)), \
                f"{name}.{field}: {hint!r} is a container the dice walk does not enter"
    r = Roll("1d6", (4,), 4)
    from tracker.core.dungeon import HastyExitRolled
    assert rolls_in(HastyExitRolled(False, False, (("Bo", r, r),))) == [r, r]


def test_several_areas_may_react_to_one_event():
    from tracker.core.party import CharacterRenamed
    from tracker.core.lights.model import Light
    from tracker.core.party.model import Character
    from tracker.core.state import State
    from tracker.core.campaign import created_state, CampaignCreated
    from tracker.service import paths

    text = paths.read_ruleset_file(paths.ruleset_file("dolmenwood"))
    s = created_state(CampaignCreated("c", 1, "dolmenwood", "h", text))
    s = engine.evolve(State(ruleset=s.ruleset, party=(Character(1, "Bo"),),
                            lights=(Light(2, "torch", "Bo", 600),)), CharacterRenamed("Bo", "Al"))
    assert s.party[0].name == "Al" and s.lights[0].by == "Al"


# -- the layers: what may import what ----------------------------------------------------

# i18n.py (the language text is made in) is a leaf every layer may use: it
# imports nothing of tracker
RULES = {
    "core": {"core", "i18n.py"},
    "store": {"core", "store", "i18n.py", "atomic.py"},
    "service.py": {"core", "store", "service.py", "i18n.py"},
    "history.py": {"core", "history.py", "i18n.py"},
    "recap.py": {"core", "history.py", "recap.py", "i18n.py"},
    "actions": {"core", "actions", "i18n.py"},
    # the app reaches the log only through the service
    "ui": {"core", "service.py", "history.py", "recap.py", "bugreport.py", "ui", "i18n.py",
           "atomic.py"},
    "bugreport.py": {"__version__", "atomic.py"},  # a leaf both the CLI and app use
    "atomic.py": set(),  # writing a file whole or not at all: a leaf for every layer
    "i18n.py": set(),
    "argparse_words.py": {"i18n.py"},
    # the players' view as data: the JSON view and the log, redacted by the areas' rules
    "public.py": {"core", "history.py", "public.py", "i18n.py"},
    # the players' page: reads through the service, renders public.py's data; no store
    "web": {"core", "service.py", "public.py", "web", "i18n.py", "atomic.py"},
}


def _imports(path: Path) -> set[str]:
    """The tracker modules ``path`` imports, as top-level parts (core, store, ...)."""
    tree = ast.parse(path.read_text())
    rel = path.relative_to(ROOT).parts
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = list(rel[:-node.level]) if node.level <= len(rel) - 1 else []
            parts = base + (node.module.split(".") if node.module else [])
            if not parts:
                parts = [a.name for a in node.names]
            head = parts[0]
            found.add(head + ".py" if (ROOT / f"{head}.py").exists() else head)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tracker."):
            found.add(node.module.split(".")[1])
    return found


def test_each_layer_imports_only_what_it_may():
    wrong = []
    for path in ROOT.rglob("*.py"):
        layer = path.relative_to(ROOT).parts[0]
        allowed = RULES.get(layer)
        if allowed is None:
            continue
        bad = _imports(path) - allowed - {"__init__.py"}
        if bad:
            wrong.append(f"{path.relative_to(ROOT)} imports {sorted(bad)}")
    assert not wrong, "\n".join(wrong)


def _core_packages_imported(path: Path) -> dict[str, set[str]]:
    """The packages of core/ that ``path`` imports -> the modules of each it names."""
    rel = path.relative_to(ROOT).parts
    found: dict[str, set[str]] = {}
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = list(rel[:-node.level]) if node.level <= len(rel) - 1 else []
            parts = base + (node.module.split(".") if node.module else [])
        else:
            parts = (node.module or "").split(".")[1:] if (node.module or "").startswith(
                "tracker.") else []
        if len(parts) >= 2 and parts[0] == "core" and (ROOT / "core" / parts[1]).is_dir():
            names = parts[2:3] or [a.name for a in node.names]
            found.setdefault(parts[1], set()).update(names)
    return found


def test_the_timeline_is_reached_as_kernel_never_through_an_area():
    """Undo, redo, rewind and corrections are the timeline's (core/timeline):
    the engine, the log, the recap and the app reach them there and import no
    area's package; an area reaches the timeline only to register its hooks."""
    from tracker.core.areas import KERNEL, areas as found_areas

    names = {a.name for a in found_areas()}
    wrong = []
    for rel in ("core/engine.py", "history.py", "recap.py", "ui/app.py",
                *(str(p.relative_to(ROOT)) for p in (ROOT / "core" / "timeline").glob("*.py"))):
        bad = sorted(set(_core_packages_imported(ROOT / rel)) & names)
        if bad:
            wrong.append(f"{rel} imports the area package(s) {bad}")
    for a in sorted(names):
        for path in (ROOT / "core" / a).glob("*.py"):
            reached = _core_packages_imported(path).get("timeline", set()) - {"hooks"}
            if reached:
                wrong.append(f"{path.relative_to(ROOT)} imports timeline.{sorted(reached)}; "
                             "an area registers with timeline.hooks only")
    assert set(KERNEL) == {"timeline"}
    assert not wrong, "\n".join(wrong)


def test_a_kernel_package_is_not_an_area_and_must_exist(monkeypatch):
    """``core/areas.py`` KERNEL is the one list of core/ packages that are not
    areas: one of them declaring itself an area, or a name on the list with no
    package, stops the program naming the file."""
    from tracker.core import areas

    with pytest.raises(areas.AreaError, match=r"timeline.*is kernel.*KERNEL, not an area"):
        areas.area("tracker.core.timeline", order=999)
    monkeypatch.setattr(areas, "KERNEL", {**areas.KERNEL, "nosuch": "a package gone"})
    monkeypatch.setattr(areas, "_FOUND", [])
    with pytest.raises(areas.AreaError, match="KERNEL lists nosuch, which is no package"):
        areas.areas()
    monkeypatch.setattr(areas, "KERNEL", {})  # forgotten on the list: found as an area, and
    monkeypatch.setattr(areas, "_FOUND", [])  # refused for declaring none
    with pytest.raises(areas.AreaError, match=r"timeline/__init__.py: a package in tracker/core"):
        areas.areas()


def test_the_ui_never_opens_sqlite_itself():
    """Screens read the log through ``Campaign.reader()``, whose read-only
    connection never blocks or loses the app's writes (issue 8)."""
    wrong = []
    for path in (ROOT / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            wrong += [f"{path.relative_to(ROOT)} imports {n}" for n in names
                      if n.split(".")[0] == "sqlite3" or n.startswith("tracker.store")]
    assert not wrong, "\n".join(wrong)


# i18n: a leaf that imports nothing of tracker (a ruleset check says its problem in words)
MODEL_MAY_IMPORT = {"parts", "schema", "dice", "errors", "limits", "i18n"}


def test_an_areas_model_imports_only_what_the_ruleset_is_built_from():
    """model.py loads while the ruleset type is being built: importing the
    state, the ruleset or any area's rules from it would be a cycle."""
    wrong = []
    for path in sorted((ROOT / "core").glob("*/model.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                head = (node.module or node.names[0].name).split(".")[0]
                if node.level == 1 or head not in MODEL_MAY_IMPORT:
                    wrong.append(f"{path.relative_to(ROOT)} imports {'.' * node.level}{head}")
    assert not wrong, "\n".join(wrong)


def test_no_area_declares_a_part_twice():
    from tracker.core import parts

    with pytest.raises(ValueError, match="two areas declare the state part 'party'"):
        parts.state_part("party", int, 0)
    with pytest.raises(ValueError, match="ruleset section 'dungeon'"):
        parts.ruleset_section("dungeon", int)


def _calls_in(path: Path, function: str) -> list[ast.Call]:
    """The calls of ``function`` (by its bare name) in the source of ``path``."""
    if not path.exists():
        return []
    return [n for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.Call)
            and getattr(n.func, "id", getattr(n.func, "attr", None)) == function]


def _declared_orders() -> dict[str, int]:
    """Each package of core/ -> the fold order its ``__init__.py`` text declares
    (``area(__name__, order=N)``), read from the source, not the registry."""
    declared = {}
    for init in sorted((ROOT / "core").glob("*/__init__.py")):
        for call in _calls_in(init, "area"):
            order = next(k.value for k in call.keywords if k.arg == "order")
            declared[init.parent.name] = ast.literal_eval(order)
    return declared


def test_every_package_in_core_is_a_declared_area_in_fold_order():
    """The areas are found, not listed: each package of core/ declared itself
    (the registry holds what each ``__init__.py`` says, no more, no fewer), in
    the fold order the declarations give."""
    from tracker.core import areas

    found = areas.areas()
    packages = sorted(p.parent.name for p in (ROOT / "core").glob("*/__init__.py"))
    declared = _declared_orders()
    assert {a.name: a.order for a in found} == declared
    assert sorted(declared) == [p for p in packages if p not in areas.KERNEL], \
        "a package of core/ declares no area, or a kernel package declares one"
    assert set(areas.KERNEL) <= set(packages) and "timeline" in areas.KERNEL
    assert [a.name for a in found] == sorted(declared, key=declared.get)
    assert found[0].name == "campaign"  # the campaign's creation folds first


def _evolvers_out_of_order(chains: dict) -> list[str]:
    """Events whose evolvers (``handlers._CHAINS``: each event's, in the order
    they run) do not run as the areas' fold says: the event's own area first,
    then each area reacting to it, in fold order."""
    from tracker.core import areas

    order = {a.package: a.order for a in areas.areas()}

    def area_of(module: str):
        return next((p for p in order if module == p or module.startswith(p + ".")), None)

    wrong = []
    for event, chain in chains.items():
        run = [a for a in map(area_of, (link[0].__module__ for link in chain)) if a]
        own = area_of(event.__module__)
        expected = [a for a in run if a == own] + sorted((a for a in run if a != own),
                                                         key=order.get)
        if run != expected:
            wrong.append(f"{event.__name__}: evolvers run in {run}, not {expected}")
    return wrong


def test_the_evolvers_of_one_event_run_in_fold_order(monkeypatch):
    """Several areas may evolve one event: its own area's evolver runs first,
    then the reacting areas' in fold order, whatever order their modules happen
    to be imported in."""
    from tracker.core import handlers

    wrong = _evolvers_out_of_order(handlers._CHAINS)
    assert not wrong, "\n".join(wrong)
    # the check can fail: travel's reaction registered before the party's own evolver
    from tracker.core.party import CharacterRenamed

    monkeypatch.setattr(handlers, "EVOLVERS", {})
    monkeypatch.setattr(handlers, "_CHAINS", {})

    def by(module: str):
        def evolver(state, ev):
            return state
        evolver.__module__ = module
        return evolver

    handlers.evolves(CharacterRenamed)(by("tracker.core.travel.rules"))
    handlers.evolves(CharacterRenamed)(by("tracker.core.party.rules"))
    assert _evolvers_out_of_order(handlers._CHAINS) == [
        "CharacterRenamed: evolvers run in ['tracker.core.travel', 'tracker.core.party'], "
        "not ['tracker.core.party', 'tracker.core.travel']"]


def test_every_module_that_registers_events_is_listed_as_the_areas_rules():
    """An area names its rules modules (in its declaration); a module loaded some
    other way (an import at the end of rules.py) would register by accident."""
    from tracker.core import areas

    for ev in EVENT_TYPES.values():
        package, _, module = ev.__module__.rpartition(".")
        if package.startswith("tracker.core.") and package != "tracker.core" \
                and package.rpartition(".")[2] not in areas.KERNEL:
            assert module in areas.rule_modules(package), \
                f"{ev.__name__} is registered in {ev.__module__}, not listed in its area's rules"
    from tracker.core.chase import BaitDropped, TakeTurn  # either module, through the package
    from tracker.core.travel import Embark, Mount, TravelDay
    assert {BaitDropped.__module__, TakeTurn.__module__} == \
        {"tracker.core.chase.evasion", "tracker.core.chase.rules"}
    assert Embark and Mount and TravelDay
    with pytest.raises(ImportError):
        from tracker.core.chase import NoSuchThing  # noqa: F401


def _declared_in_models(function: str) -> list[str]:
    """The names the areas' ``model.py`` texts pass to ``function`` (state_part,
    ruleset_section), areas in fold order: read from the source, not the lists."""
    from tracker.core import areas

    return [ast.literal_eval(call.args[0]) for a in areas.areas()
            for call in _calls_in(ROOT / "core" / a.name / "model.py", function)]


def test_state_and_ruleset_are_put_together_from_every_areas_parts():
    """Every part and section an area's model declares is a field of State and
    Ruleset, in the areas' fold order."""
    from tracker.core.ruleset import Ruleset
    from tracker.core.state import State

    parts = _declared_in_models("state_part")
    sections = _declared_in_models("ruleset_section")
    assert "party" in parts and "dungeon" in sections  # the source was read
    assert [f for f in State.__struct_fields__ if f in parts] == parts
    assert [f for f in Ruleset.__struct_fields__ if f in sections] == sections


# -- rolled tables: one type for weather, complications, bastion events ----------------------

import msgspec  # noqa: E402

from tracker.core.schema import RolledTable, rolled_table_problem  # noqa: E402


@pytest.mark.parametrize("die, ranges, problem", [
    ("1d6", [[1, 2], [3, 6]], ""),
    ("1d100", [[1, 50], [51, 99]], "no entry for a roll of 100 on 1d100"),
    ("1d12", [[1, 6], [6, 12]], "two entries cover a roll of 6"),
    ("1d20", [[1, 10], [12, 20]], "no entry for a roll of 11"),
    ("1d6", [[4, 1], [5, 6]], "runs backwards"),
    ("2d6", [[2, 7], [8, 10**11]], ""),  # ranges are walked, never expanded
    ("1d0", [[1, 1]], "1d0"),
    ("1d6", [], "expected a table"),
])
def test_a_rolled_table_is_checked_for_gaps_and_overlaps(die, ranges, problem):
    t = msgspec.convert({"die": die, "entries": [{"roll": r, "result": f"r{i}"}
                                                 for i, r in enumerate(ranges)]}, RolledTable)
    got = rolled_table_problem(t.die, t.entries)
    assert (problem in got) if problem else got == ""
    if not problem:
        assert t.lookup(ranges[-1][0]).result == f"r{len(ranges) - 1}"
        assert t.lookup(10**12) is None


def test_the_log_finds_every_character_an_event_names():
    """Names are found by field type, through tuples and constraints alike
    (an XP award's names sit in a tuple with a minimum length)."""
    from tracker.core.dungeon import HastyExitRolled
    from tracker.core.lights import LightLit
    from tracker.core.party import DamageTaken, XPAwarded

    r = Roll("1d20", (12,), 12)
    assert XPAwarded(100, ("Bo", "Al")).names() == ("Bo", "Al")
    assert DamageTaken("Bo", 3).names() == ("Bo",)
    assert LightLit("torch", "Bo").names() == ("Bo",) and LightLit("torch").names() == ()
    assert HastyExitRolled(False, False, (("Bo", r, None),)).names() == ("Bo",)


def _module_imports() -> dict[str, set[str]]:
    """Each tracker module -> the tracker modules it imports (function-level
    imports too, which hide a cycle from Python but not from a reader); a
    script's ``if __name__ == "__main__":`` block is left out."""
    def name(p: Path) -> str:
        parts = list(p.with_suffix("").relative_to(ROOT.parent).parts)
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    mods = {name(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for m, p in mods.items():
        pkg = m if p.name == "__init__.py" else m.rpartition(".")[0]
        tree = ast.parse(p.read_text())
        skip = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                and "__main__" in ast.unparse(node.test) for n in ast.walk(node)}
        found = set()
        for node in ast.walk(tree):
            if id(node) in skip or not isinstance(node, ast.ImportFrom):
                continue
            base = pkg.split(".")[:len(pkg.split(".")) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else [])) if node.level \
                else (node.module or "")
            for a in node.names:
                full = f"{target}.{a.name}"
                found.add(full if full in mods else target)
        graph[m] = {t for t in found if t in mods and t != m}
    return graph


def test_no_two_modules_import_each_other():
    """Issue 21: cli.py <-> ui/app.py and travel/rules.py <-> travel/sea.py were
    such pairs; a pair means one of them belongs in a module of its own."""
    graph = _module_imports()
    pairs = sorted({tuple(sorted((a, b))) for a in graph for b in graph[a] if a in graph[b]})
    assert not pairs, f"modules that import each other: {pairs}"
