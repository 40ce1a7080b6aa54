"""Light sources by kind and carrier: lit, doused, relit, burning down per turn."""

from __future__ import annotations

from msgspec.structs import replace

from ..supplies import rules as supplies
from ..errors import Refused
from ..limits import Carrier, Id, Key
from ..events import Event, event
from ..handlers import Command, decides, evolves
from ..invariants import invariant
from ..party import rules as party
from ..party.rules import CharacterRemoved, CharacterRenamed
from ..schema import seconds
from ..state import State
from ..validity import holds_for
from .model import Light
from ..timeflow import on_time


class LightSource(Command, frozen=True):
    kind: str
    by: str = ""


class DouseLight(Command, frozen=True):
    id: int


class RelightLight(Command, frozen=True):
    id: int


@event("light_lit", area="dungeon")
class LightLit(Event, frozen=True):
    kind: Key
    by: Carrier = ""


@event("light_doused", area="dungeon")
class LightDoused(Event, frozen=True):
    id: Id


@event("light_relit", area="dungeon")
class LightRelit(Event, frozen=True):
    id: Id


def _carrier(state: State, by: str) -> str:
    if not by:
        return ""
    return party.living_character(state, by, "carry no light").name


def _need_supply(state: State, kind_id: str) -> None:
    kind = state.rules.lights[kind_id]
    if kind.supply and state.supplies.count(kind.supply) < 1:
        name = state.rules.supplies[kind.supply]
        raise Refused(f"no {name.lower()} left to light a {kind.name.lower()} "
                      f"(add some with: supplies {kind.supply} N)")


@decides(LightSource)
def decide_light(state: State, cmd: LightSource, dice) -> list[Event]:
    if cmd.kind not in state.rules.lights:
        raise Refused(f"unknown light {cmd.kind!r}; this ruleset has: "
                      + ", ".join(state.rules.lights))
    ev = LightLit(cmd.kind, _carrier(state, cmd.by))
    lit_holds(state, ev)
    return [ev]


@holds_for(LightLit)
def lit_holds(state: State, ev: LightLit) -> None:
    """``light``: a kind of the ruleset, carried by a living member (or nobody),
    with the supply it burns."""
    if ev.kind not in state.rules.lights:
        raise Refused(f"unknown light {ev.kind!r}; this ruleset has: "
                      + ", ".join(state.rules.lights))
    if ev.by:
        _carrier(state, ev.by)
        party.named(state, ev.by)
    _need_supply(state, ev.kind)


def find(state: State, light_id: int) -> Light | None:
    return next((light for light in state.lights if light.id == light_id), None)


def _find(state: State, light_id: int) -> Light:
    light = find(state, light_id)
    if light is None:
        raise Refused(f"there is no light #{light_id}")
    return light


@decides(DouseLight)
def decide_douse(state: State, cmd: DouseLight, dice) -> list[Event]:
    ev = LightDoused(cmd.id)
    doused_holds(state, ev)
    return [ev]


@holds_for(LightDoused)
def doused_holds(state: State, ev: LightDoused) -> None:
    light = _find(state, ev.id)
    if not light.lit:
        raise Refused(f"light #{light.id} is not lit")


@decides(RelightLight)
def decide_relight(state: State, cmd: RelightLight, dice) -> list[Event]:
    ev = LightRelit(cmd.id)
    relit_holds(state, ev)
    return [ev]


@holds_for(LightRelit)
def relit_holds(state: State, ev: LightRelit) -> None:
    light = _find(state, ev.id)
    kind = state.rules.lights.get(light.kind)
    if light.lit:
        raise Refused(f"light #{light.id} is already lit")
    if light.seconds_left <= 0:
        if kind is None or not kind.refuel:
            raise Refused(f"light #{light.id} is spent and cannot be refilled; light a new one")
        _need_supply(state, light.kind)


@evolves(LightLit)
def evolve_lit(state: State, ev: LightLit) -> State:
    kind = state.rules.lights.get(ev.kind)
    if kind is None:
        raise Refused(f"{state.rules.meta.name} has no light {ev.kind!r}")
    light = Light(state.next_id, ev.kind, ev.by, seconds(state.rules, kind.duration))
    sup = supplies.take(state, kind.supply) if kind.supply else state.supplies
    return replace(state, lights=state.lights + (light,), next_id=state.next_id + 1,
                   supplies=sup)


def _swap(state: State, new: Light) -> tuple[Light, ...]:
    return tuple(new if l.id == new.id else l for l in state.lights)


@evolves(LightDoused)
def evolve_doused(state: State, ev: LightDoused) -> State:
    light = _find(state, ev.id)
    return replace(state, lights=_swap(state, replace(light, lit=False)))


@evolves(LightRelit)
def evolve_relit(state: State, ev: LightRelit) -> State:
    light = _find(state, ev.id)
    if light.seconds_left > 0:
        return replace(state, lights=_swap(state, replace(light, lit=True)))
    kind = state.rules.lights.get(light.kind)  # refuelled with a new flask
    if kind is None or not kind.refuel:
        raise Refused(f"light #{light.id} is spent and cannot be refilled")
    new = replace(light, lit=True, seconds_left=seconds(state.rules, kind.duration))
    sup = supplies.take(state, kind.supply) if kind.supply else state.supplies
    return replace(state, lights=_swap(state, new), supplies=sup)


def burn(lights: tuple[Light, ...], elapsed: int) -> tuple[Light, ...]:
    """Every lit light loses ``elapsed`` seconds; a spent one goes out."""
    for l in lights:  # a loop, not any(): replay calls this on every turn
        if l.lit:
            break
    else:
        return lights
    out = []
    for l in lights:
        if l.lit:
            left = max(0, l.seconds_left - elapsed)
            l = Light(l.id, l.kind, l.by, left, left > 0)
        out.append(l)
    return tuple(out)


@on_time(when="lights")
def _burn(state: State, elapsed: int, clock: int, burning: bool, changes: dict) -> None:
    if burning:
        changes["lights"] = burn(changes.get("lights", state.lights), elapsed)


def rename_carrier(lights: tuple[Light, ...], old: str, new: str) -> tuple[Light, ...]:
    return tuple(replace(l, by=new) if l.by == old else l for l in lights)


# lights react to the party's events: a carrier renamed, or gone
@evolves(CharacterRenamed)
def _carrier_renamed(state: State, ev: CharacterRenamed) -> State:
    return replace(state, lights=rename_carrier(state.lights, ev.old, ev.new))


@evolves(CharacterRemoved)
def _carrier_removed(state: State, ev: CharacterRemoved) -> State:
    return replace(state, lights=rename_carrier(state.lights, ev.name, ""))


@invariant
def _lights_hold(state: State):
    names = {c.name for c in state.party}
    for l in state.lights:
        if l.kind not in state.rules.lights:
            yield f"keep a light of kind {l.kind!r}, which this ruleset lacks"
        if l.by and l.by not in names:
            yield f"give light #{l.id} to {l.by}, who is not in the party"
