"""A correction of an entry before a chase reaches the numbers a party member
joined it with (D&D 2024): its initiative (Dex, less what exhaustion takes
from a d20 test), Con (free dashes), Stealth and passive Perception.

The initiative order follows, and the correction's preview says so, while no
turn of the chase was taken after the join; where turns were taken in the
order the join made, the join keeps its initiative as played and its log line
(and the preview) says plainly that the order was not changed and why. A
number the GM set by hand stays; a join written before (chase_joined 1) keeps
its numbers."""

from __future__ import annotations

import msgspec

from tracker.core.chase import rules as cr
from tracker.core.events import decode
from tracker.core.party import AddCharacter, SetExhaustion
from tracker.core.timeline.entries import Redo, Undo


def _chase(make, level=2):
    """Ana (Dex +2) at exhaustion ``level`` (-2 a level on a d20 test), Bo (Dex
    +3), a wolf after them; Ana rolls 12, Bo 8, the wolf 5."""
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "fighter", abilities=(16, 14, 15, 10, 12, 8)))
    c.dispatch(AddCharacter("Bo", "rogue", abilities=(10, 17, 12, 13, 14, 14)))
    tired = c.dispatch(SetExhaustion("Ana", level)).envelopes[0].seq
    c.dispatch(cr.StartChase("urban", 30))
    ana = c.dispatch(cr.JoinChase("Ana"), [12]).envelopes[0].seq
    c.dispatch(cr.JoinChase("Bo"), [8])
    c.dispatch(cr.JoinChase("Wolf", side="pursuer", speed=40), [5])
    return c, tired, ana


def _order(c):
    return [(r.name, r.initiative) for r in c.state.chase.runners]


def _lines(c):
    from tracker.history import entries
    return [e.text for e in entries(list(c.store.read()), c.timeline)]


def test_a_corrected_exhaustion_reorders_a_chase_not_yet_played(make):
    c, tired, ana = _chase(make)
    assert _order(c) == [("Bo", 11), ("Ana", 10), ("Wolf", 5)]  # 12 + 2 - 4
    cmd = c.amend_command(tired, fields={"level": "1"})  # 12 + 2 - 2 = 12
    changes = c.explain(cmd).changes
    assert "Chase order: Bo, Ana, Wolf → Ana, Bo, Wolf" in changes
    assert "Ana: initiative 10 → initiative 12" in changes
    c.dispatch(cmd)
    assert _order(c) == [("Ana", 12), ("Bo", 11), ("Wolf", 5)]
    assert c.state.chase.runners[0].name == "Ana" and c.entry_events(ana)[0].order_kept is None
    c.dispatch(cr.TakeTurn(), [10])  # Ana acts first now
    assert c.state.chase.turn == "Bo"
    c.dispatch(Undo())
    c.dispatch(Undo())
    assert _order(c) == [("Bo", 11), ("Ana", 10), ("Wolf", 5)]
    c.dispatch(Redo())
    assert _order(c) == [("Ana", 12), ("Bo", 11), ("Wolf", 5)]


def test_a_played_chase_keeps_its_order_and_says_so(make):
    c, tired, ana = _chase(make)
    c.dispatch(cr.TakeTurn(), [10])  # Bo's turn, first as the order then was
    cmd = c.amend_command(tired, fields={"level": "1"})
    changes = c.explain(cmd).changes
    said = ("a correction before it gives Ana +0 now, but the chase order stays as it was "
            "played (turns were taken in it)")
    assert any(f"#{ana} moves with it" in x and said in x for x in changes), changes
    assert not any(x.startswith("Chase order") for x in changes)
    # first, and short: a dialog cuts each change to one row
    assert changes[0] == f"#{ana}: chase order kept: turns were taken in it"
    c.dispatch(cmd)
    assert _order(c) == [("Bo", 11), ("Ana", 10), ("Wolf", 5)]
    assert c.state.chase.turn == "Ana"
    assert c.entry_events(ana)[0].order_kept == 0  # Dex +2, less a level's 2
    assert any(line.startswith(f"Corrected #{ana}:") and said in line for line in _lines(c))
    # corrected back: the join reads as written again
    c.dispatch(c.amend_command(tired, fields={"level": "2"}))
    assert c.entry_events(ana)[0].order_kept is None


def test_a_played_chase_takes_a_bonus_that_keeps_the_order(make):
    """Turns taken, but the corrected initiative does not pass anyone: it follows."""
    c, tired, ana = _chase(make, level=3)  # 12 + 2 - 6 = 8: Bo 11, Ana 8, Wolf 5
    c.dispatch(cr.TakeTurn(), [10])
    c.dispatch(c.amend_command(tired, fields={"level": "2"}))  # 10: still behind Bo
    assert _order(c) == [("Bo", 11), ("Ana", 10), ("Wolf", 5)]
    assert c.entry_events(ana)[0].order_kept is None


def test_a_corrected_ability_die_reaches_initiative_and_stealth(make):
    """The Dex a rolled ability score gives, retyped (``amend --dice``)."""
    c = make("dnd-2024")
    rolls = [3, 3, 3, 3] * 6  # every score 9: Dex -1
    added = c.dispatch(AddCharacter("Ana", "fighter", roll_abilities=True), rolls)
    c.dispatch(cr.StartChase("urban", 30))
    join = c.dispatch(cr.JoinChase("Ana"), [12]).envelopes[0].seq
    assert (c.state.chase.runners[0].initiative, c.state.chase.runners[0].stealth) == (11, -1)
    rolls[4:8] = [6, 6, 6, 1]  # Dex 18: +4
    c.dispatch(c.amend_command(added.envelopes[0].seq, dice=rolls))
    ev = c.entry_events(join)[0]
    assert (ev.initiative_bonus, ev.stealth) == (4, 4)
    assert c.state.chase.runners[0].initiative == 16


def test_a_number_the_gm_set_stays(make):
    c, tired, ana = _chase(make)
    c.dispatch(c.amend_command(ana, fields={"stealth": "7"}))  # proficient: the GM's
    c.dispatch(c.amend_command(tired, fields={"level": "1"}))
    ev = c.entry_events(ana)[0]
    assert (ev.stealth, ev.stealth_derived, ev.initiative_bonus) == (7, False, 0)
    c.dispatch(c.amend_command(ana, fields={"initiative_bonus": "-3"}))
    c.dispatch(c.amend_command(tired, fields={"level": "3"}))
    assert c.entry_events(ana)[0].initiative_bonus == -3


def test_an_old_join_keeps_its_numbers(make):
    old = decode("chase_joined", 1, msgspec.json.encode({
        "name": "Ana", "side": "quarry", "member": True,
        "initiative": {"expr": "1d20", "dice": [12], "total": 12}, "initiative_bonus": -2}))
    assert (old.bonus_derived, old.con_derived, old.stealth_derived,
            old.perception_derived, old.order_kept) == (False, False, False, False, None)
    c, _tired, _ana = _chase(make)
    assert cr.join_on_schedule(c.state, old, None) is old


def test_the_cli_amend_reorders_the_chase(saves, capsys):
    from tracker.cli import main

    def run(*argv):
        code = main(["--lang", "en", *argv])
        said = capsys.readouterr()
        assert code == 0, said
        return said.out + said.err
    run("new", "c", "--ruleset", "dnd-2024")
    run("do", "c", "add-character", "Ana", "--class", "fighter", "--abilities",
        "16,14,15,10,12,8")
    run("do", "c", "add-character", "Bo", "--class", "rogue", "--abilities",
        "10,17,12,13,14,14")
    out = run("do", "c", "exhaustion", "Ana", "2")
    tired = out.split("#")[1].split()[0]
    run("do", "c", "start-chase")
    run("do", "c", "join-chase", "Ana", "--dice", "12")
    run("do", "c", "join-chase", "Bo", "--dice", "8")
    run("do", "c", "amend", tired, "--set", "level=1")
    state = __import__("json").loads(run("state", "c", "--json"))
    assert [x["name"] for x in state["chase"]["runners"]] == ["Ana", "Bo"]
