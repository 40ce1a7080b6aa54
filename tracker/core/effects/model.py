"""The effects' part of the state: spells and conditions running on the clock."""

from __future__ import annotations

import msgspec

from ..parts import state_part


class Effect(msgspec.Struct, frozen=True, gc=False):
    id: int
    name: str
    started: int  # clock seconds
    ends: int


state_part("effects", tuple[Effect, ...], ())
