"""Progress of a long loop (ten years of bastion turns), told to whoever listens.

The core prints nothing: a loop calls ``tick(what, done, total)`` and the CLI
(stderr) or the app (a worker's progress line) installs a listener with
``listening(fn)``. A listener may raise to stop the loop (Ctrl-C, Cancel):
nothing has been written then, as a command's events are appended together.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator

Listener = Callable[[str, int, int], None]
_LISTENER: ContextVar[Listener | None] = ContextVar("progress", default=None)
EVERY = 250  # tell at most this often (steps), so a short loop costs nothing


class Stopped(Exception):
    """Raised by a listener whose GM asked to stop (the app's Cancel): the loop
    ends there, and nothing of the command or the preview has been written."""


def tick(what: str, done: int, total: int) -> None:
    """``done`` of ``total`` steps of ``what`` ("bastion turns") are done."""
    fn = _LISTENER.get()
    if fn is not None and (done % EVERY == 0 or done == total):
        fn(what, done, total)


@contextmanager
def listening(fn: Listener) -> Iterator[None]:
    token = _LISTENER.set(fn)
    try:
        yield
    finally:
        _LISTENER.reset(token)
