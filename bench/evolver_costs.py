"""Where the fold goes, per event type: every evolver call of a replay of the
first N entries (the corrections' refolds included) is recorded as its
(state, event) pair, then each type's evolver is run again over its pairs.

    .venv/bin/python bench/evolver_costs.py CAMPAIGN_FILE [--events 20000] [--root CHECKOUT]
        # CPU time per type, best of --rounds (time.thread_time)
    .venv/bin/python bench/evolver_costs.py CAMPAIGN_FILE --events 10000 --ir [TYPE ...]
        # instructions per entry (callgrind): all evolvers, then each TYPE
    .venv/bin/python bench/evolver_costs.py CAMPAIGN_FILE --profile Travelled
        # cProfile (CPU clock) of one type's evolver over its pairs

``--ir`` runs this file under valgrind twice per mode (recording only, then
recording and running the pairs again): the difference over N is the
evolvers' instructions per entry, comparable with ``bench/ir.py``'s decode +
fold (which they are part of).
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

from ir import callgrind  # bench/ir.py

HERE = Path(__file__).resolve()


def _pairs(root: str, campaign: str, n: int):
    sys.path.insert(0, root)
    from tracker.core import handlers
    from tracker.core.timeline.fold import Timeline
    from tracker.store.sqlite import EventStore

    store = EventStore.open(Path(campaign), readonly=True)
    envs = {e.seq: e for e in store.read(1, n)}
    store.close()
    pairs: dict[type, list] = collections.defaultdict(list)
    evolvers = dict(handlers.EVOLVERS)

    def recording(kind, fn):
        def evolve(state, ev):
            pairs[kind].append((state, ev))
            return fn(state, ev)
        return evolve

    for kind, fn in evolvers.items():
        handlers.EVOLVERS[kind] = recording(kind, fn)
    try:
        Timeline(lambda lo, hi: [envs[s] for s in range(lo, hi + 1) if s in envs]).state_at(n)
    finally:
        handlers.EVOLVERS.update(evolvers)
    return pairs, evolvers


def _run(pairs, evolvers, kind) -> None:
    fn = evolvers[kind]
    for state, ev in pairs[kind]:
        fn(state, ev)


def _instructions(args, mode: str) -> int:
    return callgrind(HERE, args.campaign, "--root", args.root, "--events", str(args.events),
                     "--inner", mode)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("campaign")
    ap.add_argument("--events", type=int, default=20_000)
    ap.add_argument("--root", default=str(HERE.parents[1]))
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--ir", nargs="*", metavar="TYPE")
    ap.add_argument("--profile", metavar="TYPE")
    ap.add_argument("--inner", help=argparse.SUPPRESS)
    args = ap.parse_args()
    n = args.events
    if args.ir is not None:
        base = _instructions(args, "-")
        for mode in ["all", *args.ir]:
            print(f"{mode:24s} {(_instructions(args, mode) - base) // n:8,d} instructions an entry")
        return 0
    pairs, evolvers = _pairs(args.root, args.campaign, n)
    if args.inner is not None:  # under valgrind: "-" records only
        for kind in pairs:
            if args.inner == "all" or kind.__name__ == args.inner:
                _run(pairs, evolvers, kind)
        return 0
    if args.profile:
        import cProfile
        import pstats
        kind = next(k for k in pairs if k.__name__ == args.profile)
        prof = cProfile.Profile(time.process_time)
        prof.runcall(_run, pairs, evolvers, kind)
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)
        return 0
    costs = []
    for kind in pairs:
        best = min(_timed(pairs, evolvers, kind) for _ in range(args.rounds))
        costs.append((best, kind.__name__, len(pairs[kind])))
    total = sum(c[0] for c in costs)
    for best, name, count in sorted(costs, reverse=True)[:15]:
        print(f"{name:24s} {count:7,d} calls {best / count / 1e3:8.2f} µs "
              f"{100 * best / total:5.1f}%")
    print(f"all evolvers: {total / 1e6:.1f} ms CPU")
    return 0


def _timed(pairs, evolvers, kind) -> int:
    t0 = time.thread_time_ns()
    _run(pairs, evolvers, kind)
    return time.thread_time_ns() - t0


if __name__ == "__main__":
    raise SystemExit(main())
