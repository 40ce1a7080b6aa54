"""Hiring and paying retainers; each new day adds a day's wage owed."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta
from msgspec.structs import replace

from ..clock import days_begun
from ..errors import Refused
from ..events import Event, event
from ..handlers import Command, decides, evolves
from ..limits import CharacterName
from ..state import State
from ..timeflow import on_time
from .model import Retainer

Wage = Annotated[int, Meta(ge=1, le=1000)]


class Hire(Command, frozen=True):
    name: str
    wage: int


class PayWages(Command, frozen=True):
    name: str


@event("retainer_hired", area="retainers")
class RetainerHired(Event, frozen=True):
    name: CharacterName
    wage: Wage


@event("wages_paid", area="retainers")
class WagesPaid(Event, frozen=True):
    name: CharacterName


def _find(state: State, name: str) -> Retainer:
    for r in state.retainers:
        if r.name == name:
            return r
    raise Refused(f"no retainer is called {name!r}")


@decides(Hire)
def _hire(state: State, cmd: Hire, dice) -> list[Event]:
    if not 1 <= cmd.wage <= 1000:
        raise Refused("a wage is 1 to 1000 gold a day")
    if any(r.name == cmd.name for r in state.retainers):
        raise Refused(f"{cmd.name} is hired already")
    return [RetainerHired(cmd.name, cmd.wage)]


@decides(PayWages)
def _pay(state: State, cmd: PayWages, dice) -> list[Event]:
    if not _find(state, cmd.name).owed_days:
        raise Refused(f"{cmd.name} is owed nothing")
    return [WagesPaid(cmd.name)]


@evolves(RetainerHired)
def _hired(state: State, ev: RetainerHired) -> State:
    return replace(state, retainers=state.retainers + (Retainer(ev.name, ev.wage),))


@evolves(WagesPaid)
def _paid(state: State, ev: WagesPaid) -> State:
    return replace(state, retainers=tuple(replace(r, owed_days=0) if r.name == ev.name else r
                                          for r in state.retainers))


@on_time(when="retainers", daily=True)
def _wages_fall_due(state: State, elapsed: int, clock: int, burning: bool, changes: dict) -> None:
    days = days_begun(state.rules, state.clock, clock)
    retainers = changes.get("retainers", state.retainers)
    changes["retainers"] = tuple(replace(r, owed_days=r.owed_days + days) for r in retainers)
