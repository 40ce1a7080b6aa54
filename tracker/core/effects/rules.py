"""Effect and spell timers that expire on their own as the clock moves."""

from __future__ import annotations

from msgspec.structs import replace

from ..errors import Refused
from ...i18n import _, number
from ..limits import YEAR_SECONDS, Duration, EffectName, Id
from ..schema import seconds
from ..events import Event, event, kept_by_tracker, upcaster
from .. import dice as dicemod
from ..dice import Roll
from ..schema import duration_parts
from ..timeline.hooks import refits, rerolls
from ..handlers import Command, decides, evolves
from ..state import State
from ..validity import holds_for
from .model import Effect
from ..timeflow import on_time


class StartEffect(Command, frozen=True):
    name: str
    seconds: int
    unit: str = ""  # the unit the GM gave the duration in ("turn"), to say it in
    count: int = 0  # how many of the unit, where typed as a number
    dice: str = ""  # a dice expression ("4d4") rolled for the count instead


def effect_from(rules, name: str, text: str) -> StartEffect:
    """An effect's duration as the GM types it: "6 turns", or rolled, "4d4 turns"."""
    amount, unit = duration_parts(text)
    if amount.isdigit() and len(amount) <= 9:
        return StartEffect(name, int(amount) * seconds(rules, f"1 {unit}"), unit, int(amount))
    if amount.isdigit():
        seconds(rules, text)  # refused as too many digits
    dicemod.parse(amount)  # refused here when not dice
    return StartEffect(name, 0, unit, dice=amount)


LONGEST = Duration.__metadata__[0].le  # seconds: the limit the event checks


class EndEffect(Command, frozen=True):
    id: int


@event("effect_started", version=2, area="dungeon")
class EffectStarted(Event, frozen=True):
    name: EffectName
    seconds: Duration
    unit: str = ""  # version 2: the unit the GM gave ("turn"), said in it; "" as before
    count: int = 0  # version 2: how many of the unit
    roll: Roll | None = None  # version 2: the dice rolled for the count


@upcaster("effect_started", 1)
def _effect_started_v1(data: dict) -> dict:
    """Version 1 kept only the seconds: it reads as before, with no dice to retype."""
    return data


@event("effect_ended", area="dungeon")
class EffectEnded(Event, frozen=True):
    id: Id


@decides(StartEffect)
def decide_start(state: State, cmd: StartEffect, dice) -> list[Event]:
    name = cmd.name.strip()
    if cmd.dice:
        started_holds(state, EffectStarted(name, 1))  # before rolling
        return [_rolled(state, EffectStarted(name, 1, cmd.unit), cmd.dice, dice)]
    if name and cmd.seconds > LONGEST:  # said in the unit the GM typed
        raise Refused(_too_long(state, cmd))
    ev = EffectStarted(name, cmd.seconds, cmd.unit if cmd.count else "", cmd.count)
    started_holds(state, ev)
    return [ev]


def _rolled(state: State, ev: EffectStarted, expr: str, dice) -> EffectStarted:
    """The effect lasting the dice's total in its unit (B/X Sleep: 4d4 turns)."""
    roll = dicemod.roll(expr, dice, _("{name}: duration").format(name=ev.name))
    if roll.total <= 0:
        raise Refused(_("{dice} came to {total}: the effect would not last").format(
            dice=expr, total=roll.total))
    per = seconds(state.rules, f"1 {ev.unit}")
    if roll.total * per > LONGEST:
        raise Refused(_too_long(state, StartEffect(ev.name, roll.total * per, ev.unit)))
    return replace(ev, seconds=roll.total * per, count=roll.total, roll=roll)


# the unit and count say the GM's duration; a correction sets its seconds (refit below)
kept_by_tracker("effect_started", "unit", "count")


@refits(EffectStarted)
def effect_refit(state: State, was: EffectStarted, now: EffectStarted, dice):
    """Seconds corrected (``--set seconds=``): said in the unit given where they
    are a whole number of it, else as a span; the dice no longer tell them."""
    if now.seconds == was.seconds or not was.unit or now.seconds <= 0:
        return None
    per = seconds(state.rules, f"1 {was.unit}")
    if now.seconds % per:
        return replace(now, unit="", count=0, roll=None)
    return replace(now, count=now.seconds // per, roll=None)


@rerolls(EffectStarted)
def effect_rerolled(state: State, ev: EffectStarted, dice) -> EffectStarted:
    """A rolled duration rolled again from retyped dice: it lasts their total."""
    if ev.roll is None:
        raise Refused(_("that effect's duration was typed, not rolled: correct its time"))
    return _rolled(state, ev, ev.roll.expr, dice)


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
    unit = cmd.unit or "turn"
    per = seconds(state.rules, f"1 {unit}")
    # the unit is as the GM typed it (the CLI's --turns), a word of the ruleset's time
    if cmd.unit:
        return _("{asked} is too long: an effect lasts at most {most} ({years} years)").format(
            asked=_counted(unit, cmd.seconds // per), most=_counted(unit, LONGEST // per),
            years=LONGEST // YEAR_SECONDS)
    return _("that is too long: an effect lasts at most {most} ({years} years)").format(
        most=_counted(unit, LONGEST // per), years=LONGEST // YEAR_SECONDS)


def _counted(unit: str, n: int) -> str:
    from ..clock import counted
    return counted(unit, n).replace(str(n), number(n), 1)


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
