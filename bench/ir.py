"""Benchmark 2 in instructions (valgrind's callgrind), which a loaded machine
does not move the way it moves the wall clock.

    .venv/bin/python bench/ir.py CAMPAIGN_FILE [--events 10000] [--root CHECKOUT]

runs this file under ``valgrind --tool=callgrind`` four times, in the modes

- ``none``:  import everything, open the file, do nothing;
- ``rows``:  read the raw rows of entries 1..N (``EventStore.rows``);
- ``full1``: replay entry 1 only (the ruleset's load, which a long replay
  amortises);
- ``full``:  replay entries 1..N (``Timeline(store.read).state_at(N)``, no
  snapshots),

and prints per event: rows = (rows - none) / N, decode + fold =
(full - full1) / N, and their quotient: benchmark 2's ratio (target 40%).
``--root`` runs another checkout's ``tracker`` (e.g. an exported main) with
this checkout's Python, to compare before and after on the same machine.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve()


def _inner(root: str, mode: str, campaign: str, n: int) -> None:
    sys.path.insert(0, root)
    from tracker.core.timeline.fold import Timeline
    from tracker.store.sqlite import EventStore

    store = EventStore.open(Path(campaign), readonly=True)
    if mode == "rows":
        for _ in store.rows(1, n):
            pass
    elif mode in ("full", "full1"):
        Timeline(store.read).state_at(n if mode == "full" else 1)
    store.close()


def _instructions(root: str, mode: str, campaign: str, n: int) -> int:
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, str(HERE), "--inner", mode, "--root", root, campaign,
         "--events", str(n)], capture_output=True, text=True, check=True)
    found = re.findall(r"Collected : (\d+)", done.stderr)
    if not found:
        raise SystemExit(f"no instruction count from valgrind:\n{done.stderr[-2000:]}")
    return int(found[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("campaign")
    ap.add_argument("--events", type=int, default=10_000)
    ap.add_argument("--root", default=str(HERE.parents[1]))
    ap.add_argument("--inner", choices=["none", "rows", "full1", "full"])
    args = ap.parse_args()
    if args.inner:
        _inner(args.root, args.inner, args.campaign, args.events)
        return 0
    n = args.events
    ir = {m: _instructions(args.root, m, args.campaign, n)
          for m in ("none", "rows", "full1", "full")}
    rows = (ir["rows"] - ir["none"]) / n
    fold = (ir["full"] - ir["full1"]) / n
    print(f"{args.campaign} ({args.root}), {n:,} events")
    print("   " + "  ".join(f"{m} {v:,}" for m, v in ir.items()))
    print(f"   instructions per event: rows {rows / 1000:.1f}k, decode + fold "
          f"{fold / 1000:.1f}k, ratio {rows / fold:.1%} (target 40%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
