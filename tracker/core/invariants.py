"""What must hold of every state, whatever the log says.

Deciders only produce events that keep these true; a correction or an
import can name anything, so before one of those is written the states it
leads to are checked here. Each area registers its own checks.
"""

from __future__ import annotations

from typing import Callable, Iterator

from ..i18n import _
from .state import State

Check = Callable[[State], Iterator[str]]
CHECKS: list[Check] = []


def invariant(fn: Check) -> Check:
    """Register ``fn(state)``, which yields a sentence for each thing wrong."""
    CHECKS.append(fn)
    return fn


def problems(state: State) -> list[str]:
    return [p for check in CHECKS for p in check(state)]


@invariant
def _clock(state: State) -> Iterator[str]:
    if state.clock < 0:
        yield _("move the clock before the campaign began")
    if state.next_id > 1_000_000_000:
        yield _("number more things than a campaign can hold")
