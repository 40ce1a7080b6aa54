"""A bastion turn corrected into a Maintain turn, or out of one (gm-review4
C1): the bastion event it now rolls takes the GM's typed dice, else is rolled
from the seed, and the preview says which; the orders Maintain excludes go;
a turn corrected out of Maintain drops the event's dice. The refusals name
no internal event type."""

import pytest

from tracker.core import bastion as bas
from tracker.core.errors import Refused

from support.amend import seq_of
from support.bastion import b, keep, maintain, orders, week


def _ordered_turn(make):
    c = keep(make, facilities=("barrack",))
    week(c)
    orders(c, ("barrack", "recruit", 0))
    return c, seq_of(c, "bastion_turn_run")


def test_a_turn_with_orders_corrected_into_maintain_rolls_its_event_from_the_seed(make):
    c, seq = _ordered_turn(make)
    assert b(c).defenders == 4
    cmd = c.amend_command(seq, fields={"maintain": "yes"})
    seen = c.explain(cmd)
    assert any(line.startswith("new dice rolled from the campaign's seed: 1d100=[")
               for line in seen.changes), seen.changes
    c.dispatch(cmd)
    r = b(c).results[-1]
    assert r.lines[0] == "Maintain" and r.dice[0].startswith("1d100=[")
    assert not r.dice[0].endswith("typed")
    assert b(c).defenders == 0  # the recruiting order went with Maintain


def test_typed_dice_stand_for_the_new_event_die(make):
    c, seq = _ordered_turn(make)
    cmd = c.amend_command(seq, dice=[7, 2], fields={"maintain": "yes"})
    seen = c.explain(cmd)
    assert "1d100=[7] typed 1d8=[2] typed" in seen.entry_after  # the entry says so
    assert not any("from the campaign's seed" in line for line in seen.changes)
    c.dispatch(cmd)
    r = b(c).results[-1]
    assert r.dice == ("1d100=[7] typed", "1d8=[2] typed")
    assert r.lines[1].startswith("All Is Well (7)")


def test_too_many_typed_dice_are_refused(make):
    c, seq = _ordered_turn(make)
    with pytest.raises(Refused, match="3 dice given, but the correction adds only 2"):
        c.amend_command(seq, dice=[7, 2, 5], fields={"maintain": "yes"})


def test_an_owner_away_is_a_maintain_turn(make):
    c, seq = _ordered_turn(make)
    c.dispatch(c.amend_command(seq, dice=[7, 2], fields={"away": "yes"}))
    assert b(c).results[-1].lines[0] == "Maintain (owner away)"


def test_a_maintain_turn_corrected_out_of_it_drops_the_event_dice(make):
    c = keep(make, facilities=("barrack",))
    week(c)
    maintain(c, 7, 2)
    seq = seq_of(c, "bastion_turn_run")
    c.dispatch(c.amend_command(seq, fields={"maintain": "no"}))
    r = b(c).results[-1]
    assert r.lines == ("No orders",) and r.dice == ()


def test_later_turns_replay_after_the_correction(make):
    c, seq = _ordered_turn(make)
    week(c)
    maintain(c, 60)  # a later turn: Extraordinary Opportunity declined
    c.dispatch(c.amend_command(seq, dice=[7, 2], fields={"maintain": "yes"}))
    assert [r.lines[0] for r in b(c).results[-2:]] == ["Maintain", "Maintain"]


def test_the_refusals_name_no_internal_type(make):
    c, seq = _ordered_turn(make)
    down = seq_of(c, "downtime_passed")
    with pytest.raises(Refused) as e:
        c.amend_command(down, fields={"maintain": "yes"})
    assert "downtime" in str(e.value) and "_" not in str(e.value)
    with pytest.raises(Refused) as e:
        c.amend_command(seq, dice=[50])
    assert "_" not in str(e.value)
