"""Long campaign work (ten years of bastion turns, a correction replaying them)
off the event loop: a progress dialog, a Cancel that writes nothing, and the
GM's keys kept for when it is done.

Why a thread that uses the app's own connection. The campaign's SQLite
connection is opened with ``check_same_thread=False`` (store/sqlite.py), and
the process touches the file only through SQLite (docs/architecture.md, "The
log file"): a second connection would not help, as deciding and folding read
the log through the campaign's timeline and its caches, and the append must
check the head that the decision was made on. So one thread at a time uses
the campaign: the job runs on this module's single worker thread while the
event loop leaves the campaign alone (keys are held, the dialog covers the
screens, catching up waits for the dispatch lock), and ``Campaign`` itself
takes a lock around each call (service.py ``one_at_a_time``), so a stray call
from the loop waits instead of sharing the connection. Nothing is written
before the command's events are appended in one transaction at the end, so
stopping the job (``progress.Stopped`` from the listener) leaves the log as it
was.

A job done within ``GRACE`` seconds is waited for on the loop, as every
command was before: a short command shows its result in the same turn of the
loop, with no dialog flashing up.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, ProgressBar

from ..core import progress
from ..i18n import N_, _, number
from .dialogs import Dialog
from .safe import plain

GRACE = 0.4  # seconds a job may run before the progress dialog comes up
T = TypeVar("T")


class Busy:
    """One running job: how far it is, and whether the GM asked it to stop.
    Written by the worker thread, read by the dialog's timer."""

    def __init__(self, title: str):
        self.title = title
        self.what, self.done, self.total = "", 0, 0
        self.stop = threading.Event()
        self.ended = asyncio.Event()  # set on the loop when the job is over

    def listener(self, what: str, done: int, total: int) -> None:
        """``progress.listening``'s listener, in the worker thread."""
        if self.stop.is_set():
            raise progress.Stopped(what)
        self.what, self.done, self.total = what, done, total

    @property
    def line(self) -> str:
        if self.stop.is_set():
            return _("Stopping; nothing is written.")
        if not self.total:
            return _("Working…")
        return _("{done} of {total} {what}").format(done=number(self.done),
                                                    total=number(self.total), what=_(self.what))


class BusyDialog(Dialog):
    """How far a long job is; Escape (or the Cancel line) stops it."""

    BINDINGS = [Binding("escape", "cancel", N_("Stop"), id="busy.stop")]
    DEFAULT_CSS = """
    BusyDialog { align: center middle; background: $background 60%; }
    BusyDialog #dialog { width: 60; max-width: 90%; height: auto; border: thick $accent;
                         background: $panel; padding: 0 1; }
    BusyDialog #dialog-title, BusyDialog #busy-bar { margin-bottom: 1; }
    BusyDialog #dialog-help { color: $text-muted; width: 100%; margin-top: 1; }
    """

    def __init__(self, busy: Busy):
        super().__init__()
        self.busy = busy

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(plain(self.busy.title, "bold"), id="dialog-title")
            yield ProgressBar(total=None, show_eta=False, id="busy-bar")
            yield Label(plain(self.busy.line), id="busy-line")
            yield Label(plain(_("Escape stops it: nothing is written until it is done. "
                                "Keys typed meanwhile wait for it.")), id="dialog-help")

    def on_mount(self) -> None:
        super().on_mount()
        self._show()
        self.set_interval(0.2, self._show)

    def _show(self) -> None:
        b = self.busy
        bar = self.query_one("#busy-bar", ProgressBar)
        if b.total:
            bar.update(total=b.total, progress=b.done)
        self.query_one("#busy-line", Label).update(plain(b.line))

    def action_cancel(self) -> None:
        """Ask the job to stop; the dialog closes when it has (the app closes it)."""
        self.busy.stop.set()
        self._show()


class Jobs:
    """The app's campaign jobs, one at a time on one worker thread."""

    def __init__(self, app):
        self.app = app
        self.busy: Busy | None = None
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="campaign")

    def _submit(self, fn: Callable[[], T], busy: Busy) -> Future:
        def job():
            with progress.listening(busy.listener):
                return fn()
        # the caller's context goes with it: a refusal made on the worker thread
        # reads in the app's language (i18n's slot), not the thread's English
        return self._pool.submit(contextvars.copy_context().run, job)

    async def run(self, fn: Callable[[], T], title: str, writes: bool = False) -> T:
        """``fn()`` on the worker thread; past ``GRACE`` seconds with a progress
        dialog. Raises what ``fn`` raises; ``progress.Stopped`` when the GM
        stopped it before it was done. ``writes``: ``fn`` appends to the log, so
        a stop asked for too late (it was writing) is told as recorded."""
        busy = self.busy = Busy(title)
        dialog = None
        try:
            future = self._submit(fn, busy)
            try:
                result = future.result(timeout=GRACE)  # short: as if on the loop
            except TimeoutError:
                dialog = BusyDialog(busy)
                await self.app.push_screen(dialog)
                result = await asyncio.wrap_future(future)
            if busy.stop.is_set():
                if not writes:  # only looked: stopped as asked
                    raise progress.Stopped(busy.what)
                self.app.notify(_("It was done before it could stop: it is recorded "
                                  "(undo takes it back)."), title=_("Recorded"), timeout=8)
            return result
        finally:
            self.busy = None
            busy.ended.set()
            if dialog is not None and dialog.is_attached:
                dialog.dismiss(None)

    def quick(self, fn: Callable[[], T]) -> tuple[bool, T | None]:
        """``fn()`` if it is done within ``GRACE`` seconds: (True, its result);
        else it is stopped and (False, None) says the answer is not known yet
        (a dialog's check, which must not freeze the app for a long replay)."""
        if self.busy is not None:  # a long job holds the campaign: not now
            return False, None
        busy = Busy("")
        future = self._submit(fn, busy)
        try:
            return True, future.result(timeout=GRACE)
        except TimeoutError:
            busy.stop.set()
        try:
            future.result()  # it stops at its next step; finished, it is let go
        except progress.Stopped:
            pass
        return False, None

    def close(self) -> None:
        if self.busy is not None:
            self.busy.stop.set()
        self._pool.shutdown(wait=True)
