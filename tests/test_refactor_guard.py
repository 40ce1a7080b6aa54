"""What a GM sees must not change while the code is reorganised: the JSON
state, every log line (text, area, dice, characters) and the recap of each
demo campaign, on each ruleset, compared with a record made before.

Regenerate the record only for a change meant to alter what a GM sees:
    .venv/bin/python tests/test_refactor_guard.py > tests/data/seen_by_the_gm.json
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

RECORD = Path(__file__).parent / "data" / "seen_by_the_gm.json"
RULESETS = ["dyb-og-drager", "dolmenwood", "dnd-2024"]


def seen() -> dict:
    from tracker import recap
    from tracker.core.alerts import alerts
    from tracker.core.engine import Timeline
    from tracker.core.view import state_json
    from tracker.demo import STAGES, build
    from tracker.history import entries

    out = {}
    saves = Path(tempfile.mkdtemp())
    try:
        for r in RULESETS:
            for stage in STAGES:
                c = build(saves, f"{r}-{stage}", r, stage)
                envs = list(c.store.read())
                log = [{"text": e.text, "area": e.area, "names": list(e.names),
                        "dice": [[d.expr, list(d.dice), d.total] for d in e.dice],
                        "undone": e.undone, "time": e.game_time}
                       for e in entries(envs, Timeline(c.store.read))]
                timeline = Timeline(c.store.read)
                told = [[a.severity, a.text] for i in range(2, c.seq + 1)
                        for a in alerts(timeline.state_at(i - 1), timeline.state_at(i))]
                played = sorted({e.session for e in envs if e.session > 0}) or None
                md = recap.markdown(recap.build(c.name, envs, timeline.state_at, played))
                out[f"{r}-{stage}"] = {"state": state_json(c.state, c.seq), "log": log,
                                       "recap": md.splitlines(), "alerts": told}
                c.close()
    finally:
        shutil.rmtree(saves, ignore_errors=True)
    return out


def test_what_the_gm_sees_is_unchanged():
    want = json.loads(RECORD.read_text())
    got = json.loads(json.dumps(seen()))
    for key in want:
        for part in ("state", "log", "recap", "alerts"):
            assert got[key][part] == want[key][part], f"{key}: {part} changed"


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    print(json.dumps(seen(), indent=1, ensure_ascii=False))
