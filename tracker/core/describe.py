"""One line of plain text for each event, for the log in the CLI and the app.

Each area registers how its events read (``@describes`` in core/events.py);
this module only holds the shared pieces.
"""

from __future__ import annotations

from ..i18n import _
from ..i18n import dice as dice_letters
from . import dice
from .events import DESCRIBED_WITH_BEFORE, DESCRIBED_WITH_STATE, DESCRIBERS, Event


def roll_text(r: dice.Roll) -> str:
    """A recorded roll as the GM reads it: ``1d6=[4]``, ``2d6=[3,5]=8``, with
    the die in the language's letter (``1t6``, ``1к6``)."""
    faces = ",".join(map(str, r.dice))
    typed = " " + _("typed") if r.typed else ""
    return f"{dice_letters(r.expr)}=[{faces}]{'' if len(r.dice) == 1 and r.total == r.dice[0] else f'={r.total}'}{typed}"


def describe(ev: Event, rules, state=None, before=None) -> str:
    """The entry's text under ``rules`` (the ruleset in force at that entry);
    ``state``, where at hand, as it stood after the entry, ``before`` just
    before it."""
    fn = DESCRIBERS.get(type(ev))
    if fn is None:
        return ev.TYPE.replace("_", " ")
    if type(ev) in DESCRIBED_WITH_BEFORE:
        return fn(ev, rules, state, before)
    return fn(ev, rules, state) if type(ev) in DESCRIBED_WITH_STATE else fn(ev, rules)
