"""The party: add, rename and remove characters (later issues deepen it)."""

from __future__ import annotations

import re

from msgspec.structs import replace

from .errors import Refused
from .events import Event, event, upcaster
from .handlers import Command, decides, evolves
from .lights import rename_carrier
from .state import Character, State

_NAME = re.compile(r"^[^\x00-\x1f]{1,40}$")


class AddCharacter(Command, frozen=True):
    name: str
    level: int = 1


class RenameCharacter(Command, frozen=True):
    old: str
    new: str


class RemoveCharacter(Command, frozen=True):
    name: str


@event("character_added", version=2)
class CharacterAdded(Event, frozen=True):
    name: str
    level: int = 1


@upcaster("character_added", 1)
def _character_added_v1(data: dict) -> dict:
    """Version 1 had no level: everyone started at level 1."""
    return {**data, "level": 1}


@event("character_renamed")
class CharacterRenamed(Event, frozen=True):
    old: str
    new: str


@event("character_removed")
class CharacterRemoved(Event, frozen=True):
    name: str


def _check_name(state: State, name: str, ignore: str = "") -> str:
    name = name.strip()
    if not _NAME.match(name):
        raise Refused("a character name needs 1 to 40 printable characters")
    other = state.character(name)
    if other is not None and other.name.casefold() != ignore.casefold():
        raise Refused(f"{other.name} is already in the party")
    return name


def _member(state: State, name: str):
    c = state.character(name)
    if c is None:
        names = ", ".join(ch.name for ch in state.party) or "nobody yet"
        raise Refused(f"{name!r} is not in the party (party: {names})")
    return c


@decides(AddCharacter)
def decide_add(state: State, cmd: AddCharacter, dice) -> list[Event]:
    name = _check_name(state, cmd.name)
    if not 1 <= cmd.level <= 99:
        raise Refused("level must be 1 or more")
    return [CharacterAdded(name, cmd.level)]


@decides(RenameCharacter)
def decide_rename(state: State, cmd: RenameCharacter, dice) -> list[Event]:
    c = _member(state, cmd.old)
    new = _check_name(state, cmd.new, ignore=c.name)
    if new == c.name:
        raise Refused(f"{c.name} already has that name")
    return [CharacterRenamed(c.name, new)]


@decides(RemoveCharacter)
def decide_remove(state: State, cmd: RemoveCharacter, dice) -> list[Event]:
    return [CharacterRemoved(_member(state, cmd.name).name)]


@evolves(CharacterAdded)
def evolve_added(state: State, ev: CharacterAdded) -> State:
    c = Character(state.next_id, ev.name, ev.level)
    return replace(state, party=state.party + (c,), next_id=state.next_id + 1)


@evolves(CharacterRenamed)
def evolve_renamed(state: State, ev: CharacterRenamed) -> State:
    party = tuple(replace(c, name=ev.new) if c.name == ev.old else c for c in state.party)
    return replace(state, party=party, lights=rename_carrier(state.lights, ev.old, ev.new))


@evolves(CharacterRemoved)
def evolve_removed(state: State, ev: CharacterRemoved) -> State:
    party = tuple(c for c in state.party if c.name != ev.name)
    return replace(state, party=party, lights=rename_carrier(state.lights, ev.name, ""))
