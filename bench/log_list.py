"""The log screen's whole list, step by step, outside Textual, in CPU time
(issue 22, fifth pass): what the screen's worker does on a long log.

    .venv/bin/python bench/log_list.py SAVES [--root CHECKOUT] [--profile tottime]

SAVES is a saves folder holding ``bench.campaign`` (``bench.py`` makes them:
``$TRACKER_BENCH_CACHE/n100000``). Prints the CPU seconds of each step as the
log screen's worker takes them: the newest 500 entries read from the last
snapshot (``tail``), every row read (``read``: from the sixth pass the raw
rows, before it every event decoded too), the list from them (``sketch``:
from the sixth pass decoding only the events it reads), every part settled
by its replay (``settle``: from the sixth pass each part reads its rows),
every line described (``describe``), then one text filter on the whole list.
``--root`` runs another checkout's ``tracker`` (an exported main, say) with
this Python, so old and new can be run one after the other on the same files;
``--profile KEY`` prints cProfile's 30 hottest (CPU clock) sorted by KEY.
``--app`` opens the log screen in the app instead (headless) and splits its
CPU between the screen's thread and the worker; ``--keys`` times its undo and
redo keystroke over Pilot's nothing key, on a copy of the campaign, and
``--jump`` the part a jump to 9/10 of the unsettled list settles (seventh
pass). ``--ir`` counts instructions (valgrind's callgrind, which load does not
move): the steps to the whole list shown (tail, read, sketch) less opening
the file, with the app's modules imported so the heap the collector walks is
the app's size (sixth pass).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

from ir import callgrind  # bench/ir.py

HERE = Path(__file__).resolve()


def steps(saves: Path) -> dict[str, float]:
    from tracker import history as h
    from tracker.service import LogReader, campaign_file

    log = LogReader(campaign_file(saves, "bench"))
    took: dict[str, float] = {}
    clock = time.process_time

    def step(name, fn):
        t = clock()
        out = fn()
        took[name] = clock() - t
        return out

    head = log.head()
    start = head - 500 + 1
    before, tail = step("tail", lambda: _tail(h, log, start, head))
    if hasattr(h, "sketch_rows"):  # sixth pass on: the raw rows, few events decoded
        with _collector_off(h):  # eighth pass on, as the screen's worker
            rows, ids = step("read", lambda: _rows(h, log, head))
            found = step("sketch", lambda: h.with_tail(_sketch(h, rows, log, before, ids), tail))
        read = h.rows_read(rows, found)  # each part from the rows kept
    else:  # before: every row read and decoded, then sketched
        envs = step("read", lambda: list(log.read()))
        found = step("sketch", lambda: h.with_tail(h.sketch(envs), tail))
        read = envs
    step("settle", lambda: h.Settling(found, read, log.timeline, log.state_at(head)).settle_all())
    step("describe", lambda: h.describe_all(found, batch=10**9))
    step("text filter", lambda: h.filtered(found, text="torch"))
    log.close()
    return took


def _tail(h, log, start: int, head: int):
    """The state before the newest 500 entries, and those entries read whole."""
    before = log.state_at(start - 1)
    return before, h.entries(list(log.read(start, head)), log.timeline, before)


def _collector_off(h):
    """The worker's collector off (eighth pass on), else nothing."""
    import contextlib
    return h.collector_off() if hasattr(h, "collector_off") else contextlib.nullcontext()


def _rows(h, log, head: int):
    """The rows as the screen's worker reads them: from the eighth pass lean,
    their command ids and times recorded apart (``listed_rows``)."""
    if hasattr(h, "listed_rows"):
        return h.listed_rows(log, head)
    return list(log.rows()), None


def _sketch(h, rows, log, before, ids=None):
    """``sketch_rows`` as the screen's worker calls it: from the eighth pass
    with the ruleset at hand (the state before the tail's) and the ids apart."""
    if hasattr(h, "listed_rows"):
        return h.sketch_rows(rows, log.decoded, (before.ruleset,), ids)
    return h.sketch_rows(rows, log.decoded)


def jump(saves: Path) -> str:
    """A jump to 9/10 of the list before it is settled (seventh pass): the
    list sketched, then the one part ``Settling`` settles first for an entry
    there, in CPU s (before the seventh pass, on a log with a correction in
    force, every entry after the earliest corrected one was that part)."""
    from tracker import history as h
    from tracker.service import LogReader, campaign_file

    log = LogReader(campaign_file(saves, "bench"))
    head = log.head()
    rows, ids = _rows(h, log, head)
    found = h.sketch_rows(rows, log.decoded, (), ids) if ids else h.sketch_rows(rows, log.decoded)
    t = time.process_time()
    parts = h.Settling(found, h.rows_read(rows, found), log.timeline, log.state_at(head))
    part = parts.next_part([head * 9 // 10])
    parts.settle(part)
    took = time.process_time() - t
    log.close()
    return f"a jump to 9/10: the part {part[0]:,}-{part[1]:,} settled in {took:.3f} CPU s"


def _shown(saves: Path, mode: str) -> None:
    """What ``--ir`` counts: open (``open``), then the steps to the whole list
    shown (``shown``), the worker's own."""
    import tracker.ui.app  # noqa: F401 - the app's heap, as the collector sees it in the app
    from tracker import history as h
    from tracker.service import LogReader, campaign_file

    log = LogReader(campaign_file(saves, "bench"))
    head = log.head()
    if mode == "shown":
        start = head - 500 + 1
        before, tail = _tail(h, log, start, head)
        if hasattr(h, "sketch_rows"):  # as steps()
            with _collector_off(h):
                rows, ids = _rows(h, log, head)
                h.with_tail(_sketch(h, rows, log, before, ids), tail)
        else:
            h.with_tail(h.sketch(list(log.read())), tail)
    log.close()


def in_app(saves: Path) -> str:
    """The log screen opened in the app (headless, 80x24) until its whole
    list is shown: wall, the process's CPU, and its split: the screen's
    thread (Textual's mount, the lists handed over, drawing) and the worker's
    CPU until it posted the whole list (its ``thread_time``)."""
    import asyncio
    import threading

    from tracker.ui.app import TrackerApp
    from tracker.ui.screens import log as screen

    posted = {}
    post = screen.LogScreen.post_message
    read = screen.LogScreen._read_log

    def posting(self, message):  # the worker's CPU when it posts each list
        if threading.current_thread() is not threading.main_thread():
            posted.setdefault((getattr(message, "complete", True),
                               getattr(message, "settled", True)), time.thread_time())
        return post(self, message)

    def reading(self, *a):
        posted["start"] = time.thread_time()
        return read(self, *a)
    screen.LogScreen.post_message, screen.LogScreen._read_log = posting, reading

    async def run() -> str:
        app = TrackerApp(saves, "bench")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            n = app.campaign.seq
            t, c, m = time.perf_counter(), time.process_time(), time.thread_time()
            app.call_later(app.action_show_area, "log")  # in the app's context, as a key
            while not (getattr(app.screen, "complete", False) and len(app.screen.all) >= n):
                await asyncio.sleep(0.002)
            wall, cpu, main = (time.perf_counter() - t, time.process_time() - c,
                               time.thread_time() - m)
            whole = posted.get((True, False), posted.get((True, True)))  # sketched, or read whole
            worker = whole - posted["start"]
            await app.workers.wait_for_complete()
        return (f"whole list shown: wall {wall:.3f} s, CPU {cpu:.3f} s (screen's thread "
                f"{main:.3f}, worker to the list posted {worker:.3f})")
    return asyncio.run(run())


def keystrokes(saves: Path, presses: int = 30) -> str:
    """Benchmark 4's undo/redo on the log screen alone (seventh pass): on a
    copy of the campaign (each key writes), the log screen opened and its list
    settled, then ``presses`` keys, undo and redo in turn, each paired with
    the nothing key (``bench._pairs``: wall and CPU over it, the median)."""
    import asyncio
    import shutil
    import tempfile

    root = Path(sys.path[0])
    sys.path.insert(1, str(root / "bench"))
    import bench as B
    from tracker.core.campaign import AddNote
    from tracker.ui.app import TrackerApp

    work = Path(tempfile.mkdtemp(prefix="log-keys-"))
    shutil.copy(saves / "bench.campaign", work / "bench.campaign")

    async def run():
        app = TrackerApp(work, "bench")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.run_command(AddNote("something to undo"))
            await app.workers.wait_for_complete()
            await pilot.press("2")
            while not (getattr(app.screen, "complete", False) and app.screen.settled):
                await asyncio.sleep(0.05)
            await B._settled(app, pilot)
            return await B._pairs(app, pilot, lambda i: "ctrl+z" if i % 2 == 0 else "ctrl+y",
                                  presses)
    try:
        times, base = asyncio.run(run())
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return f"log screen undo/redo: {B._added(times, base)}"


def _instructions(root: str, saves: Path, mode: str) -> int:
    return callgrind(HERE, str(saves), "--root", root, "--inner", mode)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("saves", type=Path)
    ap.add_argument("--root", default=str(Path(__file__).resolve().parents[1]))
    ap.add_argument("--profile", metavar="KEY")
    ap.add_argument("--ir", action="store_true")
    ap.add_argument("--app", action="store_true", help="the log screen opened in the app")
    ap.add_argument("--jump", action="store_true",
                    help="the part a jump to 9/10 of the unsettled list settles first")
    ap.add_argument("--keys", action="store_true",
                    help="the log screen's undo/redo keystroke over the nothing key")
    ap.add_argument("--inner", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.ir:
        opened, shown = (_instructions(args.root, args.saves, m) for m in ("open", "shown"))
        print(f"to the whole list shown: {(shown - opened) / 1e9:.3f} G instructions")
        return 0
    sys.path.insert(0, args.root)
    if args.inner:
        _shown(args.saves, args.inner)
        return 0
    if args.app:
        print(in_app(args.saves))
        return 0
    if args.keys:
        print(keystrokes(args.saves))
        return 0
    if args.jump:
        print(jump(args.saves))
        return 0
    if args.profile:
        prof = cProfile.Profile(time.process_time)
        prof.enable()
        steps(args.saves)
        prof.disable()
        pstats.Stats(prof).sort_stats(args.profile).print_stats(30)
        return 0
    took = steps(args.saves)
    print("  ".join(f"{k} {v:.3f}" for k, v in took.items()),
          f" total {sum(took.values()):.3f} CPU s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
