"""Issue 19: a B/X campaign whose party ran itself out in a dungeon evasion,
written by the code of before ``chase.evasion.rest_turns`` (e10cc9a, its own
CLI: tests/data/old_evasion/make.py), replays as it did: then the decider
wrote the party's exhausted condition at the 30th round and only the GM took
it off, so today's code must not add a second copy nor lift it after the rest
turns that followed (the upgrade ``chase.model._chase_from_1``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tracker.core.chase.model import _chase_from_1
from tracker.core.dungeon import AdvanceTurn
from tracker.service import Campaign

from support.old_campaigns import differences, state_now as _state_now

OLD = Path(__file__).parent / "data" / "old_evasion"


@pytest.mark.parametrize("rid", ["dyb-og-drager", "dolmenwood"])
def test_running_exhaustion_of_then_stays_as_the_gm_left_it(tmp_path, rid):
    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copyfile(OLD / f"{rid}.campaign", saves / f"{rid}.campaign")
    old = json.loads((OLD / f"{rid}.state.json").read_text())
    c = Campaign.open(saves, rid)
    try:
        assert differences(old, _state_now(c)) == []
        assert [ch.conditions for ch in c.state.party] == [("exhausted",)] * 2
        assert c.state.chase.winded == 0  # no rest-turn count of its own
        c.dispatch(AdvanceTurn(1, "rest"))  # more rest still leaves it to the GM
        assert [ch.conditions for ch in c.state.party] == [("exhausted",)] * 2
    finally:
        c.close()


def test_the_upgrade_pins_what_the_absent_keys_meant_then():
    chase = {"source": "x", "evasion": {"source": "y"}}
    assert _chase_from_1(chase) == {
        "source": "x", "rest_removes_exhaustion": False,
        "evasion": {"source": "y", "rest_turns": None, "exhausted_effects": {},
                    "exhausted_speed_divisor": 1}}
    assert _chase_from_1(None) is None
    written = {"source": "x", "evasion": {"source": "y", "rest_turns": 5}}  # kept as written
    assert _chase_from_1(written)["evasion"]["rest_turns"] == 5
