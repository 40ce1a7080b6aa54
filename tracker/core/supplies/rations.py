"""Which rations go first: eaten closest to spoiling first, and when a kind
spoils; used by the daily meal (rules.py) and by malnutrition's day-by-day
count (hunger.py), which would otherwise import each other."""

from __future__ import annotations

from operator import attrgetter

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


def exposure(s: Supplies, b: RationBatch, clock: int) -> int:
    """Seconds batch ``b`` of ``s`` has spent underground by ``clock``."""
    if s.aging_since is not None and b.kind in s.aging:
        return b.exposed + clock - s.aging_since
    return b.exposed


def settled(s: Supplies, clock: int, rules=None) -> Supplies:
    """``s`` with each batch's exposure counted up to ``clock``, aging from
    there the kinds that spoil underground under ``rules`` (None: aging stops,
    the party is out of the dungeon)."""
    rations = s.rations
    if s.aging_since is not None and clock != s.aging_since:
        gone = clock - s.aging_since
        rations = tuple(replace(b, exposed=b.exposed + gone) if b.kind in s.aging else b
                        for b in rations)
    if rules is None:
        return replace(s, rations=rations, aging_since=None, aging=())
    return replace(s, rations=rations, aging_since=clock, aging=tuple(spoil_limits(rules)))


def spoils_at(s: Supplies, rules) -> int | None:
    """The clock at which the first batch spoils, the party staying underground."""
    if s.aging_since is None:
        return None
    limits = spoil_limits(rules)
    return min((s.aging_since + limits[b.kind] - b.exposed for b in s.rations
                if b.kind in s.aging and b.kind in limits), default=None)


def eat(state: State, meals: int) -> Supplies:
    """Eat ``meals`` rations, the ones closest to spoiling first."""
    return eat_from(state.supplies, state.clock, state.rules, meals)


_COUNT = attrgetter("count")


def eat_from(s: Supplies, now: int, rules, meals: int) -> Supplies:
    """``eat`` of supplies ``s`` at clock ``now`` under ``rules`` (malnutrition's
    day-by-day count eats from supplies it has not put in a state yet)."""
    if meals <= 0:
        return s
    limits = spoil_limits(rules)
    batches = s.rations
    # no kind spoils (no limits): every urgency is the same, and the stable sort
    # would keep the order; it is skipped (every day's meal eats)
    if limits and len(batches) > 1:
        big = 1 << 62

        def urgency(b: RationBatch) -> int:
            limit = limits.get(b.kind)
            return big if limit is None else limit - exposure(s, b, now)

        batches = sorted(batches, key=urgency)
    first = batches[0] if batches else None
    if first is not None and first.count >= meals:
        # the first batch holds the whole meal (most days): as the loop below,
        # taken from it, every later batch kept as it is where each has a
        # positive count (their least found in C, no bytecode a batch)
        rest = batches[1:]
        if not rest or min(map(_COUNT, rest)) > 0:
            n = first.count - meals
            return replace(s, rations=((replace(first, count=n),) if n else ()) + tuple(rest),
                           eaten=s.eaten + meals, missed_meals=s.missed_meals)
    left = meals
    out = []
    kept = False  # whether the batches after the meal were tested
    for i, b in enumerate(batches):
        n = b.count
        if not left and n > 0:  # the meal is eaten: the batch stays as it was
            if not kept:
                # and so does every later one, where each has a positive count
                # (the least found in C, no bytecode a batch): most meals
                kept, rest = True, batches[i:]
                if min(map(_COUNT, rest)) > 0:
                    out.extend(rest)
                    break
            out.append(b)
            continue
        take_n = left if left < n else n  # min(left, n), without a call per batch
        left -= take_n
        if n - take_n:
            out.append(replace(b, count=n - take_n))
    return replace(s, rations=tuple(out), eaten=s.eaten + meals - left,
                   missed_meals=s.missed_meals + left)
