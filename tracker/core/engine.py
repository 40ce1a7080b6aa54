"""The engine: one ``decide`` and one ``evolve`` over all areas, replay, undo/redo.

Undo and redo are events naming a command. Undo restores the state as it
stood just before that command (``state_at(first_seq - 1)``); redo restores
it as it stood just after (``state_at(last_seq)``). History is linear, as in
any editor: a new action clears the redo stack. ``state_at`` is time travel
through the log, served by a ``Timeline`` that replays from the nearest
checkpoint, so undo never costs the whole log.
"""

from __future__ import annotations

from typing import Callable, Iterable

from msgspec.structs import replace

# Importing the area modules registers their events, deciders and evolvers.
from . import campaign, dungeon, effects, lights, party, supplies  # noqa: F401
from .campaign import CampaignCreated, created_state
from .errors import Refused
from .events import Envelope, Event, event
from .handlers import DECIDERS, EVOLVERS, Command, decides
from .state import CommandRef, State


class Undo(Command, frozen=True):
    pass


class Redo(Command, frozen=True):
    pass


@event("undone")
class Undone(Event, frozen=True):
    command_id: str
    first_seq: int
    last_seq: int
    label: str = ""


@event("redone")
class Redone(Event, frozen=True):
    command_id: str
    first_seq: int
    last_seq: int
    label: str = ""


@decides(Undo)
def _decide_undo(state: State, cmd: Undo, dice) -> list[Event]:
    ref = state.last_done
    if ref is None:
        raise Refused("nothing to undo")
    return [Undone(ref.id, ref.first_seq, ref.last_seq, ref.label)]


@decides(Redo)
def _decide_redo(state: State, cmd: Redo, dice) -> list[Event]:
    if not state.redo:
        raise Refused("nothing to redo")
    ref = state.redo[0]
    return [Redone(ref.id, ref.first_seq, ref.last_seq, ref.label)]


def decide(state: State, command: Command, dice) -> list[Event]:
    """Validate a GM intent against the state; return the facts it produces."""
    fn = DECIDERS.get(type(command))
    if fn is None:
        raise Refused(f"unknown action {type(command).__name__}")
    return fn(state, command, dice)


def evolve(state: State, ev: Event) -> State:
    """Fold one domain event into the state. Pure: no dice, no clock."""
    return EVOLVERS[type(ev)](state, ev)


StateAt = Callable[[int], State]


def step(state: State | None, env: Envelope, state_at: StateAt) -> State:
    """Apply one stored event, including undo/redo and command bookkeeping."""
    ev = env.event
    kind = type(ev)
    if kind in _TIMELINE_EVENTS:
        if kind is CampaignCreated:
            return created_state(ev)
        if state is None:
            raise Refused(f"event {env.seq} comes before the campaign was created")
        if kind is Undone:
            before = state_at(ev.first_seq - 1)
            ref = CommandRef(ev.command_id, ev.first_seq, ev.last_seq, ev.label)
            return replace(before, redo=(ref,) + state.redo)
        after = state_at(ev.last_seq)  # Redone
        return replace(after, redo=state.redo[1:])
    if state is None:
        raise Refused(f"event {env.seq} comes before the campaign was created")
    state = EVOLVERS[kind](state, ev)
    ref = state.last_done
    if ref is not None and ref.id == env.command_id:
        ref = CommandRef(ref.id, ref.first_seq, env.seq, ref.label)
        return replace(state, last_done=ref)
    ref = CommandRef(env.command_id, env.seq, env.seq, env.type.replace("_", " "))
    return replace(state, last_done=ref, redo=())


_TIMELINE_EVENTS = frozenset({CampaignCreated, Undone, Redone})


def fold(state: State | None, envs: Iterable[Envelope], state_at: StateAt) -> State | None:
    for env in envs:
        state = step(state, env, state_at)
    return state


class Timeline:
    """Time travel over a log: ``state_at(seq)`` from the nearest checkpoint.

    ``read(lo, hi)`` yields the envelopes with lo <= seq <= hi; ``nearest(seq)``
    returns a stored ``(seq, state)`` at or before ``seq`` (a snapshot) or None.
    Checkpoints found along the way are kept in memory, every ``every`` seqs.
    """

    def __init__(self, read: Callable[[int, int], Iterable[Envelope]],
                 nearest: Callable[[int], tuple[int, State] | None] = lambda s: None,
                 every: int = 512):
        self.read = read
        self.nearest = nearest
        self.every = every
        self.memo: dict[int, State] = {}

    def _base(self, seq: int) -> tuple[int, State | None]:
        best_seq, best = 0, None
        found = self.nearest(seq)
        if found is not None:
            best_seq, best = found
        for s in self.memo:  # small: one entry per `every` seqs visited
            if best_seq < s <= seq:
                best_seq, best = s, self.memo[s]
        return best_seq, best

    def state_at(self, seq: int) -> State | None:
        if seq <= 0:
            return None
        base_seq, state = self._base(seq)
        if base_seq == seq:
            return state
        for env in self.read(base_seq + 1, seq):
            state = step(state, env, self.state_at)
            if env.seq % self.every == 0:
                self.memo[env.seq] = state
        return state

    def remember(self, seq: int, state: State) -> None:
        self.memo[seq] = state


def replay(envs: list[Envelope]) -> State | None:
    """Replay a whole in-memory log (tests, import, tools)."""
    by_seq = envs

    def read(lo: int, hi: int):
        return by_seq[lo - 1:hi]

    return Timeline(read).state_at(len(envs))
