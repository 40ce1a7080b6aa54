"""The engine: one ``decide`` and one ``evolve`` over all areas.

Every area registers its deciders and evolvers (``core/areas.py`` finds
them); the timeline kernel beside the engine (``core/timeline``) folds the
stored log with them: ``step``, undo and redo, rewind, corrections and time
travel (``Timeline.state_at``). Its names are re-exported here for the
callers that fold a log (tools, tests, the store's import).
"""

from __future__ import annotations

from ..i18n import _
from .clock_held import held
from .errors import Refused
from .events import Event
from .handlers import DECIDERS, EVOLVERS, Command
from .state import State
from .timeline.entries import Redo, Redone, Undo, Undone
from .timeline.fold import History, Timeline, as_now, check_correction, fold, replay, step

__all__ = ["History", "Redo", "Redone", "Timeline", "Undo", "Undone", "as_now",
           "check_correction", "decide", "evolve", "fold", "replay", "step"]


def decide(state: State, command: Command, dice) -> list[Event]:
    """Validate a GM intent against the state; return the facts it produces."""
    fn = DECIDERS.get(type(command))
    if fn is None:
        raise Refused(_("unknown action {name}").format(name=type(command).__name__))
    events = fn(state, command, dice)
    if why := held(state, command, lambda: _elapsed(state, events)):
        raise Refused(why)
    return events


def _elapsed(state: State, events: list[Event]) -> int:
    """The seconds ``events`` pass; a correction, undo or redo (the timeline's
    entries, not folded here) passes none of its own."""
    if not all(type(ev) in EVOLVERS for ev in events):
        return 0
    after = state
    for ev in events:
        after = evolve(after, ev)
    return after.clock - state.clock


def evolve(state: State, ev: Event) -> State:
    """Fold one domain event into the state. Pure: no dice, no clock."""
    return EVOLVERS[type(ev)](state, ev)
