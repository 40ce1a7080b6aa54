"""Benchmark 4's recap row alone, from any checkout (old against new, in turn).

    .venv/bin/python bench/recap_keys.py SAVES [--root ROOT] [--presses 12] [--profile]

SAVES holds `bench.campaign` (a copy: the row adds a note and undoes it). ROOT
is the checkout whose `tracker` runs (default: this one), its own
`bench/bench.py` measuring it. Prints the CPU the recap's undo/redo (with the
rebuild it causes) adds over the nothing key, each pair's figures, and with
``--profile`` the main thread's hottest costs (cProfile, a CPU clock)."""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import sys
import time
from pathlib import Path

ap = argparse.ArgumentParser()
ap.add_argument("saves", type=Path)
ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
ap.add_argument("--presses", type=int, default=12)
ap.add_argument("--profile", action="store_true")
args = ap.parse_args()
sys.path[:0] = [str(args.root), str(args.root / "bench")]

import bench  # noqa: E402  (the root's own)

profile = cProfile.Profile(time.thread_time) if args.profile else None
if profile is not None:  # only the keys and their rebuilds, not opening the app
    real = bench._pairs

    async def _profiled(*a, **k):
        profile.enable()
        try:
            return await real(*a, **k)
        finally:
            profile.disable()
    bench._pairs = _profiled

ours, nothing = asyncio.run(bench._recap_keystrokes(args.saves, args.presses))
print(args.root, bench._added(ours, nothing))
print("  key CPU ms    ", [round(x * 1000, 1) for x in ours.cpu])
print("  nothing CPU ms", [round(x * 1000, 1) for x in nothing.cpu])
if profile is not None:
    pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
