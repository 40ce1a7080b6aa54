"""The campaign's state: an immutable msgspec Struct, replaced whole, never mutated.

Its campaign-wide fields are here; each area adds its own part in its
``model.py`` (``parts.state_part``), and ``State`` is put together from them,
in the areas' fold order, when this module loads; the timeline's (the
corrections in force) comes last.

``gc=False``: a state is a tree built bottom-up and never refers back to
itself, so it cannot be part of a reference cycle; leaving it out of the
cyclic garbage collector makes replay about 15% faster (docs/performance.md)."""

from __future__ import annotations

from operator import attrgetter

import msgspec

from .parts import STATE_PARTS
from .ruleset import LoadedRuleset  # loads every area's model first
from .timeline.model import STATE_FIELDS as TIMELINE_FIELDS


# The wording of the English messages a state keeps for text made when shown (a
# bastion turn's lines: bastion/said.py). Bump it when one is renamed: a snapshot
# keeps the old msgid, which no catalog has any more, so snapshots of another
# wording are passed over and rebuilt by replay (store/sqlite.snapshot_engine).
# 2: English's own singular and plural for "{n} defender(s) recruited" and the rest.
KEPT_WORDING = 2


class CommandRef(msgspec.Struct, frozen=True, gc=False, array_like=True):
    """A command's place in the log: enough for undo and redo by time travel.
    Only states hold it (never an event), so only snapshots write it: as an
    array, smaller and quicker to decode (a redo stack of 1,000 undos)."""

    id: str
    first_seq: int
    last_seq: int
    label: str


_CAMPAIGN = [
    ("ruleset", LoadedRuleset),
    ("name", str, ""),
    ("seed", int, 0),
    ("manual_dice", bool, False),
    ("language", str, ""),  # set by the GM (language_set); "": the ruleset's own
    ("clock", int, 0),  # seconds since the campaign began
    ("session", int, 0),
    ("in_session", bool, False),
    ("notes", int, 0),
    ("next_id", int, 1),  # the next id for a light, an effect, ...
    ("last_done", CommandRef | None, None),  # what undo would take back
    ("redo", tuple[CommandRef, ...], ()),
]

State = msgspec.defstruct(
    "State", _CAMPAIGN + [tuple(p) for p in STATE_PARTS] + TIMELINE_FIELDS,
    module=__name__, frozen=True, gc=False, kw_only=True,
    # attrgetter, not a lambda: the evolvers ask for it several times an entry,
    # and a getter in C costs no Python frame (issue 22)
    namespace={"rules": property(attrgetter("ruleset.rules"),
                                 doc="The ruleset in force (house rules included)."),
               "language_in_force": property(
                   lambda self: self.language or self.ruleset.rules.meta.language or "en",
                   doc="The campaign's language: the GM's choice, else its ruleset's, "
                       "else English (every campaign from before issue 23).")},
)
State.__doc__ = "The whole campaign at one point of its log: the campaign's fields and each area's part."
