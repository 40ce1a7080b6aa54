"""A death looks like a death on every path that kills (gm-review F11): the
dead have no hit points left, by damage, by the Doom table or by exhaustion,
in the state, in ``state --json`` and on the party screen's bar."""

from tracker.core.dungeon import EnterDungeon, LeaveDungeon
from tracker.core.party import AddCharacter, SetExhaustion, sheet
from tracker.core.view import state_json
from tracker.ui.widgets.party_panels import party_row


def json_of(c, name):
    return next(x for x in state_json(c.state, c.seq)["party"] if x["name"] == name)


def test_a_doom_death_leaves_no_hit_points(make):
    c = make("dolmenwood", seed=2)
    c.dispatch(AddCharacter("A", "fighter", abilities=(16, 9, 10, 12, 13, 8)))
    c.dispatch(EnterDungeon("B"))
    c.dispatch(LeaveDungeon(hasty=True), [2, 6])  # save 2 fails; Doom 6: dies
    a = c.state.party[0]
    assert sheet.status(c.state.rules, a) == "dead"
    assert a.hp == 0
    assert json_of(c, "A")["hp"] == 0


def test_an_exhaustion_death_reads_no_hit_points(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Bo", "fighter", abilities=(15, 14, 13, 12, 10, 8), hp=12))
    top = c.state.rules.party.exhaustion_max
    c.dispatch(SetExhaustion("Bo", top))
    bo = c.state.party[0]
    assert sheet.status(c.state.rules, bo) == "dead"
    assert json_of(c, "Bo")["hp"] == 0
    bar = party_row(c.state, bo)[3].plain
    assert f" 0/{bo.hp_max}" in bar and "█" not in bar
