"""One line of plain text for each event, for the log in the CLI and the app.

Each area registers how its events read (``@describes`` in core/events.py);
this module only holds the shared pieces.
"""

from __future__ import annotations

from . import dice
from .events import DESCRIBERS, Event


def roll_text(r: dice.Roll) -> str:
    faces = ",".join(map(str, r.dice))
    typed = " typed" if r.typed else ""
    return f"{r.expr}=[{faces}]{'' if len(r.dice) == 1 and r.total == r.dice[0] else f'={r.total}'}{typed}"


def describe(ev: Event, rules) -> str:
    """The entry's text under ``rules`` (the ruleset in force at that entry)."""
    fn = DESCRIBERS.get(type(ev))
    return fn(ev, rules) if fn is not None else ev.TYPE.replace("_", " ")
