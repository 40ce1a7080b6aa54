"""What must hold of every state, whatever the log says.

Deciders only produce events that keep these true; a correction or an
import can name anything, so before one of those is written the states it
leads to are checked here. Each area registers its own checks.

Before each command is written, ``new_problems(before, after)`` says what
its states break that the campaign did not already: only the checks that
read a part of the state the command changed are run again (a check is a
function of the state's fields it reads, and a part left as it was is the
very same object: states are immutable and replaced part by part). Which
fields a check reads is found once, from its source; a check that hands
the whole state on, or that cannot be read so, is always run.
"""

from __future__ import annotations

import ast
import inspect
import operator
import textwrap
from typing import Callable, Iterator

from ..i18n import _
from .state import State

Check = Callable[[State], Iterator[str]]
CHECKS: list[Check] = []


def invariant(fn: Check) -> Check:
    """Register ``fn(state)``, which yields a sentence for each thing wrong."""
    CHECKS.append(fn)
    _plan.clear()
    return fn


def problems(state: State) -> list[str]:
    return [p for check in CHECKS for p in check(state)]


def new_problems(before: State, after: State) -> list[str]:
    """What ``after`` breaks that ``before`` did not (an old campaign that
    already breaks a rule is not held hostage by it), in ``problems``'s
    order. A check whose fields are the same objects in both yields the same
    in both, so none of it is new: it is not run."""
    plan = _plan or _planned()
    get, runs = plan[0], plan[1]
    same = tuple(map(operator.is_, get(before), get(after)))  # each field read, left as it was?
    run = runs.get(same)
    if run is None:
        run = runs[same] = _to_run(same)
    found = [p for check in run for p in check(after)]
    if not found:
        return []
    old = set(problems(before))
    return [p for p in found if p not in old]


# -- which fields a check reads ------------------------------------------------------

# (a getter of every field some check reads, {which of them are the same: the
# checks to run}, [(check, the indexes of its fields, or None: all)])
_plan: list = []


def _planned() -> list:
    reads = [(check, fields_read(check)) for check in CHECKS]
    names = sorted({f for _check, fields in reads if fields for f in fields})
    index = {name: i for i, name in enumerate(names)}
    get = operator.attrgetter(*names) if len(names) > 1 else \
        (lambda state: (getattr(state, names[0]),)) if names else (lambda state: ())
    _plan[:] = [get, {}, [(check, [index[f] for f in fields] if fields else None)
                          for check, fields in reads]]
    return _plan


def _to_run(same: tuple[bool, ...]) -> list[Check]:
    """The checks that read a field not the same (and those that read it all)."""
    return [check for check, idx in _plan[2] if idx is None or not all(same[i] for i in idx)]


def fields_read(fn: Callable) -> frozenset[str] | None:
    """The fields of ``State`` that ``fn(state, ...)`` reads through its first
    parameter, as ``state.<name>`` and nothing else; None (all of them) when
    the parameter is used any other way (handed on whole, rebound, shadowed)
    or the source cannot be read."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return None
    func = tree.body[0] if tree.body else None
    if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return None
    args = func.args.posonlyargs + func.args.args
    if not args:
        return None
    return _reads(func, args[0].arg)


def _reads(func: ast.AST, name: str) -> frozenset[str] | None:
    attrs: set[str] = set()
    parents = {child: node for node in ast.walk(func) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(func):
        if node is not func and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                  ast.Lambda)):
            inner = node.args
            if any(a.arg == name for a in inner.posonlyargs + inner.args + inner.kwonlyargs) \
                    or (inner.vararg and inner.vararg.arg == name) \
                    or (inner.kwarg and inner.kwarg.arg == name):
                return None  # shadowed: too clever to follow
        if isinstance(node, ast.Name) and node.id == name:
            up = parents.get(node)
            if not (isinstance(node.ctx, ast.Load) and isinstance(up, ast.Attribute)
                    and up.value is node):
                return None
            attrs.add(up.attr)
    fields: set[str] = set()
    for attr in attrs:
        got = _field_names(attr)
        if got is None:
            return None
        fields |= got
    return frozenset(fields)


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
