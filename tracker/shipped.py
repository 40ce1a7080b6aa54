"""Today's shipped rulesets by id, read once each: where an old campaign's
recorded ruleset finds the names it has no translation of (``core/terms.py``,
``use_shipped``; docs/i18n.md "Old campaigns"). The core reads no files, so
this layer hands it the lookup."""

from __future__ import annotations

from functools import lru_cache

from .core.errors import Refused
from .core.ruleset import load_cached
from .store import paths


def ruleset(ruleset_id: str):
    """The shipped ruleset whose id is ``ruleset_id`` (its checked rules), or
    None: none ships by that id, or its file does not read."""
    return _read(str(paths.rulesets_dir()), ruleset_id)


@lru_cache(maxsize=16)
def _read(folder: str, ruleset_id: str):
    path = paths.list_rulesets().get(ruleset_id)  # by the files' names: no path from the text
    if path is None:
        return None
    try:
        rules = load_cached(paths.read_ruleset_file(path)).rules
    except (OSError, Refused):  # a RulesetError is a Refused
        return None
    return rules if rules.meta.id == ruleset_id else None
