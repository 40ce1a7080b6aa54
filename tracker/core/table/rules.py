"""Revealing a secret entry to the players, and how they see hit points."""

from __future__ import annotations

from typing import Literal

from msgspec.structs import replace

from ..errors import Refused
from ..events import Event, event
from ..handlers import Command, decides, evolves
from ..limits import Seq
from ..state import State


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
    if cmd.seq < 1:
        raise Refused("reveal names an entry by its number, 1 or more")
    if cmd.seq in state.table.told:
        raise Refused(f"entry #{cmd.seq} is already told to the table")
    return [EntryRevealed(cmd.seq)]


@decides(SetPlayersHp)
def decide_players_hp(state: State, cmd: SetPlayersHp, dice) -> list[Event]:
    if cmd.shown not in ("bands", "exact"):
        raise Refused(f"players see hit points as bands or exact, not {cmd.shown!r}")
    if state.table.hp == cmd.shown:
        raise Refused(f"the players already see hit points {_as(cmd.shown)}")
    return [PlayersHpSet(cmd.shown)]


def _as(shown: str) -> str:
    return "as bands (wounded, ...)" if shown == "bands" else "exactly (5/7)"


@evolves(EntryRevealed)
def evolve_revealed(state: State, ev: EntryRevealed) -> State:
    return replace(state, table=replace(state.table, told=state.table.told | {ev.seq}))


@evolves(PlayersHpSet)
def evolve_players_hp(state: State, ev: PlayersHpSet) -> State:
    return replace(state, table=replace(state.table, hp=ev.shown))
