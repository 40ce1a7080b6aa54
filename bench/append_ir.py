"""Benchmark 1's tracker side in instructions (valgrind's callgrind): one
``t`` (``AdvanceTurn(1, "explore")`` in a dungeon) through
``Campaign.dispatch`` (decide, the trial fold and its checks, the durable
append, alerts), which a loaded machine does not move the way it moves the
CPU clock.

    .venv/bin/python bench/append_ir.py [--root CHECKOUT] [--turns 200]

runs this file under ``valgrind --tool=callgrind`` twice, with W turns and
with W + N, and prints (second - first) / N: the instructions of one
dispatch. ``--root`` runs another checkout's ``tracker`` (e.g. an exported
main) with this checkout's Python, to compare before and after.

``--warm`` (W, default 300): the turns both runs make first. With 20 (the
figure before issue 22's eighth pass) the N turns also paid the delve's
one-off costs, spread over them: the first encounter at a distance loads
babel's locale data (3 pickles, about 50M instructions) and the first turns
that change a new set of parts compile their replacer (timeflow), so a
dispatch read some 125k instructions too many at N = 400. 300 turns make
them all before the counted ones.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from ir import callgrind  # bench/ir.py

HERE = Path(__file__).resolve()


def _inner(root: str, turns: int) -> None:
    sys.path.insert(0, root)
    from tracker.core import dungeon as dun
    from tracker.core import party, supplies
    from tracker.service import Campaign

    d = Path(tempfile.mkdtemp(prefix="tracker-append-ir-"))
    try:
        c = Campaign.create(d, "a", "dyb-og-drager", 1)
        c.dispatch(party.AddCharacter("Ana"))
        c.dispatch(supplies.SetSupplies("torches", 1000))
        c.dispatch(dun.EnterDungeon("x"))
        for _ in range(turns):
            c.dispatch(dun.AdvanceTurn(1, "explore"))
        c.close()
    finally:
        shutil.rmtree(d, ignore_errors=True)


def _instructions(root: str, turns: int) -> int:
    return callgrind(HERE, "--inner", "--root", root, "--turns", str(turns))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=str(HERE.parents[1]))
    ap.add_argument("--turns", type=int, default=200)
    ap.add_argument("--warm", type=int, default=300, help="turns both runs make first")
    ap.add_argument("--inner", action="store_true")
    args = ap.parse_args()
    if args.inner:
        _inner(args.root, args.turns)
        return 0
    base = _instructions(args.root, args.warm)
    more = _instructions(args.root, args.warm + args.turns)
    print(f"{args.root}: {(more - base) / args.turns / 1000:.1f}k instructions a dispatch "
          f"('t' in a dungeon, {args.turns} turns after {args.warm})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
