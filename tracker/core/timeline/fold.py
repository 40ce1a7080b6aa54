"""Folding the log: ``step`` applies one stored entry (an area's event, or an
entry about entries: undo, redo, rewind, a correction), refolds replay the
past with corrections standing in, and ``Timeline.state_at`` travels in time
from the nearest state it knows, so undo never costs the whole log.

Importing this module loads every area (``areas.register``) and the
timeline's own entries, so a fold never meets an event it cannot read.
"""

from __future__ import annotations

import gc
from typing import Callable, Iterable, Protocol

import msgspec
from msgspec.structs import replace

from .. import areas, progress
from ...i18n import N_, _
from ..errors import Refused
from ..events import Envelope
from ..handlers import BEGINNERS, EVOLVERS
from ..state import CommandRef, State
from ..clock_held import held_in_replay
from ..validity import TAKEN, stale, validate

areas.register()  # every area's events, deciders and evolvers, in fold order

from . import views  # noqa: E402,F401  (the log lines of undo, redo, rewind, corrections)
from .undecoded import earliest, with_correction  # noqa: E402
from .entries import (LOOKING_BACK, EntryCorrected, Redone, Rewound, Undone,  # noqa: E402
                      cook, points_back)
from .kinds import type_words  # noqa: E402


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
    if state is None or kind in BEGINNERS:
        if kind in BEGINNERS:
            return BEGINNERS[kind](ev)
        raise Refused(_("event {seq} comes before the campaign was created").format(seq=env.seq))
    if kind in LOOKING_BACK:
        points_back(env)
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
            stand_ins = with_correction(state.corrections, ev.target, ev.events)
            state = replace(refold_corrected(history, stand_ins, ev.target, env.seq - 1,
                                             in_force=state.corrections), corrections=stand_ins)
    else:
        state = EVOLVERS[kind](state, ev)
    return _bookkept(state, env)


class _Labels(dict):
    """An entry type's label for undo ("turn_advanced" -> "turn advanced"),
    made once per type: replay asked for it on every event."""

    def __missing__(self, type_name: str) -> str:
        label = self[type_name] = type_name.replace("_", " ")
        return label


LABELS = _Labels()


def _bookkept(state: State, env: Envelope) -> State:
    """``state`` with ``env`` as the last thing done: its command's ref grows to
    this entry, or a new command begins (and clears what redo could bring back).
    ``Timeline.state_at`` has this written inline (its loop is replay's hot path)."""
    ref = state.last_done
    if ref is not None and ref.id == env.command_id:
        return replace(state, last_done=CommandRef(ref.id, ref.first_seq, env.seq, ref.label))
    return replace(state, last_done=CommandRef(env.command_id, env.seq, env.seq,
                                               LABELS[env.type]), redo=())


class _Refolded:
    """History seen from inside a refold: corrected states from ``start`` on.
    A refold that starts late (at the corrected entry, from a logged state
    that already holds the corrections in force before it) has no corrected
    states from ``floor`` to ``start - 2``: an entry looking back there (an
    undo, redo or rewind) sends the refold back to start at ``floor``."""

    def __init__(self, base: History, start: int, floor: int | None = None):
        self.base, self.start, self.states = base, start, {}
        self.gap = range(floor, start - 1) if floor is not None else range(0)

    def state_at(self, seq: int) -> State | None:
        if seq >= self.start and seq in self.states:
            return self.states[seq]
        if seq in self.gap:
            raise _LooksIntoTheGap(seq)
        return self.base.state_at(seq)

    def read(self, lo: int, hi: int) -> Iterable[Envelope]:
        return self.base.read(lo, hi)


class _LooksIntoTheGap(Exception):
    """An entry of a late-started refold looks back to before its start."""


def refold_corrected(history: History, stand_ins: dict[int, tuple], target: int, upto: int,
                     after_each: Callable[[int, State], None] | None = None,
                     checked_from: int | None = None, in_force: dict | None = None,
                     refit: Refit | None = None) -> State:
    """The state at ``upto`` with ``stand_ins`` in force, ``target`` the entry
    corrected now and ``in_force`` the corrections in force before it: a refold
    from the earliest of them, as ``_refold`` defines it.

    Each state of the log equals the refold, from the earliest correction in
    force there, of its own corrections in force (but for the ``corrections``
    field, which only the end of a refold sets). So when the logged state just
    before ``target`` holds exactly the stand-ins for entries before ``target``,
    it is the refold's own state there, and the refold starts at ``target``:
    a correction costs the entries from the one it corrects on, however many
    corrections came before (from the earliest, each refolded the whole log
    after it again, and 1,000 corrections cost 10^6 steps). Should an entry
    of that late refold look back before ``target - 1`` (an undo of an
    earlier command), the logged states there do not hold the corrections, so
    it refolds from the earliest after all."""
    start = earliest(stand_ins)
    if target > start:
        before = history.state_at(target - 1)
        # a logged state before ``target`` holds only corrections of entries before
        # it: if they are the very ones in force (the common case: nothing was
        # undone since), they are the stand-ins before ``target``, without a look
        if before is not None and (before.corrections is in_force or
                                   _holds_exactly(before.corrections, stand_ins, target)):
            try:
                return _refold(history, target, upto, stand_ins, after_each, checked_from,
                               base=before, floor=start, refit=refit)
            except _LooksIntoTheGap:
                pass
    return _refold(history, start, upto, stand_ins, after_each, checked_from, refit=refit)


def _holds_exactly(corrections: dict, stand_ins: dict, target: int) -> bool:
    """``corrections`` (a logged state's, before ``target``) are the stand-ins for
    the entries before ``target``, no more."""
    later = [t for t in stand_ins if t >= target]
    if len(corrections) != len(stand_ins) - len(later):
        return False
    below = dict(stand_ins)
    for t in later:
        del below[t]
    return corrections == below


_LOGGED = object()  # _refold's base: the log's own state before ``start``
_REPLAYED = N_("entries replayed")


def _refold(history: History, start: int, upto: int,
            stand_ins: dict[int, tuple],
            after_each: Callable[[int, State], None] | None = None,
            checked_from: int | None = None, base: State | object = _LOGGED,
            floor: int | None = None, refit: Refit | None = None) -> State:
    """Replay entries ``start..upto`` with ``stand_ins`` in place of the entries
    they correct; ``after_each(seq, state)`` may refuse what an entry leads to;
    from ``checked_from`` on, each event must also pass its command's checks
    (``validity``) against the state it is folded into. ``base``: the state
    before ``start`` when it is not the log's own; ``floor``: where the refold
    would start without it (see ``refold_corrected``); ``refit(state, envelope)``:
    the envelope to fold in its place (see ``refitted``)."""
    local = _Refolded(history, start, floor)
    state = history.state_at(start - 1) if base is _LOGGED else base
    states, tick, total = local.states, progress.tick, upto - start + 1
    plain = after_each is None and refit is None  # a correction's refold, as replay meets it
    evolvers, beginners, get = EVOLVERS, BEGINNERS, stand_ins.get
    for done, env in enumerate(history.read(start, upto), start=1):
        tick(_REPLAYED, done, total)  # a listener may stop it
        if plain and get(env.seq) is None:
            # an area's event, no stand-in: what ``step`` does with it, without its
            # tests and calls (a correction refolds ~8 entries, 17% of a mixed replay)
            ev = env.event
            kind = type(ev)
            evolve = evolvers.get(kind)
            if evolve is not None and state is not None and kind not in beginners:
                state = _bookkept(evolve(state, ev), env)
            else:
                state = step(state, env, local, refolding=True)
            states[env.seq] = state
            continue
        for e in _effective(env, stand_ins):
            if refit is not None:
                e = refit(state, e)
            if after_each is None:
                state = step(state, e, local, refolding=True)
                continue
            if checked_from is not None and env.seq >= checked_from:
                try:  # as its command would have checked it, then and there
                    validate(state, e.event)
                    if env.seq > checked_from and e.event.__class__ in TAKEN:
                        # what it took from the state it was written in still holds
                        stale(history.state_at(env.seq - 1), state, e.event)
                except Refused as err:
                    raise Refused(_("#{seq} ({kind}) would be refused: {problem}").format(
                        seq=env.seq, kind=_kind(e, env), problem=err)) from None
            before = state
            try:
                state = step(state, e, local, refolding=True)
            except Refused as err:
                raise Refused(_("#{seq} ({kind}) would not replay: {problem}").format(
                    seq=env.seq, kind=_kind(e, env), problem=err)) from None
            if checked_from is not None and env.seq >= checked_from and \
                    before is not None and state.clock > before.clock and \
                    (why := held_in_replay(before, e.event, state.clock - before.clock,
                                           lambda: history.state_at(env.seq - 1))):
                # time its command could not have passed then (someone dying)
                raise Refused(_("#{seq} ({kind}) would be refused: {problem}").format(
                    seq=env.seq, kind=_kind(e, env), problem=why))
        local.states[env.seq] = state
        if after_each is not None:
            after_each(env.seq, state)
    return state


def _kind(e: Envelope, env: Envelope) -> str:
    """What a refold refused, for its refusal: "turn advanced", or a stand-in's
    "turn advanced, standing in for light lit" (made only once refused)."""
    what = type_words(e.type)
    if e.type == env.type:
        return what
    return _("{kind}, standing in for {entry}").format(
        kind=what, entry=type_words(env.type))


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
    ``upto``, before it is written; ``judge(seq, state)`` refuses a state from
    ``target`` on (the entries before it are as they were: it cannot change them)."""
    stand_ins = {**corrections, target: events}

    def judged(seq: int, state: State) -> None:
        if seq >= target:
            judge(seq, state)
    refold_corrected(history, stand_ins, target, upto, judged, checked_from=target,
                     in_force=corrections)


Refit = Callable[[State, Envelope], Envelope]


def refitted(history: History, corrections: dict[int, tuple], target: int, events: tuple,
             upto: int, refit: Callable[[State, object], object]) -> dict[int, tuple]:
    """The entries from ``target`` to ``upto`` that ``refit(state, event)`` changes
    once ``events`` stand in for ``target``, each folded as refitted before the
    next is asked: {seq: the entry's events, refitted}. A correction that moves
    later entries (a forgotten turn inserted) records these as corrections too."""
    entries: dict[int, list] = {}
    moved: set[int] = set()
    last = [0]

    def each(state: State, env: Envelope) -> Envelope:
        if env.seq < target:
            return env
        if env.seq != last[0]:  # an entry's first event (again, should the refold restart)
            last[0], entries[env.seq] = env.seq, []
            moved.discard(env.seq)
        ev = refit(state, env.event)
        entries[env.seq].append(ev)
        if ev is env.event:
            return env
        moved.add(env.seq)
        return Envelope(env.seq, ev.TYPE, ev.VERSION, ev, env.command_id, env.session,
                        env.recorded_at)

    refold_corrected(history, {**corrections, target: events}, target, upto,
                     in_force=corrections, refit=each)
    return {seq: tuple(entries[seq]) for seq in sorted(moved)}


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


def _kept(seq: int, state: State, command_id: str, first_seq: int, label: str,
          redo: tuple) -> State:
    """``state`` with the bookkeeping ``Timeline.state_at`` carried beside it:
    the command ``command_id`` done last, from ``first_seq`` to ``seq``."""
    return replace(state, last_done=CommandRef(command_id, first_seq, seq, label), redo=redo)


class _Pending(msgspec.Struct, frozen=True, gc=False):
    """A state of ``Timeline.state_at``'s loop with the undo bookkeeping it
    carried beside it, not yet applied (``_known`` applies it): kept in
    ``recent`` when the loop's row memory is let go (``Timeline._restart``).
    A Struct without gc, not a tuple: a tuple is tracked by the cyclic
    collector when made."""

    state: State
    command_id: str
    first_seq: int
    label: str
    redo: tuple


def _applied(seq: int, state: State, command_id: str, start: Envelope, book: _Book | None) -> State:
    """``_kept`` with the bookkeeping of ``Timeline._forward``'s loop: ``book``,
    or a command begun at the envelope ``start``."""
    if book is None:
        return _kept(seq, state, command_id, start.seq, LABELS[start.type], ())
    return _kept(seq, state, book.command_id, book.first_seq, book.label, book.redo)


class _Book(msgspec.Struct, frozen=True, gc=False):
    """The undo bookkeeping of a run of entries of one command in
    ``Timeline.state_at``'s loop, where it is not that of a command begun at
    the entry itself: made once per such run, shared by its entries."""

    command_id: str
    first_seq: int
    label: str
    redo: tuple


class _Booked(msgspec.Struct, frozen=True, gc=False):
    """A state of that loop whose command began before its entry, with that
    command's bookkeeping (``Timeline.raws``)."""

    state: State
    book: _Book


_LONG = 256  # a replay of this many entries or more runs with the cyclic collector off
# A replay's envelopes and states beside them, while more than ``keep`` entries from
# its end: the last this many (at each checkpoint). Keeping 4,096-8,192 states of
# ~1 kB each all the way made every allocation of the replay touch memory long out
# of the cache (the delves' replay: 4-6% more CPU time, the same instructions); what
# a replay looks back at meanwhile (an undo, a correction's refold) lies a few
# entries back, and anything further is the checkpoints' and the log's, as before.
_FAR_KEPT = 256


class Timeline:
    """Time travel over a log: ``state_at(seq)`` from the nearest known state.

    ``read(lo, hi)`` yields the envelopes with lo <= seq <= hi; ``nearest(seq)``
    returns a stored ``(seq, state)`` at or before ``seq`` (a snapshot) or None.
    Two memories keep every lookup cheap: a checkpoint every ``every`` seqs,
    kept for good, and the last ``keep`` states computed or recorded. Undo,
    redo and rewind ask for states just behind the one being folded; without
    the second memory each of them replayed the undos before it again, and the
    cost doubled with every undo in the log.

    The envelopes its replay last read in a row are kept too (the log only
    grows and an entry never changes): a correction refolds the entries just
    before it, which replay had read a moment ago, and read them again from
    the file, a query and a decode each (6% of a mixed campaign's replay).
    Beside each of them (``raws``, the same length) the state its replay
    left after it without its undo bookkeeping: the state where its command
    began at that very entry (the envelope tells the bookkeeping), a
    ``_Booked`` where it began before, or None where ``recent`` holds the
    state: one append to a list per entry, where a dict entry and an object
    per entry cost a twelfth of a replay.
    """

    def __init__(self, read: Callable[[int, int], Iterable[Envelope]],
                 nearest: Callable[[int], tuple[int, State] | None] = lambda s: None,
                 every: int = 512, keep: int = 4096):
        self.read_log = read
        self.nearest = nearest
        self.every = every
        self.keep = keep
        self.memo: dict[int, State] = {}  # checkpoints, every ``every`` seqs
        self.recent: dict[int, State] = {}  # insertion order: the oldest go first
        self.envs: list[Envelope] = []  # envelopes read in a row, from seq ``envs_from``
        self.raws: list[State | _Booked | None] = []  # beside each: its state, not bookkept
        self.envs_from = 1

    def read(self, lo: int, hi: int) -> Iterable[Envelope]:
        """Envelopes ``lo..hi``: those just replayed from memory, else the log's."""
        envs, at = self.envs, lo - self.envs_from
        if at >= 0 and hi - self.envs_from < len(envs) and lo <= hi \
                and envs[at].seq == lo and envs[at + hi - lo].seq == hi:
            return envs[at:at + hi - lo + 1]
        return self.read_log(lo, hi)

    def _known(self, seq: int) -> State | None:
        state = self.recent.get(seq)
        if state is None:
            state = self.memo.get(seq)
            if state is None:
                i = seq - self.envs_from
                if 0 <= i < len(self.raws) and self.raws[i] is not None:  # left by the loop
                    raw = self.raws[i]
                    state = self.recent[seq] = \
                        _applied(seq, raw.state, "", self.envs[i], raw.book) \
                        if type(raw) is _Booked else \
                        _applied(seq, raw, self.envs[i].command_id, self.envs[i], None)
        elif type(state) is _Pending:  # left by the loop, let go: its bookkeeping, not yet applied
            state = self.recent[seq] = _kept(seq, state.state, state.command_id,
                                             state.first_seq, state.label, state.redo)
        return state

    def _restart(self, seq: int) -> None:
        """Begin the envelopes read in a row anew at ``seq``; the states beside
        the last ``keep`` of them go to ``recent``, their bookkeeping not applied."""
        envs, raws, recent = self.envs, self.raws, self.recent
        for i in range(max(0, len(envs) - self.keep), len(envs)):
            raw, env = raws[i], envs[i]
            if raw is not None and env.seq not in recent:
                if type(raw) is _Booked:
                    book = raw.book
                    recent[env.seq] = _Pending(raw.state, book.command_id, book.first_seq,
                                               book.label, book.redo)
                else:
                    recent[env.seq] = _Pending(raw, env.command_id, env.seq,
                                               LABELS[env.type], ())
        self.envs, self.raws = [], []
        self.envs_from = seq

    def _base(self, seq: int) -> tuple[int, State | None]:
        """The latest known state at or before ``seq``."""
        floor = seq - seq % self.every  # the checkpoint at or below seq, if kept
        if self.recent or self.raws:
            for s in range(seq, (floor if floor > 1 else 1) - 1, -1):
                state = self._known(s)
                if state is not None:
                    return s, state
        elif floor in self.memo:  # nothing recent (a timeline just opened): no walk
            return floor, self.memo[floor]
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
        if seq - base_seq < _LONG or not gc.isenabled():
            return self._forward(base_seq, state, seq)
        # A long replay makes no reference cycle (states, events and envelopes
        # are trees; the row tuples the store reads die with their batch), yet
        # the cyclic collector ran every few hundred entries, walking each batch
        # of rows it had promoted (3% of a delves replay's instructions). Off
        # for the replay only, and on again however it ends; a replay in
        # another thread meanwhile finds it off and leaves it to this one.
        gc.disable()
        try:
            return self._forward(base_seq, state, seq)
        finally:
            gc.enable()

    def _forward(self, base_seq: int, state: State | None, seq: int) -> State | None:
        """``state_at(seq)`` from the known ``state`` at ``base_seq``."""
        recent, memo, every = self.recent, self.memo, self.every
        evolvers, labels, new_book, booked = EVOLVERS, LABELS, _Book, _Booked
        # The undo bookkeeping (``_bookkept``) of an area's event is carried
        # beside the state (``cid``: the command done last; ``book``: from
        # which entry, its label, the redo stack, or None for a command begun
        # at the entry ``start``, which tells them: made once per command, and
        # only from its second entry on) and applied only where a state leaves
        # this loop: returned, looked back at (``_known``), a checkpoint, or
        # handed to ``step``. Applied per event it was a second copy of the
        # whole state.
        cid = None  # None: ``state`` holds its own bookkeeping
        start, book = None, None
        at = base_seq
        if self.envs_from + len(self.envs) != base_seq + 1:  # not where the last read ended
            self._restart(base_seq + 1)
        envs = self.envs
        kept, raw = envs.append, self.raws.append
        mark = at + every - at % every  # the next checkpoint
        far = seq - self.keep  # before it, only the last _FAR_KEPT are kept (at checkpoints)
        for env in self.read_log(base_seq + 1, seq):
            ev = env.event
            evolve = evolvers.get(type(ev))
            at = env.seq
            if evolve is None or state is None:  # entries about entries, the first
                if cid is not None:
                    state, cid = _applied(at - 1, state, cid, start, book), None
                state = step(state, env, self)
                recent[at] = state
                if self.envs is not envs:  # a replay inside step read elsewhere: go on anew
                    self._restart(at)
                    envs = self.envs
                    kept, raw = envs.append, self.raws.append
                raw(None)
            else:
                if env.command_id != cid:
                    if cid is None and state.last_done is not None \
                            and state.last_done.id == env.command_id:
                        ref = state.last_done  # its command goes on
                        book = new_book(env.command_id, ref.first_seq, ref.label, state.redo)
                    else:  # a new command: what redo could bring back is gone
                        start, book = env, None
                    cid = env.command_id
                elif book is None:  # the command's second entry
                    book = new_book(cid, start.seq, labels[start.type], ())
                state = evolve(state, ev)
                raw(state if book is None else booked(state, book))  # _known applies it if asked
            kept(env)
            if at >= mark:  # (a log with a gap would pass a checkpoint by)
                if at % every == 0:
                    memo[at] = self._known(at)
                    self._trim()
                if at < far:
                    self._trim(_FAR_KEPT)
                mark = at + every - at % every
        if cid is not None:
            state = recent[at] = _applied(at, state, cid, start, book)
        self._trim()
        return state

    def remember(self, seq: int, state: State) -> None:
        """Keep the state at ``seq`` (every appended entry passes through here)."""
        if seq % self.every == 0:
            self.memo[seq] = state
        self.recent[seq] = state
        self._trim()

    def _trim(self, envs_kept: int = 0) -> None:
        """Let the oldest states go; ``envs_kept``: keep only that many of the
        envelopes read in a row (and the states beside them), not ``keep``."""
        recent = self.recent
        if len(recent) > 2 * self.keep:  # drop the oldest half: amortised O(1) per entry
            for s in list(recent)[:len(recent) - self.keep]:
                del recent[s]
        envs = self.envs
        kept = envs_kept or self.keep
        if len(envs) > 2 * kept:  # in place: the loop appending to them goes on
            gone = len(envs) - kept
            del envs[:gone]
            del self.raws[:gone]
            self.envs_from += gone


def replay(envs: list[Envelope]) -> State | None:
    """Replay a whole in-memory log (tests, import, tools)."""
    by_seq = envs

    def read(lo: int, hi: int):
        return by_seq[lo - 1:hi]

    return Timeline(read).state_at(len(envs))
