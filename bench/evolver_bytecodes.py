"""Per event type, over the evolver pairs of ``evolver_costs.py`` (every evolver
call of a replay of the first N entries, as its (state, event) pair): the
bytecodes each type's evolver runs per call, by function; or a hash of every
evolver's outputs, to compare two checkouts in seconds.

    .venv/bin/python bench/evolver_bytecodes.py CAMPAIGN_FILE Travelled TurnTaken [--events 10000] [--root CHECKOUT]
        # bytecodes per call and the functions that run them (sys.settrace, opcode events)
    .venv/bin/python bench/evolver_bytecodes.py CAMPAIGN_FILE --hash [--events 30000] [--root CHECKOUT]
        # one line per event type: its calls and the sha256 of every output's msgpack

The bytecodes are not instructions (a struct copy in C is one bytecode), but
they say where an evolver's Python work goes, in a second and on a loaded
machine; ``--hash`` of an old checkout and of this one must ``cmp`` equal
after each change (``state_hashes.py`` checks the whole replay, slower).
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("campaign")
    ap.add_argument("types", nargs="*")
    ap.add_argument("--events", type=int, default=10_000)
    ap.add_argument("--root", default=str(HERE.parents[1]))
    ap.add_argument("--hash", action="store_true")
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args()
    sys.path.insert(0, str(HERE.parent))
    import evolver_costs
    pairs, evolvers = evolver_costs._pairs(args.root, args.campaign, args.events)
    if args.hash:
        import msgspec
        encode = msgspec.msgpack.Encoder().encode
        for kind in sorted(pairs, key=lambda k: k.__name__):
            h = hashlib.sha256()
            for state, ev in pairs[kind]:
                try:
                    h.update(encode(evolvers[kind](state, ev)))
                except Exception as e:  # a refusal is an output too
                    h.update(repr(e).encode())
            print(kind.__name__, len(pairs[kind]), h.hexdigest()[:16])
        return 0
    byname = {k.__name__: k for k in pairs}
    counts: collections.Counter = collections.Counter()

    def tracer(frame, event, arg):
        if event == "call":
            frame.f_trace_opcodes = True
        elif event == "opcode":
            c = frame.f_code
            counts[f"{c.co_filename.split('tracker/')[-1]}:{c.co_firstlineno}:{c.co_name}"] += 1
        return tracer

    for name in args.types:
        kind = byname[name]
        counts.clear()
        fn, calls = evolvers[kind], pairs[kind]
        sys.settrace(tracer)
        try:
            for state, ev in calls:
                fn(state, ev)
        finally:
            sys.settrace(None)
        print(f"== {name}: {len(calls)} calls, "
              f"{sum(counts.values()) / len(calls):.0f} bytecodes a call")
        for where, n in counts.most_common(args.top):
            print(f"{n / len(calls):8.1f} {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
