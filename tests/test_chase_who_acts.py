"""Who may still act in a D&D 2024 chase, on every path (core, CLI, app):
nobody at 0 HP (dying or stable: unconscious, carried, not running) joins or
runs; nothing joins a chase that stands over until the GM ends it; and the
refusal names how it stands over as the alert did ("gave up", not "in")."""

from __future__ import annotations

import pytest

from tracker.core import chase as ch
from tracker.core.errors import Refused
from tracker.core.party import AddCharacter
from tracker.core.party.rules import Damage

ROGUE = (10, 16, 14, 12, 14, 10)


def chase_with(make):
    c = make("dnd-2024")
    c.dispatch(AddCharacter("Ana", "rogue", 1, ROGUE))
    c.dispatch(AddCharacter("Pip", "rogue", 1, ROGUE))
    c.dispatch(ch.StartChase("urban", 30))
    return c


def test_a_dying_character_does_not_join(make):
    c = chase_with(make)
    pip = next(x for x in c.state.party if x.name == "Pip")
    c.dispatch(Damage("Pip", pip.hp))  # to 0 HP, not past it (that would kill outright)
    with pytest.raises(Refused, match="Pip is dying at 0 HP and takes no chase actions"):
        c.dispatch(ch.JoinChase("Pip"), [10])
    c.dispatch(ch.JoinChase("Ana"), [10])  # the one still standing does


def test_nothing_joins_a_chase_its_pursuers_gave_up(make):
    c = chase_with(make)
    c.dispatch(ch.JoinChase("Ana"), [20])
    c.dispatch(ch.JoinChase("Orc", "pursuer", speed=30), [5])
    text = " ".join(a.text for a in c.dispatch(ch.LeaveChase("Orc")).alerts)
    assert "The chase is over (gave up): end it" in text, text
    with pytest.raises(Refused, match=r"the chase is over \(gave up\): end it"):
        c.dispatch(ch.JoinChase("Boss", "pursuer", speed=30), [5])
    with pytest.raises(Refused, match=r"the chase is over \(gave up\): end it"):
        c.dispatch(ch.TakeTurn(None, False))
