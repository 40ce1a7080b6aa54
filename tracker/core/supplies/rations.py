"""Which rations go first: eaten closest to spoiling first, and when a kind
spoils; used by the daily meal (rules.py) and by malnutrition's day-by-day
count (hunger.py), which would otherwise import each other."""

from __future__ import annotations

from msgspec.structs import replace

from ..schema import seconds
from ..state import State
from .model import RationBatch, Supplies


def spoil_after(state: State, kind: str) -> int | None:
    """How long rations of ``kind`` last underground (None: they keep)."""
    return spoil_limits(state.rules).get(kind)


# the limits of the last ruleset asked, with the ruleset itself (immutable, and
# held here: no other object can take its id); replay asks per batch per turn,
# and parsing "N turns" each time cost more than the spoiling
_LIMITS: list[tuple[object, dict[str, int]]] = [(None, {})]


def spoil_limits(rules) -> dict[str, int]:
    """Each ration kind that spoils underground -> its limit in seconds."""
    known = _LIMITS[0]
    if known[0] is not rules:
        known = _LIMITS[0] = (rules, {kid: seconds(rules, k.spoils_in_dungeon)
                                      for kid, k in rules.rations.kinds.items()
                                      if k.spoils_in_dungeon})
    return known[1]


def eat(state: State, meals: int) -> Supplies:
    """Eat ``meals`` rations, the ones closest to spoiling first."""
    s = state.supplies
    if meals <= 0:
        return s
    big = 1 << 62

    def urgency(b: RationBatch) -> int:
        limit = spoil_after(state, b.kind)
        return big if limit is None else limit - b.exposed

    batches = sorted(s.rations, key=urgency)
    left = meals
    out = []
    for b in batches:
        take_n = min(left, b.count)
        left -= take_n
        if b.count - take_n:
            out.append(replace(b, count=b.count - take_n))
    return replace(s, rations=tuple(out), eaten=s.eaten + meals - left,
                   missed_meals=s.missed_meals + left)
