"""Bastion turns, the issue's must-shows not covered elsewhere: attack
modifiers all together, every Treasure and All Is Well row, neglect against
a level-9 owner with the ruleset flag both ways, and the house rule of a
turn every 10 days from the command line. Dice are typed in."""

import json

import pytest

from tracker.core import bastion as bas
from tracker.core.campaign import ChangeHouseRule

from support.bastion import b, cli_keep, keep, maintain, orders, rolled, week


def test_attack_walls_lieutenants_and_a_stocked_armory_together(make):
    c = keep(make, level=17, facilities=("barrack", "war_room", "armory"), gold=20_000)
    c.dispatch(bas.BuildWalls("Ana", 2, encloses=True))  # stands from day 20
    week(c, 3)
    orders(c, ("barrack", "recruit", 0), ("armory", "stock", 0))  # day 7: 4 defenders
    orders(c, ("war_room", "lieutenant", 0))  # day 14: 3 lieutenants
    r = maintain(c, 51, 1)  # day 21: 6 dice - 2 (walls) - 3 (lieutenants) = 1, a d8
    assert rolled(r) == ("1d100=[51]", "1d8=[1]")
    assert "1 defender killed" in r.lines[1] and b(c).defenders == 3
    assert not b(c).armory_stocked  # used up
    week(c, 2)
    orders(c, ("war_room", "lieutenant", 0), ("armory", "stock", 0))  # 4 lieutenants
    r = maintain(c, 51)  # 6 - 2 - 4 = 0 dice: nothing rolled, nobody lost
    assert rolled(r) == ("1d100=[51]",)
    assert r.lines[1] == "Attack (51): beaten off; no dice left to roll, no losses"
    assert b(c).defenders == 3 and b(c).armory_stocked  # no roll used the stock


TREASURE = [(1, "an art object worth 25 GP"), (40, "an art object worth 25 GP"),
            (41, "an art object worth 250 GP"), (63, "an art object worth 250 GP"),
            (64, "an art object worth 750 GP"), (73, "an art object worth 750 GP"),
            (74, "an art object worth 2,500 GP"), (75, "an art object worth 2,500 GP"),
            (76, "a Common magic item"), (90, "a Common magic item"),
            (91, "an Uncommon magic item"), (98, "an Uncommon magic item"),
            (99, "a Rare magic item"), (100, "a Rare magic item")]


@pytest.mark.parametrize("die,item", TREASURE)
def test_every_treasure_row_lands_in_the_ledger(make, die, item):
    c = keep(make)
    week(c)
    r = maintain(c, 99, die)
    assert rolled(r) == ("1d100=[99]", f"1d100=[{die}]")
    assert r.lines[1].startswith(f"Treasure (99): {item}")
    assert b(c).ledger[-1].item.startswith(item)


@pytest.mark.parametrize("die", range(1, 9))
def test_every_all_is_well_line(make, die):
    c = keep(make)
    week(c)
    r = maintain(c, 1, die)
    line = c.state.rules.bastion.all_is_well.lookup(die).result
    assert r.lines[1] == f"All Is Well (1): {line}" and rolled(r)[1] == f"1d8=[{die}]"


def test_neglect_abandons_a_level_9_owners_bastion_on_the_ninth_turn(make):
    c = keep(make, level=9, facilities=())
    c.dispatch(ChangeHouseRule("bastion.auto_maintain_counts", "false"))
    week(c, 8)
    c.dispatch(bas.RunQueued("Ana"), [10, 1] * 8)
    assert b(c).neglect == 8 and not b(c).abandoned
    week(c)
    c.dispatch(bas.RunQueued("Ana"), [10, 1])
    assert b(c).neglect == 9 and b(c).abandoned


def test_with_the_flag_on_an_absent_owners_maintain_keeps_the_bastion(make):
    c = keep(make, level=9, facilities=())
    assert c.state.rules.bastion.auto_maintain_counts  # the ruleset's default
    week(c, 12)
    c.dispatch(bas.RunQueued("Ana"), [10, 1] * 12)
    assert b(c).neglect == 0 and not b(c).abandoned and b(c).turns == 12
    week(c, 9)
    for _ in range(9):  # present, and giving no orders at all: that is neglect
        c.dispatch(bas.RunTurn("Ana"))
    assert b(c).neglect == 9 and b(c).abandoned


def test_a_house_rule_of_10_days_from_the_command_line(saves, capsys):
    run = cli_keep(capsys)

    def bastion():
        return json.loads(run("state", "keep", "--json").out)["bastions"][0]
    assert "bastion.turn_days: 7 -> 10" in run("do", "keep", "house-rule", "bastion.turn_days",
                                                 "10").out
    assert bastion()["days_left"] == 10  # the turn pending is counted anew
    run("do", "keep", "downtime", "9")
    assert bastion()["queued"] == 0
    run("do", "keep", "downtime", "1")
    assert bastion()["queued"] == 1
    run("do", "keep", "downtime", "10")
    assert bastion()["queued"] == 2 and bastion()["days_left"] == 10


def test_a_longer_turn_by_house_rule_keeps_the_waiting_turns_on_their_days(make):
    c = keep(make)
    week(c, 2)  # turns due on days 7 and 14 wait
    c.dispatch(ChangeHouseRule("bastion.turn_days", "30"))
    c.dispatch(bas.RunQueued("Ana"), [10, 1, 10, 1])
    assert [r.clock // 86400 for r in b(c).results] == [7, 14]
    assert bas.days_left(c.state, b(c)) == 30  # the pending one, from day 14: day 44
    c.dispatch(bas.Downtime(30))
    c.dispatch(bas.RunQueued("Ana"), [10, 1])
    assert [r.clock // 86400 for r in b(c).results] == [7, 14, 44]
