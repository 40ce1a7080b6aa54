"""What every area's property tests check of a played campaign, in one place:
it replays to the same state, reopens the same, and undo then redo restores it."""

from __future__ import annotations

from tracker.core.errors import Refused
from tracker.service import Campaign


def undo_then_redo_restores(c: Campaign) -> None:
    before = c.state
    try:
        c.undo()
    except Refused:
        return  # nothing to undo
    c.redo()
    assert c.state == before
    c.close()


def reopens_and_replays_the_same(c: Campaign, saves, replay, name: str = "p") -> None:
    reopened = Campaign.open(saves, name)
    assert reopened.state == c.state == replay(list(c.store.read()))
    reopened.close(), c.close()
