"""A chase or an evasion holds the clock: its own commands move it (rounds,
a day of pursuit), and combat rounds may pass in the middle of it; any other
command that would pass time (downtime, bastion weeks, a dungeon turn, a
travel day, a rest) is refused until the GM ends it, so a forgotten chase
never runs on through days (5e2024 §6, osr.md §9)."""

from __future__ import annotations

from ...i18n import _
from ..clock_held import goes_elsewhere, holds_clock
from ..party.rules import AdvanceRounds
from ..state import State


@holds_clock
def _chase_holds_the_clock(state: State, command) -> str:
    ch = state.chase
    if not ch.active or isinstance(command, AdvanceRounds) or \
            type(command).__module__.startswith(__package__ + "."):
        return ""
    if goes_elsewhere(state, command):  # aboard another vessel, ashore
        if ch.evasion is not None:
            return _("an evasion is running: the party goes nowhere else until it ends; end it "
                     "first (end-chase, or x on the chase screen)")
        return _("a chase is running (round {n}): the party goes nowhere else until it ends; "
                 "end it first (end-chase, or x on the chase screen)").format(n=ch.round)
    if ch.evasion is not None:
        return _("an evasion is running: no other time passes until it ends; end it first "
                 "(end-chase, or x on the chase screen)")
    return _("a chase is running (round {n}): no other time passes until it ends; end it first "
             "(end-chase, or x on the chase screen)").format(n=ch.round)
