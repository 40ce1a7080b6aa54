"""Corrections' part of the state: the events standing in for corrected entries."""

from __future__ import annotations

import msgspec

from ..parts import state_part


class Raw(msgspec.Struct, frozen=True, gc=False):
    """An event as stored (type, schema version, JSON data), kept undecoded."""

    type: str
    version: int
    data: str


state_part("corrections", dict[int, tuple[Raw, ...]], {})  # entry seq -> its stand-ins
