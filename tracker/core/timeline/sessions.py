"""Which session an entry is in, read from the log alone (gm-review F6).

Since 47bf299 an entry made while no session runs (before the first, or after
"Session 1 ended" and before session 2 starts) is recorded in session 0: the
recap of session 1 leaves it out. Older trackers recorded it in the session
that had ended. Both logs read the same: an entry is in its recorded session
only when one ran just before it (or it starts one), else in none (0). That is
how today's tracker records it (``service.Campaign._session_of``: the state
before the command), so a new log reads as written and an old one as a new
one would have been written. Nothing is rewritten: it is found as the log is
read, in the same pass, from its session starts and ends and the entries an
undo, redo or rewind returns to.

Whether a session runs after an entry changes only at a session's start or
end and at an entry about entries (the undo of "Session 2 ended" brings it
back): ``Running`` keeps it at those entries alone, so a long log of plain
play adds nothing to remember."""

from __future__ import annotations

from bisect import bisect_right

# what a session's start or end leaves: a session running, or none
STARTS, ENDS = "session_started", "session_ended"
MARKS = {STARTS: True, ENDS: False}


class Running:
    """Whether a session runs, as the log is read in order: ``now`` after the
    last entry read, and after any earlier entry (``after``)."""

    __slots__ = ("now", "_seqs", "_was")

    def __init__(self):
        self.now = False  # before the first entry: no session
        self._seqs: list[int] = []  # the entries where it may have changed, in order
        self._was: list[bool] = []  # ... and whether one ran right after each

    def mark(self, seq: int, running: bool) -> None:
        """Entry ``seq`` (the last read) started (True) or ended (False) one."""
        self.now = running
        self._seqs.append(seq)
        self._was.append(running)

    def after(self, seq: int) -> bool:
        """Whether a session ran right after entry ``seq`` (0: before any)."""
        i = bisect_right(self._seqs, seq) - 1
        return self._was[i] if i >= 0 else False

    def back_to(self, seq: int, target: int) -> bool:
        """Entry ``seq`` (the last read) returned the campaign to how it stood
        right after entry ``target`` (an undo, a redo, a rewind): as it ran then."""
        self.mark(seq, self.after(target))
        return self.now
