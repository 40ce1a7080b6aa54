"""Where each area registers its decide and evolve functions.

``decide(state, command, dice) -> list[Event]`` holds the rules;
``evolve(state, event) -> State`` folds a fact in and rolls nothing.
"""

from __future__ import annotations

from typing import Callable, ClassVar

import msgspec

DECIDERS: dict[type, Callable] = {}
EVOLVERS: dict[type, Callable] = {}
BEGINNERS: dict[type, Callable] = {}  # the event a log begins with -> its first state
# event types ``fold.step`` applies itself (undo, redo, rewind, corrections): no
# evolver, so replay's loop tells them from an area's event by the evolver alone
STEPPED: set[type] = set()


class Command(msgspec.Struct, frozen=True):
    """Base of every GM intent, named in the imperative."""

    # False for an intent about the log's latest entries (undo, redo, rewind):
    # decided again after another tracker wrote, it would take back that
    # tracker's entries, which the GM never saw
    REDECIDE_ON_NEWER_LOG: ClassVar[bool] = True
    # True for a command only the core builds (no CLI action or screen offers it)
    INTERNAL: ClassVar[bool] = False


def decides(command_type: type):
    """Register the one decider of ``command_type``."""

    def register(fn):
        if command_type in DECIDERS:
            raise RuntimeError(f"{command_type.__name__} has a decider already")
        DECIDERS[command_type] = fn
        return fn
    return register


def begins(event_type: type):
    """Register ``fn(event) -> State``: the state a campaign starts in when its
    log begins with ``event_type`` (the campaign's creation); no state comes
    before it, so it is not evolved."""

    def register(fn):
        if event_type in BEGINNERS:
            raise RuntimeError(f"{event_type.__name__} begins a campaign already")
        if event_type in EVOLVERS:
            raise RuntimeError(f"{event_type.__name__} has an evolver: it cannot begin a campaign")
        BEGINNERS[event_type] = fn
        return fn
    return register


_CHAINS: dict[type, list[tuple[Callable, str, str]]] = {}  # event type -> (evolver, when, given)


def evolves(event_type: type, *, when: str = "", given: str = ""):
    """Register an evolver of ``event_type``. Several areas may react to the
    same event: their evolvers run in the order they were registered (the
    areas' fold order), each on the state the one before returned.

    ``when`` ("chase.winded"): a path into the state that must be non-empty
    for this evolver to be called; an area reacting to another's frequent
    event (every dungeon turn) then costs replay nothing while it is idle.
    A step of it may end in ``[-1]``, the last item of a tuple, which must
    be there ("dungeon.checks[-1].encounter": the last check met something).
    ``given`` ("check"): a field of the event that must not be None for this
    evolver to be called (an evolver that returns the state as it is when
    the field is None: a turn that rolled no wandering check has no
    encounter to note)."""
    if when and not all(name.removesuffix("[-1]").isidentifier() for name in when.split(".")):
        raise ValueError(f"evolves(when={when!r}): not a path into the state")
    if given and (not given.isidentifier() or
                  given not in getattr(event_type, "__struct_fields__", ())):
        raise ValueError(f"evolves(given={given!r}): not a field of {event_type.__name__}")

    def register(fn):
        if event_type in BEGINNERS or event_type in STEPPED:
            raise RuntimeError(f"{event_type.__name__} is not evolved: "
                               f"{'it begins a campaign' if event_type in BEGINNERS else 'the timeline applies it'}")
        chain = _CHAINS.setdefault(event_type, [])
        chain.append((fn, when, given))
        EVOLVERS[event_type] = fn if len(chain) == 1 and not when and not given \
            else _compiled(chain)
        return fn
    return register


def _compiled(chain: list[tuple[Callable, str, str]]) -> Callable:
    """One function running a chain of evolvers, each ``when`` and ``given``
    written inline.

    Replay folds a dungeon turn through three evolvers (the dungeon's, the
    chase's encounter note, the chase's winded count); nesting a wrapper per
    evolver cost a call and an ``attrgetter`` each, per turn. So, as
    ``timeflow`` does for its hooks, the body is generated, e.g.::

        state = fn0(state, ev)
        if state.chase.winded: state = fn1(state, ev)
        if ev.check is not None: state = fn2(state, ev)
        return state
    """
    scope: dict[str, Callable] = {}
    body = []
    for i, (fn, when, given) in enumerate(chain):
        scope[f"fn{i}"] = fn
        call = f"state = fn{i}(state, ev)"
        tests = ([f"ev.{given} is not None"] if given else []) + \
            (_path_tests(when, i) if when else [])
        body.append(f"if {' and '.join(tests)}: {call}" if tests else call)
    body.append("return state")
    source = "def evolve_chain(state, ev):\n    " + "\n    ".join(body)
    exec(source, scope)  # our own text: the paths were checked as identifiers
    fn = scope["evolve_chain"]
    fn.source = source  # to read when debugging
    return fn


def _path_tests(when: str, i: int) -> list[str]:
    """The tests, in turn, that ``when`` is non-empty: "chase.winded" is
    ``state.chase.winded``; "dungeon.checks[-1].encounter" is
    ``(w0_0 := state.dungeon.checks)`` (a tuple with a last item) then
    ``w0_0[-1].encounter``."""
    tests, value = [], "state"
    for k, name in enumerate(when.split(".")):
        if name.endswith("[-1]"):
            tests.append(f"(w{i}_{k} := {value}.{name[:-4]})")
            value = f"w{i}_{k}[-1]"
        else:
            value = f"{value}.{name}"
    return tests + [value]
