"""What holds the clock for the other areas: a chase runs in rounds of
seconds, and days of downtime, bastion weeks, a dungeon turn, a travel day or
a rest cannot pass in the middle of it. An area registers
``@holds_clock``: ``fn(state, command) -> why`` ("" when it does not hold
the clock for that command); the engine refuses, with ``why``, a command
whose events would move the clock while one holds it (beyond what it
``allows``: someone dying lets a round pass, no more), or one that takes
the party elsewhere (``moves_party``). The check is the
deciders' (a command refused, nothing in the log), so every path that passes
time meets it, and a campaign written before replays as it did."""

from __future__ import annotations

from typing import Callable, NamedTuple

from .state import State

Holder = Callable[[State, object], str]


class _Held(NamedTuple):
    why: Holder
    # seconds one command may still pass while it holds (None: none at all)
    allows: Callable[[State], int] | None = None
    # it also keeps the party where it is (``moves_party``), as a chase does
    place: bool = True
    # it also holds in a correction's replay, asked with each entry's event in
    # place of a command (``held_in_replay``)
    replayed: bool = False
    # ... only where the entry was written without it holding (``anew``)
    anew: bool = False


HOLDERS: list[_Held] = []
# commands that take the party elsewhere (aboard another vessel, ashore):
# held as time is, though they pass none (known-issue 7), so a chase
# in one place does not go on in another. An area registers its own.
MOVES_PARTY: dict[type, Callable[[State, object], bool]] = {}


def moves_party(*command_types: type, when: Callable[[State, object], bool] | None = None
                ) -> None:
    """``command_types`` take the party elsewhere (``when(state, command)``:
    only where it says so, as going aboard another vessel, not the one the
    party is on)."""
    for t in command_types:
        MOVES_PARTY[t] = when or (lambda state, command: True)


def goes_elsewhere(state: State, command) -> bool:
    """``command`` takes the party elsewhere (``moves_party``)."""
    when = MOVES_PARTY.get(type(command))
    return when is not None and when(state, command)


def holds_clock(fn: Holder | None = None, *, allows: Callable[[State], int] | None = None,
                place: bool = True, replayed: bool = False, anew: bool = False):
    """Register ``fn(state, command) -> why``. ``allows(state)``: the seconds a
    command may still pass while it holds (someone dying: a round, the time of
    one death save); without it, none. ``place=False``: it does not keep the
    party where it is (``moves_party`` commands pass). ``replayed``: a
    correction's replay asks it too, of each later entry's event (``fn`` then
    gets the event for the command), so a correction cannot write into the
    past what the command would have been refused. ``anew`` (with
    ``replayed``): only where it did not hold in the state the entry was
    written in (an entry a former version let through stands; only a
    correction may not bring it about)."""
    if fn is None:
        return lambda f: holds_clock(f, allows=allows, place=place, replayed=replayed,
                                     anew=anew)
    HOLDERS.append(_Held(fn, allows, place, replayed, anew))
    return fn


def held_in_replay(state: State, event, elapsed: int,
                   written: Callable[[], State | None] | None = None) -> str:
    """Why ``event``, replayed by a correction into ``state``, may not pass
    ``elapsed`` seconds, or "" (the holders registered ``replayed``).
    ``written()``: the state the entry was written in (asked only of an
    ``anew`` holder that holds)."""
    if elapsed <= 0:
        return ""
    for h in HOLDERS:
        if h.replayed and (why := h.why(state, event)) and \
                elapsed > (h.allows(state) if h.allows is not None else 0):
            if h.anew and written is not None and (was := written()) is not None \
                    and h.why(was, event):
                continue
            return why
    return ""


def held(state: State, command, elapsed: Callable[[], int] | None = None) -> str:
    """Why ``command`` may not pass time now, or "". ``elapsed()``: the seconds
    its events pass (asked once, only when a holder holds); without it, any
    holder's reason (the command would pass more than it allows)."""
    seconds = None
    for h in HOLDERS:
        why = h.why(state, command)
        if not why:
            continue
        if elapsed is None or (h.place and goes_elsewhere(state, command)):
            return why
        if seconds is None:
            seconds = elapsed()
        if seconds > (h.allows(state) if h.allows is not None else 0):
            return why
    return ""
