"""Revealing a secret entry to the players, and how they see hit points."""

from __future__ import annotations

from typing import Literal

from msgspec.structs import replace

from ...i18n import _
from ..errors import Refused
from ..events import Event, event
from ..handlers import Command, decides, evolves
from ..limits import Seq
from ..state import State
from ..validity import holds_for


class Reveal(Command, frozen=True):
    """Tell the table what entry ``seq`` kept from them. Built by
    ``Campaign.reveal_command``, which checks the entry holds a secret."""

    seq: int


class SetPlayersHp(Command, frozen=True):
    shown: str  # "bands" or "exact"


@event("entry_revealed", area="table")
class EntryRevealed(Event, frozen=True):
    seq: Seq


@event("players_hp_set", area="table")
class PlayersHpSet(Event, frozen=True):
    shown: Literal["bands", "exact"]


@decides(Reveal)
def decide_reveal(state: State, cmd: Reveal, dice) -> list[Event]:
    ev = EntryRevealed(cmd.seq)
    revealed_holds(state, ev)
    return [ev]


@holds_for(EntryRevealed)
def revealed_holds(state: State, ev: EntryRevealed) -> None:
    """``reveal``: an entry by its number, not told yet (that it holds a secret
    is the service's to check: it reads the entry)."""
    if ev.seq < 1:
        raise Refused(_("reveal names an entry by its number, 1 or more"))
    if ev.seq in state.table.told:
        raise Refused(_("entry #{seq} is already told to the table").format(seq=ev.seq))


@decides(SetPlayersHp)
def decide_players_hp(state: State, cmd: SetPlayersHp, dice) -> list[Event]:
    ev = PlayersHpSet(cmd.shown)
    players_hp_holds(state, ev)
    return [ev]


@holds_for(PlayersHpSet)
def players_hp_holds(state: State, ev: PlayersHpSet) -> None:
    if ev.shown not in ("bands", "exact"):
        raise Refused(_("players see hit points as bands or exact, not {shown}").format(
            shown=repr(ev.shown)))
    if state.table.hp == ev.shown:
        raise Refused(_("the players already see hit points as bands (wounded, ...)")
                      if ev.shown == "bands" else
                      _("the players already see hit points exactly (5/7)"))


@evolves(EntryRevealed)
def evolve_revealed(state: State, ev: EntryRevealed) -> State:
    return replace(state, table=replace(state.table, told=state.table.told | {ev.seq}))


@evolves(PlayersHpSet)
def evolve_players_hp(state: State, ev: PlayersHpSet) -> State:
    return replace(state, table=replace(state.table, hp=ev.shown))
