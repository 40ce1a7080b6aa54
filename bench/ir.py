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
With ``--opens`` (``--events 20``), CAMPAIGN is a saves folder (benchmark
6's, e.g. ``$TRACKER_BENCH_CACHE/undo-corrected-1000``) and it prints the
instructions of one ``Campaign.open`` (of N in a row, the first left out).
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
    if mode.startswith("open"):  # benchmark 6: ``campaign`` is a saves folder
        from tracker.service import Campaign
        for _ in range(n if mode == "open" else 1):
            Campaign.open(Path(campaign), "bench").close()
        return
    from tracker.core.timeline.fold import Timeline
    from tracker.store.sqlite import EventStore

    store = EventStore.open(Path(campaign), readonly=True)
    if mode == "rows":
        for _ in store.rows(1, n):
            pass
    elif mode in ("full", "full1"):
        Timeline(store.read).state_at(n if mode == "full" else 1)
    store.close()


def callgrind(script: Path, *args: str) -> int:
    """The instructions valgrind's callgrind counts while this Python runs
    ``script`` with ``args`` (every bench/ script that counts them uses this)."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, str(script), *args], capture_output=True, text=True, check=True)
    found = re.findall(r"Collected : (\d+)", done.stderr)
    if not found:
        raise SystemExit(f"no instruction count from valgrind:\n{done.stderr[-2000:]}")
    return int(found[-1])


def _instructions(root: str, mode: str, campaign: str, n: int) -> int:
    return callgrind(HERE, "--inner", mode, "--root", root, campaign, "--events", str(n))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("campaign")
    ap.add_argument("--events", type=int, default=10_000)
    ap.add_argument("--root", default=str(HERE.parents[1]))
    ap.add_argument("--opens", action="store_true",
                    help="benchmark 6 instead: CAMPAIGN is a saves folder holding "
                         "bench.campaign; instructions per open, the first left out")
    ap.add_argument("--inner", choices=["none", "rows", "full1", "full", "open1", "open"])
    args = ap.parse_args()
    if args.inner:
        _inner(args.root, args.inner, args.campaign, args.events)
        return 0
    n = args.events
    if args.opens:
        one, many = (_instructions(args.root, m, args.campaign, n) for m in ("open1", "open"))
        print(f"{args.campaign} ({args.root}): {(many - one) / (n - 1) / 1e6:.2f}M "
              f"instructions per open (of {n}, the first left out)")
        return 0
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
