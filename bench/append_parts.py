"""Benchmark 1's keystroke in parts, in instructions (valgrind's callgrind):
what each part of a ``t`` dispatch costs, to find the hottest.

    .venv/bin/python bench/append_parts.py [--root CHECKOUT] [PART ...]

Each PART runs under callgrind on the states of 200 turns of a delve (made
after 300, as ``append_ir.py`` makes them), 5 times over, against the same
script doing nothing; it prints the instructions a turn. Parts:

- ``decide_quiet``, ``decide_roll``: the dungeon's decide (``engine.decide``
  with the entry's seeded dice) on a turn that rolls no wandering check, and
  on one that does (its dice seeded: ``random.Random("seed:seq")``)
- ``seed``: ``random.Random("seed:seq")`` alone
- ``alerts``: ``alerts(before, after)`` of each turn
- ``problems``: ``invariants.new_problems(before, after)`` of each turn
- ``trial``: ``Campaign._trial`` of a turn's entry (the fold, its checks)
- ``uuid``: ``new_command_id()``

``--root`` runs another checkout's ``tracker`` (e.g. /work/main) with this
Python, to compare before and after. Run with PYTHONHASHSEED=0.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
from pathlib import Path

from ir import callgrind  # bench/ir.py

HERE = Path(__file__).resolve()
PARTS = ("decide_quiet", "decide_roll", "seed", "alerts", "problems", "trial", "uuid")
TURNS, ROUNDS = 200, 5


def _inner(root: str, part: str, rounds: int) -> None:
    sys.path.insert(0, root)
    from tracker.core import dice as dicemod
    from tracker.core import dungeon as dun
    from tracker.core import party, supplies
    from tracker.core.alerts import alerts
    from tracker.core.engine import decide
    from tracker.core.invariants import new_problems
    from tracker.core.limits import checked
    from tracker.service import Campaign, new_command_id

    d = Path(tempfile.mkdtemp(prefix="tracker-append-parts-"))
    try:
        c = Campaign.create(d, "a", "dyb-og-drager", 1)
        c.dispatch(party.AddCharacter("Ana"))
        c.dispatch(supplies.SetSupplies("torches", 1000))
        c.dispatch(dun.EnterDungeon("x"))
        cmd = dun.AdvanceTurn(1, "explore")
        for _ in range(300):
            c.dispatch(cmd)
        states = [(c.state, c.seq)]
        for _ in range(TURNS):
            c.dispatch(cmd)
            states.append((c.state, c.seq))
        seed = c.state.seed
        pairs = [(a, b) for (a, _), (b, _) in zip(states, states[1:])]
        for _ in range(rounds):
            if part in ("decide_quiet", "decide_roll"):
                rolls = part == "decide_roll"
                for st, sq in states[:-1]:  # half the turns roll: each decided twice
                    if ((st.dungeon.turn + 1) % 2 == 0) == rolls:
                        decide(st, cmd, dicemod.SeededDice(f"{seed}:{sq + 1}"))
                        decide(st, cmd, dicemod.SeededDice(f"{seed}:{sq + 1}"))
            elif part == "seed":
                for _st, sq in states[:-1]:
                    random.Random(f"{seed}:{sq + 1}")
            elif part == "alerts":
                for a, b in pairs:
                    alerts(a, b)
            elif part == "problems":
                for a, b in pairs:
                    new_problems(a, b)
            elif part == "trial":
                events = [checked(e) for e in c._decide(cmd)]
                for _ in range(TURNS):
                    c._trial(events, "x" * 32, 0)
            elif part == "uuid":
                for _ in range(TURNS):
                    new_command_id()
        c.close()
    finally:
        shutil.rmtree(d, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("parts", nargs="*", default=list(PARTS), help=", ".join(PARTS))
    ap.add_argument("--root", default=str(HERE.parents[1]))
    ap.add_argument("--inner", default="")
    ap.add_argument("--rounds", type=int, default=ROUNDS)
    args = ap.parse_args()
    if args.inner:
        _inner(args.root, args.inner, args.rounds)
        return 0
    unknown = [p for p in args.parts if p not in PARTS]
    if unknown:
        ap.error(f"no such part: {', '.join(unknown)} (there are: {', '.join(PARTS)})")
    base = callgrind(HERE, "--inner", "none", "--root", args.root, "--rounds", "0")
    for part in args.parts:
        got = callgrind(HERE, "--inner", part, "--root", args.root)
        print(f"{args.root}: {part}: {(got - base) / ROUNDS / TURNS / 1000:.1f}k instructions "
              "a turn", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
