"""Every campaign an earlier tracker wrote opens and replays as it did then.

``tests/data/generations/LABEL/`` holds, per shipped ruleset, a campaign file,
its JSONL export and the ``state --json`` it gave, all written by the code of
an earlier main (``tests/data/make_generations.py``, never by hand). Today's
code must open each file untouched, import each export, and replay both to
that state: new keys may appear, every old value must stay.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from tracker.core.ruleset import RULESET_SCHEMA
from tracker.service import Campaign, list_campaigns
from tracker.store import jsonl

from support.old_campaigns import differences, state_now as _state_now

GENERATIONS = Path(__file__).parent / "data" / "generations"
CASES = sorted((g.name, c.stem) for g in GENERATIONS.iterdir() if g.is_dir()
               for c in g.glob("*.campaign"))
# Old replays a fix changed on purpose: (generation, ruleset) -> paths and why.
# Nothing else may differ; a new entry here needs the commit that meant it.
MEANT = {
    # 3fb4a2f "Corrections add up" (issue 8): a correction written after another
    # one refolded from its own entry and dropped the earlier one (the check
    # amended to 4 read 5 again); it is kept since
    ("g1-before-issue8", rid): {"$.dungeon.checks[1].roll", "$.dungeon.checks[1].dice.dice[0]",
                                "$.dungeon.checks[1].dice.total"}
    for rid in ("dnd-2024", "dyb-og-drager", "dolmenwood")
} | {
    # fix-rest-due (gm-review5 C8): time out of the dungeon that lasts a turn is
    # the party's rest, and the state shows it so at once, not only once the
    # party goes back in (these D&D campaigns end outside, hours after a delve
    # of 2 turns since the last rest: 0 now)
    (label, "dnd-2024"): {"$.dungeon.turns_since_rest"}
    for label in ("g5-dnd-table", "g6-2026-11-30-evening", "g7-2026-12-01-morning",
                  "g8-2026-12-01-evening", "g9-2026-12-02-night", "g10-2026-12-02-afternoon",
                  "g11-2026-12-02-evening", "g12-2026-12-02-late", "g13-2026-12-03-morning")
}


def unmeant(label: str, rid: str, found: list[str]) -> list[str]:
    allowed = MEANT.get((label, rid), set())
    return [d for d in found if d.split(":")[0] not in allowed]


def test_differences_finds_a_lost_or_changed_value():
    assert differences({"a": {"b": 1, "c": [1, 2]}}, {"a": {"b": 1, "c": [1, 2], "d": 0}}) == []
    assert differences({"a": {"b": 1}}, {"a": {"b": 2}}) == ["$.a.b: 1 -> 2"]
    assert differences({"a": [1, 2]}, {"a": [1]}) == ["$.a: 2 items, now 1"]
    assert differences({"a": 1}, {}) == ["$.a: gone (was 1)"]


def test_every_generation_is_there():
    """A generation per landed version that changed the format or a ruleset's
    schema, each with all three rulesets (written by the old code itself)."""
    labels = sorted(g.name for g in GENERATIONS.iterdir() if g.is_dir())
    assert len(labels) >= 4, labels
    for label in labels:
        manifest = json.loads((GENERATIONS / label / "manifest.json").read_text())
        assert len(manifest["commit"]) == 40
        assert set(manifest["rulesets"]) == {"dnd-2024", "dyb-og-drager", "dolmenwood"}


def _events(path: Path) -> list[tuple]:
    con = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
    try:
        return con.execute("SELECT * FROM events ORDER BY seq").fetchall()
    finally:
        con.close()


def _old_state(label: str, rid: str) -> dict:
    return json.loads((GENERATIONS / label / f"{rid}.state.json").read_text())


@pytest.mark.parametrize("label,rid", CASES)
def test_old_campaign_opens_untouched_and_replays_as_then(tmp_path, label, rid):
    src = GENERATIONS / label / f"{rid}.campaign"
    saves = tmp_path / "saves"
    saves.mkdir()
    copy = saves / src.name
    shutil.copyfile(src, copy)
    before = _events(copy)
    c = Campaign.open(saves, rid)
    try:
        new = _state_now(c)
    finally:
        c.close()
    assert unmeant(label, rid, differences(_old_state(label, rid), new)) == []
    assert _events(copy) == before  # no entry rewritten, none added
    assert hashlib.sha256(copy.read_bytes()).digest() == \
        hashlib.sha256(src.read_bytes()).digest()  # not a byte of the file changed


@pytest.mark.parametrize("label,rid", CASES)
def test_old_export_imports_and_replays_as_then(tmp_path, label, rid):
    saves = tmp_path / "saves"
    jsonl.import_file(GENERATIONS / label / f"{rid}.jsonl", saves, rid)
    c = Campaign.open(saves, rid)
    try:
        assert unmeant(label, rid, differences(_old_state(label, rid), _state_now(c))) == []
    finally:
        c.close()


@pytest.mark.parametrize("label", sorted({label for label, _ in CASES}))
def test_list_shows_old_campaigns_as_older_and_readable(tmp_path, label):
    saves = tmp_path / "saves"
    shutil.copytree(GENERATIONS / label, saves)
    infos = list_campaigns(saves)
    assert {i.name for i in infos} == {"dnd-2024", "dyb-og-drager", "dolmenwood"}
    for info in infos:
        # a generation written before ruleset schema 2 is older; one since, current
        export = (GENERATIONS / label / f"{info.name}.jsonl").read_text()
        written = "2" if "schema = 2" in export.splitlines()[0] else "1"
        want = "ok" if written == str(RULESET_SCHEMA) else "older"
        assert info.error == "" and info.status == want, (info.name, info.error, info.status)
        if want == "older":
            assert f"ruleset schema {written}" in info.label
