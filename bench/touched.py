"""gm-review4 R5/R3 (fix-log): the log's filters on the whole settled list,
the settle itself and a recap's first build, in CPU time (best of a few), for
old/new runs one after the other:

    PYTHONPATH=ROOT .venv/bin/python bench/touched.py SAVES ROOT [all]

SAVES holds ``bench.campaign`` (``bench.py``'s 100k delves or mixed); ROOT is
the checkout whose ``tracker`` runs (this one, or an exported main); ``all``
recaps every session instead of the last. Prints one JSON line."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, sys.argv[2] + "/bench")
import log_list  # noqa: E402  bench/log_list.py: the list's steps

from tracker import history as h, recap  # noqa: E402
from tracker.service import LogReader, campaign_file  # noqa: E402


def best(fn, n=5):
    ts, r = [], None
    for _ in range(n):
        t = time.process_time()
        r = fn()
        ts.append(time.process_time() - t)
    return min(ts), r


def main() -> None:
    saves = Path(sys.argv[1])
    out = dict(log_list.steps(saves))
    log = LogReader(campaign_file(saves, "bench"))
    head = log.head()
    rows, ids = h.listed_rows(log, head)
    found = h.sketch_rows(rows, log.decoded, (), ids)
    out["settle (again)"], _ = best(lambda: h.Settling(
        found, h.rows_read(rows, found), log.timeline, log.state_at(head)).settle_all(), 1)
    h.describe_all(found, batch=10**9)
    for who in sorted({n for e in found for n in e.names})[:4]:
        out[f"filter character {who}"], kept = best(lambda: h.filtered(found, character=who))
        out[f"  kept {who}"] = len(kept)
    out["filter area party"], _ = best(lambda: h.filtered(found, area="party"))
    out["filter session 1"], _ = best(lambda: h.filtered(found, session=1))
    out["filter text torch"], _ = best(lambda: h.filtered(found, text="torch"))
    envs = list(log.read())
    standing = recap.Standing(envs)
    sessions = sorted(standing.written) if sys.argv[3:] == ["all"] else None

    def build():
        timeline = type(log.timeline)(lambda lo, hi: envs[max(lo - 1, 0):hi])
        timeline.nearest = log.timeline.nearest
        return recap.build("b", standing, timeline.state_at, sessions)
    out["recap, first build"], r = best(build, 3)
    out["recap sessions"] = r.sessions[-3:]
    log.close()
    print(json.dumps({k: round(v, 4) if isinstance(v, float) else v for k, v in out.items()}))


if __name__ == "__main__":
    main()
