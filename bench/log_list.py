"""The log screen's whole list, step by step, outside Textual, in CPU time
(issue 22, fifth pass): what the screen's worker does on a long log.

    .venv/bin/python bench/log_list.py SAVES [--root CHECKOUT] [--profile tottime]

SAVES is a saves folder holding ``bench.campaign`` (``bench.py`` makes them:
``$TRACKER_BENCH_CACHE/n100000``). Prints the CPU seconds of each step as the
log screen's worker takes them: the newest 500 entries read from the last
snapshot (``tail``), every event read and decoded (``read``), the list from
the events alone (``sketch``), every part settled by its replay (``settle``),
every line described (``describe``), then one text filter on the whole list.
``--root`` runs another checkout's ``tracker`` (an exported main, say) with
this Python, so old and new can be run one after the other on the same files;
``--profile KEY`` prints cProfile's 30 hottest (CPU clock) sorted by KEY.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path


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
    tail = step("tail", lambda: h.entries(list(log.read(start, head)), log.timeline,
                                          log.state_at(start - 1)))
    envs = step("read", lambda: list(log.read()))
    found = step("sketch", lambda: h.with_tail(h.sketch(envs), tail))
    step("settle", lambda: h.Settling(found, envs, log.timeline, log.state_at(head)).settle_all())
    step("describe", lambda: h.describe_all(found, batch=10**9))
    step("text filter", lambda: h.filtered(found, text="torch"))
    log.close()
    return took


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("saves", type=Path)
    ap.add_argument("--root", default=str(Path(__file__).resolve().parents[1]))
    ap.add_argument("--profile", metavar="KEY")
    args = ap.parse_args()
    sys.path.insert(0, args.root)
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
