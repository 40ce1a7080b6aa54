"""Effect and spell timers that expire on their own as the clock moves."""

from __future__ import annotations

from msgspec.structs import replace

from ..errors import Refused
from ...i18n import _, number
from ..limits import YEAR_SECONDS, Duration, EffectName, Id
from ..schema import seconds
from ..events import Event, event
from ..handlers import Command, decides, evolves
from ..state import State
from ..validity import holds_for
from .model import Effect
from ..timeflow import on_time


class StartEffect(Command, frozen=True):
    name: str
    seconds: int
    unit: str = ""  # as the GM gave the duration ("turns"), to say a limit in it


LONGEST = Duration.__metadata__[0].le  # seconds: the limit the event checks


class EndEffect(Command, frozen=True):
    id: int


@event("effect_started", area="dungeon")
class EffectStarted(Event, frozen=True):
    name: EffectName
    seconds: Duration


@event("effect_ended", area="dungeon")
class EffectEnded(Event, frozen=True):
    id: Id


@decides(StartEffect)
def decide_start(state: State, cmd: StartEffect, dice) -> list[Event]:
    name = cmd.name.strip()
    if name and cmd.seconds > LONGEST:  # said in the unit the GM typed
        raise Refused(_too_long(state, cmd))
    ev = EffectStarted(name, cmd.seconds)
    started_holds(state, ev)
    return [ev]


@holds_for(EffectStarted)
def started_holds(state: State, ev: EffectStarted) -> None:
    """``effect``: a name, and a time above 0 and within the longest."""
    if not ev.name.strip():
        raise Refused(_("an effect needs a name"))
    if ev.seconds <= 0:
        raise Refused(_("an effect must last a positive time"))
    if ev.seconds > LONGEST:
        raise Refused(_too_long(state, StartEffect(ev.name, ev.seconds)))


def _too_long(state: State, cmd: StartEffect) -> str:
    """The limit in the unit the GM typed (turns by default), not in seconds."""
    unit = cmd.unit or "turns"
    per = seconds(state.rules, f"1 {unit}")
    # the unit is as the GM typed it (the CLI's --unit), a word of the ruleset's time
    if cmd.unit:
        return _("{asked} is too long: an effect lasts at most {most} ({years} years)").format(
            asked=f"{number(cmd.seconds // per)} {unit}", most=f"{number(LONGEST // per)} {unit}",
            years=LONGEST // YEAR_SECONDS)
    return _("that is too long: an effect lasts at most {most} ({years} years)").format(
        most=f"{number(LONGEST // per)} {unit}", years=LONGEST // YEAR_SECONDS)


@decides(EndEffect)
def decide_end(state: State, cmd: EndEffect, dice) -> list[Event]:
    ev = EffectEnded(cmd.id)
    ended_holds(state, ev)
    return [ev]


@holds_for(EffectEnded)
def ended_holds(state: State, ev: EffectEnded) -> None:
    if not any(e.id == ev.id for e in state.effects):
        raise Refused(_("there is no running effect #{id}").format(id=ev.id))


@evolves(EffectStarted)
def evolve_started(state: State, ev: EffectStarted) -> State:
    eff = Effect(state.next_id, ev.name, state.clock, state.clock + ev.seconds)
    return replace(state, effects=state.effects + (eff,), next_id=state.next_id + 1)


@evolves(EffectEnded)
def evolve_ended(state: State, ev: EffectEnded) -> State:
    return replace(state, effects=tuple(e for e in state.effects if e.id != ev.id))


def _first_end(effects: tuple[Effect, ...], rules) -> int | None:
    return min((e.ends for e in effects), default=None)


# passing time changes no effect until the first one's end comes (``due``)
@on_time(when="effects", due=_first_end)
def _expire(state: State, elapsed: int, clock: int, burning: bool, changes: dict) -> None:
    effects = changes.get("effects", state.effects)
    if effects:
        changes["effects"] = expire(effects, clock)


def expire(effects: tuple[Effect, ...], clock: int) -> tuple[Effect, ...]:
    if not effects or all(e.ends > clock for e in effects):
        return effects
    return tuple(e for e in effects if e.ends > clock)
