"""One read-only reader of the log, kept across a screen's loads.

The log screen reads the log in a worker thread after every change. Opening a
fresh reader each time gave it a fresh timeline, which knew no state: the
change's own entries (an undo looks back to the state before the command it
undoes) and the state the list was extended from were each replayed from the
last snapshot, up to 1,000 entries a keystroke. Kept, its timeline remembers
the states the last load folded. The log only grows and an entry's state never
changes, so what it remembers stays true.

SQLite connections here are opened for any thread (``check_same_thread``
off); the lock makes sure one worker at a time uses it (a cancelled load stops
within 1,000 entries and lets the next one in).
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Callable, Iterator

from ..service import LogReader


class KeptReader:
    def __init__(self):
        self._lock = threading.Lock()
        self._reader: LogReader | None = None
        self._for: object = None  # what opened it (the campaign's ``reader``)

    @contextmanager
    def use(self, open_reader: Callable[[], LogReader]) -> Iterator[LogReader]:
        """The kept reader (opened by ``open_reader`` the first time, or when the
        campaign changed); closed and dropped if reading through it failed, so
        the next load starts afresh."""
        with self._lock:
            owner = getattr(open_reader, "__self__", open_reader)
            if self._reader is not None and self._for is not owner:
                self._drop()
            if self._reader is None:
                self._reader, self._for = open_reader(), owner
            try:
                yield self._reader
            except BaseException:
                self._drop()
                raise

    def close(self) -> None:
        """Close it, unless a load is using it (that load's thread lets it go)."""
        if self._lock.acquire(blocking=False):
            try:
                self._drop()
            finally:
                self._lock.release()

    def _drop(self) -> None:
        if self._reader is not None:
            try:
                self._reader.close()
            except Exception:  # noqa: BLE001 - closing a reader that failed: nothing to keep
                pass
        self._reader = self._for = None
