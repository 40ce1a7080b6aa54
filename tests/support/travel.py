"""Travel helpers the travel test modules share: a party on the road, a day
with typed dice, the two-sided z of a rate, and a journey played from random
commands for the property tests."""

from __future__ import annotations

import math

from area_checks import SETTINGS, play
from tracker.core import travel as tr
from tracker.core.party import AddCharacter
from tracker.core.supplies import SetSupplies
from tracker.core.view import state_json

RATIONS = {"dyb-og-drager": "standard", "dolmenwood": "preserved", "dnd-2024": "rations"}
DND_PARTY = (("Ana", "fighter", (16, 14, 15, 10, 12, 8)), ("Bo", "rogue", (10, 17, 12, 13, 14, 14)))
PROPS = SETTINGS  # a journey's property tests run on the same budget as every area's


def road(make, rid, terrain="clear", route="", rations=10, name="c"):
    """A party of two on the road in ``terrain``."""
    c = make(rid, name)
    if rid == "dnd-2024":
        for n, cls, ab in DND_PARTY:
            c.dispatch(AddCharacter(n, cls, abilities=ab))
    else:
        c.dispatch(AddCharacter("Ana"))
        c.dispatch(AddCharacter("Bo"))
    c.dispatch(SetSupplies(RATIONS[rid], rations))
    c.dispatch(tr.SetTerrain(terrain, route))
    return c


def day(c, *dice, **kw):
    return c.dispatch(tr.TravelDay(**kw), list(dice) if dice else None)


def last(c):
    return c.state.travel.days[-1]


def js(c):
    return state_json(c.state, c.seq)["travel"]


def z_score(p_hat: float, p: float, n: int) -> float:
    """How many standard errors a seen rate ``p_hat`` of ``n`` trials is from ``p``."""
    return (p_hat - p) / math.sqrt(p * (1 - p) / n)


def play_journey(rid, seed, commands):
    """A campaign on ``rid`` with Ana, then ``commands`` (refused ones skipped)."""
    return play(rid, seed, [AddCharacter("Ana"), *commands])
