"""Orders whose yield is open name what they make (the Smithy's work the GM
prices), and training orders name the Training Area's trainer: both recorded
in the event, shown in the turn's lines, the ledger and the log; old logs and
rulesets recorded before them mean what they meant."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tracker.core import bastion as bas
from tracker.core.describe import describe
from tracker.core.errors import Refused
from tracker.service import Campaign

from support.bastion import b, keep, orders, week


def test_an_open_yield_is_named_and_recorded(make, saves):
    c = keep(make, facilities=("smithy", "barrack"))
    week(c)
    r = orders(c, ("smithy", "smith", 120, (), "a longsword and two daggers"))
    assert "Smithy: made a longsword and two daggers" in r.lines
    assert b(c).ledger[-1].item == "a longsword and two daggers"
    ev = [e.event for e in c.store.read() if isinstance(e.event, bas.BastionTurnRun)][-1]
    assert ev.orders[0].made == "a longsword and two daggers"
    assert "(a longsword and two daggers)" in describe(ev, c.state.rules)
    state = c.state
    c.close()
    reopened = Campaign.open(saves, "c")
    assert reopened.state == state
    reopened.close()


def test_an_unnamed_open_yield_reads_as_before(make):
    c = keep(make, facilities=("smithy", "barrack"))
    week(c)
    assert "Smithy: made smithed goods" in orders(c, ("smithy", "smith", 120)).lines


def test_naming_what_an_order_with_a_set_yield_makes_is_refused(make):
    c = keep(make, facilities=("laboratory", "barrack"))
    week(c)
    with pytest.raises(Refused, match="Torpor .* makes a vial of Torpor: there is nothing"):
        orders(c, ("laboratory", "torpor", 0, (), "a potion"))
    with pytest.raises(Refused, match="at most 80 characters"):
        orders(c, ("laboratory", "alchemy", 10, (), "x" * 81))


def test_training_names_its_trainer_and_gives_the_benefit(make):
    c = keep(make, facilities=("training_area", "barrack"), chosen={"training_area": ("skills",)})
    week(c, 2)
    r = orders(c, ("training_area", "train", 0))  # with the trainer chosen when built
    line = next(x for x in r.lines if x.startswith("Training Area"))
    assert "Skills Expert" in line
    week(c)
    with pytest.raises(Refused, match="no trainer 'cook'"):
        orders(c, ("training_area", "train", 0, (), "cook"))
    r = orders(c, ("training_area", "train", 0, (), "Battle"))
    line = next(x for x in r.lines if x.startswith("Training Area"))
    assert "Battle Expert" in line and "1d4" in line
    area = next(f for f in bas.specials(b(c)) if f.kind == "training_area")
    assert area.trainer == "battle"
    r = orders(c, ("training_area", "train", 0, (), "weapon"))  # changed on the next turn
    assert any("Weapon Expert" in x for x in r.lines)


def test_a_ruleset_recorded_before_trainers_trains_as_it_did(make, saves, tmp_path,
                                                            monkeypatch):
    """A schema-1 dnd-2024 without ``trainer``, ``trainers`` and ``asks``: the
    orders take no name and read as they did."""
    text = (Path(__file__).parents[1] / "rulesets" / "dnd-2024.toml").read_text()
    text = re.sub(r', (asks = "[^"]*"|trainer = true)', "", text)
    text = re.sub(r"\n\[bastion\.facilities\.training_area\.trainers\]\n(.+\n)+", "\n", text)
    # nor the names of what it lacked (a ruleset of then had no [names.uk] at all)
    text = re.sub(r'\n"bastion\.facilities\.[a-z_]+\.(orders\.[a-z_]+\.asks|trainers\.[a-z_.]+)" = '
                  r'"[^"\n]*"', "", text)
    # nor the trainer chosen when built (its choice came later still)
    text = re.sub(r'\nchoice = \{ name = "trainer"[^\n]*', "", text)
    text = re.sub(r'\n"bastion\.facilities\.training_area\.choice[a-z_.]*" = "[^"\n]*"', "", text)
    assert "trainer = true" not in text and "asks =" not in text and ".trainers]" not in text
    (tmp_path / "dnd-2024.toml").write_text(text)
    monkeypatch.setenv("TRACKER_RULESETS", str(tmp_path))
    c = keep(make, facilities=("training_area", "smithy"), chosen={"training_area": ()})
    week(c)
    r = orders(c, ("training_area", "train", 0), ("smithy", "smith", 50))
    assert "Training Area: gained 7 days of the trainer's benefit" in r.lines
    assert "Smithy: made smithed goods" in r.lines
    with pytest.raises(Refused, match="nothing to name"):
        orders(c, ("smithy", "smith", 50, (), "a sword"))
