"""The players' view as data (tracker/public.py): what the table sees and
what the GM keeps until revealed, on every ruleset (issue 24)."""

from __future__ import annotations

import json

import pytest

from tracker.actions import ACTIONS
from tracker.core import campaign as camp
from tracker.core import dungeon as dun
from tracker.core import party, table
from tracker.core.errors import Refused
from tracker.core.players import SECRETS
from tracker.public import players_view
from tracker.demo import STAGES, build

RULESETS = ["dyb-og-drager", "dolmenwood", "dnd-2024"]


def view(c):
    with c.reader() as r:
        return players_view(c.name, r.head(), r)


def texts(v) -> str:
    return json.dumps(v, ensure_ascii=False)


def log_lines(v) -> list[str]:
    return [i["text"] for i in v["log"]]


def encounter(c):
    while not dun.check_due(c.state, c.state.dungeon.turn + 1):
        c.dispatch(dun.AdvanceTurn(1, "explore"))
    w = c.state.rules.dungeon.wandering
    return c.dispatch(dun.AdvanceTurn(1, "explore"),
                      [1] + ([5, 2] if w.surprise else []) + [3, 4]).envelopes[0].seq


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_encounter_is_the_gms_until_revealed(saves, ruleset):
    c = build(saves, "c", ruleset, "mid")
    seq = encounter(c)
    v = view(c)
    assert "ENCOUNTER" not in texts(v) and "distance" not in texts(v)
    assert "check 1d6" not in texts(v)  # no wandering roll, quiet or not
    assert log_lines(v)[0] == "Turn: explore"
    c.dispatch(c.reveal_command(seq))
    v = view(c)
    assert log_lines(v)[0].startswith("The GM tells: Turn: explore; check 1d6=[1]")
    assert "distance 70 ft" in log_lines(v)[0]
    turn = next(i for i in v["log"] if i["seq"] == seq)
    assert "ENCOUNTER" in turn["text"]
    c.undo()  # the reveal taken back: secret again
    assert "ENCOUNTER" not in texts(view(c))
    c.close()


def test_a_private_note_is_never_shown_and_a_plain_one_is(make):
    c = make()
    c.dispatch(camp.AddNote("The door is open"))
    seq = c.dispatch(camp.AddNote("The <b>king</b> is the traitor", private=True)).envelopes[0].seq
    v = view(c)
    assert "The door is open" in log_lines(v)[0] and "traitor" not in texts(v)
    c.dispatch(c.reveal_command(seq))
    assert "traitor" in log_lines(view(c))[0]


def test_reveal_refuses_what_holds_no_secret_and_twice(make):
    c = make()
    seq = c.dispatch(camp.AddNote("plain")).envelopes[0].seq
    with pytest.raises(Refused, match="keeps nothing from the players"):
        c.reveal_command(seq)
    with pytest.raises(Refused, match="no entry #99"):
        c.reveal_command(99)
    seq = c.dispatch(camp.AddNote("hidden", private=True)).envelopes[0].seq
    c.dispatch(c.reveal_command(seq))
    with pytest.raises(Refused, match="already told"):
        c.dispatch(c.reveal_command(seq))


def test_an_old_note_replays_as_it_was(make):
    """``private`` defaults to False and is not written then: old logs read the same."""
    c = make()
    env = c.dispatch(camp.AddNote("plain")).envelopes[0]
    row = c.store.conn.execute("SELECT data FROM events WHERE seq = ?", (env.seq,)).fetchone()
    assert "private" not in row[0]


def test_hit_points_show_as_bands_until_the_gm_says_exact(make):
    c = make()
    c.dispatch(party.AddCharacter("Bo", "kriger", abilities=(15, 9, 10, 12, 13, 8)), [6])
    c.dispatch(party.Damage("Bo", 5))
    row = view(c)["panels"][0]["rows"][0]
    assert row[0] == "Bo" and row[3] == "badly wounded" and "/" not in row[3]
    c.dispatch(table.SetPlayersHp("exact"))
    assert view(c)["panels"][0]["rows"][0][3] == "2/7"
    with pytest.raises(Refused, match="already see"):
        c.dispatch(table.SetPlayersHp("exact"))


def test_the_view_holds_no_secret_field_of_the_json(saves):
    """Each area's panels are made from its JSON, keeping back what the GM
    keeps: no check, no next-check countdown, no abilities or saves."""
    c = build(saves, "c", "dyb-og-drager", "encounter")
    t = texts(view(c))
    for kept in ("next_check_in", "Next check", "roll", "surprise", "seed", "saves"):
        assert kept not in t


def test_every_secret_is_named_in_the_docs():
    from pathlib import Path

    doc = (Path(__file__).parents[1] / "docs" / "players-view.md").read_text()
    for cls in SECRETS:
        assert f"`{cls.TYPE}`" in doc, f"docs/players-view.md does not list {cls.TYPE}"


def test_reveal_and_players_hp_are_cli_actions():
    assert {"reveal", "players-hp"} <= set(ACTIONS)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("stage", STAGES)
def test_every_demo_builds_a_view(saves, ruleset, stage):
    c = build(saves, f"{ruleset}-{stage}", ruleset, stage)
    v = view(c)
    assert v["panels"][0]["title"] == "Party" and v["log"]
    c.close()
