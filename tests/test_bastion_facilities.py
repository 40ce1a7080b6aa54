"""Bastions (D&D 2024): prerequisites from the character sheet, enlarging and
swapping special facilities, Storehouse and Stable trade, refugees housed,
the Armory on a Request for Aid, and turns falling due from travel."""

import json

import pytest
from msgspec.structs import replace

from tracker.cli import main
from tracker.core import bastion as bas
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter, AwardXP, LevelUp
from tracker.core.view import state_json
from tracker.core.travel import SetTerrain, TravelDay

from support.bastion import CHOSEN, STATS, b, cli_keep, fid, keep, maintain, orders, week

DAY = 86400


# --- prerequisites ------------------------------------------------------------------


def test_a_class_that_gives_the_prerequisite_needs_no_confirmation(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "wizard", 5, STATS))
    c.dispatch(bas.NewBastion("Ana"))
    out = c.dispatch(bas.AddFacility("Ana", "arcane_study"))  # a wizard uses an Arcane Focus
    assert out.envelopes[0].event.confirmed is False
    with pytest.raises(Refused, match="Sanctuary needs an owner who casts with a Holy Symbol or "
                       "Druidic Focus: Ana is a Wizard, which does not give it .*confirm it"):
        c.dispatch(bas.AddFacility("Ana", "sanctuary"))
    assert len(bas.specials(b(c))) == 1  # nothing written


def test_the_gm_confirms_what_the_sheet_cannot_show_and_the_log_says_so(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "fighter", 17, STATS))
    c.dispatch(bas.NewBastion("Ana"))
    c.dispatch(bas.AddFacility("Ana", "war_room"))  # a fighter has a Fighting Style
    with pytest.raises(Refused, match="Guildhall needs an owner who has Expertise"):
        c.dispatch(bas.AddFacility("Ana", "guildhall"))
    out = c.dispatch(bas.AddFacility("Ana", "guildhall", True))  # e.g. the Skill Expert feat
    assert out.envelopes[0].event.confirmed is True
    assert bas.unconfirmed(c.state, "Ana", "guildhall") == "has Expertise in a skill"
    assert bas.unconfirmed(c.state, "Ana", "war_room") == ""


@pytest.mark.parametrize("cls,kind,ok", [
    ("monk", "war_room", True), ("barbarian", "war_room", True), ("wizard", "war_room", False),
    ("rogue", "guildhall", True), ("fighter", "guildhall", False),
    ("ranger", "sanctum", True), ("warlock", "demiplane", True), ("cleric", "demiplane", False)])
def test_each_prerequisite_by_class(make, cls, kind, ok):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", cls, 17, STATS))
    c.dispatch(bas.NewBastion("Ana"))
    if ok:
        c.dispatch(bas.AddFacility("Ana", kind, chosen=CHOSEN.get(kind, ())))
        assert bas.specials(b(c))[0].kind == kind
    else:
        with pytest.raises(Refused, match="which does not give it"):
            c.dispatch(bas.AddFacility("Ana", kind, chosen=CHOSEN.get(kind, ())))


# --- enlarging and swapping -----------------------------------------------------------


def test_enlarging_a_barrack_costs_2000_gp_and_houses_25_when_done(make):
    c = keep(make, level=9, facilities=("barrack", "armory"), gold=2500)
    with pytest.raises(Refused, match="gives no days .* enter them"):
        c.dispatch(bas.EnlargeFacility("Ana", fid(c, "barrack")))
    with pytest.raises(Refused, match="Armory cannot be enlarged"):
        c.dispatch(bas.EnlargeFacility("Ana", fid(c, "armory"), 10))
    c.dispatch(bas.EnlargeFacility("Ana", fid(c, "barrack"), 10))
    assert b(c).treasury == 500 and b(c).ledger[-1].why == "enlarge Barrack to Vast"
    with pytest.raises(Refused, match="already Vast or being enlarged"):
        c.dispatch(bas.EnlargeFacility("Ana", fid(c, "barrack"), 10))
    week(c)  # the turn on day 7: not done yet
    assert "Vast" not in " ".join(maintain(c, 10, 1).lines)
    assert bas.housing(c.state.rules, b(c), c.state.clock) == 12
    week(c)  # day 14: done
    assert "Barrack is Vast now" in maintain(c, 10, 1).lines
    assert bas.housing(c.state.rules, b(c), c.state.clock) == 25


def test_enlarging_a_workshop_adds_its_hirelings(make):
    c = keep(make, level=9, facilities=("workshop",), gold=2000)
    c.dispatch(bas.EnlargeFacility("Ana", fid(c, "workshop"), 3,
                                   ("weaver", "woodcarver", "painter")))  # 3 more tools
    week(c)
    maintain(c, 10, 1)
    f = bas.facility(b(c), fid(c, "workshop"))
    assert (f.space, f.hirelings) == ("vast", 5)
    with pytest.raises(Refused, match="treasury holds 0 GP"):
        c2 = keep(make, level=9, facilities=("garden",), gold=0, name="poor")
        c2.dispatch(bas.EnlargeFacility("Ana", fid(c2, "garden"), 3))


def test_defenders_are_housed_per_barrack_within_its_own_room(make):
    c = keep(make, level=9, facilities=("barrack", "barrack", "armory"), gold=0)
    first, second = [f.id for f in bas.specials(b(c))][:2]
    week(c, 5)
    for _ in range(3):
        orders(c, ("#", "recruit", 0), at=first)
    with pytest.raises(Refused, match=f"Barrack #{first} is full \\(12 of 12 housed\\): "
                       "recruit at another, or enlarge it"):
        orders(c, ("#", "recruit", 0), at=first)
    orders(c, ("#", "recruit", 0), at=second)
    assert [f.housed for f in bas.specials(b(c))] == [12, 4, 0] and b(c).defenders == 16
    r = maintain(c, 51, 1, 1, 1, 2, 2, 2)  # three die, from the fuller Barrack
    assert [f.housed for f in bas.specials(b(c))] == [9, 4, 0] and b(c).defenders == 13
    assert "3 defenders killed" in r.lines[1]


def test_swapping_a_barrack_moves_its_defenders_or_is_refused(make):
    c = keep(make, level=9, facilities=("barrack", "barrack"), gold=0)
    first, second = [f.id for f in bas.specials(b(c))]
    week(c, 5)
    for at in (first, first, first, second):
        orders(c, ("#", "recruit", 0), at=at)
    c.dispatch(AwardXP(20_000))
    c.dispatch(LevelUp("Ana"))
    with pytest.raises(Refused, match=f"Barrack #{second} houses 4 defenders and the "
                       "rest of the bastion has room for 0"):
        c.dispatch(bas.SwapFacility("Ana", second, "library"))
    maintain(c, 51, 1, 1, 1, 1, 2, 2)  # four die, from the full Barrack: room for the rest
    c.dispatch(bas.SwapFacility("Ana", second, "library"))
    assert [f.housed for f in bas.specials(b(c))] == [12, 0] and b(c).defenders == 12


def test_a_vast_garden_harvests_twice_a_turn_as_two_roomy_gardens(make):
    c = keep(make, level=9, facilities=("garden",), gold=2000)
    week(c)
    with pytest.raises(Refused, match="Garden was given two orders"):
        orders(c, ("garden", "food", 0), ("garden", "herb", 0))  # Roomy: one garden
    orders(c, ("garden", "food", 0))
    # a Vast Garden is two gardens, each of its own type: the second's named when enlarging
    c.dispatch(bas.EnlargeFacility("Ana", fid(c, "garden"), 3, ("herb",)))
    week(c)
    with pytest.raises(Refused, match="Garden works 2 orders at once; it was given more"):
        orders(c, ("garden", "food", 0), ("garden", "herb", 0), ("garden", "poison", 0))
    r = orders(c, ("garden", "food", 0), ("garden", "herb", 0))  # two halves, two types
    assert r.lines[0].startswith("Garden is Vast now")
    assert r.lines[1:] == ("Garden: harvested 100 days of Rations",
                           "Garden: harvested a Potion of Healing")
    assert [x.item for x in b(c).ledger[-2:]] == ["100 days of Rations", "a Potion of Healing"]
    f = bas.facility(b(c), fid(c, "garden"))
    assert (f.space, f.hirelings, f.order, f.order2) == ("vast", 2, "", "")


def test_a_swap_comes_with_a_level_up_and_checks_the_new_facility(make):
    c = keep(make, level=9, facilities=("barrack", "armory"), gold=0)
    with pytest.raises(Refused, match="has not gained a level since level 9"):
        c.dispatch(bas.SwapFacility("Ana", fid(c, "armory"), "library"))
    c.dispatch(AwardXP(16_000))
    c.dispatch(LevelUp("Ana"))
    with pytest.raises(Refused, match="already is a Armory"):
        c.dispatch(bas.SwapFacility("Ana", fid(c, "armory"), "armory"))
    with pytest.raises(Refused, match="Archive needs an owner of level 13"):
        c.dispatch(bas.SwapFacility("Ana", fid(c, "armory"), "archive", chosen=("history",)))
    with pytest.raises(Refused, match="Sanctuary needs an owner who"):
        c.dispatch(bas.SwapFacility("Ana", fid(c, "armory"), "sanctuary"))
    armory = fid(c, "armory")
    c.dispatch(bas.SwapFacility("Ana", armory, "library"))
    assert bas.facility(b(c), armory).kind == "library" and b(c).swap_level == 10
    with pytest.raises(Refused, match="since level 10"):
        c.dispatch(bas.SwapFacility("Ana", armory, "smithy"))


# --- trade ------------------------------------------------------------------------------


def test_storehouse_buys_up_to_its_limit_and_sells_with_the_markup_by_level(make):
    c = keep(make, level=5, facilities=("storehouse",), gold=1000)
    week(c)
    with pytest.raises(Refused, match="buys up to 500 GP of goods at a time at owner level 5"):
        orders(c, ("storehouse", "buy", 501))
    with pytest.raises(Refused, match="enter the goods' price"):
        orders(c, ("storehouse", "buy", 0))
    with pytest.raises(Refused, match="holds 0 GP of goods; it cannot sell 100 GP"):
        orders(c, ("storehouse", "sell", 100))
    orders(c, ("storehouse", "buy", 500))
    assert b(c).treasury == 500
    assert bas.facility(b(c), fid(c, "storehouse")).stock == 500
    week(c)
    r = orders(c, ("storehouse", "sell", 300))
    assert "Storehouse: sold 300 GP of goods +10% for 330 GP" in r.lines
    assert b(c).treasury == 830 and bas.facility(b(c), fid(c, "storehouse")).stock == 200


@pytest.mark.parametrize("level,limit,markup", [(9, 2000, 20), (13, 5000, 50), (17, 5000, 100)])
def test_storehouse_limits_and_markups_grow_with_the_owner(make, level, limit, markup):
    c = keep(make, level=level, facilities=("storehouse",), gold=limit + 1)
    week(c)
    with pytest.raises(Refused, match=f"up to {limit:,} GP"):
        orders(c, ("storehouse", "buy", limit + 1))
    orders(c, ("storehouse", "buy", limit))
    week(c)
    r = orders(c, ("storehouse", "sell", 100))
    assert f"sold 100 GP of goods +{markup}% for {100 + markup} GP" in " ".join(r.lines)


@pytest.mark.parametrize("level,markup", [(9, 20), (13, 50), (17, 100)])
def test_stable_buys_mounts_and_sells_them_with_its_markup(make, level, markup):
    c = keep(make, level=level, facilities=("stable",), gold=400)
    week(c)
    orders(c, ("stable", "mounts", 400))  # no limit on buying mounts
    week(c)
    r = orders(c, ("stable", "sell", 75))
    assert f"Stable: sold 75 GP of goods +{markup}% for {75 * (100 + markup) // 100} GP" in r.lines


def _stable(c):
    return next(f for f in bas.specials(b(c)) if f.kind == "stable")


def test_a_stable_comes_with_a_riding_horse_and_two_ponies(make):
    c = keep(make, level=9, facilities=("stable",))
    assert _stable(c).animals == ("riding_horse", "pony", "pony")
    stable = next(f for f in state_json(c.state, 0)["bastions"][0]["facilities"]
                  if f["kind"] == "stable")
    assert stable["animals"] == ["Riding Horse", "Pony", "Pony"] and stable["stalls"] == 3


def test_a_stable_buys_animals_into_its_stalls_and_sells_them_with_its_markup(make):
    c = keep(make, level=9, facilities=("stable",), gold=1000)
    week(c, 3)
    gold = b(c).treasury
    r = orders(c, ("stable", "mounts", 0, ("mule",)))  # horse + 2 ponies + mule: 2.5 stalls
    assert "Stable: bought Mule worth 8 GP" in r.lines and b(c).treasury == gold - 8
    assert _stable(c).animals == ("riding_horse", "pony", "pony", "mule")
    assert b(c).ledger[-1].item == "Mule"
    with pytest.raises(Refused, match="Stable #\\d+ keeps 3 Large animals \\(2 Medium to a "
                       "stall\\) and has Riding Horse, Pony ×2, Mule: no room for Camel"):
        orders(c, ("stable", "mounts", 0, ("camel",)))
    with pytest.raises(Refused, match="Stable #\\d+ keeps no more Camel to sell"):
        orders(c, ("stable", "sell", 0, ("camel",)))
    with pytest.raises(Refused, match="no animal 'griffon' \\(one of camel, draft_horse"):
        orders(c, ("stable", "mounts", 0, ("griffon",)))
    with pytest.raises(Refused, match="name the animals or give a price, not both"):
        orders(c, ("stable", "mounts", 30, ("pony",)))
    gold = b(c).treasury
    r = orders(c, ("stable", "sell", 0, ("pony", "pony")))
    assert "Stable: sold Pony ×2 (60 GP) +20% for 72 GP" in r.lines
    assert _stable(c).animals == ("riding_horse", "mule") and b(c).treasury == gold + 72
    week(c)
    orders(c, ("stable", "mounts", 0, ("camel",)))  # room again
    assert _stable(c).animals == ("riding_horse", "mule", "camel")


def test_a_stable_trades_animals_on_the_command_line(saves, capsys):
    run = cli_keep(capsys, "stable")
    run("do", "keep", "bastion-gold", "Ana", "500")
    run("do", "keep", "downtime", "14")
    run("do", "keep", "bastion-turn", "Ana", "--order", "stable:sell:pony+pony")
    err = run("do", "keep", "bastion-turn", "Ana", "--order",
              "stable:mounts:warhorse+camel+mule", code=1).err
    assert "no room for Warhorse, Camel, Mule" in err
    run("do", "keep", "bastion-turn", "Ana", "--order", "stable:mounts:warhorse")
    state = json.loads(run("state", "keep", "--json").out)["bastions"][0]
    stable = next(f for f in state["facilities"] if f["kind"] == "stable")
    assert stable["animals"] == ["Riding Horse", "Warhorse"]
    assert "orders #3 mounts (Warhorse)" in run("log", "keep").out


# --- refugees and the Armory on a Request for Aid --------------------------------------------


def test_refugees_camp_outside_until_housed_and_leave_when_attacked(make):
    c = keep(make, facilities=("barrack",))
    week(c)
    maintain(c, 84, 2, 3, 1)  # 2d4 = 5 refugees, pay 100 GP
    assert (b(c).refugees, b(c).refugees_in) == (5, 0)
    with pytest.raises(Refused, match="a built basic facility; Barrack is not one"):
        c.dispatch(bas.HouseRefugees("Ana", fid(c, "barrack")))
    c.dispatch(bas.HouseRefugees("Ana", 2))  # the free roomy basic facility
    assert b(c).refugees_in == 2
    week(c)
    r = maintain(c, 84, 1, 1, 2)
    assert "2 refugees; they pay 200 GP; staying in Dining Room (roomy)" in r.lines[1]
    assert b(c).refugees == 7
    week(c)
    maintain(c, 51)  # an attack with no defenders: the refugees leave
    assert (b(c).refugees, b(c).refugees_in) == (0, 0)
    with pytest.raises(Refused, match="shelters no refugees"):
        c.dispatch(bas.HouseRefugees("Ana", leave=True))


def test_refugees_rehoused_elsewhere_leave(make):
    c = keep(make)
    week(c)
    maintain(c, 84, 2, 3, 1)
    c.dispatch(bas.HouseRefugees("Ana", leave=True))
    assert b(c).refugees == 0


def test_a_stocked_armory_arms_defenders_sent_on_request_for_aid(make):
    c = keep(make, facilities=("barrack", "armory"))
    week(c)
    orders(c, ("barrack", "recruit", 0))
    week(c)
    orders(c, ("armory", "stock", 0))
    assert b(c).armory_stocked
    week(c)
    r = maintain(c, 95, 8, 1, 4, aid=2)  # 2d8: 8 + 1 = 9 vs 10, fails
    assert r.dice[1].startswith("2d8") and "9 vs 10" in r.lines[1]
    assert not b(c).armory_stocked  # used up
    week(c)
    r = maintain(c, 95, 6, 4, 4, aid=2)  # unstocked: 2d6
    assert r.dice[1].startswith("2d6") and "10 vs 10: solved, 400 GP" in r.lines[1]


# --- turns fall due on the one clock -------------------------------------------------------


def test_a_turn_falls_due_after_7_days_of_travel(make):
    c = keep(make)
    c.dispatch(SetTerrain("coastal"))
    for _ in range(6):
        c.dispatch(TravelDay(1))
    assert b(c).queued == 0
    out = c.dispatch(TravelDay(1))
    assert b(c).queued == 1 and c.state.clock >= 7 * DAY
    assert any("Bastion turn due for Ana" in a.text for a in out.alerts)


def test_a_turn_falls_due_after_travel_from_the_command_line(saves, capsys):
    def run(*argv):
        assert main(list(argv)) == 0, capsys.readouterr()
        return capsys.readouterr().out
    run("new", "keep", "--ruleset", "dnd-2024", "--seed", "3")
    run("do", "keep", "add-character", "Ana", "--class", "fighter", "--level", "9",
        "--abilities", "15,14,13,12,10,8")
    run("do", "keep", "bastion-new", "Ana")
    run("do", "keep", "terrain", "coastal")
    for _ in range(7):  # day by day: a --days run stops at an encounter
        run("do", "keep", "travel", "--push-on")
    state = json.loads(run("state", "keep", "--json"))
    assert state["bastions"][0]["queued"] == 1


# --- the defenders' roster ------------------------------------------------------------------


def test_defenders_can_be_named_with_their_housing_and_struck_when_they_fall(make):
    c = keep(make, facilities=("barrack", "armory"))
    with pytest.raises(Refused, match="all 0 of Ana's defenders have names"):
        c.dispatch(bas.NameDefender("Ana", "Bran", fid(c, "barrack")))
    week(c)
    orders(c, ("barrack", "recruit", 0))  # 4 defenders
    barrack = fid(c, "barrack")
    c.dispatch(bas.NameDefender("Ana", "Bran", barrack))
    c.dispatch(bas.NameDefender("Ana", "Cora", barrack))
    with pytest.raises(Refused, match="bran is on the roster already"):
        c.dispatch(bas.NameDefender("Ana", "bran", barrack))
    with pytest.raises(Refused, match="Armory #\\d+ houses no defenders"):
        c.dispatch(bas.NameDefender("Ana", "Dag", fid(c, "armory")))
    with pytest.raises(Refused, match="a defender's name is 1 to 40"):
        c.dispatch(bas.NameDefender("Ana", " "))
    assert [(d.name, d.home) for d in b(c).roster] == [("Bran", barrack), ("Cora", barrack)]
    week(c)
    r = maintain(c, 51, 1, 1, 1, 2, 3, 4)  # three die: one of the two named is among them
    assert b(c).defenders == 1
    assert "1 of the named defenders fell: strike them from the roster" in r.lines
    c.dispatch(bas.StrikeDefender("Ana", "cora"))
    assert [d.name for d in b(c).roster] == ["Bran"]
    with pytest.raises(Refused, match="no defender 'Cora' on Ana's roster \\(Bran\\)"):
        c.dispatch(bas.StrikeDefender("Ana", "Cora"))


def test_a_barrack_houses_only_as_many_named_as_it_has_room_for(make):
    c = keep(make, level=9, facilities=("barrack", "barrack"))
    first, second = [f.id for f in bas.specials(b(c))]
    for _ in range(3):  # 4 recruits a Barrack a turn
        week(c)
        c.dispatch(bas.RunTurn("Ana", ((first, "recruit", 0), (second, "recruit", 0))))
    assert b(c).defenders == 24
    for i in range(12):
        c.dispatch(bas.NameDefender("Ana", f"D{i}", first))
    with pytest.raises(Refused, match=f"Barrack #{first} houses 12 defenders and all 12 "
                       "have names"):
        c.dispatch(bas.NameDefender("Ana", "D12", first))
    c.dispatch(bas.NameDefender("Ana", "D12", second))


def test_a_prerequisite_kept_as_plain_text_is_the_gms_to_confirm(make):
    """Campaigns recorded before prerequisites were data still open and ask."""
    c = keep(make, level=9, facilities=(), gold=0)
    rules = c.state.rules
    study = rules.bastion.facilities["arcane_study"]
    old = type(study)(**{**{f: getattr(study, f) for f in study.__struct_fields__},
                         "prerequisite": "can use an Arcane Focus"})
    state = c.state
    bastion = replace(rules.bastion, facilities={**rules.bastion.facilities, "arcane_study": old})
    state = replace(state, ruleset=replace(state.ruleset, rules=replace(rules, bastion=bastion)))
    assert bas.unconfirmed(state, "Ana", "arcane_study") == "can use an Arcane Focus"


def _two_barracks_of_four(make):
    """Ana (level 9) with two Barracks, four defenders living in each."""
    c = keep(make, level=9, facilities=("barrack", "barrack"))
    first, second = [f.id for f in bas.specials(b(c))]
    week(c)
    c.dispatch(bas.RunTurn("Ana", ((first, "recruit", 0), (second, "recruit", 0))))
    assert [f.housed for f in bas.specials(b(c))] == [4, 4]
    return c, first, second


def test_a_barrack_names_only_the_defenders_who_live_there(make):
    c, first, second = _two_barracks_of_four(make)
    for i in range(4):
        c.dispatch(bas.NameDefender("Ana", f"D{i}", first))
    with pytest.raises(Refused, match=f"Barrack #{first} houses 4 defenders and all 4 "
                       "have names: name them elsewhere, or move defenders in first"):
        c.dispatch(bas.NameDefender("Ana", "D4", first))  # room for 12, but only 4 live there
    c.dispatch(bas.NameDefender("Ana", "D4", second))
    assert [d.home for d in b(c).roster] == [first] * 4 + [second]


def test_the_gm_moves_defenders_between_barracks_within_their_room(make):
    c, first, second = _two_barracks_of_four(make)
    for _ in range(2):
        week(c)
        orders(c, ("#", "recruit", 0), at=first)
    assert [f.housed for f in bas.specials(b(c))] == [12, 4]
    with pytest.raises(Refused, match=f"Barrack #{first} has room for 0 more \\(12 of 12 "
                       "housed\\)"):
        c.dispatch(bas.MoveDefenders("Ana", second, first, 1))
    c.dispatch(bas.NameDefender("Ana", "Bran", second))
    c.dispatch(bas.MoveDefenders("Ana", first, second, 5))  # unnamed ones
    assert [f.housed for f in bas.specials(b(c))] == [7, 9] and b(c).defenders == 16
    c.dispatch(bas.MoveDefenders("Ana", second, first, name="bran"))
    assert [f.housed for f in bas.specials(b(c))] == [8, 8]
    assert [(d.name, d.home) for d in b(c).roster] == [("Bran", first)]
    with pytest.raises(Refused, match=f"Barrack #{first} houses 8 defenders"):
        c.dispatch(bas.MoveDefenders("Ana", first, second, 9))
    with pytest.raises(Refused, match=f"only 7 of Barrack #{first}'s 8 defenders has no "
                       "name: move the named by name"):
        c.dispatch(bas.MoveDefenders("Ana", first, second, 8))
    with pytest.raises(Refused, match=f"Bran lives in #{first}, not #{second}"):
        c.dispatch(bas.MoveDefenders("Ana", second, first, name="Bran"))
    with pytest.raises(Refused, match=f"they live in #{first} already"):
        c.dispatch(bas.MoveDefenders("Ana", first, first, 1))
    with pytest.raises(Refused, match="Ana's bastion has no facility #99"):
        c.dispatch(bas.MoveDefenders("Ana", first, 99, 1))
    basic = next(f.id for f in b(c).facilities if f.basic)
    with pytest.raises(Refused, match="houses no defenders"):
        c.dispatch(bas.MoveDefenders("Ana", first, basic, 1))
    with pytest.raises(Refused, match="move 1 to 10,000 defenders"):
        c.dispatch(bas.MoveDefenders("Ana", first, second, 0))
    assert [f.housed for f in bas.specials(b(c))] == [8, 8]  # nothing written


def test_moving_defenders_on_the_command_line(saves, capsys):
    run = cli_keep(capsys, "barrack", "barrack")
    run("do", "keep", "downtime", "7")
    run("do", "keep", "bastion-turn", "Ana", "--order", "#3:recruit", "--order", "#4:recruit")
    run("do", "keep", "defender-name", "Ana", "Bran", "--home", "3")
    out = run("do", "keep", "defender-move", "Ana", "3", "4", "--name", "Bran").out
    assert "Ana's bastion: Bran moves from facility #3 to #4" in out
    out = run("do", "keep", "defender-move", "Ana", "3", "4", "--count", "9", code=1).err
    assert "Barrack #3 houses 3 defenders" in out
    run("do", "keep", "defender-move", "Ana", "3", "4", "--count", "2")
    state = json.loads(run("state", "keep", "--json").out)["bastions"][0]
    assert [(f["id"], f["housed"]) for f in state["facilities"] if f["houses"]] == [(3, 1), (4, 7)]
    assert state["roster"] == [{"name": "Bran", "home": 4}]
