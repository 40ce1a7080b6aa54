"""What is chosen for a facility when it is built (gm-review4 R2): a Garden's
type, named at ``facility-add`` and kept in the entry; it harvests only its
type (a Vast one, the types of its two halves); changing the type is an order
of the ruleset's days (21) during which the garden does nothing else, carried
across bastion turns. A garden added before the type was kept (an old entry)
harvests any type, as it did."""

import json
import shutil
from pathlib import Path

import pytest

from tracker.core import bastion as bas
from tracker.core.errors import Refused
from tracker.core.events import decode
from tracker.service import Campaign

from support.bastion import b, cli_keep, fid, keep, orders, week
from support.old_campaigns import differences, state_now

OLD = Path(__file__).parent / "data" / "old_garden"


def _days(c) -> int:
    """The type change's days, as the ruleset says them."""
    o = next(x for x in c.state.rules.bastion.facilities["garden"].orders if x.rechooses)
    return o.days


def test_a_garden_is_built_with_a_type_and_harvests_only_it(make):
    c = keep(make, facilities=())
    with pytest.raises(Refused, match="Garden: name its type, one of Decorative, Food, Herb"):
        c.dispatch(bas.AddFacility("Ana", "garden"))
    with pytest.raises(Refused, match="Garden: no type 'fish'"):
        c.dispatch(bas.AddFacility("Ana", "garden", chosen=("fish",)))
    out = c.dispatch(bas.AddFacility("Ana", "garden", chosen=("Food",)))  # its name, any case
    assert out.envelopes[-1].event.chosen == ("food",)  # kept in the entry, by id
    assert out.envelopes[-1].version == 2
    week(c)
    with pytest.raises(Refused, match=r"Garden \(type: Food\) cannot be given Herb"):
        orders(c, ("garden", "herb", 0))
    r = orders(c, ("garden", "food", 0))
    assert r.lines == ("Garden: harvested 100 days of Rations",)


def test_a_kind_that_chooses_nothing_refuses_a_choice(make):
    c = keep(make, facilities=())
    with pytest.raises(Refused, match="Barrack: nothing is chosen for it when it is built"):
        c.dispatch(bas.AddFacility("Ana", "barrack", chosen=("food",)))


def test_changing_the_type_takes_the_rulesets_days_and_nothing_else_meanwhile(make):
    c = keep(make, facilities=("garden",))
    days = _days(c)
    assert days == 21
    week(c)
    with pytest.raises(Refused, match="name its type"):
        orders(c, ("garden", "retype", 0))
    with pytest.raises(Refused, match="Garden already is Food"):
        orders(c, ("garden", "retype", 0, (), "food"))
    with pytest.raises(Refused, match="given two orders"):
        orders(c, ("garden", "food", 0), ("garden", "retype", 0, (), "herb"))
    r = orders(c, ("garden", "retype", 0, (), "herb"))
    assert r.lines == ("Garden: Change the garden's type (7 of 21 days)",)
    turns = days // 7
    for n in range(1, turns):
        week(c)
        with pytest.raises(Refused, match="does nothing else until it is done"):
            orders(c, ("garden", "food", 0))
        assert bas.facility(b(c), fid(c, "garden")).chosen == ("food",)
        r = orders(c)  # no orders: the change carries on
    assert r.lines == ("Garden is Herb now",)
    assert bas.facility(b(c), fid(c, "garden")).chosen == ("herb",)
    week(c)
    with pytest.raises(Refused, match="cannot be given Food"):
        orders(c, ("garden", "food", 0))
    assert orders(c, ("garden", "herb", 0)).lines == ("Garden: harvested a Potion of Healing",)


def test_a_vast_garden_has_two_types_and_changes_both(make):
    c = keep(make, facilities=("garden",))
    c.dispatch(bas.EnlargeFacility("Ana", fid(c, "garden"), 3))  # the second: Food again
    week(c)
    with pytest.raises(Refused, match=r"Garden \(type: Food \+ Food\) cannot be given Herb"):
        orders(c, ("garden", "food", 0), ("garden", "herb", 0))
    orders(c, ("garden", "food", 0), ("garden", "food", 0))
    week(c)
    with pytest.raises(Refused, match="does nothing else meanwhile"):  # not half of it
        orders(c, ("garden", "food", 0), ("garden", "retype", 0, (), "herb+poison"))
    orders(c, ("garden", "retype", 0, (), "herb+poison"))
    week(c)
    with pytest.raises(Refused, match="does nothing else until it is done"):
        orders(c, ("garden", "herb", 0))
    orders(c)
    for _ in range(1):
        week(c)
        orders(c)
    assert bas.facility(b(c), fid(c, "garden")).chosen == ("herb", "poison")
    week(c)
    r = orders(c, ("garden", "herb", 0), ("garden", "poison", 0))
    assert r.lines == ("Garden: harvested a Potion of Healing",
                       "Garden: harvested a vial of Basic Poison")


def test_the_weeks_at_home_never_give_a_type_change_again(make):
    c = keep(make, facilities=("garden",))
    week(c)
    orders(c, ("garden", "retype", 0, (), "herb"))
    c.dispatch(bas.RunWeeks(4))
    turns = [e for e in c.tail(c.seq) if e.type == "bastion_turn_run"][-4:]
    assert all(o.option != "retype" for e in turns for o in e.event.orders)
    assert bas.facility(b(c), fid(c, "garden")).chosen == ("herb",)


def test_an_old_garden_has_no_type_and_harvests_any_as_before(tmp_path):
    """A campaign the tracker wrote before the type was kept (tests/data/old_garden)."""
    old = decode("facility_added", 1, b'{"owner": "Ana", "kind": "garden"}')
    assert old.chosen == ()  # the upcast: nothing chosen
    shutil.copyfile(OLD / "old-garden.campaign", tmp_path / "old-garden.campaign")
    c = Campaign.open(tmp_path, "old-garden")
    try:
        was = json.loads((OLD / "old-garden.state.json").read_text())
        assert differences(was, state_now(c)) == []
        f = bas.facility(bas.find(c.state, "Cyr"), 3)
        assert f.chosen == () and bas.chosen_now(c.state.rules, f) == ()
        c.dispatch(bas.Downtime(7))  # and it goes on harvesting any type
        c.dispatch(bas.RunTurn("Cyr", ((3, "poison", 0),)))
        assert bas.find(c.state, "Cyr").results[-1].lines == (
            "Garden: harvested a vial of Basic Poison",)
    finally:
        c.close()


def test_the_cli_takes_the_type_and_the_log_and_state_show_it(capsys, saves):
    run = cli_keep(capsys)
    run("do", "keep", "facility-add", "Ana", "garden", code=1)
    assert "Garden" in run("do", "keep", "facility-add", "Ana", "garden", "--type", "herb").out
    assert "Garden (Herb) added" in run("log", "keep").out
    data = json.loads(run("state", "keep", "--json").out)
    garden = next(f for f in data["bastions"][0]["facilities"] if f["kind"] == "garden")
    assert garden["chosen"] == ["herb"] and garden["chosen_words"] == "Herb"
    run("do", "keep", "downtime", "7")
    out = run("do", "keep", "bastion-turn", "Ana", "--order", "garden:food", code=1)
    assert "cannot be given Food" in out.err
    run("do", "keep", "bastion-turn", "Ana", "--order", "garden:retype::poison")
    assert "orders #3 retype (to Poison)" in run("log", "keep").out


def test_a_workshops_six_tools_are_chosen_when_built_and_three_more_when_vast(make):
    """The same kind of choice (5e2024.md §7.8 Workshop): six kinds of artisan's
    tools when built, each once; three more when it is made Vast."""
    c = keep(make, facilities=())
    with pytest.raises(Refused, match="Workshop: name its tools: 6 of them"):
        c.dispatch(bas.AddFacility("Ana", "workshop", chosen=("carpenter",)))
    six = ("carpenter", "cobbler", "jeweler", "mason", "potter", "tinker")
    with pytest.raises(Refused, match="Workshop: Carpenter's Tools is chosen twice"):
        c.dispatch(bas.AddFacility("Ana", "workshop", chosen=six[:5] + ("carpenter",)))
    c.dispatch(bas.AddFacility("Ana", "workshop", chosen=six))
    w = fid(c, "workshop")
    assert bas.chosen_now(c.state.rules, bas.facility(b(c), w)) == six
    with pytest.raises(Refused, match="name its tools: 3 of them"):
        c.dispatch(bas.EnlargeFacility("Ana", w, 3))
    with pytest.raises(Refused, match="Workshop: Mason's Tools is chosen twice"):
        c.dispatch(bas.EnlargeFacility("Ana", w, 3, ("weaver", "painter", "mason")))
    c.dispatch(bas.EnlargeFacility("Ana", w, 3, ("weaver", "painter", "woodcarver")))
    assert bas.chosen_now(c.state.rules, bas.facility(b(c), w)) == six  # Vast in 3 days
    week(c)
    orders(c, ("workshop", "tools", 10, (), "a chair"))
    assert bas.chosen_now(c.state.rules, bas.facility(b(c), w)) == \
        six + ("weaver", "painter", "woodcarver")
