"""How the table's entries read in the log."""

from __future__ import annotations

from ..events import describes
from .rules import EntryRevealed, PlayersHpSet, _as


@describes(EntryRevealed)
def _describe_revealed(ev: EntryRevealed, rules) -> str:
    return f"Told the table entry #{ev.seq}"


@describes(PlayersHpSet)
def _describe_players_hp(ev: PlayersHpSet, rules) -> str:
    return f"The players now see hit points {_as(ev.shown)}"
