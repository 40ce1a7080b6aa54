"""A prototype, not the product: benchmark 2's replay with the store's read
fused into the timeline's loop (issue 22, ninth pass). ``FusedTimeline``
reads the store's row batches itself and decodes each row where the loop
folds it: no generator resumed per entry, the envelope's seq, command id and
event not read back from it, the evolver looked up once per (type, version)
with the decoder. Everything else is ``Timeline._forward`` as it is.

    .venv/bin/python bench/replay_fused.py CAMPAIGN_FILE [--events 20000] [--root CHECKOUT] [--ir]

Prints the CPU time per entry (best of ``--rounds``) of the rows, the real
replay and the fused one, and checks that both end in the same state (the
msgpack of ``state_at(n)``); with ``--ir``, instructions per entry instead
(callgrind, minus replaying entry 1). It knows the store's row layout and
leaves a damaged row to the store's own read: a measurement of what fusing
would win, before deciding whether the coupling is worth it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()


def fused_timeline(store):
    from tracker.core import events as evmod
    from tracker.core.events import Envelope
    from tracker.core.handlers import EVOLVERS
    from tracker.core.timeline import fold

    class FusedTimeline(fold.Timeline):
        def _forward(self, base_seq, state, seq):
            recent, memo, every = self.recent, self.memo, self.every
            evolvers, labels, new_book, booked = EVOLVERS, fold.LABELS, fold._Book, fold._Booked
            applied, step = fold._applied, fold.step
            cid = None
            start, book = None, None
            at = base_seq
            if self.envs_from + len(self.envs) != base_seq + 1:
                self._restart(base_seq + 1)
            envs = self.envs
            kept, raw = envs.append, self.raws.append
            mark = at + every - at % every
            decoders: dict = {}
            current = evmod.current_decoder
            last_type = last_version = seen = decode = evolve = object()
            for batch in store._batches(base_seq + 1, seq):
                for at, type_, version, data, c, session, when in batch:
                    if type_ != last_type or version != last_version:
                        known = decoders.get(type_)
                        if known is None or known[0] != version:
                            dec = current(type_, version)
                            known = decoders[type_] = (version, dec, {}, None)
                        last_type, last_version, decode, seen = type_, version, known[1], known[2]
                        evolve = known[3]
                    ev = seen.get(data)
                    if ev is None:
                        try:
                            ev = decode(data)
                        except Exception:
                            ev = store.decoded(at, type_, version, data)  # raises
                        seen[data] = ev
                        evolve = evolvers.get(type(ev))
                        decoders[type_] = (version, decode, seen, evolve)
                    env = Envelope(at, type_, version, ev, c, session, when)
                    if evolve is None or state is None:
                        if cid is not None:
                            state, cid = applied(at - 1, state, cid, start, book), None
                        state = step(state, env, self)
                        recent[at] = state
                        if self.envs is not envs:
                            self._restart(at)
                            envs = self.envs
                            kept, raw = envs.append, self.raws.append
                        raw(None)
                    else:
                        if c != cid:
                            if cid is None and state.last_done is not None \
                                    and state.last_done.id == c:
                                ref = state.last_done
                                book = new_book(c, ref.first_seq, ref.label, state.redo)
                            else:
                                start, book = env, None
                            cid = c
                        elif book is None:
                            book = new_book(cid, start.seq, labels[start.type], ())
                        state = evolve(state, ev)
                        raw(state if book is None else booked(state, book))
                    kept(env)
                    if at >= mark:
                        if at % every == 0:
                            memo[at] = self._known(at)
                            self._trim()
                        mark = at + every - at % every
            if cid is not None:
                state = recent[at] = applied(at, state, cid, start, book)
            self._trim()
            return state

    return FusedTimeline(store.read)


def _inner(root: str, mode: str, campaign: str, n: int) -> None:
    sys.path.insert(0, root)
    from tracker.core.timeline.fold import Timeline
    from tracker.store.sqlite import EventStore
    store = EventStore.open(Path(campaign), readonly=True)
    make = (lambda: fused_timeline(store)) if mode.startswith("fused") else \
        (lambda: Timeline(store.read))
    make().state_at(1 if mode.endswith("1") else n)
    store.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("campaign")
    ap.add_argument("--events", type=int, default=20_000)
    ap.add_argument("--root", default=str(HERE.parents[1]))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--ir", action="store_true")
    ap.add_argument("--inner")
    args = ap.parse_args()
    n = args.events
    if args.inner:
        _inner(args.root, args.inner, args.campaign, n)
        return 0
    if args.ir:
        sys.path.insert(0, str(HERE.parent))
        from ir import callgrind

        def per(mode: str) -> float:
            full, one = (callgrind(HERE, args.campaign, "--root", args.root, "--events", str(n),
                                   "--inner", m) for m in (mode, mode + "1"))
            return (full - one) / n
        real, fused = per("real"), per("fused")
        print(f"{args.campaign}, {n:,} entries, instructions an entry: "
              f"replay {real / 1000:.2f}k, fused {fused / 1000:.2f}k ({fused / real - 1:+.1%})")
        return 0
    sys.path.insert(0, args.root)
    import msgspec
    from tracker.core.timeline.fold import Timeline
    from tracker.store.sqlite import EventStore
    store = EventStore.open(Path(args.campaign), readonly=True)
    Timeline(store.read).state_at(1)
    encode = msgspec.msgpack.Encoder().encode
    same = encode(Timeline(store.read).state_at(n)) == encode(fused_timeline(store).state_at(n))

    def best(fn) -> float:
        times = []
        for _ in range(args.rounds):
            t0 = time.thread_time()
            fn()
            times.append(time.thread_time() - t0)
        return min(times) * 1e6 / n

    rows = best(lambda: [None for _ in store.rows(1, n)])
    real = best(lambda: Timeline(store.read).state_at(n))
    fused = best(lambda: fused_timeline(store).state_at(n))
    print(f"{args.campaign}, {n:,} entries, µs an entry (CPU, best of {args.rounds}): "
          f"rows {rows:.2f}  replay {real:.2f} ({rows / real:.1%})  "
          f"fused {fused:.2f} ({rows / fused:.1%})  same final state: {same}")
    store.close()
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
