"""Light sources by kind and carrier: lit, doused, relit, burning down per turn."""

from __future__ import annotations

from msgspec.structs import replace

from ..supplies import rules as supplies
from ...i18n import _
from ..terms import known_words, term
from ..errors import Refused
from ..limits import Carrier, CharacterName, Id, Key
from ..events import Event, event, fields_added
from ..timeline.hooks import reschedules
from ..handlers import Command, decides, evolves
from ..invariants import invariant
from ..party import rules as party
from ..party.rules import CharacterRemoved, CharacterRenamed
from ..schema import seconds
from ..state import State
from ..validity import holds_for
from .model import Light, doused, relit
from ..timeflow import on_time


class LightSource(Command, frozen=True):
    kind: str
    by: str = ""


class DouseLight(Command, frozen=True):
    id: int


class RelightLight(Command, frozen=True):
    id: int


class TakeLight(Command, frozen=True):
    """``by`` picks up light ``id``: one dropped where its carrier fell, one
    set down, or one its carrier hands over (gm-review F13)."""

    id: int
    by: str


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


# new in gm-review F13 (version 1): no older log holds one, so every old
# campaign replays as before; an older tracker refuses a log with one as newer
@event("light_taken", version=2, area="dungeon")
class LightTaken(Event, frozen=True):
    id: Id
    by: CharacterName
    # version 2: the carrier it was taken from ("" where it lay set down), so
    # the entry names both (the log's character filter finds a handover under
    # either: known-issue 5); derived from the state, kept on schedule by
    # ``taken_on_schedule`` (older entries name the taker alone)
    from_by: Carrier = ""


fields_added("light_taken", 2, from_by="")


def _carrier(state: State, by: str) -> str:
    """A living member able to act (gm-review3 R9: not dying, unconscious,
    paralysed... as the ruleset's ``party.cannot_act`` says), or nobody."""
    if not by:
        return ""
    c = party.living_character(state, by, "carry no light")
    if cond := party.unable(state, c):
        raise Refused(_("{name} is {why} and cannot take up a light").format(
            name=c.name, why=party.unable_words(state, c, cond)))
    return c.name


def _need_supply(state: State, kind_id: str) -> None:
    kind = state.rules.lights[kind_id]
    if kind.supply and state.supplies.count(kind.supply) < 1:
        raise Refused(_("no {supply} left to light a {light} (add some with: supplies {id} N)")
                      .format(supply=term(state.rules, f"supplies.{kind.supply}").lower(),
                              light=term(state.rules, f"lights.{kind_id}").lower(),
                              id=kind.supply))


@decides(LightSource)
def decide_light(state: State, cmd: LightSource, dice) -> list[Event]:
    if cmd.kind not in state.rules.lights:
        raise Refused(_("unknown light {kind!r}; this ruleset has: {known}").format(
            kind=cmd.kind, known=known_words(state.rules, "lights", state.rules.lights)))
    ev = LightLit(cmd.kind, _carrier(state, cmd.by))
    lit_holds(state, ev)
    return [ev]


@holds_for(LightLit)
def lit_holds(state: State, ev: LightLit) -> None:
    """``light``: a kind of the ruleset, carried by a living member (or nobody),
    with the supply it burns."""
    if ev.kind not in state.rules.lights:
        raise Refused(_("unknown light {kind!r}; this ruleset has: {known}").format(
            kind=ev.kind, known=known_words(state.rules, "lights", state.rules.lights)))
    if ev.by:
        _carrier(state, ev.by)
        party.named(state, ev.by)
    _need_supply(state, ev.kind)


def find(state: State, light_id: int) -> Light | None:
    return next((light for light in state.lights if light.id == light_id), None)


def _find(state: State, light_id: int) -> Light:
    light = find(state, light_id)
    if light is None:
        raise Refused(_("there is no light #{id}").format(id=light_id))
    return light


@decides(DouseLight)
def decide_douse(state: State, cmd: DouseLight, dice) -> list[Event]:
    ev = LightDoused(cmd.id)
    doused_holds(state, ev)
    return [ev]


@holds_for(LightDoused)
def doused_holds(state: State, ev: LightDoused) -> None:
    """``douse``: a lit light, put out by the one who holds it, unless they
    cannot act (``party.cannot_act``); one dropped or set down, anyone may."""
    light = _find(state, ev.id)
    if not light.lit:
        raise Refused(_("light #{id} is not lit").format(id=light.id))
    holder = next((c for c in state.party if c.name == light.by), None)
    if holder is not None and not dropped_by(state, light) and (cond := party.unable(state, holder)):
        raise Refused(_("{name}, who holds light #{id}, is {why} and cannot douse it; "
                        "another can take it first (take-light)").format(
            name=holder.name, id=light.id, why=party.unable_words(state, holder, cond)))


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
        raise Refused(_("light #{id} is already lit").format(id=light.id))
    holder = next((c for c in state.party if c.name == light.by), None)
    if holder is not None and not dropped_by(state, light) and (cond := party.unable(state, holder)):
        raise Refused(_("{name}, who holds light #{id}, is {why} and cannot relight it; "
                        "another can take it first (take-light)").format(
            name=holder.name, id=light.id, why=party.unable_words(state, holder, cond)))
    if light.spent:
        if kind is None or not kind.refuel:
            raise Refused(_("light #{id} is spent and cannot be refilled; light a new one")
                          .format(id=light.id))
        _need_supply(state, light.kind)


@decides(TakeLight)
def decide_take(state: State, cmd: TakeLight, dice) -> list[Event]:
    if not cmd.by.strip():
        raise Refused(_("name who takes light #{id}").format(id=cmd.id))
    light = _find(state, cmd.id)
    ev = LightTaken(cmd.id, _carrier(state, cmd.by.strip()), light.by)
    taken_holds(state, ev)
    return [ev]


@reschedules(LightTaken)
def taken_on_schedule(state: State, ev: LightTaken, dice, planned=None) -> LightTaken:
    """A light taken after a correction before it (its lighting corrected to
    another carrier, say) is taken from the carrier the state now gives it.
    One naming nobody is left be: taken from the floor, or written before
    the field (version 1), which a correction does not rewrite."""
    if not ev.from_by:
        return ev
    light = find(state, ev.id)
    was = light.by if light is not None else ""
    return ev if ev.from_by == was or not was else replace(ev, from_by=was)


@holds_for(LightTaken)
def taken_holds(state: State, ev: LightTaken) -> None:
    """``take-light``: a light still there and of use (a spent one that
    cannot be refilled is left where it lies), taken by a living member who
    does not carry it already."""
    light = _find(state, ev.id)
    kind = state.rules.lights.get(light.kind)
    if light.spent and (kind is None or not kind.refuel):
        raise Refused(_("light #{id} is burnt out: nothing to take").format(id=light.id))
    _carrier(state, ev.by)
    party.named(state, ev.by)
    if light.by == ev.by and not dropped_by(state, light):
        raise Refused(_("{who} carries light #{id} already").format(who=ev.by, id=light.id))


@evolves(LightTaken)
def evolve_taken(state: State, ev: LightTaken) -> State:
    light = _find(state, ev.id)
    return replace(state, lights=_swap(state, replace(light, by=ev.by)))


@evolves(LightLit)
def evolve_lit(state: State, ev: LightLit) -> State:
    kind = state.rules.lights.get(ev.kind)
    if kind is None:
        raise Refused(_("{ruleset} has no light {kind!r}").format(ruleset=state.rules.meta.name,
                                                                   kind=ev.kind))
    light = Light(state.next_id, ev.kind, ev.by, 0, True,
                  state.clock + seconds(state.rules, kind.duration))
    sup = supplies.take(state, kind.supply) if kind.supply else state.supplies
    return replace(state, lights=state.lights + (light,), next_id=state.next_id + 1,
                   supplies=sup)


def _swap(state: State, new: Light) -> tuple[Light, ...]:
    return tuple(new if l.id == new.id else l for l in state.lights)


@evolves(LightDoused)
def evolve_doused(state: State, ev: LightDoused) -> State:
    light = _find(state, ev.id)
    return replace(state, lights=_swap(state, doused(light, state.clock)))


@evolves(LightRelit)
def evolve_relit(state: State, ev: LightRelit) -> State:
    light = _find(state, ev.id)
    if not light.spent:  # (a light still lit keeps its time: the same light)
        left = light.left(state.clock)
        return replace(state, lights=_swap(state, relit(light, state.clock, left)))
    kind = state.rules.lights.get(light.kind)  # refuelled with a new flask
    if kind is None or not kind.refuel:
        raise Refused(_("light #{id} is spent and cannot be refilled").format(id=light.id))
    new = relit(light, state.clock, seconds(state.rules, kind.duration))
    sup = supplies.take(state, kind.supply) if kind.supply else state.supplies
    return replace(state, lights=_swap(state, new), supplies=sup)


def burn(lights: tuple[Light, ...], clock: int, elapsed: int, burning: bool
         ) -> tuple[Light, ...]:
    """The lights once time has passed to ``clock``: each lit one whose time
    has come is spent; without ``burning`` (an entry written before lights burned outdoors) the lit ones'
    times move on by ``elapsed`` instead, and none goes out."""
    out = []
    for l in lights:
        if l.lit:
            if not burning:
                l = replace(l, burns_out_at=l.burns_out_at + elapsed)
            elif l.burns_out_at <= clock:
                l = replace(l, lit=False, left_unlit=0, burns_out_at=0)
        out.append(l)
    return tuple(out)


def next_out(lights: tuple[Light, ...], rules=None) -> int | None:
    """The clock at which the first lit light burns out (None: none is lit)."""
    return min((l.burns_out_at for l in lights if l.lit), default=None)


# passing time changes no light until the first lit one burns out (``due``),
# or time passes without burning while one is lit (``paused``: its time moves)
@on_time(when="lights", due=next_out, paused=True)
def _burn(state: State, elapsed: int, clock: int, burning: bool, changes: dict) -> None:
    changes["lights"] = burn(changes.get("lights", state.lights), clock, elapsed, burning)


def dropped_by(state: State, light: Light) -> str:
    """The carrier of ``light`` if they can no longer hold it ("" if not):
    dead (gm-review F13), or with a condition that drops what one holds, as
    at 0 HP in D&D 2024 (gm-review3 R9, ``party.drops_held``): the light lies
    where they fell and is no longer theirs. Derived from the party, so it
    follows undo, corrections, and a death or a fall taken back."""
    if not light.by:
        return ""
    c = next((c for c in state.party if c.name == light.by), None)
    return light.by if c is not None and party.drops_held(state, c) else ""


def held(state: State) -> tuple[Light, ...]:
    """The lights someone carries (``state.lights`` less those set down or
    dropped): what goes along when the party moves on."""
    return tuple(l for l in state.lights if l.by and not dropped_by(state, l))


def left_behind(state: State) -> State:
    """The party moves on (a day travelled, a day of flight): a light nobody
    holds stays where it lies, so it leaves the party's lights."""
    kept = held(state)
    return state if len(kept) == len(state.lights) else replace(state, lights=kept)


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
