"""The range of every number and text an event may hold, and the check that
applies them wherever an event enters the log.

Events declare their fields with these types; msgspec enforces the ranges
when an event is decoded (reading the log, importing, a correction), and
``checked`` enforces them on the events a command decided, before they are
appended. A number no game needs (10^30 hit points) is refused here instead
of bricking the campaign later, when a snapshot cannot encode it.
"""

from __future__ import annotations

import re
from typing import Annotated

import msgspec
from msgspec import Meta

from ..i18n import N_, _, ngettext, number
from .errors import Refused
from .field_words import field_name

YEAR_SECONDS = 366 * 24 * 3600

Count = Annotated[int, Meta(ge=0, le=1_000_000)]  # supplies, coins of load
Amount = Annotated[int, Meta(ge=1, le=100_000)]  # damage, healing
XP = Annotated[int, Meta(ge=1, le=100_000_000)]
Level = Annotated[int, Meta(ge=1, le=99)]
Exhaustion = Annotated[int, Meta(ge=0, le=20)]
HitPoints = Annotated[int, Meta(ge=1, le=10_000)]
ArmourClass = Annotated[int, Meta(ge=-20, le=50)]
Ability = Annotated[int, Meta(ge=0, le=100)]
Depth = Annotated[int, Meta(ge=1, le=1_000)]
Modifier = Annotated[int, Meta(ge=-100, le=100)]  # a GM's bonus or penalty to a roll
Feet = Annotated[int, Meta(ge=1, le=1_000_000)]
Turns = Annotated[int, Meta(ge=1, le=1_000)]
Rounds = Annotated[int, Meta(ge=1, le=10_000)]  # combat rounds at once
Duration = Annotated[int, Meta(ge=1, le=10 * YEAR_SECONDS)]  # seconds
Id = Annotated[int, Meta(ge=1, le=1_000_000_000)]
Seq = Annotated[int, Meta(ge=1, le=1_000_000_000)]
Session = Annotated[int, Meta(ge=1, le=1_000_000)]
Seed = Annotated[int, Meta(ge=0, le=(1 << 63) - 1)]

CharacterName = Annotated[str, Meta(min_length=1, max_length=40)]
Carrier = Annotated[str, Meta(max_length=40)]  # a character's name, or "" for nobody
NAME_TYPES = (CharacterName, Carrier)  # the log finds an event's characters by these
PlaceName = Annotated[str, Meta(max_length=80)]
EffectName = Annotated[str, Meta(min_length=1, max_length=200)]
Key = Annotated[str, Meta(min_length=1, max_length=64)]  # ids from the ruleset
NoteText = Annotated[str, Meta(min_length=1, max_length=10_000)]
RulesetText = Annotated[str, Meta(max_length=2_000_000)]

_BOUND = re.compile(r"Expected `(\w+)`(?: of length)? ([<>]=) (-?\d+) - at `\$\.?(.*)`")
_TYPE = re.compile(r"Expected `(\w+)`, got `(\w+)` - at `\$\.?(.*)`")
_NOUNS = {"int": N_("a whole number"), "str": N_("text"), "bool": N_("yes or no")}


def friendly(error: msgspec.MsgspecError) -> str:
    """A validation error in words: 'hp must be at most 10000'."""
    text = str(error)
    m = _BOUND.match(text)
    if m:
        kind, op, n, where = m.groups()
        where, count, n = _where(where), int(n), number(int(n))
        if kind == "str":
            said = ngettext("{where} must be at most {n} character long",
                            "{where} must be at most {n} characters long", count) \
                if op == "<=" else ngettext("{where} must be at least {n} character long",
                                            "{where} must be at least {n} characters long", count)
        else:
            said = _("{where} must be at most {n}") if op == "<=" else \
                _("{where} must be at least {n}")
        return said.format(where=where, n=n)
    m = _TYPE.match(text)
    if m:
        kind, _got, where = m.groups()
        return _("{where} must be {kind}").format(where=_where(where),
                                                  kind=_(_NOUNS[kind]) if kind in _NOUNS
                                                  else kind)
    return text


def _where(path: str) -> str:
    """The field a validation error names, in the GM's words ("hp_max": "HP
    most"); a path within one ("rolls[0].dice") as msgspec says it."""
    if not path:
        return _("the value")
    return field_name(path) if re.fullmatch(r"[a-z_]+", path) else path


def checked(ev: msgspec.Struct) -> msgspec.Struct:
    """``ev`` if every field is in its range; else Refused saying which is not."""
    try:
        return msgspec.convert(msgspec.to_builtins(ev), type(ev))
    except msgspec.ValidationError as e:
        raise Refused(friendly(e)) from None
