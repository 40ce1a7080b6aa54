"""Combined bastions (D&D 2024): several owners combine their bastions; each
keeps its own facilities, orders, hirelings and event roll, and an event's
defender losses may be moved to a partner. Dice are typed in."""

import pytest

from tracker.core import bastion as bas
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter
from tracker.core.view import state_json
from tracker.history import entries
from support.bastion import CHOSEN

STATS = (15, 14, 13, 12, 10, 8)


def pair(make, recruit=True):
    """Ana (level 9, Barrack and Armory) and Bo (level 5, Barrack and Garden),
    their bastions combined; with ``recruit``, four defenders each."""
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "fighter", 9, STATS))
    c.dispatch(AddCharacter("Bo", "rogue", 5, STATS))
    for owner, kinds in (("Ana", ("barrack", "armory")), ("Bo", ("barrack", "garden"))):
        c.dispatch(bas.NewBastion(owner))
        for kind in kinds:
            c.dispatch(bas.AddFacility(owner, kind, chosen=CHOSEN.get(kind, ())))
        c.dispatch(bas.MoveGold(owner, 1000))
    c.dispatch(bas.CombineBastions("Bo", "Ana"))
    if recruit:
        c.dispatch(bas.Downtime(7))
        for owner in ("Ana", "Bo"):
            c.dispatch(bas.RunTurn(owner, ((3, "recruit", 0),)))
        c.dispatch(bas.Downtime(7))
    return c


def of(c, owner) -> bas.Bastion:
    return bas.find(c.state, owner)


def maintain(c, owner, *dice, **choices):
    c.dispatch(bas.RunTurn(owner, maintain=True, choices=bas.Choices(**choices)), list(dice))
    return of(c, owner).results[-1]


def test_combining_keeps_each_owners_facilities_count_and_treasury(make):
    c = pair(make, recruit=False)
    assert of(c, "Ana").combined == of(c, "Bo").combined != 0
    assert [p.owner for p in bas.partners(c.state, of(c, "Bo"))] == ["Ana"]
    with pytest.raises(Refused, match=r"Bo \(level 5\) has all 2 special facilities"):
        c.dispatch(bas.AddFacility("Bo", "library"))  # Ana's level lends Bo nothing
    c.dispatch(bas.AddFacility("Ana", "library"))
    assert len(bas.specials(of(c, "Bo"))) == 2 and len(bas.specials(of(c, "Ana"))) == 3
    assert of(c, "Ana").treasury == of(c, "Bo").treasury == 1000
    json = state_json(c.state, c.seq)["bastions"]
    assert [(x["owner"], x["partners"]) for x in json] == [("Ana", ["Bo"]), ("Bo", ["Ana"])]
    line = [e.text for e in entries(list(c.store.read()), c.timeline) if "combined w" in e.text]
    assert line[0].startswith("Bo's bastion is combined with Ana's: each keeps its own "
                              "facilities, orders, hirelings and event rolls (not in the source: "
                              "whether walls, basic rooms and gold are shared")


def test_combining_refuses_itself_twice_and_strangers(make):
    c = pair(make, recruit=False)
    with pytest.raises(Refused, match="combined already"):
        c.dispatch(bas.CombineBastions("Ana", "Bo"))
    with pytest.raises(Refused, match="with itself"):
        c.dispatch(bas.CombineBastions("Ana", "ana"))
    with pytest.raises(Refused, match="Cy has no bastion"):
        c.dispatch(bas.CombineBastions("Ana", "Cy"))


def test_a_third_owner_joins_the_whole_combined_bastion(make):
    c = pair(make, recruit=False)
    c.dispatch(AddCharacter("Cy", "wizard", 5, STATS))
    c.dispatch(bas.NewBastion("Cy"))
    c.dispatch(bas.CombineBastions("Cy", "Bo"))
    assert {p.owner for p in bas.partners(c.state, of(c, "Ana"))} == {"Bo", "Cy"}
    c.dispatch(bas.Divest("Bo"))  # giving a bastion up leaves the combination
    assert [p.owner for p in bas.partners(c.state, of(c, "Cy"))] == ["Ana"]


def test_each_owner_runs_their_own_turns_and_rolls_their_own_event(make):
    c = pair(make)
    assert of(c, "Ana").queued == of(c, "Bo").queued == 1
    c.dispatch(bas.RunQueued(), [10, 1, 20, 2])  # Ana: d100, d8; Bo: d100, d8
    ana, bo = of(c, "Ana").results[-1], of(c, "Bo").results[-1]
    assert ana.lines[1].startswith("All Is Well (10)") and ana.dice[0] == "1d100=[10] typed"
    assert bo.lines[1].startswith("All Is Well (20)") and bo.dice[0] == "1d100=[20] typed"
    assert of(c, "Ana").turns == of(c, "Bo").turns == 2


def test_attack_losses_moved_to_the_partner(make):
    c = pair(make)
    r = maintain(c, "Ana", 51, 1, 1, 1, 2, 3, 4, shift=2)
    assert r.lines[1] == "Attack (51): beaten off; 3 defenders killed (2 of them Bo's)"
    assert bas.defenders(of(c, "Ana")) == 3 and bas.defenders(of(c, "Bo")) == 2
    line = [e.text for e in entries(list(c.store.read()), c.timeline) if "Bastion turn of Ana" in e.text]
    assert "up to 2 defender losses moved to Bo" in line[-1]


def test_moving_more_losses_than_there_are_moves_the_losses(make):
    c = pair(make)
    maintain(c, "Ana", 51, 1, 1, 1, 1, 1, 6, shift=9, shift_to="bo")  # five 1s, four to lose
    assert bas.defenders(of(c, "Bo")) == 0 and bas.defenders(of(c, "Ana")) == 4
    assert of(c, "Ana").results[-1].lines[1].endswith("4 defenders killed (4 of them Bo's)")
    maintain(c, "Bo", 51, 1, shift=9)  # Bo has none left: a facility is hit (1d2)
    assert "no defenders" in of(c, "Bo").results[-1].lines[1]


def test_request_for_aid_loss_moved_to_the_partner(make):
    c = pair(make)
    r = maintain(c, "Bo", 92, 1, 2, 3, shift=1, aid=2)
    assert r.lines[1] == "Request for Aid (92): 3 vs 10: solved at a cost, 150 GP, " \
        "one defender dies (Ana's)"
    assert bas.defenders(of(c, "Bo")) == 4 and bas.defenders(of(c, "Ana")) == 3


def test_moving_losses_needs_a_partner(make):
    c = pair(make)
    with pytest.raises(Refused, match="Cy is not Ana's partner"):
        maintain(c, "Ana", 51, 1, 1, 1, 1, 1, 6, shift=1, shift_to="Cy")
    c.dispatch(bas.Divest("Bo"))
    with pytest.raises(Refused, match="not combined: there is no partner"):
        maintain(c, "Ana", 51, 1, 1, 1, 1, 1, 6, shift=1)
    maintain(c, "Ana", 10, 1)  # nothing written by the refusals


def test_queued_turns_move_losses_only_where_there_is_a_partner(make):
    c = pair(make)
    c.dispatch(AddCharacter("Cy", "wizard", 5, STATS))
    c.dispatch(bas.NewBastion("Cy"))  # alone; its first turn is not due yet
    c.dispatch(bas.Downtime(7))
    c.dispatch(bas.RunQueued(choices=bas.Choices(shift=6)),
               [51, 1, 1, 6, 6, 6, 6, 10, 1, 10, 1, 10, 1, 51])
    assert bas.defenders(of(c, "Bo")) == 2 and bas.defenders(of(c, "Ana")) == 4
    assert "Attack (51): beaten off; 2 defenders killed (2 of them Bo's)" in \
        of(c, "Ana").results[-2].lines


def test_the_state_replays_the_same_after_moved_losses(make):
    from tracker.core.engine import replay
    c = pair(make)
    maintain(c, "Ana", 51, 1, 1, 1, 2, 3, 4, shift=2)
    assert replay(list(c.store.read())) == c.state
