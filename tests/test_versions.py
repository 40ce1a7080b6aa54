"""Versions (issue 19): old rulesets upcast, newer files refused untouched,
true messages in the list, snapshots of another engine passed over."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from tracker.core.errors import WrittenByNewer
from tracker.core.party.model import _party_from_1
from tracker.core.ruleset import RULESET_SCHEMA, load_text, upcast
from tracker.core.schema import NewerRuleset, RulesetError
from tracker.service import Campaign, list_campaigns
from tracker.store.sqlite import StoreError

RULESETS = Path(__file__).parent.parent / "rulesets"
DND = (RULESETS / "dnd-2024.toml").read_text()


def as_schema_1(text: str) -> str:
    return text.replace("schema = 2  #", "# schema = 2  #", 1)


def without_death_saves(text: str) -> str:
    """The D&D 2024 text as shipped on 2026-11-30: dying at 0 HP, no death saves."""
    head, rest = text.split("[party.death_saves]", 1)
    return head + rest[rest.index("\n[", 1):]


def test_shipped_rulesets_say_the_current_schema():
    for f in RULESETS.glob("*.toml"):
        assert load_text(f.read_text()).rules.meta.schema == RULESET_SCHEMA


def test_party_upgrade_from_1_pins_what_absent_keys_meant():
    assert _party_from_1(None) is None
    up = _party_from_1({"zero_hp": "dying"})
    assert up == {"zero_hp": "dying", "exhaustion_d20": 0, "one_level_per_session": False}
    # a key the old text had is kept as it was
    assert _party_from_1({"exhaustion_d20": 2})["exhaustion_d20"] == 2


def test_upcast_runs_each_sections_upgrade_for_older_texts_only():
    raw = {"meta": {"id": "x", "name": "x"}, "party": {"zero_hp": "dying"}}
    assert upcast(dict(raw, party=dict(raw["party"])), 1)["party"]["exhaustion_d20"] == 0
    assert "exhaustion_d20" not in upcast(dict(raw, party=dict(raw["party"])),
                                           RULESET_SCHEMA)["party"]


def test_a_schema_1_text_dying_without_death_saves_loads():
    old = without_death_saves(as_schema_1(DND))
    loaded = load_text(old)
    assert loaded.rules.meta.schema == 1 and loaded.rules.party.death_saves is None


def test_the_same_text_written_for_schema_2_is_refused_by_the_later_check():
    with pytest.raises(RulesetError, match="party.death_saves: expected with zero_hp"):
        load_text(without_death_saves(DND))


def test_a_newer_ruleset_schema_is_refused_as_newer():
    with pytest.raises(NewerRuleset, match="newer tracker.*upgrade to open it"):
        load_text(DND.replace("schema = 2", f"schema = {RULESET_SCHEMA + 1}", 1))


def test_an_old_text_that_fails_says_it_is_older():
    bad = as_schema_1(DND).replace("round_seconds = 6", "round_seconds = 0", 1)
    with pytest.raises(RulesetError, match="ruleset schema 1, from an older tracker"):
        load_text(bad)


def _campaign(tmp_path: Path, name: str = "c") -> tuple[Path, Path]:
    saves = tmp_path / "saves"
    c = Campaign.create(saves, name, "dnd-2024", seed=1)
    c.close()
    return saves, saves / f"{name}.campaign"


def _set_first_ruleset(path: Path, text: str) -> None:
    import json
    con = sqlite3.connect(path)
    data = json.loads(con.execute("SELECT data FROM events WHERE seq = 1").fetchone()[0])
    data["ruleset_toml"] = text
    con.execute("UPDATE events SET data = ? WHERE seq = 1", (json.dumps(data),))
    con.commit()
    con.close()


def test_a_house_rule_on_an_old_campaign_is_upcast_the_same_way(tmp_path):
    saves, path = _campaign(tmp_path)
    _set_first_ruleset(path, without_death_saves(as_schema_1(DND)))
    c = Campaign.open(saves, "c")
    c.dispatch(__import__("tracker.core.campaign", fromlist=["x"]).ChangeHouseRule(
        "dungeon.wandering.every_turns", "3"))
    c.close()
    c = Campaign.open(saves, "c")  # the house rule's text replays, schema 1 still
    assert c.state.rules.meta.schema == 1 and c.state.rules.party.death_saves is None
    c.close()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("how", ["ruleset", "event", "format"])
def test_a_newer_file_is_refused_untouched_and_listed_as_newer(tmp_path, how):
    saves, path = _campaign(tmp_path)
    if how == "ruleset":
        _set_first_ruleset(path, DND.replace("schema = 2", "schema = 99", 1))
    else:
        con = sqlite3.connect(path)
        if how == "event":
            con.execute("UPDATE events SET version = 99 WHERE seq = 1")
        else:
            con.execute("PRAGMA user_version = 99")
        con.commit()
        con.close()
    before = _digest(path)
    with pytest.raises(WrittenByNewer, match="newer tracker") as e:
        Campaign.open(saves, "c")
    assert "damaged" not in str(e.value)
    assert _digest(path) == before
    (info,) = list_campaigns(saves)
    assert info.status == "newer" and "newer tracker" in info.error
    assert _digest(path) == before


def test_damaged_bytes_are_still_called_damaged(tmp_path):
    saves, path = _campaign(tmp_path)
    con = sqlite3.connect(path)
    con.execute("UPDATE events SET data = '{not json' WHERE seq = 1")
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="damaged"):
        Campaign.open(saves, "c")
    (info,) = list_campaigns(saves)
    assert info.status == "damaged"


def test_a_snapshot_of_another_engine_is_passed_over(tmp_path):
    """A snapshot is trusted only from this engine's exact state shape: one an
    older tracker wrote (another engine_version) is rebuilt by replay."""
    from tracker.store.sqlite import EventStore, snapshot_engine
    saves, path = _campaign(tmp_path)
    c = Campaign.open(saves, "c")
    state = c.state
    c.close()
    store = EventStore.open(path)
    store.save_snapshot(1, state.__class__(**{**{f: getattr(state, f) for f in
                                                 state.__struct_fields__}, "name": "forged"}))
    assert store.nearest_snapshot(1)[1].name == "forged"  # ours: used
    store.conn.execute("UPDATE snapshots SET engine_version = ?", (snapshot_engine() - 1,))
    assert store.nearest_snapshot(1) is None  # another engine's: passed over
    store.close()
    c = Campaign.open(saves, "c")
    assert c.state.name == "c"
    c.close()
