"""The CLI's actions (`tracker do NAME ACTION ...`), contributed by each area.

Each module lists its actions declaratively (``Action`` and ``arg``); this
registry has one line per area, and cli.py builds its parser from it.
"""

from __future__ import annotations

from . import campaign, party, dungeon, lights, effects, supplies, bastion, travel, history
from .spec import Action, Usage, arg, ints

GROUPS = (campaign, party, dungeon, lights, effects, supplies, bastion, travel, history)
ACTIONS: dict[str, Action] = {a.name: a for g in GROUPS for a in g.ACTIONS}

__all__ = ["ACTIONS", "Action", "Usage", "arg", "ints"]
