"""A facility's choice corrected on the entry that made it (``amend --set
chosen=...``, the log's "correct a field"): a Garden built as the wrong type,
a Vast Garden's second type, a Workshop's tools. What follows is replayed with
the corrected choice: the later harvests of that garden yield the corrected
type's goods, and the correction's preview says so."""

import pytest

from tracker.core import bastion as bas
from tracker.core.errors import Refused
from tracker.core.timeline.amend import explain

from support.bastion import b, cli_keep, fid, keep, orders, week


def _seq(c, kind: str) -> int:
    """The entry of the last ``kind`` event that stands."""
    return next(e.seq for e in reversed(c.tail(c.seq)) if e.type == kind)


def _harvests(c) -> list[str]:
    return [line for r in b(c).results for line in r.lines if "harvested" in line]


def test_a_gardens_type_is_corrected_and_its_later_harvests_follow(make):
    c = keep(make, facilities=("garden",))  # a food garden, by mistake
    added = _seq(c, "facility_added")
    for _ in range(2):
        week(c)
        orders(c, ("garden", "food", 0))
    assert _harvests(c) == ["Garden: harvested 100 days of Rations"] * 2
    assert c.entry_fields(added)["chosen"] == "food"
    with pytest.raises(Refused, match="Garden: no type 'fish'"):
        c.amend_command(added, fields={"chosen": "fish"})
    with pytest.raises(Refused, match="Garden: name its type"):
        c.amend_command(added, fields={"chosen": "herb+poison"})
    cmd = c.amend_command(added, fields={"chosen": "Herb"})  # a name, as the GM reads it
    seen = explain(c, cmd)
    assert "Garden (Food) added" in seen.entry_now and "Garden (Herb) added" in seen.entry_after
    moved = [line for line in seen.changes if "moves with it" in line]
    assert len(moved) == 2 and all("harvested a Potion of Healing" in line for line in moved)
    c.dispatch(cmd)
    assert bas.facility(b(c), fid(c, "garden")).chosen == ("herb",)
    assert _harvests(c) == ["Garden: harvested a Potion of Healing"] * 2
    c.undo()  # undo takes the correction back: food again
    assert _harvests(c) == ["Garden: harvested 100 days of Rations"] * 2
    c.redo()
    assert _harvests(c) == ["Garden: harvested a Potion of Healing"] * 2


def test_a_vast_gardens_second_type_is_corrected_on_its_enlarging(make):
    c = keep(make, facilities=("garden",))
    c.dispatch(bas.EnlargeFacility("Ana", fid(c, "garden"), 3, ("food",)))
    enlarged = _seq(c, "facility_enlarged")
    week(c)
    orders(c, ("garden", "food", 0), ("garden", "food", 0))
    assert c.entry_fields(enlarged)["chosen"] == "food"
    c.dispatch(c.amend_command(enlarged, fields={"chosen": "poison"}))
    assert bas.chosen_now(c.state.rules, bas.facility(b(c), fid(c, "garden"))) == \
        ("food", "poison")
    assert _harvests(c) == ["Garden: harvested 100 days of Rations",
                            "Garden: harvested a vial of Basic Poison"]


def test_a_workshops_tools_are_corrected_each_once(make):
    c = keep(make, facilities=("workshop",))
    added = _seq(c, "facility_added")
    six = "carpenter+cobbler+jeweler+mason+potter+weaver"
    with pytest.raises(Refused, match="chosen twice"):
        c.amend_command(added, fields={"chosen": "carpenter+" + six.split("+", 1)[1]
                                       .replace("weaver", "carpenter")})
    c.dispatch(c.amend_command(added, fields={"chosen": six}))
    assert bas.facility(b(c), fid(c, "workshop")).chosen == tuple(six.split("+"))


def test_the_cli_corrects_a_gardens_type(capsys, saves):
    run = cli_keep(capsys, "garden")
    run("do", "keep", "downtime", "7")
    run("do", "keep", "bastion-turn", "Ana", "--order", "garden:food")
    log = run("log", "keep").out
    seq = next(line.split()[0].strip("#") for line in log.splitlines()
               if "Garden (Food) added" in line)
    run("do", "keep", "amend", seq, "--set", "chosen=herb")
    log = run("log", "keep").out
    assert "Garden (Herb) added" in log and "harvested a Potion of Healing" in log


def test_a_garden_added_before_the_type_was_kept_reads_as_nothing_chosen(tmp_path):
    """An old entry (facility_added version 1, tests/data/old_garden) reads as
    nothing chosen; its campaign's own ruleset has no garden types, so a
    correction cannot give it one (its garden harvests any type, as it did)."""
    import shutil
    from pathlib import Path
    from tracker.service import Campaign
    old = Path(__file__).parent / "data" / "old_garden"
    shutil.copyfile(old / "old-garden.campaign", tmp_path / "old-garden.campaign")
    c = Campaign.open(tmp_path, "old-garden")
    try:
        seq = next(e.seq for e in c.store.read() if e.type == "facility_added"
                   and e.event.kind == "garden")
        assert c.entry(seq).version == 1 and c.entry_fields(seq)["chosen"] == ""
        with pytest.raises(Refused, match="Garden: nothing is chosen for it when it is built"):
            c.amend_command(seq, fields={"chosen": "poison"})
    finally:
        c.close()
