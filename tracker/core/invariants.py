"""What must hold of every state, whatever the log says.

Deciders only produce events that keep these true; a correction or an
import can name anything, so before one of those is written the states it
leads to are checked here. Each area registers its own checks.

Before each command is written, ``new_problems(before, after)`` says what
its states break that the campaign did not already: only the checks that
read a part of the state the command changed are run again (a check is a
function of the state's fields it reads, and a part left as it was is the
very same object: states are immutable and replaced part by part). Which
fields a check reads is found once, from its bytecode; a check that hands
the whole state on, or that cannot be read so, is always run.
"""

from __future__ import annotations

import ast
import dis
import operator
import types
from typing import Callable, Iterator

from ..i18n import _
from .state import State

Check = Callable[[State], Iterator[str]]
CHECKS: list[Check] = []


def invariant(fn: Check) -> Check:
    """Register ``fn(state)``, which yields a sentence for each thing wrong."""
    CHECKS.append(fn)
    return fn


def problems(state: State) -> list[str]:
    return [p for check in CHECKS for p in check(state)]


def new_problems(before: State, after: State) -> list[str]:
    """What ``after`` breaks that ``before`` did not (an old campaign that
    already breaks a rule is not held hostage by it), in ``problems``'s
    order. A check whose fields are the same objects in both yields the same
    in both, so none of it is new: it is not run."""
    plan = _plan
    if plan is None or plan[3] != CHECKS:
        plan = _planned()  # the first time, and again whenever the checks change
    same = plan[0](before, after)  # each field read, left as it was?
    runs = plan[1]
    run = runs.get(same)
    if run is None:
        run = runs[same] = _to_run(plan, same)
    found = [p for check in run for p in check(after)]
    if not found:
        return []
    old = set(problems(before))
    return [p for p in found if p not in old]


# -- which fields a check reads ------------------------------------------------------

# (``same(before, after)``: for every field some check reads, whether it is
# the same object in both, {which of them are the same: the checks to run},
# [(check, the indexes of its fields, or None: all)], and a copy of the CHECKS
# it was made for)
_plan: tuple | None = None


def _planned() -> tuple:
    global _plan
    checks = list(CHECKS)
    reads = [(check, fields_read(check)) for check in checks]
    names = sorted({f for _check, fields in reads if fields for f in fields})
    index = {name: i for i, name in enumerate(names)}
    _plan = (same_of(names), {}, [(check, [index[f] for f in fields] if fields else None)
                                   for check, fields in reads], checks)
    return _plan


def same_of(names: list[str]) -> Callable[[State, State], tuple[bool, ...]]:
    """``same(before, after)``: ``(before.<name> is after.<name>, ...)`` for each
    of ``names`` (a field of the state, or a path into one: "dungeon.checks"),
    written out once per plan: on every keystroke, ``tuple(map(operator.is_,
    get(before), get(after)))`` cost ten times as much."""
    if not all(is_part(name) for name in names):
        raise ValueError(f"not fields of State: {names}")
    items = "".join(f"before.{name} is after.{name}, " for name in names)
    scope: dict = {}
    exec(f"def same(before, after):\n    return ({items})", scope)  # our text: checked paths
    return scope["same"]


def is_part(path: str) -> bool:
    """``path`` is a field of the state, or a path of attribute names from one."""
    first, *rest = path.split(".")
    return first in State.__struct_fields__ and all(p.isidentifier() for p in rest)


def _to_run(plan: tuple, same: tuple[bool, ...]) -> list[Check]:
    """The checks that read a field not the same (and those that read it all)."""
    return [check for check, idx in plan[2] if idx is None or not all(same[i] for i in idx)]


def fields_read(fn: Callable) -> frozenset[str] | None:
    """The fields of ``State`` that ``fn(state, ...)`` reads through its first
    parameter, as ``state.<name>`` and nothing else; None (all of them) when
    the parameter is used any other way (handed on whole, rebound, compared)
    or ``fn`` is no Python function. Read from its bytecode (and that of the
    functions and comprehensions inside it), which costs no source file."""
    code = getattr(fn, "__code__", None)
    if not isinstance(code, types.CodeType) or code.co_argcount < 1:
        return None
    name = code.co_varnames[0]
    attrs: set[str] = set()
    if not _attributes(code, name, name in code.co_cellvars, attrs):
        return None
    fields: set[str] = set()
    for attr in attrs:
        got = _field_names(attr)
        if got is None:
            return None
        fields |= got
    return frozenset(fields)


_READS = {"LOAD_FAST", "LOAD_DEREF"}  # followed by an attribute: state.<name>
_HANDS_ON = {"MAKE_CELL", "LOAD_CLOSURE"}  # to a function inside, read there in turn


def _attributes(code: types.CodeType, name: str, cell: bool, attrs: set[str]) -> bool:
    """Add to ``attrs`` what ``code`` reads of ``name`` (a cell of it when
    ``cell``); False when it uses ``name`` otherwise, or anything so named."""
    ops = list(dis.get_instructions(code))
    for i, op in enumerate(ops):
        arg = op.argval
        if not (arg == name or (isinstance(arg, tuple) and name in arg)):
            continue
        if op.opname in _HANDS_ON and cell:
            continue
        if op.opname in _READS and (op.opname == "LOAD_DEREF") == cell and i + 1 < len(ops) \
                and ops[i + 1].opname in ("LOAD_ATTR", "LOAD_METHOD"):
            attrs.add(ops[i + 1].argval)
            continue
        return False
    return all(_attributes(inner, name, True, attrs) for inner in code.co_consts
               if isinstance(inner, types.CodeType) and name in inner.co_freevars)


def _field_names(attr: str) -> frozenset[str] | None:
    """The fields ``state.<attr>`` reads: itself, or those of a property of State."""
    if attr in State.__struct_fields__:
        return frozenset((attr,))
    prop = getattr(State, attr, None)
    if not isinstance(prop, property) or prop.fget is None:
        return None
    fget = prop.fget
    if isinstance(fget, operator.attrgetter):  # operator.attrgetter('ruleset.rules')
        try:
            path = ast.literal_eval(repr(fget).partition("(")[2].rpartition(")")[0])
        except (ValueError, SyntaxError):
            return None
        if not isinstance(path, str):
            return None
        return _field_names(path.split(".")[0])
    return fields_read(fget)


@invariant
def _clock(state: State) -> Iterator[str]:
    if state.clock < 0:
        yield _("move the clock before the campaign began")
    if state.next_id > 1_000_000_000:
        yield _("number more things than a campaign can hold")
