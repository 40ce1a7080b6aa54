"""Which entries of the log stand: not undone, not taken back by a rewind.
The log's list marks the others; a correction may not name one (it would
change nothing, yet read as if it did)."""

from __future__ import annotations

from bisect import bisect_right

from .entries import Redone, Rewound, Undone


def standing(envs) -> "_Runs":
    """The seqs of the entries whose effect stands at the end of ``envs``: not
    undone, not taken back by a rewind (``seq in standing(envs)``). As the
    engine folds them, an undo returns to the entries standing before its
    command, a redo or a rewind to those standing right after an entry. A
    correction stands while it is in force (or replaced by a later one of the
    same entry): one a rewind went back past is gone from the state, and so
    from the list's marks. ``envs``: envelopes, or the log list's entries.

    Only the entries about entries are looked at: every other entry stands
    right after itself, on the one standing before it, so the entries standing
    at the end are runs between entries about entries. Before (sixth pass) a
    dict of every entry was built for it: 0.03 s of the mixed 100k log's
    sketch, for its 1,746 corrections."""
    first = envs[0].seq if envs else 1
    return standing_from(first, envs[-1].seq if envs else 0, envs)


def standing_from(first: int, last: int, envs) -> "_Runs":
    """``standing`` of the entries ``first`` to ``last``, of which ``envs`` holds
    (at least) every entry about entries, in order: the others are not read."""
    after: dict[int, int] = {}  # an undo, redo or rewind -> the entry standing right after it

    def head_after(seq: int) -> int:  # the last entry standing right after entry ``seq``
        if seq < first:
            return 0
        h = after.get(seq)
        return seq if h is None else h

    back = _BACK
    for env in envs:  # envelopes, or entries (a sketch's: its entries about entries decoded)
        kind = back.get(env.type)
        if kind is None:
            continue
        ev = env.event
        if kind is Undone:
            after[env.seq] = head_after(ev.first_seq - 1)
        elif kind is Redone:
            after[env.seq] = head_after(ev.last_seq)
        else:
            after[env.seq] = head_after(ev.to_seq)
    turns = sorted(after)
    runs: list[tuple[int, int]] = []
    head = head_after(last)
    while head:  # a run of plain entries down to the entry about entries below it
        i = bisect_right(turns, head) - 1
        lo = turns[i] + 1 if i >= 0 else first
        runs.append((lo, head))
        head = head_after(lo - 1)
    runs.reverse()
    return _Runs(runs)


class _Runs:
    """Seqs in runs (lo, hi), in order: ``seq in runs``, by halving."""

    __slots__ = ("los", "his")

    def __init__(self, runs: list[tuple[int, int]]):
        self.los = [lo for lo, _ in runs]
        self.his = [hi for _, hi in runs]

    def __contains__(self, seq: int) -> bool:
        i = bisect_right(self.los, seq) - 1
        return i >= 0 and seq <= self.his[i]

    def gaps(self, first: int, last: int):
        """The seqs from ``first`` to ``last`` that do not stand, in order."""
        at = first
        for lo, hi in zip(self.los, self.his):
            if hi < at:
                continue
            if lo > last:
                break
            yield from range(at, min(lo, last + 1))
            at = max(at, hi + 1)
        yield from range(at, last + 1)

    def __iter__(self):
        for lo, hi in zip(self.los, self.his):
            yield from range(lo, hi + 1)


_BACK = {cls.TYPE: cls for cls in (Undone, Redone, Rewound)}
LOOKING_BACK_TYPES = tuple(_BACK)  # the entries ``standing`` reads
