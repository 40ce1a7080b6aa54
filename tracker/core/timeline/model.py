"""The timeline's part of the state: the events standing in for corrected
entries (``state.py`` puts it after every area's part)."""

from __future__ import annotations

import msgspec


class Raw(msgspec.Struct, frozen=True, gc=False):
    """An event as stored (type, schema version, JSON data), kept undecoded."""

    type: str
    version: int
    data: str


# the corrections in force: entry seq -> the events standing in for it
STATE_FIELDS = [("corrections", dict[int, tuple[Raw, ...]], {})]
