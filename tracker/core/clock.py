"""Views of the one campaign clock (seconds since the campaign began)."""

from __future__ import annotations

from ..i18n import _, ngettext
from .ruleset import Ruleset


def absolute(rules: Ruleset, clock: int) -> int:
    """Seconds since midnight of day 1."""
    return rules.time.start_hour * rules.time.hour_seconds + clock


def day(rules: Ruleset, clock: int) -> int:
    """The in-game day, counted from 1."""
    return absolute(rules, clock) // rules.time.day_seconds + 1


def days_begun(rules: Ruleset, before: int, after: int) -> int:
    """How many new days begin between two clocks (replay asks on every turn:
    one subtraction, not two calls of ``day``)."""
    start, length = rules.time.start_hour * rules.time.hour_seconds, rules.time.day_seconds
    return (start + after) // length - (start + before) // length


def time_of_day(rules: Ruleset, clock: int) -> str:
    s = absolute(rules, clock) % rules.time.day_seconds
    return f"{s // 3600:02d}:{s % 3600 // 60:02d}"


def stamp(rules: Ruleset, clock: int) -> str:
    return _("Day {day}, {time}").format(day=day(rules, clock), time=time_of_day(rules, clock))


def turns(rules: Ruleset, seconds: int) -> int:
    """Whole turns in ``seconds``, rounding up (a light with 1 s left has 1 turn)."""
    t = rules.time.turn_seconds
    return -(-seconds // t)


def in_turns(rules: Ruleset, seconds: int) -> str:
    """Time left in the unit the table counts, as the lights show it: turns
    (rounded up), or rounds when less than a turn is left."""
    t = rules.time
    if 0 < seconds < t.turn_seconds:
        n = -(-seconds // t.round_seconds)
        return ngettext("{n} round", "{n} rounds", n).format(n=n)
    n = turns(rules, seconds)
    return ngettext("{n} turn", "{n} turns", n).format(n=n)


def span(rules: Ruleset, seconds: int) -> str:
    """A duration for people: '3 turns', '1 h 20 min', '2 days 4 h'."""
    if seconds <= 0:  # a bare "0" says no unit (gm-review7 C8)
        return _("{n} min").format(n=0)
    t = rules.time
    if seconds < t.hour_seconds and seconds % t.turn_seconds == 0:
        n = seconds // t.turn_seconds
        return ngettext("{n} turn", "{n} turns", n).format(n=n)
    d, rest = divmod(seconds, t.day_seconds)
    h, rest = divmod(rest, t.hour_seconds)
    m = rest // 60
    parts = [ngettext("{n} day", "{n} days", d).format(n=d) if d else "",
             _("{n} h").format(n=h) if h else "", _("{n} min").format(n=m) if m else ""]
    return " ".join(p for p in parts if p) or _("{n} s").format(n=seconds)


def counted(unit: str, n: int) -> str:
    """``n`` of a unit as the GM gave it ("70 rounds", "10 turns"), not converted."""
    forms = {
        "round": lambda: ngettext("{n} round", "{n} rounds", n),
        "turn": lambda: ngettext("{n} turn", "{n} turns", n),
        "second": lambda: ngettext("{n} second", "{n} seconds", n),
        "minute": lambda: ngettext("{n} minute", "{n} minutes", n),
        "hour": lambda: ngettext("{n} hour", "{n} hours", n),
        "day": lambda: ngettext("{n} day", "{n} days", n),
        "week": lambda: ngettext("{n} week", "{n} weeks", n),
    }
    return forms[unit]().format(n=n)
