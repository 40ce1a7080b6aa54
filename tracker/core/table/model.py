"""The table's part of the state: the entries the GM revealed to the players
and how the players' view shows hit points."""

from __future__ import annotations

import msgspec

from ..parts import state_part


class TableState(msgspec.Struct, frozen=True, gc=False):
    told: frozenset[int] = frozenset()  # seqs of entries revealed to the table
    hp: str = "bands"  # "bands" ("wounded") or "exact" (5/7): core/players.py HP_SHOWN


state_part("table", TableState, TableState())
