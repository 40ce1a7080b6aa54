"""The retainers' part of the state."""

from __future__ import annotations

import msgspec

from ..parts import state_part


class Retainer(msgspec.Struct, frozen=True, gc=False):
    name: str
    wage: int  # gold a day
    owed_days: int = 0


state_part("retainers", tuple[Retainer, ...], ())
