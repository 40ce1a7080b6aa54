"""A rest due in the dungeon, met by every path that passes dungeon turns
(gm-review5 C1, C8): the one way into the penalty is the GM's own single
`turn`; several turns and fast travel of any length are refused, or stop
before the rest; dice typed for turns a run does not take are refused saying
why; a correction cannot make fast travel walk into it; and time outside
that was the rest shows as rested at once."""

from __future__ import annotations

import pytest

from tracker.core.campaign import ChangeHouseRule
from tracker.core.dungeon import AdvanceTurn, EnterDungeon, FastTravel, LeaveDungeon
from tracker.core.dungeon.rules import rest_status
from tracker.core.errors import Refused
from tracker.core.lights import LightSource
from tracker.core.party import AddCharacter, AdvanceRounds
from tracker.core.supplies import SetSupplies
from tracker.core.bastion import Downtime
from tracker.core.view import state_json

REST_RULES = ["dolmenwood", "dyb-og-drager"]  # D&D 2024 has no dungeon rest rule


def delve(make, rid):
    c = make(rid)
    c.dispatch(AddCharacter("Wren"))
    if c.state.rules.dungeon.wandering.every_turns:
        c.dispatch(ChangeHouseRule("dungeon.wandering.every_turns", "0"))  # no dice asked
    c.dispatch(SetSupplies("torches", 3))
    c.dispatch(EnterDungeon("B"))
    c.dispatch(LightSource("torch", "Wren"))
    return c


def tired(make, rid):
    c = delve(make, rid)
    c.dispatch(AdvanceTurn(5))
    assert rest_status(c.state) == "due"
    return c


# every path that passes dungeon turns, other than the GM's one `turn`
PATHS = {
    "turn --count 2": lambda: AdvanceTurn(2),
    "turn --count 2 --activity search": lambda: AdvanceTurn(2, "search"),
    "fast-travel --feet 400 (one turn)": lambda: FastTravel(400),
    "fast-travel --feet 800": lambda: FastTravel(800),
}


@pytest.mark.parametrize("rid", REST_RULES)
@pytest.mark.parametrize("path", list(PATHS))
def test_only_the_gms_own_turn_pushes_into_the_penalty(make, rid, path):
    c = tired(make, rid)
    cmd = PATHS[path]()
    if isinstance(cmd, FastTravel) and c.state.rules.dungeon.fast_travel is None:
        pytest.skip("no fast-travel rule")
    with pytest.raises(Refused, match="the next turn must be a rest.*rest first, or take "
                                      "one turn alone to push on"):
        c.dispatch(cmd)
    assert c.state.dungeon.turns_since_rest == 5
    c.dispatch(AdvanceTurn(1))  # the documented choice
    assert rest_status(c.state) == "overdue" and c.state.dungeon.penalty == -1


@pytest.mark.parametrize("rid", REST_RULES)
def test_a_rest_is_never_refused(make, rid):
    c = tired(make, rid)
    c.dispatch(AdvanceTurn(3, "rest"))
    assert rest_status(c.state) == "ok"


def test_dnd_has_no_rest_to_meet(make):
    c = delve(make, "dnd-2024")
    c.dispatch(AdvanceTurn(5))
    c.dispatch(AdvanceTurn(3, "search"))  # stops only when the torch goes out, at 6
    assert c.state.dungeon.turn == 6 and rest_status(c.state) == "ok"


@pytest.mark.parametrize("cmd,what", [
    (lambda: FastTravel(2400), "fast travel stops after 5 turns of 6"),
    (lambda: AdvanceTurn(6), "the turns stop after 5 turns of 6")])
def test_dice_for_turns_not_taken_say_where_it_stops(make, cmd, what):
    """gm-review5 C1: overdue at turn 6, a trip of 6 turns stops before the 12th,
    with the checks of turns 8 and 10: 2 dice, not the 3 the GM rolled."""
    c = make("dolmenwood")
    c.dispatch(AddCharacter("Wren"))
    c.dispatch(SetSupplies("oil", 2))
    c.dispatch(EnterDungeon("B"))
    c.dispatch(LightSource("lantern", "Wren"))  # 24 turns
    c.dispatch(AdvanceTurn(5), [6, 6])
    c.dispatch(AdvanceTurn(1), [6])  # pushed on: -1, turn 6
    with pytest.raises(Refused) as err:
        c.dispatch(cmd(), [6, 6, 6])
    text = str(err.value)
    assert what in text and "before the rest" in text
    assert "2 wandering checks" in text and "3 dice given" in text
    c.dispatch(cmd(), [6, 6])
    assert c.state.dungeon.turn == 11


@pytest.mark.parametrize("activity", ["explore", "search"])
def test_a_correction_cannot_send_fast_travel_into_the_penalty(make, activity):
    c = delve(make, "dolmenwood")
    c.dispatch(AdvanceTurn(4))
    seq = c.seq
    c.dispatch(FastTravel(400))  # the 5th turn: the rest falls due
    assert rest_status(c.state) == "due"
    with pytest.raises(Refused, match="the next turn must be a rest"):
        c.dispatch(c.amend_command(seq, insert=("turn", activity)))
    c.dispatch(c.amend_command(seq, insert=("turn", "rest")))  # a rest inserted stands


def test_a_correction_may_bring_the_gms_own_turn_into_it(make):
    """The GM's single turn after a forgotten one is the push-on: it stands,
    and the correction shows the penalty it brings."""
    c = delve(make, "dolmenwood")
    c.dispatch(AdvanceTurn(4))
    seq = c.seq
    c.dispatch(AdvanceTurn(1))
    c.dispatch(c.amend_command(seq, insert=("turn", "explore")))
    assert c.state.dungeon.penalty == -1


def _js(c):
    return state_json(c.state, c.seq)["dungeon"]


def _a_turn_in_rounds(r):
    return AdvanceRounds(r.time.turn_seconds // r.time.round_seconds)


@pytest.mark.parametrize("rid", REST_RULES)
@pytest.mark.parametrize("outside", [_a_turn_in_rounds, lambda r: Downtime(1)],
                         ids=["rounds", "downtime"])
def test_a_turns_time_outside_shows_rested_at_once(make, rid, outside):
    """gm-review5 C8: left overdue, a turn's time outside is the rest: state (and
    so the app and the players' view) shows it before the party goes back in."""
    c = tired(make, rid)
    c.dispatch(AdvanceTurn(1))
    c.dispatch(LeaveDungeon())
    d = _js(c)
    assert d["rest_overdue"] and d["rest_penalty"] == -1  # not yet a turn outside
    r = c.state.rules
    c.dispatch(AdvanceRounds(r.time.turn_seconds // r.time.round_seconds - 1))
    assert _js(c)["rest_penalty"] == -1 and _js(c)["turns_since_rest"] == 6
    c.dispatch(outside(r))
    d = _js(c)
    assert d["rest_status"] == "ok" and d["turns_since_rest"] == 0 and d["rest_penalty"] == 0
    assert not d["rest_overdue"]
    c.dispatch(EnterDungeon("B"))
    d = _js(c)
    assert d["rest_status"] == "ok" and d["turns_since_rest"] == 0 and d["rest_penalty"] == 0


@pytest.mark.parametrize("rid", REST_RULES)
def test_the_app_panel_and_players_view_agree(make, rid):
    from tracker.ui.widgets.dungeon_panels import turn_sources
    c = tired(make, rid)
    c.dispatch(AdvanceTurn(1))
    c.dispatch(LeaveDungeon())
    c.dispatch(_a_turn_in_rounds(c.state.rules))
    assert "penalty" not in turn_sources(c.state)


def test_fast_travel_a_former_version_let_into_it_stands(make, monkeypatch):
    """A campaign written before this rule (a turn of fast travel taken while the
    rest was due) is not blocked from corrections that do not bring it about."""
    from tracker.core.dungeon import rules
    c = delve(make, "dolmenwood")
    entered = c.seq - 1
    c.dispatch(AdvanceTurn(5))
    with monkeypatch.context() as m:
        m.setattr(rules, "rest_holds", lambda *a, **k: None)  # as the former version
        c.dispatch(FastTravel(400))
    assert c.state.dungeon.penalty == -1
    c.dispatch(c.amend_command(entered, insert=("turn", "rest")))  # moves nothing it met
    assert c.state.dungeon.penalty == -1 and c.state.dungeon.turn == 7
