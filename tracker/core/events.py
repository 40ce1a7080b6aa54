"""Event types, their schema versions, the envelope and the upcaster chain.

Each area module declares its events with ``@event("name", version)``. Stored
events carry their version; an older one is upgraded on read by the chain
``UPCASTERS[(name, v)]`` (v -> v+1), never rewritten in the file.
"""

from __future__ import annotations

from typing import Any, Callable

import msgspec

from .errors import Refused


class Event(msgspec.Struct, frozen=True, omit_defaults=True):
    """Base of every event: a fact, named in the past tense."""

    TYPE = ""
    VERSION = 1


class Envelope(msgspec.Struct, frozen=True):
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
UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}
_DECODERS: dict[str, msgspec.json.Decoder] = {}
_ENCODER = msgspec.json.Encoder()


def event(name: str, version: int = 1):
    """Register an event class under its stored type name and current version."""

    def register(cls: type[Event]) -> type[Event]:
        if name in EVENT_TYPES:
            raise RuntimeError(f"event type {name!r} registered twice")
        cls.TYPE = name
        cls.VERSION = version
        EVENT_TYPES[name] = cls
        _DECODERS[name] = msgspec.json.Decoder(cls)
        return cls

    return register


def describes(event_type: type):
    """Register how ``event_type`` reads in the log: ``fn(event, rules) -> str``."""

    def register(fn):
        if event_type in DESCRIBERS:
            raise RuntimeError(f"{event_type.__name__} described twice")
        DESCRIBERS[event_type] = fn
        return fn

    return register


def upcaster(name: str, from_version: int):
    """Register a function that upgrades ``name`` data from ``from_version`` by one."""

    def register(fn):
        UPCASTERS[(name, from_version)] = fn
        return fn

    return register


class UnknownEvent(Refused):
    pass


def encode(ev: Event) -> bytes:
    return _ENCODER.encode(ev)


def decode(type_name: str, version: int, data: bytes | str) -> Event:
    """Decode stored data into the current event class, upcasting old versions."""
    cls = EVENT_TYPES.get(type_name)
    if cls is None:
        raise UnknownEvent(f"unknown event type {type_name!r}")
    if version == cls.VERSION:
        return _DECODERS[type_name].decode(data)
    if version > cls.VERSION:
        raise UnknownEvent(
            f"event {type_name!r} version {version} is newer than this tracker "
            f"understands (version {cls.VERSION}); upgrade tracker"
        )
    raw = msgspec.json.decode(data)
    for v in range(version, cls.VERSION):
        step = UPCASTERS.get((type_name, v))
        if step is None:
            raise UnknownEvent(f"no upcaster for {type_name!r} version {v}")
        raw = step(raw)
    return msgspec.convert(raw, cls)


def as_dict(ev: Event) -> dict[str, Any]:
    return msgspec.to_builtins(ev)
