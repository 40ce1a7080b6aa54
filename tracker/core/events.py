"""Event types, their schema versions, the envelope and the upcaster chain.

Each area module declares its events with ``@event("name", version)``. Stored
events carry their version; an older one is upgraded on read by the chain
``UPCASTERS[(name, v)]`` (v -> v+1), never rewritten in the file.
"""

from __future__ import annotations

import sys
import typing
from typing import Any, Callable

import msgspec

from ..i18n import _
from .errors import Refused, WrittenByNewer


class Event(msgspec.Struct, frozen=True, omit_defaults=True, gc=False):  # no cycles: see state.py
    """Base of every event: a fact, named in the past tense."""

    TYPE = ""
    VERSION = 1
    AREA = ""

    def names(self) -> tuple[str, ...]:
        """The characters this event names, found from its typed fields
        (``CharacterName`` and ``Carrier`` in core/limits.py)."""
        return tuple(n for f in _name_fields(type(self))
                     for n in _as_names(getattr(self, f)))


class Envelope(msgspec.Struct, frozen=True, gc=False):
    """An event as stored: its place in the log and its decoded payload."""

    seq: int
    type: str
    version: int
    event: Event
    command_id: str
    session: int
    recorded_at: str


EVENT_TYPES: dict[str, type[Event]] = {}
DESCRIBERS: dict[type, Callable[[Event, Any], str]] = {}  # event class -> its log line
DESCRIBED_WITH_STATE: set[type] = set()  # their describers take the state too
DESCRIBED_WITH_BEFORE: set[type] = set()  # ...and the state just before the entry
UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}
_DECODERS: dict[str, msgspec.json.Decoder] = {}
_ENCODER = msgspec.json.Encoder()
LOG_AREAS: dict[str, str] = {}  # log area (the log's --area) -> the file that declared it first


def declare_log_area(name: str, *, by: str) -> None:
    """Let events be filed under the log area ``name`` (an area's declaration
    does this for its own; the engine for the history of undo and redo)."""
    LOG_AREAS.setdefault(name, by)


def event(name: str, version: int = 1, *, area: str):
    """Register an event class under its stored type name and current version;
    ``area`` is where the log files it (party, dungeon, session, ...)."""

    def register(cls: type[Event]) -> type[Event]:
        if name in EVENT_TYPES:
            raise RuntimeError(f"event type {name!r} registered twice")
        if area not in LOG_AREAS:
            where = getattr(sys.modules.get(cls.__module__), "__file__", cls.__module__)
            raise RuntimeError(
                f"{where}: event {name!r} ({cls.__name__}) is filed under the log area "
                f"{area!r}, which no area declares (declared: {', '.join(sorted(LOG_AREAS))}); "
                f"a misspelling, or a missing logs=(...) in the area's declaration")
        cls.TYPE = name
        cls.VERSION = version
        cls.AREA = area
        EVENT_TYPES[name] = cls
        _DECODERS[name] = msgspec.json.Decoder(cls)
        return cls

    return register


def describes(event_type: type, *, with_state: bool = False, with_before: bool = False):
    """Register how ``event_type`` reads in the log: ``fn(event, rules) -> str``;
    ``with_state``: ``fn(event, rules, state)``, ``state`` as it stood just
    after the entry or None where it is not at hand (to name a light by its
    carrier, say, where the event holds only its id); ``with_before``:
    ``fn(event, rules, state, before)``, ``before`` the state just before the
    entry, or None (a modifier the line derives from how things stood)."""

    def register(fn):
        if event_type in DESCRIBERS:
            raise RuntimeError(f"{event_type.__name__} described twice")
        DESCRIBERS[event_type] = fn
        if with_state or with_before:
            DESCRIBED_WITH_STATE.add(event_type)
        if with_before:
            DESCRIBED_WITH_BEFORE.add(event_type)
        return fn

    return register


def upcaster(name: str, from_version: int):
    """Register a function that upgrades ``name`` data from ``from_version`` by one."""

    def register(fn):
        UPCASTERS[(name, from_version)] = fn
        return fn

    return register


def fields_added(name: str, version: int, **old: Any) -> None:
    """``name``'s ``version`` added fields whose default is a new behaviour:
    an entry of ``version - 1`` reads with the values ``old`` that keep the
    meaning it was written with. Such a flag says how an entry was written,
    not what happened at the table: it is the tracker's own (``kept_by_tracker``)."""
    UPCASTERS[(name, version - 1)] = lambda data: {**old, **data}
    _ADDED[(name, version - 1)] = old  # read without the dict: see decode
    kept_by_tracker(name, *old)


def facts_added(name: str, version: int, **old: Any) -> None:
    """``name``'s ``version`` added fields the GM enters, not flags (what was
    chosen for a facility when it was built): an entry of ``version - 1`` reads
    with ``old`` ("nothing was said"), as ``fields_added`` reads it, but the
    field stays the GM's to correct (``amend --set chosen=herb``), where a
    flag of ``fields_added`` is the tracker's own."""
    UPCASTERS[(name, version - 1)] = lambda data: {**old, **data}
    _FACTS_ADDED[(name, version - 1)] = old


# event type -> its fields the tracker keeps, not the GM's facts (gm-review3 R7)
KEPT_BY_TRACKER: dict[str, frozenset[str]] = {}


def kept_by_tracker(name: str, *fields: str) -> None:
    """``fields`` of event ``name`` are the tracker's own bookkeeping, not facts
    the GM entered: a version flag (``fields_added`` marks those) or a value the
    decision derived from the state (the hour a stage began). A correction
    neither offers nor sets them: the GM corrects the facts, and replay derives
    the rest."""
    KEPT_BY_TRACKER[name] = KEPT_BY_TRACKER.get(name, frozenset()) | frozenset(fields)


# event type -> {a field the tracker derives from the state: the flag saying it still does}
DERIVED_UNTIL_SET: dict[str, dict[str, str]] = {}


def derived_until_set(name: str, field: str, flag: str) -> None:
    """``field`` of event ``name`` is a value the decision derived from the
    state (the navigator's Wisdom modifier) while ``flag`` (a bool field, the
    tracker's own) is true: a correction of an earlier entry may derive it
    again (the navigator corrected). The GM's own value (``amend --set
    field=...``) clears ``flag`` (``amend.amended``), and is kept from then on.
    Entries written before the flag read with it false: their value may be
    the GM's."""
    DERIVED_UNTIL_SET.setdefault(name, {})[field] = flag
    kept_by_tracker(name, flag)


_ADDED: dict[tuple[str, int], dict[str, Any]] = {}  # (name, version) -> fields it lacks
_FACTS_ADDED: dict[tuple[str, int], dict[str, Any]] = {}  # the same, for ``facts_added``


class UnknownEvent(Refused):
    pass


class NewerEvent(UnknownEvent, WrittenByNewer):
    """An event type or version a later tracker wrote (types are never removed)."""


def encode(ev: Event) -> bytes:
    return _ENCODER.encode(ev)


def decode(type_name: str, version: int, data: bytes | str) -> Event:
    """Decode stored data into the current event class, upcasting old versions."""
    cls = EVENT_TYPES.get(type_name)
    if cls is None:
        raise NewerEvent(_("an entry of a kind this tracker does not know ({type}), written "
                           "by a newer tracker: upgrade to open it").format(type=repr(type_name)))
    if version == cls.VERSION:
        return _DECODERS[type_name].decode(data)
    if version > cls.VERSION:
        raise NewerEvent(
            _("event {type} version {version}, written by a newer tracker (this one reads up to "
              "version {known}): upgrade to open it").format(type=repr(type_name),
                                                             version=version, known=cls.VERSION))
    if version == cls.VERSION - 1 and (old := _ADDED.get(
            (type_name, version), _FACTS_ADDED.get((type_name, version)))) is not None:
        # only fields added since: today's decoder, then their old values (a
        # replay of an old campaign pays no dict round trip per entry)
        return msgspec.structs.replace(_DECODERS[type_name].decode(data), **old)
    raw = msgspec.json.decode(data)
    for v in range(version, cls.VERSION):
        step = UPCASTERS.get((type_name, v))
        if step is None:
            raise UnknownEvent(_("no upcaster for {type} version {version}").format(
                type=repr(type_name), version=v))
        raw = step(raw)
    return msgspec.convert(raw, cls)


def current_decoder(type_name: str, version: int) -> Callable[[bytes | str], Event]:
    """``decode`` for entries of one type and version: the decoder itself
    where the version is current, else ``decode`` (which upcasts or refuses)."""
    cls = EVENT_TYPES.get(type_name)
    if cls is not None and version == cls.VERSION:
        return _DECODERS[type_name].decode
    return lambda data: decode(type_name, version, data)


def as_dict(ev: Event) -> dict[str, Any]:
    return msgspec.to_builtins(ev)


_NAME_FIELDS: dict[type, tuple[str, ...]] = {}


def _name_fields(cls: type) -> tuple[str, ...]:
    found = _NAME_FIELDS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls, include_extras=True)
        found = _NAME_FIELDS[cls] = tuple(f for f in cls.__struct_fields__
                                          if _holds_names(hints[f]))
    return found


def _holds_names(hint) -> bool:
    """A name type, or a tuple of them (constraints on the tuple aside)."""
    from .limits import NAME_TYPES  # the types that hold a character's name

    if hint in NAME_TYPES:
        return True
    if typing.get_origin(hint) is typing.Annotated:  # e.g. a tuple with a minimum length
        return _holds_names(typing.get_args(hint)[0])
    return typing.get_origin(hint) is tuple and typing.get_args(hint)[:1] in \
        [(t,) for t in NAME_TYPES]


def _as_names(value) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,) if value else ()
    return tuple(v for v in value if isinstance(v, str) and v)
