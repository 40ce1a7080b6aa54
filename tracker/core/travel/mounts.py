"""Riding and flying: the party mounts animals (or takes wing) and dismounts.

Dyb & Drager: everyone riding goes at the mounts' rate (the GM enters it where
the data has none); flying doubles the day, terrain ignored. D&D 2024: a
mount's doubled hour (``travel --gallop``) until the next camp; fliers may go
Fast over any terrain. The day's rate, flying and gallop are written into each
``Travelled`` event, so replay never reads the mount from the state.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta
from msgspec.structs import replace

from ...i18n import _
from ..errors import Refused
from ..events import Event, event
from ..handlers import Command, decides, evolves
from ..party import rules as party
from ..state import State
from ..validity import holds_for
from . import holds
from .status import pace_model, rules_of

Rate = Annotated[int, Meta(ge=0, le=10_000)]
AnimalName = Annotated[str, Meta(max_length=40)]


class Mount(Command, frozen=True):
    animal: str
    rate: int = 0  # feet (speed model), where the data gives the animal none
    flying: bool = False


class Dismount(Command, frozen=True):
    pass


@event("party_mounted", area="travel")
class Mounted(Event, frozen=True):
    animal: AnimalName
    rate: Rate = 0
    flying: bool = False


@event("party_dismounted", area="travel")
class Dismounted(Event, frozen=True):
    pass


mounted_holds = holds_for(Mounted)(holds.mounted_holds)


def animal_name(t, animal: str) -> str:
    a = t.mounts.animals.get(animal) if t.mounts else None
    return a.name if a else animal


@decides(Mount)
def decide_mount(state: State, cmd: Mount, dice) -> list[Event]:
    t = rules_of(state)
    animal = cmd.animal.strip()
    if pace_model(t):
        ev = Mounted(animal, cmd.rate, cmd.flying)
    else:
        known = t.mounts.animals if t.mounts else {}
        ev = Mounted(animal, cmd.rate or (known[animal].speed if animal in known else 0),
                     cmd.flying)
    mounted_holds(state, ev)
    return [ev]


@holds_for(Dismounted)
def dismounted_holds(state: State, ev: Dismounted) -> None:
    """``dismount``: the party is riding."""
    rules_of(state)
    if not state.travel.mount:
        raise Refused(_("the party is not riding"))


@decides(Dismount)
def decide_dismount(state: State, cmd: Dismount, dice) -> list[Event]:
    ev = Dismounted()
    dismounted_holds(state, ev)
    return [ev]


@evolves(Mounted)
def evolve_mounted(state: State, ev: Mounted) -> State:
    return replace(state, travel=replace(state.travel, mount=ev.animal, mount_rate=ev.rate,
                                         flying=ev.flying))


@evolves(Dismounted)
def evolve_dismounted(state: State, ev: Dismounted) -> State:
    return replace(state, travel=replace(state.travel, mount="", mount_rate=0, flying=False,
                                         gallop_used=False))


@evolves(party.ShortRested, when="travel.gallop_used")
@evolves(party.LongRested, when="travel.gallop_used")
def evolve_rested_mounts(state: State, ev) -> State:
    """A Short or Long Rest rests the mounts too: their doubled hour may be
    ridden again (D&D 2024, the pace model's only user of it)."""
    return replace(state, travel=replace(state.travel, gallop_used=False))
