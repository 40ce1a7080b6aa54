"""What benchmark 2's replay would cost with the cheapest evolvers Python can
have: every evolver replaced by a stand-in, the timeline's machinery (read,
decode, loop, undo bookkeeping, corrections' refolds, Undone/Redone lookups)
left as it is. Issue 22's ninth pass: how much of the 40% goal is left to the
evolvers at all.

    .venv/bin/python bench/replay_floor.py CAMPAIGN_FILE [--events 10000] [--root CHECKOUT] [--ir]

Stand-ins (``--mode``, all by default):

- ``real``:  the real evolvers (the replay as it is);
- ``noop``:  ``lambda state, ev: state``;
- ``copy``:  one copy of the state per entry (``replace(state, clock=...)``),
  what any evolver of an immutable state does at least once;
- ``part``:  a part rebuilt and the state copied with it: ``replace(state,
  clock=..., dungeon=replace(state.dungeon, turn=...))``, the shape of the
  cheapest real evolver (a dungeon turn without its rules).

CPU time per entry (``time.thread_time``, best of ``--rounds``) beside the
raw row read of the same entries; with ``--ir``, instructions per entry
(callgrind, each mode in its own process, minus replaying entry 1 alone).
The states the stand-ins make are wrong on purpose: only their cost counts.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()
MODES = ("real", "noop", "copy", "part")


def _stand_in(mode: str):
    from msgspec.structs import replace
    if mode == "noop":
        return lambda state, ev: state
    if mode == "copy":
        return lambda state, ev: replace(state, clock=state.clock + 1)
    if mode == "part":
        return lambda state, ev: replace(state, clock=state.clock + 1,
                                         dungeon=replace(state.dungeon, turn=state.dungeon.turn + 1))
    raise ValueError(mode)


def _setup(root: str, mode: str, campaign: str):
    sys.path.insert(0, root)
    from tracker.core import handlers
    from tracker.core.timeline import fold
    from tracker.store.sqlite import EventStore
    store = EventStore.open(Path(campaign), readonly=True)
    fold.Timeline(store.read).state_at(1)  # the ruleset's load, once
    real = dict(handlers.EVOLVERS)
    if mode != "real":
        fn = _stand_in(mode)
        for kind in real:
            handlers.EVOLVERS[kind] = fn
    return store, fold, lambda: handlers.EVOLVERS.update(real)


def _inner(root: str, mode: str, campaign: str, n: int) -> None:
    store, fold, _ = _setup(root, mode.removesuffix("1"), campaign)
    fold.Timeline(store.read).state_at(1 if mode.endswith("1") else n)
    store.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("campaign")
    ap.add_argument("--events", type=int, default=10_000)
    ap.add_argument("--root", default=str(HERE.parents[1]))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--mode", choices=MODES, action="append")
    ap.add_argument("--ir", action="store_true", help="instructions (callgrind), not CPU time")
    ap.add_argument("--inner")
    args = ap.parse_args()
    n, modes = args.events, args.mode or list(MODES)
    if args.inner:
        _inner(args.root, args.inner, args.campaign, n)
        return 0
    print(f"{args.campaign} ({args.root}), {n:,} entries, "
          + ("instructions an entry (callgrind)" if args.ir else
             f"µs an entry (CPU, best of {args.rounds})"))
    if args.ir:
        sys.path.insert(0, str(HERE.parent))
        from ir import callgrind
        rows = (callgrind(HERE.parent / "ir.py", "--inner", "rows", "--root", args.root,
                          args.campaign, "--events", str(n)) -
                callgrind(HERE.parent / "ir.py", "--inner", "none", "--root", args.root,
                          args.campaign, "--events", str(n))) / n
        print(f"   rows {rows / 1000:.2f}k")
        for mode in modes:
            full, one = (callgrind(HERE, args.campaign, "--root", args.root, "--events", str(n),
                                   "--inner", m) for m in (mode, mode + "1"))
            per = (full - one) / n
            print(f"   {mode:5s} {per / 1000:6.2f}k  ratio {rows / per:.1%}  "
                  f"(40% needs {rows / 0.4 / 1000:.2f}k)")
        return 0
    for mode in modes:
        store, fold, restore = _setup(args.root, mode, args.campaign)

        def best(fn) -> float:
            times = []
            for _ in range(args.rounds):
                t0 = time.thread_time()
                fn()
                times.append(time.thread_time() - t0)
            return min(times) * 1e6 / n

        rows = best(lambda: [None for _ in store.rows(1, n)])
        replay = best(lambda: fold.Timeline(store.read).state_at(n))
        print(f"   {mode:5s} rows {rows:.2f}  replay {replay:.2f}  ratio {rows / replay:.1%}  "
              f"(40% needs {rows / 0.4:.2f})")
        store.close()
        restore()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
