"""How the table's entries read in the log."""

from __future__ import annotations

from ...i18n import _
from ..events import describes
from .rules import EntryRevealed, PlayersHpSet


@describes(EntryRevealed)
def _describe_revealed(ev: EntryRevealed, rules) -> str:
    return _("Told the table entry #{seq}").format(seq=ev.seq)


@describes(PlayersHpSet)
def _describe_players_hp(ev: PlayersHpSet, rules) -> str:
    if ev.shown == "bands":
        return _("The players now see hit points as bands (wounded, ...)")
    return _("The players now see hit points exactly (5/7)")
