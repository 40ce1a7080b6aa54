"""The campaign's state: immutable msgspec Structs, replaced whole, never mutated.

``gc=False``: a state is a tree built bottom-up and never refers back to
itself, so it cannot be part of a reference cycle; leaving it out of the
cyclic garbage collector makes replay about 15% faster (docs/performance.md)."""

from __future__ import annotations

import msgspec

from .dice import Roll
from .ruleset import LoadedRuleset


class Character(msgspec.Struct, frozen=True, gc=False):
    id: int
    name: str
    level: int = 1
    cls: str = ""  # class id in the ruleset; "" for a classless hireling
    abilities: dict[str, int] = {}
    hp: int = 0
    hp_max: int = 0  # 0: hit points not tracked
    ac: int = 0
    xp: int = 0
    conditions: tuple[str, ...] = ()
    exhaustion: int = 0
    load: int = 0  # coins of weight carried
    dead: bool = False  # killed outright (massive damage)


class Light(msgspec.Struct, frozen=True, gc=False):
    id: int
    kind: str
    by: str  # carrier's name, "" for none
    seconds_left: int
    lit: bool = True


class Check(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """A wandering-monster check; whether it is an encounter is derived."""

    turn: int
    roll: Roll
    chance: str
    encounter: bool
    scheduled: bool = True
    distance_ft: int | None = None
    surprise_party: bool | None = None
    surprise_monsters: bool | None = None


class Effect(msgspec.Struct, frozen=True, gc=False):
    id: int
    name: str
    started: int  # clock seconds
    ends: int


class RationBatch(msgspec.Struct, frozen=True, gc=False):
    kind: str
    count: int
    exposed: int = 0  # seconds spent in a dungeon, for spoilage


class Supplies(msgspec.Struct, frozen=True, gc=False):
    stock: dict[str, int] = {}  # non-ration supplies (torches, oil, ...)
    rations: tuple[RationBatch, ...] = ()
    spoiled: int = 0
    eaten: int = 0
    missed_meals: int = 0

    def count(self, kind: str) -> int:
        if kind in self.stock:
            return self.stock[kind]
        return sum(b.count for b in self.rations if b.kind == kind)


class Dungeon(msgspec.Struct, frozen=True, gc=False):
    active: bool = False
    name: str = ""
    depth: int = 1
    turn: int = 0  # turns taken in the current delve
    turns_since_rest: int = 0
    penalty: int = 0  # rest penalty (0, -1, ...)
    checks: tuple[Check, ...] = ()
    last_hasty_exit: tuple["ExitResult", ...] = ()


class ExitResult(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    name: str
    roll: Roll
    target: int
    modifier: int
    saved: bool
    doom: Roll | None = None
    fate: str = ""


class Raw(msgspec.Struct, frozen=True, gc=False):
    """An event as stored (type, schema version, JSON data), kept undecoded."""

    type: str
    version: int
    data: str


class CommandRef(msgspec.Struct, frozen=True, gc=False):
    """A command's place in the log: enough for undo and redo by time travel."""

    id: str
    first_seq: int
    last_seq: int
    label: str


class State(msgspec.Struct, frozen=True, gc=False):
    ruleset: LoadedRuleset
    name: str = ""
    seed: int = 0
    manual_dice: bool = False
    clock: int = 0
    session: int = 0
    in_session: bool = False
    party: tuple[Character, ...] = ()
    dungeon: Dungeon = Dungeon()
    lights: tuple[Light, ...] = ()
    effects: tuple[Effect, ...] = ()
    supplies: Supplies = Supplies()
    notes: int = 0
    next_id: int = 1
    last_done: CommandRef | None = None
    redo: tuple[CommandRef, ...] = ()
    corrections: dict[int, tuple[Raw, ...]] = {}  # entry seq -> events standing in for it

    @property
    def rules(self):
        return self.ruleset.rules

    def character(self, name: str) -> Character | None:
        key = name.casefold()
        return next((c for c in self.party if c.name.casefold() == key), None)

    def light(self, light_id: int) -> Light | None:
        return next((l for l in self.lights if l.id == light_id), None)
