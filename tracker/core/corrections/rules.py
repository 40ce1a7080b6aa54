"""Correcting the past: amending an entry, inserting a forgotten one, rewinding.

A correction is a new entry naming the entry it corrects; the events it holds
stand in for that entry when the log is replayed, and everything after it is
recomputed (the engine refolds; see ``engine.step``). The corrections in force
are part of the state, so undoing a correction, or rewinding past it, simply
restores the state without it.
"""

from __future__ import annotations

import re
import typing
from typing import Annotated, Callable, NamedTuple

import msgspec
from msgspec import Meta

from .. import dice as dicemod
from ..dice import Roll
from ..errors import Refused
from ..limits import Seq, friendly
from ..events import EVENT_TYPES, Event, decode, encode, event
from ..handlers import Command, decides
from ..state import State
from .model import Raw

UNCORRECTABLE = {"campaign_created", "undone", "redone", "entry_corrected", "rewound",
                 "ruleset_changed"}

# -- what areas teach corrections ------------------------------------------------------

REROLLERS: dict[type, Callable] = {}


def rerolls(event_type: type):
    """Register ``fn(state, event, dice) -> event``: the entry rolled again from
    the dice the GM retypes, for an event whose later dice depend on its first
    (a quiet check typed into an encounter needs surprise and distance too).
    Subclasses of ``event_type`` are rolled again the same way."""

    def register(fn):
        REROLLERS[event_type] = fn
        return fn
    return register


def reroller(ev: Event) -> Callable | None:
    return next((REROLLERS[t] for t in type(ev).__mro__ if t in REROLLERS), None)


CHOICES: dict[tuple[type, str], Callable[[State], list[str]]] = {}


def offers_choices(event_type: type, field: str):
    """Register ``fn(state) -> values``: the only values ``field`` of
    ``event_type`` may take under the state's ruleset (a turn's activity), so
    a correction offers them instead of asking for text."""

    def register(fn):
        CHOICES[(event_type, field)] = fn
        return fn
    return register


def field_choices(state: State, ev: Event, field: str) -> list[str] | None:
    """The values the GM may choose for ``field`` of ``ev`` under the rules of
    ``state`` (the entry's own moment), or None where it is typed: an area's
    list, or yes and no for a flag."""
    fn = next((CHOICES[(t, field)] for t in type(ev).__mro__ if (t, field) in CHOICES), None)
    if fn is not None:
        return list(fn(state))
    return ["yes", "no"] if isinstance(getattr(ev, field, None), bool) else None


class Insert(NamedTuple):
    label: str  # "a forgotten turn"
    options: Callable[[State], list[str]]  # what the GM may insert, e.g. the activities
    make: Callable[[State, str], Event]  # the event for the chosen option (may refuse)


INSERTS: dict[str, Insert] = {}


def insertable(kind: str, label: str, options: Callable[[State], list[str]]):
    """Register ``make(state, option) -> event``: an entry of ``kind`` the GM may
    insert after an earlier one (``amend --insert-turn rest``)."""

    def register(make):
        if kind in INSERTS:
            raise RuntimeError(f"two areas insert {kind!r}")
        INSERTS[kind] = Insert(label, options, make)
        return make
    return register


def inserted(state: State, kind: str, option: str) -> Event:
    """The event an insertion of ``kind`` stands for, refused if it is unknown."""
    if kind not in INSERTS:
        raise Refused(f"nothing of kind {kind!r} can be inserted (only: {', '.join(INSERTS)})")
    return INSERTS[kind].make(state, option)


class CorrectEntry(Command, frozen=True):
    """Stand ``events`` in for entry ``seq`` (built by ``amended`` / ``inserted``)."""

    seq: int
    events: tuple[Raw, ...]
    note: str = ""


class Rewind(Command, frozen=True):
    """Return the campaign to how it stood right after entry ``to_seq``."""

    REDECIDE_ON_NEWER_LOG = False
    to_seq: int


@event("entry_corrected", area="history")
class EntryCorrected(Event, frozen=True):
    target: Seq
    events: Annotated[tuple[Raw, ...], Meta(min_length=1, max_length=64)]
    note: Annotated[str, Meta(max_length=10_000)] = ""


@event("rewound", area="history")
class Rewound(Event, frozen=True):
    to_seq: Seq


def raw(ev: Event) -> Raw:
    return Raw(ev.TYPE, ev.VERSION, encode(ev).decode())


def cook(r: Raw) -> Event:
    return decode(r.type, r.version, r.data)


def _replace_rolls(obj, new_dice: list[int], used: list[int]):
    """Rebuild ``obj`` with the dice of its rolls replaced, in rolled order."""
    if isinstance(obj, Roll):
        n = len(obj.dice)
        if used[0] + n > len(new_dice):
            return obj  # the rest keep their dice
        faces = tuple(new_dice[used[0]:used[0] + n])
        used[0] += n
        expr = dicemod.parse(obj.expr)
        groups = expr.groups
        sides = [g.sides for g in groups for _ in range(g.count)]
        for i, (v, s) in enumerate(zip(faces, sides)):
            if not 1 <= v <= s:
                raise Refused(f"die {used[0] - n + i + 1} ({obj.expr}): {v} is not possible "
                              f"on a d{s}")
        return Roll(obj.expr, faces, dicemod.total_of(expr, faces), True)
    if isinstance(obj, tuple):
        return tuple(_replace_rolls(x, new_dice, used) for x in obj)
    if isinstance(obj, msgspec.Struct):
        return msgspec.structs.replace(obj, **{
            f: _replace_rolls(getattr(obj, f), new_dice, used) for f in obj.__struct_fields__})
    return obj


_YES_NO = {"yes": "true", "on": "true", "no": "false", "off": "false"}


def dice_count(ev: Event) -> int:
    return sum(len(r.dice) for r in dicemod.rolls_in(ev))


def editable_fields(ev: Event) -> dict[str, object]:
    """The fields of an entry a GM may retype, with their values: not its dice
    (retyped as dice) nor lists (a correction replaces the entry instead)."""
    hints = _hints(type(ev))
    return {f: getattr(ev, f) for f in type(ev).__struct_fields__
            if not isinstance(getattr(ev, f), (Roll, tuple, list, dict))
            and "Roll" not in hints[f] and "tuple" not in hints[f]}


def _hints(cls: type) -> dict[str, str]:
    if cls not in _HINTS:  # once per event class
        _HINTS[cls] = {k: repr(v) for k, v in typing.get_type_hints(cls).items()}
    return _HINTS[cls]


_HINTS: dict[type, dict[str, str]] = {}


def amended(original: Event, dice: list[int] | None = None,
            fields: dict[str, str] | None = None) -> Event:
    """``original`` with its dice retyped (in rolled order) and simple fields set."""
    ev = original
    if dice:
        have = dice_count(ev)
        if have == 0:
            raise Refused(f"entry ({ev.TYPE}) rolled no dice to correct")
        if len(dice) > have:
            raise Refused(f"{len(dice)} dice given, but the entry rolled only {have}")
        ev = _replace_rolls(ev, list(dice), [0])
    if fields:
        data = msgspec.to_builtins(ev)
        may = editable_fields(ev)
        for key, text in fields.items():
            if key not in type(ev).__struct_fields__:
                names = ", ".join(may) or "none"
                raise Refused(f"{ev.TYPE} has no field {key!r} (fields: {names})")
            if key not in may:
                raise Refused(f"{key} holds dice or a list; correct dice with --dice")
            value = text.strip()
            now = getattr(ev, key)
            if isinstance(now, bool):
                value = _YES_NO.get(value.lower(), value)
            elif isinstance(now, int) and "int" in _hints(type(ev))[key] \
                    and not (value.isascii() and re.fullmatch(r"[+-]?[0-9]+", value)):
                # ASCII digits ("٣" and "1e3" are refused); the field's range says the rest
                raise Refused(f"{key} must be a whole number (digits 0-9), not {value[:24]!r}")
            data[key] = value
        try:  # not strict: "3" becomes 3 where the field is a number
            ev = msgspec.convert(data, type(ev), strict=False)
        except msgspec.ValidationError as e:
            raise Refused(f"the corrected entry is not valid: {friendly(e)}") from None
    if ev == original:
        raise Refused("that changes nothing in the entry")
    return ev


@decides(CorrectEntry)
def decide_correct(state: State, cmd: CorrectEntry, dice) -> list[Event]:
    if cmd.seq < 2:
        raise Refused("the campaign's first entry cannot be corrected")
    if not cmd.events:
        raise Refused("a correction needs at least one event")
    for r in cmd.events:
        if r.type not in EVENT_TYPES or r.type in UNCORRECTABLE:
            raise Refused(f"{r.type!r} cannot stand in a correction")
        try:
            cook(r)
        except (msgspec.DecodeError, msgspec.ValidationError) as e:
            raise Refused(f"bad corrected {r.type}: {friendly(e)}") from None
    return [EntryCorrected(cmd.seq, cmd.events, cmd.note)]


@decides(Rewind)
def decide_rewind(state: State, cmd: Rewind, dice) -> list[Event]:
    if cmd.to_seq < 1:
        raise Refused("rewind to an entry number of 1 or more")
    return [Rewound(cmd.to_seq)]
