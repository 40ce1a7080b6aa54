"""Where benchmark 2's replay goes, in CPU time per entry: reading the rows,
reading and decoding them into envelopes, the whole replay, the replay with
every evolver a no-op (the timeline's own machinery), and the share of the
corrections' refolds (``fold.refold_corrected``) in the whole replay.

    .venv/bin/python bench/replay_split.py CAMPAIGN_FILE [--events 20000] [--root CHECKOUT]

CPU time (``time.thread_time``), best of ``--rounds``: run old and new one
after the other, more than once, on a loaded machine (``bench/ir.py`` counts
instructions where noise matters).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("campaign")
    ap.add_argument("--events", type=int, default=20_000)
    ap.add_argument("--root", default=str(HERE.parents[1]))
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    sys.path.insert(0, args.root)
    from tracker.core import handlers
    from tracker.core.timeline import fold
    from tracker.store.sqlite import EventStore

    n = args.events
    store = EventStore.open(Path(args.campaign), readonly=True)
    fold.Timeline(store.read).state_at(1)  # the ruleset's load, once

    def best(fn) -> float:
        times = []
        for _ in range(args.rounds):
            t0 = time.thread_time()
            fn()
            times.append(time.thread_time() - t0)
        return min(times) * 1e6 / n

    def replay() -> None:
        fold.Timeline(store.read).state_at(n)

    rows = best(lambda: [None for _ in store.rows(1, n)])
    read = best(lambda: [None for _ in store.read(1, n)])
    full = best(replay)
    spent = [0.0]
    corrected = fold.refold_corrected

    def timed(*a, **k):
        t0 = time.thread_time()
        try:
            return corrected(*a, **k)
        finally:
            spent[0] += time.thread_time() - t0

    fold.refold_corrected = timed
    t0 = time.thread_time()
    replay()
    whole = time.thread_time() - t0
    fold.refold_corrected = corrected
    evolvers = dict(handlers.EVOLVERS)
    for kind in evolvers:
        handlers.EVOLVERS[kind] = lambda state, ev: state
    try:
        idle = best(replay)
    finally:
        handlers.EVOLVERS.update(evolvers)
    store.close()
    print(f"{args.campaign} ({args.root}), {n:,} entries, "
          f"µs an entry (CPU, best of {args.rounds})")
    print(f"   rows {rows:.2f}  read+decode {read:.2f}  replay {full:.2f}  "
          f"replay, evolvers no-ops {idle:.2f}  ratio {rows / full:.1%}")
    print(f"   refolds of corrections: {spent[0] / whole:.0%} of one replay")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
