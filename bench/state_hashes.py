"""Replay stays exactly equal: the sha256 of the msgpack of the state at every
``--every``th entry and at the last, one line each.

    .venv/bin/python bench/state_hashes.py CAMPAIGN_FILE [--root CHECKOUT] > new.txt

Run it with ``--root`` an old checkout (e.g. main exported with ``git archive``)
and without, on the same campaign file, and compare the two outputs (``cmp``).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("campaign")
    ap.add_argument("--root", default=str(HERE.parents[1]))
    ap.add_argument("--every", type=int, default=997)
    args = ap.parse_args()
    sys.path.insert(0, args.root)
    import msgspec
    from tracker.core.timeline.fold import Timeline
    from tracker.store.sqlite import EventStore

    store = EventStore.open(Path(args.campaign), readonly=True)
    last = store.conn.execute("SELECT max(seq) FROM events").fetchone()[0]
    timeline = Timeline(store.read)
    encode = msgspec.msgpack.Encoder().encode
    for seq in [*range(args.every, last + 1, args.every), last]:
        print(seq, hashlib.sha256(encode(timeline.state_at(seq))).hexdigest())
    store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
