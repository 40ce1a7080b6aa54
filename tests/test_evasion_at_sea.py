"""A sea chase in rounds after a failed evasion (osr.md §9 Waterborne): the
ships close by the difference of their speeds, and nobody runs: the 30 rounds
of §4.2 tire characters running, not a ship, so no exhaustion is said or kept
(gm-review F20), and the round reads as the ships' round, not as running."""

from __future__ import annotations

import pytest

from tracker.core import chase as ch
from tracker.core.party import AddCharacter
from tracker.history import last_entries

BX = ("dyb-og-drager", "dolmenwood")


@pytest.mark.parametrize("rid", BX)
def test_ships_running_past_the_party_running_limit_tire_nobody(make, rid):
    c = make(rid)
    c.dispatch(AddCharacter("A"))
    c.dispatch(ch.StartEvasion("sea", 120, 120, morale=12 if rid == "dyb-og-drager" else 0,
                               gap=2000))
    c.dispatch(ch.RollEvasion(), [99])  # fails: rounds
    limit = c.state.rules.chase.evasion.run_rounds
    said = []
    for _ in range(limit + 2):
        out = c.dispatch(ch.RunRound())
        said += [a.text for a in out.alerts]
    e = c.state.chase.evasion
    assert e.rounds == limit + 2 and c.state.chase.active
    assert not e.exhausted
    assert not any("exhausted" in t for t in said), said
    assert not c.state.chase.winded
    assert e.gap == 2000 - (limit + 2) * c.state.rules.chase.evasion.sea.closing_min


def test_a_round_at_sea_reads_as_the_ships(make):
    c = make("dyb-og-drager")
    c.dispatch(AddCharacter("A"))
    c.dispatch(ch.StartEvasion("sea", 120, 120, morale=12, gap=2000))
    c.dispatch(ch.RollEvasion(), [99])
    c.dispatch(ch.RunRound())
    line = last_entries(c.tail(1), c.timeline)[-1].text
    assert "running" not in line and "sea" in line, line
