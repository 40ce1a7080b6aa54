"""Moving the campaign clock, and everything that follows from time passing.

Each area registers how it reacts to time (``@on_time``): lights burn,
effects end, rations are eaten and spoil, bastion turns fall due. A hook
writes its changes into the dict it is given; the state is copied once per
step, however many areas react. Replay passes time on nearly every entry,
so a hook says what it needs (``when``, ``daily``) and is skipped without a
call while that is absent: most turns wake one or two of the hooks.

A part that changes only at a known clock time (a light burning out, an
effect ending, a bastion turn falling due) keeps that time, not a count
decremented per turn, and its hook declares ``due``: the earliest clock at
which the part has something to do. Passing time then only moves the clock;
the hook runs when the clock reaches that time (docs/performance.md, issue
22's fourth pass).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable, NamedTuple

from msgspec.structs import replace

from .state import State


Hook = Callable[[State, int, int, bool, dict], None]


class _Registered(NamedTuple):
    hook: Hook
    part: str                   # the part of the state it needs ("" = none)
    path: Callable | None       # the rest of the path into that part
    daily: bool                 # only when a new day begins
    due: Callable | None = None  # due(part) -> the clock it next matters at, or None
    paused: bool = False        # also called when time passes without burning


TIME_HOOKS: list[_Registered] = []


def on_time(fn: Hook | None = None, *, when: str = "", daily: bool = False,
            due: Callable[[Any, Any], int | None] | None = None, paused: bool = False):
    """Register ``fn(state, elapsed, clock, burning, changes)``: how an area
    reacts to time passing. ``state`` is the state before, ``clock`` the new
    clock, ``burning`` False where lights do not burn (a night at the inn);
    a hook reads a part as ``changes.get(name, state.<name>)`` (an earlier
    hook may have changed it) and writes ``changes[name] = value``. Hooks run
    in the areas' import order.

    ``when`` ("effects", "bastions.all"): a part of the state (and a path
    into it) the hook needs; while it is empty the hook is not called.
    ``daily``: the hook is called only when the step crosses into a new day.

    ``due(value, rules)`` (with ``when``): the clock at which the part
    ``value`` next has something to do under the ruleset in force ``rules``,
    or None for never; the hook is called only once the new clock reaches it.
    It must be a function of those two alone: it is asked once per value of
    the part and of the ruleset (both immutable: the same objects, the same
    due time) and remembered until either changes.
    ``paused`` (with ``due``): the hook is also called when time passes
    without burning while ``due`` is not None (a light's time stops)."""
    if fn is None:
        return lambda f: on_time(f, when=when, daily=daily, due=due, paused=paused)
    part, _, rest = when.partition(".")
    if part and not all(name.isidentifier() for name in when.split(".")):
        raise ValueError(f"on_time(when={when!r}): not a path into the state")
    if (due is not None or paused) and not part:
        raise ValueError("on_time(due=...): a due time is a part's: name it with when=")
    if paused and due is None:
        raise ValueError("on_time(paused=True) needs due=")
    TIME_HOOKS.append(_Registered(fn, part, attrgetter(rest) if rest else None, daily,
                                  due, paused))
    global run_hooks
    run_hooks = _compiled(TIME_HOOKS)
    return fn


def pass_time(state: State, elapsed: int, burning: bool = True, **parts: Any) -> State:
    """Advance the clock by ``elapsed`` seconds; every area reacts.

    ``parts`` replace parts of the state in the same step (a turn passes
    ``dungeon=`` so the state is copied once per turn)."""
    if len(parts) == 1:  # a chase's round, a day at sea: ``alone``, the one-part run_hooks
        for name, value in parts.items():
            return run_hooks.alone[name](state, elapsed, burning, value)
    return run_hooks(state, elapsed, burning, parts)


def _compiled(hooks: list[_Registered], quiet: bool = True) -> Callable[..., State]:
    """The body of ``pass_time`` with each hook's condition written inline.

    Replay passes time on nearly every entry, and a loop that unpacks and
    tests each registered hook cost more than the hooks it skips (2.3 µs a
    turn against 1.5 µs). So, as ``dataclasses`` writes ``__init__``, the
    body is generated once per registration, e.g.::

        if (parts['effects'] if 'effects' in parts else state.effects):
            hook2(state, elapsed, clock, burning, parts)

    and for a hook with a due time (the part's last value, the ruleset and
    their due time kept in ``seen3[0]``, a triple)::

        v = (parts['lights'] if 'lights' in parts else state.lights)
        s = seen3[0]
        if s[0] is not v or s[1] is not rules: s = seen3[0] = (v, rules, due3(v, rules))
        d = s[2]
        if d is not None and (clock >= d or not burning): hook3(...)

    A part the caller replaces (``parts``) is tested as the caller left it,
    and as earlier hooks changed it. ``quiet=False``: without the one test
    that skips every hook when none is due (tests compare the two).

    The function returned carries ``alone``: ``alone[name](state, elapsed,
    burning, value)`` is ``run_hooks(state, elapsed, burning, {name: value})``
    for a caller that replaces one part on nearly every step (the dungeon's
    turn): the one test is made on ``value`` itself, and a step on which no
    hook is due makes no dict and copies the state once."""
    scope: dict[str, Any] = {"replace": replace}
    body = ["clock = state.clock + elapsed", "rules = state.ruleset.rules"]
    daily = any(h.daily for h in hooks)
    new_day = []
    if daily:
        # days_begun(...) > 0, written inline: a call per turn cost more than the test
        new_day = ["t = rules.time",
                   "start = t.start_hour * t.hour_seconds",
                   "new_day = (start + clock) // t.day_seconds > (start + state.clock) // t.day_seconds"]
    # When every hook is daily or has a due time, a step on which none is due
    # (most turns) skips them all in one test: ``quiet[0]`` holds the ruleset,
    # each due part's value as last seen with no hook called, the earliest of
    # their due times and of the next day's start (``until``), the current
    # day's start and whether none that ``paused`` is due at all (the layout:
    # ``QUIET_CELL`` below, which also says what its cell is for). Due times
    # are functions of (value, ruleset) alone, so the same objects mean the same
    # times; a step from a clock at or after the day's start to one before
    # ``until`` begins no day; so the test below is the hooks' own conditions,
    # all false.
    dues = [(i, h) for i, h in enumerate(hooks) if h.due is not None]
    quiet = quiet and bool(dues) and all(h.daily or h.due is not None for h in hooks)
    n = len(dues)
    if quiet:
        # the layout of ``quiet[0]``: ``QUIET_CELL`` and the rest below
        # before any step: an ``until`` no clock is below (the test reads it first)
        scope["quiet"] = [([None], _NO_CLOCK) + (_NOTHING,) * (n + 3)]
        same = " and ".join(f"q[{k + 5}] is {_value(h, i, scope)}"
                            for k, (i, h) in enumerate(dues))
        body += ["q = quiet[0]",
                 # the next due time first: a step that crosses into a new day (a
                 # day's travel, downtime) fails there, before the parts are read
                 f"if clock < q[1] and q[4] is rules and {same} and "
                 f"q[2] <= state.clock and (burning or q[3]):",
                 "    return " + _REPLACE_BODY,
                 "called = False"]
    body += new_day
    for i, h in enumerate(hooks):
        scope[f"hook{i}"] = h.hook
        needs = ["new_day"] if h.daily else []
        if h.part:
            needs.append(_value(h, i, scope))
        call = f"hook{i}(state, elapsed, clock, burning, parts)"
        if quiet:
            call += "; called = True"
        if h.due is not None:
            # the due time is asked once per value of the part: an immutable
            # value kept here (a strong reference: no other object can take its id)
            # (one tuple, swapped whole: a replay in another thread sees a
            # value with its own due time, never another's)
            scope[f"due{i}"], scope[f"seen{i}"] = h.due, [(_NOTHING, None, None)]
            body += [f"v{i} = v = {needs.pop()}",
                     f"s = seen{i}[0]",
                     f"if s[0] is not v or s[1] is not rules: "
                     f"s = seen{i}[0] = (v, rules, due{i}(v, rules))",
                     f"d{i} = d = s[2]"]
            needs.append("d is not None and " +
                         ("(clock >= d or not burning)" if h.paused else "clock >= d"))
        body.append(f"if {' and '.join(needs)}: {call}" if needs else call)
    if quiet:  # no hook called: the values read are the state's next, with their times
        times = ", ".join(f"d{i}" for i, _ in dues)
        paused = " and ".join(f"d{i} is None" for i, h in dues if h.paused) or "True"
        # the day ``clock`` falls in: from its start up to the next day's (no daily hook: always)
        day = ["lo = clock - (start + clock) % t.day_seconds", "ts.append(lo + t.day_seconds)"] \
            if daily else ["lo = _BEGINNING"]
        body += ["if not called:",
                 f"    ts = [d for d in ({times},) if d is not None]",
                 *("    " + line for line in day),
                 f"    quiet[0] = ([None], min(ts) if ts else _NEVER, lo, {paused}, rules, "
                 f"{', '.join(f'v{i}' for i, _ in dues)})"]
        scope["_NEVER"], scope["_BEGINNING"] = _NEVER, -_NEVER
    # replace(state, clock=clock, **parts) cost twice a replace naming its
    # fields (the merged dict, then the keywords unpacked from it); a replace
    # naming them is made once per set of parts changed (``_replacer``)
    scope["replacers"], scope["replacer"] = _REPLACERS, _replacer
    body += ["return " + _REPLACE_BODY]
    source = "def run_hooks(state, elapsed, burning, parts):\n    " + "\n    ".join(body)
    exec(source, scope)  # our own text, built from the registered hooks
    fn = scope["run_hooks"]
    fn.source = source  # to read when debugging
    fn.alone = _Alone(fn, dues, scope if quiet else None)
    # ``quiet[0]``, for a caller that writes the cell's test inline (the dungeon's
    # turn); without the one test, a cell no state is ever in
    fn.quiet = scope["quiet"] if quiet else [([None],)]
    return fn


# ``run_hooks.quiet[0]``: (cell, until, lo, paused, rules, each due part's value).
# ``cell[0]``: the state a quiet step (no hook called) of this tuple last made;
# ``until``: the earliest due time or next day's start; ``lo``: the current
# day's start; ``paused``: no part that ``paused`` is due. A state that *is*
# ``cell[0]`` holds the ruleset and the due parts the tuple was made from, and
# a clock from ``lo`` to before ``until``, so a step from it to ``clock`` is
# quiet where ``clock < until`` and ``burning or paused``; the state made by
# that step, from it and only parts that are not due replaced, may be put in
# the cell where its clock is not before ``lo`` (time went forward).
QUIET_CELL, QUIET_UNTIL, QUIET_LO, QUIET_PAUSED = 0, 1, 2, 3


class _Alone(dict):
    """``alone[name]``: the one-part ``run_hooks`` of ``_compiled``, made on first use.
    Its quiet test is ``run_hooks``' own (the same ``quiet`` list), with
    ``value`` where that reads the part ``name``; when it fails, it calls
    ``run_hooks`` with ``{name: value}``.

    When ``name`` is no due part, the quiet tuple's last item is a cell
    holding the state this function last returned by the quiet test; a state
    that *is* that one (the next turn of a replay, nothing else changed in
    between) has, but for ``name`` and the clock, the very parts the test
    compared, so only the clock is tested. Each quiet tuple has its own cell
    (a tuple swapped in whole gets a new one), written only with a state made
    from that tuple's values; it is held strongly, so no other state can take
    its id; a state not in the cell (another replay's, or one another area
    changed) takes the whole test."""

    def __init__(self, run_hooks: Callable, dues: list, scope: dict | None):
        super().__init__()
        self.run_hooks, self.dues, self.scope = run_hooks, dues, scope

    def __missing__(self, name: str) -> Callable[[State, int, bool, Any], State]:
        if name not in State.__struct_fields__ or name == "clock":
            raise TypeError(f"pass_time: {name!r} is not a part of the state it may replace")
        scope = self.scope
        slow = f"return run_hooks(state, elapsed, burning, {{{name!r}: value}})"
        if scope is None:  # quiet=False: every step takes the hooks' own conditions
            body = [slow]
            scope = {}
        else:
            same = " and ".join(
                f"q[{k + 5}] is " + _value(h, i, scope, "value" if h.part == name
                                           else f"state.{h.part}")
                for k, (i, h) in enumerate(self.dues))
            times = "q[2] <= state.clock and (burning or q[3])"
            if any(h.part == name for _, h in self.dues):  # its value must be compared
                body = ["clock = state.clock + elapsed",
                        "q = quiet[0]",
                        f"if clock < q[1] and q[4] is state.ruleset.rules and {same} "
                        f"and {times}:",
                        f"    return replace(state, clock=clock, {name}=value)",
                        slow]
            else:
                body = ["clock = state.clock + elapsed",
                        "q = quiet[0]",
                        f"if clock < q[1] and (state is q[0][0] or "
                        f"q[4] is state.ruleset.rules and {same}) and {times}:",
                        f"    out = replace(state, clock=clock, {name}=value)",
                        "    if clock >= q[2]: q[0][0] = out  # (time went back: not in the cell)",
                        "    return out",
                        slow]
        scope = dict(scope, run_hooks=self.run_hooks)  # the same ``quiet`` list
        source = "def run_hooks_alone(state, elapsed, burning, value):\n    " + "\n    ".join(body)
        exec(source, scope)  # our own text: the name was checked as the state's field
        fn = self[name] = scope["run_hooks_alone"]
        fn.source = source
        return fn


_NOTHING = object()  # no part seen yet
_NEVER = 1 << 62  # a due time no clock reaches
_NO_CLOCK = float("-inf")  # the quiet test's ``until`` before any step: no clock is below it
# the state with the new clock and the parts: ``_replacer``'s, made once per set of names
_REPLACE_BODY = ("replace(state, clock=clock) if not parts else "
                 "(replacers.get(tuple(parts)) or replacer(tuple(parts)))(state, clock, parts)")


def _value(h: _Registered, i: int, scope: dict, part: str = "") -> str:
    """The expression for hook ``i``'s part: as the caller replaced it, else the
    state's (``part``: the expression for the part itself, where it is known)."""
    value = part or f"(parts[{h.part!r}] if {h.part!r} in parts else state.{h.part})"
    if h.path is not None:
        scope[f"path{i}"] = h.path
        value = f"path{i}({value})"
    return value


_REPLACERS: dict[tuple[str, ...], Callable[[State, int, dict], State]] = {}


def _replacer(keys: tuple[str, ...]) -> Callable[[State, int, dict], State]:
    """``fn(state, clock, parts)``: the state with ``clock`` and the parts
    ``keys`` of ``parts``, named in the call. One per set of part names the
    hooks and their callers change (a handful), kept for good."""
    if not all(k in State.__struct_fields__ and k != "clock" for k in keys):
        raise TypeError(f"pass_time: {keys} are not all parts of the state it may replace")
    named = "".join(f", {k}=parts[{k!r}]" for k in keys)
    source = f"def replaced(state, clock, parts):\n    return replace(state, clock=clock{named})"
    scope: dict[str, Any] = {"replace": replace}
    exec(source, scope)  # our own text: the names were checked as the state's fields
    fn = _REPLACERS[keys] = scope["replaced"]
    return fn


# ``pass_time`` without its keyword arguments: ``run_hooks(state, elapsed,
# burning, parts)``, ``parts`` a dict the call may change. Called as
# ``timeflow.run_hooks`` (it is rebuilt on each registration); the dungeon's
# turn, replay's commonest entry, calls it directly (one call less a turn)
run_hooks = _compiled(TIME_HOOKS)
