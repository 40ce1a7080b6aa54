"""The engine: one ``decide`` and one ``evolve`` over all areas, replay, undo/redo.

Undo and redo are events naming a command. Undo restores the state as it
stood just before that command (``state_at(first_seq - 1)``); redo restores
it as it stood just after (``state_at(last_seq)``). History is linear, as in
any editor: a new action clears the redo stack. ``state_at`` is time travel
through the log, served by a ``Timeline`` that replays from the nearest
checkpoint, so undo never costs the whole log.
"""

from __future__ import annotations

from typing import Annotated, Callable, Iterable, Protocol

from msgspec import Meta
from msgspec.structs import replace

# Importing the area modules registers their events, deciders and evolvers.
from . import areas, progress
from .campaign.rules import CampaignCreated, created_state
from .corrections.rules import EntryCorrected, Rewound, cook
from .errors import Refused
from .events import Envelope, Event, declare_log_area, describes, event
from .limits import Seq
from .handlers import DECIDERS, EVOLVERS, Command, decides
from .state import CommandRef, State
from .validity import validate

areas.register()  # every area's events, deciders and evolvers, in fold order
declare_log_area("history", by=__file__)  # undo and redo, beside the corrections


class Undo(Command, frozen=True):
    REDECIDE_ON_NEWER_LOG = False


class Redo(Command, frozen=True):
    REDECIDE_ON_NEWER_LOG = False


@event("undone", area="history")
class Undone(Event, frozen=True):
    command_id: Annotated[str, Meta(min_length=1, max_length=64)]
    first_seq: Seq
    last_seq: Seq
    label: Annotated[str, Meta(max_length=200)] = ""


@event("redone", area="history")
class Redone(Event, frozen=True):
    command_id: Annotated[str, Meta(min_length=1, max_length=64)]
    first_seq: Seq
    last_seq: Seq
    label: Annotated[str, Meta(max_length=200)] = ""


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


class History(Protocol):
    """What ``step`` needs of the log: time travel and reading a range."""

    def state_at(self, seq: int) -> State | None: ...

    def read(self, lo: int, hi: int) -> Iterable[Envelope]: ...


def step(state: State | None, env: Envelope, history: History,
         refolding: bool = False) -> State:
    """Apply one stored event, including undo/redo, corrections and the
    bookkeeping of which command was done last."""
    ev = env.event
    kind = type(ev)
    if state is None or kind is CampaignCreated:
        if kind is CampaignCreated:
            return created_state(ev)
        raise Refused(f"event {env.seq} comes before the campaign was created")
    if kind in _TIMELINE_EVENTS:
        _points_back(env)
        if kind is Undone:
            before = history.state_at(ev.first_seq - 1)
            ref = CommandRef(ev.command_id, ev.first_seq, ev.last_seq, ev.label)
            return replace(before, redo=(ref,) + state.redo)
        if kind is Redone:
            after = history.state_at(ev.last_seq)
            return replace(after, redo=state.redo[1:])
        if kind is Rewound:
            state = history.state_at(ev.to_seq)
        elif not refolding:  # EntryCorrected; in a refold it is already applied
            stand_ins = {**state.corrections, ev.target: ev.events}
            # from the earliest correction in force: the log's own states hold none of them
            state = replace(_refold(history, min(stand_ins), env.seq - 1, stand_ins),
                            corrections=stand_ins)
    else:
        state = EVOLVERS[kind](state, ev)
    ref = state.last_done
    if ref is not None and ref.id == env.command_id:
        ref = CommandRef(ref.id, ref.first_seq, env.seq, ref.label)
        return replace(state, last_done=ref)
    ref = CommandRef(env.command_id, env.seq, env.seq, env.type.replace("_", " "))
    return replace(state, last_done=ref, redo=())


_TIMELINE_EVENTS = frozenset({Undone, Redone, Rewound, EntryCorrected})


def _points_back(env: Envelope) -> None:
    """An entry about other entries may only name earlier ones (a log that
    names itself or the future could never be replayed)."""
    ev = env.event
    seqs = (ev.first_seq, ev.last_seq) if isinstance(ev, (Undone, Redone)) else \
        (ev.to_seq,) if isinstance(ev, Rewound) else (ev.target,)
    if max(seqs) >= env.seq or min(seqs) < 1 or \
            (isinstance(ev, (Undone, Redone)) and ev.first_seq > ev.last_seq):
        raise Refused(f"entry #{env.seq} ({env.type}) names entry #{max(seqs)}, "
                      "which is not before it")


class _Refolded:
    """History seen from inside a refold: corrected states from ``start`` on."""

    def __init__(self, base: History, start: int):
        self.base, self.start, self.states = base, start, {}

    def state_at(self, seq: int) -> State | None:
        if seq >= self.start and seq in self.states:
            return self.states[seq]
        return self.base.state_at(seq)

    def read(self, lo: int, hi: int) -> Iterable[Envelope]:
        return self.base.read(lo, hi)


def _refold(history: History, start: int, upto: int,
            stand_ins: dict[int, tuple],
            after_each: Callable[[int, State], None] | None = None,
            checked_from: int | None = None) -> State:
    """Replay entries ``start..upto`` with ``stand_ins`` in place of the entries
    they correct; ``after_each(seq, state)`` may refuse what an entry leads to;
    from ``checked_from`` on, each event must also pass its command's checks
    (``validity``) against the state it is folded into."""
    local = _Refolded(history, start)
    state = history.state_at(start - 1)
    for done, env in enumerate(history.read(start, upto), start=1):
        progress.tick("entries replayed", done, upto - start + 1)  # a listener may stop it
        for e in _effective(env, stand_ins):
            if after_each is None:
                state = step(state, e, local, refolding=True)
                continue
            what = e.type.replace('_', ' ')
            if e.type != env.type:  # a stand-in: an inserted turn, or another event
                what = f"{what}, standing in for {env.type.replace('_', ' ')}"
            if checked_from is not None and env.seq >= checked_from:
                try:  # as its command would have checked it, then and there
                    validate(state, e.event)
                except Refused as err:
                    raise Refused(f"#{env.seq} ({what}) would be refused: {err}") from None
            try:
                state = step(state, e, local, refolding=True)
            except Refused as err:
                raise Refused(f"#{env.seq} ({what}) would not replay: {err}") from None
        local.states[env.seq] = state
        if after_each is not None:
            after_each(env.seq, state)
    return state


def as_now(history: History, final: State | None, upto: int) -> Callable[[int], State | None]:
    """``state_at`` as the campaign now reads its past: the corrections in force
    at the end (``final``) stand in from the entry each corrects, so the states
    after a corrected entry say what it now led to (a day corrected from lost to
    on course is not lost there), where ``history.state_at`` gives them as they
    stood when they were written. One refold from the earliest correction."""
    stand_ins = dict(final.corrections) if final is not None else {}
    if not stand_ins:
        return history.state_at
    start = min(stand_ins)
    states: dict[int, State] = {}
    _refold(history, start, upto, stand_ins, states.__setitem__)

    def state_at(seq: int) -> State | None:
        if seq < start or seq > upto:
            return history.state_at(seq)
        return states[seq]
    return state_at


def check_correction(history: History, corrections: dict[int, tuple], target: int,
                     events: tuple, upto: int,
                     judge: Callable[[int, State], None]) -> None:
    """Replay a correction of ``target`` and every entry after it, up to
    ``upto``, before it is written; ``judge(seq, state)`` refuses a state."""
    stand_ins = {**corrections, target: events}
    _refold(history, min(stand_ins), upto, stand_ins, judge, checked_from=target)


def _effective(env: Envelope, stand_ins: dict[int, tuple]) -> tuple[Envelope, ...]:
    stand_in = stand_ins.get(env.seq)
    if stand_in is None:
        return (env,)
    return tuple(Envelope(env.seq, r.type, r.version, cook(r), env.command_id, env.session,
                          env.recorded_at) for r in stand_in)


def fold(state: State | None, envs: Iterable[Envelope], history: History) -> State | None:
    for env in envs:
        state = step(state, env, history)
    return state


class Timeline:
    """Time travel over a log: ``state_at(seq)`` from the nearest known state.

    ``read(lo, hi)`` yields the envelopes with lo <= seq <= hi; ``nearest(seq)``
    returns a stored ``(seq, state)`` at or before ``seq`` (a snapshot) or None.
    Two memories keep every lookup cheap: a checkpoint every ``every`` seqs,
    kept for good, and the last ``keep`` states computed or recorded. Undo,
    redo and rewind ask for states just behind the one being folded; without
    the second memory each of them replayed the undos before it again, and the
    cost doubled with every undo in the log.
    """

    def __init__(self, read: Callable[[int, int], Iterable[Envelope]],
                 nearest: Callable[[int], tuple[int, State] | None] = lambda s: None,
                 every: int = 512, keep: int = 4096):
        self.read = read
        self.nearest = nearest
        self.every = every
        self.keep = keep
        self.memo: dict[int, State] = {}  # checkpoints, every ``every`` seqs
        self.recent: dict[int, State] = {}  # insertion order: the oldest go first

    def _known(self, seq: int) -> State | None:
        state = self.recent.get(seq)
        if state is None:
            state = self.memo.get(seq)
        return state

    def _base(self, seq: int) -> tuple[int, State | None]:
        """The latest known state at or before ``seq``."""
        floor = seq - seq % self.every  # the checkpoint at or below seq, if kept
        for s in range(seq, max(floor, 1) - 1, -1):
            state = self._known(s)
            if state is not None:
                return s, state
        best_seq, best = 0, None
        found = self.nearest(seq)
        if found is not None:
            best_seq, best = found
        for s in self.memo:  # one per ``every`` seqs: small
            if best_seq < s <= seq:
                best_seq, best = s, self.memo[s]
        return best_seq, best

    def state_at(self, seq: int) -> State | None:
        if seq <= 0:
            return None
        base_seq, state = self._base(seq)
        if base_seq == seq:
            return state
        recent, memo, every = self.recent, self.memo, self.every
        for env in self.read(base_seq + 1, seq):
            state = step(state, env, self)
            at = env.seq
            recent[at] = state  # remember() inlined: this loop is the replay's hot path
            if at % every == 0:
                memo[at] = state
                self._trim()
        self._trim()
        return state

    def remember(self, seq: int, state: State) -> None:
        """Keep the state at ``seq`` (every appended entry passes through here)."""
        if seq % self.every == 0:
            self.memo[seq] = state
        self.recent[seq] = state
        self._trim()

    def _trim(self) -> None:
        recent = self.recent
        if len(recent) > 2 * self.keep:  # drop the oldest half: amortised O(1) per entry
            for s in list(recent)[:len(recent) - self.keep]:
                del recent[s]


def replay(envs: list[Envelope]) -> State | None:
    """Replay a whole in-memory log (tests, import, tools)."""
    by_seq = envs

    def read(lo: int, hi: int):
        return by_seq[lo - 1:hi]

    return Timeline(read).state_at(len(envs))


# --- how its events read in the log ------------------------------------------------

@describes(Undone)
def _describe_undone(ev: Undone, rules) -> str:
    return f"Undid: {ev.label} (from #{ev.first_seq})"


@describes(Redone)
def _describe_redone(ev: Redone, rules) -> str:
    return f"Redid: {ev.label} (from #{ev.first_seq})"
