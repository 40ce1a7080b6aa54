"""The other facilities that choose when built (5e2024.md §7.8), as the same
``[bastion.facilities.*.choice]`` data as a Garden's type: an Archive's
reference book (two more when Vast, each on another skill), a Pub's magical
drink on tap (two when Vast) and a Training Area's expert trainer. The last two
may be chosen again at the start of any bastion turn (``facility-choose``), with
no order; a training order trains with the trainer chosen."""

import json

import pytest

from tracker.core import bastion as bas
from tracker.core.errors import Refused

from support.bastion import b, cli_keep, fid, keep, orders, week


def test_an_archive_is_built_with_its_book_and_two_more_when_vast(make):
    c = keep(make, level=13, facilities=())
    with pytest.raises(Refused, match="Archive: name its reference book, one of Arcana, History"):
        c.dispatch(bas.AddFacility("Ana", "archive"))
    c.dispatch(bas.AddFacility("Ana", "archive", chosen=("History",)))
    a = fid(c, "archive")
    assert bas.facility(b(c), a).chosen == ("history",)
    with pytest.raises(Refused, match="name its reference book: 2 of them"):
        c.dispatch(bas.EnlargeFacility("Ana", a, 3))  # a book is not had twice
    with pytest.raises(Refused, match="History is chosen twice"):
        c.dispatch(bas.EnlargeFacility("Ana", a, 3, ("arcana", "history")))
    c.dispatch(bas.EnlargeFacility("Ana", a, 3, ("arcana", "nature")))
    week(c)
    orders(c, ("archive", "research", 0))
    assert bas.chosen_now(c.state.rules, bas.facility(b(c), a)) == ("history", "arcana", "nature")
    with pytest.raises(Refused, match="reference book is not chosen again at a bastion turn"):
        c.dispatch(bas.ChooseAgain("Ana", a, ("religion", "arcana", "nature")))


def test_a_pubs_drink_is_chosen_when_built_and_switched_at_a_turn(make):
    c = keep(make, level=13, facilities=("pub",))  # Darkvision draught
    p = fid(c, "pub")
    assert bas.chosen_now(c.state.rules, bas.facility(b(c), p)) == ("darkvision",)
    with pytest.raises(Refused, match="Pub already is Darkvision draught"):
        c.dispatch(bas.ChooseAgain("Ana", p, ("darkvision",)))
    with pytest.raises(Refused, match="Pub: no drink on tap 'beer'"):
        c.dispatch(bas.ChooseAgain("Ana", p, ("beer",)))
    c.dispatch(bas.ChooseAgain("Ana", p, ("fearless",)))
    assert bas.facility(b(c), p).chosen == ("fearless",)
    week(c)
    r = orders(c, ("pub", "spies", 0))  # its order is its own, whatever is on tap
    assert r.lines == ("Pub: learned a week of reports (GM)",)
    c.dispatch(bas.EnlargeFacility("Ana", p, 3, ("spider",)))
    week(c)
    orders(c)
    assert bas.chosen_now(c.state.rules, bas.facility(b(c), p)) == ("fearless", "spider")
    with pytest.raises(Refused, match="name its drink on tap: 2 of them"):
        c.dispatch(bas.ChooseAgain("Ana", p, ("enlarge",)))
    c.dispatch(bas.ChooseAgain("Ana", p, ("enlarge", "necrotic")))
    assert bas.chosen_now(c.state.rules, bas.facility(b(c), p)) == ("enlarge", "necrotic")
    c.undo()
    assert bas.chosen_now(c.state.rules, bas.facility(b(c), p)) == ("fearless", "spider")


def test_a_training_area_trains_with_its_chosen_trainer_switched_at_a_turn(make):
    c = keep(make, facilities=("training_area",), chosen={"training_area": ("unarmed",)})
    t = fid(c, "training_area")
    week(c)
    r = orders(c, ("training_area", "train", 0))
    assert any("Unarmed Combat Expert" in line for line in r.lines)
    c.dispatch(bas.ChooseAgain("Ana", t, ("Weapon Expert",)))  # by its name
    week(c)
    r = orders(c, ("training_area", "train", 0))
    assert any("Weapon Expert" in line for line in r.lines)
    week(c)
    r = orders(c, ("training_area", "train", 0, (), "tools"))  # an order naming one: chosen
    assert bas.chosen_now(c.state.rules, bas.facility(b(c), t)) == ("tools",)
    c.dispatch(bas.RunWeeks(1))  # the weeks at home train with it again
    assert any("Tools Expert" in line for line in b(c).results[-1].lines)


def test_a_kind_chosen_once_is_not_chosen_again(make):
    c = keep(make, facilities=("garden", "workshop", "barrack"))
    with pytest.raises(Refused, match="Garden: its type is not chosen again at a bastion turn"):
        c.dispatch(bas.ChooseAgain("Ana", fid(c, "garden"), ("herb",)))
    with pytest.raises(Refused, match="Barrack: nothing is chosen for it"):
        c.dispatch(bas.ChooseAgain("Ana", fid(c, "barrack"), ("herb",)))


def test_a_pubs_drink_is_corrected_by_amend_on_either_entry(make):
    c = keep(make, level=13, facilities=("pub",))
    added = next(e.seq for e in c.tail(c.seq) if e.type == "facility_added")
    c.dispatch(bas.ChooseAgain("Ana", fid(c, "pub"), ("fearless",)))
    switched = c.seq
    c.dispatch(c.amend_command(switched, fields={"chosen": "enlarge"}))
    assert bas.facility(b(c), fid(c, "pub")).chosen == ("enlarge",)
    with pytest.raises(Refused, match="already is Enlarging draught"):
        c.dispatch(c.amend_command(added, fields={"chosen": "enlarge"}))  # its switch: no change
    c.dispatch(c.amend_command(added, fields={"chosen": "spider"}))
    assert bas.facility(b(c), fid(c, "pub")).chosen == ("enlarge",)


def test_the_cli_chooses_and_the_log_and_state_show_it(capsys, saves):
    run = cli_keep(capsys)
    run("do", "keep", "add-character", "Bo", "--class", "fighter", "--level", "13",
        "--abilities", "15,14,13,12,10,8")
    run("do", "keep", "bastion-new", "Bo")
    run("do", "keep", "facility-add", "Bo", "pub", code=1)
    run("do", "keep", "facility-add", "Bo", "pub", "--type", "necrotic")
    run("do", "keep", "facility-add", "Bo", "archive", "--type", "religion")
    pub = next(f for f in json.loads(run("state", "keep", "--json").out)["bastions"][1]
               ["facilities"] if f["kind"] == "pub")
    run("do", "keep", "facility-choose", "Bo", str(pub["id"]), "Fearless draught")
    log = run("log", "keep").out
    assert "Archive (Religion) added" in log
    assert f"Pub #{pub['id']} now has Fearless draught" in log
    data = json.loads(run("state", "keep", "--json").out)
    pub = next(f for f in data["bastions"][1]["facilities"] if f["kind"] == "pub")
    assert pub["chosen"] == ["fearless"]
    out = run("do", "keep", "facility-choose", "Bo", str(pub["id"]), "fearless", code=1)
    assert "already is" in out.err
